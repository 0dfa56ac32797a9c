// Package agent is one JS agent (HTML "agent", ECMA-262's agent): one goroutine and one goja
// runtime, and everything that goes with owning them, whatever the event loop on top: the one
// way into JS (Call, with its depth, the entry trampoline, and the microtask checkpoint goja
// runs when the outermost call returns), host microtasks, recovery after a stop, reading page
// values without running page code, the bounds on the engine's work and allocations, the
// watchdog, the clock, the inbox other goroutines post into, the console, the trace, step
// mode's gates and the microtask tracker.
//
// Package loop runs HTML's event loops over an agent (a window's, a worker's); package node
// runs libuv's and Node 20's. They plug their own steps in through Hooks and ErrorReporter.
//
// One goroutine (the one that runs the event loop) owns the goja Runtime and everything else
// here; other goroutines only talk to the agent through Post.
package agent

import (
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// Options configure an Agent.
type Options struct {
	Clock Clock // default: a real clock
	Mode  Mode  // default: spec
	// Console receives console messages and uncaught errors. Default: stdout/stderr.
	Console Console
	// ScriptTimeout interrupts one task or checkpoint that runs longer (0: 5 s; <0: never).
	ScriptTimeout time.Duration
	// TraceCapacity is the number of spans the trace ring buffer keeps (0: 65536).
	TraceCapacity int
	// MaxStackSize limits JS call depth (0: 2000 frames), so runaway recursion is a RangeError.
	MaxStackSize int
	// MaxHeap stops a script that grows the Go heap past it, in bytes (0: 1 GiB; <0: never).
	MaxHeap int64
}

// ErrorReporter turns errors into events on the agent's global object (package dom
// implements it for a window). Without one, an error is a console line.
type ErrorReporter interface {
	FireError(message, filename string, lineno, colno int, errVal goja.Value) (canceled bool)
	FirePromiseRejection(typ string, promise, reason goja.Value) (canceled bool)
}

// Hooks are the event loop's own steps that the agent's plumbing reaches. The event loop
// that runs on the agent installs them (SetHooks); a nil hook is a step that loop has not.
type Hooks struct {
	// Checkpoint runs the event loop's steps of "perform a microtask checkpoint" that come
	// after the microtask queue is empty (HTML: notify about rejected promises).
	Checkpoint func()
	// QueueTask queues a task on the event loop (the host microtasks a stopped script
	// dropped are queued again from one; PerformanceObserver delivers from one).
	QueueTask func(name string, fn func())
}

// Agent is one goroutine's JS realm and everything that owns it.
type Agent struct {
	rt      *goja.Runtime
	clock   Clock
	mode    Mode
	console Console
	hooks   Hooks
	errors  ErrorReporter
	// describeError is the host's reading of a platform error's name and message
	// (SetErrorDescriber).
	describeError func(o *goja.Object) (name, message, iface string, ok bool)
	// dateOrigin is the wall time at the time origin: Date.now() is dateOrigin plus page time
	// (dateNow), so that under a virtual or stepped clock Date and performance.now() agree.
	dateOrigin time.Time

	// lastStop is step mode's last gate point (LastStop), on the agent's goroutine.
	lastStop Stop

	// depth counts the Go→JS calls in progress; 0 means no JS is on the stack.
	depth       int
	callbackEnd time.Duration // set by the entry trampoline when the callback returns
	pending     pendingCall   // what the entry trampoline calls next
	enter       goja.Callable // (f, this, args) => { try { return Reflect.apply(f, this, args) } finally { mark() } }
	emptyCall   goja.Callable // function () {}: the call whose checkpoint runs a microtask the host queued
	// The function queueMicrotask was last given, and its callable (microtask.go).
	lastMicrotaskCb goja.Value
	lastMicrotaskFn goja.Callable
	perf            performance
	trace           *Trace
	inbox           chan func()
	wake            chan struct{}
	stopped         bool
	halted          bool        // Halt was called (core.go)
	terminated      atomic.Bool // Terminate was called, from any goroutine (core.go)
	stopNote        string      // SetStopNote (core.go)
	wd              watchdog    // stops runaway scripts (watchdog.go)
	recovery        recoveries  // what an abruptly ended call leaves to check and requeue (recover.go)
	intrinsics      intrinsics  // the realm's own built-ins, for host code (pagevalue.go)
	stats           Stats
	currentTask     *Task // the task RunTask runs now

	mt            microtasks      // the async context tracker (asynccontext.go)
	entryIsScript bool            // the outermost call into JS runs a script (for the JS stack)
	hostSrcPrefix string          // the host's own JS files (HideHostFrames): not in the JS stack
	logTail       *logTail        // the newest console lines (the Log box)
	sources       Sources         // the scripts' text, for a source pane
	mutedErrors   map[string]bool // scripts whose errors are muted (MuteErrorsOf)
}

// Stats are counters of what the agent and its event loop did.
type Stats struct {
	Tasks, Microtasks, Frames int
	LongTasks                 int
}

// New creates an agent with a fresh JS realm. The realm gets no global of its own: only the
// bounds on the engine's work (and, in legacy-await mode, the hidden helper that rewritten
// scripts call). The global's members are the event loop's: it installs its console, timers
// and queueMicrotask, and takes what it shares from here (InstallConsole, Chrome's console,
// for the HTML loops; InstallPerformance for every loop).
func New(opts Options) *Agent {
	if opts.Clock == nil {
		opts.Clock = NewRealClock()
	}
	if opts.Mode == "" {
		opts.Mode = ModeSpec
	}
	if opts.Console == nil {
		opts.Console = NewWriterConsole(os.Stdout, os.Stderr)
	}
	if opts.ScriptTimeout == 0 {
		opts.ScriptTimeout = 5 * time.Second
	}
	if opts.TraceCapacity == 0 {
		opts.TraceCapacity = 1 << 16
	}
	if opts.MaxHeap == 0 {
		opts.MaxHeap = DefaultMaxHeap
	}
	if opts.MaxStackSize == 0 {
		opts.MaxStackSize = 2000
	}
	a := &Agent{
		rt:      goja.New(),
		clock:   opts.Clock,
		mode:    opts.Mode,
		console: opts.Console,
		trace:   NewTrace(opts.TraceCapacity),
		inbox:   make(chan func(), 1024),
		wake:    make(chan struct{}, 1),
		wd:      watchdog{timeout: opts.ScriptTimeout, maxHeap: opts.MaxHeap},
	}
	if jc, ok := opts.Clock.(interface{ JSTime() (time.Duration, bool) }); ok {
		a.wd.jsTime = jc.JSTime // under virtual time the script timeout is on the page's clock
	}
	a.logTail = &logTail{Console: opts.Console}
	a.console = a.logTail
	a.setMaxCallStackSize(opts.MaxStackSize)
	a.dateOrigin = time.Now()
	a.setTimeSource(a.dateNow)
	a.setStackFormatter(formatErrorStack)
	a.captureIntrinsics()
	a.installEntry()
	a.installMicrotasks()
	a.installEngineBounds()
	a.followHeapBudget(liveHeapBytes())
	if a.mode == ModeLegacyAwait {
		InstallLegacyAwait(a.rt)
	}
	return a
}

// SetHooks installs the event loop's steps that the agent reaches (call it before any JS runs).
func (a *Agent) SetHooks(h Hooks) { a.hooks = h }

// SetErrorReporter installs the global object that error events are fired at.
func (a *Agent) SetErrorReporter(r ErrorReporter) { a.errors = r }

// SetErrorDescriber installs how the host reads the name, message and interface name of its
// own error objects (a DOMException, whose name and message are getters the agent does not
// run), for the reports of uncaught errors and the console; ok is false for other values.
func (a *Agent) SetErrorDescriber(f func(o *goja.Object) (name, message, iface string, ok bool)) {
	a.describeError = f
}

// queueTask queues a task through the event loop's hook (nothing happens without one).
func (a *Agent) queueTask(name string, fn func()) {
	if a.hooks.QueueTask != nil {
		a.hooks.QueueTask(name, fn)
	}
}

// ResetTimeOrigin makes now the page's time origin (call it before the page's first task:
// setting up the realm should not count as page time, or shift the frame grid).
func (a *Agent) ResetTimeOrigin() {
	a.clock.Reset()
	a.dateOrigin = time.Now()
}

// dateNow is the current time as Date sees it (ECMAScript's LocalTZA aside, the "now" of
// Date.now() and new Date()): the wall time at the time origin plus the page's time since.
// On the real clock that is the wall time. DEPARTURE: under -virtual-time, and while a page
// is paused or slowed in step mode, Date moves with the page's clock, not the wall's, as
// performance.now() does: a busy-wait on Date.now() then takes the page time it asks for,
// whatever the machine's load (node's "setImmediate vs a 3 ms Date.now() spin" cases), and a
// stepped demo prints what it prints when run.
func (a *Agent) dateNow() time.Time { return a.dateOrigin.Add(a.clock.Now()) }

// Runtime is the agent's JS realm. Use it only on the agent's goroutine.
func (a *Agent) Runtime() *goja.Runtime { return a.rt }

// Mode is the browser behaviour mode the agent runs in.
func (a *Agent) Mode() Mode { return a.mode }

// Console is where the page's console messages and errors go.
func (a *Agent) Console() Console { return a.console }

// Trace is the record of everything the agent's event loop ran.
func (a *Agent) Trace() *Trace { return a.trace }

// Stats returns counters of what the agent did so far (Frames is the event loop's).
func (a *Agent) Stats() Stats { return a.stats }

// Now is the current high resolution time in ms since the time origin.
func (a *Agent) Now() float64 { return ms(a.clock.Now()) }

// Clock is the agent's clock (a Stepper around the one it was made with, in step mode).
func (a *Agent) Clock() Clock { return a.clock }

// Post runs fn on the agent's goroutine as soon as it looks at its inbox. Safe from any
// goroutine; fn typically queues a task (input) or records a rendering opportunity.
func (a *Agent) Post(fn func()) {
	a.inbox <- fn
	a.markWoken()
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// TryPost is Post that never blocks: it reports false when the inbox is full (a busy page).
// The window uses it for vsync, which a later vsync supersedes anyway.
func (a *Agent) TryPost(fn func()) bool {
	select {
	case a.inbox <- fn:
	default:
		return false
	}
	a.markWoken()
	select {
	case a.wake <- struct{}{}:
	default:
	}
	return true
}

// markWoken tells a shared virtual clock that the agent runs again (a post is on its way):
// see SharedClockMember.Woken.
func (a *Agent) markWoken() {
	if w, ok := a.clock.(interface{ Woken() }); ok {
		w.Woken()
	}
}

// Stop ends the event loop after its current step. Call it on the agent's goroutine (or
// through Post).
func (a *Agent) Stop() { a.stopped = true }

// ClearStop forgets an earlier Stop (an event loop's run starts afresh).
func (a *Agent) ClearStop() { a.stopped = false }

// DefineFunc defines a host function as a WebIDL operation of o: writable, enumerable and
// configurable (a page may redefine window.setTimeout with Object.defineProperty).
func (a *Agent) DefineFunc(o *goja.Object, name string, length int, fn func(goja.FunctionCall) goja.Value) {
	a.defineFunc(o, name, length, fn)
}

func (a *Agent) defineFunc(o *goja.Object, name string, length int, fn func(goja.FunctionCall) goja.Value) {
	f := a.rt.ToValue(fn).(*goja.Object)
	_ = f.DefineDataProperty("name", a.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = f.DefineDataProperty("length", a.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = o.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// MustCompile compiles one of the host's own helper functions (a function expression).
func (a *Agent) MustCompile(src string) goja.Callable { return a.mustCompile(src) }

func (a *Agent) mustCompile(src string) goja.Callable {
	v, err := a.rt.RunString(src)
	if err != nil {
		panic("agent: helper does not compile: " + err.Error())
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		panic("agent: helper is not a function")
	}
	return fn
}

// Console is where console messages and uncaught errors go.
type Console interface {
	// Message is one console call, already formatted (level: log, info, warn, error, debug).
	Message(level, text string)
	// Error is an uncaught error or an internal error report, e.g. "Uncaught Error: boom".
	Error(text string)
}

type writerConsole struct{ out, err io.Writer }

// NewWriterConsole prints messages to out, one per line, and errors to err.
func NewWriterConsole(out, err io.Writer) Console { return writerConsole{out, err} }

func (c writerConsole) Message(level, text string) { io.WriteString(c.out, text+"\n") }
func (c writerConsole) Error(text string)          { io.WriteString(c.err, text+"\n") }
