package agent

import (
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"
)

// Every microtask, seen through goja's AsyncContextTracker and the PromiseJobTracker our goja
// adds to it (third_party/goja/PATCHES.md):
//
//   - Grab, then PromiseReactionRegistered, when a promise reaction is registered: by then
//     (with its handlers), by await, or by the engine itself; each names the promise it waits
//     on;
//   - PromiseJobQueued when a job enters goja's queue: a reaction's job when its promise
//     settles (or at once, on a settled one), or the job that adopts a thenable (resolve(p), a
//     handler returning p);
//   - PromiseJobStarted and PromiseJobEnded around every job, those that call no handler too
//     (a rejection passing through then(f)). Resumed and Exited, around handler calls only,
//     add nothing.
//
// The host's own microtasks (queueMicrotask, "Mutation observers") are no promise jobs: the
// host registers them itself as it queues them into the same queue, and marks their start
// and end (microtask.go).
//
// With it, each microtask becomes its own span in the trace, named as Jake Archibald names
// them ("Promise then", "Mutation observers", "async continuation: async1", "queueMicrotask",
// and "resolve thenable" for the adoption job), with its handler's function name and the
// file:line it was queued from. In step mode the loop also keeps the microtask queue as goja
// holds it, and the reactions still waiting for their promise (microtaskqueue.go), and can
// stop between any two microtasks (step.go).

// microtask is one promise reaction, thenable job or host microtask the loop follows: the
// tracking object of its job.
type microtask struct {
	name    string        // Jake's name: "Promise then", "async continuation: f", ...
	fn      string        // the handler's function name ("" when anonymous or unknown)
	detail  string        // fn and where it was queued from: "onClick page.html:12"
	file    string        // where it was registered
	line    int           //
	col     int           //
	on      *goja.Promise // the promise a reaction waits on (nil for a job queued at once)
	group   *pendingGroup // the model's group of reactions waiting on the same promise
	queued  bool          // its job is in goja's queue
	handler bool          // the queued job calls a handler (else it passes a value on)
	seq     uint64
}

// label is how the queues view and the trace show it: "Promise then (f page.html:12)".
func (m *microtask) label() string {
	if m.detail == "" {
		return m.name
	}
	return m.name + " (" + m.detail + ")"
}

// microtasks is the async context tracker's state (one per loop, on the loop's goroutine).
type microtasks struct {
	on       bool // tracking: spans per microtask
	model    bool // and the queue model (step mode)
	lastFn   *goja.Object
	lastName string               // lastFn's name: a loop that registers one handler reads it once
	details  map[detailKey]string // "f page.html:12", made once per handler and position
	// The last detail made or found: a loop that registers one handler at one place hashes
	// nothing.
	lastDetailKey detailKey
	lastDetail    string
	running       *microtask
	// stopWhenQueued is a reaction registered on a settled promise: the step mode's stop
	// for its then or await comes once goja has queued its job.
	stopWhenQueued *microtask
	runStart       time.Duration
	lastEnd        time.Duration // when the last microtask (or the callback before them) ended
	// The page time spanEnd last read, and the monotonic time it read it at (since epoch: one
	// clock read, where time.Now reads the wall clock too).
	lastRead     time.Duration
	lastReadMono time.Duration
	epoch        time.Time
	seq          uint64
	frames       []goja.StackFrame // reused by CaptureCallStack
	queue        microtaskQueue    // microtaskqueue.go
}

// EnableMicrotaskTracking turns on the async context tracker: every microtask becomes its
// own trace span, and in step mode the queues view can list the microtask queue. It changes
// nothing the page can see or print. In the legacy-promise-tasks mode promise reactions are
// tasks, and it does nothing.
func (a *Agent) EnableMicrotaskTracking() {
	if a.mt.on || a.mode == ModeLegacyPromiseTasks {
		return
	}
	a.mt.on = true
	a.mt.model = a.stepper() != nil
	a.setAsyncContextTracker(asyncTracker{a})
}

// ModelMicrotaskQueue makes the tracker keep the microtask queue's model for the queues
// view without step mode (a worker, shown beside a stepped window, is not stepped itself).
// Call it after EnableMicrotaskTracking; like it, it changes nothing the page can see.
func (a *Agent) ModelMicrotaskQueue() { a.mt.model = a.mt.on }

// MicrotaskTracking reports whether EnableMicrotaskTracking is on.
func (a *Agent) MicrotaskTracking() bool { return a.mt.on }

// asyncTracker implements goja.AsyncContextTracker and goja.PromiseJobTracker for the loop.
type asyncTracker struct{ a *Agent }

// Grab: a reaction is being registered; PromiseReactionRegistered follows with what it is.
func (t asyncTracker) Grab() interface{} {
	a := t.a
	a.mt.seq++
	return &microtask{seq: a.mt.seq}
}

// PromiseReactionRegistered: then, await or the engine registered a reaction on r.Promise.
func (t asyncTracker) PromiseReactionRegistered(ctx interface{}, r goja.PromiseReactionInfo) {
	a := t.a
	m, _ := ctx.(*microtask)
	if m == nil {
		return
	}
	m.on = r.Promise
	switch r.Kind {
	case goja.PromiseReactionThen:
		m.name = "Promise then"
		if r.OnFulfilled != nil {
			m.fn = a.functionName(r.OnFulfilled)
		} else if r.OnRejected != nil {
			m.fn = a.functionName(r.OnRejected)
		}
		a.positionOf(m, 3) // [the engine's then, its caller (catch, finally, the page)...]
	case goja.PromiseReactionAwait:
		a.awaiter(m, r.Awaiter)
		m.name = "async continuation"
		if m.fn != "" {
			m.name += ": " + m.fn
		}
	default:
		m.name = "Promise then (engine)" // the engine's own reaction (an async-from-sync iterator's)
		a.positionOf(m, 3)
	}
	if run := a.mt.running; run != nil && run.name == thenableJobName && m.fn == "" {
		m.detail = "adopts the thenable's state"
	} else {
		m.detail = a.detailOf(m.fn, m.file, m.line)
	}
	if a.mt.model {
		a.mt.queue.registered(m)
	}
	if r.Promise != nil && r.Promise.State() != goja.PromiseStatePending {
		// The promise has settled: goja queues the reaction's job right after this
		// (PerformPromiseThen steps 8-9), so the stop waits for it (PromiseJobQueued) and
		// the Microtasks box shows the job queued, as the spec has it at this point.
		a.mt.stopWhenQueued = m
		return
	}
	if r.Kind == goja.PromiseReactionAwait {
		a.stepHostCall("await")
		return
	}
	a.stepHostCall("then")
}

// thenableJobName is Jake's kind of name for the job that adopts a thenable.
const thenableJobName = "resolve thenable"

// noHandlerName names a reaction job that has no handler for its promise's outcome (a
// rejection passing through then(f), a value through catch(g)): it passes the value on.
const noHandlerName = "Promise then (no handler)"

// PromiseJobQueued: a job entered goja's queue: a reaction's (its promise settled), or one
// that adopts a thenable, whose microtask is made here.
func (t asyncTracker) PromiseJobQueued(job goja.PromiseJobInfo) interface{} {
	a := t.a
	m, _ := job.Context.(*microtask)
	if job.Kind == goja.PromiseJobResolveThenable {
		a.mt.seq++
		m = &microtask{name: thenableJobName, seq: a.mt.seq}
		if r := a.mt.running; r != nil {
			// Resolved with a thenable from a running microtask (a handler returned a
			// promise): that microtask's handler and place.
			m.file, m.line = r.file, r.line
			m.detail = a.detailOf(r.fn, m.file, m.line)
		} else {
			a.positionOf(m, 4) // resolve(p) called from the page: [resolve, its caller...]
			m.detail = a.detailOf("", m.file, m.line)
		}
	}
	if m == nil {
		return nil
	}
	m.handler = job.Kind == goja.PromiseJobResolveThenable || job.Handler
	if !m.handler {
		m.name = noHandlerName // fn still says which then registered it
	}
	if a.mt.model {
		a.mt.queue.enqueue(m)
	} else {
		m.queued = true
	}
	if m == a.mt.stopWhenQueued {
		a.mt.stopWhenQueued = nil
		what := "then"
		if strings.HasPrefix(m.name, "async continuation") {
			what = "await"
		}
		a.stepHostCall(what + " on a settled promise") // the stop of the then or await that registered it (above)
	}
	return m
}

// PromiseJobStarted: a job is about to run (the previous microtask has ended).
func (t asyncTracker) PromiseJobStarted(job goja.PromiseJobInfo) {
	m, _ := job.Context.(*microtask)
	if m == nil {
		m = &microtask{name: "microtask"}
	}
	t.a.microtaskStarts(m)
}

// PromiseJobEnded: the job returned.
func (t asyncTracker) PromiseJobEnded(goja.PromiseJobInfo) { t.a.microtaskEnds() }

// Resumed and Exited bracket a reaction job's handler call, inside PromiseJobStarted and
// PromiseJobEnded: nothing to add.
func (t asyncTracker) Resumed(interface{}) {}
func (t asyncTracker) Exited()             {}

// registerHostMicrotask is what the tracker does for a reaction registered and queued, for a
// microtask the host queues itself (queueMicrotask, "Mutation observers"; microtask.go).
func (a *Agent) registerHostMicrotask(name, fn string) *microtask {
	m := &microtask{name: name, fn: fn, handler: true}
	a.mt.seq++
	m.seq = a.mt.seq
	a.positionOf(m, 3) // [the host function (queueMicrotask, a DOM method), its caller]
	m.detail = a.detailOf(m.fn, m.file, m.line)
	if a.mt.model {
		a.mt.queue.enqueue(m)
	} else {
		m.queued = true
	}
	a.stepHostCall(name)
	return m
}

// microtaskStarts: m is about to run (the previous microtask has ended).
func (a *Agent) microtaskStarts(m *microtask) {
	a.stepDoneWhat(StepMicrotask, m.name) // step mode: stop between two microtasks, m still queued
	if a.mt.model {
		a.mt.queue.started(m)
	}
	a.mt.running = m
	// Microtasks run back to back: this one started when the last one (or the callback
	// before the checkpoint) ended, which saves reading the clock twice per microtask.
	a.mt.runStart = a.mt.lastEnd
}

// microtaskEnds: the running microtask returned.
func (a *Agent) microtaskEnds() {
	m := a.mt.running
	if m == nil {
		return
	}
	a.mt.running = nil
	end := a.spanEnd()
	a.mt.lastEnd = end
	a.trace.add(Span{Kind: KindMicrotask, Name: m.name, Detail: m.detail, Start: ms(a.mt.runStart), End: ms(end)})
}

// spanClockGrain is how much wall time may pass before a microtask's span reads the page's
// clock again (spanEnd).
const spanClockGrain = 20 * time.Microsecond

// spanEnd is the page time at which the microtask that just ran ends. Reading the page's clock
// can cost more than a short microtask (under virtual time it is the JS thread's CPU clock, a
// system call of about 1-2 µs): while less than spanClockGrain of wall time (a cheap read) has
// passed since the clock was last read here, the span ends where the previous one did, and the
// time goes to the next span that reads the clock. Spans stay in order and add up to the
// clock; each is off by less than the grain.
func (a *Agent) spanEnd() time.Duration {
	if a.mt.epoch.IsZero() {
		a.mt.epoch, a.mt.lastReadMono = time.Now(), -time.Hour // the first span reads the clock
	}
	now := time.Since(a.mt.epoch)
	if a.mt.lastEnd >= a.mt.lastRead && now-a.mt.lastReadMono < spanClockGrain {
		return a.mt.lastEnd
	}
	a.mt.lastReadMono = now
	a.mt.lastRead = a.clock.Now()
	return a.mt.lastRead
}

// awaiter sets which function awaits, and where: the frame goja gives (the function may have
// been resumed from the job queue and be off the stack), else the stack's top (an await the
// engine makes for an async generator or Array.fromAsync).
func (a *Agent) awaiter(m *microtask, f goja.StackFrame) {
	if f.SrcName() == "<native>" {
		a.mt.frames = a.rt.CaptureCallStack(1, a.mt.frames[:0])
		if len(a.mt.frames) == 0 || a.mt.frames[0].SrcName() == "<native>" {
			return
		}
		f = a.mt.frames[0]
	}
	m.fn = f.FuncName()
	p := f.Position()
	m.file, m.line, m.col = f.SrcName(), p.Line, p.Column
}

// positionOf sets where m was registered: the caller depth frames down the stack, or the
// nearest page frame above it.
func (a *Agent) positionOf(m *microtask, depth int) {
	a.mt.frames = a.rt.CaptureCallStack(depth, a.mt.frames[:0])
	for i := range a.mt.frames {
		f := &a.mt.frames[i]
		if src := f.SrcName(); src != "" && src != "<native>" {
			p := f.Position()
			m.file, m.line, m.col = src, p.Line, p.Column
			return
		}
	}
}

// checkpointEnded: goja's job queue is empty (or was dropped by an interrupt).
func (a *Agent) checkpointEnded() {
	if !a.mt.on {
		return
	}
	a.mt.running = nil
	if a.mt.model {
		a.mt.queue.drained()
	}
}

// functionName is a handler's own name, read without running page code (pagevalue.go).
func (a *Agent) functionName(v goja.Value) string {
	o, ok := v.(*goja.Object)
	if !ok {
		return ""
	}
	if o == a.mt.lastFn {
		return a.mt.lastName
	}
	n, _ := a.stringProperty(o, "name")
	a.mt.lastFn, a.mt.lastName = o, n
	return n
}

type detailKey struct {
	fn, file string
	line     int
}

// detailOf is "f page.html:12" (or what of it is known), one string per handler and place.
func (a *Agent) detailOf(fn, file string, line int) string {
	k := detailKey{fn, file, line}
	if k == a.mt.lastDetailKey && a.mt.lastDetail != "" {
		return a.mt.lastDetail
	}
	if s, ok := a.mt.details[k]; ok {
		a.mt.lastDetailKey, a.mt.lastDetail = k, s
		return s
	}
	s := makeDetail(fn, file, line)
	a.mt.lastDetailKey, a.mt.lastDetail = k, s
	if a.mt.details == nil {
		a.mt.details = map[detailKey]string{}
	}
	if len(a.mt.details) < maxInternedNames {
		a.mt.details[k] = s
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
