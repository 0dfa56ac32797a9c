// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#event-loops);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import "loopscope/agent"

// A task is a unit of work on a task queue (HTML "task").
type task struct {
	// Task is what the agent sees of it while it runs: its source, its name, when it became
	// runnable (orders tasks across sources), its sequence number (ties) and its timer's.
	agent.Task
	fn func() // the steps
	// nesting is the timer nesting level of a task created by the timer initialisation steps,
	// timerGlobal the global whose timer it is.
	nesting     int
	timerGlobal *global
}

// taskQueue is a FIFO of tasks from one source (a ring buffer: no allocation per task in steady state).
type taskQueue struct {
	buf        []*task
	head, size int
}

func (q *taskQueue) push(t *task) {
	if q.size == len(q.buf) {
		n := make([]*task, max(8, 2*len(q.buf)))
		for i := 0; i < q.size; i++ {
			n[i] = q.buf[(q.head+i)%len(q.buf)]
		}
		q.buf, q.head = n, 0
	}
	q.buf[(q.head+q.size)%len(q.buf)] = t
	q.size++
}

func (q *taskQueue) peek() *task {
	if q.size == 0 {
		return nil
	}
	return q.buf[q.head]
}

func (q *taskQueue) pop() *task {
	t := q.buf[q.head]
	q.buf[q.head] = nil
	q.head = (q.head + 1) % len(q.buf)
	q.size--
	return t
}

// each calls f for every queued task, oldest first (for the queues view).
func (q *taskQueue) each(f func(*task)) {
	for i := 0; i < q.size; i++ {
		f(q.buf[(q.head+i)%len(q.buf)])
	}
}

// QueueTask queues a task on a task source (HTML "queue a task").
// It must be called on the loop's goroutine; other goroutines use PostTask.
func (l *Loop) QueueTask(src Source, name string, fn func()) {
	l.queueTask(&task{Task: agent.Task{Source: src, Name: name, At: l.Now()}, fn: fn})
}

// PostTask queues a task from another goroutine: "queue a task" from steps running in
// parallel, such as OS input. Safe from any goroutine; the task joins its queue when the
// loop next looks at its inbox (it blocks while the inbox is full).
func (l *Loop) PostTask(src Source, name string, fn func()) {
	l.Post(func() { l.QueueTask(src, name, fn) })
}

func (l *Loop) queueTask(t *task) {
	if l.closing && l.typ == Worker {
		return // a task queued after the closing flag is set is discarded
	}
	l.seq++
	t.Seq = l.seq
	l.queues[t.Source].push(t)
}

// pickTask chooses the next runnable task: event loop processing model step 2.1 ("Let
// taskQueue be one such task queue, chosen in an implementation-defined manner.") and 2.3
// ("Set oldestTask to the first runnable task in taskQueue, and remove it from taskQueue.").
// CHROME: the user interaction task source first (input stays responsive), then whichever
// other queue holds the task that became runnable first.
func (l *Loop) pickTask() *task {
	if l.queues[SourceUserInteraction].size > 0 {
		return l.queues[SourceUserInteraction].pop()
	}
	best := -1
	var bt *task
	for i := SourceUserInteraction + 1; i < numSources; i++ {
		t := l.queues[i].peek()
		if t == nil {
			continue
		}
		if bt == nil || t.At < bt.At || (t.At == bt.At && t.Seq < bt.Seq) {
			best, bt = int(i), t
		}
	}
	if best < 0 {
		return nil
	}
	return l.queues[best].pop()
}

func (l *Loop) hasRunnableTask() bool {
	for i := range l.queues {
		if l.queues[i].size > 0 {
			return true
		}
	}
	return false
}

// HasRunnableTaskOtherThan reports whether a task from another source than src is queued
// (requestIdleCallback ends an idle period early when higher-priority work arrives).
func (l *Loop) HasRunnableTaskOtherThan(src Source) bool {
	for i := range l.queues {
		if Source(i) != src && l.queues[i].size > 0 {
			return true
		}
	}
	e := l.due.earliestTimer(0, nil)
	return e != nil && e.at <= l.Now()
}
