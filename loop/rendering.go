// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering),
// the text since whatwg/html#10007 (January 2024); step numbers below are that revision's
// steps of the rendering task. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import "math"

// renderingStarvedAfter is how long rendering may wait to be needed without a frame before
// it goes ahead of the tasks (ms; CHROME, see Run).
const renderingStarvedAfter = 100.0

// renderingStarved reports whether rendering has been needed for renderingStarvedAfter
// without an update of the rendering.
func (l *Loop) renderingStarved(now float64) bool {
	return l.neededSince >= 0 && now-l.neededSince >= renderingStarvedAfter && l.renderingNeeded(now)
}

// renderingOpportunity takes the display's rendering opportunity, if one has come by now, and
// updates the rendering when something needs it. stepStart is when this iteration began.
//
// DEPARTURE: HTML queues "update the rendering" as a task on the rendering task source for
// each rendering opportunity; the loop runs it right after the iteration's task instead (as
// the HTML of 2023 did), which is the rendering task source picked first whenever it has a
// task: it still runs between tasks, never inside one.
func (l *Loop) renderingOpportunity(stepStart float64) (rendered bool) {
	now := l.Now()
	needed := l.renderingNeeded(now)
	if needed && l.neededSince < 0 {
		l.neededSince = stepStart // rendering became needed during this step
	}
	ft, ok := l.display.Opportunity(now)
	if !ok {
		return false
	}
	// 4. Unnecessary rendering: skip it when nothing needs it (no animation frame callbacks,
	// no change since the last frame). CHROME: a vsync counts only if the frame was wanted by
	// then: one that passed while nothing needed rendering is gone (the next one will do).
	if !needed || ft < l.neededSince {
		l.display.Take(ft)
		return false
	}
	l.updateTheRendering(ft)
	l.neededSince = -1
	if l.renderingNeeded(l.Now()) { // e.g. rAF requested inside rAF: for the next frame
		l.neededSince = ft
	}
	l.StepDone(StepFrame)
	return true
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

// updateTheRendering is the rendering task's steps for one opportunity, frameTime being
// step 1's frameTimestamp ("Let frameTimestamp be eventLoop's last render opportunity time").
// Steps 2-3: there is one document, always fully active and renderable; step 4 is in
// renderingOpportunity. The steps behind page features (resize, scroll, media queries,
// fullscreen, resize and intersection observers) are the renderer's RenderingSteps, when it
// has them.
//
// FIXME(spec): steps 5-7 (skip for other reasons, reveal, flush autofocus candidates), 13
// (canvas context lost), 16.2.2-16.2.4 (content-visibility), 18 (view transitions), 20-21
// (rendering time, paint timing) and 23 (top layer removals): the page has none of those
// features.
func (l *Loop) updateTheRendering(frameTime float64) {
	l.display.Take(frameTime)
	l.frames++
	start := l.Now()
	l.Trace().Add(Span{Kind: KindFrame, Name: "frame", Start: frameTime, End: frameTime})
	steps, _ := l.renderer.(RenderingSteps)
	defer func() { l.renderingStep = "" }()
	if l.Mode() == ModeLegacyRAF {
		// DEPARTURE (legacy-raf mode): old Safari/Edge painted the frame first; callbacks ran
		// after it, so what they change shows only in the next frame. Animations and
		// transitions still advance (and send their events) before the frame's style.
		l.updateAnimationsAndSendEvents(frameTime)
		l.styleLayoutPaint(frameTime)
		l.renderingStep = "14. run the animation frame callbacks (after the paint: legacy-raf)"
		l.runTheAnimationFrameCallbacks(frameTime)
		l.Trace().Add(Span{Kind: KindRendering, Name: "update the rendering", Start: start, End: l.Now()})
		return
	}
	if steps != nil {
		// CHROME: rAF-aligned input (pointermove, mousemove, wheel, ...: continuous events
		// coalesced since the last frame) is dispatched at the start of the frame, before the
		// resize and scroll steps (UI Events leaves when to HTML's "update the rendering",
		// which has no step for it).
		s := l.Now()
		l.renderingStep = "(before step 8, CHROME) dispatch the rAF-aligned input"
		l.stepSpan("dispatch rAF-aligned input", s, steps.DispatchRAFAlignedInput(frameTime))
		// 8. "For each doc of docs, run the resize steps for doc."
		s = l.Now()
		l.renderingStep = "8. run the resize steps"
		l.stepSpan("run the resize steps", s, steps.RunTheResizeSteps())
		// 9. "For each doc of docs, run the scroll steps for doc."
		s = l.Now()
		l.renderingStep = "9. run the scroll steps"
		l.stepSpan("run the scroll steps", s, steps.RunTheScrollSteps())
		// 10. "For each doc of docs, evaluate media queries and report changes for doc."
		s = l.Now()
		l.renderingStep = "10. evaluate media queries and report changes"
		l.stepSpan("evaluate media queries and report changes", s, steps.EvaluateMediaQueriesAndReportChanges())
	}
	// 11. "For each doc of docs, update animations and send events for doc, passing in
	// relative high resolution time given frameTimestamp and doc's relevant global
	// object as the timestamp."
	l.renderingStep = "11. update animations and send events"
	l.updateAnimationsAndSendEvents(frameTime)
	if steps != nil {
		// 12. "For each doc of docs, run the fullscreen steps for doc."
		s := l.Now()
		l.renderingStep = "12. run the fullscreen steps"
		l.stepSpan("run the fullscreen steps", s, steps.RunTheFullscreenSteps())
	}
	// 14. "For each doc of docs, run the animation frame callbacks for doc, passing in the
	// relative high resolution time given frameTimestamp and doc's relevant global
	// object as the timestamp."
	l.renderingStep = "14. run the animation frame callbacks"
	l.runTheAnimationFrameCallbacks(frameTime)
	// 16. "For each doc of docs:"
	l.renderingStep = "16. recalculate styles and update layout, then broadcast active resize observations"
	l.styleLayoutAndResizeObservers(steps)
	if steps != nil {
		// 17. "For each doc of docs, if the focused area of doc is not a focusable area, then
		// run the focusing steps for doc's viewport, ..."
		s := l.Now()
		l.renderingStep = "17. run the focus fixup rule"
		l.stepSpan("run the focus fixup rule", s, steps.RunTheFocusFixupRule())
		// 19. "For each doc of docs, run the update intersection observations steps for doc,
		// passing in the relative high resolution time given now and doc's relevant global
		// object as the timestamp."
		s = l.Now()
		l.renderingStep = "19. run the update intersection observations steps"
		l.stepSpan("update intersection observations", s, steps.RunTheUpdateIntersectionObservationsSteps(s))
	}
	// 22. "For each doc of docs, update the rendering or user interface of doc and its node
	// navigable to reflect the current state": paint.
	l.renderingStep = "22. update the rendering or user interface of doc (paint)"
	l.paint(frameTime)
	l.Trace().Add(Span{Kind: KindRendering, Name: "update the rendering", Start: start, End: l.Now()})
}

// updateAnimationsAndSendEvents is step 11 for the one document, recorded as its span.
func (l *Loop) updateAnimationsAndSendEvents(frameTime float64) {
	if l.renderer != nil {
		s := l.Now()
		l.renderer.UpdateAnimations(frameTime)
		l.Trace().Add(Span{Kind: KindAnimations, Name: "update animations and send events", Start: s, End: l.Now()})
	}
}

// styleLayoutAndResizeObservers is step 16 for the one document: style and layout, then
// resize observations gathered and broadcast, deeper each time, until none are active.
func (l *Loop) styleLayoutAndResizeObservers(steps RenderingSteps) {
	// 16.1. "Let resizeObserverDepth be 0."
	depth := 0
	// 16.2. "While true:"
	for {
		// 16.2.1. "Recalculate styles and update layout for doc."
		l.recalculateStylesAndUpdateLayout()
		if steps == nil {
			return
		}
		// 16.2.5. "Gather active resize observations at depth resizeObserverDepth for doc."
		steps.GatherActiveResizeObservationsAtDepth(depth)
		// 16.2.6. "If doc has active resize observations:"
		if !steps.HasActiveResizeObservations() {
			break // 16.2.7. "Otherwise, break."
		}
		// 16.2.6.1. "Set resizeObserverDepth to the result of broadcasting active resize
		// observations given doc."
		s := l.Now()
		depth = steps.BroadcastActiveResizeObservations()
		l.stepSpan("broadcast active resize observations", s, true)
		// 16.2.6.2. "Continue."
	}
	// 16.3. "If doc has skipped resize observations, then deliver resize loop error given doc."
	if steps.HasSkippedResizeObservations() {
		s := l.Now()
		steps.DeliverResizeLoopError()
		l.stepSpan("deliver resize loop error", s, true)
	}
}

// stepSpan records a step of the rendering update that began at start as a span named after
// the spec's step, when it did something (ran page code, queued a task). (Idle steps are
// left out: eight empty spans a frame would shorten the trace's history for nothing.)
func (l *Loop) stepSpan(name string, start float64, did bool) {
	if did {
		l.Trace().Add(Span{Kind: KindRenderingStep, Name: name, Start: start, End: l.Now()})
	}
}

// RenderingSteps is implemented by a Renderer whose page has the features behind the other
// steps of "update the rendering", each for the page's one document. Each runs whatever page
// code its step runs (event listeners, observer callbacks) through the loop's calls, so a
// microtask checkpoint follows each callback. The steps that return did report whether they
// did anything (dispatched an event, called back, queued a task).
type RenderingSteps interface {
	// DispatchRAFAlignedInput dispatches the continuous input events coalesced since the
	// last frame (CHROME: there is no spec step for it).
	DispatchRAFAlignedInput(frameTime float64) (did bool)
	RunTheResizeSteps() (did bool)
	RunTheScrollSteps() (did bool)
	EvaluateMediaQueriesAndReportChanges() (did bool)
	RunTheFullscreenSteps() (did bool)
	// RunTheFocusFixupRule unfocuses a focused element that is no longer focusable.
	RunTheFocusFixupRule() (did bool)
	GatherActiveResizeObservationsAtDepth(depth int)
	HasActiveResizeObservations() bool
	// BroadcastActiveResizeObservations calls the observers back and returns the shallowest
	// depth among the targets it reported.
	BroadcastActiveResizeObservations() int
	HasSkippedResizeObservations() bool
	DeliverResizeLoopError()
	RunTheUpdateIntersectionObservationsSteps(now float64) (did bool)
}

// styleLayoutPaint recalculates styles, updates layout and paints a frame, when the page
// changed since the last frame (legacy-raf mode's frame).
func (l *Loop) styleLayoutPaint(frameTime float64) {
	l.recalculateStylesAndUpdateLayout()
	l.paint(frameTime)
}

// recalculateStylesAndUpdateLayout is "recalculate styles and update layout", when the
// page changed since the last frame.
func (l *Loop) recalculateStylesAndUpdateLayout() {
	r := l.renderer
	if r == nil || !r.NeedsUpdate(l.Now()) {
		return
	}
	s := l.Now()
	r.Style()
	s2 := l.Now()
	r.Layout()
	e := l.Now()
	restyled, laidOut, _ := l.renderWork()
	l.Trace().Add(Span{Kind: KindStyle, Name: "style", Start: s, End: s2, Work: restyled})
	l.Trace().Add(Span{Kind: KindLayout, Name: "layout", Start: s2, End: e, Work: laidOut})
}

// paint paints and presents a frame when the page changed since the last one.
func (l *Loop) paint(frameTime float64) {
	r := l.renderer
	if r == nil || !r.NeedsUpdate(l.Now()) {
		return
	}
	s := l.Now()
	r.Paint(frameTime)
	_, _, rastered := l.renderWork()
	l.Trace().Add(Span{Kind: KindPaint, Name: "paint", Start: s, End: l.Now(), Work: rastered})
}

// renderWork is the renderer's counts of its last Style, Layout and Paint, if it counts.
func (l *Loop) renderWork() (restyled, laidOut, rastered int32) {
	if w, ok := l.renderer.(RenderWork); ok {
		a, b, c := w.Work()
		return int32(min(a, math.MaxInt32)), int32(min(b, math.MaxInt32)), int32(min(c, math.MaxInt32))
	}
	return 0, 0, 0
}

// RenderWork is implemented by a Renderer that counts the work of its last Style, Layout
// and Paint: the trace records it on their spans (a frame's cost follows what changed).
type RenderWork interface {
	Work() (restyled, laidOut, rastered int)
}
