// Package loop is the HTML event loop of one page, on goja: task queues by source, the
// microtask checkpoint, timers, animation frames, rendering opportunities and idle periods,
// with a trace of everything that ran.
//
// One goroutine (the one that calls Run) owns the goja Runtime and everything else here;
// other goroutines only talk to the loop through Post.
package loop

import (
	"io"
	"os"
	"time"

	"github.com/dop251/goja"
)

// Options configure a Loop.
type Options struct {
	Clock   Clock   // default: a real clock
	Display Display // default: a simulated 60 Hz display
	Mode    Mode    // default: spec
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
	// MaxTimers stops a script that keeps more active timers (0: MaxActiveTimers).
	MaxTimers int
}

// Renderer is what "update the rendering" needs from the rendering engine; the loop times
// each step for the trace. The page wires it to package render.
type Renderer interface {
	// NeedsUpdate is false when nothing changed since the last frame (unnecessary rendering).
	NeedsUpdate(now float64) bool
	// UpdateAnimations is "update animations and send events".
	UpdateAnimations(now float64)
	Style()
	Layout()
	// Paint paints and presents a frame for the given frame time.
	Paint(frameTime float64)
}

// IdleScheduler is requestIdleCallback's part of the processing model (package idle).
type IdleScheduler interface {
	// StartAnIdlePeriod is called when the loop is idle: no runnable task, no microtask,
	// no pending rendering opportunity.
	StartAnIdlePeriod(now float64)
	// NextWake is when the scheduler wants the loop to wake (a timeout, or the end of the
	// last idle period when callbacks still wait), if ever.
	NextWake() (float64, bool)
	// Pending reports whether any idle callback is still waiting (keeps a run alive).
	Pending() bool
}

// ErrorReporter turns errors into events on the page's window (package dom implements it).
type ErrorReporter interface {
	FireError(message, filename string, lineno, colno int, errVal goja.Value) (canceled bool)
	FirePromiseRejection(typ string, promise, reason goja.Value) (canceled bool)
}

// Loop is one page's event loop.
type Loop struct {
	rt      *goja.Runtime
	clock   Clock
	display Display
	mode    Mode
	console Console

	queues      [numSources]taskQueue
	seq         uint64
	currentTask *task

	due          dueHeap     // page timers and host work, by (due time, sequence): due.go
	dueTimers    []*dueEntry // runDueWork's scratch list
	activeTimers map[int]*timer
	nextTimerID  int

	animationFrames animationFrameList
	renderer        Renderer
	idle            IdleScheduler
	errors          ErrorReporter
	neededSince     float64 // when rendering became needed (ms); -1: not needed

	// depth counts the Go→JS calls in progress; 0 means no JS is on the stack.
	depth         int
	callbackEnd   time.Duration // set by the entry trampoline when the callback returns
	pending       pendingCall   // what the entry trampoline calls next
	enter         goja.Callable // (f, this, args) => { try { return Reflect.apply(f, this, args) } finally { mark() } }
	microtaskOf   goja.Callable // p => p.then(undefined, runner): queues a host microtask
	rejections    rejectionTracker
	perf          performance
	trace         *Trace
	inbox         chan func()
	wake          chan struct{}
	stopped       bool
	halted        bool    // Halt was called (core.go)
	stopNote      string  // SetStopNote (core.go)
	stopAt        float64 // Run returns at this time (ms) at the latest; 0: no limit (StopAt)
	scriptTimeout time.Duration
	maxTimers     int        // MaxTimers
	wd            watchdog   // stops runaway scripts (watchdog.go)
	recovery      recoveries // what an abruptly ended call leaves to repair (recover.go)
	intrinsics    intrinsics // the realm's own built-ins, for host code (pagevalue.go)
	stats         Stats

	mt            microtasks      // the async context tracker (asynccontext.go)
	entryIsScript bool            // the outermost call into JS runs a script (for the JS stack)
	logTail       *logTail        // the newest console lines (the Log box)
	sources       Sources         // the scripts' text, for a source pane
	documentURL   string          // what a setTimeout string's syntax error names (SetDocumentURL)
	mutedErrors   map[string]bool // scripts whose errors are muted (MuteErrorsOf)
}

// Stats are counters of what the loop did.
type Stats struct {
	Tasks, Microtasks, Frames int
	LongTasks                 int
}

// New creates a loop with a fresh JS realm that has the loop's globals installed: timers,
// queueMicrotask, requestAnimationFrame, console, performance.
func New(opts Options) *Loop {
	if opts.Clock == nil {
		opts.Clock = NewRealClock()
	}
	if opts.Display == nil {
		opts.Display = NewSimulatedDisplay(60)
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
	if opts.MaxTimers == 0 {
		opts.MaxTimers = MaxActiveTimers
	}
	if opts.MaxStackSize == 0 {
		opts.MaxStackSize = 2000
	}
	l := &Loop{
		rt:            goja.New(),
		clock:         opts.Clock,
		display:       opts.Display,
		mode:          opts.Mode,
		console:       opts.Console,
		activeTimers:  map[int]*timer{},
		trace:         NewTrace(opts.TraceCapacity),
		inbox:         make(chan func(), 1024),
		wake:          make(chan struct{}, 1),
		scriptTimeout: opts.ScriptTimeout,
		maxTimers:     opts.MaxTimers,
		wd:            watchdog{timeout: opts.ScriptTimeout, maxHeap: opts.MaxHeap},
		neededSince:   -1,
	}
	if jc, ok := opts.Clock.(interface{ JSTime() (time.Duration, bool) }); ok {
		l.wd.jsTime = jc.JSTime // under virtual time the script timeout is on the page's clock
	}
	l.logTail = &logTail{Console: opts.Console}
	l.console = l.logTail
	l.rt.SetMaxCallStackSize(opts.MaxStackSize)
	l.captureIntrinsics()
	l.installEntry()
	l.installMicrotasks()
	l.installRejectionTracker()
	l.installTimers()
	l.installAnimationFrames()
	l.installConsole()
	l.installEngineBounds()
	l.installAllocationBounds()
	l.installPerformance()
	if l.mode == ModeLegacyPromiseTasks {
		l.installLegacyPromiseTasks()
	}
	if l.mode == ModeLegacyAwait {
		InstallLegacyAwait(l.rt)
	}
	return l
}

// ResetTimeOrigin makes now the page's time origin (call it before the page's first task:
// setting up the realm should not count as page time, or shift the frame grid).
func (l *Loop) ResetTimeOrigin() { l.clock.Reset() }

// Runtime is the page's JS realm. Use it only on the loop's goroutine.
func (l *Loop) Runtime() *goja.Runtime { return l.rt }

// Mode is the browser behaviour mode the loop runs in.
func (l *Loop) Mode() Mode { return l.mode }

// Console is where the page's console messages and errors go.
func (l *Loop) Console() Console { return l.console }

// Trace is the record of everything the loop ran.
func (l *Loop) Trace() *Trace { return l.trace }

// Stats returns counters of what the loop did so far.
func (l *Loop) Stats() Stats { return l.stats }

// Now is the current high resolution time in ms since the time origin.
func (l *Loop) Now() float64 { return ms(l.clock.Now()) }

// SetRenderer installs the rendering engine used by "update the rendering".
func (l *Loop) SetRenderer(r Renderer) { l.renderer = r }

// SetIdleScheduler installs requestIdleCallback's scheduler.
func (l *Loop) SetIdleScheduler(s IdleScheduler) { l.idle = s }

// SetErrorReporter installs the window that error events are fired at.
func (l *Loop) SetErrorReporter(r ErrorReporter) { l.errors = r }

// Post runs fn on the loop's goroutine as soon as it looks at its inbox. Safe from any
// goroutine; fn typically queues a task (input) or records a rendering opportunity.
func (l *Loop) Post(fn func()) {
	l.inbox <- fn
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// TryPost is Post that never blocks: it reports false when the inbox is full (a busy page).
// The window uses it for vsync, which a later vsync supersedes anyway.
func (l *Loop) TryPost(fn func()) bool {
	select {
	case l.inbox <- fn:
	default:
		return false
	}
	select {
	case l.wake <- struct{}{}:
	default:
	}
	return true
}

// Stop ends Run after the current step. Call it on the loop's goroutine (or through Post).
func (l *Loop) Stop() { l.stopped = true }

// StopAt makes Run return at time t (ms since the time origin) at the latest. Unlike
// At(t, Stop) it is not work of its own: with StopWhenQuiet, Run still returns as soon as
// the page is quiet, without waiting for t. Call it on the loop's goroutine.
func (l *Loop) StopAt(t float64) { l.stopAt = t }

func (l *Loop) defineFunc(o *goja.Object, name string, length int, fn func(goja.FunctionCall) goja.Value) {
	f := l.rt.ToValue(fn).(*goja.Object)
	_ = f.DefineDataProperty("name", l.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = f.DefineDataProperty("length", l.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	// WebIDL operations are writable, enumerable and configurable (a page may redefine
	// window.setTimeout with Object.defineProperty).
	_ = o.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// mustCompile compiles one of the loop's own helper functions.
func (l *Loop) mustCompile(src string) goja.Callable {
	v, err := l.rt.RunString(src)
	if err != nil {
		panic("loop: helper does not compile: " + err.Error())
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		panic("loop: helper is not a function")
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
