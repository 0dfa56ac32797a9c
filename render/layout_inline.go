package render

import (
	"math"

	"loopscope/css"
)

// lineSpan is the part of an inline element on the line being placed.
type lineSpan struct {
	b                   *box
	x0, x1              float64
	openLeft, openRight bool
	closed              bool
}

// layoutAtomic sizes an inline-block: shrink-to-fit width when auto, then its contents.
// https://drafts.csswg.org/css2/#inlineblock-width
func (e *Engine) layoutAtomic(a *box, cw float64) {
	e.resolveEdges(a, cw)
	w, ok := a.specifiedContentWidth(cw)
	if !ok {
		w = e.shrinkToFitWidth(a, cw-a.margin[1]-a.margin[3]-a.edgesH())
	}
	a.w = w + a.edgesH()
	e.layoutBlockLevel(a, cw, -1, true)
}

// inlineEdge returns the horizontal margin+border+padding of an inline element on its
// start (left) or end (right) side.
func inlineEdge(b *box, left bool, cw float64) float64 {
	s := b.st
	if left {
		return s.margin[3].resolve(cw) + s.borderWidth[3] + s.padding[3].resolve(cw)
	}
	return s.margin[1].resolve(cw) + s.borderWidth[1] + s.padding[1].resolve(cw)
}

// layoutInline lays out an inline formatting context in a content box of width cw:
// line breaking, then each line box's placement. It fills b.frags and returns the
// height of the lines. https://drafts.csswg.org/css-inline/#inline-formatting-context
func (e *Engine) layoutInline(b *box, cw float64) float64 {
	b.frags = b.frags[:0]
	ps := b.pieces
	for i := range ps {
		if p := &ps[i]; p.kind == pieceAtomic {
			e.layoutAtomic(p.b, cw)
			p.w = p.b.w + p.b.margin[1] + p.b.margin[3]
		}
	}
	var open []*box
	y := 0.0
	for i := 0; i < len(ps); {
		end := breakLine(ps, i, cw)
		y += e.placeLine(b, ps[i:end], &open, y, cw)
		i = end
	}
	return y
}

// breakLine returns the end (exclusive) of the line starting at ps[start]: greedy
// breaking at the last opportunity (after a collapsible space, around an inline-block)
// before the content overflows cw. https://drafts.csswg.org/css-text/#line-breaking
func breakLine(ps []piece, start int, cw float64) int {
	const eps = 1e-6
	x := 0.0
	lastBreak := -1
	hasContent := false
	for i := start; i < len(ps); i++ {
		p := &ps[i]
		switch p.kind {
		case pieceBreak:
			return i + 1
		case piecePlaceholder:
		case pieceOpen:
			x += inlineEdge(p.b, true, cw)
		case pieceClose:
			x += inlineEdge(p.b, false, cw)
		case pieceAtomic:
			if hasContent && x+p.w > cw+eps && i > start {
				return i
			}
			x += p.w
			hasContent = true
			lastBreak = i
		case pieceText:
			if p.text == "" {
				if hasContent {
					x += p.face.space
					if p.st.whiteSpace == 0 {
						lastBreak = i
					}
				}
				continue
			}
			if hasContent && x+p.w > cw+eps && lastBreak >= start {
				return lastBreak + 1
			}
			x += p.w
			hasContent = true
			if p.space {
				x += p.face.space
				if p.st.whiteSpace == 0 {
					lastBreak = i
				}
			}
		}
	}
	return len(ps)
}

// halfLeading returns the space above and below the baseline that an inline box with
// this style and face takes in a line box. https://drafts.csswg.org/css-inline/#inline-height
func halfLeading(st *computedStyle, f *face) (above, below float64) {
	l := st.usedLineHeight(f.normalLine)
	above = f.ascent + (l-(f.ascent+f.descent))/2
	return above, l - above
}

// placeLine positions the pieces of one line box whose top is at y (from the content
// top) and appends its fragments; it returns the line box height.
// https://drafts.csswg.org/css-inline/#line-box
func (e *Engine) placeLine(b *box, line []piece, open *[]*box, y, cw float64) float64 {
	contentLeft, contentTop := b.border[3]+b.padding[3], b.border[0]+b.padding[0]
	spans := e.spanScratch[:0]
	defer func() { e.spanScratch = spans[:0] }()
	for _, ob := range *open {
		spans = append(spans, lineSpan{b: ob, openLeft: true})
	}
	hasContent := false
	var above, below float64
	grow := func(a, bl float64) {
		above, below = math.Max(above, a), math.Max(below, bl)
	}
	for _, ob := range *open {
		grow(halfLeading(ob.st, e.fonts.faceFor(ob.st)))
	}
	// Horizontal positions (relative to the line start) in a first pass.
	x, width := 0.0, 0.0
	if cap(e.xsScratch) < len(line) {
		e.xsScratch = make([]float64, len(line))
	}
	xs := e.xsScratch[:len(line)]
	started := false
	for i := range line {
		p := &line[i]
		xs[i] = x
		switch p.kind {
		case pieceOpen:
			x += p.b.st.margin[3].resolve(cw)
			spans = append(spans, lineSpan{b: p.b, x0: x})
			x += p.b.st.borderWidth[3] + p.b.st.padding[3].resolve(cw)
			*open = append(*open, p.b)
			grow(halfLeading(p.st, p.face))
			if inlineEdge(p.b, true, cw) != 0 || inlineEdge(p.b, false, cw) != 0 {
				hasContent = true
			}
			width, started = x, true
		case pieceClose:
			x += p.b.st.padding[1].resolve(cw) + p.b.st.borderWidth[1]
			for j := len(spans) - 1; j >= 0; j-- {
				if spans[j].b == p.b && !spans[j].closed {
					spans[j].x1, spans[j].closed = x, true
					break
				}
			}
			for j := len(*open) - 1; j >= 0; j-- {
				if (*open)[j] == p.b {
					*open = append((*open)[:j], (*open)[j+1:]...)
					break
				}
			}
			x += p.b.st.margin[1].resolve(cw)
			width = x
		case pieceAtomic:
			hasContent = true
			a := p.b
			x += p.w
			width, started = x, true
			asc := a.margin[0] + a.h + a.margin[2]
			if a.hasBaseline {
				asc = a.margin[0] + a.baseline
			}
			grow(asc, a.margin[0]+a.h+a.margin[2]-asc)
		case pieceBreak:
			hasContent = true
			grow(halfLeading(p.st, p.face))
		case pieceText:
			if p.text == "" {
				if started {
					xs[i] = x
					x += p.face.space
				}
				continue
			}
			hasContent, started = true, true
			grow(halfLeading(p.st, p.face))
			x += p.w
			width = x
			if p.space {
				x += p.face.space
			}
		}
	}
	// Spans still open continue on the next line.
	for j := range spans {
		if !spans[j].closed {
			spans[j].x1 = width
			spans[j].openRight = true
		}
	}
	if !hasContent {
		above, below = 0, 0
		for _, p := range line {
			if p.kind == piecePlaceholder {
				p.b.staticX, p.b.staticY = contentLeft, contentTop+y
				e.abs = append(e.abs, p.b)
			}
		}
		return 0
	}
	grow(halfLeading(b.st, e.fonts.faceFor(b.st))) // the strut
	offset := 0.0
	switch b.st.textAlign {
	case css.AlignCenter:
		offset = (cw - width) / 2
	case css.AlignRight:
		offset = cw - width
	}
	if b.st.textAlign != css.AlignLeft && offset < 0 {
		offset = 0
	}
	left := contentLeft + offset
	baseline := contentTop + y + above
	for _, s := range spans {
		f := e.fonts.faceFor(s.b.st)
		st := s.b.st
		top := baseline - f.ascent - st.padding[0].resolve(cw) - st.borderWidth[0]
		h := f.ascent + f.descent + st.padding[0].resolve(cw) + st.padding[2].resolve(cw) + st.borderWidth[0] + st.borderWidth[2]
		b.frags = append(b.frags, fragment{kind: fragInline, x: left + s.x0, y: top, w: s.x1 - s.x0, h: h,
			baseline: baseline, st: st, node: s.b.node, b: s.b, openLeft: s.openLeft, openRight: s.openRight})
	}
	for i := range line {
		p := &line[i]
		switch p.kind {
		case pieceText:
			if p.text == "" {
				continue
			}
			f := p.face
			b.frags = append(b.frags, fragment{kind: fragText, x: left + xs[i], y: baseline - f.ascent, w: p.w,
				h: f.ascent + f.descent, baseline: baseline, text: p.text, face: f, st: p.st, node: p.node})
		case pieceAtomic:
			a := p.b
			a.x = left + xs[i] + a.margin[3]
			if a.hasBaseline {
				a.y = baseline - a.baseline
			} else {
				a.y = baseline - a.h - a.margin[2]
			}
			b.frags = append(b.frags, fragment{kind: fragAtomic, x: a.x, y: a.y, w: a.w, h: a.h, baseline: baseline, st: a.st, node: a.node, b: a})
		case pieceBreak:
			if p.b != nil { // a <br>: an empty box at the end of the line, like Chrome's
				f := p.face
				b.frags = append(b.frags, fragment{kind: fragInline, x: left + xs[i], y: baseline - f.ascent, h: f.ascent + f.descent,
					baseline: baseline, st: p.st, node: p.node, b: p.b})
			}
		case piecePlaceholder:
			p.b.staticX, p.b.staticY = left+xs[i], contentTop+y
			e.abs = append(e.abs, p.b)
		}
	}
	return above + below
}

// inlineIntrinsicWidths computes min-content (the widest unbreakable run) and
// max-content (the widest line without soft wraps) of an inline formatting context.
func (e *Engine) inlineIntrinsicWidths(b *box) (minW, maxW float64) {
	var line, run, trailing float64
	for i := range b.pieces {
		p := &b.pieces[i]
		switch p.kind {
		case pieceText:
			if p.text == "" {
				if line > 0 {
					line += p.face.space
					trailing = p.face.space
				}
				if p.st.whiteSpace == 0 {
					minW, run = math.Max(minW, run), 0
				}
				continue
			}
			run += p.w
			line += p.w
			trailing = 0
			if p.space {
				line += p.face.space
				trailing = p.face.space
				if p.st.whiteSpace == 0 {
					minW, run = math.Max(minW, run), 0
				}
			}
		case pieceOpen, pieceClose:
			w := inlineEdge(p.b, p.kind == pieceOpen, 0)
			run += w
			line += w
		case pieceAtomic:
			amin, amax := e.intrinsicWidths(p.b)
			edges := outerEdgesPx(p.b)
			minW, run = math.Max(minW, math.Max(run, amin+edges)), 0
			line += amax + edges
			trailing = 0
		case pieceBreak:
			maxW = math.Max(maxW, line-trailing)
			minW = math.Max(minW, run)
			line, run, trailing = 0, 0, 0
		}
	}
	maxW = math.Max(maxW, line-trailing)
	minW = math.Max(minW, run)
	return minW, maxW
}
