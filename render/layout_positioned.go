package render

import (
	"math"

	"loopscope/css"
)

// containingBlockOf returns the padding box, in page coordinates, of the containing
// block of an absolutely or fixed positioned box: the nearest positioned ancestor's, or
// the viewport (the initial containing block).
// https://drafts.csswg.org/css2/#containing-block-details
func (e *Engine) containingBlockOf(b *box) (x, y, w, h float64) {
	vw, vh := float64(e.width), float64(e.height)
	if b.st.position == css.PositionFixed {
		return 0, 0, vw, vh
	}
	for a := b.parent; a != nil; a = a.parent {
		if a.node != nil && a.st.isPositioned() {
			return a.ax + a.border[3], a.ay + a.border[0], a.w - a.border[1] - a.border[3], a.h - a.border[0] - a.border[2]
		}
	}
	return 0, 0, vw, vh
}

// layoutOutOfFlow sizes and places an absolutely or fixed positioned box, then its
// subtree. https://drafts.csswg.org/css2/#abs-non-replaced-width
// https://drafts.csswg.org/css2/#abs-non-replaced-height
func (e *Engine) layoutOutOfFlow(b *box) {
	cbx, cby, cbw, cbh := e.containingBlockOf(b)
	e.resolveEdges(b, cbw)
	s := b.st
	left, right := s.inset[3], s.inset[1]
	top, bottom := s.inset[0], s.inset[2]
	l, r := s.resolveLength(left, cbw), s.resolveLength(right, cbw)
	t, bt := s.resolveLength(top, cbh), s.resolveLength(bottom, cbh)
	edgesH := b.edgesH()
	ml, mr := b.margin[3], b.margin[1]
	// widthWith is §10.3.7 with content width cw as the computed width (ok false: auto).
	fit := fitContent(b)
	widthWith := func(cw float64, ok bool) float64 {
		b.margin[3], b.margin[1] = ml, mr
		if !ok {
			if !left.isAuto() && !right.isAuto() && !fit {
				return math.Max(0, cbw-l-r-b.margin[1]-b.margin[3]-edgesH)
			}
			avail := cbw - b.margin[1] - b.margin[3] - edgesH
			if !left.isAuto() {
				avail -= l
			}
			if !right.isAuto() {
				avail -= r
			}
			cw = e.shrinkToFitWidth(b, avail)
			if !fit {
				return cw
			}
		}
		if !left.isAuto() && !right.isAuto() && s.margin[1].isAuto() && s.margin[3].isAuto() {
			rest := cbw - l - r - cw - edgesH
			b.margin[1], b.margin[3] = rest/2, rest/2
		}
		return cw
	}
	cw := widthWith(b.specifiedContentWidth(cbw))
	if lim := b.widthRange(cbw); lim.clamp(cw) != cw {
		// §10.4: the rules again, with max-width or min-width as the computed width.
		cw = widthWith(lim.clamp(cw), true)
	}
	b.w = cw + edgesH

	parentX, parentY := 0.0, 0.0
	if b.parent != nil {
		parentX, parentY = b.parent.ax, b.parent.ay
	}
	switch {
	case !left.isAuto():
		b.ax = cbx + l + b.margin[3]
	case !right.isAuto():
		b.ax = cbx + cbw - r - b.margin[1] - b.w
	default:
		b.ax = parentX + b.staticX + b.margin[3]
	}

	// A height fixed by top and bottom is definite for the children's percentages.
	cbhForChildren := cbh
	if s.height.isAuto() && !top.isAuto() && !bottom.isAuto() && !fit {
		ch := math.Max(0, cbh-t-bt-b.margin[0]-b.margin[2]-b.edgesV())
		saved := b.st.height
		hs := *b.st
		hs.height = px(ch)
		if hs.boxSizing == 1 {
			hs.height = px(ch + b.edgesV())
		}
		orig := b.st
		b.st = &hs
		e.layoutBlockLevel(b, cbw, cbhForChildren, true)
		hs.height = saved
		b.st = orig // the element's own style again, which later style changes update in place
	} else {
		e.layoutBlockLevel(b, cbw, cbhForChildren, true)
	}

	if fit && !top.isAuto() && !bottom.isAuto() && s.margin[0].isAuto() && s.margin[2].isAuto() {
		// §10.6.4 with the content's height: the auto margins share what is left.
		rest := cbh - t - bt - b.h
		b.margin[0], b.margin[2] = rest/2, rest/2
	}
	switch {
	case !top.isAuto():
		b.ay = cby + t + b.margin[0]
	case !bottom.isAuto():
		b.ay = cby + cbh - bt - b.margin[2] - b.h
	default:
		b.ay = parentY + b.staticY + b.margin[0]
	}
	// Place the subtree: assignPositions works from a parent origin.
	b.x, b.y = 0, 0
	ax, ay := b.ax, b.ay
	e.assignPositions(b, ax, ay, cbw, cbh)
}

// fitContent: b's auto width and height are fit-content (shrink-to-fit, and the content's
// height) even between two insets, as Chrome's UA sheet gives a dialog element ("width:
// fit-content; height: fit-content"). DEPARTURE: the engine has no fit-content keyword, so
// this holds for any dialog whose width or height is auto, the author's auto included.
// https://html.spec.whatwg.org/multipage/rendering.html#flow-content-3
func fitContent(b *box) bool {
	return b.node != nil && b.node.Data == "dialog" && b.node.Namespace == ""
}
