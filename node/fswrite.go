package node

// fs writes (node 20 lib/fs.js): writeFile and appendFile are three requests in a row as in
// node (open, write, close), mkdir, mkdtemp, rename, unlink, rmdir one each, rm a stat then
// the removal; each completes in the poll phase, with *Sync forms on the loop goroutine and
// fs.promises forms settling from a callback of their own.

import (
	"os"
	"path/filepath"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/buffer"
)

// fsOp is one write operation: its stages run off the loop one after another (each a
// request); result is the callback's value (nil: none). err and sys name a failure.
type fsOp struct {
	stages []func() error
	sys    string
	path   string
	dest   string // rename's and the like's second path, for the message
	result func() goja.Value
}

func (p *Process) fsDataBytes(v goja.Value, opts goja.Value) []byte {
	if s, ok := v.Export().(string); ok {
		enc := encodingOf(opts)
		if enc == "" || enc == "utf8" || enc == "utf-8" {
			return []byte(s)
		}
		from, _ := goja.AssertFunction(p.rt.Get("Buffer").ToObject(p.rt).Get("from"))
		b, err := from(p.rt.Get("Buffer"), v, p.rt.ToValue(enc))
		if err != nil {
			panic(err)
		}
		return buffer.Bytes(p.rt, b)
	}
	return buffer.Bytes(p.rt, v)
}

// fsWriteOp builds the operation name(args) (the callback already taken off).
func (p *Process) fsWriteOp(name string, a []goja.Value) *fsOp {
	arg := func(i int) goja.Value {
		if i < len(a) {
			return a[i]
		}
		return goja.Undefined()
	}
	path := arg(0).String()
	op := &fsOp{path: path}
	switch name {
	case "writeFile", "appendFile":
		data := p.fsDataBytes(arg(1), arg(2))
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if name == "appendFile" {
			flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		var f *os.File
		op.sys = "open"
		op.stages = []func() error{
			func() (err error) { f, err = os.OpenFile(path, flag, 0o666); return },
			func() error { op.sys = "write"; _, err := f.Write(data); return err },
			func() error { op.sys = "close"; return f.Close() },
		}
	case "mkdir":
		recursive := false
		if o, ok := arg(1).(*goja.Object); ok {
			recursive = o.Get("recursive") != nil && o.Get("recursive").ToBoolean()
		}
		op.sys = "mkdir"
		var first string
		op.stages = []func() error{func() error {
			if recursive {
				for d := path; ; d = filepath.Dir(d) {
					if _, err := os.Stat(d); err == nil || d == filepath.Dir(d) {
						break
					}
					first = d
				}
				return os.MkdirAll(path, 0o777)
			}
			return os.Mkdir(path, 0o777)
		}}
		if recursive {
			op.result = func() goja.Value {
				if first == "" {
					return goja.Undefined()
				}
				return p.rt.ToValue(first)
			}
		}
	case "mkdtemp":
		var dir string
		op.sys = "mkdtemp"
		op.path = path + "XXXXXX"
		op.stages = []func() error{func() (err error) {
			// node's prefix may end in a separator (a directory) or not (a name's start).
			prefix := filepath.Base(path + "x")
			dir, err = os.MkdirTemp(filepath.Dir(path+"x"), prefix[:len(prefix)-1]+"*")
			return
		}}
		op.result = func() goja.Value { return p.rt.ToValue(dir) }
	case "rename":
		dest := arg(1).String()
		op.sys, op.dest = "rename", dest
		op.stages = []func() error{func() error { return os.Rename(path, dest) }}
	case "unlink":
		op.sys = "unlink"
		op.stages = []func() error{func() error { return os.Remove(path) }}
	case "rmdir":
		op.sys = "rmdir"
		op.stages = []func() error{func() error { return os.Remove(path) }}
	case "rm":
		recursive, force := false, false
		if o, ok := arg(1).(*goja.Object); ok {
			recursive = o.Get("recursive") != nil && o.Get("recursive").ToBoolean()
			force = o.Get("force") != nil && o.Get("force").ToBoolean()
		}
		op.sys = "lstat"
		var isDir, missing bool
		op.stages = []func() error{
			func() error {
				st, err := os.Lstat(path)
				if err != nil {
					if force && os.IsNotExist(err) {
						missing = true
						return nil
					}
					return err
				}
				isDir = st.IsDir()
				return nil
			},
			func() error {
				if missing {
					return nil
				}
				op.sys = "rm"
				if isDir && !recursive {
					op.sys = "rmdir"
					return &os.PathError{Op: "rm", Path: path, Err: errIsDirRm}
				}
				return os.RemoveAll(path)
			},
		}
	default:
		return nil
	}
	return op
}

var errIsDirRm = os.ErrInvalid

// runFsOp runs op's stages as requests, one after another, then done (on the loop, in the
// poll phase).
func (p *Process) runFsOp(op *fsOp, done fsDone) {
	var step func(i int)
	step = func(i int) {
		if i == len(op.stages) {
			var v goja.Value
			if op.result != nil {
				v = op.result()
			}
			done(nil, v)
			return
		}
		var err error
		p.submit(func() { err = op.stages[i]() }, func() {
			if err != nil {
				done(p.fsOpError(err, op), nil)
				return
			}
			step(i + 1)
		})
	}
	step(0)
}

func (p *Process) fsOpError(err error, op *fsOp) goja.Value {
	e := p.nodeError(err, op.sys, op.path)
	if op.dest != "" {
		o := e.(*goja.Object)
		_ = o.Set("message", o.Get("message").String()+" -> '"+op.dest+"'")
		_ = o.Set("dest", op.dest)
	}
	return e
}

// fsWriteForms adds the write operations to fs (callbacks), fs (*Sync) and fs.promises.
func (p *Process) fsWriteForms(m, promises *goja.Object) {
	rt := p.rt
	for _, name := range []string{"writeFile", "appendFile", "mkdir", "mkdtemp", "rename", "unlink", "rmdir", "rm"} {
		name := name
		_ = m.Set(name, func(c goja.FunctionCall) goja.Value {
			args := c.Arguments
			if len(args) == 0 {
				panic(p.argTypeError("path", "string or an instance of Buffer or URL", goja.Undefined()))
			}
			cb := args[len(args)-1]
			if _, ok := goja.AssertFunction(cb); !ok {
				panic(p.argTypeError("cb", "function", cb))
			}
			op := p.fsWriteOp(name, args[:len(args)-1])
			p.runFsOp(op, func(errV, v goja.Value) {
				if errV == nil {
					errV = goja.Null()
				}
				cargs := []any{errV}
				if v != nil {
					cargs = append(cargs, v)
				}
				p.macrotask("fs."+name, cb, nil, rt.NewArray(cargs...))
			})
			return goja.Undefined()
		})
		_ = m.Set(name+"Sync", func(c goja.FunctionCall) goja.Value {
			op := p.fsWriteOp(name, c.Arguments)
			for _, st := range op.stages {
				if err := st(); err != nil {
					panic(p.throwValue(p.fsOpError(err, op)))
				}
			}
			if op.result != nil {
				return op.result()
			}
			return goja.Undefined()
		})
		_ = promises.Set(name, func(c goja.FunctionCall) goja.Value {
			pr, resolve, reject := rt.NewPromise()
			op := p.fsWriteOp(name, c.Arguments)
			p.runFsOp(op, p.settleFsPromise(name, resolve, reject))
			return rt.ToValue(pr)
		})
	}
}
