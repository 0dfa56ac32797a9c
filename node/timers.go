package node

import (
	"math"

	"github.com/dop251/goja"

	"loopscope/agent"
)

// Node's timers (lib/internal/timers.js, v20): a delay below 1 ms, above 2^31-1 ms or not
// a number becomes 1 ms; a timer starts at the loop's cached time (uv_now, whole ms, so a
// timer set during a callback counts from the start of the loop iteration); the timers
// phase runs, at the time it read when it began, every timer due by then in order of due
// time and, for equal times, of creation (node's per-duration lists in a priority queue
// amount to the same). An interval is rescheduled after its callback from the phase's time.
// Refed timers keep the loop alive.

const maxTimerDelay = 1<<31 - 1

type timeout struct {
	handleObject // the Timeout object's own properties (it is a goja dynamic object over this)
	id           int
	fn           goja.Value
	args         goja.Value // JS array or undefined
	delay        float64    // ms, after the 1 ms minimum
	start        float64    // loop time when (re)started
	at           float64    // start + delay: when it is due (the heap's key)
	repeat       bool
	refed        bool
	active       bool // in the heap
	seq          uint64
	index        int
	running      bool // its callback runs now (an interval reschedules after it unless cleared)
	cleared      bool
	done         bool // it fired and was not rescheduled
}

func (t *timeout) due() float64 { return t.at }

// timerHeap is a binary min-heap of the active timers by (due time, creation order), with
// each timer's index kept in it (container/heap's algorithm, typed: no interface call per
// comparison).
type timerHeap []*timeout

func (h timerHeap) less(i, j int) bool {
	a, b := h[i], h[j]
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}

func (h timerHeap) swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }

func (h timerHeap) up(j int) {
	for j > 0 {
		i := (j - 1) / 2 // parent
		if !h.less(j, i) {
			break
		}
		h.swap(i, j)
		j = i
	}
}

func (h timerHeap) down(i0, n int) bool {
	i := i0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 {
			break
		}
		j := j1 // left child
		if j2 := j1 + 1; j2 < n && h.less(j2, j1) {
			j = j2 // right child
		}
		if !h.less(j, i) {
			break
		}
		h.swap(i, j)
		i = j
	}
	return i > i0
}

func (h *timerHeap) push(t *timeout) {
	t.index = len(*h)
	*h = append(*h, t)
	h.up(t.index)
}

// remove takes the timer at index i out of the heap.
func (h *timerHeap) remove(i int) *timeout {
	old := *h
	n := len(old) - 1
	if n != i {
		old.swap(i, n)
		if !old.down(i, n) {
			old.up(i)
		}
	}
	t := old[n]
	old[n] = nil
	*h = old[:n]
	t.index = -1
	return t
}

// fix restores the heap after the timer at index i changed its due time.
func (h timerHeap) fix(i int) {
	if !h.down(i, len(h)) {
		h.up(i)
	}
}

type timers struct {
	heap timerHeap
	// byID are the timers a script took the id of (Symbol.toPrimitive), for clearTimeout by
	// that number: node's knownTimersById (lib/timers.js), filled on the first toPrimitive.
	byID   map[int]*timeout
	nextID int
	seq    uint64
	refed  int // active refed timers (uv_ref'd handles)
}

// nodeDelay is node's after-coercion delay: 1 for anything not in [1, 2^31-1].
func nodeDelay(v goja.Value) float64 {
	d := 1.0
	if v != nil && !goja.IsUndefined(v) {
		d = v.ToFloat()
	}
	if !(d >= 1 && d <= maxTimerDelay) { // NaN included
		d = 1
	}
	return math.Trunc(d)
}

// setTimer is setTimeout/setInterval's host half; it returns the new timer.
func (p *Process) setTimer(fn, delay, args goja.Value, repeat bool) *timeout {
	ts := &p.timers
	ts.nextID++
	t := &timeout{id: ts.nextID, fn: fn, args: args, delay: nodeDelay(delay), repeat: repeat, refed: true}
	p.updateTime() // node's getLibuvNow() updates the loop's time
	p.insertTimer(t, p.now)
	return t
}

func (p *Process) insertTimer(t *timeout, start float64) {
	ts := &p.timers
	ts.seq++
	t.seq, t.start, t.at, t.cleared = ts.seq, start, start+t.delay, false
	if !t.active {
		t.active = true
		if t.refed {
			ts.refed++
		}
		ts.heap.push(t)
		return
	}
	ts.heap.fix(t.index)
}

func (p *Process) removeTimer(t *timeout) {
	if !t.active {
		return
	}
	t.active = false
	if t.refed {
		p.timers.refed--
	}
	p.timers.heap.remove(t.index)
}

// timerPrimitive is Timeout's Symbol.toPrimitive: its id, the timer then known by it.
func (p *Process) timerPrimitive(t *timeout) int {
	if !t.cleared && !t.done {
		if p.timers.byID == nil {
			p.timers.byID = map[int]*timeout{}
		}
		p.timers.byID[t.id] = t
	}
	return t.id
}

// clearTimer is clearTimeout/clearInterval/Timeout.close.
func (p *Process) clearTimer(t *timeout) {
	if t.cleared {
		return
	}
	t.cleared = true
	p.removeTimer(t)
	delete(p.timers.byID, t.id)
}

// clearTimerID is clearTimeout(id) with an id a timer's toPrimitive gave.
func (p *Process) clearTimerID(id int) {
	if t := p.timers.byID[id]; t != nil {
		p.clearTimer(t)
	}
}

// timerRef is Timeout.ref/unref: the flag stays with the object (node's kRefed), also after
// the timer fired or was cleared; only an active timer counts for keeping the loop alive.
func (p *Process) timerRef(t *timeout, ref bool) {
	if t.refed == ref {
		return
	}
	t.refed = ref
	if t.active {
		if ref {
			p.timers.refed++
		} else {
			p.timers.refed--
		}
	}
}

// timerRefresh restarts a timer from now with the same delay (Timeout.refresh); a timer that
// already fired is active again, as in node (insertGuarded), a cleared one is not.
func (p *Process) timerRefresh(t *timeout) {
	if t.cleared {
		return
	}
	t.done = false
	p.updateTime()
	p.insertTimer(t, p.now)
}

// nextTimerDue is the earliest due time of any active timer (refed or not: libuv's poll
// timeout counts them all).
func (p *Process) nextTimerDue() (float64, bool) {
	if len(p.timers.heap) == 0 {
		return 0, false
	}
	return p.timers.heap[0].due(), true
}

// runTimers is the timers phase (libuv uv__run_timers calling node's processTimers): every
// timer due at the phase's time, each as a callback with its ticks and microtasks after
// it; in node10 mode all of them first, their ticks and microtasks after the batch.
func (p *Process) runTimers() {
	now := p.now
	next := func() *timeout {
		if p.proc.stopped || len(p.timers.heap) == 0 || p.timers.heap[0].due() > now {
			return nil
		}
		t := p.timers.heap.remove(0)
		t.active = false
		if t.refed {
			p.timers.refed--
		}
		return t
	}
	after := func(t *timeout) {
		if t.repeat && !t.cleared {
			p.insertTimer(t, now)
		} else if !t.active {
			t.done = true
			if p.timers.byID != nil {
				delete(p.timers.byID, t.id)
			}
		}
	}
	if p.opts.Mode == agent.ModeNode10 {
		var last *timeout
		p.batch("timers phase (node 10: one batch)", func() (fn, this, args goja.Value, ok bool) {
			if last != nil {
				after(last)
			}
			last = next()
			if last == nil {
				return nil, nil, nil, false
			}
			return last.fn, goja.Undefined(), last.args, true
		})
		if last != nil {
			after(last)
		}
		return
	}
	for t := next(); t != nil; t = next() {
		name := "setTimeout"
		if t.repeat {
			name = "setInterval"
		}
		p.macrotask(name, t.fn, goja.Undefined(), t.args)
		after(t)
	}
}
