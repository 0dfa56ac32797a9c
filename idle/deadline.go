package idle

import (
	"github.com/dop251/goja"

	"loopscope/loop"
)

// installIdleDeadline defines the IdleDeadline interface
// (https://w3c.github.io/requestidlecallback/#the-idledeadline-interface) as a class with
// private fields: scripts cannot construct one ("Illegal constructor") or see its state.
func (s *Scheduler) installIdleDeadline(win *window) {
	rt := s.l.Runtime()
	if s.deadlineProgram == nil {
		s.deadlineProgram = goja.MustCompile("", idleDeadlineSource, false)
	}
	v, err := rt.RunProgram(s.deadlineProgram)
	if err != nil {
		panic("idle: IdleDeadline: " + err.Error())
	}
	mk, _ := goja.AssertFunction(v)
	now := rt.ToValue(func(goja.FunctionCall) goja.Value { return rt.ToValue(s.l.Now()) })
	make, err := mk(goja.Undefined(), now)
	if err != nil {
		panic("idle: IdleDeadline: " + err.Error())
	}
	win.makeDeadline, _ = goja.AssertFunction(make)
}

// idleDeadlineSource defines IdleDeadline on the running realm's global object and returns
// the function that makes one (compiled once a scheduler, run in each window's realm). Its
// members throw "Illegal invocation" on another object and its class string is
// "[object IdleDeadline]" (a @@toStringTag on the prototype), as a WebIDL interface's.
const idleDeadlineSource = `(function (now) {
		let constructing = false;
		const TE = TypeError, max = Math.max;
		class IdleDeadline {
			#deadline; #didTimeout;
			constructor(deadline, didTimeout) {
				if (!constructing) throw new TE("Failed to construct 'IdleDeadline': Illegal constructor");
				this.#deadline = deadline; this.#didTimeout = didTimeout;
			}
			static #check(o) {
				try { o.#didTimeout; } catch (e) { throw new TE("Illegal invocation"); }
			}
			// https://w3c.github.io/requestidlecallback/#the-timeremaining-method
			timeRemaining() {
				IdleDeadline.#check(this);
				if (this.#didTimeout) return 0;
				return max(0, this.#deadline - now());
			}
			get didTimeout() { IdleDeadline.#check(this); return this.#didTimeout }
		}
		Object.defineProperty(IdleDeadline.prototype, Symbol.toStringTag, { value: 'IdleDeadline', configurable: true });
		Object.defineProperty(globalThis, 'IdleDeadline', { value: IdleDeadline, writable: true, configurable: true });
		return function make(deadline, didTimeout) {
			constructing = true;
			try { return new IdleDeadline(deadline, didTimeout) } finally { constructing = false }
		};
	})`

// newIdleDeadline makes an IdleDeadline of the window's realm.
func (w *window) newIdleDeadline(l *loop.Loop, deadline float64, didTimeout bool) goja.Value {
	rt := l.Runtime()
	v, err := w.makeDeadline(goja.Undefined(), rt.ToValue(deadline), rt.ToValue(didTimeout))
	if err != nil {
		return goja.Undefined()
	}
	return v
}
