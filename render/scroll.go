// Spec: CSSOM View Module, Editor's Draft 2025-09 (https://drafts.csswg.org/cssom-view/#scrolling)
// and CSS Overflow Module Level 3, Editor's Draft 2025-09
// (https://drafts.csswg.org/css-overflow-3/#scrollable). Tags: FIXME(spec), DEPARTURE, CHROME.

package render

import (
	"image"
	"math"

	"golang.org/x/net/html"

	"loopscope/css"
)

// Scrolling: the viewport and every element whose overflow is not visible (a scroll
// container) have a scroll position, clamped to their scrollable overflow. A scroll
// moves the painted content only: the layout (page coordinates) stays, the display list
// is built again with the content shifted (stacking.go), so hit testing and BoxOf follow.
//
// CHROME: no scrollbars take room or are drawn, as in headless Chrome (which hides them):
// a scroll container's client size is its padding box.
// Smooth scrolling is the page's (page/smoothscroll.go: ScrollTo a frame). FIXME(spec): scroll anchoring,
// scroll snapping and sticky positioning are not implemented.

// ScrollPosition returns the scroll position of the viewport (n nil, or the root
// element: the scrolling element) or of element n (0, 0 when n is no scroll container).
func (e *Engine) ScrollPosition(n *html.Node) (x, y float64) {
	e.flushPlan()
	if n == nil || e.isRootElement(n) {
		return e.scrollX, e.scrollY
	}
	if st := e.states[n]; st != nil {
		return st.scrollPosition()
	}
	return 0, 0
}

// elementScroll is what a scroll container keeps besides its style: its scroll position
// and its scrollable overflow, from the layout numbered overflowGen. Most elements never
// scroll: their state has none (elementState.scroll nil).
type elementScroll struct {
	x, y        float64
	overflow    Rect
	overflowGen uint32
}

// scrollPosition is the element's scroll position (0, 0 when it never scrolled).
func (st *elementState) scrollPosition() (x, y float64) {
	if st.scroll == nil {
		return 0, 0
	}
	return st.scroll.x, st.scroll.y
}

// scrollState is the element's scroll state, made when first needed.
func (st *elementState) scrollState() *elementScroll {
	if st.scroll == nil {
		st.scroll = &elementScroll{}
	}
	return st.scroll
}

// ClampScrollPosition is (x, y) clamped to the scroll range of the viewport (n nil or
// the root element) or scroll container n: where ScrollTo would go. ok is false when n
// does not scroll.
func (e *Engine) ClampScrollPosition(n *html.Node, x, y float64) (cx, cy float64, ok bool) {
	e.flushPlan()
	maxX, maxY, ok := e.scrollRange(n)
	if !ok {
		return 0, 0, false
	}
	return clampScroll(x, maxX), clampScroll(y, maxY), true
}

// ScrollTo scrolls the viewport (n nil or the root element) or the scroll container n
// to (x, y), clamped to its scrollable overflow; NaN counts as 0 (as the CSSOM's
// "normalize non-finite values"). It reports whether the position changed. The engine
// must have been laid out (the caller lays out first, as the CSSOM's scroll methods do).
// https://drafts.csswg.org/cssom-view/#perform-a-scroll
func (e *Engine) ScrollTo(n *html.Node, x, y float64) (changed bool) {
	e.flushPlan()
	maxX, maxY, ok := e.scrollRange(n)
	if !ok {
		return false
	}
	x, y = clampScroll(x, maxX), clampScroll(y, maxY)
	px, py := &e.scrollX, &e.scrollY
	if n != nil && !e.isRootElement(n) {
		sc := e.states[n].scrollState()
		px, py = &sc.x, &sc.y
	}
	if *px == x && *py == y {
		return false
	}
	*px, *py = x, y
	e.scrollDirty = true
	if px != &e.scrollX {
		e.elemScrolled = true
	}
	return true
}

// clampScroll normalises a non-finite value to 0 and clamps v to [0, max]. CHROME: the
// position is snapped to whole pixels (device pixel ratio 1), as Chrome's scroll offsets.
func clampScroll(v, max float64) float64 {
	if math.IsNaN(v) {
		v = 0
	}
	v = math.Round(math.Max(0, math.Min(v, max)))
	return v
}

// ScrollSize returns the scroll width and height of the viewport's document (n nil or
// the root element) or of element n: its scrollable overflow, at least its client size
// (https://drafts.csswg.org/cssom-view/#dom-element-scrollwidth). ok is false when n
// has no box.
func (e *Engine) ScrollSize(n *html.Node) (w, h float64, ok bool) {
	e.flushPlan()
	if n == nil || e.isRootElement(n) {
		if !e.laidOut || e.root == nil {
			return float64(e.width), float64(e.height), e.laidOut
		}
		r := e.documentOverflow()
		return math.Max(float64(e.width), r.X+r.W), math.Max(float64(e.height), r.Y+r.H), true
	}
	b := e.boxOf(n)
	if b == nil {
		return 0, 0, false
	}
	cw, ch := b.w-b.border[1]-b.border[3], b.h-b.border[0]-b.border[2]
	sc := e.states[n].scrollState()
	if sc.overflowGen != e.geomGen || e.geomGen == 0 {
		sc.overflow, sc.overflowGen = e.elementOverflow(b), e.geomGen // once a layout
	}
	r := sc.overflow
	return math.Max(cw, r.W), math.Max(ch, r.H), true
}

// IsScrollContainer reports whether n's box clips its overflow (overflow other than
// visible): it has a scroll position. userScrollable: overflow auto or scroll, which the
// wheel and keys scroll (hidden scrolls only programmatically).
// https://drafts.csswg.org/css-overflow-3/#scroll-container
func (e *Engine) IsScrollContainer(n *html.Node) (container, userScrollable bool) {
	e.flushPlan()
	b := e.boxOf(n)
	if b == nil || !b.st.clips() {
		return false, false
	}
	return true, b.st.overflowScroll[0] || b.st.overflowScroll[1]
}

// ScrollRange is how far the viewport (n nil) or scroll container n can scroll.
func (e *Engine) ScrollRange(n *html.Node) (maxX, maxY float64, ok bool) {
	e.flushPlan()
	return e.scrollRange(n)
}

func (e *Engine) scrollRange(n *html.Node) (maxX, maxY float64, ok bool) {
	if n == nil || e.isRootElement(n) {
		w, h, ok := e.ScrollSize(nil)
		return math.Max(0, w-float64(e.width)), math.Max(0, h-float64(e.height)), ok
	}
	b := e.boxOf(n)
	if b == nil || !b.st.clips() {
		return 0, 0, false
	}
	w, h, _ := e.ScrollSize(n)
	cw, ch := b.w-b.border[1]-b.border[3], b.h-b.border[0]-b.border[2]
	return math.Max(0, w-cw), math.Max(0, h-ch), true
}

// boxOf is n's box from the last layout, or nil.
func (e *Engine) boxOf(n *html.Node) *box {
	st := e.states[n]
	if st == nil || st.box == nil || st.boxGen != e.layoutGen || !e.laidOut {
		return nil
	}
	return st.box
}

func (e *Engine) isRootElement(n *html.Node) bool {
	return e.root != nil && e.root.node == n
}

// documentOverflow is the document's scrollable overflow rectangle in page coordinates:
// the root element's margin box and every box not clipped by a scroll container (fixed
// boxes excluded: they do not scroll). It is computed once per layout.
func (e *Engine) documentOverflow() Rect {
	if e.docOverflowGen == e.geomGen {
		return e.docOverflow
	}
	r := e.root
	ext := Rect{0, 0, r.ax + r.w + r.margin[1], r.ay + r.h + r.margin[2]}
	overflowOf(r, &ext)
	e.docOverflow, e.docOverflowGen = ext, e.geomGen
	return ext
}

// elementOverflow is the scrollable overflow of scroll container b, relative to its
// padding box's top left: its content's boxes and the end padding after them.
// https://drafts.csswg.org/css-overflow-3/#scrollable
func (e *Engine) elementOverflow(b *box) Rect {
	px, py := b.ax+b.border[3], b.ay+b.border[0]
	ext := Rect{px, py, 0, 0}
	grow := Rect{px, py, 0, 0}
	overflowOf(b, &grow)
	// The content's end edge plus the end padding (CSS Overflow 3: "the margin areas of
	// the in-flow children plus the padding" — Chrome adds the inline- and block-end
	// padding after the content).
	ext.W = math.Max(b.w-b.border[1]-b.border[3], grow.W-px+b.padding[1])
	ext.H = math.Max(b.h-b.border[0]-b.border[2], grow.H-py+b.padding[2])
	return ext
}

// overflowOf grows ext (x, y: origin; W, H: right and bottom edges relative to 0, 0 of
// the page) to contain b's descendants, not looking inside nested scroll containers nor
// at fixed boxes.
func overflowOf(b *box, ext *Rect) {
	grow := func(x, y, w, h float64) {
		ext.W = math.Max(ext.W, x+w)
		ext.H = math.Max(ext.H, y+h)
	}
	for i := range b.frags {
		f := &b.frags[i]
		grow(b.ax+f.x, b.ay+f.y, f.w, f.h)
	}
	for _, c := range b.children {
		if c.node != nil && c.st.position == css.PositionFixed {
			continue
		}
		grow(c.ax, c.ay, c.w, c.h)
		if c.node != nil && c.st.clips() {
			continue
		}
		overflowOf(c, ext)
	}
}

// contentOffset returns the offset for painting b's content: dx, dy moved by b's scroll
// position when b is a scroll container.
func (e *Engine) contentOffset(b *box, dx, dy float64) (float64, float64) {
	if b.node == nil || !b.st.clips() {
		return dx, dy
	}
	if st := e.states[b.node]; st != nil {
		sx, sy := st.scrollPosition()
		return dx - sx, dy - sy
	}
	return dx, dy
}

// flushScroll builds the display list again after a scroll, so that hit testing and
// BoxOf see the content where it is now painted.
func (e *Engine) flushScroll() {
	if !e.scrollDirty || !e.laidOut {
		return
	}
	e.scrollDirty = false
	e.clampScrollPositions()
	if e.elemScrolled || e.listFixed {
		e.buildDisplayList()
	}
	// Otherwise only the viewport scrolled: the list is kept and rastered, hit-tested and
	// measured at an offset (listOffset), a translation, not a rebuild.
	e.relaid = true
}

// listOffset is how far the display list's coordinates are from the viewport's: the
// viewport's scroll since the list was built.
func (e *Engine) listOffset() image.Point {
	return image.Pt(round(e.scrollX-e.listScrollX), round(e.scrollY-e.listScrollY))
}

// shifted is a view of img whose coordinates are moved by off (the same pixels).
func shifted(img *image.RGBA, off image.Point) *image.RGBA {
	if off == (image.Point{}) {
		return img
	}
	return &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect.Add(off)}
}

// clampScrollPositions keeps the viewport's scroll position within its range after a
// layout or a resize (the document may have become shorter).
func (e *Engine) clampScrollPositions() {
	if e.root == nil {
		e.scrollX, e.scrollY = 0, 0
		return
	}
	if e.scrollX == 0 && e.scrollY == 0 {
		return // within any range: no need to walk every box for the document's overflow
	}
	mx, my, _ := e.scrollRange(nil)
	e.scrollX, e.scrollY = clampScroll(e.scrollX, mx), clampScroll(e.scrollY, my)
}

// ClientBox returns clientLeft, clientTop, clientWidth and clientHeight of element n:
// its left and top border widths and its padding box's size (no scrollbars); zero for
// an inline box or no box; the viewport's size for the root element.
// https://drafts.csswg.org/cssom-view/#dom-element-clientwidth
func (e *Engine) ClientBox(n *html.Node) (left, top, width, height float64) {
	e.flushPlan()
	b := e.boxOf(n)
	if b == nil || b.kind == kindInline {
		return 0, 0, 0, 0
	}
	if e.isRootElement(n) {
		return 0, 0, float64(e.width), float64(e.height)
	}
	return b.border[3], b.border[0], b.w - b.border[1] - b.border[3], b.h - b.border[0] - b.border[2]
}

// mediaMatches reports whether all the media query lists of a rule's @media rules match
// the viewport. https://drafts.csswg.org/css-conditional-3/#at-media
func (e *Engine) mediaMatches(media []*css.MediaQueryList) bool {
	env := css.MediaEnv{Width: float64(e.width), Height: float64(e.height)}
	for _, m := range media {
		if !m.Matches(env) {
			return false
		}
	}
	return true
}
