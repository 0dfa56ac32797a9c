package render

import (
	"image"
	"image/color"
)

// The focus ring: Chrome's user-agent style sheet gives :focus-visible
// `outline: auto 1px -webkit-focus-ring-color`, which Chromium 156 on Linux paints as a
// 2 px ring of rgb(16, 16, 16) straddling the border box's edge (one pixel outside, one
// inside; measured on a screenshot of a button focused by Tab).
//
// DEPARTURE: the engine has no outlines (CSS 2.2 Appendix E.2 step 10): the ring is the one
// outline painted, with square corners, above everything else of the page (Chrome paints
// outlines at step 10 of their stacking context), and author outline styles do not change
// or remove it.

// noteFocusRing records the ring of b, painted with its border box at (x, y), when its
// element matches :focus-visible, and reports whether it did.
func (e *Engine) noteFocusRing(b *box, x, y float64) bool {
	src, ok := e.src.(ElementStates)
	if !ok || b.node == nil || !src.ElementState(b.node, "focus-visible") {
		return false
	}
	e.focusRing = deviceRect(x-1, y-1, x+b.w+1, y+b.h+1)
	return true
}

// paintFocusRing appends the focus ring's four sides to the display list.
func (e *Engine) paintFocusRing() {
	r := e.focusRing
	if r.Empty() {
		return
	}
	c := premultiplied(color.NRGBA{16, 16, 16, 255})
	for _, side := range []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+2), image.Rect(r.Min.X, r.Max.Y-2, r.Max.X, r.Max.Y),
		image.Rect(r.Min.X, r.Min.Y, r.Min.X+2, r.Max.Y), image.Rect(r.Max.X-2, r.Min.Y, r.Max.X, r.Max.Y),
	} {
		e.list = append(e.list, displayItem{op: opFill, r: side, c: c})
	}
}
