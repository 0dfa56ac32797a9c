package agent

import (
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// StepKind is how far one press of a step key lets the loop run in step mode.
type StepKind uint8

// The step kinds, coarsest first but for StepFrame.
//
// goja drains its promise job queue in one go when a callback returns to an empty JS
// stack; the async context tracker (asynccontext.go) sees each job start, so the loop can
// stop between two microtasks by blocking the page's goroutine inside goja's drain, and at
// every host call that touches a queue or the log by blocking inside that call. The window
// keeps drawing meanwhile: it runs on its own goroutine, and the parked loop still answers
// posted requests (Inspect).
const (
	// StepTask runs until the next task has run (with its checkpoints), or the next
	// rendering update if that comes first.
	StepTask StepKind = iota + 1
	// StepCallback runs until the next callback from an empty JS stack has returned and the
	// microtask checkpoint after it has run (or a task or rendering update ended without one).
	StepCallback
	// StepFrame runs until the next rendering update ("update the rendering") has run.
	StepFrame
	// StepMicrotask runs until the next microtask is about to run (the stack is empty
	// between two microtasks), or a callback, task or rendering update ended first. It needs
	// EnableMicrotaskTracking; without it, it is StepCallback.
	StepMicrotask
	// StepHostCall runs until the next call that touches a queue or the log (console.log,
	// setTimeout, then and await, queueMicrotask, a mutation observer's notification, a
	// listener's dispatch, requestAnimationFrame, ...) has done its work, or a microtask
	// boundary, callback, task or rendering update came first. The loop waits inside the
	// call, with the page's JS stack as it is.
	StepHostCall
	// StepPhase runs until the next phase of a processing model that has phases (package
	// node: libuv's timers, pending callbacks, idle/prepare, poll, check, close callbacks)
	// has ended, empty or not (StepDone(StepPhase)). HTML's loop has none: for a page it
	// is StepFrame.
	StepPhase
)

func (k StepKind) String() string {
	switch k {
	case StepTask:
		return "task"
	case StepCallback:
		return "callback + microtasks"
	case StepFrame:
		return "frame"
	case StepMicrotask:
		return "microtask"
	case StepHostCall:
		return "queue or log call"
	case StepPhase:
		return "phase"
	}
	return "none"
}

// Stepper is step mode and the speed control of one loop: a clock around the loop's clock
// that stops while the loop is paused and runs slower when asked, and the gate where the
// loop waits while paused. Because page time does not advance while the loop waits, timers
// and rendering opportunities (on a page-time grid) come at the same page times as in a
// normal run, so stepping or slowing a page does not change what it prints.
//
// The loop's goroutine parks at the gate points of Run (between tasks, after a task, after a
// rendering update, and after a callback's checkpoint) and, with microtask tracking, inside
// JS: before each microtask and in the host calls that touch a queue or the log.
type Stepper struct {
	inner Clock
	wake  chan struct{} // the loop's wake channel

	mu             sync.Mutex
	frozen         bool
	frozenAt       time.Duration // page time while frozen
	base           time.Duration // page time at innerBase
	innerBase      time.Duration
	speed          float64
	pauseRequested bool
	budget         StepKind // the step in progress (0: none)

	parked   atomic.Bool
	parkedCh chan struct{}
	running  atomic.Pointer[Task]
	callback atomic.Pointer[string]
}

// EnableStepping puts a Stepper around the loop's clock and returns it. Call it before Run
// (and before any other goroutine uses the loop). Calling it again returns the same Stepper.
func (a *Agent) EnableStepping() *Stepper {
	if s := a.stepper(); s != nil {
		return s
	}
	s := &Stepper{inner: a.clock, wake: a.wake, speed: 1, parkedCh: make(chan struct{}, 1)}
	s.innerBase = a.clock.Now()
	s.base = s.innerBase
	a.clock = s
	a.mt.model = a.mt.on // microtask tracking now also models the queue
	return s
}

// Stepper returns the loop's Stepper, or nil when stepping is not enabled.
func (a *Agent) Stepper() *Stepper { return a.stepper() }

func (a *Agent) stepper() *Stepper {
	s, _ := a.clock.(*Stepper)
	return s
}

// pageAt converts a time of the inner clock to page time. Call with mu held.
func (s *Stepper) pageAt(inner time.Duration) time.Duration {
	if s.frozen {
		return s.frozenAt
	}
	return s.base + time.Duration(float64(inner-s.innerBase)*s.speed)
}

// Now implements Clock: page time, which stands still while the loop is parked.
func (s *Stepper) Now() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.frozen {
		return s.frozenAt
	}
	return s.pageAt(s.inner.Now())
}

// Sleep implements Clock: it converts the page-time deadline to the inner clock's time.
func (s *Stepper) Sleep(t time.Duration, wake <-chan struct{}) {
	s.mu.Lock()
	if s.frozen {
		s.mu.Unlock()
		<-wake
		return
	}
	d := float64(t - s.base)
	if s.speed != 1 {
		d /= s.speed
	}
	if d > float64(math.MaxInt64/2) {
		d = float64(math.MaxInt64 / 2)
	}
	innerT := s.innerBase + time.Duration(d)
	s.mu.Unlock()
	s.inner.Sleep(innerT, wake)
}

// SleepForever waits for a post; a shared virtual clock under the stepper is told (the
// other loops' jumps are not held back), unless the loop is parked (page time stands still).
func (s *Stepper) SleepForever(wake <-chan struct{}) {
	s.mu.Lock()
	frozen := s.frozen
	s.mu.Unlock()
	if f, ok := s.inner.(interface{ SleepForever(<-chan struct{}) }); ok && !frozen {
		f.SleepForever(wake)
		return
	}
	<-wake
}

// Woken passes a post's wake-up on to a shared virtual clock under the stepper.
func (s *Stepper) Woken() {
	if w, ok := s.inner.(interface{ Woken() }); ok {
		w.Woken()
	}
}

// Reset implements Clock.
func (s *Stepper) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inner.Reset()
	s.innerBase, s.base, s.frozenAt = s.inner.Now(), 0, 0
}

// Enter and Leave pass on to a clock that counts page time only while JS runs, and return
// its times as page time (Now's).
func (s *Stepper) Enter() (now, js time.Duration) {
	jc, ok := s.inner.(jsClock)
	if !ok {
		return s.Now(), 0
	}
	inner, js := jc.Enter()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pageAt(inner), js
}

// Leave: see Enter.
func (s *Stepper) Leave() time.Duration {
	jc, ok := s.inner.(jsClock)
	if !ok {
		return s.Now()
	}
	inner := jc.Leave()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pageAt(inner)
}

func (s *Stepper) freeze() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.frozen {
		s.frozenAt = s.pageAt(s.inner.Now())
		s.frozen = true
	}
}

func (s *Stepper) thaw() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.frozen {
		s.base, s.innerBase, s.frozen = s.frozenAt, s.inner.Now(), false
	}
}

func (s *Stepper) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Pause stops the loop at its next gate point (safe from any goroutine). A task that is
// running finishes first: the page's clock only stops once the loop has stopped.
func (s *Stepper) Pause() {
	s.mu.Lock()
	s.pauseRequested, s.budget = true, 0
	s.mu.Unlock()
	s.signal()
}

// Resume lets the loop run freely again.
func (s *Stepper) Resume() {
	s.mu.Lock()
	s.pauseRequested, s.budget = false, 0
	s.mu.Unlock()
	s.signal()
}

// Step lets a paused loop run one step of the given kind, then pause again. It pauses a
// running loop first.
func (s *Stepper) Step(k StepKind) {
	s.mu.Lock()
	s.pauseRequested, s.budget = true, k
	s.mu.Unlock()
	s.signal()
}

// SetSpeed makes page time run at f times real time (clamped to [0.01, 1]).
func (s *Stepper) SetSpeed(f float64) {
	if math.IsNaN(f) || f > 1 {
		f = 1
	}
	if f < 0.01 {
		f = 0.01
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.frozen {
		in := s.inner.Now()
		s.base, s.innerBase = s.pageAt(in), in
	}
	s.speed = f
}

// Speed is the current speed factor.
func (s *Stepper) Speed() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.speed
}

// PauseRequested reports whether the user has paused the loop (it may still be finishing a
// step or a task).
func (s *Stepper) PauseRequested() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pauseRequested
}

// Parked reports whether the loop is waiting at a gate point (page time stands still).
func (s *Stepper) Parked() bool { return s.parked.Load() }

// ParkedSignal receives a value each time the loop parks.
func (s *Stepper) ParkedSignal() <-chan struct{} { return s.parkedCh }

// shouldPark: the user paused and no step is in progress. Call with mu held.
func (s *Stepper) shouldPark() bool { return s.pauseRequested && s.budget == 0 }

// PausePending reports whether the user has paused the loop and no step is in progress: a
// wait that may end early (Node's poll phase) ends then, so the loop parks at once instead
// of when the wait is over. Call it on the agent's goroutine.
func (a *Agent) PausePending() bool {
	s := a.stepper()
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shouldPark()
}

// stepGate is a gate point: the loop parks here while paused.
func (a *Agent) stepGate() {
	s := a.stepper()
	if s == nil || a.stopped {
		return
	}
	s.mu.Lock()
	park := s.shouldPark()
	s.mu.Unlock()
	if park {
		if a.lastStop.Kind == StepHostCall || a.lastStop.Kind == StepMicrotask {
			a.lastStop = Stop{} // paused (Space) between iterations: JS ran to its end
		}
		a.park(s)
	}
}

// Stop is what the loop had just done at its last gate point: the queues view's line that
// names the step of the processing model (loop.Boxes.Step).
type Stop struct {
	// Kind: a task ran (StepTask), a callback returned and its checkpoint ran
	// (StepCallback), a rendering update ran (StepFrame), a microtask is about to run
	// (StepMicrotask), a host call touched a queue or the log (StepHostCall), a phase ended
	// (StepPhase); 0: nothing yet (the loop waits before its first task) or a gate between
	// iterations.
	Kind StepKind
	// What: the task's name as Jake gives it, the callback's name, the microtask's, or the
	// host call ("console.log", "setTimeout", "then", "then on a settled promise", "await",
	// "await on a settled promise", "queueMicrotask", "a listener", ...).
	What string
}

// LastStop is the loop's last gate point (on the loop's goroutine; step mode only).
func (a *Agent) LastStop() Stop { return a.lastStop }

// stepDone is called after the loop did something of kind k: a step in progress that k
// completes ends, and the loop parks.
func (a *Agent) stepDone(k StepKind) { a.stepDoneWhat(k, "") }

// stepDoneWhat is stepDone with what it was (a microtask's or a host call's name) for
// LastStop.
func (a *Agent) stepDoneWhat(k StepKind, what string) {
	s := a.stepper()
	if s == nil {
		return
	}
	switch k {
	case StepTask:
		if t := s.running.Load(); t != nil {
			what = jakeTaskName(t)
		}
	case StepCallback:
		if c := s.callback.Load(); c != nil {
			what = *c
		}
	}
	a.lastStop = Stop{Kind: k, What: what}
	if k == StepTask {
		s.running.Store(nil)
	}
	if k == StepTask || k == StepCallback {
		s.callback.Store(nil)
	}
	if a.stopped {
		return
	}
	s.mu.Lock()
	done := false
	switch s.budget {
	case StepTask:
		done = k == StepTask || k == StepFrame
	case StepCallback:
		done = k == StepTask || k == StepFrame || k == StepCallback
	case StepFrame:
		done = k == StepFrame
	case StepMicrotask:
		done = k != StepHostCall
	case StepHostCall:
		done = true
	case StepPhase:
		done = k == StepPhase || k == StepFrame
	}
	if done {
		s.budget = 0
	}
	park := s.shouldPark()
	s.mu.Unlock()
	if park {
		a.park(s)
	}
}

// stepTaskStart records the task that runs now (for the queues view).
func (a *Agent) stepTaskStart(t *Task) {
	if s := a.stepper(); s != nil {
		s.running.Store(t)
	}
}

// stepCallbackDone is the gate point after a callback from an empty stack and its microtask
// checkpoint (call it where callFromEmptyStack ends).
func (a *Agent) stepCallbackDone() { a.stepDone(StepCallback) }

// stepHostCall is the gate point inside a host call that touched a queue or the log; what
// names the call.
func (a *Agent) stepHostCall(what string) { a.stepDoneWhat(StepHostCall, what) }

// park waits, with page time frozen, until a step or Resume (or Stop). Input posted
// meanwhile is taken from the inbox, so it shows up in the task queues. Parked inside JS,
// the watchdog does not count the wait.
func (a *Agent) park(s *Stepper) {
	if a.depth > 0 || a.mt.running != nil {
		a.wd.pauseCall()
		defer a.wd.resumeCall()
	}
	s.freeze()
	s.parked.Store(true)
	select {
	case s.parkedCh <- struct{}{}:
	default:
	}
	for {
		a.DrainInbox()
		s.mu.Lock()
		park := s.shouldPark()
		s.mu.Unlock()
		if !park || a.stopped {
			break
		}
		<-a.wake
	}
	s.parked.Store(false)
	s.thaw()
}
