package node

import (
	"sort"
)

// Snapshot is what the Node loop's queues hold at one moment, for a queues view: the
// phase, the nextTick queue, the timers (soonest first), the immediates and the I/O
// requests in flight or completed. goja keeps its microtask queue private (DESIGN.md): the
// loop's own model of it (agent.Snapshot's Boxes) goes beside this one.
type Snapshot struct {
	Now           float64
	Phase         Phase
	NextTicks     int
	NextTickNames []string // the first ones, next to run first
	Timers        []TimerView
	Immediates    int
	// ImmediateNames are the first immediates waiting for a check phase, in order.
	ImmediateNames []string
	PendingIO      int // file requests running off the loop
	DoneIO         int // completions waiting for the poll phase
	// Handles are the live handles (servers, sockets), the ones keeping the loop alive
	// first, then by kind and address.
	Handles []LiveHandle
}

// TimerView is one active timer.
type TimerView struct {
	ID     int
	Name   string // its callback's name
	Due    float64
	Repeat bool
	Refed  bool
}

// Inspect returns a snapshot, with at most max entries a list. Call it on the loop's
// goroutine (a function posted to the loop runs there, also while step mode waits).
func (p *Process) Inspect(max int) Snapshot {
	doneReqs := 0
	for _, c := range p.io.done {
		if c.req {
			doneReqs++
		}
	}
	s := Snapshot{Now: p.l.Now(), Phase: p.CurrentPhase(), Immediates: p.immediates.pending, PendingIO: p.io.inflight - doneReqs, DoneIO: len(p.io.done)}
	s.Handles = p.liveHandles(max)
	s.NextTicks = len(p.ticks.queue) - p.ticks.head
	for _, fn := range p.pendingTicks(max) {
		s.NextTickNames = append(s.NextTickNames, p.l.FunctionName(fn))
	}
	active := append([]*timeout(nil), p.timers.heap...)
	sort.Slice(active, func(i, j int) bool {
		a, b := active[i], active[j]
		return a.due() < b.due() || a.due() == b.due() && a.id < b.id
	})
	for _, t := range active[:min(len(active), max)] {
		s.Timers = append(s.Timers, TimerView{ID: t.id, Name: p.l.FunctionName(t.fn), Due: t.due(), Repeat: t.repeat, Refed: t.refed})
	}
	for _, im := range p.immediates.queue {
		if len(s.ImmediateNames) == max {
			break
		}
		if !im.cleared {
			s.ImmediateNames = append(s.ImmediateNames, p.l.FunctionName(im.fn))
		}
	}
	return s
}
