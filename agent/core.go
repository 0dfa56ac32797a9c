package agent

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// RunTask runs steps as one task: it is the current task while it runs (a watchdog stop
// names it), and it is a span in the trace. In step mode the queues view shows it running,
// and a task step ends after it. This is the event loop processing model's steps 2.5-2.7
// (and, for a long task, step 4's report), shared by every event loop on the agent.
func (a *Agent) RunTask(t *Task, steps func()) {
	a.stepTaskStart(t)
	a.runTask(t, steps)
	a.stepDone(StepTask)
}

// runTask runs one task: processing model steps 2.5-2.7 and, for a long one, step 4
// ("report long tasks"); it records the task in the trace.
func (a *Agent) runTask(t *Task, steps func()) {
	// 2.5. "Set the event loop's currently running task to oldestTask."
	outer := a.currentTask
	a.currentTask = t
	start := a.Now()
	// 2.6. "Perform oldestTask's steps."
	func() {
		defer func() {
			if r := recover(); r != nil {
				a.console.Error(fmt.Sprintf("internal error in task %q: %v", t.Name, r))
			}
		}()
		steps()
	}()
	// 2.7. "Set the event loop's currently running task back to null."
	a.currentTask = outer
	end := a.Now()
	a.stats.Tasks++
	a.trace.add(Span{Kind: KindTask, Name: t.Name, Source: t.Source, Start: start, End: end})
	if end-start > 50 {
		a.stats.LongTasks++
		a.trace.add(Span{Kind: KindLongTask, Name: t.Name, Source: t.Source, Start: start, End: end})
		// The observers' own delivery is not reported: on a starved machine a slow delivery
		// would report itself and queue another delivery, forever.
		if t.Name != perfObserverTask {
			a.reportLongTask(start, end)
		}
	}
}

// CurrentTask is the task RunTask runs now (nil: none).
func (a *Agent) CurrentTask() *Task { return a.currentTask }

// StepGate is a point between tasks where a paused agent waits (step mode). It does
// nothing without step mode.
func (a *Agent) StepGate() { a.stepGate() }

// StepDone tells step mode that the event loop finished something of kind k (StepPhase: a
// phase ended, StepFrame: a rendering update): a step that k completes ends there, and a
// paused agent waits.
func (a *Agent) StepDone(k StepKind) { a.stepDone(k) }

// StepDoneAt is StepDone for a host call (StepHostCall) that names itself ("setTimeout"),
// for the stop's line (LastStop).
func (a *Agent) StepDoneAt(k StepKind, what string) { a.stepDoneWhat(k, what) }

// StartWatchdog starts the watchdog for the duration of an event loop's run; the returned
// function stops it.
func (a *Agent) StartWatchdog() (stop func()) { return a.startWatchdog() }

// SleepUntil waits until page time t (ms; +Inf: until something is posted) or until
// something is posted to the inbox, whichever comes first. With a virtual clock it jumps.
// With progress, a virtual clock that did not move (a wake time that rounding put at or
// before now) is nudged 1 µs, so an event loop can never spin without time passing (an
// event loop whose opportunities are posted from outside, a real display's, waits instead).
func (a *Agent) SleepUntil(t float64, progress bool) {
	if math.IsInf(t, 1) {
		if f, ok := a.clock.(interface{ SleepForever(<-chan struct{}) }); ok {
			f.SleepForever(a.wake) // a shared virtual clock: the others may jump meanwhile
			return
		}
		<-a.wake
		return
	}
	before := a.clock.Now()
	a.clock.Sleep(dur(t), a.wake)
	if progress && a.clock.Now() == before {
		a.clock.Sleep(before+time.Microsecond, nil)
	}
}

// DrainInbox runs what other goroutines posted (Post), on the agent's goroutine.
func (a *Agent) DrainInbox() {
	for {
		select {
		case fn := <-a.inbox:
			fn()
		default:
			return
		}
	}
}

// ErrHalted is what a call into JS returns after Halt.
var ErrHalted = errors.New("halted")

// halt is the interrupt value Halt uses.
type halt struct{}

// Halt ends the JS that runs now at once, for good, and quietly (node's process.exit and
// its end on an uncaught exception): no microtask runs after it and nothing is reported;
// the outermost Call returns ErrHalted. Call it from a host function called by script.
func (a *Agent) Halt() {
	a.halted = true
	a.interrupt(halt{})
}

// Stopped reports whether Stop or Terminate was called (the event loop ends then).
func (a *Agent) Stopped() bool { return a.stopped || a.terminated.Load() }

// Terminate ends the agent for good, from any goroutine (HTML "terminate a worker": "abort
// the script currently running in the worker", and the event loop runs no task after it).
// The JS that runs now is interrupted quietly, as Halt's is; no call into JS starts after
// it; the event loop returns from Run when it next looks (a sleeping one is woken).
func (a *Agent) Terminate() {
	if a.terminated.Swap(true) {
		return
	}
	a.interrupt(halt{})
	a.markWoken() // a shared virtual clock's sleep ends, whatever channel it listens to
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// Terminated reports whether Terminate was called.
func (a *Agent) Terminated() bool { return a.terminated.Load() }

// Halted reports whether Halt was called.
func (a *Agent) Halted() bool { return a.halted }

// isHalt reports whether err is the interrupt of Halt.
func (a *Agent) isHalt(err error) bool {
	if !a.halted && !a.terminated.Load() {
		return false
	}
	var ie interface{ Value() any }
	if errors.As(err, &ie) {
		_, ok := ie.Value().(halt)
		return ok
	}
	return false
}

// SetStopNote replaces what a watchdog stop line says happens next (" The page goes on
// with its next task."): the Node profile ends the process instead.
func (a *Agent) SetStopNote(note string) { a.stopNote = note }

func (a *Agent) afterStop() string {
	if a.stopNote != "" {
		return a.stopNote
	}
	return " The page goes on with its next task."
}
