// Package loop is HTML's event loops over an agent (package agent: the goroutine and the goja
// runtime): task queues by source, timers, and for a window event loop animation frames,
// rendering opportunities and idle periods, with a trace of everything that ran. The loop's
// Type decides which steps of the processing model run (HTML "event loop" types; Ladybird's
// EventLoop::Type does the same).
//
// One goroutine (the one that calls Run) owns the agent and everything else here; other
// goroutines only talk to the loop through Post.
package loop

import (
	"time"

	"github.com/dop251/goja"

	"loopscope/agent"
)

// Type is the kind of an event loop (https://html.spec.whatwg.org/multipage/webappapis.html#event-loop):
// it decides which steps of the processing model run.
type Type int

const (
	// Window is a window event loop: tasks, timers, animation frames, rendering
	// opportunities and idle periods.
	Window Type = iota
	// Worker is a worker event loop: tasks and timers, no rendering, and the step that
	// ends the loop once its global's closing flag is set (package page runs workers on it).
	Worker
)

func (t Type) String() string {
	if t == Worker {
		return "worker"
	}
	return "window"
}

// Options configure a Loop.
type Options struct {
	Type    Type    // default: Window
	Clock   Clock   // default: a real clock
	Display Display // default: a simulated 60 Hz display (a window event loop's)
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
type ErrorReporter = agent.ErrorReporter

// Loop is one event loop over its agent. The agent's exports (Call, Now, Post, Trace,
// Stepper, ...) are the loop's.
type Loop struct {
	*agent.Agent
	rt      *goja.Runtime // the agent's
	typ     Type
	display Display

	queues      [numSources]taskQueue
	seq         uint64
	currentTask *task

	due        dueHeap     // page timers and host work, by (due time, sequence): due.go
	dueTimers  []*dueEntry // runDueWork's scratch list
	timerCount int         // active timers of every global (MaxTimers)

	// window is the top-level window's (or the worker's) timers and animation frame
	// callbacks; frameWindows the iframe windows whose callbacks wait for the next frame
	// (windowglobals.go), windowsMade a count of them all, runningFrame the window whose
	// animation frame callbacks run now (nil: none).
	window       *global
	frameWindows []*global
	timerWindows []*global // the iframe windows that have had timers (forgetInactiveWindows)
	// windowsByObject are the iframe windows by global object (thisGlobal), those no longer
	// fully active forgotten as windows are made.
	windowsByObject map[*goja.Object]*global
	windowsMade     int
	runningFrame    *global
	topRealm        *goja.Realm // the runtime's first realm: the top-level window's

	renderer    Renderer
	idle        IdleScheduler
	errors      ErrorReporter
	neededSince float64     // when rendering became needed (ms); -1: not needed
	frames      int         // rendering updates (Stats.Frames)
	closing     bool        // a worker global's closing flag (SetClosing)
	keepAlive   func() bool // SetKeepAlive
	onQuiet     func(bool)  // SetQuietNotifier
	// renderingStep is the step of "update the rendering" that runs now ("14. run the
	// animation frame callbacks"; "": none), for the stop's line (specstep.go).
	renderingStep string

	rejections  rejectionTracker
	stopAt      float64 // Run returns at this time (ms) at the latest; 0: no limit (StopAt)
	maxTimers   int     // MaxTimers
	documentURL string  // what a setTimeout string's syntax error names (SetDocumentURL)
}

// Stats are counters of what the loop did.
type Stats = agent.Stats

// New creates an event loop of opts.Type over a fresh agent, with the loop's globals
// installed: queueMicrotask, timers, for a window requestAnimationFrame, console and
// performance (in that order: the order of the global's own properties).
func New(opts Options) *Loop {
	if opts.Display == nil && opts.Type == Window {
		opts.Display = NewSimulatedDisplay(60)
	}
	if opts.MaxTimers == 0 {
		opts.MaxTimers = MaxActiveTimers
	}
	a := agent.New(agent.Options{
		Clock:         opts.Clock,
		Mode:          opts.Mode,
		Console:       opts.Console,
		ScriptTimeout: opts.ScriptTimeout,
		TraceCapacity: opts.TraceCapacity,
		MaxStackSize:  opts.MaxStackSize,
		MaxHeap:       opts.MaxHeap,
	})
	l := &Loop{
		Agent:       a,
		rt:          a.Runtime(),
		typ:         opts.Type,
		display:     opts.Display,
		window:      newGlobal(nil, nil),
		maxTimers:   opts.MaxTimers,
		neededSince: -1,
	}
	a.SetHooks(agent.Hooks{
		Checkpoint: l.microtaskCheckpointSteps,
		QueueTask: func(name string, fn func()) {
			l.QueueTask(SourceDOMManipulation, name, fn)
		},
	})
	l.topRealm = l.rt.CurrentRealm()
	l.installRejectionTracker()
	g := l.rt.GlobalObject()
	l.window.object = g
	l.installQueueMicrotask(g, l.window)
	l.installTimers(g, l.window)
	if l.typ == Window {
		l.installAnimationFrames(g, l.window)
	}
	a.InstallConsole()
	a.InstallPerformance(l.typ == Window)
	if a.Mode() == ModeLegacyPromiseTasks {
		l.installLegacyPromiseTasks()
	}
	return l
}

// Type is the loop's type (window or worker).
func (l *Loop) Type() Type { return l.typ }

// Stats returns counters of what the loop did so far.
func (l *Loop) Stats() Stats {
	s := l.Agent.Stats()
	s.Frames = l.frames
	return s
}

// SetRenderer installs the rendering engine used by "update the rendering".
func (l *Loop) SetRenderer(r Renderer) { l.renderer = r }

// SetIdleScheduler installs requestIdleCallback's scheduler.
func (l *Loop) SetIdleScheduler(s IdleScheduler) { l.idle = s }

// SetErrorReporter installs the window that error events are fired at.
func (l *Loop) SetErrorReporter(r ErrorReporter) {
	l.errors = r
	l.Agent.SetErrorReporter(r)
}

// StopAt makes Run return at time t (ms since the time origin) at the latest. Unlike
// At(t, Stop) it is not work of its own: with StopWhenQuiet, Run still returns as soon as
// the page is quiet, without waiting for t. Call it on the loop's goroutine.
func (l *Loop) StopAt(t float64) { l.stopAt = t }

// SetDocumentURL tells the loop the document's URL: the file a syntax error in a string
// passed to setTimeout or setInterval names.
func (l *Loop) SetDocumentURL(u string) { l.documentURL = u }
