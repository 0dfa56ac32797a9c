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
	m := p.rt.NewObject()
	p.fsCallbackForms(m)
	p.fsSyncForms(m)
	promises := p.fsPromises()
	p.fsWriteForms(m, promises)
	p.fsFdForms(m)
	_ = m.Set("promises", promises)
	return m
}

// fsDone receives a request's outcome: an error value, or the result.
type fsDone func(errV, v goja.Value)

func (p *Process) fsReadFile(path string, opts goja.Value, done fsDone) {
	enc := encodingOf(opts)
	p.readFileStages(path, func(data []byte, err error, sys string) {
		if err != nil {
			done(p.nodeError(err, sys, path), nil)
			return
		}
		done(nil, p.bytesValue(data, enc))
	})
}

func (p *Process) fsReaddir(path string, _ goja.Value, done fsDone) {
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
		done(nil, p.rt.ToValue(toAnyStrings(names)))
	})
}

func (p *Process) fsStat(path string, _ goja.Value, done fsDone) {
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

func (p *Process) fsAccess(path string, opts goja.Value, done fsDone) {
	p.fsStat(path, opts, func(e, _ goja.Value) { done(e, nil) })
}

// fsCallbackForms defines fs.readFile & co.: (path, [options], callback(err, value)), the
// callback run from the poll phase.
func (p *Process) fsCallbackForms(m *goja.Object) {
	rt := p.rt
	forms := map[string]func(string, goja.Value, fsDone){
		"readFile": p.fsReadFile, "readdir": p.fsReaddir, "stat": p.fsStat, "access": p.fsAccess,
	}
	for name, start := range forms {
		name, start := name, start
		_ = m.Set(name, func(c goja.FunctionCall) goja.Value {
			path, opts, cb := c.Argument(0).String(), c.Argument(1), c.Argument(2)
			if _, ok := goja.AssertFunction(opts); ok {
				opts, cb = goja.Undefined(), opts
			}
			if _, ok := goja.AssertFunction(cb); !ok {
				if goja.IsUndefined(cb) {
					cb = opts // node: maybeCallback(callback || options)
				}
				panic(p.argTypeError("cb", "function", cb))
			}
			start(path, opts, func(errV, v goja.Value) {
				if errV == nil {
					errV = goja.Null()
				}
				args := []any{errV}
				if v != nil {
					args = append(args, v)
				}
				p.macrotask("fs."+name, cb, nil, rt.NewArray(args...))
			})
			return goja.Undefined()
		})
	}
}

// fsSyncForms defines readFileSync, readdirSync, statSync and existsSync (on the loop).
func (p *Process) fsSyncForms(m *goja.Object) {
	rt := p.rt
	set := func(name string, v any) { _ = m.Set(name, v) }
	set("readFileSync", func(path string, opts goja.Value) goja.Value {
		data, err := os.ReadFile(path)
		if err != nil {
			panic(p.throwValue(p.nodeError(err, "open", path)))
		}
		return p.bytesValue(data, encodingOf(opts))
	})
	set("readdirSync", func(path string) goja.Value {
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
	set("statSync", func(path string) goja.Value {
		st, err := os.Stat(path)
		if err != nil {
			panic(p.throwValue(p.nodeError(err, "stat", path)))
		}
		return p.statsValue(st)
	})
	set("existsSync", func(path string) bool { _, err := os.Stat(path); return err == nil })
}

// fsPromises is fs.promises: each promise settles from the poll phase, in a callback of its
// own (its reactions run in that callback's microtasks).
func (p *Process) fsPromises() *goja.Object {
	rt := p.rt
	promises := rt.NewObject()
	forms := map[string]func(string, goja.Value, fsDone){
		"readFile": p.fsReadFile, "readdir": p.fsReaddir, "stat": p.fsStat, "access": p.fsAccess,
	}
	for name, start := range forms {
		name, start := name, start
		_ = promises.Set(name, func(c goja.FunctionCall) goja.Value {
			pr, resolve, reject := rt.NewPromise()
			start(c.Argument(0).String(), c.Argument(1), p.settleFsPromise(name, resolve, reject))
			return rt.ToValue(pr)
		})
	}
	return promises
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
	e := p.rt.NewTypeError("The \"" + name + "\" argument must be of type " + want + ". Received " + p.receivedText(got))
	_ = e.Set("code", "ERR_INVALID_ARG_TYPE")
	return e
}

// settleFsPromise is the completion of an fs.promises operation: it settles the promise
// from a callback of its own in the poll phase, as node's FSReqPromise does.
func (p *Process) settleFsPromise(name string, resolve, reject func(any) error) func(errV, v goja.Value) {
	return func(errV, v goja.Value) {
		if v == nil {
			v = goja.Undefined()
		}
		settle := p.rt.ToValue(func(goja.FunctionCall) goja.Value {
			if errV != nil {
				_ = reject(errV)
			} else {
				_ = resolve(v)
			}
			return goja.Undefined()
		})
		p.macrotask("fs.promises."+name, settle, nil, nil)
	}
}
