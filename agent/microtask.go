package agent

import (
	"github.com/dop251/goja"
)

// installMicrotasks prepares the way host microtasks are queued.
//
// Goja has no public API to put a host job into its promise job queue, so a microtask is
// queued as a reaction on an already-resolved private promise through the original
// Promise.prototype.then: it keeps exact FIFO order with promise jobs. The reaction runs the
// callback inside a JS frame (so callbacks it makes into JS do not re-enter goja's drain)
// and reports exceptions instead of turning them into rejections.
func (l *Agent) installMicrotasks() {
	mk := l.mustCompile(`(function (report) {
		// The realm's own built-ins, captured now: the page may replace them later
		// (Function.prototype.call = null must not break queueMicrotask).
		const then = Promise.prototype.then, resolved = Promise.resolve(), apply = Reflect.apply;
		return function queue(cb) {
			apply(then, resolved, [function () { try { cb() } catch (e) { report(e) } }]);
		};
	})`)
	report := l.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		l.reportValue(c.Argument(0), nil)
		return goja.Undefined()
	})
	v, err := mk(goja.Undefined(), report)
	if err != nil {
		panic("loop: microtask helper: " + err.Error())
	}
	l.microtaskOf, _ = goja.AssertFunction(v)
}

// QueueMicrotaskValue queues the JS function cb as a microtask (HTML "queue a microtask": the
// window's queueMicrotask). Call NoteHostMicrotask("queueMicrotask") first, for the tracker.
func (l *Agent) QueueMicrotaskValue(cb goja.Value) { l.queueMicrotaskValue(cb) }

// https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-microtask
func (l *Agent) queueMicrotaskValue(cb goja.Value) {
	l.stats.Microtasks++
	if l.depth > 0 {
		if _, err := l.microtaskOf(goja.Undefined(), cb); err != nil {
			l.ReportException(err)
		}
		return
	}
	// Queued from the host with no JS running: the call's own checkpoint runs it at once.
	if _, err := l.Call(l.microtaskOf, goja.Undefined(), cb); err != nil {
		l.ReportException(err)
	}
}

// QueueMicrotask queues a host microtask; it runs in FIFO order with promise jobs, and with
// JS on the stack (a callback it makes gets no checkpoint). The DOM queues one kind: "notify
// mutation observers", which Jake Archibald calls "Mutation observers" (QueueNamedMicrotask
// names others).
func (l *Agent) QueueMicrotask(fn func()) { l.QueueNamedMicrotask("Mutation observers", fn) }

// QueueNamedMicrotask is QueueMicrotask with the name the trace and the queues view show.
func (l *Agent) QueueNamedMicrotask(name string, fn func()) {
	l.noteHostMicrotask(name)
	l.queueMicrotaskValue(l.rt.ToValue(l.trackHostMicrotask(fn))) // recover.go: requeued if dropped
}
