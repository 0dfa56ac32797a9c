package page

import "loopscope/dom"

var _ dom.ObserverLayout = (*layout)(nil)

// Geometry answers ResizeObserver and IntersectionObserver (dom.ObserverLayout): n's border
// box where BorderBox puts it (viewport coordinates), with its border and padding widths.
func (a *layout) Geometry(n *dom.Node) (dom.Geometry, bool) {
	x, y, w, h, ok := a.BorderBox(n)
	if !ok {
		return dom.Geometry{}, false
	}
	g, ok := a.eng.GeometryOf(n.HTML())
	if !ok {
		return dom.Geometry{}, false
	}
	return dom.Geometry{X: x, Y: y, Width: w, Height: h, Borders: g.Borders, Padding: g.Padding, Clips: g.Clips, Inline: g.Inline}, true
}

// InContainingBlockChain answers IntersectionObserver's "target is not a descendant of the
// intersection root in the containing block chain" (dom.ObserverLayout).
func (a *layout) InContainingBlockChain(n, ancestor *dom.Node) bool {
	return a.eng.InContainingBlockChain(n.HTML(), ancestor.HTML())
}
