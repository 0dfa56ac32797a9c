package loop

import "errors"

// The core that a second processing model (package node: libuv's phases) shares with the
// HTML one in this package: the realm and the one way into it (Call, with the watchdog and
// the microtask checkpoint goja runs when the outermost call returns), the clock (real or
// virtual), the trace, the console, and the inbox that other goroutines post into. These
// exports let another model drive them without going through Run's HTML steps.

// RunTask runs fn as one task of the given name: it is the current task while it runs (a
// watchdog stop names it), and it is a span in the trace. In step mode it is a task as
// Run's are: the queues view shows it running, and a task step ends after it.
func (l *Loop) RunTask(src Source, name string, fn func()) {
	t := &task{source: src, name: name, fn: fn, at: l.Now()}
	l.stepTaskStart(t)
	l.runTask(t)
	l.stepDone(StepTask)
}

// StepGate is a point between tasks where a paused loop waits (step mode), for a model
// that does not use Run (Run has its own). It does nothing without step mode.
func (l *Loop) StepGate() { l.stepGate() }

// StepDone tells step mode that the model finished something of kind k (StepPhase: a
// phase ended): a step that k completes ends there, and a paused loop waits.
func (l *Loop) StepDone(k StepKind) { l.stepDone(k) }

// StartWatchdog starts the watchdog for a model that does not use Run; the returned
// function stops it.
func (l *Loop) StartWatchdog() (stop func()) { return l.startWatchdog() }

// SleepUntil waits until page time t (ms; +Inf: until something is posted) or until
// something is posted to the inbox, whichever comes first. With a virtual clock it jumps.
func (l *Loop) SleepUntil(t float64) { l.sleepUntil(t) }

// DrainInbox runs what other goroutines posted (Post), on the loop's goroutine.
func (l *Loop) DrainInbox() { l.drainInbox() }

// ErrHalted is what a call into JS returns after Halt.
var ErrHalted = errors.New("halted")

// halt is the interrupt value Halt uses.
type halt struct{}

// Halt ends the JS that runs now at once, for good, and quietly (node's process.exit and
// its end on an uncaught exception): no microtask runs after it and nothing is reported;
// the outermost Call returns ErrHalted. Call it from a host function called by script.
func (l *Loop) Halt() {
	l.halted = true
	l.rt.Interrupt(halt{})
}

// Stopped reports whether Stop was called (a model that does not use Run ends then).
func (l *Loop) Stopped() bool { return l.stopped }

// Halted reports whether Halt was called.
func (l *Loop) Halted() bool { return l.halted }

// isHalt reports whether err is the interrupt of Halt.
func (l *Loop) isHalt(err error) bool {
	if !l.halted {
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
func (l *Loop) SetStopNote(note string) { l.stopNote = note }

func (l *Loop) afterStop() string {
	if l.stopNote != "" {
		return l.stopNote
	}
	return " The page goes on with its next task."
}
