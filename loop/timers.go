package loop

import (
	"math"

	"github.com/dop251/goja"
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
	nesting int // timer nesting level its task will carry
}

// installTimers defines setTimeout, setInterval, clearTimeout and clearInterval.
func (l *Loop) installTimers() {
	g := l.rt.GlobalObject()
	l.defineFunc(g, "setTimeout", 1, func(c goja.FunctionCall) goja.Value {
		return l.rt.ToValue(l.timerInitialisationSteps(c, false, 0))
	})
	l.defineFunc(g, "setInterval", 1, func(c goja.FunctionCall) goja.Value {
		return l.rt.ToValue(l.timerInitialisationSteps(c, true, 0))
	})
	clear := func(c goja.FunctionCall) goja.Value {
		l.clearTimer(webIDLLong(c.Argument(0)))
		return goja.Undefined()
	}
	l.defineFunc(g, "clearTimeout", 0, clear)
	l.defineFunc(g, "clearInterval", 0, clear)
}

// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps
func (l *Loop) timerInitialisationSteps(c goja.FunctionCall, repeat bool, previousID int) int {
	handler := c.Argument(0)
	// A handler that is not a function is converted to a string now and compiled when the timer fires.
	if _, ok := goja.AssertFunction(handler); !ok {
		handler = l.rt.ToValue(handler.String())
	}
	var args []goja.Value
	if len(c.Arguments) > 2 {
		args = append([]goja.Value(nil), c.Arguments[2:]...)
	}
	t := &timer{handler: handler, args: args, repeat: repeat, timeout: float64(webIDLLong(c.Argument(1)))}
	t.entry = dueEntry{kind: dueTimer, timer: t}
	return l.scheduleTimer(t, previousID)
}

// scheduleTimer runs steps 2 and 5-13 of the timer initialisation steps for t.
func (l *Loop) scheduleTimer(t *timer, previousID int) int {
	// 2. Let id be previousId if given, else a new handle (one id space for timeouts and intervals).
	if previousID > 0 {
		t.id = previousID
	} else {
		l.nextTimerID++
		t.id = l.nextTimerID
	}
	// 5-6. If the currently running task was created by this algorithm, nesting level = its level.
	nesting := 0
	if l.currentTask != nil && l.currentTask.source == SourceTimer {
		nesting = l.currentTask.nesting
	}
	timeout := t.timeout
	// 7. If timeout is less than 0, set it to 0.
	if timeout < 0 {
		timeout = 0
	}
	// 8. If nesting level is greater than 5 and timeout is less than 4, set timeout to 4.
	if nesting > 5 && timeout < 4 {
		timeout = 4
	}
	// 10-11. Increment nesting level; the task's timer nesting level is it.
	t.nesting = nesting + 1
	l.activeTimers[t.id] = t
	l.schedule(&t.entry, l.Now()+timeout)
	return t.id
}

func (l *Loop) clearTimer(id int) {
	if t, ok := l.activeTimers[id]; ok {
		delete(l.activeTimers, id)
		l.unschedule(&t.entry)
	}
}

func (l *Loop) timerName(t *timer) string {
	kind := "setTimeout"
	if t.repeat {
		kind = "setInterval"
	}
	return kind + " " + callbackName(t.handler)
}

// runTimer is the task the timer initialisation steps queue (step 14's task).
func (l *Loop) runTimer(t *timer) {
	// 1. If id does not exist in the map of active timers, abort (it was cleared).
	if l.activeTimers[t.id] != t {
		return
	}
	l.trace.instant(KindTimerFire, l.timerName(t), l.Now())
	if fn, ok := goja.AssertFunction(t.handler); ok {
		if _, err := l.Call(fn, goja.Undefined(), t.args...); err != nil {
			l.ReportException(err)
		}
	} else {
		l.RunScript("setTimeout handler", t.handler.String())
	}
	// 4-5. If repeat is true, perform the timer initialisation steps again with the same id;
	// otherwise remove the timer from the map.
	if l.activeTimers[t.id] != t {
		return
	}
	if t.repeat {
		l.scheduleTimer(t, t.id)
	} else {
		delete(l.activeTimers, t.id)
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
