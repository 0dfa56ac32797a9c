package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"loopscope/css"
)

// This file records the painting of one box into the display list: its background and
// borders, its inline content and its list marker. stacking.go decides the order; step
// numbers are those of CSS 2.2 Appendix E.2 (W3C Working Draft of 12 April 2016).

// paintInlineContent records the content of b's line boxes in order (text runs, inline
// boxes' backgrounds and borders, atomic inlines) and its list marker, descending into
// in-flow blocks. https://drafts.csswg.org/css2/#elaborate-stacking-contexts (step 7)
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
			cx, cy := e.contentOffset(c, dx, dy) // FIXME(spec): c's list marker moves with it
			e.paintInlineContent(c, cx, cy)
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
			e.shifting.ok = false // (its pen position is kept unrounded)
			if !f.st.visible {
				continue
			}
			e.addHit(f.node, Rect{x, y, f.w, f.h})
			if f.st.color.A == 0 {
				continue
			}
			e.list = append(e.list, displayItem{op: opText, text: f.text, face: f.face, x: x, y: b.ay + f.baseline + dy,
				c: premultiplied(f.st.color), r: inkRect(x, y, f.w, f.h, f.face)})
		case fragInline:
			e.shifting.ok = false // (a box outside the box tree's children)
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
	e.shifting.ok = false
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
		r: inkRect(x, y-f.ascent, w, f.ascent+f.descent, f)})
}

// inkRect bounds the pixels a run of text in face f, w wide, on a line box at (x, y) of
// height h draws: the line box with a margin of a quarter of the font's height for
// glyphs that reach past their advance, ascent or descent. Partial raster counts on it
// (paintpaintdamage.go).
func inkRect(x, y, w, h float64, f *face) image.Rectangle {
	pad := 2 + math.Ceil((f.ascent+f.descent)/4)
	return image.Rect(int(math.Floor(x-pad)), int(math.Floor(y-pad)), int(math.Ceil(x+w+pad)), int(math.Ceil(y+h+pad)))
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
	if e.shifting.on {
		e.noteShiftedBox(b, dx, dy)
	}
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
	from := int32(len(e.list)) - e.relocate
	e.paintBackgroundAndBorders(st, x, y, b.w, b.h, b.border)
	if b.listGen == e.listGen && (!e.repainting || b.paintFrom < 0) { // painted twice in one list: not patchable
		from = -1
	}
	b.paintFrom, b.paintTo, b.listGen = from, int32(len(e.list))-e.relocate, e.listGen
	n := len(e.list)
	e.paintTextControl(b, x, y)
	e.paintReplaced(b, x, y)
	if e.noteFocusRing(b, x, y) || len(e.list) != n {
		e.shifting.ok = false // (a control's or an image's content, a ring: not checked to shift)
	}
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
