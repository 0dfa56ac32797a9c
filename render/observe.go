package render

import "golang.org/x/net/html"

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
	r, ok := e.BoxOf(n)
	if !ok {
		return Geometry{}, false
	}
	b := e.states[n].box
	return Geometry{Border: r, Borders: b.border, Padding: b.padding, Clips: b.st.clips(), Inline: b.kind == kindInline}, true
}
