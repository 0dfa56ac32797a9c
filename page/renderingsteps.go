// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering),
// and the specs each step names (CSSOM View, Resize Observer, Intersection Observer,
// Fullscreen, UI Events). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import "loopscope/loop"

var _ loop.RenderingSteps = renderer{}

// The renderer's side of loop.RenderingSteps: "update the rendering"'s steps behind page
// features, in the spec's order. The loop records each as a span named after the step.

// DispatchRAFAlignedInput dispatches the continuous input (pointermove, mousemove, wheel)
// coalesced since the last frame (rafaligned.go). CHROME: Chrome dispatches it at the
// start of the frame.
func (r renderer) DispatchRAFAlignedInput(frameTime float64) bool {
	return r.p.flushRAFAlignedInput()
}

// RunTheResizeSteps is CSSOM View's "run the resize steps".
//
// FIXME(spec): the viewport never changes size yet.
func (r renderer) RunTheResizeSteps() bool { return false }

// RunTheScrollSteps is CSSOM View's "run the scroll steps".
//
// FIXME(spec): nothing scrolls yet.
func (r renderer) RunTheScrollSteps() bool { return false }

// EvaluateMediaQueriesAndReportChanges is CSSOM View's "evaluate media queries and report
// changes".
//
// FIXME(spec): there is no matchMedia yet.
func (r renderer) EvaluateMediaQueriesAndReportChanges() bool { return false }

// RunTheFullscreenSteps is Fullscreen's "run the fullscreen steps".
//
// FIXME(spec): there is no requestFullscreen yet.
func (r renderer) RunTheFullscreenSteps() bool { return false }

// GatherActiveResizeObservationsAtDepth is Resize Observer's "gather active resize
// observations at depth".
//
// FIXME(spec): there is no ResizeObserver yet.
func (r renderer) GatherActiveResizeObservationsAtDepth(depth int) {}

// HasActiveResizeObservations is Resize Observer's "has active resize observations".
func (r renderer) HasActiveResizeObservations() bool { return false }

// BroadcastActiveResizeObservations is Resize Observer's "broadcast active resize
// observations": it returns the shallowest depth it reported.
func (r renderer) BroadcastActiveResizeObservations() int { return 0 }

// HasSkippedResizeObservations is Resize Observer's "has skipped resize observations".
func (r renderer) HasSkippedResizeObservations() bool { return false }

// DeliverResizeLoopError is Resize Observer's "deliver resize loop error notification".
func (r renderer) DeliverResizeLoopError() {}

// RunTheUpdateIntersectionObservationsSteps is Intersection Observer's "run the update
// intersection observations steps".
//
// FIXME(spec): there is no IntersectionObserver yet.
func (r renderer) RunTheUpdateIntersectionObservationsSteps(now float64) bool { return false }
