package loop

import (
	"github.com/dop251/goja"
)

// installMicrotasks defines queueMicrotask and the way host microtasks are queued.
//
// Goja has no public API to put a host job into its promise job queue, so a microtask is
// queued as a reaction on an already-resolved private promise through the original
// Promise.prototype.then: it keeps exact FIFO order with promise jobs. The reaction runs the
// callback inside a JS frame (so callbacks it makes into JS do not re-enter goja's drain)
// and reports exceptions instead of turning them into rejections.
func (l *Loop) installMicrotasks() {
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
	l.defineFunc(l.rt.GlobalObject(), "queueMicrotask", 1, func(c goja.FunctionCall) goja.Value {
		cb := c.Argument(0)
		if _, ok := goja.AssertFunction(cb); !ok {
			panic(l.rt.NewTypeError("Failed to execute 'queueMicrotask' on 'Window': parameter 1 is not of type 'Function'."))
		}
		l.noteHostMicrotask("queueMicrotask")
		l.queueMicrotaskValue(cb)
		return goja.Undefined()
	})
}

// https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-microtask
func (l *Loop) queueMicrotaskValue(cb goja.Value) {
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
func (l *Loop) QueueMicrotask(fn func()) { l.QueueNamedMicrotask("Mutation observers", fn) }

// QueueNamedMicrotask is QueueMicrotask with the name the trace and the queues view show.
func (l *Loop) QueueNamedMicrotask(name string, fn func()) {
	l.noteHostMicrotask(name)
	l.queueMicrotaskValue(l.rt.ToValue(l.trackHostMicrotask(fn))) // recover.go: requeued if dropped
}

// installLegacyPromiseTasks (DEPARTURE, legacy-promise-tasks mode) makes promise reactions
// run as tasks, as old Firefox, Safari and Edge did (Jake Archibald, "Tasks, microtasks,
// queues and schedules"): then() on a settled promise queues a task for the handler at once;
// on a pending one, when it settles. (await uses the engine's internal then and stays a
// microtask; browsers of that era had no await.)
func (l *Loop) installLegacyPromiseTasks() {
	mk := l.mustCompile(`(function (queueTask, settledState) {
		const then = Promise.prototype.then, apply = Reflect.apply;
		function settle(handler, value, resolve, reject, rejected) {
			if (typeof handler !== 'function') { (rejected ? reject : resolve)(value); return }
			try { resolve(handler(value)) } catch (e) { reject(e) }
		}
		Object.defineProperty(Promise.prototype, 'then', { writable: true, configurable: true,
			value: { then(onFulfilled, onRejected) {
				return new Promise((resolve, reject) => {
					const st = settledState(this);
					if (st) {
						apply(then, this, [undefined, () => {}]); // marks a rejection handled
						queueTask(() => settle(st.rejected ? onRejected : onFulfilled, st.value, resolve, reject, st.rejected));
						return;
					}
					apply(then, this, [
						v => queueTask(() => settle(onFulfilled, v, resolve, reject, false)),
						e => queueTask(() => settle(onRejected, e, resolve, reject, true))]);
				});
			} }.then });
	})`)
	queueTask := l.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		fn, _ := goja.AssertFunction(c.Argument(0))
		l.QueueTask(SourcePostedMessage, "promise reaction (legacy task)", func() {
			if _, err := l.Call(fn, goja.Undefined()); err != nil {
				l.ReportException(err)
			}
		})
		return goja.Undefined()
	})
	settledState := l.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		p, ok := c.Argument(0).Export().(*goja.Promise)
		if !ok || p.State() == goja.PromiseStatePending {
			return goja.Undefined()
		}
		o := l.rt.NewObject()
		_ = o.Set("rejected", p.State() == goja.PromiseStateRejected)
		_ = o.Set("value", p.Result())
		return o
	})
	if _, err := mk(goja.Undefined(), queueTask, settledState); err != nil {
		panic("loop: legacy promise tasks: " + err.Error())
	}
}
