package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"golang.org/x/net/html"

	"loopscope/css"
)

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
	e.list, e.hits, e.clips = e.list[:0], e.hits[:0], e.clips[:0]
	e.canvas = canvasColor{c: color.NRGBA{255, 255, 255, 255}}
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
		e.canvas.c = blendOver(color.NRGBA{255, 255, 255, 255}, bg)
	}
	e.paintStackingContext(r, 0, 0)
}

// blendOver composites c over an opaque base.
func blendOver(base, c color.NRGBA) color.NRGBA {
	a := float64(c.A) / 255
	m := func(b, x uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(b)*(1-a))) }
	return color.NRGBA{m(base.R, c.R), m(base.G, c.G), m(base.B, c.B), 255}
}

func createsContext(b *box) bool { return b.node != nil && b.st.createsStackingContext() }

// paintStackingContext paints a box that establishes a stacking context, with its
// transform's translation and its opacity as a group.
func (e *Engine) paintStackingContext(b *box, dx, dy float64) {
	if b.st.hasTransform {
		dx += b.st.tx.resolve(b.w)
		dy += b.st.ty.resolve(b.h)
	}
	push := -1
	if b.st.opacity < 1 {
		push = len(e.list)
		e.list = append(e.list, displayItem{op: opPushLayer, alpha: b.st.opacity})
	}
	e.paintBox(b, dx, dy)
	var lists stackLists
	e.collectStacking(b, &lists)
	slices.SortStableFunc(lists.neg, byZIndex)
	slices.SortStableFunc(lists.pos, byZIndex)
	for _, c := range lists.neg {
		e.paintInContext(c, b, dx, dy)
	}
	e.paintClippedFlow(b, dx, dy)
	for _, c := range lists.zero {
		e.paintInContext(c, b, dx, dy)
	}
	for _, c := range lists.pos {
		e.paintInContext(c, b, dx, dy)
	}
	if push >= 0 {
		var bounds image.Rectangle
		for _, it := range e.list[push+1:] {
			bounds = bounds.Union(it.r)
		}
		e.list[push].r = bounds
		e.list = append(e.list, displayItem{op: opPopLayer, r: bounds, alpha: b.st.opacity})
	}
}

// paintInContext paints a box from a stacking context's lists (a child stacking
// context, or a positioned box painted as if it were one) inside the overflow clips of
// the ancestors up to the context root that clip it.
func (e *Engine) paintInContext(c, ctx *box, dx, dy float64) {
	clip, has := e.clipFor(c, ctx, dx, dy)
	if has {
		e.pushClipRect(clip)
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
// containing block and the ancestors that clip that, for a fixed one none.
// https://drafts.csswg.org/css-overflow/#overflow-control
func (e *Engine) clipFor(c, ctx *box, dx, dy float64) (Rect, bool) {
	var clip Rect
	has := false
	pos := c.st.position
	for a := c.parent; a != nil; a = a.parent {
		if pos == css.PositionFixed {
			break
		}
		if a.node != nil && (pos != css.PositionAbsolute || a.st.isPositioned()) {
			if a.st.clips() {
				r := paddingRect(a, dx, dy)
				if has {
					r = r.intersect(clip)
				}
				clip, has = r, true
			}
			if a.st.isPositioned() {
				pos = a.st.position // the next clipping ancestors must clip a too
			}
		}
		if a == ctx {
			break
		}
	}
	return clip, has
}

func paddingRect(b *box, dx, dy float64) Rect {
	return Rect{b.ax + dx + b.border[3], b.ay + dy + b.border[0], b.w - b.border[1] - b.border[3], b.h - b.border[0] - b.border[2]}
}

func byZIndex(a, b *box) int { return a.st.zIndex - b.st.zIndex }

// collectStacking gathers the descendants of b that its stacking context paints after
// its in-flow content: child stacking contexts by z-index and positioned boxes.
func (e *Engine) collectStacking(b *box, l *stackLists) {
	for _, c := range b.children {
		switch {
		case createsContext(c):
			z := 0
			if c.st.isPositioned() && !c.st.zAuto {
				z = c.st.zIndex
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

// paintFlow paints b's in-flow descendants: block backgrounds first, then inline
// content (text, inline boxes, inline-blocks painted atomically).
func (e *Engine) paintFlow(b *box, dx, dy float64) {
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
		e.paintBlockBackgrounds(c, dx, dy)
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

func (e *Engine) paintInlineContent(b *box, dx, dy float64) {
	if b.node != nil && b.st.listItem && b.st.listStyle != css.MarkerNone && b.st.visible {
		e.paintMarker(b, dx, dy)
	}
	if !b.inlineFlow {
		for _, c := range b.children {
			if paintedElsewhere(c) || c.kind == kindInlineBlock {
				continue
			}
			clipped := e.pushClip(c, dx, dy)
			e.paintInlineContent(c, dx, dy)
			if clipped {
				e.popClip()
			}
		}
		return
	}
	for i := range b.frags {
		f := &b.frags[i]
		x, y := b.ax+f.x+dx, b.ay+f.y+dy
		switch f.kind {
		case fragText:
			if !f.st.visible {
				continue
			}
			e.addHit(f.node, Rect{x, y, f.w, f.h})
			if f.st.color.A == 0 {
				continue
			}
			bx, by := int(math.Floor(x)), int(math.Floor(y))
			e.list = append(e.list, displayItem{op: opText, text: f.text, face: f.face, x: x, y: b.ay + f.baseline + dy,
				c: premultiplied(f.st.color), r: image.Rect(bx-2, by-2, int(math.Ceil(x+f.w))+2, int(math.Ceil(y+f.h))+2)})
		case fragInline:
			f.b.tx, f.b.ty = dx, dy
			if !f.st.visible {
				continue
			}
			e.addHit(f.node, Rect{x, y, f.w, f.h})
			var bw [4]float64
			for s := 0; s < 4; s++ {
				bw[s] = f.st.borderWidth[s]
			}
			if f.openLeft {
				bw[3] = 0
			}
			if f.openRight {
				bw[1] = 0
			}
			e.paintBackgroundAndBorders(f.st, x, y, f.w, f.h, bw)
		case fragAtomic:
			a := f.b
			if paintedElsewhere(a) {
				continue
			}
			e.paintBox(a, dx, dy)
			e.paintClippedFlow(a, dx, dy)
		}
	}
}

// paintMarker draws a list item's outside marker ("• ", "1. ") so that it ends at the
// content box's left edge, on the first line's baseline.
// https://drafts.csswg.org/css-lists/#list-style-position-property
func (e *Engine) paintMarker(b *box, dx, dy float64) {
	baseline, ok := firstBaseline(b)
	if !ok || b.st.color.A == 0 {
		return
	}
	f := e.fonts.faceFor(b.st)
	x := b.ax + dx + b.border[3] + b.padding[3]
	y := b.ay + dy + baseline
	if b.st.listStyle != css.MarkerDecimal {
		// Chrome's symbol markers: a square of ⌊(⅔·ascent+1)/2⌋ px, 7px of padding.
		// (ListMarker::InlineMarginsForOutside, RelativeSymbolMarkerRect)
		a := int(f.ascent)
		offset := a * 2 / 3
		size := (offset + 1) / 2
		x0 := round(x) - offset - 7
		y0 := round(y) - a + 3*(a-offset)/2
		r := image.Rect(x0, y0, x0+size, y0+size)
		op := opFill // square
		switch b.st.listStyle {
		case css.MarkerDisc:
			op = opDisc
		case css.MarkerCircle:
			op = opRing
		}
		e.list = append(e.list, displayItem{op: op, r: r, c: premultiplied(b.st.color)})
		return
	}
	var text string
	switch b.st.listStyle {
	case css.MarkerDecimal:
		n := 1
		for s := b.node.PrevSibling; s != nil; s = s.PrevSibling {
			if st := e.styleOf(s); st != nil && st.listItem {
				n++
			}
		}
		text = strconv.Itoa(n) + ". "
	}
	w := f.measure(text)
	x -= w
	e.list = append(e.list, displayItem{op: opText, text: text, face: f, x: x, y: y, c: premultiplied(b.st.color),
		r: image.Rect(int(x)-2, int(y-f.ascent)-2, int(x+w)+2, int(y+f.descent)+2)})
}

// firstBaseline returns the baseline of a box's first line box, from its border-box top.
func firstBaseline(b *box) (float64, bool) {
	if b.inlineFlow {
		for i := range b.frags {
			return b.frags[i].baseline, true
		}
		return 0, false
	}
	for _, c := range b.children {
		if c.outOfFlow {
			continue
		}
		if y, ok := firstBaseline(c); ok {
			return c.y + y, true
		}
	}
	return 0, false
}

// paintBox records an element box's background and borders and its hit area.
func (e *Engine) paintBox(b *box, dx, dy float64) {
	b.tx, b.ty = dx, dy
	if b.node == nil || !b.st.visible {
		return
	}
	x, y := b.ax+dx, b.ay+dy
	e.addHit(b.node, Rect{x, y, b.w, b.h})
	st := b.st
	if e.canvas.from == b {
		st2 := *st
		st2.background = color.NRGBA{}
		st = &st2
	}
	e.paintBackgroundAndBorders(st, x, y, b.w, b.h, b.border)
}

func deviceRect(x0, y0, x1, y1 float64) image.Rectangle {
	return image.Rect(round(x0), round(y0), round(x1), round(y1))
}

// paintBackgroundAndBorders records the background colour (under the border box) and
// the four borders. Outset and inset borders are drawn like Chrome's form controls:
// a 1px line in the border colour with the background inside.
// https://drafts.csswg.org/css-backgrounds/#backgrounds
func (e *Engine) paintBackgroundAndBorders(st *computedStyle, x, y, w, h float64, bw [4]float64) {
	if st.background.A != 0 {
		e.fill(deviceRect(x, y, x+w, y+h), st.background)
	}
	for side := 0; side < 4; side++ {
		wd := bw[side]
		if wd <= 0 || st.borderStyle[side] == css.BorderNone || st.borderColor[side].A == 0 {
			continue
		}
		if st.borderStyle[side] == css.BorderOutset || st.borderStyle[side] == css.BorderInset {
			wd = math.Min(wd, 1)
		}
		var r image.Rectangle
		switch side {
		case 0:
			r = deviceRect(x, y, x+w, y+wd)
		case 1:
			r = deviceRect(x+w-wd, y+bw[0], x+w, y+h-bw[2])
			if st.borderStyle[side] != css.BorderSolid {
				r = deviceRect(x+w-wd, y, x+w, y+h)
			}
		case 2:
			r = deviceRect(x, y+h-wd, x+w, y+h)
		case 3:
			r = deviceRect(x, y+bw[0], x+wd, y+h-bw[2])
			if st.borderStyle[side] != css.BorderSolid {
				r = deviceRect(x, y, x+wd, y+h)
			}
		}
		e.fill(r, st.borderColor[side])
	}
}

func (e *Engine) fill(r image.Rectangle, c color.NRGBA) {
	if r.Empty() || c.A == 0 {
		return
	}
	e.list = append(e.list, displayItem{op: opFill, r: r, c: premultiplied(c)})
}
