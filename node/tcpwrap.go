package node

// The JS face of a stream (node's TCPWrap / PipeWrap object as lib/net.js sees it), and
// the natives js/net.js gets: new handles, errno names, the loopback rule.

import (
	"net"
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/buffer"
)

// streamObject is the handle object js/net.js drives; it calls back its onconnection and
// onread properties, and a request's oncomplete.
func (p *Process) streamObject(s *stream) *goja.Object {
	rt := p.rt
	o := rt.NewObject()
	set := func(name string, v any) { _ = o.Set(name, v) }
	set("listen", func(host string, port int) int {
		addr := host
		if s.network == "tcp" {
			if !p.loopback(host) {
				return -int(syscall.EACCES)
			}
			addr = joinHostPort(host, port)
		}
		if err := s.listen(addr); err != nil {
			return uvErr(err).errno
		}
		return 0
	})
	set("connect", func(req *goja.Object, host string, port int) int {
		if s.network == "tcp" {
			if !p.loopback(host) {
				return -int(syscall.EACCES)
			}
			s.connect(req, "tcp", joinHostPort(host, port))
			return 0
		}
		s.connect(req, "unix", host)
		return 0
	})
	set("readStart", func() int { s.readStart(); return 0 })
	set("readStop", func() int { s.readStop(); return 0 })
	set("writeBuffer", func(req *goja.Object, data goja.Value) int {
		b := buffer.Bytes(rt, data)
		errno, async := s.writeBuffer(req, b)
		_ = req.Set("async", async)
		_ = req.Set("bytes", len(b))
		return errno
	})
	set("shutdown", func(req *goja.Object) int { return s.shutdown(req) })
	set("close", func(cb goja.Value) { s.closeHandle(cb) })
	set("ref", func() { s.ref(true) })
	set("unref", func() { s.ref(false) })
	set("hasRef", func() bool { return s.refed && !s.closing })
	set("getsockname", func() goja.Value {
		switch {
		case s.ln != nil:
			return p.sockaddr(s.ln.Addr())
		case s.conn != nil:
			return p.sockaddr(s.conn.LocalAddr())
		}
		return goja.Undefined()
	})
	set("getpeername", func() goja.Value {
		if s.conn == nil {
			return goja.Undefined()
		}
		return p.sockaddr(s.conn.RemoteAddr())
	})
	set("setNoDelay", func(on bool) int {
		if c, ok := s.conn.(*net.TCPConn); ok {
			_ = c.SetNoDelay(on)
		}
		return 0
	})
	set("setKeepAlive", func(on bool, delay float64) int {
		if c, ok := s.conn.(*net.TCPConn); ok {
			_ = c.SetKeepAlive(on)
			if on && delay > 0 {
				_ = c.SetKeepAlivePeriod(time.Duration(delay) * time.Millisecond)
			}
		}
		return 0
	})
	return o
}

// netHost is what js/net.js needs from Go.
func (p *Process) netHost() *goja.Object {
	rt := p.rt
	h := rt.NewObject()
	_ = h.Set("newHandle", func(kind string) *goja.Object {
		network := "tcp"
		if kind == "Pipe" {
			network = "unix"
		}
		return p.newStream(network, false).obj
	})
	_ = h.Set("errname", func(errno int) []any {
		e := errnoByNumber(errno)
		return []any{e.code, e.desc}
	})
	_ = h.Set("isLoopback", func(host string) bool { return p.loopback(host) })
	_ = h.Set("isIP", func(s string) int {
		ip := net.ParseIP(s)
		switch {
		case ip == nil:
			return 0
		case ip.To4() != nil:
			return 4
		}
		return 6
	})
	return h
}

// closeAllHandles frees every OS socket when the process ends (its goroutines end with them).
func (p *Process) closeAllHandles() {
	for h := range p.handles.live {
		if h.stream != nil {
			h.stream.release()
		}
	}
}

// dnsHost is what js/dns_os.js needs from Go: a lookup of 'localhost' in the thread pool
// (completed in the poll phase), the IP test, os's answers.
func (p *Process) dnsHost() *goja.Object {
	rt := p.rt
	h := rt.NewObject()
	_ = h.Set("isIP", func(s string) int {
		ip := net.ParseIP(s)
		switch {
		case ip == nil:
			return 0
		case ip.To4() != nil:
			return 4
		}
		return 6
	})
	_ = h.Set("resolve", func(name string, cb goja.Value) {
		address := ""
		p.submit(func() {
			if name == "localhost" {
				address = "127.0.0.1"
			}
		}, func() { p.callJS("GetAddrInfoReqWrap", cb, goja.Undefined(), address) })
	})
	_ = h.Set("tmpdir", func() string {
		if d := os.Getenv("TMPDIR"); d != "" {
			return strings.TrimSuffix(d, "/")
		}
		return "/tmp"
	})
	_ = h.Set("homedir", func() string { d, _ := os.UserHomeDir(); return d })
	_ = h.Set("hostname", func() string { n, _ := os.Hostname(); return n })
	_ = h.Set("cpus", func() []any {
		out := make([]any, runtime.NumCPU())
		for i := range out {
			out[i] = map[string]any{"model": "cpu", "speed": 0}
		}
		return out
	})
	return h
}
