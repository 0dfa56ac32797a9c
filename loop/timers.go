// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import (
	"fmt"
	"math"

	"github.com/dop251/goja"

	"loopscope/agent"
)

// A timer is an entry of the map of active timers (HTML "timers"): a setTimeout or
// setInterval, in the loop's heap of due work (due.go) while it waits.
type timer struct {
	entry   dueEntry // its place in the heap of due work
	id      int
	handler goja.Value
	args    []goja.Value
	repeat  bool
	timeout float64
	nesting int     // timer nesting level its task will carry
	global  *global // whose map of active timers it is in
}

// MaxActiveTimers bounds the map of active timers by default (Options.MaxTimers): a page
// that keeps more is stopped with one line (each timer keeps its callback and its
// arguments; a million of them took 1.4 GB).
const MaxActiveTimers = 200_000

// installTimers defines setTimeout, setInterval, clearTimeout and clearInterval on obj, the
// global object of own; called on another window's global object (setTimeout.call(w)),
// they act on that window's timers (thisGlobal). CHROME: the setTimeout and setInterval of a window whose document
// is not fully active (a removed iframe's) return 0 and make no timer.
func (l *Loop) installTimers(obj *goja.Object, own *global) {
	l.DefineFunc(obj, "setTimeout", 1, func(c goja.FunctionCall) goja.Value {
		global := l.thisGlobal(c, own)
		if l.tooManyTimers() || !global.fullyActive() {
			return l.rt.ToValue(0)
		}
		id := l.timerInitialisationSteps(l.newTimer(c, false, global), 0)
		l.StepDoneAt(StepHostCall, "setTimeout") // step mode: a stop after each call that touches a queue
		return l.rt.ToValue(id)
	})
	l.DefineFunc(obj, "setInterval", 1, func(c goja.FunctionCall) goja.Value {
		global := l.thisGlobal(c, own)
		if l.tooManyTimers() || !global.fullyActive() {
			return l.rt.ToValue(0)
		}
		id := l.timerInitialisationSteps(l.newTimer(c, true, global), 0)
		l.StepDoneAt(StepHostCall, "setInterval")
		return l.rt.ToValue(id)
	})
	clear := func(c goja.FunctionCall) goja.Value {
		l.clearTimer(l.thisGlobal(c, own), webIDLLong(c.Argument(0)))
		return goja.Undefined()
	}
	l.DefineFunc(obj, "clearTimeout", 0, clear)
	l.DefineFunc(obj, "clearInterval", 0, clear)
}

// tooManyTimers stops the running script when the page keeps MaxTimers active timers.
// DEPARTURE: browsers have no such bound; a million timers here is gigabytes.
func (l *Loop) tooManyTimers() bool {
	if l.timerCount < l.maxTimers {
		return false
	}
	l.StopNow(fmt.Sprintf("keeps more than %d active timers (a timer leak?)", l.maxTimers))
	return true
}

// newTimer holds the arguments of setTimeout(handler, timeout, ...arguments) or
// setInterval of global: the handler, the timeout as a WebIDL long, the arguments, and
// repeat.
func (l *Loop) newTimer(c goja.FunctionCall, repeat bool, global *global) *timer {
	handler := c.Argument(0)
	// A handler that is not a function is converted to a string now and compiled when the
	// timer fires (TimerHandler is a union of Function and DOMString).
	if _, ok := goja.AssertFunction(handler); !ok {
		handler = l.rt.ToValue(handler.String())
	}
	var args []goja.Value
	if len(c.Arguments) > 2 {
		args = append([]goja.Value(nil), c.Arguments[2:]...)
	}
	t := &timer{handler: handler, args: args, repeat: repeat, timeout: float64(webIDLLong(c.Argument(1))), global: global}
	t.entry = dueEntry{kind: dueTimer, timer: t}
	return t
}

// timerInitialisationSteps are the timer initialisation steps
// (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps)
// for t, with previousID when a repeating timer runs them again (0: none).
//
// FIXME(spec): step 1 (thisArg is the WindowProxy): handlers are called with this undefined,
// which a sloppy-mode function sees as the global object anyway, a strict one as undefined.
// Step 6 (realm): a string handler runs in the realm of the timer's global (runTimer); step 7
// (initiating script) needs nothing here: no module scripts.
func (l *Loop) timerInitialisationSteps(t *timer, previousID int) int {
	global := t.global
	// 2. "If previousId was given, let id be previousId; otherwise, let id be an
	// implementation-defined integer that is greater than zero and does not already exist in
	// global's map of active timers." One counter for timeouts and intervals, from 1, in
	// each global (CHROME: an iframe's first timer is 1 too).
	if previousID > 0 {
		t.id = previousID
	} else {
		global.nextTimerID++
		t.id = global.nextTimerID
		l.timerCount++
		if global != l.window && !global.hasTimers {
			global.hasTimers = true
			l.timerWindows = append(l.timerWindows, global)
		}
	}
	// 3. "If the surrounding agent's event loop's currently running task is a task that was
	// created by this algorithm, then let nesting level be the task's timer nesting level.
	// Otherwise, let nesting level be 0." CHROME: only a timer task of the same global
	// (Blink keeps the level per window): timeouts that hop between a page and its iframe
	// are never clamped, those of one window are (testdata/dom/iframe_timer_nesting).
	nesting := 0
	if l.currentTask != nil && l.currentTask.Source == SourceTimer && l.currentTask.timerGlobal == global {
		nesting = l.currentTask.nesting
	}
	timeout := t.timeout
	// 4. "If timeout is less than 0, then set timeout to 0."
	if timeout < 0 {
		timeout = 0
	}
	// 5. "If nesting level is greater than 5, and timeout is less than 4, then set timeout to 4."
	if nesting > 5 && timeout < 4 {
		timeout = 4
	}
	// 8. The task is runTimer. 9-10. "Increment nesting level by one." "Set task's timer
	// nesting level to nesting level."
	t.nesting = nesting + 1
	// 11-12. completionStep queues the task on the timer task source; "run steps after a
	// timeout" puts the timer into the map of active timers and the heap of due work, whose
	// (due, sequence) order is its "wait until any invocations of this algorithm ... whose
	// milliseconds is less than or equal to this one's, have completed".
	global.activeTimers[t.id] = t
	l.schedule(&t.entry, l.Now()+timeout)
	// 13. "Return id."
	return t.id
}

// clearTimer is clearTimeout(id) and clearInterval(id) of global: "remove this's map of
// active timers[id]" (a timer whose task is already queued then does nothing: step 8.1).
func (l *Loop) clearTimer(global *global, id int) {
	if t, ok := global.activeTimers[id]; ok {
		l.removeTimer(t)
		l.unschedule(&t.entry)
	}
}

// removeTimer removes t from its global's map of active timers.
func (l *Loop) removeTimer(t *timer) {
	delete(t.global.activeTimers, t.id)
	l.timerCount--
}

// timerName is what the trace and the queues view call a timer: "setTimeout tick".
func (l *Loop) timerName(t *timer) string {
	kind := "setTimeout"
	if t.repeat {
		kind = "setInterval"
	}
	return kind + " " + l.FunctionName(t.handler)
}

// runTimer is the task of the timer initialisation steps (step 8's task).
func (l *Loop) runTimer(t *timer) {
	global := t.global
	// 8.1. "If id does not exist in global's map of active timers, then abort these steps."
	// (It was cleared.)
	if global.activeTimers[t.id] != t {
		return
	}
	// The task's document is global's associated Document: "A task is runnable if its
	// document is either null or fully active." An iframe's document that is no longer fully
	// active never becomes so again (inserted again, the iframe gets a new one), so its
	// timer's task is dropped rather than kept unrunnable, and its timer with it.
	if !global.fullyActive() {
		l.removeTimer(t)
		return
	}
	l.Trace().Instant(KindTimerFire, l.timerName(t), l.Now())
	// "If handler is a Function, then invoke handler given arguments and "report"";
	// otherwise compile the string as a classic script and run it.
	if fn, ok := goja.AssertFunction(t.handler); ok {
		// (Not a function of a removed iframe's realm: "check if we can run script".)
		if target := l.CallbackGlobal(t.handler); agent.ScriptsMayRun(target) {
			l.InvokeAndReportAt(target, l.FunctionName(t.handler), fn, goja.Undefined(), t.args...)
		}
	} else {
		// CHROME: its frames name no file (the error event's filename is ""); its syntax
		// error names the document (errors_code_from_strings).
		// 8.3. "Otherwise": the string is compiled and run as a classic script in the
		// global's realm (settings object's realm).
		// Its syntax error names the window's document (CHROME: about:blank for an iframe's
		// initial one) and is a SyntaxError of its realm.
		errorFile := l.documentURL
		if global.doc != nil {
			errorFile = global.doc.URL()
		}
		l.RunScriptAsIn(global.realm, global.errors, global.syntaxError, "setTimeout handler", "", t.handler.String(), errorFile)
	}
	// "If id does not exist in global's map of active timers, then abort these steps."
	if global.activeTimers[t.id] != t {
		return
	}
	// "If repeat is true, then perform the timer initialization steps again, given global,
	// handler, timeout, arguments, true, and id." "Otherwise, remove global's map of active
	// timers[id]."
	if t.repeat {
		l.timerInitialisationSteps(t, t.id)
	} else {
		l.removeTimer(t)
	}
}

// webIDLLong converts a JS value as WebIDL's `long` does (ToNumber, truncate, wrap modulo 2^32).
func webIDLLong(v goja.Value) int {
	if v == nil || goja.IsUndefined(v) {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int(int32(uint32(int64(math.Trunc(math.Mod(f, 4294967296))))))
}
