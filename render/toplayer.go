// Spec: CSS Positioned Layout Module Level 4, Editor's Draft 2025-09 (https://drafts.csswg.org/css-position-4/#top-layer),
// and HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/rendering.html#flow-content-3,
// the dialog element's ::backdrop). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"image/color"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"loopscope/css"
)

// TopLayerSource is what a Source tells of its top layer, when it has one: the elements in
// it, bottom first (a document's modal dialogs).
type TopLayerSource interface {
	TopLayerNodes() []*html.Node
}

// backdropStyle is what the ::backdrop rules give a top layer element's backdrop: its
// background colour, and whether it is displayed. CHROME: html.css's "dialog::backdrop {
// background: rgba(0, 0, 0, 0.1) }" (uastyle.go).
// FIXME(spec): only background-color and display are read, and the rules are matched when
// the display list is built (a class change alone does not repaint the backdrop).
func (e *Engine) backdropStyle(n *html.Node) (bg color.NRGBA, shown bool) {
	type win struct {
		rank  int // 0: UA, 1: author, 2: author !important
		spec  cascadia.Specificity
		order int
		set   bool
	}
	var bgWin, dispWin win
	shown = true
	beats := func(w win, rank int, r *styleRule) bool {
		return !w.set || rank > w.rank || rank == w.rank && (w.spec.Less(r.spec) || w.spec == r.spec && r.order > w.order)
	}
	for i := range e.backdropRules {
		r := &e.backdropRules[i]
		if !r.sel.Match(n) {
			continue
		}
		for _, d := range r.decls {
			rank := 1
			if r.ua {
				rank = 0
			} else if d.Important {
				rank = 2
			}
			switch d.Prop {
			case css.PropBackgroundColor:
				if beats(bgWin, rank, r) {
					bgWin = win{rank, r.spec, r.order, true}
					bg = d.Value.Color
					if d.Value.Current {
						bg = color.NRGBA{0, 0, 0, 255} // ::backdrop inherits from nothing: color is black
					}
					if d.Value.Global != css.GlobalNone {
						bg = color.NRGBA{} // initial, inherit (from nothing), unset: transparent
					}
				}
			case css.PropDisplay:
				if beats(dispWin, rank, r) {
					dispWin = win{rank, r.spec, r.order, true}
					shown = d.Value.Global != css.GlobalNone || d.Value.Num != float64(css.DisplayNone)
				}
			}
		}
	}
	return bg, shown
}

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

// maxPaintedBackdrops bounds the backdrops painted: those of the topmost 16 elements of the
// top layer. DEPARTURE: a backdrop covers the viewport, and a page that opens a thousand
// modal dialogs had a thousand viewport-sized translucent fills to raster a frame (about 4
// s a frame, against Chromium's 87 ms for two frames); the ones below the 16th are left
// out (under 16 of the UA's rgba(0, 0, 0, 0.1), 18% of what is below shows).
const maxPaintedBackdrops = 16

// paintTopLayer paints the top layer after the root stacking context: "each element in the
// top layer ... as if it were a sibling of the root element, in the order they appear in
// the top layer", each "immediately preceded by its ::backdrop pseudo-element", which
// covers the viewport (position: fixed; inset: 0). The backdrop is a hit area of its
// dialog: a click outside a modal dialog targets the dialog (as in Chrome), and nothing
// below it is hit (the document is inert outside the dialog).
// The backdrop's background and display come from the ::backdrop rules (backdropStyle).
func (e *Engine) paintTopLayer() {
	for i, b := range e.topLayer {
		e.listFixed = true // the backdrop and the fixed dialog stay put when the page scrolls
		if bg, shown := e.backdropStyle(b.node); shown {
			if i >= len(e.topLayer)-maxPaintedBackdrops {
				e.fill(deviceRect(0, 0, float64(e.width), float64(e.height)), bg)
			}
			e.addHit(b.node, Rect{0, 0, float64(e.width), float64(e.height)})
		}
		e.paintInContext(b, e.root, -e.scrollX, -e.scrollY)
	}
}
