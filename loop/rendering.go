// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering),
// the text since whatwg/html#10007 (January 2024); step numbers below are that revision's
// steps of the rendering task. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import "math"

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
	l.stepDone(StepFrame)
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
// renderingOpportunity.
//
// FIXME(spec): steps 5-10 (skip for other reasons, reveal, flush autofocus candidates, the
// resize and scroll steps, media queries), 12-13 (fullscreen, canvas context lost), 16's
// resize observers, 17-21 (focus fix-up, view transitions, intersection observers, rendering
// time, paint timing) and 23 (top layer removals): the page has none of those features.
func (l *Loop) updateTheRendering(frameTime float64) {
	l.display.Take(frameTime)
	l.stats.Frames++
	start := l.Now()
	l.trace.add(Span{Kind: KindFrame, Name: "frame", Start: frameTime, End: frameTime})
	if l.mode == ModeLegacyRAF {
		// DEPARTURE (legacy-raf mode): old Safari/Edge painted the frame first; callbacks ran
		// after it, so what they change shows only in the next frame.
		l.styleLayoutPaint(frameTime)
		l.runTheAnimationFrameCallbacks(frameTime)
	} else {
		// 11. "For each doc of docs, update animations and send events for doc, passing in
		// relative high resolution time given frameTimestamp and doc's relevant global
		// object as the timestamp."
		if l.renderer != nil {
			s := l.Now()
			l.renderer.UpdateAnimations(frameTime)
			l.trace.add(Span{Kind: KindAnimations, Name: "update animations", Start: s, End: l.Now()})
		}
		// 14. "For each doc of docs, run the animation frame callbacks for doc, passing in the
		// relative high resolution time given frameTimestamp and doc's relevant global
		// object as the timestamp."
		l.runTheAnimationFrameCallbacks(frameTime)
		// 16.2.1. "Recalculate styles and update layout for doc", and 22. "For each doc of
		// docs, update the rendering or user interface of doc and its node navigable to
		// reflect the current state": style, layout, paint.
		l.styleLayoutPaint(frameTime)
	}
	l.trace.add(Span{Kind: KindRendering, Name: "update the rendering", Start: start, End: l.Now()})
}

// styleLayoutPaint recalculates styles, updates layout and paints a frame, when the page
// changed since the last frame.
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
	var restyled, laidOut, rastered int32
	if w, ok := r.(RenderWork); ok {
		a, b, c := w.Work()
		restyled, laidOut, rastered = int32(min(a, math.MaxInt32)), int32(min(b, math.MaxInt32)), int32(min(c, math.MaxInt32))
	}
	l.trace.add(Span{Kind: KindStyle, Name: "style", Start: s, End: s2, Work: restyled})
	l.trace.add(Span{Kind: KindLayout, Name: "layout", Start: s2, End: s3, Work: laidOut})
	l.trace.add(Span{Kind: KindPaint, Name: "paint", Start: s3, End: e, Work: rastered})
}

// RenderWork is implemented by a Renderer that counts the work of its last Style, Layout
// and Paint: the trace records it on their spans (a frame's cost follows what changed).
type RenderWork interface {
	Work() (restyled, laidOut, rastered int)
}
