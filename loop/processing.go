// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model),
// the text since whatwg/html#10007 (January 2024) made "update the rendering" a task of its
// own; step numbers below are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import "math"

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
// a task (step 2), then for a window event loop a rendering opportunity (rendering.go) or
// else an idle period (step 5); a worker event loop ends once it is closing and has no task
// left (step 6).
func (l *Loop) Run(opts RunOptions) {
	stopWatchdog := l.StartWatchdog()
	defer stopWatchdog()
	l.ClearStop()
	for !l.Stopped() {
		l.StepGate() // step mode: wait here while paused
		l.DrainInbox()
		now := l.Now()
		if limit := l.runLimit(opts); limit > 0 && now >= limit {
			return
		}
		l.runDueWork(now) // timers that are due queue their tasks (due.go)
		// CHROME: a frame owed for renderingStarvedAfter (a long task ran meanwhile) is
		// rendered before the next task, as Chrome's scheduler raises the rendering update's
		// priority once the page has waited that long for it: the animation frame callbacks
		// and the paint come before the timeouts that fell due during the long task
		// (testdata/loop/long_task_renders_first: 19 of 20 Chrome runs). Without it, a
		// display that posts its vsyncs (the window) had them only after the next task.
		if l.typ == Window && l.renderingStarved(now) && l.renderingOpportunity(now) {
			continue
		}
		// 2. "If the event loop has a task queue with at least one runnable task, then:" run
		// the oldest task of the chosen queue (2.1-2.7) and perform a microtask checkpoint
		// (2.8, performAMicrotaskCheckpoint: at the end of each call into JS the task makes).
		ranTask := false
		if t := l.pickTask(); t != nil {
			l.runTask(t)
			ranTask = true
		}
		// 4. "If this is a window event loop": its rendering opportunity (rendering.go).
		renderedFrame := l.typ == Window && l.renderingOpportunity(now)
		if ranTask || renderedFrame || l.hasRunnableTask() {
			continue
		}
		// 5. "If this is a window event loop that has no runnable task in this event loop's
		// task queues, then:" start an idle period (package idle computes the deadline).
		if l.typ == Window && l.idle != nil {
			l.idle.StartAnIdlePeriod(l.Now())
			if l.hasRunnableTask() {
				continue
			}
		}
		// 6. "If this is a worker event loop, then:" 6.2. "If there are no tasks in the event
		// loop's task queues and the WorkerGlobalScope object's closing flag is true, then
		// destroy the event loop, aborting these steps". FIXME(spec): 6.1, a dedicated
		// worker's animation frames.
		if l.typ == Worker && l.closing {
			return
		}
		if l.Stopped() {
			return
		}
		wake, ok := l.nextWake(opts)
		if !ok {
			if opts.StopWhenQuiet && (l.keepAlive == nil || !l.keepAlive()) {
				return
			}
			wake = math.Inf(1) // nothing scheduled: wait for a post (another loop's message)
		}
		if l.onQuiet != nil && !ok {
			l.onQuiet(true)
		}
		l.sleepUntil(wake)
		if l.onQuiet != nil {
			l.onQuiet(false)
		}
	}
}

// SetKeepAlive makes Run with StopWhenQuiet wait instead of returning while alive reports
// true: other loops (a page's workers) may still post work to this one. Call it on the
// loop's goroutine; alive is called there.
func (l *Loop) SetKeepAlive(alive func() bool) { l.keepAlive = alive }

// SetQuietNotifier has quiet(true) called when the loop goes to sleep with nothing scheduled
// (no task, no timer: only a post can wake it) and quiet(false) when it wakes.
func (l *Loop) SetQuietNotifier(quiet func(bool)) { l.onQuiet = quiet }

// runTask runs one task: processing model steps 2.2-2.7 and, for a long one, step 4
// ("report long tasks"), which are the agent's (Agent.RunTask: the trace, the watchdog's
// line, step mode); the loop keeps the task for the timer nesting level and the queues view.
func (l *Loop) runTask(t *task) {
	l.currentTask = t
	l.RunTask(&t.Task, t.fn)
	l.currentTask = nil
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
	if l.typ == Window {
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

// sleepUntil waits until wake or a post. The progress guarantee (a virtual clock that did not
// move is nudged) holds unless the display posts its opportunities.
func (l *Loop) sleepUntil(wake float64) {
	l.SleepUntil(wake, l.typ != Window || !l.display.External())
}

// SetClosing sets the worker global's closing flag (a worker's close(), or its owner's
// terminate()): a worker event loop ends once its task queues are empty, and a task queued
// after it is discarded (HTML "queue a task": the closing flag's "tasks ... will be discarded").
func (l *Loop) SetClosing() { l.closing = true }

// CloseWorker is close()'s steps for a worker's global: "1. Discard any tasks that have been
// added to workerGlobal's relevant agent's event loop's task queues. 2. Set workerGlobal's
// closing flag to true." The timers' tasks to come are discarded with them (SetClosing).
// https://html.spec.whatwg.org/multipage/workers.html#dom-dedicatedworkerglobalscope-close
func (l *Loop) CloseWorker() {
	for i := range l.queues {
		for l.queues[i].size > 0 {
			l.queues[i].pop()
		}
	}
	l.SetClosing()
}
