package node

import (
	"container/heap"
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
	id      int
	fn      goja.Value
	args    goja.Value // JS array or undefined
	delay   float64    // ms, after the 1 ms minimum
	start   float64    // loop time when (re)started
	repeat  bool
	refed   bool
	active  bool // in the heap
	seq     uint64
	index   int
	running bool // its callback runs now (an interval reschedules after it unless cleared)
	cleared bool
}

func (t *timeout) due() float64 { return t.start + t.delay }

type timerHeap []*timeout

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	a, b := h[i].due(), h[j].due()
	return a < b || (a == b && h[i].seq < h[j].seq)
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *timerHeap) Push(x any)   { t := x.(*timeout); t.index = len(*h); *h = append(*h, t) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	t.index = -1
	return t
}

type timers struct {
	heap   timerHeap
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

// setTimer is setTimeout/setInterval's host half; it returns the new timer's id.
func (p *Process) setTimer(fn, delay, args goja.Value, repeat bool) int {
	ts := &p.timers
	ts.nextID++
	t := &timeout{id: ts.nextID, fn: fn, args: args, delay: nodeDelay(delay), repeat: repeat, refed: true}
	ts.byID[t.id] = t
	p.updateTime() // node's getLibuvNow() updates the loop's time
	p.insertTimer(t, p.now)
	return t.id
}

func (p *Process) insertTimer(t *timeout, start float64) {
	ts := &p.timers
	ts.seq++
	t.seq, t.start, t.cleared = ts.seq, start, false
	if !t.active {
		t.active = true
		if t.refed {
			ts.refed++
		}
		heap.Push(&ts.heap, t)
		return
	}
	heap.Fix(&ts.heap, t.index)
}

func (p *Process) removeTimer(t *timeout) {
	if !t.active {
		return
	}
	t.active = false
	if t.refed {
		p.timers.refed--
	}
	heap.Remove(&p.timers.heap, t.index)
}

// clearTimer is clearTimeout/clearInterval/Timeout.close.
func (p *Process) clearTimer(id int) {
	t := p.timers.byID[id]
	if t == nil {
		return
	}
	t.cleared = true
	p.removeTimer(t)
	delete(p.timers.byID, id)
}

func (p *Process) timerRef(id int, ref bool) {
	t := p.timers.byID[id]
	if t == nil || t.refed == ref {
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

func (p *Process) timerHasRef(id int) bool {
	t := p.timers.byID[id]
	return t != nil && t.refed
}

// timerRefresh restarts a timer from now with the same delay (Timeout.refresh).
func (p *Process) timerRefresh(id int) {
	t := p.timers.byID[id]
	if t == nil || t.cleared {
		return
	}
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
		t := heap.Pop(&p.timers.heap).(*timeout)
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
			delete(p.timers.byID, t.id)
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
