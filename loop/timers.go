package loop

import (
	"container/heap"
	"math"

	"github.com/dop251/goja"
)

// A timer is an entry of the map of active timers (HTML "timers").
type timer struct {
	id      int
	due     float64 // ms since the time origin
	seq     uint64  // FIFO among equal due times
	handler goja.Value
	args    []goja.Value
	repeat  bool
	timeout float64
	nesting int    // timer nesting level its task will carry
	index   int    // position in the heap, -1 once popped
	host    func() // a host timer's steps (no page handler)
	name    string // a host timer's name
}

// timerHeap orders timers by (due, seq): one heap for every timer keeps FIFO order for equal times.
type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].due != h[j].due {
		return h[i].due < h[j].due
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *timerHeap) Push(x any)   { t := x.(*timer); t.index = len(*h); *h = append(*h, t) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	t.index = -1
	return t
}
func (h timerHeap) peek() *timer  { return h[0] }
func (h timerHeap) len() int      { return len(h) }
func (h *timerHeap) add(t *timer) { heap.Push(h, t) }
func (h *timerHeap) next() *timer { return heap.Pop(h).(*timer) }
func (h *timerHeap) remove(t *timer) {
	if t.index >= 0 {
		heap.Remove(h, t.index)
	}
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
	l.seq++
	t.seq = l.seq
	t.due = l.Now() + timeout
	l.activeTimers[t.id] = t
	l.timers.add(t)
	return t.id
}

func (l *Loop) clearTimer(id int) {
	if t, ok := l.activeTimers[id]; ok {
		delete(l.activeTimers, id)
		l.timers.remove(t)
	}
}

// queueDueTimers moves every timer that is due into the timer task queue, in (due, seq) order.
func (l *Loop) queueDueTimers(now float64) {
	for l.timers.len() > 0 && l.timers.peek().due <= now {
		t := l.timers.next()
		l.queueTask(&task{source: SourceTimer, name: l.timerName(t), at: t.due, nesting: t.nesting, fn: func() { l.runTimer(t) }})
	}
}

func (l *Loop) timerName(t *timer) string {
	if t.host != nil {
		return t.name
	}
	kind := "setTimeout"
	if t.repeat {
		kind = "setInterval"
	}
	return kind + " " + callbackName(t.handler)
}

// QueueTimerTask queues fn as a task on the timer task source after delay ms, in the same
// (due time, sequence) order as the page's timers, e.g. requestIdleCallback's timeout.
func (l *Loop) QueueTimerTask(delay float64, name string, fn func()) {
	l.seq++
	t := &timer{due: l.Now() + max(delay, 0), seq: l.seq, host: fn, name: name}
	l.timers.add(t)
}

// runTimer is the task the timer initialisation steps queue (step 14's task).
func (l *Loop) runTimer(t *timer) {
	if t.host != nil {
		t.host()
		return
	}
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

// NextTimerDue is the due time of the earliest active timer (idle deadlines never pass it).
func (l *Loop) NextTimerDue() (float64, bool) {
	if l.timers.len() == 0 {
		return 0, false
	}
	return l.timers.peek().due, true
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
