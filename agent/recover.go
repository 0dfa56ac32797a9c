package agent

import (
	"fmt"
	"runtime"
	"strings"

	"runtime/metrics"

	"github.com/dop251/goja"
)

// liveHeapBytes is the Go heap live at the end of the last GC.
func liveHeapBytes() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// recoveries is what the loop keeps to recover from a call into JS that ended abruptly
// (a watchdog interrupt, a stack overflow, a Go panic): goja then drops every pending
// promise job, including the host's own microtasks.
type recoveries struct {
	hostJobs []*hostJob // host microtasks queued and not yet run, in order
	dropped  []func()   // host microtasks dropped by an abrupt end, to queue again
	broken   bool       // the realm no longer runs its jobs: no more JS runs

	rangeError goja.Constructor // the realm's own RangeError (stack overflows are reported as one)
	// The realm's own SyntaxError: a script that does not compile is reported with one.
	syntaxError goja.Constructor
}

// hostJob is a host microtask (e.g. "notify mutation observers") while it is queued.
type hostJob struct {
	fn   func()
	done bool
}

// trackHostMicrotask wraps a host microtask so that, if goja drops it, it is queued again:
// a dropped "notify mutation observers" would leave MutationObserver silent for good.
func (a *Agent) trackHostMicrotask(fn func()) func() {
	j := &hostJob{fn: fn}
	a.recovery.hostJobs = append(a.recovery.hostJobs, j)
	return func() {
		j.done = true
		jobs := a.recovery.hostJobs
		i := 0
		for i < len(jobs) && jobs[i].done {
			jobs[i] = nil
			i++
		}
		a.recovery.hostJobs = jobs[i:]
		j.fn()
	}
}

// Broken reports whether the page's realm was left unusable (it no longer runs its jobs, or
// the page keeps more than -max-heap reachable): Run has returned and no more JS runs. The
// window then reloads the page in a fresh realm. Call it once Run has returned.
func (a *Agent) Broken() bool { return a.recovery.broken }

// scriptStopped is a call the watchdog stopped, ready to report.
type scriptStopped struct{ msg string }

func (e *scriptStopped) Error() string { return e.msg }

// internalError is a Go panic caught at the boundary of a call into JS.
type internalError struct{ msg string }

func (e *internalError) Error() string { return e.msg }

// endAbruptCall runs when an outermost call into JS ended with an error goja cannot catch
// (interrupt, stack overflow) or a Go panic (panicked non-nil): it checks that the realm
// still runs its jobs, remembers the host microtasks goja dropped, and turns the error into
// the line to report.
func (a *Agent) endAbruptCall(err error, panicked any, stop *stopReason, p pendingCall) error {
	a.clearInterrupt()
	if ie, ok := findError[*goja.InterruptedError](err); ok && stop == nil && a.wd.timeout > 0 {
		if _, regexp := ie.Value().(*goja.RegexpTimeoutError); regexp {
			// A regular expression match past its bound (BoundRegexpMatching: the watchdog
			// cannot interrupt a match, and on a loaded machine under virtual time the match's
			// wall-clock bound can come before the watchdog's JS-time one): the same stop.
			stop = &stopReason{timeout: a.wd.timeout}
		}
	}
	if panicked == nil && a.isHalt(err) {
		return ErrHalted // core.go: a deliberate end, nothing to check or report
	}
	// An interrupt or a stack overflow ends with goja's "leave abruptly": every pending
	// promise job is dropped. A Go panic leaves them queued: they run now, in the checkpoint
	// the panic skipped. Either way a host microtask that has not run after it was dropped:
	// it is queued again.
	a.wd.startCall()
	ok := a.realmWorks()
	a.wd.endCall()
	a.clearInterrupt()
	for _, j := range a.recovery.hostJobs {
		if !j.done {
			a.recovery.dropped = append(a.recovery.dropped, j.fn)
		}
	}
	a.recovery.hostJobs = a.recovery.hostJobs[:0]
	var msg string
	switch {
	case panicked != nil:
		msg = fmt.Sprintf("internal error in %s: %v%s", a.describeCall(p), panicked, panicSite())
	case stop != nil:
		msg = fmt.Sprintf("Script stopped: %s %s Its pending microtasks (promise reactions) were dropped.", a.describeCall(p), stop)
		// For the instruments (the HUD shows the newest): "script stopped after 5s (-script-timeout): task "…"".
		a.trace.instant(KindScriptStopped, fmt.Sprintf("script stopped %s: %s", stop.short(), a.describeCall(p)), a.Now())
	default:
		if _, overflow := findError[*goja.StackOverflowError](err); overflow {
			return err // reported as Chrome does: Uncaught RangeError
		}
		if ie, interrupted := findError[*goja.InterruptedError](err); interrupted {
			msg = fmt.Sprintf("Script stopped in %s: %v", a.describeCall(p), ie.Value())
		} else {
			msg = fmt.Sprintf("internal error in %s: %v", a.describeCall(p), err)
		}
	}
	if stop != nil && stop.heap > 0 {
		// Collect now, so the watchdog's view of the live heap is fresh for the next call:
		// what the stopped script allocated is usually garbage now. If the page itself
		// keeps it reachable, every later call would be stopped at once: stop the page.
		runtime.GC()
		if live := liveHeapBytes(); live > uint64(stop.heap) {
			ok = false
			msg += fmt.Sprintf(" The page still keeps %s reachable, over the limit.", formatBytes(live))
		}
	}
	switch {
	case !ok:
		a.recovery.broken = true
		a.stopped = true
		msg += " The page's scripts cannot go on: the page stops here; reload it."
	case panicked != nil:
		msg += "; the page goes on with its next task"
	case stop != nil:
		msg += a.afterStop()
	}
	if panicked != nil {
		return &internalError{msg}
	}
	return &scriptStopped{msg}
}

// requeueDroppedMicrotasks queues again the host microtasks an abrupt end dropped, from a
// task of their own: the loop goes on with its next task first (a MutationObserver whose
// callback mutates what it observes, for ever, is stopped again and again, not in a loop
// that never lets anything else run).
func (a *Agent) requeueDroppedMicrotasks() {
	d := a.recovery.dropped
	a.recovery.dropped = nil
	if len(d) == 0 {
		return
	}
	a.queueTask("microtasks dropped by a stopped script", func() {
		for _, fn := range d {
			a.QueueMicrotask(fn)
		}
	})
}

// describeCall names what ran, for a report: the task, and the callback when it has a name.
func (a *Agent) describeCall(p pendingCall) string {
	cb := p.name(a)
	if a.currentTask == nil {
		if cb == "(callback)" || cb == "" {
			return "a callback of update the rendering (requestAnimationFrame?)"
		}
		return fmt.Sprintf("callback %q (outside any task: update the rendering)", cb)
	}
	if cb == "script" || cb == "(callback)" || cb == "" {
		return fmt.Sprintf("task %q", a.currentTask.Name)
	}
	return fmt.Sprintf("task %q (callback %q)", a.currentTask.Name, cb)
}

// panicSite is " (at function file:line)" for the loopscope function that panicked, seen
// from a deferred recover ("" when the panic was re-raised by goja, which loses the site).
func panicSite() string {
	pc := make([]uintptr, 32)
	n := runtime.Callers(3, pc)
	frames := runtime.CallersFrames(pc[:n])
	afterPanic := false
	for {
		f, more := frames.Next()
		if afterPanic && !strings.HasPrefix(f.Function, "runtime.") {
			if !strings.HasPrefix(f.Function, "loopscope/") {
				return ""
			}
			return fmt.Sprintf(" (at %s %s:%d)", f.Function, shortFile(f.File), f.Line)
		}
		if f.Function == "runtime.gopanic" || strings.HasPrefix(f.Function, "runtime.panic") {
			afterPanic = true
		}
		if !more {
			return ""
		}
	}
}

func shortFile(f string) string {
	if i := strings.LastIndex(f, "/"); i >= 0 {
		if j := strings.LastIndex(f[:i], "/"); j >= 0 {
			return f[j+1:]
		}
	}
	return f
}

// realmWorks checks that the realm still drains its job queue: a host microtask queued
// from an empty stack must run before the call returns.
func (a *Agent) realmWorks() bool {
	ran := false
	a.enqueueJob(func() { ran = true })
	if _, err := a.emptyCall(goja.Undefined()); err != nil {
		return false
	}
	return ran
}
