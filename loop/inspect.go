package loop

import (
	"sort"
	"strconv"

	"loopscope/agent"
)

// IdleLister is implemented by an idle scheduler that can name its waiting callbacks.
type IdleLister interface {
	IdleCallbackNames() []string
}

// Inspect returns a snapshot of the loop's queues, with at most max entries per list: the
// agent's (the running task, microtasks, the JS stack, the log) and the loop's own (task
// queues by source, timers, animation frame and idle callbacks). Call it on the loop's
// goroutine (e.g. from a function passed to Post or TryPost).
func (l *Loop) Inspect(max int) *Snapshot {
	snap := l.Agent.Inspect(max)
	snap.Stats = l.Stats()
	l.addTasksBox(&snap.Boxes, max)
	snap.Boxes.Step = l.specStep(&snap.Boxes)
	for src := SourceUserInteraction; src < numSources; src++ {
		q := &l.queues[src]
		v := QueueView{Source: src, Len: q.size}
		q.each(func(t *task) {
			if len(v.Tasks) < max {
				v.Tasks = append(v.Tasks, t.Name)
			}
		})
		snap.Queues = append(snap.Queues, v)
	}
	var timers []*dueEntry
	for _, e := range l.due {
		if e.kind != dueHostStep { // host work is not the page's
			timers = append(timers, e)
		}
	}
	sort.Slice(timers, func(i, j int) bool { return dueBefore(timers[i], timers[j]) })
	for _, e := range timers {
		if len(snap.Timers) == max {
			break
		}
		if e.kind == dueTimerTask {
			snap.Timers = append(snap.Timers, TimerView{Name: e.name, Due: e.at})
			continue
		}
		t := e.timer
		snap.Timers = append(snap.Timers, TimerView{ID: t.id, Name: l.timerName(t), Due: e.at, Repeat: t.repeat})
	}
	for _, w := range append([]*global{l.window}, l.frameWindows...) {
		for _, e := range w.animationFrames.entries {
			if !e.dead && len(snap.AnimationFrames) < max {
				snap.AnimationFrames = append(snap.AnimationFrames, e.name)
			}
		}
	}
	if il, ok := l.idle.(IdleLister); ok {
		snap.IdleKnown = true
		names := il.IdleCallbackNames()
		if len(names) > max {
			names = names[:max]
		}
		snap.IdleCallbacks = names
	}
	return snap
}

// boxes builds the four boxes (on the loop's goroutine), with at most max items per box.
func (l *Loop) boxes(max int) Boxes {
	b := l.Boxes(max)
	l.addTasksBox(&b, max)
	b.Step = l.specStep(&b)
	return b
}

// addTasksBox adds the loop's part of the Tasks box after the running task (the agent's):
// the queued tasks in the order the loop will pick them, then the timers that are not due
// yet, soonest first (each becomes a task when due).
func (l *Loop) addTasksBox(b *Boxes, max int) {
	for _, t := range l.queuedInPickOrder(max) {
		b.Tasks = append(b.Tasks, agent.TaskItem(&t.Task, false))
	}
	// The soonest timers (host work and host timer tasks are not the page's): the view asks
	// every frame, and a page may have a hundred thousand timers, so no full sort.
	var timers []*dueEntry
	for _, e := range l.due {
		if e.kind != dueTimer || (len(timers) == max && !dueBefore(e, timers[max-1])) {
			continue
		}
		i := sort.Search(len(timers), func(i int) bool { return dueBefore(e, timers[i]) })
		if len(timers) < max {
			timers = append(timers, nil)
		}
		copy(timers[i+1:], timers[i:])
		timers[i] = e
	}
	for _, e := range timers {
		if len(b.Tasks) >= max {
			break
		}
		t := e.timer
		it := BoxItem{ID: "timer:" + strconv.FormatUint(e.seq, 10), Name: jakeTimerName(t), Detail: l.timerName(t), Timer: true, Due: e.at}
		b.Tasks = append(b.Tasks, it)
	}
}

// queuedInPickOrder lists up to max queued tasks in the order pickTask would take them:
// the user interaction queue first, then the oldest of the others (each queue is in order,
// so its first max tasks are enough).
func (l *Loop) queuedInPickOrder(max int) []*task {
	var ui, rest []*task
	firstOf := func(src Source, dst *[]*task) {
		n := 0
		l.queues[src].each(func(t *task) {
			if n < max {
				*dst = append(*dst, t)
				n++
			}
		})
	}
	firstOf(SourceUserInteraction, &ui)
	for src := SourceUserInteraction + 1; src < numSources; src++ {
		firstOf(src, &rest)
	}
	sort.SliceStable(rest, func(i, j int) bool {
		if rest[i].At != rest[j].At {
			return rest[i].At < rest[j].At
		}
		return rest[i].Seq < rest[j].Seq
	})
	out := append(ui, rest...)
	if len(out) > max {
		out = out[:max]
	}
	return out
}

func jakeTimerName(t *timer) string {
	if t.repeat {
		return "setInterval callback"
	}
	return "setTimeout callback"
}
