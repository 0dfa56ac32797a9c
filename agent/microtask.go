package agent

import (
	"github.com/dop251/goja"
)

// Host microtasks go into goja's job queue itself (enqueueJob, goja's Runtime.EnqueueJob), so
// they run in one first-in, first-out order with promise jobs, as HTML's single microtask queue
// has them. The job runs as a host function called from script does: the calls into JS it makes
// are nested ones, with no checkpoint of their own.

// installMicrotasks prepares the call that runs a microtask queued with no JS on the stack.
func (l *Agent) installMicrotasks() {
	l.emptyCall = l.mustCompile(`(function () { return function checkpoint() {} })`)
}

// QueueMicrotaskValue queues the JS function cb as a microtask (HTML "queue a microtask": the
// window's queueMicrotask); an exception it throws is reported. It reports false, and queues
// nothing, when cb is not callable (queueMicrotask's caller then throws its TypeError).
func (l *Agent) QueueMicrotaskValue(cb goja.Value) bool {
	// A page that queues one function many times gets its callable once (goja's
	// AssertFunction makes a closure each time it is asked).
	fn := l.lastMicrotaskFn
	if cb != l.lastMicrotaskCb || fn == nil {
		var ok bool
		if fn, ok = goja.AssertFunction(cb); !ok {
			return false
		}
		l.lastMicrotaskCb, l.lastMicrotaskFn = cb, fn
	}
	var name string
	if l.mt.on {
		name = l.functionName(cb)
	}
	l.queueMicrotask("queueMicrotask", name, func() {
		if _, err := fn(goja.Undefined()); err != nil {
			if isUncatchable(err) {
				panic(err) // an interrupt or a stack overflow ends the checkpoint, as in a promise job
			}
			l.ReportException(err)
		}
	})
	return true
}

// https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-microtask
func (l *Agent) queueMicrotask(name, fn string, run func()) {
	l.stats.Microtasks++
	if l.mt.on {
		m := l.registerHostMicrotask(name, fn)
		l.enqueueJob(func() {
			l.microtaskStarts(m)
			run()
			l.microtaskEnds()
		})
	} else {
		l.enqueueJob(run)
	}
	if l.depth == 0 {
		// Queued from the host with no JS running: a call's own checkpoint runs it at once.
		if _, err := l.Call(l.emptyCall, goja.Undefined()); err != nil {
			l.ReportException(err)
		}
	}
}

// QueueMicrotask queues a host microtask; it runs in FIFO order with promise jobs, and with
// JS on the stack (a callback it makes gets no checkpoint). The DOM queues one kind: "notify
// mutation observers", which Jake Archibald calls "Mutation observers" (QueueNamedMicrotask
// names others).
func (l *Agent) QueueMicrotask(fn func()) { l.QueueNamedMicrotask("Mutation observers", fn) }

// QueueNamedMicrotask is QueueMicrotask with the name the trace and the queues view show.
func (l *Agent) QueueNamedMicrotask(name string, fn func()) {
	l.queueMicrotask(name, "", l.trackHostMicrotask(fn)) // recover.go: queued again if dropped
}
