package render

import "golang.org/x/net/html"

// HitTest returns the topmost element whose box contains the point (x, y) in the last
// layout, in reverse painting order; the root element when the point is on the canvas
// but on no box; nil outside the viewport or before the first layout. Boxes with
// visibility: hidden are not hit; pointer-events is not supported.
// https://drafts.csswg.org/cssom-view/#dom-document-elementfrompoint
func (e *Engine) HitTest(x, y float64) *html.Node {
	e.flushPlan()
	e.flushScroll()
	if !e.laidOut || e.root == nil || x < 0 || y < 0 || x >= float64(e.width) || y >= float64(e.height) {
		return nil
	}
	off := e.listOffset() // the display list's coordinates are the viewport's plus off
	lx, ly := x+float64(off.X), y+float64(off.Y)
	for i := len(e.hits) - 1; i >= 0; i-- {
		if e.hits[i].r.Contains(lx, ly) {
			return e.hits[i].node
		}
	}
	return e.root.node
}
