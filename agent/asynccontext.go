package agent

import (
	"strconv"
	"time"

	"github.com/dop251/goja"
)

// Every microtask, seen through goja's public AsyncContextTracker (no copy or patch of goja):
//
//   - Grab is called when a promise reaction is registered (by then, or by await);
//   - Resumed, right before a reaction job calls its handler (with what Grab returned);
//   - Exited, right after the handler returns.
//
// Grab gets no arguments, so the loop tells it who is asking: Promise.prototype.then is
// wrapped (only while tracking) to note the promise and the handlers just before the
// engine's own then runs. An await is recognised by the async function on top of the
// engine's call stack (Runtime.CaptureCallStack). The host's own microtasks (queueMicrotask,
// "Mutation observers") are no promise reactions: the host registers them itself as it
// queues them, and marks their start and end (microtask.go).
//
// With it, each microtask becomes its own span in the trace, named as Jake Archibald names
// them ("Promise then", "Mutation observers", "async continuation: async1", "queueMicrotask"),
// with its handler's function name and the file:line it was queued from. In step mode the
// loop also keeps a model of the microtask queue (microtaskqueue.go) and can stop between
// any two microtasks (step.go).
//
// What goja's public API cannot show: the job goja queues to adopt a thenable
// (resolve(promise), a handler returning a promise) runs no handler and calls no hook; a
// reaction without a handler (a rejection passing through then(f)) calls no Resumed; and an
// await does not say which promise it waits on.

// microtask is one promise reaction (or host microtask) the loop saw registered: Grab's
// tracking object.
type microtask struct {
	name   string        // Jake's name: "Promise then", "async continuation: f", ...
	fn     string        // the handler's function name ("" when anonymous or unknown)
	detail string        // fn and where it was queued from: "onClick page.html:12"
	file   string        // where it was registered
	line   int           //
	col    int           //
	on     *goja.Promise // the promise it waits on (nil: queued at once, or not known)
	onF    bool          // it has a fulfil handler
	onR    bool          // it has a reject handler
	await  bool          // an await continuation, or a then not seen by the wrapper: the promise it waits on is not known
	queued bool          // in the microtask queue (its promise settled)
	seq    uint64
}

// label is how the queues view and the trace show it: "Promise then (f page.html:12)".
func (m *microtask) label() string {
	if m.detail == "" {
		return m.name
	}
	return m.name + " (" + m.detail + ")"
}

// thenCall is what the then wrapper notes for the Grab that follows.
type thenCall struct {
	promise  *goja.Promise
	onF, onR bool   // which handlers are functions
	fn       string // the handler's name
}

// microtasks is the async context tracker's state (one per loop, on the loop's goroutine).
type microtasks struct {
	on       bool // tracking: spans per microtask
	model    bool // and the queue model (step mode)
	then     *thenCall
	thenBuf  thenCall // what then points to (no allocation per then)
	lastFn   *goja.Object
	lastName string               // lastFn's name: a loop that registers one handler reads it once
	details  map[detailKey]string // "f page.html:12", made once per handler and position
	running  *microtask
	runStart time.Duration
	lastEnd  time.Duration // when the last microtask (or the callback before them) ended
	seq      uint64
	frames   []goja.StackFrame // reused by CaptureCallStack
	queue    microtaskQueue    // microtaskqueue.go
}

// EnableMicrotaskTracking turns on the async context tracker: every microtask becomes its
// own trace span, and in step mode the queues view can list the microtask queue. Call it
// before the page's first script (it wraps Promise.prototype.then). It changes nothing the
// page can print. In the legacy-promise-tasks mode promise reactions are tasks, and it does
// nothing.
func (l *Agent) EnableMicrotaskTracking() {
	if l.mt.on || l.mode == ModeLegacyPromiseTasks {
		return
	}
	l.mt.on = true
	l.mt.model = l.stepper() != nil
	mk := l.mustCompile(`(function (then, note) {
		return { then(onFulfilled, onRejected) {
			note(this, onFulfilled, onRejected);
			return then.call(this, onFulfilled, onRejected);
		} }.then;
	})`)
	proto := l.rt.Get("Promise").ToObject(l.rt).Get("prototype").ToObject(l.rt)
	note := l.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		tc := &l.mt.thenBuf
		*tc = thenCall{}
		tc.promise, _ = c.Argument(0).Export().(*goja.Promise)
		if tc.promise == nil {
			return goja.Undefined() // then throws a TypeError: no reaction is registered
		}
		_, tc.onF = goja.AssertFunction(c.Argument(1))
		_, tc.onR = goja.AssertFunction(c.Argument(2))
		if tc.onF {
			tc.fn = l.functionName(c.Argument(1))
		} else if tc.onR {
			tc.fn = l.functionName(c.Argument(2))
		}
		l.mt.then = tc
		return goja.Undefined()
	})
	v, err := mk(goja.Undefined(), proto.Get("then"), note)
	if err != nil {
		panic("loop: then wrapper: " + err.Error())
	}
	_ = proto.DefineDataProperty("then", v, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	l.setAsyncContextTracker(asyncTracker{l})
}

// MicrotaskTracking reports whether EnableMicrotaskTracking is on.
func (l *Agent) MicrotaskTracking() bool { return l.mt.on }

// asyncTracker implements goja.AsyncContextTracker for the loop.
type asyncTracker struct{ l *Agent }

// Grab: a reaction is being registered (then, await, or a host microtask).
func (t asyncTracker) Grab() interface{} {
	l := t.l
	m := &microtask{}
	l.mt.seq++
	m.seq = l.mt.seq
	switch {
	case l.mt.then != nil:
		tc := l.mt.then
		l.mt.then = nil
		m.name, m.on, m.onF, m.onR, m.fn = "Promise then", tc.promise, tc.onF, tc.onR, tc.fn
		l.positionOf(m, 4) // [call, the engine's then, the wrapper, the caller]
	default:
		// No then call noted: an await, registered by the async function on top of the
		// stack, or the engine's own then reached without the wrapper (a page that replaced
		// Promise.prototype.then and kept the original), which is native on top.
		m.onF, m.onR = true, true
		l.mt.frames = l.rt.CaptureCallStack(2, l.mt.frames[:0])
		if len(l.mt.frames) > 0 && l.mt.frames[0].SrcName() == "<native>" {
			m.name, m.await = "Promise then", true // its promise is not known either
			l.positionOf(m, 3)
			break
		}
		m.await = true
		if len(l.mt.frames) > 0 {
			f := &l.mt.frames[0]
			m.fn = f.FuncName()
			p := f.Position()
			m.file, m.line, m.col = f.SrcName(), p.Line, p.Column
		}
		m.name = "async continuation: " + m.fn
	}
	m.detail = l.detailOf(m.fn, m.file, m.line)
	if l.mt.model {
		l.mt.queue.registered(m)
	}
	l.stepHostCall()
	return m
}

// registerHostMicrotask is what Grab does for a reaction, for a microtask the host queues
// itself (queueMicrotask, "Mutation observers"; microtask.go): it is queued at once.
func (l *Agent) registerHostMicrotask(name string) *microtask {
	m := &microtask{name: name, queued: true}
	l.mt.seq++
	m.seq = l.mt.seq
	l.positionOf(m, 3) // [the host function (queueMicrotask, a DOM method), its caller]
	m.detail = l.detailOf(m.fn, m.file, m.line)
	if l.mt.model {
		l.mt.queue.registered(m)
	}
	l.stepHostCall()
	return m
}

// Resumed: a reaction job is about to call its handler (the previous microtask has ended).
func (t asyncTracker) Resumed(ctx interface{}) {
	m, _ := ctx.(*microtask)
	if m == nil {
		m = &microtask{name: "microtask"}
	}
	t.l.microtaskStarts(m)
}

// Exited: the handler returned.
func (t asyncTracker) Exited() { t.l.microtaskEnds() }

// microtaskStarts: m is about to run (the previous microtask has ended).
func (l *Agent) microtaskStarts(m *microtask) {
	if l.mt.model {
		l.mt.queue.ranBefore(m)
	}
	l.stepDone(StepMicrotask) // step mode: stop between two microtasks, m still queued
	if l.mt.model {
		l.mt.queue.started(m)
	}
	l.mt.running = m
	// Microtasks run back to back: this one started when the last one (or the callback
	// before the checkpoint) ended, which saves reading the clock twice per microtask.
	l.mt.runStart = l.mt.lastEnd
}

// microtaskEnds: the running microtask returned.
func (l *Agent) microtaskEnds() {
	m := l.mt.running
	if m == nil {
		return
	}
	l.mt.running = nil
	end := l.clock.Now()
	l.mt.lastEnd = end
	l.trace.add(Span{Kind: KindMicrotask, Name: m.name, Detail: m.detail, Start: ms(l.mt.runStart), End: ms(end)})
}

// positionOf sets where m was registered: the caller depth frames down the stack, or the
// nearest page frame above it.
func (l *Agent) positionOf(m *microtask, depth int) {
	l.mt.frames = l.rt.CaptureCallStack(depth, l.mt.frames[:0])
	for i := range l.mt.frames {
		f := &l.mt.frames[i]
		if src := f.SrcName(); src != "" && src != "<native>" {
			p := f.Position()
			m.file, m.line, m.col = src, p.Line, p.Column
			return
		}
	}
}

// checkpointEnded: goja's job queue is empty (or was dropped by an interrupt).
func (l *Agent) checkpointEnded() {
	if !l.mt.on {
		return
	}
	l.mt.running, l.mt.then = nil, nil
	if l.mt.model {
		l.mt.queue.drained()
	}
}

// functionName is a handler's own name, read without running page code (pagevalue.go).
func (l *Agent) functionName(v goja.Value) string {
	o, ok := v.(*goja.Object)
	if !ok {
		return ""
	}
	if o == l.mt.lastFn {
		return l.mt.lastName
	}
	n, _ := l.stringProperty(o, "name")
	l.mt.lastFn, l.mt.lastName = o, n
	return n
}

type detailKey struct {
	fn, file string
	line     int
}

// detailOf is "f page.html:12" (or what of it is known), one string per handler and place.
func (l *Agent) detailOf(fn, file string, line int) string {
	k := detailKey{fn, file, line}
	if s, ok := l.mt.details[k]; ok {
		return s
	}
	s := makeDetail(fn, file, line)
	if l.mt.details == nil {
		l.mt.details = map[detailKey]string{}
	}
	if len(l.mt.details) < maxInternedNames {
		l.mt.details[k] = s
	}
	return s
}

func makeDetail(fn, file string, line int) string {
	s := fn
	if file != "" && line > 0 {
		if s != "" {
			s += " "
		}
		s += baseName(file) + ":" + strconv.Itoa(line)
	}
	return s
}

func baseName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[i+1:]
		}
	}
	return p
}
