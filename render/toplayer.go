// Spec: CSS Positioned Layout Module Level 4, Editor's Draft 2025-09 (https://drafts.csswg.org/css-position-4/#top-layer),
// and HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/rendering.html#flow-content-3,
// the dialog element's ::backdrop). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"image/color"

	"golang.org/x/net/html"
)

// TopLayerSource is what a Source tells of its top layer, when it has one: the elements in
// it, bottom first (a document's modal dialogs).
type TopLayerSource interface {
	TopLayerNodes() []*html.Node
}

// backdropColor is a modal dialog's ::backdrop background. CHROME: html.css's
// "dialog::backdrop { background: rgba(0, 0, 0, 0.1) }".
var backdropColor = color.NRGBA{0, 0, 0, 26}

// collectTopLayer notes the boxes of the top layer's elements that have one, bottom first,
// for the display list being built: each is painted above the root stacking context
// (paintTopLayer), not where its ancestors would paint it (collectStacking skips it).
func (e *Engine) collectTopLayer() {
	e.topLayer = e.topLayer[:0]
	src, ok := e.src.(TopLayerSource)
	if !ok {
		return
	}
	for _, n := range src.TopLayerNodes() {
		if st := e.states[n]; st != nil && st.box != nil && st.boxGen == e.layoutGen {
			e.topLayer = append(e.topLayer, st.box)
		}
	}
}

// inTopLayer reports whether b is a box of the top layer.
func (e *Engine) inTopLayer(b *box) bool {
	for _, t := range e.topLayer {
		if t == b {
			return true
		}
	}
	return false
}

// paintTopLayer paints the top layer after the root stacking context: "each element in the
// top layer ... as if it were a sibling of the root element, in the order they appear in
// the top layer", each "immediately preceded by its ::backdrop pseudo-element", which
// covers the viewport (position: fixed; inset: 0). The backdrop is a hit area of its
// dialog: a click outside a modal dialog targets the dialog (as in Chrome), and nothing
// below it is hit (the document is inert outside the dialog).
// FIXME(spec): ::backdrop takes no author style (no pseudo-elements in the cascade here).
func (e *Engine) paintTopLayer() {
	for _, b := range e.topLayer {
		e.listFixed = true // the backdrop and the fixed dialog stay put when the page scrolls
		e.fill(deviceRect(0, 0, float64(e.width), float64(e.height)), backdropColor)
		e.addHit(b.node, Rect{0, 0, float64(e.width), float64(e.height)})
		e.paintInContext(b, e.root, -e.scrollX, -e.scrollY)
	}
}
