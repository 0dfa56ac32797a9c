package render

import (
	"golang.org/x/net/html"

	"loopscope/css"
)

// boxKind is the kind of a layout box.
type boxKind uint8

const (
	kindBlock       boxKind = iota // block container: an element's or an anonymous one
	kindInlineBlock                // atomic inline-level box
	kindInline                     // inline element: laid out as fragments of its container's lines
)

// box is a node of the layout tree.
// https://drafts.csswg.org/css-display/#box-tree
type box struct {
	node     *html.Node // nil for anonymous boxes
	st       *computedStyle
	parent   *box
	children []*box // child boxes in tree order (for an inline flow: atomics and out-of-flow boxes)

	pieces []piece    // inlineFlow: the inline formatting context's items
	frags  []fragment // laid-out inline content, relative to this box's border box

	// Geometry: the border box relative to the parent's border box, then in page coordinates.
	x, y, w, h              float64
	ax, ay                  float64
	tx, ty                  float64 // accumulated transform translation (for hit testing and BoxOf)
	margin, border, padding [4]float64
	baseline                float64 // from the border-box top
	staticX, staticY        float64 // static position, relative to parent's border box

	// The last layout of this box, reused while nothing in its subtree changed and it is
	// laid out with the same inputs (layoutcache.go).
	cache layoutCache

	// patchMark is the box tree patch that kept this box (boxpatch.go).
	patchMark uint32

	// The display items paintBox recorded for the box's background and borders, in the
	// list numbered listGen (paintdamage.go patches them in place).
	paintFrom, paintTo int32
	listGen            uint32
	// The opacity group (opPushLayer) its stacking context opened in the list numbered
	// layerGen: its index, or -1 when it opened more than one.
	layerAt  int32
	layerGen uint32

	kind        boxKind
	inlineFlow  bool // the children are an inline formatting context described by pieces
	hasBaseline bool
	outOfFlow   bool
}

// pieceKind is the kind of an inline formatting context item.
type pieceKind uint8

const (
	pieceText        pieceKind = iota // a word (no collapsible spaces), maybe followed by a space
	pieceOpen                         // start of an inline element
	pieceClose                        // end of an inline element
	pieceAtomic                       // an inline-block
	pieceBreak                        // <br> or a preserved newline
	piecePlaceholder                  // an absolutely positioned box's static position
)

// piece is one item of an inline formatting context, in content order.
type piece struct {
	text  string
	w     float64 // advance of text (atomic: margin-box width, set during layout)
	st    *computedStyle
	face  *face
	node  *html.Node // the element the text belongs to
	b     *box       // inline element (open/close), atomic or out-of-flow box
	kind  pieceKind
	space bool // a collapsible space follows
}

// fragKind is the kind of a laid-out inline fragment.
type fragKind uint8

const (
	fragText   fragKind = iota
	fragInline          // the part of an inline element's box on one line (background, borders)
	fragAtomic          // an inline-block placed on a line
)

// fragment is a piece of laid-out inline content on one line.
type fragment struct {
	x, y, w, h float64 // relative to the container's border box
	baseline   float64 // text: baseline y, relative to the container
	text       string
	face       *face
	st         *computedStyle
	node       *html.Node
	b          *box
	kind       fragKind
	openLeft   bool // fragInline: the element started before this line (no left edge)
	openRight  bool // fragInline: the element continues after this line
}

// buildBoxTree builds the layout tree of the document from the computed styles.
// https://drafts.csswg.org/css-display/#box-generation
func (e *Engine) buildBoxTree() *box {
	root := e.src.Root()
	if root == nil {
		return nil
	}
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		st := e.styleOf(c)
		if st == nil || st.display == css.DisplayNone {
			continue
		}
		b := e.newBox(c, st, kindBlock)
		e.buildChildren(b, c)
		return b
	}
	return nil
}

// styleOf returns the used style of an element styled in the current generation.
func (e *Engine) styleOf(n *html.Node) *computedStyle {
	st := e.states[n]
	if st == nil || st.gen != e.gen {
		return nil
	}
	return &st.used
}

func (e *Engine) newBox(n *html.Node, st *computedStyle, kind boxKind) *box {
	b := &box{node: n, st: st, kind: kind}
	if n != nil {
		if s := e.states[n]; s != nil {
			s.box, s.boxGen = b, e.layoutGen
		}
	}
	return b
}

// childLevel classifies a DOM child for the box tree of a block container.
type childLevel uint8

const (
	levelSkip childLevel = iota
	levelInline
	levelBlock
	levelOutOfFlow
)

func (e *Engine) levelOf(n *html.Node) (childLevel, *computedStyle) {
	switch n.Type {
	case html.TextNode:
		return levelInline, nil
	case html.ElementNode:
		st := e.styleOf(n)
		if st == nil || st.display == css.DisplayNone {
			return levelSkip, nil
		}
		if st.isOutOfFlow() {
			return levelOutOfFlow, st
		}
		if st.display == css.DisplayBlock || st.display == css.DisplayInline && e.containsBlock(n) {
			return levelBlock, st // block-in-inline is simplified to a block
		}
		return levelInline, st
	}
	return levelSkip, nil
}

// containsBlock reports whether an inline element has a block-level in-flow descendant
// through inline elements.
func (e *Engine) containsBlock(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		st := e.styleOf(c)
		if st == nil || st.display == css.DisplayNone || st.isOutOfFlow() {
			continue
		}
		if st.display == css.DisplayBlock || st.display == css.DisplayInline && e.containsBlock(c) {
			return true
		}
	}
	return false
}

// buildChildren builds the boxes of a block container's children: an inline formatting
// context when all in-flow children are inline-level, else block boxes with runs of
// inline content wrapped in anonymous blocks.
// https://drafts.csswg.org/css2/#anonymous-block-level
func (e *Engine) buildChildren(b *box, n *html.Node) {
	if isTextControlElement(n) {
		b.inlineFlow = true // its value is painted by paintTextControl, not laid out
		return
	}
	if isReplacedElement(n) {
		b.inlineFlow = true // its children are fallback content, not rendered
		return
	}
	hasBlock := false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if l, _ := e.levelOf(c); l == levelBlock {
			hasBlock = true
			break
		}
	}
	if !hasBlock {
		b.inlineFlow = true
		ifc := inlineBuilder{e: e, container: b, prevSpace: true}
		ifc.addChildren(n, b.st)
		b.pieces = ifc.pieces
		return
	}
	var anon, spare *box
	var anonSt *computedStyle // shared by b's anonymous blocks (refreshAnonymousStyles)
	var ifc inlineBuilder
	flush := func() {
		if anon != nil {
			anon.pieces = ifc.pieces
			if ifc.hasContent {
				b.children = append(b.children, anon)
			} else if len(anon.children) == 0 {
				spare = anon // a whitespace-only run makes no box: the next run reuses it
			} else {
				// Out-of-flow boxes in a whitespace-only run stay.
				for _, c := range anon.children {
					c.parent = b
					b.children = append(b.children, c)
				}
			}
			anon = nil
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		l, st := e.levelOf(c)
		switch l {
		case levelBlock:
			flush()
			if kb := e.keptBox(b, c, st); kb != nil {
				b.children = append(b.children, kb) // boxpatch.go: its subtree did not change
				continue
			}
			cb := e.newBox(c, st, kindBlock)
			cb.parent = b
			e.buildChildren(cb, c)
			b.children = append(b.children, cb)
		case levelOutOfFlow:
			if anon != nil {
				ifc.addNode(c, b.st)
				continue
			}
			ob := e.buildOutOfFlow(c, st)
			ob.parent = b
			b.children = append(b.children, ob)
		case levelInline:
			if anon == nil {
				if anonSt == nil {
					anonSt = e.anonStyle(b.st)
				}
				if anon, spare = spare, nil; anon == nil {
					anon = &box{}
				}
				*anon = box{st: anonSt, kind: kindBlock, parent: b, inlineFlow: true}
				ifc = inlineBuilder{e: e, container: anon, prevSpace: true}
			}
			ifc.addNode(c, b.st)
		}
	}
	flush()
}

// anonStyle returns the style of an anonymous block: inherited properties only.
func (e *Engine) anonStyle(parent *computedStyle) *computedStyle {
	s := initialStyle()
	s.display = css.DisplayBlock
	s.color, s.fontSize, s.fontWeight, s.mono = parent.color, parent.fontSize, parent.fontWeight, parent.mono
	s.lineHeight, s.lineKind, s.textAlign, s.whiteSpace, s.visible = parent.lineHeight, parent.lineKind, parent.textAlign, parent.whiteSpace, parent.visible
	return &s
}

// buildOutOfFlow builds an absolutely or fixed positioned element's box.
func (e *Engine) buildOutOfFlow(n *html.Node, st *computedStyle) *box {
	b := e.newBox(n, st, kindBlock)
	b.outOfFlow = true
	e.buildChildren(b, n)
	return b
}

// inlineBuilder collects the pieces of one inline formatting context, collapsing white
// space on the way. https://drafts.csswg.org/css-text/#white-space-phase-1
type inlineBuilder struct {
	e          *Engine
	container  *box
	pieces     []piece
	prevSpace  bool // the last content was a collapsible space (or the start of the context)
	hasContent bool // anything but collapsible white space
}

func (ib *inlineBuilder) addChildren(n *html.Node, st *computedStyle) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		ib.addNode(c, st)
	}
}

func (ib *inlineBuilder) addNode(c *html.Node, parentStyle *computedStyle) {
	e := ib.e
	switch c.Type {
	case html.TextNode:
		ib.addText(c.Data, parentStyle, c.Parent)
	case html.ElementNode:
		st := e.styleOf(c)
		if st == nil || st.display == css.DisplayNone {
			return
		}
		switch {
		case st.isOutOfFlow():
			ob := e.buildOutOfFlow(c, st)
			ob.parent = ib.container
			ib.container.children = append(ib.container.children, ob)
			ib.pieces = append(ib.pieces, piece{kind: piecePlaceholder, b: ob, st: st, node: c})
		case c.Data == "br":
			brBox := e.newBox(c, st, kindInline)
			brBox.parent = ib.container
			ib.pieces = append(ib.pieces, piece{kind: pieceBreak, st: st, face: e.fonts.faceFor(st), node: c, b: brBox})
			ib.prevSpace, ib.hasContent = true, true
		case st.display == css.DisplayInlineBlock || isReplacedElement(c):
			ab := e.newBox(c, st, kindInlineBlock) // an inline replaced element is an atomic inline
			ab.parent = ib.container
			e.buildChildren(ab, c)
			ib.container.children = append(ib.container.children, ab)
			ib.pieces = append(ib.pieces, piece{kind: pieceAtomic, b: ab, st: st, node: c})
			ib.prevSpace, ib.hasContent = false, true
		default:
			ibx := e.newBox(c, st, kindInline)
			ibx.parent = ib.container
			ib.pieces = append(ib.pieces, piece{kind: pieceOpen, b: ibx, st: st, face: e.fonts.faceFor(st), node: c})
			if hasInlineEdges(st) {
				ib.hasContent = true
			}
			ib.addChildren(c, st)
			ib.pieces = append(ib.pieces, piece{kind: pieceClose, b: ibx, st: st, face: e.fonts.faceFor(st), node: c})
		}
	}
}

func isCollapsibleSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// addText splits text into words and collapsible spaces (white-space: normal/nowrap),
// or into lines (pre).
func (ib *inlineBuilder) addText(s string, st *computedStyle, owner *html.Node) {
	f := ib.e.fonts.faceFor(st)
	if st.whiteSpace == 2 {
		start := 0
		for i := 0; i <= len(s); i++ {
			if i == len(s) || s[i] == '\n' {
				if i > start {
					t := s[start:i]
					ib.pieces = append(ib.pieces, piece{kind: pieceText, text: t, w: f.measure(t), st: st, face: f, node: owner})
					ib.hasContent = true
				}
				if i < len(s) {
					ib.pieces = append(ib.pieces, piece{kind: pieceBreak, st: st, face: f, node: owner})
					ib.hasContent = true
				}
				start = i + 1
			}
		}
		ib.prevSpace = false
		return
	}
	i := 0
	for i < len(s) {
		if isCollapsibleSpace(s[i]) {
			for i < len(s) && isCollapsibleSpace(s[i]) {
				i++
			}
			if ib.prevSpace {
				continue
			}
			ib.prevSpace = true
			if n := len(ib.pieces); n > 0 && ib.pieces[n-1].kind == pieceText {
				ib.pieces[n-1].space = true
				continue
			}
			ib.pieces = append(ib.pieces, piece{kind: pieceText, space: true, st: st, face: f, node: owner})
			continue
		}
		start := i
		for i < len(s) && !isCollapsibleSpace(s[i]) {
			i++
		}
		t := s[start:i]
		ib.pieces = append(ib.pieces, piece{kind: pieceText, text: t, w: f.measure(t), st: st, face: f, node: owner})
		ib.prevSpace, ib.hasContent = false, true
	}
}
