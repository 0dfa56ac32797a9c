package render

import (
	"golang.org/x/net/html"

	"loopscope/css"
)

// Geometry is an element's box as ResizeObserver and IntersectionObserver read it.
type Geometry struct {
	Border  Rect       // the border box, as BoxOf gives it
	Borders [4]float64 // border widths: top, right, bottom, left
	Padding [4]float64 // padding widths: top, right, bottom, left
	Clips   bool       // overflow other than visible: its padding box clips its content
	Inline  bool       // a non-atomic inline box (ResizeObserver reports it as 0×0)
}

// GeometryOf returns an element's geometry from the last layout; ok is false when it has
// no box (display: none, not connected, or not laid out since it changed).
func (e *Engine) GeometryOf(n *html.Node) (Geometry, bool) {
	e.flushPlan()
	r, ok := e.BoxOf(n)
	if !ok {
		return Geometry{}, false
	}
	b := e.states[n].box
	return Geometry{Border: r, Borders: b.border, Padding: b.padding, Clips: b.st.clips(), Inline: b.kind == kindInline}, true
}

// InContainingBlockChain reports whether ancestor's box is on n's containing block chain
// (n's containing block, that box's containing block, and so on up to the initial
// containing block), from the last layout: an in-flow box's containing block is its
// nearest element ancestor's box, an absolutely positioned one's its nearest positioned
// ancestor's, a fixed one's the viewport. It is false when n has no box.
// https://drafts.csswg.org/css2/#containing-block-details
// FIXME(spec): a transformed ancestor is the containing block of a fixed or absolutely
// positioned descendant too (as clipFor, the engine does not make it one).
func (e *Engine) InContainingBlockChain(n, ancestor *html.Node) bool {
	e.flushPlan()
	st := e.states[n]
	if st == nil || st.box == nil || st.boxGen != e.layoutGen || !e.laidOut {
		return false
	}
	pos := st.box.st.position
	for a := st.box.parent; a != nil && pos != css.PositionFixed; a = a.parent {
		if a.node == nil || (pos == css.PositionAbsolute && !a.st.isPositioned()) {
			continue
		}
		if a.node == ancestor {
			return true
		}
		pos = a.st.position
	}
	return false
}
