package loop

import "sort"

// Snapshot is what the loop's queues hold at one moment, for the queues view (Jake
// Archibald's picture of the event loop, live). Boxes is that picture; the rest is the
// loop's own detail (task queues by source, timers, animation frame and idle callbacks).
type Snapshot struct {
	Boxes   Boxes
	Sources *Sources // the page's scripts (safe to read from any goroutine)
	Now     float64  // page time (ms)
	Parked  bool     // step mode: the loop waits at a gate point
	Speed   float64  // step mode's speed factor (1 without step mode)
	// Queues are the task queues by source, in the order the loop picks them.
	Queues []QueueView
	// Timers are the active timers, soonest first (not yet tasks: a due timer queues one).
	Timers []TimerView
	// AnimationFrames are the callbacks waiting for the next rendering update.
	AnimationFrames []string
	// IdleCallbacks are the idle callbacks waiting, when the idle scheduler can list them.
	IdleCallbacks []string
	IdleKnown     bool
	// HostMicrotasks counts the microtasks the host queued so far (queueMicrotask,
	// MutationObserver notifications); promise jobs are goja's and cannot be counted.
	HostMicrotasks int
	Stats          Stats
}

// QueueView is one task queue.
type QueueView struct {
	Source Source
	Len    int
	Tasks  []string // the first ones, oldest first
}

// TimerView is one active timer.
type TimerView struct {
	ID     int
	Name   string
	Due    float64
	Repeat bool
}

// IdleLister is implemented by an idle scheduler that can name its waiting callbacks.
type IdleLister interface {
	IdleCallbackNames() []string
}

// Inspect returns a snapshot of the loop's queues, with at most max entries per list. Call
// it on the loop's goroutine (e.g. from a function passed to Post or TryPost).
func (l *Loop) Inspect(max int) *Snapshot {
	snap := &Snapshot{Now: l.Now(), Speed: 1, HostMicrotasks: l.stats.Microtasks, Stats: l.stats, Boxes: l.boxes(max), Sources: &l.sources}
	if s := l.stepper(); s != nil {
		snap.Parked = s.Parked()
		snap.Speed = s.Speed()
	}
	for src := SourceUserInteraction; src < numSources; src++ {
		q := &l.queues[src]
		v := QueueView{Source: src, Len: q.size}
		q.each(func(t *task) {
			if len(v.Tasks) < max {
				v.Tasks = append(v.Tasks, t.name)
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
	for _, e := range l.animationFrames.entries {
		if !e.dead && len(snap.AnimationFrames) < max {
			snap.AnimationFrames = append(snap.AnimationFrames, e.name)
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

// Live is what the loop's goroutine is doing right now, readable from any goroutine while
// it runs (step mode only: EnableStepping).
type Live struct {
	Task     string // the task running ("" between tasks)
	Source   Source
	Since    float64 // when it became runnable (ms)
	Callback string  // the callback running from an empty JS stack, when the loop reports it
}

// Live reports what the loop runs now.
func (s *Stepper) Live() Live {
	var lv Live
	if t := s.running.Load(); t != nil {
		lv.Task, lv.Source, lv.Since = t.name, t.source, t.at
	}
	if c := s.callback.Load(); c != nil {
		lv.Callback = *c
	}
	return lv
}

// noteCallbackStart records the callback that callFromEmptyStack is about to run (step mode
// only, so the name is computed only when someone can look at it).
func (l *Loop) noteCallbackStart(p pendingCall) {
	if s := l.stepper(); s != nil {
		name := p.name(l)
		s.callback.Store(&name)
	}
}
