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
func (l *Agent) trackHostMicrotask(fn func()) func() {
	j := &hostJob{fn: fn}
	l.recovery.hostJobs = append(l.recovery.hostJobs, j)
	return func() {
		j.done = true
		jobs := l.recovery.hostJobs
		i := 0
		for i < len(jobs) && jobs[i].done {
			jobs[i] = nil
			i++
		}
		l.recovery.hostJobs = jobs[i:]
		j.fn()
	}
}

// Broken reports whether the page's realm was left unusable (it no longer runs its jobs, or
// the page keeps more than -max-heap reachable): Run has returned and no more JS runs. The
// window then reloads the page in a fresh realm. Call it once Run has returned.
func (l *Agent) Broken() bool { return l.recovery.broken }

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
func (l *Agent) endAbruptCall(err error, panicked any, stop *stopReason, p pendingCall) error {
	l.clearInterrupt()
	if ie, ok := findError[*goja.InterruptedError](err); ok && stop == nil && l.wd.timeout > 0 {
		if _, regexp := ie.Value().(*goja.RegexpTimeoutError); regexp {
			// A regular expression match past its bound (BoundRegexpMatching: the watchdog
			// cannot interrupt a match, and on a loaded machine under virtual time the match's
			// wall-clock bound can come before the watchdog's JS-time one): the same stop.
			stop = &stopReason{timeout: l.wd.timeout}
		}
	}
	if panicked == nil && l.isHalt(err) {
		return ErrHalted // core.go: a deliberate end, nothing to check or report
	}
	// An interrupt or a stack overflow ends with goja's "leave abruptly": every pending
	// promise job is dropped. A Go panic leaves them queued: they run now, in the checkpoint
	// the panic skipped. Either way a host microtask that has not run after it was dropped:
	// it is queued again.
	l.wd.startCall()
	ok := l.realmWorks()
	l.wd.endCall()
	l.clearInterrupt()
	for _, j := range l.recovery.hostJobs {
		if !j.done {
			l.recovery.dropped = append(l.recovery.dropped, j.fn)
		}
	}
	l.recovery.hostJobs = l.recovery.hostJobs[:0]
	var msg string
	switch {
	case panicked != nil:
		msg = fmt.Sprintf("internal error in %s: %v%s", l.describeCall(p), panicked, panicSite())
	case stop != nil:
		msg = fmt.Sprintf("Script stopped: %s %s Its pending microtasks (promise reactions) were dropped.", l.describeCall(p), stop)
		// For the instruments (the HUD shows the newest): "script stopped after 5s (-script-timeout): task "…"".
		l.trace.instant(KindScriptStopped, fmt.Sprintf("script stopped %s: %s", stop.short(), l.describeCall(p)), l.Now())
	default:
		if _, overflow := findError[*goja.StackOverflowError](err); overflow {
			return err // reported as Chrome does: Uncaught RangeError
		}
		if ie, interrupted := findError[*goja.InterruptedError](err); interrupted {
			msg = fmt.Sprintf("Script stopped in %s: %v", l.describeCall(p), ie.Value())
		} else {
			msg = fmt.Sprintf("internal error in %s: %v", l.describeCall(p), err)
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
		l.recovery.broken = true
		l.stopped = true
		msg += " The page's scripts cannot go on: the page stops here; reload it."
	case panicked != nil:
		msg += "; the page goes on with its next task"
	case stop != nil:
		msg += l.afterStop()
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
func (l *Agent) requeueDroppedMicrotasks() {
	d := l.recovery.dropped
	l.recovery.dropped = nil
	if len(d) == 0 {
		return
	}
	l.queueTask("microtasks dropped by a stopped script", func() {
		for _, fn := range d {
			l.QueueMicrotask(fn)
		}
	})
}

// describeCall names what ran, for a report: the task, and the callback when it has a name.
func (l *Agent) describeCall(p pendingCall) string {
	cb := p.name(l)
	if l.currentTask == nil {
		if cb == "(callback)" || cb == "" {
			return "a callback of update the rendering (requestAnimationFrame?)"
		}
		return fmt.Sprintf("callback %q (outside any task: update the rendering)", cb)
	}
	if cb == "script" || cb == "(callback)" || cb == "" {
		return fmt.Sprintf("task %q", l.currentTask.Name)
	}
	return fmt.Sprintf("task %q (callback %q)", l.currentTask.Name, cb)
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
func (l *Agent) realmWorks() bool {
	ran := false
	l.enqueueJob(func() { ran = true })
	if _, err := l.emptyCall(goja.Undefined()); err != nil {
		return false
	}
	return ran
}
