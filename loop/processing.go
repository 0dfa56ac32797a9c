// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model),
// the text since whatwg/html#10007 (January 2024) made "update the rendering" a task of its
// own; step numbers below are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import (
	"fmt"
	"math"
	"time"
)

// RunOptions say when Run returns.
type RunOptions struct {
	// Until is a time (ms since the time origin) at which Run returns; 0: no limit.
	Until float64
	// StopWhenQuiet returns once nothing is left to do: no task, timer, animation frame
	// callback, idle callback, scheduled input or pending rendering.
	StopWhenQuiet bool
}

// Run runs the event loop processing model on the calling goroutine until Stop, opts.Until,
// or (with StopWhenQuiet) nothing is left to do. One turn of the for loop is one iteration:
// a task (step 2), a rendering opportunity (rendering.go), or else an idle period (step 5).
func (l *Loop) Run(opts RunOptions) {
	stopWatchdog := l.startWatchdog()
	defer stopWatchdog()
	l.stopped = false
	for !l.stopped {
		l.stepGate() // step mode: wait here while paused
		l.drainInbox()
		now := l.Now()
		if limit := l.runLimit(opts); limit > 0 && now >= limit {
			return
		}
		l.runDueWork(now) // timers that are due queue their tasks (due.go)
		// 2. "If the event loop has a task queue with at least one runnable task, then:" run
		// the oldest task of the chosen queue (2.1-2.7) and perform a microtask checkpoint
		// (2.8, performAMicrotaskCheckpoint: at the end of each call into JS the task makes).
		ranTask := false
		if t := l.pickTask(); t != nil {
			l.stepTaskStart(t)
			l.runTask(t)
			ranTask = true
			l.stepDone(StepTask)
		}
		renderedFrame := l.renderingOpportunity(now)
		if ranTask || renderedFrame || l.hasRunnableTask() {
			continue
		}
		// 5. "If this is a window event loop that has no runnable task in this event loop's
		// task queues, then:" start an idle period (package idle computes the deadline).
		if l.idle != nil {
			l.idle.StartAnIdlePeriod(l.Now())
			if l.hasRunnableTask() {
				continue
			}
		}
		if l.stopped {
			return
		}
		wake, ok := l.nextWake(opts)
		if !ok {
			if opts.StopWhenQuiet {
				return
			}
			wake = math.Inf(1)
		}
		l.sleepUntil(wake)
	}
}

// runTask runs one task: processing model steps 2.2-2.7 and, for a long one, step 4
// ("report long tasks"); it records the task in the trace.
func (l *Loop) runTask(t *task) {
	// 2.5. "Set the event loop's currently running task to oldestTask."
	l.currentTask = t
	start := l.Now()
	// 2.6. "Perform oldestTask's steps."
	func() {
		defer func() {
			if r := recover(); r != nil {
				l.console.Error(fmt.Sprintf("internal error in task %q: %v", t.name, r))
			}
		}()
		t.fn()
	}()
	// 2.7. "Set the event loop's currently running task back to null."
	l.currentTask = nil
	end := l.Now()
	l.stats.Tasks++
	l.trace.add(Span{Kind: KindTask, Name: t.name, Source: t.source, Start: start, End: end})
	if end-start > 50 {
		l.stats.LongTasks++
		l.trace.add(Span{Kind: KindLongTask, Name: t.name, Source: t.source, Start: start, End: end})
		// The observers' own delivery is not reported: on a starved machine a slow delivery
		// would report itself and queue another delivery, forever.
		if t.name != perfObserverTask {
			l.reportLongTask(start, end)
		}
	}
}

// nextWake is the earliest time something becomes runnable.
func (l *Loop) nextWake(opts RunOptions) (float64, bool) {
	wake, ok := math.Inf(1), false
	consider := func(t float64) {
		if t < wake {
			wake, ok = t, true
		}
	}
	if d, has := l.nextDue(); has {
		consider(d)
	}
	now := l.Now()
	if l.renderingNeeded(now) && !l.display.External() {
		consider(l.display.NextExpected(now))
	}
	if l.idle != nil {
		if t, has := l.idle.NextWake(); has {
			consider(t)
		}
	}
	if l.display.External() && l.renderingNeeded(now) {
		ok = true // the next vsync post will wake the loop
	}
	if limit := l.runLimit(opts); limit > 0 && (ok || !opts.StopWhenQuiet) {
		consider(limit) // a limit, not work: it keeps no quiet loop waiting
	}
	return wake, ok
}

// runLimit is the time (ms) at which Run returns: the earlier of opts.Until and StopAt
// (0: none).
func (l *Loop) runLimit(opts RunOptions) float64 {
	switch {
	case opts.Until <= 0:
		return l.stopAt
	case l.stopAt <= 0:
		return opts.Until
	}
	return min(opts.Until, l.stopAt)
}

func (l *Loop) sleepUntil(wake float64) {
	if math.IsInf(wake, 1) {
		<-l.wake
		return
	}
	before := l.clock.Now()
	l.clock.Sleep(dur(wake), l.wake)
	// Progress guarantee: a virtual clock that did not move (a wake time that rounding put at
	// or before now) is nudged 1 µs, so the loop can never spin without time passing.
	if l.clock.Now() == before && !l.display.External() {
		l.clock.Sleep(before+time.Microsecond, nil)
	}
}

func (l *Loop) drainInbox() {
	for {
		select {
		case fn := <-l.inbox:
			fn()
		default:
			return
		}
	}
}
