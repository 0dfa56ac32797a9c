package node

import (
	"errors"
	"io"
	"net"
	"os"
	"syscall"
)

// uvError is a libuv error: its errno as node reports it (negative), its name (err.code) and
// libuv's description (uv_strerror), as node's messages print them.
type uvError struct {
	errno      int
	code, desc string
}

var uvEOF = uvError{-4095, "EOF", "end of file"}

// uvErr maps a Go I/O error to libuv's error.
func uvErr(err error) uvError {
	if errors.Is(err, io.EOF) {
		return uvEOF
	}
	var en syscall.Errno
	if errors.As(err, &en) {
		return errnoError(en)
	}
	if errors.Is(err, net.ErrClosed) {
		return errnoError(syscall.ECANCELED)
	}
	if errors.Is(err, os.ErrNotExist) {
		return errnoError(syscall.ENOENT)
	}
	return errnoError(syscall.EIO)
}

// errnoError names an errno as libuv does (uv-common.c, uv_err_name and uv_strerror).
func errnoError(e syscall.Errno) uvError {
	names := map[syscall.Errno][2]string{
		syscall.EADDRINUSE:    {"EADDRINUSE", "address already in use"},
		syscall.EADDRNOTAVAIL: {"EADDRNOTAVAIL", "address not available"},
		syscall.ECONNREFUSED:  {"ECONNREFUSED", "connection refused"},
		syscall.ECONNRESET:    {"ECONNRESET", "connection reset by peer"},
		syscall.ECONNABORTED:  {"ECONNABORTED", "software caused connection abort"},
		syscall.EPIPE:         {"EPIPE", "broken pipe"},
		syscall.ENOENT:        {"ENOENT", "no such file or directory"},
		syscall.EACCES:        {"EACCES", "permission denied"},
		syscall.ETIMEDOUT:     {"ETIMEDOUT", "connection timed out"},
		syscall.ENOTCONN:      {"ENOTCONN", "socket is not connected"},
		syscall.EINVAL:        {"EINVAL", "invalid argument"},
		syscall.ECANCELED:     {"ECANCELED", "operation canceled"},
		syscall.EMFILE:        {"EMFILE", "too many open files"},
		syscall.EAGAIN:        {"EAGAIN", "resource temporarily unavailable"},
		syscall.ENETUNREACH:   {"ENETUNREACH", "network is unreachable"},
		syscall.EHOSTUNREACH:  {"EHOSTUNREACH", "host is unreachable"},
		syscall.EISDIR:        {"EISDIR", "illegal operation on a directory"},
		syscall.ENOTDIR:       {"ENOTDIR", "not a directory"},
		syscall.EPERM:         {"EPERM", "operation not permitted"},
		syscall.EIO:           {"EIO", "i/o error"},
	}
	if n, ok := names[e]; ok {
		return uvError{-int(e), n[0], n[1]}
	}
	return uvError{-int(e), "UNKNOWN", e.Error()}
}

// errnoByNumber is errnoError for node's negative errno (uv.errname).
func errnoByNumber(errno int) uvError {
	if errno == uvEOF.errno {
		return uvEOF
	}
	return errnoError(syscall.Errno(-errno))
}
