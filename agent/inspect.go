package agent

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

// Inspect returns a snapshot of the agent's part of the queues (the running task, the
// microtasks, the JS stack, the log), with at most max entries per list; the event loop
// adds its own (package loop: task queues, timers, animation frames, idle callbacks). Call
// it on the agent's goroutine (e.g. from a function passed to Post or TryPost).
func (a *Agent) Inspect(max int) *Snapshot {
	snap := &Snapshot{Now: a.Now(), Speed: 1, HostMicrotasks: a.stats.Microtasks, Stats: a.stats, Boxes: a.Boxes(max), Sources: &a.sources}
	if s := a.stepper(); s != nil {
		snap.Parked = s.Parked()
		snap.Speed = s.Speed()
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
		lv.Task, lv.Source, lv.Since = t.Name, t.Source, t.At
	}
	if c := s.callback.Load(); c != nil {
		lv.Callback = *c
	}
	return lv
}

// noteCallbackStart records the callback that callFromEmptyStack is about to run (step mode
// only, so the name is computed only when someone can look at it).
func (a *Agent) noteCallbackStart(p pendingCall) {
	if s := a.stepper(); s != nil {
		name := p.name(a)
		s.callback.Store(&name)
	}
}
