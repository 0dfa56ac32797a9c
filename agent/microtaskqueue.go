package agent

import "github.com/dop251/goja"

// microtaskQueue is the loop's model of goja's promise job queue, which goja keeps private
// (step mode only). goja queues a reaction job when then/await registers a reaction on a
// settled promise, or when the promise settles; it runs the jobs first in, first out. The
// model sees each registration (Grab), asks the promise its state (Promise.State) to know
// when a reaction becomes queued, and corrects itself from what really runs (Resumed).
//
// What it cannot know exactly: when two pending promises settle within one stretch of JS
// with no hook between them, their reactions are listed in registration order (the run then
// shows the real order); an await does not name its promise, so an await continuation is
// listed apart until it runs; the job that adopts a thenable is never seen.
type microtaskQueue struct {
	queued  []*microtask    // in the queue, in the order goja will run them
	waiting []*pendingGroup // reactions on promises still pending, by promise, first registered first
	awaits  []*microtask    // await continuations not yet run (waiting or queued: not known)
	lost    int             // registrations not followed (past the bounds)
}

// pendingGroup is the reactions registered on one pending promise, in registration order.
type pendingGroup struct {
	p  *goja.Promise
	ms []*microtask
}

// The model follows a bounded number of waiting reactions and pending promises (a page can
// register any number of them on promises that never settle): each hook checks the pending
// promises, so that check stays small.
const (
	maxFollowed        = 10000
	maxPendingPromises = 256
)

// registered: a reaction was just registered (Grab).
func (q *microtaskQueue) registered(m *microtask) {
	q.settle()
	switch {
	case m.await:
		if len(q.awaits) >= maxFollowed {
			q.lost++
			return
		}
		q.awaits = append(q.awaits, m)
	case m.queued || m.on == nil || m.on.State() != goja.PromiseStatePending:
		q.enqueue(m)
	default:
		q.wait(m)
	}
}

func (q *microtaskQueue) wait(m *microtask) {
	for _, g := range q.waiting {
		if g.p == m.on {
			if len(g.ms) >= maxFollowed {
				q.lost++
				return
			}
			g.ms = append(g.ms, m)
			return
		}
	}
	if len(q.waiting) >= maxPendingPromises {
		q.lost++
		return
	}
	q.waiting = append(q.waiting, &pendingGroup{p: m.on, ms: []*microtask{m}})
}

func (q *microtaskQueue) enqueue(m *microtask) {
	m.queued = true
	q.queued = append(q.queued, m)
}

// settle moves the reactions of the promises that have settled into the queue: a promise's
// reactions in registration order (goja queues them so when it settles); promises that
// settled since the last hook in the order they were first waited on.
func (q *microtaskQueue) settle() {
	if len(q.waiting) == 0 {
		return
	}
	keep := q.waiting[:0]
	for _, g := range q.waiting {
		if g.p.State() == goja.PromiseStatePending {
			keep = append(keep, g)
			continue
		}
		for _, m := range g.ms {
			q.enqueue(m)
		}
	}
	for i := len(keep); i < len(q.waiting); i++ {
		q.waiting[i] = nil
	}
	q.waiting = keep
}

// waitingList is the reactions still waiting, for the view: by promise, then in
// registration order; then the await continuations.
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
	for _, m := range q.awaits {
		if len(out) == max {
			break
		}
		out = append(out, m)
	}
	return out
}

// ranBefore: m's job has started, so the handlerless jobs queued before it (a value passing
// through then(f) or catch(g)) have run: they call no hook.
func (q *microtaskQueue) ranBefore(m *microtask) {
	q.settle()
	i := 0
	for i < len(q.queued) && q.queued[i] != m && !q.queued[i].hasHandler() {
		q.queued[i] = nil
		i++
	}
	if i < len(q.queued) && q.queued[i] == m {
		q.queued = q.queued[i:]
	} else if i > 0 {
		q.queued = q.queued[i:] // m was not where the model had it: keep the rest
	}
}

// started: m's handler is about to run (Resumed). The jobs queued before it have run:
// those without a handler (a value passing through) call no hook and leave silently here.
func (q *microtaskQueue) started(m *microtask) {
	q.settle()
	if len(q.queued) > 0 && q.queued[0] == m { // the usual case
		q.queued[0] = nil
		q.queued = q.queued[1:]
		return
	}
	if q.remove(&q.queued, m, true) || q.remove(&q.awaits, m, false) {
		return
	}
	for _, g := range q.waiting { // the model missed its promise settling
		if g.p == m.on && q.remove(&g.ms, m, false) {
			return
		}
	}
}

// remove takes m out of list; with passThrough, also the handlerless jobs queued before it.
func (q *microtaskQueue) remove(list *[]*microtask, m *microtask, passThrough bool) bool {
	l := *list
	for i, x := range l {
		if x != m {
			continue
		}
		out := l[:0]
		for j, y := range l {
			if j == i || (passThrough && j < i && !y.hasHandler()) {
				continue
			}
			out = append(out, y)
		}
		for k := len(out); k < len(l); k++ {
			l[k] = nil
		}
		*list = out
		return true
	}
	return false
}

// drained: goja's queue is empty (its drain ended, or an interrupt dropped it).
func (q *microtaskQueue) drained() {
	for i := range q.queued {
		q.queued[i] = nil
	}
	q.queued = q.queued[:0]
	q.settle() // a promise that settled in the last job: its reactions were run, or dropped
	for i := range q.queued {
		q.queued[i] = nil
	}
	q.queued = q.queued[:0]
}

// hasHandler: the reaction that its promise's state selects has a handler (so Resumed
// will see it run).
func (m *microtask) hasHandler() bool {
	if m.on == nil || m.await {
		return true
	}
	if m.on.State() == goja.PromiseStateRejected {
		return m.onR
	}
	return m.onF
}
