package node

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/buffer"
	"github.com/dop251/goja_nodejs/require"

	"loopscope/agent"
)

// install sets up the agent's realm as node's global (the agent installs no global of its
// own): timers, setImmediate, queueMicrotask, console as util.inspect, performance (the
// agent's), process, require with the core modules fs, events, timers, util, path, buffer;
// Buffer, global.
func (p *Process) install() {
	rt := p.rt
	g := rt.GlobalObject()

	p.l.HideHostFrames("node:")
	util := p.evalJS("util.js", p.utilHost()).ToObject(rt)
	p.fn.inspect, _ = goja.AssertFunction(util.Get("inspect"))
	// EventTarget, AbortController & co. first: events.once's signal option needs node's
	// AbortError.
	abortErr := p.evalJS("abort.js", g).ToObject(rt).Get("AbortError")
	events := p.evalJS("events.js", abortErr).ToObject(rt)
	host := p.evalJS("host.js", p.hostObject()).ToObject(rt)

	p.fn.callback, _ = goja.AssertFunction(host.Get("callback"))
	p.fn.callbackNoTicks, _ = goja.AssertFunction(host.Get("callbackNoTicks"))
	p.fn.runTicks, _ = goja.AssertFunction(host.Get("runTicks"))
	timers := host.Get("timers").ToObject(rt)
	_ = g.Set("queueMicrotask", host.Get("queueMicrotask"))
	for _, k := range timers.Keys() {
		_ = g.Set(k, timers.Get(k))
	}
	p.installConsole(util)
	p.l.InstallPerformance(false)
	_ = g.Set("global", g)
	p.installProcess(events, p.rt.ToValue(p.nextTick))
	p.installRejectionTracker()

	reg := require.NewRegistry(require.WithLoader(func(path string) ([]byte, error) {
		b, err := require.DefaultSourceLoader(path)
		if err != nil {
			return nil, err
		}
		p.l.Sources().Add(path, string(b)) // the code pane shows the module's own text
		return []byte(agent.TransformAwait(string(b), p.opts.Mode)), nil
	}))
	var lazyStream, lazyNet func() goja.Value
	// fs streams are made on first use (they need stream, which needs Buffer).
	fsm := p.fsModule().(*goja.Object)
	for _, name := range []string{"ReadStream", "WriteStream", "createReadStream", "createWriteStream"} {
		name := name
		var streams goja.Value
		get := func() goja.Value {
			if streams == nil {
				streams = p.evalJS2("fs_streams.js", fsm, lazyStream())
			}
			return streams.ToObject(rt).Get(name)
		}
		_ = fsm.DefineAccessorProperty(name, rt.ToValue(func(goja.FunctionCall) goja.Value { return get() }), nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	natives := map[string]goja.Value{
		"events": events,
		"util":   util,
		"timers": timers,
		"path":   p.pathModule(),
		"fs":     fsm,
	}
	// stream, net and timers/promises are made on first require (they need Buffer, which needs require).
	var streams, netm, timersPromises, dnsOS, childProcess, httpm goja.Value
	dnsOSModule := func(name string) goja.Value {
		if dnsOS == nil {
			dnsOS = p.evalJS("dns_os.js", p.dnsHost())
		}
		return dnsOS.ToObject(rt).Get(name)
	}
	lazy := map[string]func() goja.Value{
		"dns":             func() goja.Value { return dnsOSModule("dns") },
		"stream/promises": func() goja.Value { return lazyStream().ToObject(rt).Get("promises") },
		"http": func() goja.Value {
			if httpm == nil {
				httpm = p.evalJS2("http.js", lazyNet(), lazyStream(), events, rt.Get("Buffer"))
			}
			return httpm
		},
		"child_process": func() goja.Value {
			if childProcess == nil {
				childProcess = p.evalJS2("child_process.js", p.childHost(), events, lazyNet())
			}
			return childProcess
		},
		"os": func() goja.Value { return dnsOSModule("os") },
		"timers/promises": func() goja.Value {
			if timersPromises == nil {
				timersPromises = p.evalJS2("timers_promises.js", timers, abortErr)
			}
			return timersPromises
		},
		"stream": func() goja.Value {
			if streams == nil {
				streams = p.evalJS2("stream.js", events, rt.Get("Buffer"))
			}
			return streams
		},
		"net": func() goja.Value {
			if netm == nil {
				netm = p.evalJS2("net.js", p.netHost(), events, lazyStream(), rt.Get("Buffer"))
			}
			return netm
		},
	}
	lazyStream, lazyNet = lazy["stream"], lazy["net"]
	for name, make := range lazy {
		make := make
		load := func(_ *goja.Runtime, module *goja.Object) { _ = module.Set("exports", make()) }
		reg.RegisterNativeModule(name, load)
		reg.RegisterNativeModule("node:"+name, load)
	}
	for name, v := range natives {
		v := v
		load := func(_ *goja.Runtime, module *goja.Object) { _ = module.Set("exports", v) }
		reg.RegisterNativeModule(name, load)
		reg.RegisterNativeModule("node:"+name, load)
	}
	p.req = reg.Enable(rt)
	buffer.Enable(rt)
	// What goja_nodejs's Buffer lacks and sockets' scripts use.
	if _, err := rt.RunString(`(function (B) {
		if (!B.byteLength) B.byteLength = (s, enc) => typeof s === 'string' ? B.from(s, enc).length : (s.byteLength !== undefined ? s.byteLength : s.length);
		if (!B.isBuffer) B.isBuffer = (b) => b instanceof B;
	})(Buffer)`); err != nil {
		panic("node: Buffer: " + err.Error())
	}
}

// evalJS runs one of js/*.js (a function expression) with host as its argument.
func (p *Process) evalJS(name string, host goja.Value) goja.Value {
	src, err := jsFiles.ReadFile("js/" + name)
	if err != nil {
		panic("node: " + err.Error())
	}
	v, err := p.rt.RunScript("node:"+name, string(src))
	if err != nil {
		panic("node: " + name + ": " + err.Error())
	}
	f, _ := goja.AssertFunction(v)
	if host == nil {
		host = goja.Undefined()
	}
	r, err := f(goja.Undefined(), host)
	if err != nil {
		panic("node: " + name + ": " + err.Error())
	}
	return r
}

// evalJS2 runs one of js/*.js (a function expression) with args.
func (p *Process) evalJS2(name string, args ...goja.Value) goja.Value {
	src, err := jsFiles.ReadFile("js/" + name)
	if err != nil {
		panic("node: " + err.Error())
	}
	v, err := p.rt.RunScript("node:"+name, string(src))
	if err != nil {
		panic("node: " + name + ": " + err.Error())
	}
	f, _ := goja.AssertFunction(v)
	r, err := f(goja.Undefined(), args...)
	if err != nil {
		panic("node: " + name + ": " + err.Error())
	}
	return r
}

// hostObject is the Go half that js/host.js calls.
func (p *Process) hostObject() goja.Value {
	rt := p.rt
	h := rt.NewObject()
	set := func(name string, v any) { _ = h.Set(name, v) }
	set("fatal", func(c goja.FunctionCall) goja.Value {
		p.fatal(c.Argument(0), "uncaughtException")
		return goja.Undefined()
	})
	set("shiftTick", p.shiftTick)
	set("checkCallback", func(c goja.FunctionCall) goja.Value { p.checkCallback(c.Argument(0)); return goja.Undefined() })
	set("threw", func(goja.FunctionCall) goja.Value { p.ticks.threw = true; return goja.Undefined() })
	// setTimeout, setInterval and setImmediate themselves: each returns a Timeout or an
	// Immediate of js/host.js, a dynamic object over the Go timer or immediate (on the
	// prototype js/host.js hands over): no own property to define per call.
	var timeoutProto, immediateProto *goja.Object
	set("prototypes", func(c goja.FunctionCall) goja.Value {
		timeoutProto, immediateProto = c.Argument(0).ToObject(rt), c.Argument(1).ToObject(rt)
		return goja.Undefined()
	})
	handle := func(proto *goja.Object, d goja.DynamicObject) goja.Value {
		o := rt.NewDynamicObject(d)
		_ = o.SetPrototype(proto)
		return o
	}
	timer := func(repeat bool) func(goja.FunctionCall) goja.Value {
		return func(c goja.FunctionCall) goja.Value {
			p.checkCallback(c.Argument(0))
			t := p.setTimer(c.Argument(0), c.Argument(1), p.restArgs(c, 2), repeat)
			p.l.StepDone(agent.StepHostCall) // step mode: a stop after each call that touches a queue
			return handle(timeoutProto, t)
		}
	}
	set("setTimeout", timer(false))
	set("setInterval", timer(true))
	// The Timeout's and Immediate's methods pass the object itself (clearTimer also a
	// timer's id as a number).
	timerOf := func(v goja.Value) *timeout {
		if o, ok := v.(*goja.Object); ok {
			t, _ := o.Export().(*timeout)
			return t
		}
		return nil
	}
	immediateOf := func(v goja.Value) *immediate {
		if o, ok := v.(*goja.Object); ok {
			i, _ := o.Export().(*immediate)
			return i
		}
		return nil
	}
	onTimer := func(f func(t *timeout, c goja.FunctionCall) goja.Value) func(goja.FunctionCall) goja.Value {
		return func(c goja.FunctionCall) goja.Value {
			if t := timerOf(c.Argument(0)); t != nil {
				return f(t, c)
			}
			return goja.Undefined()
		}
	}
	set("timerId", onTimer(func(t *timeout, _ goja.FunctionCall) goja.Value { return rt.ToValue(p.timerPrimitive(t)) }))
	set("clearTimer", func(c goja.FunctionCall) goja.Value {
		if t := timerOf(c.Argument(0)); t != nil {
			p.clearTimer(t)
		} else if _, obj := c.Argument(0).(*goja.Object); !obj {
			p.clearTimerID(int(c.Argument(0).ToInteger()))
		}
		return goja.Undefined()
	})
	set("timerRef", onTimer(func(t *timeout, c goja.FunctionCall) goja.Value {
		p.timerRef(t, c.Argument(1).ToBoolean())
		return goja.Undefined()
	}))
	set("timerHasRef", onTimer(func(t *timeout, _ goja.FunctionCall) goja.Value { return rt.ToValue(t.refed) }))
	set("timerRefresh", onTimer(func(t *timeout, _ goja.FunctionCall) goja.Value {
		p.timerRefresh(t)
		return goja.Undefined()
	}))
	set("setImmediate", func(c goja.FunctionCall) goja.Value {
		p.checkCallback(c.Argument(0))
		i := p.setImmediate(c.Argument(0), p.restArgs(c, 1))
		p.l.StepDone(agent.StepHostCall)
		return handle(immediateProto, i)
	})
	p.stepping = p.l.Stepper() != nil // step mode: every nextTick is a stop, as above
	set("clearImmediate", func(c goja.FunctionCall) goja.Value {
		if i := immediateOf(c.Argument(0)); i != nil {
			p.clearImmediate(i)
		}
		return goja.Undefined()
	})
	set("immediateRef", func(c goja.FunctionCall) goja.Value {
		if i := immediateOf(c.Argument(0)); i != nil {
			p.immediateRef(i, c.Argument(1).ToBoolean())
		}
		return goja.Undefined()
	})
	set("immediateHasRef", func(c goja.FunctionCall) goja.Value {
		i := immediateOf(c.Argument(0))
		return rt.ToValue(i != nil && p.immediateHasRef(i))
	})
	promise := rt.Get("Promise").ToObject(rt)
	set("then", promise.Get("prototype").ToObject(rt).Get("then"))
	resolved, _ := goja.AssertFunction(promise.Get("resolve"))
	r, _ := resolved(promise)
	set("resolved", r)
	return h
}

// restArgs is a call's arguments from the i-th on, as an array (undefined: none).
func (p *Process) restArgs(c goja.FunctionCall, i int) goja.Value {
	if len(c.Arguments) <= i {
		return goja.Undefined()
	}
	return p.rt.NewArray(toAny(c.Arguments[i:])...)
}

// checkCallback throws node's ERR_INVALID_ARG_TYPE unless cb is a function.
func (p *Process) checkCallback(cb goja.Value) {
	if _, ok := goja.AssertFunction(cb); ok {
		return
	}
	panic(p.argTypeError("callback", "function", cb))
}

// receivedText is how node's ERR_INVALID_ARG_TYPE names the value it got
// (lib/internal/errors.js determineSpecificType, node 20): null or undefined as such, a named
// function, an object by its constructor's name, else its type and util.inspect's text (cut
// to 25 characters and "..." past 28).
func (p *Process) receivedText(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if goja.IsNull(v) {
		return "null"
	}
	if o, ok := v.(*goja.Object); ok {
		if _, fn := goja.AssertFunction(o); fn {
			if n := o.Get("name"); n != nil && n.String() != "" {
				return "function " + n.String()
			}
		} else {
			if c, ok := o.Get("constructor").(*goja.Object); ok {
				if n := c.Get("name"); n != nil && !goja.IsUndefined(n) && n.String() != "" {
					return "an instance of " + n.String()
				}
			}
			return p.inspect(v)
		}
	}
	if str, ok := v.Export().(string); ok && typeOf(v) == "string" {
		if r := []rune(str); len(r) > 28 {
			v = p.rt.ToValue(string(r[:25]) + "...") // node cuts the string, then inspects it
		}
	}
	return "type " + typeOf(v) + " (" + p.inspect(v) + ")"
}

func typeOf(v goja.Value) string {
	if o, ok := v.(*goja.Object); ok {
		if _, fn := goja.AssertFunction(o); fn {
			return "function"
		}
		return "object"
	}
	if _, ok := v.(*goja.Symbol); ok {
		return "symbol"
	}
	switch v.Export().(type) {
	case int64, float64:
		return "number"
	case string:
		return "string"
	case bool:
		return "boolean"
	case *goja.Symbol:
		return "symbol"
	}
	return "bigint"
}

// utilHost is what js/util.js needs from Go: a promise's state.
func (p *Process) utilHost() goja.Value {
	h := p.rt.NewObject()
	_ = h.Set("wrapperLength", len(moduleWrapperHead))
	_ = h.Set("promiseState", func(c goja.FunctionCall) goja.Value {
		o := p.rt.NewObject()
		pr, ok := c.Argument(0).Export().(*goja.Promise)
		switch {
		case !ok || pr.State() == goja.PromiseStatePending:
			_ = o.Set("state", "pending")
		case pr.State() == goja.PromiseStateRejected:
			_ = o.Set("state", "rejected")
			_ = o.Set("value", pr.Result())
		default:
			_ = o.Set("state", "fulfilled")
			_ = o.Set("value", pr.Result())
		}
		return o
	})
	return h
}

// inspect is util.inspect(v) (a string; "" if it throws).
func (p *Process) inspect(v goja.Value) string {
	r, err := p.fn.inspect(goja.Undefined(), v)
	if err != nil {
		return v.String()
	}
	return r.String()
}

// installConsole defines console: log, info, debug on stdout; error, warn, trace on stderr;
// each line formatted by util.formatWithOptions, as node's console does.
func (p *Process) installConsole(util *goja.Object) {
	rt := p.rt
	format, _ := goja.AssertFunction(util.Get("formatWithOptions"))
	c := rt.NewObject()
	for _, level := range []string{"log", "info", "debug", "error", "warn", "trace"} {
		level := level
		_ = c.Set(level, func(call goja.FunctionCall) goja.Value {
			v, err := format(goja.Undefined(), rt.NewArray(toAny(call.Arguments)...))
			if err != nil {
				panic(err)
			}
			text := v.String()
			now := p.l.Now()
			p.l.Trace().Add(agent.Span{Kind: agent.KindConsole, Name: text, Start: now, End: now})
			defer p.l.StepDone(agent.StepHostCall) // step mode: a stop after each log call
			if level == "error" || level == "warn" || level == "trace" {
				p.l.Console().Error(text)
			} else {
				p.l.Console().Message(level, text)
			}
			return goja.Undefined()
		})
	}
	_ = rt.GlobalObject().Set("console", c)
}

func toAny(vs []goja.Value) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

// runMainModule runs the script as the main module: a callback like any other, its ticks
// and microtasks after it.
func (p *Process) runMainModule() {
	main := p.rt.ToValue(func(goja.FunctionCall) goja.Value {
		if _, err := p.req.Require(p.file); err != nil {
			if ex, ok := err.(*goja.Exception); ok {
				panic(ex)
			}
			panic(p.rt.NewGoError(err))
		}
		return goja.Undefined()
	})
	p.macrotask(p.mainModuleName(), main, nil, nil)
}

// pathModule is node's path (POSIX).
func (p *Process) pathModule() goja.Value {
	rt := p.rt
	m := rt.NewObject()
	set := func(name string, v any) { _ = m.Set(name, v) }
	strs := func(c goja.FunctionCall) []string {
		out := make([]string, len(c.Arguments))
		for i, a := range c.Arguments {
			out[i] = a.String()
		}
		return out
	}
	set("sep", "/")
	set("delimiter", ":")
	set("join", func(c goja.FunctionCall) goja.Value {
		j := filepath.ToSlash(filepath.Join(strs(c)...))
		if j == "" {
			j = "."
		}
		return rt.ToValue(j)
	})
	set("resolve", func(c goja.FunctionCall) goja.Value {
		cwd, _ := os.Getwd()
		r := cwd
		for _, s := range strs(c) {
			if filepath.IsAbs(s) {
				r = s
			} else if s != "" {
				r = filepath.Join(r, s)
			}
		}
		return rt.ToValue(filepath.Clean(r))
	})
	set("normalize", func(s string) string { return filepath.Clean(s) })
	set("isAbsolute", func(s string) bool { return filepath.IsAbs(s) })
	set("dirname", func(s string) string { return filepath.Dir(s) })
	set("basename", func(s string, ext goja.Value) string {
		b := filepath.Base(s)
		if ext != nil && !goja.IsUndefined(ext) {
			b = strings.TrimSuffix(b, ext.String())
		}
		return b
	})
	set("extname", func(s string) string {
		b := filepath.Base(s)
		if strings.LastIndex(b, ".") <= 0 {
			return ""
		}
		return filepath.Ext(b)
	})
	set("relative", func(from, to string) string {
		r, err := filepath.Rel(from, to)
		if err != nil {
			return to
		}
		if r == "." {
			return ""
		}
		return r
	})
	_ = m.Set("posix", m)
	return m
}
