package node

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/dop251/goja"

	"loopscope/agent"
)

// processState is the process object's state: its exit code, and whether it is exiting.
type processState struct {
	obj      *goja.Object
	exitCode int
	codeSet  bool // process.exitCode was set (it reads undefined until then)
	exiting  bool // 'exit' was emitted (or is being emitted): no more callbacks
	stopped  bool // the watchdog stopped a script: the loop ends
}

// installProcess defines the process object: an EventEmitter with nextTick, exit,
// exitCode, argv, env, platform, version(s), hrtime, memoryUsage, cwd, pid.
func (p *Process) installProcess(EventEmitter *goja.Object, nextTick goja.Value) {
	rt := p.rt
	proto := rt.NewObject()
	_ = proto.SetPrototype(EventEmitter.Get("prototype").ToObject(rt))
	obj := rt.NewObject()
	_ = obj.SetPrototype(proto)
	p.proc = &processState{obj: obj}
	if init, ok := goja.AssertFunction(EventEmitter.Get("init")); ok {
		_, _ = init(obj)
	}
	set := func(name string, v any) { _ = obj.Set(name, v) }
	set("nextTick", nextTick)
	set("argv", []any{"node", p.file})
	set("argv0", "node")
	set("execArgv", []any{})
	set("platform", runtime.GOOS)
	set("arch", map[string]string{"amd64": "x64", "386": "ia32"}[runtime.GOARCH])
	set("version", nodeVersion)
	set("versions", map[string]any{"node": strings.TrimPrefix(nodeVersion, "v"), "v8": "goja", "uv": "loopscope"})
	set("pid", os.Getpid())
	set("title", "node")
	set("release", map[string]any{"name": "node"})
	env := rt.NewObject()
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			_ = env.Set(k, v)
		}
	}
	set("env", env)
	set("cwd", func() string { d, _ := os.Getwd(); return d })
	set("uptime", func() float64 { return p.l.Now() / 1000 })
	set("hrtime", p.hrtime())
	set("memoryUsage", func() map[string]any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return map[string]any{"rss": m.Sys, "heapTotal": m.HeapSys, "heapUsed": m.HeapAlloc, "external": 0, "arrayBuffers": 0}
	})
	set("exit", func(c goja.FunctionCall) goja.Value {
		if !goja.IsUndefined(c.Argument(0)) {
			p.setExitCode(c.Argument(0))
		}
		p.exit()
		return goja.Undefined()
	})
	_ = obj.DefineAccessorProperty("exitCode", rt.ToValue(func() goja.Value {
		if !p.proc.codeSet {
			return goja.Undefined()
		}
		return rt.ToValue(p.proc.exitCode)
	}), rt.ToValue(func(c goja.FunctionCall) goja.Value {
		p.setExitCode(c.Argument(0))
		return goja.Undefined()
	}), goja.FLAG_FALSE, goja.FLAG_TRUE)
	stdout := rt.NewObject()
	_ = stdout.Set("write", func(s string) bool { fmt.Fprint(p.opts.Stdout, s); return true })
	_ = stdout.Set("isTTY", false)
	set("stdout", stdout)
	stderr := rt.NewObject()
	_ = stderr.Set("write", func(s string) bool { fmt.Fprint(p.opts.Stderr, s); return true })
	set("stderr", stderr)
	emit, _ := goja.AssertFunction(obj.Get("emit"))
	p.fn.emit = emit
	_ = rt.GlobalObject().Set("process", obj)
}

const nodeVersion = "v20.0.0-loopscope"

func (p *Process) setExitCode(v goja.Value) {
	if goja.IsUndefined(v) || goja.IsNull(v) {
		p.proc.exitCode, p.proc.codeSet = 0, false
		return
	}
	p.proc.exitCode, p.proc.codeSet = int(v.ToInteger()), true
}

// hrtime is process.hrtime([prev]) and process.hrtime.bigint(), on the page clock.
func (p *Process) hrtime() goja.Value {
	rt := p.rt
	f := rt.ToValue(func(c goja.FunctionCall) goja.Value {
		ns := int64(p.l.Now() * 1e6)
		sec, nsec := ns/1e9, ns%1e9
		if prev, ok := c.Argument(0).(*goja.Object); ok {
			ps, pn := prev.Get("0").ToInteger(), prev.Get("1").ToInteger()
			sec, nsec = sec-ps, nsec-pn
			if nsec < 0 {
				sec--
				nsec += 1e9
			}
		}
		return rt.NewArray(sec, nsec)
	}).(*goja.Object)
	_ = f.Set("bigint", func() goja.Value {
		v, _ := rt.RunString(fmt.Sprintf("%dn", int64(p.l.Now()*1e6)))
		return v
	})
	return f
}

// listenerCount is process.listenerCount(name).
func (p *Process) listenerCount(name string) int {
	f, ok := goja.AssertFunction(p.proc.obj.Get("listenerCount"))
	if !ok {
		return 0
	}
	v, err := f(p.proc.obj, p.rt.ToValue(name))
	if err != nil {
		return 0
	}
	return int(v.ToInteger())
}

// emitNested emits a process event from a host function (JS on the stack).
func (p *Process) emitNested(name string, args ...goja.Value) error {
	_, err := p.fn.emit(p.proc.obj, append([]goja.Value{p.rt.ToValue(name)}, args...)...)
	return err
}

// exit is process.exit(): 'exit' listeners run synchronously, then nothing else does.
func (p *Process) exit() {
	if !p.proc.exiting {
		p.setExiting()
		if err := p.emitNested("exit", p.rt.ToValue(p.proc.exitCode)); err != nil {
			p.printUncaught(errorValue(err))
			p.proc.exitCode = 7 // node: an exception in an 'exit' listener
		}
	}
	p.l.Halt()
}

// setExiting marks the process as emitting 'exit': process.nextTick queues nothing more
// (node's nextTick returns when process._exiting).
func (p *Process) setExiting() {
	p.proc.exiting = true
}

// fatal is an exception no JS caught (node's process._fatalException): 'uncaughtException'
// listeners get it and the loop goes on; without one it is printed on stderr, 'exit' runs
// with status 1 and the process ends.
func (p *Process) fatal(v goja.Value, origin string) {
	if p.proc.exiting {
		// Thrown by an 'exit' listener: printed, status 1, nothing more runs.
		p.printUncaught(v)
		p.proc.exitCode = 1
		p.l.Halt()
		return
	}
	code := 1
	if p.listenerCount("uncaughtException") > 0 {
		if err := p.emitNested("uncaughtException", v, p.rt.ToValue(origin)); err == nil {
			return
		} else if ex, ok := err.(*goja.Exception); ok {
			v, code = ex.Value(), 7 // a listener threw: fatal, node's status 7
		} else {
			return // interrupted: the interrupt ends the call
		}
	}
	p.printUncaught(v)
	p.proc.exitCode = code
	p.exit()
}

// printUncaught prints an uncaught exception as the page's stderr contract does
// ("Uncaught " and the error as util.inspect prints it, stack included).
func (p *Process) printUncaught(v goja.Value) {
	if v == nil {
		v = goja.Undefined()
	}
	text := p.inspect(v)
	if o, ok := v.(*goja.Object); !ok || !isErrorObject(p.rt, o) {
		if s, ok := v.Export().(string); ok {
			text = s
		}
	}
	now := p.l.Now()
	p.l.Trace().Add(agent.Span{Kind: agent.KindConsole, Name: "Uncaught " + text, Start: now, End: now})
	p.l.Console().Error("Uncaught " + text)
}

func isErrorObject(rt *goja.Runtime, o *goja.Object) bool {
	ctor, ok := rt.Get("Error").(*goja.Object)
	if !ok {
		return false
	}
	is, err := rt.RunString("(function (o, E) { return o instanceof E })")
	if err != nil {
		return false
	}
	f, _ := goja.AssertFunction(is)
	r, err := f(goja.Undefined(), o, ctor)
	return err == nil && r.ToBoolean()
}

func errorValue(err error) goja.Value {
	if ex, ok := err.(*goja.Exception); ok {
		return ex.Value()
	}
	return nil
}

// stopProcess ends the process from Go (the watchdog stopped a script).
func (p *Process) stopProcess(code int) {
	p.proc.stopped = true
	if p.proc.exitCode == 0 {
		p.proc.exitCode = code
	}
}

// mainModuleName is how the trace names the main module's task.
func (p *Process) mainModuleName() string { return "main module " + filepath.Base(p.file) }
