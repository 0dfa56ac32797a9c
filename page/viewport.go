// Spec: CSSOM View Module, Editor's Draft 2025-09 (https://drafts.csswg.org/cssom-view/),
// for scrolling and the viewport. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"fmt"
	"math"

	"golang.org/x/net/html"

	"loopscope/dom"
)

// The seams between real input (input.go: the window and the actions file) and the
// viewport: scrolling as a default action, and the viewport following the window.

// Chrome's scroll steps for keys (cc/input/scroll_utils.h, ScrollableArea): an arrow
// scrolls 40 px; a page is 87.5 % of the visible height.
const (
	arrowScrollPx      = 40
	pageScrollFraction = 0.875
)

// The viewport's limits: a side of at most MaxViewportSide px (Chrome's largest texture)
// and at most MaxViewportArea px in all (a frame is 4 bytes a pixel, and the engine keeps
// a few).
const (
	MaxViewportSide = 16384
	MaxViewportArea = 4096 * 4096
)

// scrollByWheel is a wheel event's default action (not canceled): scroll the nearest
// scrollable ancestor of target that can still scroll in that direction, or the
// document, by (dx, dy) CSS pixels (deltaMode pixel). It reports whether anything
// scrolled.
//
// CHROME: the scroll chains to the next ancestor only when the nearer one cannot move at
// all in that direction; what is left of a delta past a scroller's end is dropped.
func (p *Page) scrollByWheel(target *dom.Node, dx, dy float64) bool {
	if !finite(dx) || !finite(dy) {
		return false
	}
	return p.userScrollBy(target, dx, dy)
}

// userScrollBy scrolls the scroller of target (see scrollByWheel) by (dx, dy).
func (p *Page) userScrollBy(target *dom.Node, dx, dy float64) bool {
	p.layoutNow()
	// In an iframe's document (iframeinput.go): its scroller, else its viewport when it can
	// move that way, else the scroll chains to the iframe in its parent's document.
	for target != nil && target.Document() != p.Doc {
		a := p.layoutOf(target.Document())
		if a == nil {
			break
		}
		a.update()
		if s := scrollerIn(a, target, dx, dy); s != nil || canScroll(a, nil, dx, dy) {
			x, y := a.eng.ScrollPosition(htmlOf(s))
			return p.userScrollIn(a, s, x+dx, y+dy)
		}
		target = target.Document().Container()
	}
	s := p.scrollerFor(target, dx, dy)
	x, y := p.Engine.ScrollPosition(htmlOf(s))
	return p.userScroll(s, x+dx, y+dy)
}

// scrollerFor is the nearest inclusive ancestor of target whose overflow lets the user
// scroll and that can move by (dx, dy); nil (the viewport) when none can.
func (p *Page) scrollerFor(target *dom.Node, dx, dy float64) *dom.Node {
	return scrollerIn(p.lay, target, dx, dy)
}

// scrollerIn is scrollerFor in the document of layout a.
func scrollerIn(a *layout, target *dom.Node, dx, dy float64) *dom.Node {
	if target == nil {
		return nil
	}
	root := a.doc.DocumentElement()
	for h := target.HTML(); h != nil && (root == nil || h != root.HTML()); h = h.Parent {
		if _, user := a.eng.IsScrollContainer(h); !user {
			continue
		}
		if canScroll(a, h, dx, dy) {
			return a.doc.NodeFor(h)
		}
	}
	return nil
}

// canScroll reports whether scroller h (nil: the viewport) of a's document can move by
// (dx, dy).
func canScroll(a *layout, h *html.Node, dx, dy float64) bool {
	x, y := a.eng.ScrollPosition(h)
	mx, my, _ := a.eng.ScrollRange(h)
	return dx < 0 && x > 0 || dx > 0 && x < mx || dy < 0 && y > 0 || dy > 0 && y < my
}

// scrollByKey is the default action of a keydown that scrolls (the arrows, PageUp,
// PageDown, Home, End, Space; Shift+Space up) when nothing focused takes the key: target is the event's
// target. It reports whether anything scrolled.
//
// CHROME: the distances are Chrome's (an arrow 40 px, a page 87.5 % of the scroller's
// height); DEPARTURE: the scroll is instant, Chrome animates it.
func (p *Page) scrollByKey(target *dom.Node, key string) bool {
	p.layoutNow()
	a := p.lay // the document the key went to: the page's or an iframe's (iframeinput.go)
	if d := p.docOf(target); d != p.Doc && p.layoutOf(d) != nil {
		a = p.layoutOf(d)
		a.update()
	}
	var dx, dy float64
	page := func(n *dom.Node) float64 {
		if n == nil {
			_, vh := a.Viewport()
			return math.Max(1, math.Floor(vh*pageScrollFraction))
		}
		_, _, _, h := a.eng.ClientBox(n.HTML())
		return math.Max(1, math.Floor(h*pageScrollFraction))
	}
	switch key {
	case "ArrowDown":
		dy = arrowScrollPx
	case "ArrowUp":
		dy = -arrowScrollPx
	case "ArrowRight":
		dx = arrowScrollPx
	case "ArrowLeft":
		dx = -arrowScrollPx
	case "PageDown", " ", "PageUp", "Home", "End":
		down := key == "PageDown" || key == "End" || key == " " && !p.input.shift // Shift+Space: a page up
		dy = 1
		if !down {
			dy = -1
		}
		s := scrollerIn(a, target, 0, dy)
		x, y := a.eng.ScrollPosition(htmlOf(s))
		switch key {
		case "Home":
			y = 0
		case "End":
			_, y, _ = a.eng.ScrollRange(htmlOf(s))
		default:
			y += dy * page(s)
		}
		if a != p.lay {
			if c := a.doc.Container(); s == nil && !canScroll(a, nil, 0, dy) && c != nil {
				return p.scrollByKey(c, key) // CHROME: on to the iframe's parent, by its page
			}
			return p.userScrollIn(a, s, x, y)
		}
		return p.userScroll(s, x, y)
	default:
		return false
	}
	return p.userScrollBy(target, dx, dy)
}

// layoutNow brings style and layout up to date (the scroll range depends on them).
func (p *Page) layoutNow() {
	p.lay.update()
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// SetViewportSize resizes the viewport to w×h CSS pixels (the window was resized, or an
// actions file's resize): innerWidth and innerHeight change at once, the page lays out
// again, and the resize steps of the next rendering update fire resize. A size under
// 1 px is refused, one over the limits (MaxViewportSide, MaxViewportArea) clamped; both
// say so on the console (once for the same size) and return the error.
func (p *Page) SetViewportSize(w, h int) error {
	if w < 1 || h < 1 {
		return p.viewportError(fmt.Errorf("viewport size %d×%d refused: the viewport must be at least 1×1 px", w, h))
	}
	var err error
	cw, ch := clampViewport(w, h)
	if cw != w || ch != h {
		err = p.viewportError(fmt.Errorf("viewport size %d×%d clamped to %d×%d (at most %d px a side and %d px in all)",
			w, h, cw, ch, MaxViewportSide, MaxViewportArea))
	} else {
		p.view.resizeErr = ""
	}
	if cw == p.opts.Width && ch == p.opts.Height {
		return err
	}
	p.opts.Width, p.opts.Height = cw, ch
	p.viewportWH.Store(uint64(cw)<<32 | uint64(ch))
	p.Engine.Resize(cw, ch)
	p.lay.valid = false // layout answers for the new size at once
	return err
}

// clampViewport keeps a viewport size of at least 1×1 within the limits.
func clampViewport(w, h int) (int, int) {
	w, h = min(max(w, 1), MaxViewportSide), min(max(h, 1), MaxViewportSide)
	if w*h > MaxViewportArea {
		h = max(1, MaxViewportArea/w)
	}
	return w, h
}

// ViewportSize is the viewport's size in CSS pixels. Safe from any goroutine.
func (p *Page) ViewportSize() (w, h int) {
	v := p.viewportWH.Load()
	return int(v >> 32), int(uint32(v))
}

// viewportError reports err on the console unless it was the last one reported.
func (p *Page) viewportError(err error) error {
	if msg := err.Error(); msg != p.view.resizeErr {
		p.view.resizeErr = msg
		p.Loop.Console().Error(msg)
	}
	return err
}

// runTheResizeSteps is CSSOM View's "run the resize steps": "If doc's viewport has had
// its width or height changed (e.g. as a result of the user resizing the browser window,
// or changing the page zoom scale factor, or an iframe element's dimensions are changed)
// since the last time these steps were run, fire an event named resize at the Window
// object associated with doc."
// https://drafts.csswg.org/cssom-view/#run-the-resize-steps
func (p *Page) runTheResizeSteps() bool {
	v := &p.view
	if v.lastW == p.opts.Width && v.lastH == p.opts.Height {
		return false
	}
	v.lastW, v.lastH = p.opts.Width, p.opts.Height
	p.Window.FireResize()
	return true
}

// runTheResizeStepsOfAll runs the resize steps for the top-level document, then for each
// iframe document (iframes.go): "For each doc of docs, run the resize steps for doc."
func (p *Page) runTheResizeStepsOfAll() bool {
	top := p.runTheResizeSteps()
	return p.runTheResizeStepsOfChildFrames() || top
}
