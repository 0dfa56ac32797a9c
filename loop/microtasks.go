package loop

import "github.com/dop251/goja"

// installQueueMicrotask defines the global's queueMicrotask
// (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#microtask-queuing): the
// callback runs as a host microtask of the agent, its exception reported at the window of
// its own realm (CallbackGlobal). obj is the global object; one agent has one microtask
// queue for all its realms. own is obj's global.
func (l *Loop) installQueueMicrotask(obj *goja.Object, own *global) {
	l.DefineFunc(obj, "queueMicrotask", 1, func(c goja.FunctionCall) goja.Value {
		l.thisGlobal(c, own) // (a this that is no window is an illegal invocation)
		if !l.QueueMicrotaskValueAt(l.CallbackGlobal(c.Argument(0)), c.Argument(0)) {
			panic(l.rt.NewTypeError("Failed to execute 'queueMicrotask' on 'Window': parameter 1 is not of type 'Function'."))
		}
		return goja.Undefined()
	})
}

// installLegacyPromiseTasks (DEPARTURE, legacy-promise-tasks mode) makes promise reactions
// run as tasks, as old Firefox, Safari and Edge did (Jake Archibald, "Tasks, microtasks,
// queues and schedules"): then() on a settled promise queues a task for the handler at once;
// on a pending one, when it settles. (await uses the engine's internal then and stays a
// microtask; browsers of that era had no await.)
func (l *Loop) installLegacyPromiseTasks() {
	mk := l.MustCompile(`(function (queueTask, settledState) {
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
