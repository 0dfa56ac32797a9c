// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#run-steps-after-a-timeout).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import (
	"container/heap"

	"loopscope/agent"
)

// The loop's heap of due work: everything that becomes runnable at a time, page timers and
// host work alike, in one heap ordered by (time, sequence), so work due at the same time
// keeps the order it was scheduled in (HTML "run steps after a timeout": "Wait until any
// invocations of this algorithm that had the same global and orderingIdentifier, that started
// before this one, and whose milliseconds is less than or equal to this one's, have completed.")

// dueKind is what a due entry does when its time comes.
type dueKind uint8

const (
	// dueTimer is a page timer (setTimeout, setInterval): it queues the timer's task on the
	// timer task source.
	dueTimer dueKind = iota
	// dueTimerTask is a host's timer task (QueueTimerTask, e.g. requestIdleCallback's
	// timeout): it queues fn as a task on the timer task source, like a page timer.
	dueTimerTask
	// dueHostStep is the host's own work at a time (At: scripted input, a run's stop): fn
	// runs on the loop itself, as no task, and the page cannot see it (it counts for no
	// idle deadline).
	dueHostStep
)

// dueEntry is one entry of the heap of due work.
type dueEntry struct {
	at    float64 // when it is due, ms since the time origin
	seq   uint64  // FIFO among equal times
	index int     // position in the heap, -1 once popped or removed
	kind  dueKind
	timer *timer // dueTimer
	name  string // dueTimerTask: the task's name
	fn    func() // dueTimerTask, dueHostStep
}

// dueBefore orders the heap: by time, then by sequence.
func dueBefore(a, b *dueEntry) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

// dueHeap is a min-heap (container/heap) of due entries.
type dueHeap []*dueEntry

func (h dueHeap) Len() int           { return len(h) }
func (h dueHeap) Less(i, j int) bool { return dueBefore(h[i], h[j]) }
func (h dueHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *dueHeap) Push(x any)        { e := x.(*dueEntry); e.index = len(*h); *h = append(*h, e) }
func (h *dueHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	e.index = -1
	return e
}

// earliestTimer is the earliest entry that is not a host step (nil: none). It is the root
// unless host steps come first; then it walks past them only: no entry of a heap is earlier
// than its parent, so the walk stops at the first timer on each path.
func (h dueHeap) earliestTimer(i int, best *dueEntry) *dueEntry {
	if i >= len(h) || (best != nil && !dueBefore(h[i], best)) {
		return best
	}
	if h[i].kind != dueHostStep {
		return h[i]
	}
	best = h.earliestTimer(2*i+1, best)
	return h.earliestTimer(2*i+2, best)
}

// schedule puts e into the heap of due work at time at.
func (l *Loop) schedule(e *dueEntry, at float64) {
	l.seq++
	e.at, e.seq = at, l.seq
	heap.Push(&l.due, e)
}

// unschedule takes e out of the heap of due work, if it is still there.
func (l *Loop) unschedule(e *dueEntry) {
	if e.index >= 0 {
		heap.Remove(&l.due, e.index)
	}
}

// At runs fn on the loop at time t (ms since the time origin), e.g. a scripted click: host
// work, not a task (fn usually queues one), and nothing the page can see.
func (l *Loop) At(t float64, fn func()) {
	l.schedule(&dueEntry{kind: dueHostStep, fn: fn}, t)
}

// QueueTimerTask queues fn as a task on the timer task source after delay ms, in the same
// (due time, sequence) order as the page's timers, e.g. requestIdleCallback's timeout.
func (l *Loop) QueueTimerTask(delay float64, name string, fn func()) {
	l.schedule(&dueEntry{kind: dueTimerTask, name: name, fn: fn}, l.Now()+max(delay, 0))
}

// runDueWork takes everything due by now out of the heap, in (time, sequence) order. Host
// steps run at once; the timers due by now queue their tasks after all of them, so scripted
// input due at the same time as a timer is queued first (as it was while host work had a list
// of its own; the order of equal-time tasks across sources depends on it).
func (l *Loop) runDueWork(now float64) {
	timers := l.dueTimers[:0]
	for len(l.due) > 0 && l.due[0].at <= now {
		e := heap.Pop(&l.due).(*dueEntry)
		if e.kind == dueHostStep {
			e.fn()
			continue
		}
		timers = append(timers, e)
	}
	for i, e := range timers {
		timers[i] = nil
		if e.kind == dueTimerTask {
			l.queueTask(&task{Task: agent.Task{Source: SourceTimer, Name: e.name, At: e.at}, fn: e.fn})
			continue
		}
		t := e.timer
		if !t.global.fullyActive() {
			l.removeTimer(t) // its task would not be runnable, ever (runTimer)
			continue
		}
		l.queueTask(&task{Task: agent.Task{Source: SourceTimer, Name: l.timerName(t), At: e.at, TimerSeq: e.seq}, nesting: t.nesting, timerGlobal: t.global, fn: func() { l.runTimer(t) }})
	}
	if cap(timers) > 1024 {
		timers = nil // a burst of timers: do not keep its scratch list
	}
	l.dueTimers = timers[:0]
}

// NextTimerDue is the due time of the earliest timer (page timers and timer tasks; not host
// steps): idle deadlines never pass it.
func (l *Loop) NextTimerDue() (float64, bool) {
	if e := l.due.earliestTimer(0, nil); e != nil {
		return e.at, true
	}
	return 0, false
}

// nextDue is when the earliest due work of any kind is due.
func (l *Loop) nextDue() (float64, bool) {
	if len(l.due) == 0 {
		return 0, false
	}
	return l.due[0].at, true
}
