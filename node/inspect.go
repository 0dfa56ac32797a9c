package node

import (
	"sort"

	"github.com/dop251/goja"
)

// Snapshot is what the Node loop's queues hold at one moment, for a queues view: the
// phase, the nextTick queue's length, the timers (soonest first), the immediates and the
// I/O requests in flight or completed. goja keeps its microtask queue private (DESIGN.md).
type Snapshot struct {
	Now        float64
	Phase      Phase
	NextTicks  int
	Timers     []TimerView
	Immediates int
	PendingIO  int // requests running off the loop
	DoneIO     int // completed, waiting for the poll phase
}

// TimerView is one active timer.
type TimerView struct {
	ID     int
	Due    float64
	Repeat bool
	Refed  bool
}

// Inspect returns a snapshot, with at most max timers. Call it on the loop's goroutine.
func (p *Process) Inspect(max int) Snapshot {
	s := Snapshot{Now: p.l.Now(), Phase: p.phase, Immediates: len(p.immediates.byID), PendingIO: p.io.inflight - len(p.io.done), DoneIO: len(p.io.done)}
	if n, ok := goja.AssertFunction(p.nextTickLength); ok {
		if v, err := n(goja.Undefined()); err == nil {
			s.NextTicks = int(v.ToInteger())
		}
	}
	for _, t := range p.timers.heap {
		s.Timers = append(s.Timers, TimerView{ID: t.id, Due: t.due(), Repeat: t.repeat, Refed: t.refed})
	}
	sort.Slice(s.Timers, func(i, j int) bool {
		a, b := s.Timers[i], s.Timers[j]
		return a.Due < b.Due || a.Due == b.Due && a.ID < b.ID
	})
	if len(s.Timers) > max {
		s.Timers = s.Timers[:max]
	}
	return s
}
