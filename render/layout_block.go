package render

import (
	"math"

	"loopscope/css"
)

// marginPair accumulates adjoining vertical margins: the largest positive and the most
// negative. https://drafts.csswg.org/css2/#collapsing-margins
type marginPair struct{ pos, neg float64 }

func marginOf(m float64) marginPair {
	if m >= 0 {
		return marginPair{pos: m}
	}
	return marginPair{neg: m}
}

func (a marginPair) collapse(b marginPair) marginPair {
	return marginPair{math.Max(a.pos, b.pos), math.Min(a.neg, b.neg)}
}

func (a marginPair) value() float64 { return a.pos + a.neg }

// Layout computes the box tree's geometry from the current styles: block and inline
// flow, then absolutely and fixed positioned boxes, then page coordinates. How much it
// redoes follows the style changes' damage: only the display list for paint-only
// changes, the geometry of the same box tree for layout changes, the box tree too for
// the rest. https://drafts.csswg.org/css2/#visual-model-intro
func (e *Engine) Layout() {
	defer e.forgetPaintChanges()
	if !e.onlyDirectPatches() {
		e.flushPlan() // (what follows reads the used styles)
	}
	if e.laidOut && !e.resizedForLayout && e.damage < damageLayout {
		if e.damage == damagePaint {
			e.damage = damageNone
			e.flushScroll() // first: a rebuilt list has nothing to patch
			if e.inv.work.Patched = e.patchDisplayList(); !e.inv.work.Patched {
				e.buildDisplayList()
			}
			e.relaid = true
		}
		e.flushScroll()
		return
	}
	if e.laidOut && !e.resizedForLayout && e.root != nil &&
		(e.damage == damageLayout || e.damage == damageBoxes && !e.rebuildAll && e.patchBoxTree()) {
		// The same boxes (those of changed content built again, boxpatch.go), laid out
		// again: only those whose style or content changed and their ancestors, unless
		// the changes could not be traced to boxes (layoutcache.go).
		e.invalidateLayouts()
	} else {
		e.layoutGen++
		e.root = e.buildBoxTree()
		if e.root != nil {
			resetGeometry(e.root)
		}
	}
	e.dirtyBoxes, e.relayoutAll = e.dirtyBoxes[:0], false
	clear(e.boxPatches)
	e.boxPatches, e.rebuildAll = e.boxPatches[:0], false
	e.abs = e.abs[:0]
	e.geomGen++
	e.laidOut, e.damage, e.resizedForLayout, e.scrollDirty = true, damageNone, false, false
	e.relaid = true
	if e.root == nil {
		e.buildDisplayList()
		return
	}
	vw, vh := float64(e.width), float64(e.height)
	r := e.root
	e.resolveEdges(r, vw)
	e.layoutBlockLevel(r, vw, vh, true)
	r.x, r.y = r.margin[3], r.margin[0]
	e.assignPositions(r, 0, 0, vw, vh)
	for i := 0; i < len(e.abs); i++ { // layoutOutOfFlow may queue more
		e.layoutOutOfFlow(e.abs[i])
	}
	e.clampScrollPositions()
	e.buildDisplayList()
}

// resolveEdges computes used padding, border and margin (auto margins as 0) against the
// containing block's width. https://drafts.csswg.org/css2/#box-model
func (e *Engine) resolveEdges(b *box, cbw float64) {
	s := b.st
	for i := 0; i < 4; i++ {
		b.margin[i] = s.resolveLength(s.margin[i], cbw)
		b.padding[i] = s.resolveNonNeg(s.padding[i], cbw)
		b.border[i] = s.borderWidth[i]
	}
	if b.node == nil { // anonymous boxes have no edges
		b.margin, b.padding, b.border = [4]float64{}, [4]float64{}, [4]float64{}
	}
}

func (b *box) edgesH() float64 { return b.border[1] + b.border[3] + b.padding[1] + b.padding[3] }
func (b *box) edgesV() float64 { return b.border[0] + b.border[2] + b.padding[0] + b.padding[2] }

// specifiedContentWidth returns the content width from width (box-sizing applied), if not auto.
func (b *box) specifiedContentWidth(cbw float64) (float64, bool) {
	w := b.st.width
	if w.isAuto() || b.node == nil {
		return 0, false
	}
	v := b.st.resolveNonNeg(w, cbw)
	if b.st.boxSizing == 1 {
		v -= b.edgesH()
	}
	return math.Max(0, v), true
}

// specifiedContentHeight returns the content height from height, if not auto and, for a
// percentage, the containing block's height is definite (cbh >= 0).
func (b *box) specifiedContentHeight(cbh float64) (float64, bool) {
	h := b.st.height
	if h.isAuto() || b.node == nil || h.hasPercent() && cbh < 0 {
		return 0, false
	}
	v := b.st.resolveNonNeg(h, cbh)
	if b.st.boxSizing == 1 {
		v -= b.edgesV()
	}
	return math.Max(0, v), true
}

// blockWidth computes the used width and horizontal margins of an in-flow block-level
// box: with its width, then again with max-width and min-width as the width when the
// tentative width breaks them (§10.4). https://drafts.csswg.org/css2/#blockwidth
func (e *Engine) blockWidth(b *box, cbw float64) {
	cw, ok := b.specifiedContentWidth(cbw)
	r := b.widthRange(cbw)
	if r.unlimited() {
		e.blockWidthWith(b, cbw, cw, ok)
		return
	}
	ml, mr := b.margin[3], b.margin[1]
	e.blockWidthWith(b, cbw, cw, ok)
	if used := math.Max(0, b.w-b.edgesH()); r.clamp(used) != used {
		b.margin[3], b.margin[1] = ml, mr
		e.blockWidthWith(b, cbw, r.clamp(used), true)
	}
}

// blockWidthWith is §10.3.3 with content width cw as the computed width (ok false: auto).
func (e *Engine) blockWidthWith(b *box, cbw, cw float64, ok bool) {
	s := b.st
	autoL, autoR := s.margin[3].isAuto() && b.node != nil, s.margin[1].isAuto() && b.node != nil
	if !ok {
		b.w = math.Max(0, cbw-b.margin[1]-b.margin[3])
		return
	}
	b.w = cw + b.edgesH()
	rest := cbw - b.w - b.margin[1] - b.margin[3]
	switch {
	case autoL && autoR:
		b.margin[3], b.margin[1] = math.Max(0, rest/2), math.Max(0, rest/2)+math.Min(0, rest)
	case autoL:
		b.margin[3] = rest
	default:
		b.margin[1] += rest // over-constrained: the right margin gives way (ltr)
	}
}

// layoutBlockLevel lays out a block-level box inside a containing block of content
// width cbw and height cbh (-1 when indefinite); edges must be resolved. It sets w, h
// and the children's geometry, and returns the margins that collapse through its top
// and bottom edges with its children's. The caller positions it.
func (e *Engine) layoutBlockLevel(b *box, cbw, cbh float64, bfcRoot bool) (top, bottom marginPair) {
	if isReplacedElement(b.node) {
		beginLayout(b)
		e.layoutReplaced(b, cbw, cbh) // no children: no margins escape through it
		return marginPair{}, marginPair{}
	}
	if e.reuseLayout(b, cbw, cbh, bfcRoot, &top, &bottom) {
		return top, bottom
	}
	in := layoutInputs{cbw, cbh, bfcRoot}
	absBefore := len(e.abs)
	beginLayout(b)
	if b.kind == kindInlineBlock || b.outOfFlow {
		bfcRoot = true
	} else {
		e.blockWidth(b, cbw)
	}
	if b.node != nil && b.st.clips() {
		bfcRoot = true
	}
	cw := math.Max(0, b.w-b.edgesH())
	ch, fixedH := b.specifiedContentHeight(cbh)
	hr := b.heightRange(cbh)
	if fixedH {
		ch = hr.clamp(ch) // §10.7: the tentative height, then the limits
	}
	childCBH := -1.0
	if fixedH {
		childCBH = ch
	}
	var contentH float64
	if b.inlineFlow {
		contentH = e.layoutInline(b, cw)
		b.hasBaseline = len(b.frags) > 0 && e.lastBaseline(b, &b.baseline)
	} else {
		contentH, top, bottom = e.layoutBlockChildren(b, cw, childCBH, bfcRoot, fixedH)
	}
	if fixedH {
		contentH = ch
	} else if c := hr.clamp(contentH); c != contentH {
		// CHROME: a last child's bottom margin leaves an auto-height box only when its
		// limits leave that height as it is (testdata/dom/min_height_margins).
		contentH, bottom = c, marginPair{}
	}
	b.h = contentH + b.edgesV()
	e.keepLayout(b, in, top, bottom, len(e.abs) > absBefore) // (not deferred: a panic keeps nothing)
	return top, bottom
}

// lastBaseline finds the baseline of the last line box of an inline flow.
func (e *Engine) lastBaseline(b *box, out *float64) bool {
	for i := len(b.frags) - 1; i >= 0; i-- {
		if f := &b.frags[i]; f.kind == fragText || f.kind == fragInline {
			*out = f.baseline
			return true
		}
		if f := &b.frags[i]; f.kind == fragAtomic {
			*out = f.baseline
			return true
		}
	}
	return false
}

// layoutBlockChildren stacks the block-level children of b in its content box,
// collapsing adjoining vertical margins. It returns the content height and the margins
// escaping through b's top and bottom (zero for a formatting-context root or when
// padding or borders separate them). https://drafts.csswg.org/css2/#normal-block
func (e *Engine) layoutBlockChildren(b *box, cw, childCBH float64, bfcRoot, fixedH bool) (float64, marginPair, marginPair) {
	contentLeft, contentTop := b.border[3]+b.padding[3], b.border[0]+b.padding[0]
	collapseTop := !bfcRoot && b.border[0] == 0 && b.padding[0] == 0 && b.node != nil
	collapseBottom := !bfcRoot && b.border[2] == 0 && b.padding[2] == 0 && !fixedH && b.node != nil
	cursor := contentTop
	var pending, topEscape, bottomEscape marginPair
	placed := false // an in-flow child with height or edges has been placed
	for _, c := range b.children {
		if c.outOfFlow {
			c.staticX, c.staticY = contentLeft, cursor+pending.value()
			if !placed && collapseTop {
				c.staticY = cursor
			}
			e.abs = append(e.abs, c)
			continue
		}
		if !c.cache.reusable(c, cw, childCBH, false) {
			e.resolveEdges(c, cw)
		}
		ct, cbm := e.layoutBlockLevel(c, cw, childCBH, false)
		mt := marginOf(c.margin[0]).collapse(ct)
		mb := marginOf(c.margin[2]).collapse(cbm)
		c.x = contentLeft + c.margin[3]
		if c.h == 0 && !c.inlineFlowHasLines() && c.st.height.isAuto() {
			// An empty box: its margins collapse through it.
			pending = pending.collapse(mt).collapse(mb)
			c.y = cursor + pending.value()
			if !placed && collapseTop {
				topEscape = pending
				c.y = cursor
			}
			e.positionBaseline(b, c)
			continue
		}
		pending = pending.collapse(mt)
		if !placed && collapseTop {
			topEscape = pending
			c.y = cursor
		} else {
			c.y = cursor + pending.value()
		}
		placed = true
		cursor = c.y + c.h
		pending = mb
		e.positionBaseline(b, c)
	}
	if !placed && collapseTop {
		// Every child was empty: everything collapsed through the top.
		return cursor - contentTop, topEscape, marginPair{}
	}
	if collapseBottom {
		bottomEscape = pending
	} else {
		cursor += pending.value()
	}
	return cursor - contentTop, topEscape, bottomEscape
}

// positionBaseline takes the baseline of b from its last in-flow child with one.
func (e *Engine) positionBaseline(b, c *box) {
	if c.hasBaseline {
		b.baseline, b.hasBaseline = c.y+c.baseline, true
	}
}

// inlineFlowHasLines reports whether a box has any content or edges that give it height.
func (b *box) inlineFlowHasLines() bool {
	if b.inlineFlow {
		return len(b.frags) > 0
	}
	return b.edgesV() > 0
}

// assignPositions turns the relative geometry of b's subtree into page coordinates,
// applying relative offsets. https://drafts.csswg.org/css2/#relative-positioning
func (e *Engine) assignPositions(b *box, parentX, parentY, cbw, cbh float64) {
	b.ax, b.ay = parentX+b.x, parentY+b.y
	if b.st.position == css.PositionRelative {
		dx, dy := relativeOffset(b.st, cbw, cbh)
		b.ax += dx
		b.ay += dy
	}
	cw, ch := b.w-b.edgesH(), -1.0
	if _, ok := b.specifiedContentHeight(cbh); ok { // a definite height: its children's percentages
		ch = b.h - b.edgesV()
	}
	for _, c := range b.children {
		if c.outOfFlow {
			continue
		}
		e.assignPositions(c, b.ax, b.ay, cw, ch)
	}
	// An inline element's box is the union of its fragments, in page coordinates: started
	// afresh (the container may have moved while its layout was reused, layoutcache.go).
	for i := range b.frags {
		if f := &b.frags[i]; f.kind == fragInline {
			f.b.ax, f.b.ay, f.b.w, f.b.h, f.b.hasBaseline = 0, 0, 0, 0, false
		}
	}
	for i := range b.frags {
		if f := &b.frags[i]; f.kind == fragInline {
			e.growInlineBox(f, b)
		}
	}
}

// growInlineBox extends an inline element's page box with one of its fragments.
func (e *Engine) growInlineBox(f *fragment, container *box) {
	ib := f.b
	x, y := container.ax+f.x, container.ay+f.y
	if ib.w == 0 && ib.h == 0 && !ib.hasBaseline {
		ib.ax, ib.ay, ib.w, ib.h, ib.hasBaseline = x, y, f.w, f.h, true
		return
	}
	x0, y0 := math.Min(ib.ax, x), math.Min(ib.ay, y)
	x1, y1 := math.Max(ib.ax+ib.w, x+f.w), math.Max(ib.ay+ib.h, y+f.h)
	ib.ax, ib.ay, ib.w, ib.h = x0, y0, x1-x0, y1-y0
}

// relativeOffset resolves left/top (or right/bottom) of a relatively positioned box; cbh is
// its containing block's height, -1 when it depends on the content: a percentage of it is
// then auto. https://drafts.csswg.org/css2/#position-props
func relativeOffset(s *computedStyle, cbw, cbh float64) (dx, dy float64) {
	switch {
	case !s.inset[3].isAuto():
		dx = s.resolveLength(s.inset[3], cbw)
	case !s.inset[1].isAuto():
		dx = -s.resolveLength(s.inset[1], cbw)
	}
	top, bottom := s.inset[0], s.inset[2]
	switch {
	case !top.isAuto() && (cbh >= 0 || !top.hasPercent()):
		dy = s.resolveLength(top, max(cbh, 0))
	case !bottom.isAuto() && (cbh >= 0 || !bottom.hasPercent()):
		dy = -s.resolveLength(bottom, max(cbh, 0))
	}
	return dx, dy
}

// intrinsicWidths returns the min-content and max-content widths of b's content box.
// https://drafts.csswg.org/css-sizing/#intrinsic-sizes
func (e *Engine) intrinsicWidths(b *box) (minW, maxW float64) {
	if isReplacedElement(b.node) {
		w, _ := e.replacedContentSize(b, -1, -1)
		return w, w
	}
	r := b.widthRange(-1) // a box's contribution keeps to its min-width and max-width
	if w := b.st.width; !w.isAuto() && w.u == unitPx && b.node != nil {
		v := w.v
		if b.st.boxSizing == 1 {
			v -= b.st.resolveNonNeg(b.st.padding[1], 0) + b.st.resolveNonNeg(b.st.padding[3], 0) + b.st.borderWidth[1] + b.st.borderWidth[3]
		}
		v = r.clamp(math.Max(0, v))
		return v, v
	}
	if b.inlineFlow {
		minW, maxW = e.inlineIntrinsicWidths(b)
		return r.clamp(minW), r.clamp(maxW)
	}
	for _, c := range b.children {
		if c.outOfFlow {
			continue
		}
		cmin, cmax := e.intrinsicWidths(c)
		edges := outerEdgesPx(c)
		minW, maxW = math.Max(minW, cmin+edges), math.Max(maxW, cmax+edges)
	}
	return r.clamp(minW), r.clamp(maxW)
}

// outerEdgesPx is the horizontal margins, borders and padding with percentages as 0.
func outerEdgesPx(c *box) float64 {
	if c.node == nil {
		return 0
	}
	s := c.st
	return s.resolveLength(s.margin[1], 0) + s.resolveLength(s.margin[3], 0) + s.resolveNonNeg(s.padding[1], 0) + s.resolveNonNeg(s.padding[3], 0) +
		s.borderWidth[1] + s.borderWidth[3]
}

// shrinkToFitWidth computes the content width of an auto-width inline-block or
// absolutely positioned box. https://drafts.csswg.org/css2/#shrink-to-fit-float
func (e *Engine) shrinkToFitWidth(b *box, available float64) float64 {
	minW, maxW := e.intrinsicWidths(b)
	return math.Min(math.Max(minW, available), maxW)
}
