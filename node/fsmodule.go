package node

import (
	"os"
	"sort"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/buffer"
)

// fsModule is require('fs'): readFile, readdir, stat, access and exists checks, with
// callbacks (completed in the poll phase, fs.go), *Sync forms and fs.promises.
func (p *Process) fsModule() goja.Value {
	rt := p.rt
	m := rt.NewObject()
	set := func(o *goja.Object, name string, v any) { _ = o.Set(name, v) }

	// callbackArgs splits (path, [options], callback).
	callbackArgs := func(c goja.FunctionCall) (string, goja.Value, goja.Value) {
		path := c.Argument(0).String()
		opts, cb := c.Argument(1), c.Argument(2)
		if _, ok := goja.AssertFunction(opts); ok {
			opts, cb = goja.Undefined(), opts
		}
		if _, ok := goja.AssertFunction(cb); !ok {
			panic(p.argTypeError("cb", "function", cb))
		}
		return path, opts, cb
	}
	// complete calls a node-style callback (err, value) from the poll phase.
	complete := func(name string, cb goja.Value, errV goja.Value, v goja.Value) {
		if errV == nil {
			errV = goja.Null()
		}
		args := []any{errV}
		if v != nil {
			args = append(args, v)
		}
		p.macrotask(name, cb, nil, rt.NewArray(args...))
	}
	// settle resolves or rejects a promise from the poll phase (a callback: its microtasks follow).
	settle := func(name string, resolve, reject func(any) error, errV, v goja.Value) {
		fn := rt.ToValue(func(goja.FunctionCall) goja.Value {
			if errV != nil {
				_ = reject(errV)
			} else {
				_ = resolve(v)
			}
			return goja.Undefined()
		})
		p.macrotask(name, fn, nil, nil)
	}

	readFile := func(path string, opts goja.Value, done func(errV, v goja.Value)) {
		enc := encodingOf(opts)
		p.readFileStages(path, func(data []byte, err error, sys string) {
			if err != nil {
				done(p.nodeError(err, sys, path), nil)
				return
			}
			done(nil, p.bytesValue(data, enc))
		})
	}
	readdir := func(path string, done func(errV, v goja.Value)) {
		var names []string
		var err error
		p.submit(func() {
			var ents []os.DirEntry
			ents, err = os.ReadDir(path)
			for _, e := range ents {
				names = append(names, e.Name())
			}
			sort.Strings(names)
		}, func() {
			if err != nil {
				done(p.nodeError(err, "scandir", path), nil)
				return
			}
			done(nil, rt.ToValue(toAnyStrings(names)))
		})
	}
	stat := func(path string, done func(errV, v goja.Value)) {
		var st os.FileInfo
		var err error
		p.submit(func() { st, err = os.Stat(path) }, func() {
			if err != nil {
				done(p.nodeError(err, "stat", path), nil)
				return
			}
			done(nil, p.statsValue(st))
		})
	}

	set(m, "readFile", func(c goja.FunctionCall) goja.Value {
		path, opts, cb := callbackArgs(c)
		readFile(path, opts, func(e, v goja.Value) { complete("fs.readFile", cb, e, v) })
		return goja.Undefined()
	})
	set(m, "readdir", func(c goja.FunctionCall) goja.Value {
		path, _, cb := callbackArgs(c)
		readdir(path, func(e, v goja.Value) { complete("fs.readdir", cb, e, v) })
		return goja.Undefined()
	})
	set(m, "stat", func(c goja.FunctionCall) goja.Value {
		path, _, cb := callbackArgs(c)
		stat(path, func(e, v goja.Value) { complete("fs.stat", cb, e, v) })
		return goja.Undefined()
	})
	set(m, "access", func(c goja.FunctionCall) goja.Value {
		path, _, cb := callbackArgs(c)
		stat(path, func(e, v goja.Value) { complete("fs.access", cb, e, nil) })
		return goja.Undefined()
	})
	set(m, "readFileSync", func(path string, opts goja.Value) goja.Value {
		data, err := os.ReadFile(path)
		if err != nil {
			panic(p.throwValue(p.nodeError(err, "open", path)))
		}
		return p.bytesValue(data, encodingOf(opts))
	})
	set(m, "readdirSync", func(path string) goja.Value {
		ents, err := os.ReadDir(path)
		if err != nil {
			panic(p.throwValue(p.nodeError(err, "scandir", path)))
		}
		names := make([]string, len(ents))
		for i, e := range ents {
			names[i] = e.Name()
		}
		sort.Strings(names)
		return rt.ToValue(toAnyStrings(names))
	})
	set(m, "statSync", func(path string) goja.Value {
		st, err := os.Stat(path)
		if err != nil {
			panic(p.throwValue(p.nodeError(err, "stat", path)))
		}
		return p.statsValue(st)
	})
	set(m, "existsSync", func(path string) bool { _, err := os.Stat(path); return err == nil })

	promises := rt.NewObject()
	promised := func(name string, start func(path string, opts goja.Value, done func(errV, v goja.Value))) {
		set(promises, name, func(c goja.FunctionCall) goja.Value {
			pr, resolve, reject := rt.NewPromise()
			start(c.Argument(0).String(), c.Argument(1), func(e, v goja.Value) { settle("fs.promises."+name, resolve, reject, e, v) })
			return rt.ToValue(pr)
		})
	}
	promised("readFile", readFile)
	promised("readdir", func(path string, _ goja.Value, done func(errV, v goja.Value)) { readdir(path, done) })
	promised("stat", func(path string, _ goja.Value, done func(errV, v goja.Value)) { stat(path, done) })
	promised("access", func(path string, _ goja.Value, done func(errV, v goja.Value)) {
		stat(path, func(e, _ goja.Value) { done(e, goja.Undefined()) })
	})
	set(m, "promises", promises)
	return m
}

func toAnyStrings(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// encodingOf reads readFile's options: "utf8" or {encoding: "utf8"}; "" means a Buffer.
func encodingOf(opts goja.Value) string {
	if opts == nil || goja.IsUndefined(opts) || goja.IsNull(opts) {
		return ""
	}
	if o, ok := opts.(*goja.Object); ok {
		e := o.Get("encoding")
		if e == nil || goja.IsUndefined(e) || goja.IsNull(e) {
			return ""
		}
		return e.String()
	}
	return opts.String()
}

func (p *Process) bytesValue(data []byte, enc string) goja.Value {
	if enc == "" {
		return buffer.WrapBytes(p.rt, data)
	}
	return buffer.EncodeBytes(p.rt, data, p.rt.ToValue(enc))
}

func (p *Process) statsValue(st os.FileInfo) goja.Value {
	o := p.rt.NewObject()
	isDir, isFile := st.IsDir(), st.Mode().IsRegular()
	_ = o.Set("size", st.Size())
	_ = o.Set("mode", int64(st.Mode().Perm()))
	ms := float64(st.ModTime().UnixNano()) / float64(time.Millisecond)
	_ = o.Set("mtimeMs", ms)
	mt, _ := p.rt.New(p.rt.Get("Date"), p.rt.ToValue(ms))
	_ = o.Set("mtime", mt)
	_ = o.Set("isDirectory", func() bool { return isDir })
	_ = o.Set("isFile", func() bool { return isFile })
	_ = o.Set("isSymbolicLink", func() bool { return false })
	return o
}

// throwValue makes a JS value throwable from a host function.
func (p *Process) throwValue(v goja.Value) any {
	if o, ok := v.(*goja.Object); ok {
		return o
	}
	return p.rt.NewGoError(nil)
}

func (p *Process) argTypeError(name, want string, got goja.Value) *goja.Object {
	e := p.rt.NewTypeError("The \"" + name + "\" argument must be of type " + want + ". Received " + p.inspect(got))
	_ = e.Set("code", "ERR_INVALID_ARG_TYPE")
	return e
}
