// Spec: CSSOM View Module, Editor's Draft 2025-09 (https://drafts.csswg.org/cssom-view/#scrolling),
// "run the scroll steps" and the pending scroll event targets. Tags: FIXME(spec), DEPARTURE, CHROME.

package page

import (
	"loopscope/css"
	"loopscope/dom"

	"golang.org/x/net/html"
)

// scrollEvent is one entry of the document's pending scroll event targets: a scroll or
// scrollend event to fire at target (nil: the document).
type scrollEvent struct {
	target *dom.Node
	typ    string
	doc    *dom.Document // the document whose pending list it is in (nil: the page's)
}

// maxPendingScrollEvents bounds the pending list (each entry is a distinct target and
// type, so only a page with that many scroll containers scrolled in one frame reaches it).
const maxPendingScrollEvents = 1 << 16

// viewportState is the page's side of scrolling and resizing (scroll.go, viewport.go).
type viewportState struct {
	pending []scrollEvent   // the document's pending scroll event targets, in order added
	smooth  []*smoothScroll // smooth scrolls in progress (smoothscroll.go)
	// The viewport size the last resize steps saw (0: not run yet).
	lastW, lastH int
	resizeErr    string // the last refused size's message, not repeated
}

// htmlOf is n's x/net/html node (nil for nil: the viewport).
func htmlOf(n *dom.Node) *html.Node {
	if n == nil {
		return nil
	}
	return n.HTML()
}

// ScrollPosition implements dom.Scrolling.
func (a *layout) ScrollPosition(n *dom.Node) (x, y float64) {
	a.update()
	return a.eng.ScrollPosition(htmlOf(n))
}

// ScrollTo implements dom.Scrolling: a programmatic, instant scroll. CHROME: an instant
// scroll has ended as soon as it is done, so its scrollend is queued right after its
// scroll (both fire in the next scroll steps, scroll first).
func (a *layout) ScrollTo(n *dom.Node, x, y float64) {
	a.update()
	a.p.cancelSmoothScrollIn(a, n)
	if a.eng.ScrollTo(htmlOf(n), x, y) {
		a.p.queueScrollEventIn(a.child.docOrNil(), n, "scroll")
		a.p.queueScrollEventIn(a.child.docOrNil(), n, "scrollend")
	}
}

// ScrollSize implements dom.Scrolling.
func (a *layout) ScrollSize(n *dom.Node) (w, h float64) {
	a.update()
	w, h, _ = a.eng.ScrollSize(htmlOf(n))
	return w, h
}

// MediaEnv implements dom.MediaEnvironment: the viewport's size; the user prefers
// motion and a light scheme (Chrome's defaults headless).
func (a *layout) MediaEnv() css.MediaEnv {
	w, h := a.Viewport()
	return css.MediaEnv{Width: w, Height: h}
}

// IsScrollContainer implements dom.Scrolling.
func (a *layout) IsScrollContainer(n *dom.Node) bool {
	a.update()
	c, _ := a.eng.IsScrollContainer(n.HTML())
	return c
}

// ClientBox implements dom.Scrolling.
func (a *layout) ClientBox(n *dom.Node) (l, t, w, h float64) {
	a.update()
	return a.eng.ClientBox(n.HTML())
}

// queueScrollEvent appends (target, typ) to the pending scroll event targets unless it
// is there already: however many scrolls a frame has, each target gets one event.
// https://drafts.csswg.org/cssom-view/#scrolling-events
func (p *Page) queueScrollEvent(target *dom.Node, typ string) { p.queueScrollEventIn(nil, target, typ) }

// queueScrollEventIn is queueScrollEvent for document doc's pending scroll event targets
// (nil: the page's; an iframe's document's are kept in the same list, each entry with its
// document, and fired in its document's turn of the scroll steps).
func (p *Page) queueScrollEventIn(doc *dom.Document, target *dom.Node, typ string) {
	if doc == p.Doc {
		doc = nil
	}
	v := &p.view
	for _, e := range v.pending {
		if e.target == target && e.typ == typ && e.doc == doc {
			return
		}
	}
	if len(v.pending) >= maxPendingScrollEvents {
		return
	}
	v.pending = append(v.pending, scrollEvent{target, typ, doc})
}

// runTheScrollSteps is CSSOM View's "run the scroll steps" for the document. It reports
// whether it fired anything.
// https://drafts.csswg.org/cssom-view/#run-the-scroll-steps
func (p *Page) runTheScrollSteps() bool {
	v := &p.view
	if len(v.smooth) > 0 {
		p.advanceSmoothScrolls(p.Loop.Now())
	}
	if len(v.pending) == 0 {
		return false
	}
	// 1. "For each item target in doc's pending scroll event targets, in the order they
	// were added to the list, run these substeps:" 1.1 "If target is a Document, fire an
	// event named scroll that bubbles at target." 1.2 "Otherwise, fire an event named
	// scroll at target." (scrollend entries likewise, CHROME: in the same list.)
	// 2. "Empty doc's pending scroll event targets." Taken before firing: a listener that
	// scrolls again queues for the next frame.
	list := v.pending
	v.pending = nil
	// "For each doc of docs, run the scroll steps for doc": the page's entries, then each
	// iframe document's, in the order update the rendering takes them.
	for _, d := range p.renderedDocuments() {
		for _, e := range list {
			if e.doc == nil && d == p.Doc || e.doc == d {
				d.FireScrollEvent(e.target, e.typ)
			}
		}
	}
	return true
}

// userScroll performs a scroll by the user (the wheel, a key) of target (nil: the
// viewport) to (x, y). CHROME: one wheel tick (as Playwright's mouse.wheel sends it) is a
// whole scroll gesture, and scrollend comes with scroll, in the same scroll steps; a
// scrolling key is animated in Chrome (many scroll events, one scrollend), instant here
// (DEPARTURE).
func (p *Page) userScroll(target *dom.Node, x, y float64) bool {
	return p.userScrollIn(p.lay, target, x, y)
}

// userScrollIn is userScroll in the document of layout a (the page's or an iframe's).
func (p *Page) userScrollIn(a *layout, target *dom.Node, x, y float64) bool {
	p.cancelSmoothScrollIn(a, target)
	if !a.eng.ScrollTo(htmlOf(target), x, y) {
		return false
	}
	p.queueScrollEventIn(a.doc, target, "scroll")
	p.queueScrollEventIn(a.doc, target, "scrollend")
	return true
}

// scrollPending reports whether the scroll steps have something to do (a frame is needed):
// events pending, or a smooth scroll in progress.
func (p *Page) scrollPending() bool {
	return len(p.view.pending) > 0 || len(p.view.smooth) > 0
}
