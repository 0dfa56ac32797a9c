package agent

import "github.com/dop251/goja"

// microtaskQueue is the loop's copy of goja's job queue, which goja keeps private (step mode
// only), and of the reactions still waiting for their promise. goja says when each job enters
// its queue (PromiseJobQueued; the host queues its own microtasks in the same order), and runs
// them first in, first out; so the copy holds them in the order they will run, await
// continuations and the jobs that adopt a thenable included.
type microtaskQueue struct {
	queued  []*microtask    // in the queue, in the order goja will run them
	waiting []*pendingGroup // reactions on promises still pending, by promise, first registered first
	lost    int             // registrations not followed (past the bounds)
}

// pendingGroup is the reactions registered on one pending promise, in registration order.
type pendingGroup struct {
	p  *goja.Promise
	ms []*microtask
}

// The model follows a bounded number of waiting reactions and pending promises (a page can
// register any number of them on promises that never settle).
const (
	maxFollowed        = 10000
	maxPendingPromises = 256
)

// registered: a reaction was just registered on m.on. Its job is queued when the promise
// settles, or at once (enqueue follows) when it has.
func (q *microtaskQueue) registered(m *microtask) {
	if m.on.State() != goja.PromiseStatePending {
		return
	}
	for _, g := range q.waiting {
		if g.p == m.on {
			if len(g.ms) >= maxFollowed {
				q.lost++
				return
			}
			g.ms = append(g.ms, m)
			m.group = g
			return
		}
	}
	if len(q.waiting) >= maxPendingPromises {
		q.lost++
		return
	}
	g := &pendingGroup{p: m.on, ms: []*microtask{m}}
	m.group = g
	q.waiting = append(q.waiting, g)
}

// enqueue: m's job entered goja's queue (its promise settled; or a thenable job, or a host
// microtask).
func (q *microtaskQueue) enqueue(m *microtask) {
	if g := m.group; g != nil {
		m.group = nil
		q.leaveGroup(g, m)
	}
	m.queued = true
	q.queued = append(q.queued, m)
}

// leaveGroup takes m out of g (a promise's reactions are queued in registration order, so m
// is usually the first), and g out of the waiting list once empty.
func (q *microtaskQueue) leaveGroup(g *pendingGroup, m *microtask) {
	if len(g.ms) > 0 && g.ms[0] == m {
		g.ms[0] = nil
		g.ms = g.ms[1:]
	} else {
		removeMicrotask(&g.ms, m)
	}
	if len(g.ms) > 0 {
		return
	}
	for i, x := range q.waiting {
		if x == g {
			copy(q.waiting[i:], q.waiting[i+1:])
			q.waiting[len(q.waiting)-1] = nil
			q.waiting = q.waiting[:len(q.waiting)-1]
			return
		}
	}
}

// waitingList is the reactions still waiting, for the view: by promise, then in
// registration order.
func (q *microtaskQueue) waitingList(max int) []*microtask {
	var out []*microtask
	for _, g := range q.waiting {
		for _, m := range g.ms {
			if len(out) == max {
				return out
			}
			out = append(out, m)
		}
	}
	return out
}

// started: m's job is about to run; it is the first in the queue (unless the model lost it
// past its bounds).
func (q *microtaskQueue) started(m *microtask) {
	if len(q.queued) > 0 && q.queued[0] == m { // always, but for a job the model did not follow
		q.queued[0] = nil
		q.queued = q.queued[1:]
		return
	}
	removeMicrotask(&q.queued, m)
}

// removeMicrotask takes m out of list.
func removeMicrotask(list *[]*microtask, m *microtask) {
	l := *list
	for i, x := range l {
		if x == m {
			copy(l[i:], l[i+1:])
			l[len(l)-1] = nil
			*list = l[:len(l)-1]
			return
		}
	}
}

// drained: goja's queue is empty (its run ended, or an interrupt dropped it).
func (q *microtaskQueue) drained() {
	for i := range q.queued {
		q.queued[i] = nil
	}
	q.queued = q.queued[:0]
}
