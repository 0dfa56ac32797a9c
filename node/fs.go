package node

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"github.com/dop251/goja"
)

// File I/O as libuv does it: each request runs off the loop goroutine (libuv's thread
// pool), and its completion runs in the poll phase. fs.readFile is four requests in a row,
// as in node (open, fstat, read, close), so a readFile completes a few loop iterations
// after a stat. Read-only: readFile, readdir, stat, access and their fs.promises forms;
// the *Sync forms run on the loop goroutine.
//
// The requests and their completions are the poll phase's (poll.go).

// nodeError is an Error like node's fs errors: "ENOENT: no such file or directory, open 'x'"
// with code, errno, syscall and path.
func (p *Process) nodeError(err error, syscallName, path string) goja.Value {
	code, errno, desc := "EIO", -5, err.Error()
	var en syscall.Errno
	if errors.As(err, &en) {
		code, errno, desc = errnoName(en), -int(en), en.Error()
	} else if errors.Is(err, fs.ErrNotExist) {
		code, errno, desc = "ENOENT", -2, "no such file or directory"
	}
	msg := code + ": " + desc + ", " + syscallName + " '" + path + "'"
	e, _ := p.rt.New(p.rt.Get("Error"), p.rt.ToValue(msg))
	_ = e.Set("errno", errno)
	_ = e.Set("code", code)
	_ = e.Set("syscall", syscallName)
	_ = e.Set("path", path)
	return e
}

func errnoName(e syscall.Errno) string {
	switch e {
	case syscall.ENOENT:
		return "ENOENT"
	case syscall.EACCES:
		return "EACCES"
	case syscall.ENOTDIR:
		return "ENOTDIR"
	case syscall.EISDIR:
		return "EISDIR"
	case syscall.EMFILE:
		return "EMFILE"
	case syscall.EPERM:
		return "EPERM"
	}
	return "EIO"
}

// readFileStages reads a file in node's four requests; done gets the bytes or the error
// and the syscall that failed.
func (p *Process) readFileStages(path string, done func(data []byte, err error, sys string)) {
	var f *os.File
	var size int64
	var data []byte
	var err error
	p.submit(func() { f, err = os.Open(path) }, func() {
		if err != nil {
			done(nil, err, "open")
			return
		}
		p.submit(func() {
			var st os.FileInfo
			if st, err = f.Stat(); err == nil {
				size = st.Size()
				if st.IsDir() {
					err = syscall.EISDIR
				}
			}
		}, func() {
			if err != nil {
				f.Close()
				done(nil, err, "read")
				return
			}
			p.submit(func() {
				data = make([]byte, 0, size)
				buf := make([]byte, 64<<10)
				for {
					n, rerr := f.Read(buf)
					data = append(data, buf[:n]...)
					if rerr != nil {
						break
					}
				}
			}, func() {
				p.submit(func() { f.Close() }, func() { done(data, nil, "") })
			})
		})
	})
}
