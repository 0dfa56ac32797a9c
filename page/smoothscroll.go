// Spec: CSSOM View Module, Editor's Draft 2025-09 (https://drafts.csswg.org/cssom-view/#concept-smooth-scroll,
// "perform a scroll" with behavior smooth, and https://drafts.csswg.org/cssom-view/#scrolling-events).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"math"

	"loopscope/css"
	"loopscope/dom"
)

// smoothScroll is one box's smooth scroll in progress: from one position to another
// over duration ms, from the first frame after it was asked for (start < 0 until then).
type smoothScroll struct {
	lay                    *layout   // its document's (the page's or an iframe's)
	target                 *dom.Node // nil: the viewport
	fromX, fromY, toX, toY float64
	duration, start        float64
	done                   bool // at its end position: scrollend is due in the next frame
}

// smoothScrollDuration is how long a smooth scroll of the distance (px) lasts, in ms.
// CHROME: a programmatic smooth scroll's duration grows with the square root of the
// distance: √distance / 60 seconds (cc's ScrollOffsetAnimationCurve, delta-based
// duration; measured: 200 px 0.23 s, 1000 px 0.53 s, 3000 px 0.93 s).
func smoothScrollDuration(distance float64) float64 {
	return math.Sqrt(distance) / 60 * 1000
}

// SmoothScrollTo implements dom.Scrolling: "perform a scroll" with behavior smooth. The
// position moves in the scroll steps of the frames that follow, the first frame only
// starting the animation (CHROME: the frame after the call still sees the old position);
// each frame that moves it queues scroll, and the frame after the last queues scrollend.
// A smooth scroll of a box replaces the one it had; an instant scroll cancels it.
// DEPARTURE: the curve is CSS's ease, not Chromium's own ease-in-out.
// https://drafts.csswg.org/cssom-view/#concept-smooth-scroll
func (a *layout) SmoothScrollTo(n *dom.Node, x, y float64) {
	a.update()
	p := a.p
	tx, ty, ok := a.eng.ClampScrollPosition(htmlOf(n), x, y)
	if !ok {
		return
	}
	cx, cy := a.eng.ScrollPosition(htmlOf(n))
	p.cancelSmoothScrollIn(a, n)
	if tx == cx && ty == cy {
		return
	}
	d := math.Hypot(tx-cx, ty-cy)
	p.view.smooth = append(p.view.smooth, &smoothScroll{lay: a, target: n, fromX: cx, fromY: cy, toX: tx, toY: ty,
		duration: smoothScrollDuration(d), start: -1})
}

// cancelSmoothScroll drops the smooth scroll of target (nil: the viewport), if any.
func (p *Page) cancelSmoothScroll(target *dom.Node) { p.cancelSmoothScrollIn(p.lay, target) }

// cancelSmoothScrollIn is cancelSmoothScroll in the document of layout a (target nil: its
// viewport).
func (p *Page) cancelSmoothScrollIn(a *layout, target *dom.Node) {
	v := &p.view
	for i, s := range v.smooth {
		if s.target == target && s.lay == a {
			v.smooth = append(v.smooth[:i], v.smooth[i+1:]...)
			return
		}
	}
}

// advanceSmoothScrolls moves each smooth scroll to its position at now (the frame's
// scroll steps, before their events fire), queueing scroll where it moved and scrollend
// for those that ended in the last frame.
func (p *Page) advanceSmoothScrolls(now float64) {
	v := &p.view
	ease, _ := css.ParseEasing("ease")
	keep := v.smooth[:0]
	for _, s := range v.smooth {
		if s.target != nil && !s.target.IsConnected() || !s.lay.doc.FullyActive() {
			continue
		}
		switch {
		case s.done:
			p.queueScrollEventIn(s.lay.doc, s.target, "scrollend")
			continue
		case s.start < 0:
			s.start = now
		default:
			t := min(1, (now-s.start)/s.duration)
			e := ease.Apply(t)
			if t >= 1 {
				e, s.done = 1, true
			}
			x, y := s.fromX+(s.toX-s.fromX)*e, s.fromY+(s.toY-s.fromY)*e
			if s.lay.eng.ScrollTo(htmlOf(s.target), x, y) {
				p.queueScrollEventIn(s.lay.doc, s.target, "scroll")
			}
		}
		keep = append(keep, s)
	}
	clear(v.smooth[len(keep):])
	v.smooth = keep
}
