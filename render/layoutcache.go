package render

// This file is the layout cache: when a style change alters geometry on the same box tree
// (damageLayout), only the boxes whose style changed, and their ancestors, are laid out
// again. Every other in-flow block box is laid out with the same inputs as before and
// keeps its last result: its size, its margins, the margins escaping through its edges,
// and its subtree's geometry relative to it. This is LayoutNG's "layout cache hit" in
// Blink (a box's layout result reused for an equal constraint space), on CSS 2's block
// layout: the inputs are the containing block's width and height and whether the box
// roots a block formatting context.
// https://chromium.googlesource.com/chromium/src/+/main/third_party/blink/renderer/core/layout/layout_ng.md

// layoutInputs are what a block box's layout depends on besides its own subtree.
type layoutInputs struct {
	cbw, cbh float64
	bfcRoot  bool
}

// layoutCache is a block box's last layout. (Its fields are laid out for size: a box is
// a good part of what an element costs.)
type layoutCache struct {
	top, bottom      marginPair // the margins that escaped through its top and bottom
	marginR, marginL float64    // used horizontal margins (blockWidth resolves auto ones; resolveEdges the others)
	cbw, cbh         float64    // its inputs (layoutInputs)
	bfcRoot          bool
	valid            bool // false: the box or a descendant changed, or it was never laid out
	outOfFlow        bool // its layout queued out-of-flow boxes: never reused
}

// maxDirtyBoxes bounds the boxes remembered between layouts; past it every box is laid out.
const maxDirtyBoxes = 4096

// noteLayoutChange records that st's used style changed its geometry.
func (e *Engine) noteLayoutChange(st *elementState) {
	if e.relayoutAll {
		return
	}
	if st.box == nil || st.boxGen != e.layoutGen || len(e.dirtyBoxes) >= maxDirtyBoxes {
		e.relayoutAll = true
		return
	}
	e.dirtyBoxes = append(e.dirtyBoxes, st.box)
}

// invalidateLayouts drops the cached layout of every changed box, of the anonymous boxes
// it wraps its children in (they inherit its style), and of their ancestors; or of every
// box when a change could not be traced to one. It counts the boxes that will be laid out.
func (e *Engine) invalidateLayouts() {
	if e.relayoutAll {
		resetGeometry(e.root)
		return
	}
	var invalidate func(b *box)
	invalidate = func(b *box) {
		b.cache.valid = false
		for _, c := range b.children {
			if c.node == nil {
				invalidate(c)
			}
		}
	}
	for _, b := range e.dirtyBoxes {
		invalidate(b)
		for a := b.parent; a != nil; a = a.parent {
			a.cache.valid = false
		}
	}
}

// reuseLayout keeps b's last layout when nothing in its subtree changed and its inputs are
// the same, and reports whether it did.
func (e *Engine) reuseLayout(b *box, cbw, cbh float64, bfcRoot bool, top, bottom *marginPair) bool {
	if !b.cache.reusable(b, cbw, cbh, bfcRoot) {
		return false
	}
	c := &b.cache
	b.margin[1], b.margin[3] = c.marginR, c.marginL
	*top, *bottom = c.top, c.bottom
	return true
}

// reusable reports whether b's last layout holds for these inputs. Its edges (resolved
// from its style and cbw) hold then too.
func (c *layoutCache) reusable(b *box, cbw, cbh float64, bfcRoot bool) bool {
	return c.valid && !c.outOfFlow && b.kind == kindBlock && !b.outOfFlow && c.cbw == cbw && c.cbh == cbh && c.bfcRoot == bfcRoot
}

// beginLayout clears what b's last layout left that layout adds to rather than sets: its
// inline content's fragments and baseline, and the geometry of its inline elements' boxes.
func beginLayout(b *box) {
	b.cache.valid = false // until keepLayout: a layout cut short keeps nothing
	b.frags = b.frags[:0]
	b.baseline, b.hasBaseline = 0, false
	for i := range b.pieces {
		if p := &b.pieces[i]; p.b != nil && p.b.kind == kindInline && p.kind != pieceClose {
			resetGeometry(p.b)
		}
	}
}

// keepLayout records the layout b just had.
func (e *Engine) keepLayout(b *box, in layoutInputs, top, bottom marginPair, queuedOutOfFlow bool) {
	b.cache = layoutCache{top: top, bottom: bottom, marginR: b.margin[1], marginL: b.margin[3],
		cbw: in.cbw, cbh: in.cbh, bfcRoot: in.bfcRoot, valid: true, outOfFlow: queuedOutOfFlow}
	e.inv.work.LaidOut++
}

// resetGeometry clears what layout computes in b's subtree, so that the same box tree
// can be laid out again, and returns the number of boxes.
func resetGeometry(b *box) int {
	b.x, b.y, b.w, b.h, b.ax, b.ay, b.tx, b.ty = 0, 0, 0, 0, 0, 0, 0, 0
	b.margin, b.border, b.padding = [4]float64{}, [4]float64{}, [4]float64{}
	b.baseline, b.hasBaseline, b.staticX, b.staticY = 0, false, 0, 0
	b.frags = b.frags[:0]
	b.cache.valid = false
	n := 1
	for i := range b.pieces {
		if p := &b.pieces[i]; p.b != nil && p.b.kind == kindInline && p.kind != pieceClose {
			n += resetGeometry(p.b)
		}
	}
	for _, c := range b.children {
		n += resetGeometry(c)
	}
	return n
}
