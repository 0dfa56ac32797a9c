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

// Run runs the event loop (https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model)
// on the calling goroutine until Stop, opts.Until, or (with StopWhenQuiet) nothing is left to do.
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
		l.runDueWork(now)
		// 1-7. Take the oldest runnable task of the chosen queue and run it; the microtask
		// checkpoint runs at the end of the call into JS it makes.
		ranTask := false
		stepStart := now
		if t := l.pickTask(); t != nil {
			l.stepTaskStart(t)
			l.runTask(t)
			ranTask = true
			l.stepDone(StepTask)
		}
		// 8-13. Update the rendering when the display gives an opportunity and something needs it.
		now = l.Now()
		needed := l.renderingNeeded(now)
		if needed && l.neededSince < 0 {
			l.neededSince = stepStart // rendering became needed during this step
		}
		renderedFrame := false
		if ft, ok := l.display.Opportunity(now); ok {
			// A vsync counts only if the frame was wanted by then: one that passed while
			// nothing needed rendering is gone (the next one will do), as in Chrome.
			if needed && ft >= l.neededSince {
				l.updateTheRendering(ft)
				renderedFrame = true
				l.neededSince = -1
				if l.renderingNeeded(l.Now()) { // e.g. rAF requested inside rAF: for the next frame
					l.neededSince = ft
				}
				l.stepDone(StepFrame)
			} else {
				l.display.Take(ft) // unnecessary rendering: skipped
			}
		}
		if ranTask || renderedFrame || l.hasRunnableTask() {
			continue
		}
		// Idle: no runnable task, no microtask, no rendering opportunity.
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

// runTask runs one task (processing model steps 2-6) and records it in the trace.
func (l *Loop) runTask(t *task) {
	l.currentTask = t
	start := l.Now()
	func() {
		defer func() {
			if r := recover(); r != nil {
				l.console.Error(fmt.Sprintf("internal error in task %q: %v", t.name, r))
			}
		}()
		t.fn()
	}()
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

// renderingNeeded: animation frame callbacks wait, or the page changed since the last frame.
func (l *Loop) renderingNeeded(now float64) bool {
	return l.hasAnimationFrameCallbacks() || (l.renderer != nil && l.renderer.NeedsUpdate(now))
}

// RenderingNeeded reports whether the next rendering opportunity will update the rendering
// (idle deadlines stop at the next frame then).
func (l *Loop) RenderingNeeded() bool { return l.renderingNeeded(l.Now()) }

// NextFrameExpected is when the display's next rendering opportunity is expected (ms).
func (l *Loop) NextFrameExpected() float64 { return l.display.NextExpected(l.Now()) }

// FrameInterval is the display's refresh interval (ms).
func (l *Loop) FrameInterval() float64 { return l.display.Interval() }

// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
func (l *Loop) updateTheRendering(frameTime float64) {
	l.display.Take(frameTime)
	l.stats.Frames++
	start := l.Now()
	l.trace.add(Span{Kind: KindFrame, Name: "frame", Start: frameTime, End: frameTime})
	if l.mode == ModeLegacyRAF {
		// Old Safari/Edge: the frame is painted first; callbacks run after it, so what they
		// change shows only in the next frame.
		l.styleLayoutPaint(frameTime)
		l.runTheAnimationFrameCallbacks(frameTime)
	} else {
		// 14. Update animations and send events.
		if l.renderer != nil {
			s := l.Now()
			l.renderer.UpdateAnimations(frameTime)
			l.trace.add(Span{Kind: KindAnimations, Name: "update animations", Start: s, End: l.Now()})
		}
		// 17. Run the animation frame callbacks.
		l.runTheAnimationFrameCallbacks(frameTime)
		// 22. Update the rendering or user interface: style, layout, paint.
		l.styleLayoutPaint(frameTime)
	}
	l.trace.add(Span{Kind: KindRendering, Name: "update the rendering", Start: start, End: l.Now()})
}

func (l *Loop) styleLayoutPaint(frameTime float64) {
	r := l.renderer
	if r == nil || !r.NeedsUpdate(l.Now()) {
		return
	}
	s := l.Now()
	r.Style()
	s2 := l.Now()
	r.Layout()
	s3 := l.Now()
	r.Paint(frameTime)
	e := l.Now()
	l.trace.add(Span{Kind: KindStyle, Name: "style", Start: s, End: s2})
	l.trace.add(Span{Kind: KindLayout, Name: "layout", Start: s2, End: s3})
	l.trace.add(Span{Kind: KindPaint, Name: "paint", Start: s3, End: e})
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
