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
	a.w = a.widthRange(cw).clamp(w) + a.edgesH() // §10.4: the tentative width, then the limits
	e.layoutBlockLevel(a, cw, -1, true)
}

// inlineEdge returns the horizontal margin+border+padding of an inline element on its
// start (left) or end (right) side.
func inlineEdge(b *box, left bool, cw float64) float64 {
	s := b.st
	if left {
		return s.resolveLength(s.margin[3], cw) + s.borderWidth[3] + s.resolveNonNeg(s.padding[3], cw)
	}
	return s.resolveLength(s.margin[1], cw) + s.borderWidth[1] + s.resolveNonNeg(s.padding[1], cw)
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

// lineBox is the line box being placed: the spans of the inline elements on it, the x
// of each piece from the line start, and its extent.
type lineBox struct {
	spans               []lineSpan
	xs                  []float64
	x, width            float64
	above, below        float64 // the line's extent around its baseline
	hasContent, started bool
}

func (l *lineBox) grow(above, below float64) {
	l.above, l.below = math.Max(l.above, above), math.Max(l.below, below)
}

// placeLine positions the pieces of one line box whose top is at y (from the content
// top) and appends its fragments; it returns the line box height.
// https://drafts.csswg.org/css-inline/#line-box
func (e *Engine) placeLine(b *box, line []piece, open *[]*box, y, cw float64) float64 {
	contentLeft, contentTop := b.border[3]+b.padding[3], b.border[0]+b.padding[0]
	l := e.measureLine(line, open, cw)
	defer func() { e.spanScratch = l.spans[:0] }()
	if !l.hasContent {
		for _, p := range line {
			if p.kind == piecePlaceholder {
				p.b.staticX, p.b.staticY = contentLeft, contentTop+y
				e.abs = append(e.abs, p.b)
			}
		}
		return 0
	}
	l.grow(halfLeading(b.st, e.fonts.faceFor(b.st))) // the strut
	left := contentLeft + alignOffset(b.st.textAlign, cw, l.width)
	baseline := contentTop + y + l.above
	e.appendSpanFragments(b, l.spans, left, baseline, cw)
	e.appendPieceFragments(b, line, l.xs, left, baseline, contentTop+y)
	return l.above + l.below
}

// measureLine places the pieces of a line horizontally (relative to the line start) and
// finds the line's height and the spans of the inline elements on it; the elements
// still open at its end continue on the next line.
func (e *Engine) measureLine(line []piece, open *[]*box, cw float64) lineBox {
	l := lineBox{spans: e.spanScratch[:0]}
	for _, ob := range *open {
		l.spans = append(l.spans, lineSpan{b: ob, openLeft: true})
		l.grow(halfLeading(ob.st, e.fonts.faceFor(ob.st)))
	}
	if cap(e.xsScratch) < len(line) {
		e.xsScratch = make([]float64, len(line))
	}
	l.xs = e.xsScratch[:len(line)]
	for i := range line {
		l.xs[i] = l.x
		l.addPiece(&line[i], i, open, cw)
	}
	for j := range l.spans {
		if !l.spans[j].closed {
			l.spans[j].x1 = l.width
			l.spans[j].openRight = true
		}
	}
	return l
}

// addPiece advances the line past one piece.
func (l *lineBox) addPiece(p *piece, i int, open *[]*box, cw float64) {
	switch p.kind {
	case pieceOpen:
		l.x += p.b.st.resolveLength(p.b.st.margin[3], cw)
		l.spans = append(l.spans, lineSpan{b: p.b, x0: l.x})
		l.x += p.b.st.borderWidth[3] + p.b.st.resolveNonNeg(p.b.st.padding[3], cw)
		*open = append(*open, p.b)
		l.grow(halfLeading(p.st, p.face))
		if inlineEdge(p.b, true, cw) != 0 || inlineEdge(p.b, false, cw) != 0 {
			l.hasContent = true
		}
		l.width, l.started = l.x, true
	case pieceClose:
		l.x += p.b.st.resolveNonNeg(p.b.st.padding[1], cw) + p.b.st.borderWidth[1]
		for j := len(l.spans) - 1; j >= 0; j-- {
			if l.spans[j].b == p.b && !l.spans[j].closed {
				l.spans[j].x1, l.spans[j].closed = l.x, true
				break
			}
		}
		for j := len(*open) - 1; j >= 0; j-- {
			if (*open)[j] == p.b {
				*open = append((*open)[:j], (*open)[j+1:]...)
				break
			}
		}
		l.x += p.b.st.resolveLength(p.b.st.margin[1], cw)
		l.width = l.x
	case pieceAtomic:
		l.hasContent = true
		a := p.b
		l.x += p.w
		l.width, l.started = l.x, true
		asc := a.margin[0] + a.h + a.margin[2]
		if a.hasBaseline {
			asc = a.margin[0] + a.baseline
		}
		l.grow(asc, a.margin[0]+a.h+a.margin[2]-asc)
	case pieceBreak:
		l.hasContent = true
		l.grow(halfLeading(p.st, p.face))
	case pieceText:
		if p.text == "" {
			if l.started {
				l.xs[i] = l.x
				l.x += p.face.space
			}
			return
		}
		l.hasContent, l.started = true, true
		l.grow(halfLeading(p.st, p.face))
		l.x += p.w
		l.width = l.x
		if p.space {
			l.x += p.face.space
		}
	}
}

// alignOffset is where a line of the given width starts in a content box of width cw.
// https://drafts.csswg.org/css-text/#text-align-property
func alignOffset(align css.TextAlign, cw, width float64) float64 {
	offset := 0.0
	switch align {
	case css.AlignCenter:
		offset = (cw - width) / 2
	case css.AlignRight:
		offset = cw - width
	}
	if align != css.AlignLeft && offset < 0 {
		offset = 0
	}
	return offset
}

// appendSpanFragments appends the inline boxes of the elements on the line.
func (e *Engine) appendSpanFragments(b *box, spans []lineSpan, left, baseline, cw float64) {
	for _, s := range spans {
		f := e.fonts.faceFor(s.b.st)
		st := s.b.st
		top := baseline - f.ascent - st.resolveNonNeg(st.padding[0], cw) - st.borderWidth[0]
		h := f.ascent + f.descent + st.resolveNonNeg(st.padding[0], cw) + st.resolveNonNeg(st.padding[2], cw) + st.borderWidth[0] + st.borderWidth[2]
		b.frags = append(b.frags, fragment{kind: fragInline, x: left + s.x0, y: top, w: s.x1 - s.x0, h: h,
			baseline: baseline, st: st, node: s.b.node, b: s.b, openLeft: s.openLeft, openRight: s.openRight})
	}
}

// appendPieceFragments appends the text runs, atomic inlines and line breaks of the line
// and gives out-of-flow placeholders their static position.
func (e *Engine) appendPieceFragments(b *box, line []piece, xs []float64, left, baseline, top float64) {
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
			p.b.staticX, p.b.staticY = left+xs[i], top
			e.abs = append(e.abs, p.b)
		}
	}
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
