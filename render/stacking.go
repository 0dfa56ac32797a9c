package render

import (
	"image"
	"image/color"
	"math"
	"slices"

	"golang.org/x/net/html"

	"loopscope/css"
)

// Painting order follows CSS 2.2 Appendix E, "Elaborate description of Stacking Contexts"
// (W3C Working Draft of 12 April 2016, https://www.w3.org/TR/CSS22/zindex.html); step
// numbers are those of its section E.2. paintbox.go records the boxes themselves.

// opKind is a display list operation.
type opKind uint8

const (
	opFill      opKind = iota // fill a device rectangle with a colour
	opText                    // draw a run of text
	opPushLayer               // start a group with opacity
	opPopLayer                // composite the group
	opDisc                    // an anti-aliased filled circle in r
	opRing                    // a 1px anti-aliased circle in r
	opClip                    // intersect the clip with r until the matching opUnclip
	opUnclip
	opImage // draw img scaled into r (replaced.go)
)

// displayItem is one painting operation in paint order, in device pixels.
type displayItem struct {
	op    opKind
	r     image.Rectangle // fill rectangle, or a layer's bounds
	c     color.RGBA      // premultiplied
	text  string
	face  *face
	x, y  float64 // text pen position on the baseline
	alpha float64
	img   image.Image // opImage
}

// hitItem is a hit-testable area in paint order.
type hitItem struct {
	node *html.Node
	r    Rect
}

// canvasColor is the background of the whole canvas.
type canvasColor struct {
	c    color.NRGBA
	from *box // the element whose background was propagated to the canvas
}

// stackLists are the boxes painted by a stacking context after its own in-flow content.
type stackLists struct{ neg, zero, pos []*box }

// buildDisplayList walks the box tree in painting order (stacking contexts by z-index,
// in-flow blocks, then inline content, then positioned descendants) and records the
// display list and the hit-test list.
// https://drafts.csswg.org/css2/#elaborate-stacking-contexts
func (e *Engine) buildDisplayList() {
	e.startDisplayList()
	e.hits, e.clips = e.hits[:0], e.clips[:0]
	e.focusRing = image.Rectangle{}
	clear(e.placed)
	e.placedAt = e.placedAt[:0]
	e.placings++
	e.layerDepth = 0
	clear(e.dirtyGroups) // (their items are the last list's)
	base := color.NRGBA{255, 255, 255, 255}
	if e.transparentCanvas {
		base = color.NRGBA{} // an iframe's document: its iframe's parent shows through
	}
	e.canvas = canvasColor{c: base}
	r := e.root
	if r == nil {
		return
	}
	// The root's background (or, when transparent, the body's) paints the whole canvas.
	// https://drafts.csswg.org/css-backgrounds/#root-background
	if r.st.background.A != 0 {
		e.canvas.from = r
	} else {
		for _, c := range r.children {
			if c.node != nil && c.node.Data == "body" {
				if c.st.background.A != 0 {
					e.canvas.from = c
				}
				break
			}
		}
	}
	if e.canvas.from != nil {
		bg := e.canvas.from.st.background
		e.canvas.c = bg
		if !e.transparentCanvas {
			e.canvas.c = blendOver(base, bg)
		}
	}
	e.listScrollX, e.listScrollY, e.listFixed, e.elemScrolled = e.scrollX, e.scrollY, false, false
	e.collectTopLayer()
	e.paintStackingContext(r, -e.scrollX, -e.scrollY) // the viewport's scroll position
	e.paintTopLayer()
	e.paintFocusRing()
}

// blendOver composites c over an opaque base.
func blendOver(base, c color.NRGBA) color.NRGBA {
	a := float64(c.A) / 255
	m := func(b, x uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(b)*(1-a))) }
	return color.NRGBA{m(base.R, c.R), m(base.G, c.G), m(base.B, c.B), 255}
}

func createsContext(b *box) bool { return b.node != nil && b.st.createsStackingContext() }

// paintStackingContext paints a box that establishes a stacking context, with its
// transform's translation and its opacity as a group, in the order of E.2.
// FIXME(spec): step 5 (floats) and step 10 (outlines) are not painted: the engine has
// neither.
func (e *Engine) paintStackingContext(b *box, dx, dy float64) {
	var pc placedContext
	var outer shiftCheck
	placing := b.st.hasTransform && b != e.root
	if placing {
		pc = e.startPlacing(b, dx, dy)
		dx += pc.tx
		dy += pc.ty
		outer = e.startShiftCheck(&pc, dx, dy)
	}
	push := -1
	if b.st.opacity < 1 {
		push = len(e.list)
		e.list = append(e.list, displayItem{op: opPushLayer, alpha: b.st.opacity})
		at := int32(push) - e.relocate
		if b.layerGen == e.listGen && (!e.repainting || b.layerAt < 0) {
			at = -1 // opened twice in one list: not patchable
		}
		b.layerAt, b.layerGen = at, e.listGen
		if e.layerDepth == 0 {
			e.outerLayer = int32(push) - e.relocate
		}
		e.layerDepth++
	}
	e.paintBox(b, dx, dy) // step 2 (step 1, the canvas, is e.canvas)
	var lists stackLists
	e.collectStacking(b, &lists)
	slices.SortStableFunc(lists.neg, byZIndex)
	slices.SortStableFunc(lists.pos, byZIndex)
	for _, c := range lists.neg { // step 3: negative z-index stacking contexts
		e.paintInContext(c, b, dx, dy)
	}
	e.paintClippedFlow(b, dx, dy)  // step 4, the in-flow blocks, and step 7, the inline content
	for _, c := range lists.zero { // step 8: positioned descendants with z-index auto or 0
		e.paintInContext(c, b, dx, dy)
	}
	for _, c := range lists.pos { // step 9: positive z-index stacking contexts
		e.paintInContext(c, b, dx, dy)
	}
	if push >= 0 {
		var bounds image.Rectangle
		for _, it := range e.list[push+1:] {
			bounds = bounds.Union(it.r)
		}
		e.list[push].r = bounds
		e.list = append(e.list, displayItem{op: opPopLayer, r: bounds, alpha: b.st.opacity})
		e.layerDepth--
	}
	if placing {
		e.endShiftCheck(&pc, outer)
		e.endPlacing(b, pc)
	}
}

// paintInContext paints a box from a stacking context's lists (a child stacking
// context, or a positioned box painted as if it were one) inside the overflow clips of
// the ancestors up to the context root that clip it.
func (e *Engine) paintInContext(c, ctx *box, dx, dy float64) {
	clip, has, sx, sy := e.clipFor(c, ctx, dx, dy)
	if has {
		e.pushClipRect(clip)
	}
	dx, dy = dx-sx, dy-sy // the scroll containers it is inside of
	if c.st.position == css.PositionFixed {
		// A fixed box does not move with the viewport's scroll position.
		// FIXME(spec): nor should it inside a transformed ancestor (its containing block).
		dx, dy = dx+e.scrollX, dy+e.scrollY
		e.listFixed = true
	}
	if createsContext(c) {
		e.paintStackingContext(c, dx, dy)
	} else {
		e.paintBox(c, dx, dy)
		e.paintClippedFlow(c, dx, dy)
	}
	if has {
		e.popClip()
	}
}

// clipFor intersects the overflow clips of c's ancestors up to ctx (included) that clip
// it: all of them for an in-flow box, for an absolutely positioned one only its
// containing block and the ancestors that clip that, for a fixed one none. It also
// returns the sum of those scroll containers' scroll positions, which move c.
// https://drafts.csswg.org/css-overflow/#overflow-control
func (e *Engine) clipFor(c, ctx *box, dx, dy float64) (clip Rect, has bool, sx, sy float64) {
	var clippers [8]*box
	list := clippers[:0]
	pos := c.st.position
	for a := c.parent; a != nil; a = a.parent {
		if pos == css.PositionFixed {
			break
		}
		if a.node != nil && (pos != css.PositionAbsolute || a.st.isPositioned()) {
			if a.st.clips() {
				list = append(list, a)
			}
			if a.st.isPositioned() {
				pos = a.st.position // the next clipping ancestors must clip a too
			}
		}
		if a == ctx {
			break
		}
	}
	// From the outermost: each clipper is moved by the scroll positions of those around it.
	for i := len(list) - 1; i >= 0; i-- {
		a := list[i]
		r := paddingRect(a, dx-sx, dy-sy)
		if has {
			r = r.intersect(clip)
		}
		clip, has = r, true
		if st := e.states[a.node]; st != nil {
			x, y := st.scrollPosition()
			sx, sy = sx+x, sy+y
		}
	}
	return clip, has, sx, sy
}

func paddingRect(b *box, dx, dy float64) Rect {
	return Rect{b.ax + dx + b.border[3], b.ay + dy + b.border[0], b.w - b.border[1] - b.border[3], b.h - b.border[0] - b.border[2]}
}

func byZIndex(a, b *box) int { return int(a.st.zIndex) - int(b.st.zIndex) }

// collectStacking gathers the descendants of b that its stacking context paints after
// its in-flow content: child stacking contexts by z-index and positioned boxes.
func (e *Engine) collectStacking(b *box, l *stackLists) {
	for _, c := range b.children {
		switch {
		case len(e.topLayer) > 0 && e.inTopLayer(c):
			// painted above the root stacking context (paintTopLayer)
		case createsContext(c):
			z := 0
			if c.st.isPositioned() && !c.st.zAuto {
				z = int(c.st.zIndex)
			}
			switch {
			case z < 0:
				l.neg = append(l.neg, c)
			case z > 0:
				l.pos = append(l.pos, c)
			default:
				l.zero = append(l.zero, c)
			}
		case c.node != nil && c.st.isPositioned():
			l.zero = append(l.zero, c)
			e.collectStacking(c, l)
		default:
			e.collectStacking(c, l)
		}
	}
}

// paintedElsewhere reports boxes that a stacking context paints in its own phase.
func paintedElsewhere(c *box) bool {
	return c.node != nil && (c.st.isPositioned() || c.st.createsStackingContext())
}

// paintFlow paints b's in-flow descendants (moved by its scroll position): block backgrounds first, then inline
// content (text, inline boxes, inline-blocks painted atomically).
func (e *Engine) paintFlow(b *box, dx, dy float64) {
	dx, dy = e.contentOffset(b, dx, dy)
	e.paintBlockBackgrounds(b, dx, dy)
	e.paintInlineContent(b, dx, dy)
}

// paintClippedFlow paints b's in-flow content inside b's overflow clip.
func (e *Engine) paintClippedFlow(b *box, dx, dy float64) {
	clipped := e.pushClip(b, dx, dy)
	e.paintFlow(b, dx, dy)
	if clipped {
		e.popClip()
	}
}

func (e *Engine) paintBlockBackgrounds(b *box, dx, dy float64) {
	for _, c := range b.children {
		if paintedElsewhere(c) || c.kind == kindInlineBlock {
			continue
		}
		e.paintBox(c, dx, dy)
		clipped := e.pushClip(c, dx, dy)
		cx, cy := e.contentOffset(c, dx, dy)
		e.paintBlockBackgrounds(c, cx, cy)
		if clipped {
			e.popClip()
		}
	}
}

// pushClip starts clipping to b's padding box when its overflow is not visible.
// https://drafts.csswg.org/css-overflow/#overflow-control
func (e *Engine) pushClip(b *box, dx, dy float64) bool {
	if b.node == nil || !b.st.clips() {
		return false
	}
	e.pushClipRect(paddingRect(b, dx, dy))
	return true
}

func (e *Engine) pushClipRect(r Rect) {
	if n := len(e.clips); n > 0 {
		r = r.intersect(e.clips[n-1])
	}
	e.clips = append(e.clips, r)
	e.list = append(e.list, displayItem{op: opClip, r: deviceRect(r.X, r.Y, r.X+r.W, r.Y+r.H)})
}

func (e *Engine) popClip() {
	e.clips = e.clips[:len(e.clips)-1]
	e.list = append(e.list, displayItem{op: opUnclip})
}

// addHit records a hit-test area, cut to the current clip.
func (e *Engine) addHit(n *html.Node, r Rect) {
	if k := len(e.clips); k > 0 {
		r = r.intersect(e.clips[k-1])
		if r.W <= 0 || r.H <= 0 {
			return
		}
	}
	e.hits = append(e.hits, hitItem{node: n, r: r})
}
