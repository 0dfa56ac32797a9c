package node

// fs's file-descriptor forms (node 20 lib/fs.js): open, read, write, close, each a request
// completed in the poll phase (libuv's thread pool), over a process-wide table of open
// files; fs streams (js/fs_streams.js) are made of them.

import (
	"os"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/buffer"
)

func openFlags(v goja.Value) int {
	s := "r"
	if v != nil && !goja.IsUndefined(v) && !goja.IsNull(v) {
		s = v.String()
	}
	switch s {
	case "w":
		return os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case "w+":
		return os.O_RDWR | os.O_CREATE | os.O_TRUNC
	case "a":
		return os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case "a+":
		return os.O_RDWR | os.O_CREATE | os.O_APPEND
	case "r+":
		return os.O_RDWR
	case "wx":
		return os.O_WRONLY | os.O_CREATE | os.O_EXCL
	}
	return os.O_RDONLY
}

// fsFdForms defines fs.open, fs.read, fs.write and fs.close.
func (p *Process) fsFdForms(m *goja.Object) {
	rt := p.rt
	files := map[int]*os.File{}
	callback := func(name string, cb goja.Value, args ...any) {
		p.macrotask("fs."+name, cb, nil, rt.NewArray(args...))
	}
	lastFn := func(c goja.FunctionCall) goja.Value {
		cb := c.Argument(len(c.Arguments) - 1)
		if _, ok := goja.AssertFunction(cb); !ok {
			panic(p.argTypeError("cb", "function", cb))
		}
		return cb
	}
	_ = m.Set("open", func(c goja.FunctionCall) goja.Value {
		cb := lastFn(c)
		path := c.Argument(0).String()
		flags := goja.Undefined()
		if len(c.Arguments) > 2 {
			flags = c.Argument(1)
		}
		var f *os.File
		var err error
		fl := openFlags(flags)
		p.submit(func() { f, err = os.OpenFile(path, fl, 0o666) }, func() {
			if err != nil {
				callback("open", cb, p.nodeError(err, "open", path))
				return
			}
			fd := int(f.Fd())
			files[fd] = f
			callback("open", cb, goja.Null(), fd)
		})
		return goja.Undefined()
	})
	badFd := func(fd int) goja.Value {
		e := rt.NewTypeError("EBADF: bad file descriptor")
		_ = e.Set("code", "EBADF")
		return e
	}
	_ = m.Set("read", func(c goja.FunctionCall) goja.Value {
		cb := lastFn(c)
		fd := int(c.Argument(0).ToInteger())
		bufV := c.Argument(1)
		buf := buffer.Bytes(rt, bufV)
		off, length := int(c.Argument(2).ToInteger()), int(c.Argument(3).ToInteger())
		if length <= 0 || off+length > len(buf) {
			length = len(buf) - off
		}
		f := files[fd]
		if f == nil {
			callback("read", cb, badFd(fd))
			return goja.Undefined()
		}
		tmp := make([]byte, length)
		var n int
		var err error
		p.submit(func() {
			n, err = f.Read(tmp)
			if err != nil && n == 0 && err.Error() == "EOF" {
				err = nil
			}
		}, func() {
			if err != nil {
				callback("read", cb, p.nodeError(err, "read", f.Name()))
				return
			}
			copy(buffer.Bytes(rt, bufV)[off:], tmp[:n])
			callback("read", cb, goja.Null(), n, bufV)
		})
		return goja.Undefined()
	})
	_ = m.Set("write", func(c goja.FunctionCall) goja.Value {
		cb := lastFn(c)
		fd := int(c.Argument(0).ToInteger())
		bufV := c.Argument(1)
		var data []byte
		if s, ok := bufV.Export().(string); ok {
			data = []byte(s)
		} else {
			data = append([]byte(nil), buffer.Bytes(rt, bufV)...)
		}
		f := files[fd]
		if f == nil {
			callback("write", cb, badFd(fd))
			return goja.Undefined()
		}
		var n int
		var err error
		p.submit(func() { n, err = f.Write(data) }, func() {
			if err != nil {
				callback("write", cb, p.nodeError(err, "write", f.Name()))
				return
			}
			callback("write", cb, goja.Null(), n, bufV)
		})
		return goja.Undefined()
	})
	_ = m.Set("close", func(c goja.FunctionCall) goja.Value {
		cb := c.Argument(1)
		fd := int(c.Argument(0).ToInteger())
		f := files[fd]
		delete(files, fd)
		var err error
		p.submit(func() {
			if f != nil {
				err = f.Close()
			}
		}, func() {
			if _, ok := goja.AssertFunction(cb); !ok {
				return
			}
			if f == nil {
				callback("close", cb, badFd(fd))
			} else if err != nil {
				callback("close", cb, p.nodeError(err, "close", ""))
			} else {
				callback("close", cb, goja.Null())
			}
		})
		return goja.Undefined()
	})
}
