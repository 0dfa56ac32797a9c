// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering),
// and the specs each step names (CSSOM View, Resize Observer, Intersection Observer,
// Fullscreen, UI Events). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"math"
	"slices"

	"loopscope/dom"
	"loopscope/loop"
)

var _ loop.RenderingSteps = renderer{}

// The renderer's side of loop.RenderingSteps: "update the rendering"'s steps behind page
// features, in the spec's order. The loop records each as a span named after the step.

// DispatchRAFAlignedInput dispatches the continuous input (pointermove, mousemove, wheel)
// coalesced since the last frame (rafaligned.go). CHROME: Chrome dispatches it at the
// start of the frame.
func (r renderer) DispatchRAFAlignedInput(frameTime float64) bool {
	return r.p.flushRAFAlignedInput()
}

// RunTheResizeSteps is CSSOM View's "run the resize steps" (viewport.go).
func (r renderer) RunTheResizeSteps() bool { return r.p.runTheResizeStepsOfAll() }

// RunTheScrollSteps is CSSOM View's "run the scroll steps" (scroll.go).
func (r renderer) RunTheScrollSteps() bool { return r.p.runTheScrollSteps() }

// EvaluateMediaQueriesAndReportChanges is CSSOM View's "evaluate media queries and report
// changes" (dom/mediaquerylist.go).
func (r renderer) EvaluateMediaQueriesAndReportChanges() bool {
	top := r.p.Doc.EvaluateMediaQueriesAndReportChanges()
	return r.p.evaluateMediaQueriesOfChildFrames() || top
}

// RunTheFullscreenSteps is Fullscreen's "run the fullscreen steps" (dom/fullscreen.go).
func (r renderer) RunTheFullscreenSteps() bool { return r.p.Doc.RunTheFullscreenSteps() }

// RunTheFocusFixupRule is HTML's "focus fixup rule" for each document of the frame, the
// page's first (an iframe's focused element hidden by a style change loses the focus too).
func (r renderer) RunTheFocusFixupRule() bool {
	did := false
	for _, d := range r.p.renderedDocuments() {
		if d.RunTheFocusFixupRule() {
			did = true
		}
	}
	return did
}

// GatherActiveResizeObservationsAtDepth is Resize Observer's "gather active resize
// observations at depth" (dom/resizeobserver.go, as the four below).
// DEPARTURE: the steps of the page's document and of its iframes' documents (iframes.go) are
// run together, each step for every document in turn (the page's first), with one depth:
// HTML runs step 16's loop for one document after another.
func (r renderer) GatherActiveResizeObservationsAtDepth(depth int) {
	for _, d := range r.p.renderedDocuments() {
		d.GatherActiveResizeObservationsAtDepth(depth)
	}
}

// HasActiveResizeObservations is Resize Observer's "has active resize observations".
func (r renderer) HasActiveResizeObservations() bool {
	return slices.ContainsFunc(r.p.renderedDocuments(), (*dom.Document).HasActiveResizeObservations)
}

// BroadcastActiveResizeObservations is Resize Observer's "broadcast active resize
// observations": it returns the shallowest depth it reported.
func (r renderer) BroadcastActiveResizeObservations() int {
	depth := math.MaxInt
	for _, d := range r.p.renderedDocuments() {
		if d.HasActiveResizeObservations() {
			depth = min(depth, d.BroadcastActiveResizeObservations())
		}
	}
	return depth
}

// HasSkippedResizeObservations is Resize Observer's "has skipped resize observations".
func (r renderer) HasSkippedResizeObservations() bool {
	return slices.ContainsFunc(r.p.renderedDocuments(), (*dom.Document).HasSkippedResizeObservations)
}

// DeliverResizeLoopError is Resize Observer's "deliver resize loop error notification".
func (r renderer) DeliverResizeLoopError() {
	for _, d := range r.p.renderedDocuments() {
		if d.HasSkippedResizeObservations() {
			d.DeliverResizeLoopError()
		}
	}
}

// RunTheUpdateIntersectionObservationsSteps is Intersection Observer's "run the update
// intersection observations steps" (dom/intersectionupdate.go) for each document: the
// entries it queues are delivered by a task after this rendering update.
func (r renderer) RunTheUpdateIntersectionObservationsSteps(now float64) bool {
	did := false
	for _, d := range r.p.renderedDocuments() {
		if d.RunTheUpdateIntersectionObservationsSteps(now) {
			did = true
		}
	}
	return did
}
