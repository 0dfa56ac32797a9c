package agent

import (
	"github.com/dop251/goja"
)

// Host microtasks go into goja's job queue itself (enqueueJob, goja's Runtime.EnqueueJob), so
// they run in one first-in, first-out order with promise jobs, as HTML's single microtask queue
// has them. The job runs as a host function called from script does: the calls into JS it makes
// are nested ones, with no checkpoint of their own.

// installMicrotasks prepares the call that runs a microtask queued with no JS on the stack.
func (a *Agent) installMicrotasks() {
	a.emptyCall = a.mustCompile(`(function () { return function checkpoint() {} })`)
}

// QueueMicrotaskValue queues the JS function cb as a microtask (HTML "queue a microtask": the
// window's queueMicrotask); an exception it throws is reported. It reports false, and queues
// nothing, when cb is not callable (queueMicrotask's caller then throws its TypeError).
func (a *Agent) QueueMicrotaskValue(cb goja.Value) bool { return a.QueueMicrotaskValueAt(nil, cb) }

// QueueMicrotaskValueAt is QueueMicrotaskValue for a callback whose exception is reported at
// the global object target (nil: the agent's window).
func (a *Agent) QueueMicrotaskValueAt(target ErrorTarget, cb goja.Value) bool {
	// A page that queues one function many times gets its callable once (goja's
	// AssertFunction makes a closure each time it is asked).
	fn := a.lastMicrotaskFn
	if cb != a.lastMicrotaskCb || fn == nil {
		var ok bool
		if fn, ok = goja.AssertFunction(cb); !ok {
			return false
		}
		a.lastMicrotaskCb, a.lastMicrotaskFn = cb, fn
	}
	var name string
	if a.mt.on {
		name = a.functionName(cb)
	}
	if target != nil {
		a.queueMicrotask("queueMicrotask", name, func() {
			if ScriptsMayRun(target) { // a removed iframe's function does not run
				a.at(target, func() { a.runMicrotaskCallback(fn) })
			}
		})
	} else {
		a.queueMicrotask("queueMicrotask", name, func() {
			if _, inAnother := a.errors.(errorsAt); inAnother {
				// Run by the checkpoint after another global's callback: still reported at
				// the agent's window.
				a.atAgentWindow(func() { a.runMicrotaskCallback(fn) })
				return
			}
			a.runMicrotaskCallback(fn)
		})
	}
	return true
}

// runMicrotaskCallback calls the callback of queueMicrotask and reports its exception.
func (a *Agent) runMicrotaskCallback(fn goja.Callable) {
	if _, err := fn(goja.Undefined()); err != nil {
		if isUncatchable(err) {
			panic(err) // an interrupt or a stack overflow ends the checkpoint, as in a promise job
		}
		a.ReportException(err)
	}
}

// https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-microtask
func (a *Agent) queueMicrotask(name, fn string, run func()) {
	a.stats.Microtasks++
	if a.mt.on {
		m := a.registerHostMicrotask(name, fn)
		a.enqueueJob(func() {
			a.microtaskStarts(m)
			run()
			a.microtaskEnds()
		})
	} else {
		a.enqueueJob(run)
	}
	if a.depth == 0 {
		// Queued from the host with no JS running: a call's own checkpoint runs it at once.
		if _, err := a.Call(a.emptyCall, goja.Undefined()); err != nil {
			a.ReportException(err)
		}
	}
}

// QueueMicrotask queues a host microtask; it runs in FIFO order with promise jobs, and with
// JS on the stack (a callback it makes gets no checkpoint). The DOM queues one kind: "notify
// mutation observers", which Jake Archibald calls "Mutation observers" (QueueNamedMicrotask
// names others).
func (a *Agent) QueueMicrotask(fn func()) { a.QueueNamedMicrotask("Mutation observers", fn) }

// QueueNamedMicrotask is QueueMicrotask with the name the trace and the queues view show.
func (a *Agent) QueueNamedMicrotask(name string, fn func()) {
	a.queueMicrotask(name, "", a.trackHostMicrotask(fn)) // recover.go: queued again if dropped
}
