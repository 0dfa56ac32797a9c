// Spec: UI Events, W3C Working Draft 2024-09 (https://w3c.github.io/uievents/), HTML Living
// Standard 2026-11-01 §6.6 "Focus" (a navigable's focus: the focus update steps fire focus
// and blur at the windows of the documents gaining and losing it). Tags: FIXME(spec),
// DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"slices"

	"golang.org/x/net/html"

	"loopscope/dom"
)

// The pointer over iframes: a point of the page's viewport inside an iframe's content box is
// a point of its document's viewport, hit-tested by that document's engine (iframes.go), and
// the pointer's events go to the element hit there, with coordinates of that viewport, as in
// Chrome. A press into another document's element focuses that document's window first.
//
// The keys go to the focused element of the document whose window has the focus
// (keyboard.go keyDocument).
//
// Each document has its own element under the pointer and its own boundary events
// (pointer.go updateHover).
//
// Tab and Shift+Tab go through the iframes' documents where their iframes are in the page's
// sequential order (sequentialFocusNavigation).

// hitTestFrames is the element at (x, y) of the page's viewport, in the innermost iframe
// document whose content box holds the point, and the point in that document's viewport.
func (p *Page) hitTestFrames(x, y float64) (target *dom.Node, fx, fy float64) {
	target, fx, fy = p.hitTest(x, y), x, y
	for target != nil && len(p.frames) > 0 && isIframeNode(target.HTML()) {
		cf := p.frameHeldBy(target)
		parent := p.layoutOf(target.Document())
		if cf == nil || parent == nil {
			break
		}
		g, ok := parent.eng.GeometryOf(target.HTML())
		if !ok {
			break
		}
		cx, cy := fx-(g.Border.X+g.Borders[3]+g.Padding[3]), fy-(g.Border.Y+g.Borders[0]+g.Padding[0])
		if cx < 0 || cy < 0 || cx >= float64(cf.w) || cy >= float64(cf.h) {
			break // its border or padding: the iframe element itself
		}
		cf.lay.update()
		n := cf.doc.NodeFor(cf.eng.HitTest(cx, cy))
		if n == nil {
			if n = cf.doc.Body(); n == nil {
				n = cf.doc.DocumentElement()
			}
		}
		if n == nil {
			break
		}
		target, fx, fy = n, cx, cy
	}
	return target, fx, fy
}

// sequentialFocusNavigation is Tab (backward: Shift+Tab) across the frame's documents: an
// iframe in a document's sequential navigation order stands for its document's focusable
// areas (its document itself when it has none: its window gets the focus, as in Chrome);
// past the end of an iframe's document the order goes on after the iframe in its parent.
// The focus moves between documents as a press moves it (focusFrame).
// https://html.spec.whatwg.org/multipage/interaction.html#sequential-navigation-search-algorithm
func (p *Page) sequentialFocusNavigation(backward bool) {
	d := p.keyDocument()
	if len(p.frames) == 0 {
		d.SequentialFocusNavigation(backward) // the page alone (its starting point kept)
		return
	}
	from := d.FocusedElement()
	if from == nil {
		from = d.TakeSequentialStart()
	}
	if d != p.Doc && from == nil {
		// The iframe's document itself has the focus: go on from its iframe.
		if c := d.Container(); c != nil {
			d, from = c.Document(), c
		}
	}
	for {
		next := d.SequentialNext(from, backward)
		if next == nil {
			c := d.Container()
			if c == nil {
				d.SequentialFocusNavigation(backward) // past the page's end: the viewport
				return
			}
			d, from = c.Document(), c // on after the iframe, in its parent
			continue
		}
		cf := p.frameHeldBy(next)
		if cf == nil {
			if next.Document() != p.keyDocument() {
				p.focusFrame(next)
			}
			next.FocusBySequentialNavigation()
			return
		}
		// Into the iframe's document, from its start (its end, backward).
		d, from = cf.doc, nil
		if d.SequentialNext(nil, backward) == nil {
			if el := d.DocumentElement(); el != nil {
				p.focusFrame(el) // nothing to focus in it: the document itself
			}
			return
		}
	}
}

// hoverTargets are the documents of target's chain, the page's first, and the element the
// pointer is over in each: target in its own, the iframe that holds the next in each above
// (the page's alone, with nil, for a nil target).
func (p *Page) hoverTargets(target *dom.Node) (order []*dom.Document, want map[*dom.Document]*dom.Node) {
	want = map[*dom.Document]*dom.Node{}
	for n := target; n != nil; {
		d := n.Document()
		want[d] = n
		order = append(order, d)
		if d == p.Doc {
			break
		}
		n = d.Container()
	}
	if len(order) == 0 || order[len(order)-1] != p.Doc {
		want[p.Doc] = nil
		order = append(order, p.Doc)
	}
	slices.Reverse(order)
	return order, want
}

// docsLeft are the documents the pointer was over and no longer is (not in want), fully
// active ones only, the deepest first; the others are forgotten.
func (p *Page) docsLeft(want map[*dom.Document]*dom.Node) []*dom.Document {
	in := &p.input
	var left []*dom.Document
	depth := map[*dom.Document]int{}
	for d := range in.hovers {
		if _, kept := want[d]; kept {
			continue
		}
		if !d.FullyActive() {
			delete(in.hovers, d)
			continue
		}
		left = append(left, d)
		for c := d.Container(); c != nil; c = c.Document().Container() {
			depth[d]++
		}
	}
	slices.SortFunc(left, func(a, b *dom.Document) int { return depth[b] - depth[a] })
	return left
}

// frameOrigin is where document d's viewport is in the page's viewport: the sum of the
// content boxes' origins of the iframes that hold it, each in its parent's layout.
func (p *Page) frameOrigin(d *dom.Document) (x, y float64) {
	for d != p.Doc {
		iframe := d.Container()
		if iframe == nil {
			return x, y
		}
		a := p.layoutOf(iframe.Document())
		if a == nil {
			return x, y
		}
		a.update()
		g, ok := a.eng.GeometryOf(iframe.HTML())
		if !ok {
			return x, y
		}
		x, y = x+g.Border.X+g.Borders[3]+g.Padding[3], y+g.Border.Y+g.Borders[0]+g.Padding[0]
		d = iframe.Document()
	}
	return x, y
}

// isIframeNode: an HTML iframe element.
func isIframeNode(h *html.Node) bool {
	return h != nil && h.Type == html.ElementNode && h.Namespace == "" && h.Data == "iframe"
}

// frameHeldBy is the rendering of iframe's document (nil: none).
func (p *Page) frameHeldBy(iframe *dom.Node) *childFrame {
	for _, cf := range p.frames {
		if cf.doc.Container() == iframe {
			return cf
		}
	}
	return nil
}

// docOf is the document of target, the page's for nil.
func (p *Page) docOf(target *dom.Node) *dom.Document {
	if target == nil {
		return p.Doc
	}
	return target.Document()
}

// setPointerState sets a user action state (:active) to target in its document and,
// in each document above it, to the iframe that holds the one below (the pointer is over
// it there); the documents it was set in before and that no longer hold target's chain
// lose it. set is dom.Document.SetActive.
func (p *Page) setPointerState(target *dom.Node, was *[]*dom.Document, set func(d *dom.Document, n *dom.Node)) {
	now := (*was)[:0:0]
	for n := target; n != nil; {
		d := n.Document()
		set(d, n)
		now = append(now, d)
		if d == p.Doc {
			break
		}
		n = d.Container()
	}
	if target == nil {
		set(p.Doc, nil)
		now = append(now, p.Doc)
	}
	for _, d := range *was {
		kept := false
		for _, k := range now {
			kept = kept || k == d
		}
		if !kept {
			set(d, nil)
		}
	}
	*was = now
}

// focusFrame gives the focus to target's document's window when another document had it (a
// press into an iframe's document, or back into the page's), in Chrome's order: the focused
// elements of the documents that lose the focus are blurred (innermost first), each document
// above target's makes the iframe that holds the next one its focused area (its focused
// element blurred first: FocusContainer), then blur at the window that had the focus and
// focus at the one that gets it (before the element's own focus).
func (p *Page) focusFrame(target *dom.Node) {
	d := p.docOf(target)
	in := &p.input
	was := in.focusedFrame
	if was == nil || !was.FullyActive() {
		was = p.Doc
	}
	if d == was {
		return
	}
	in.focusedFrame = d
	// The iframes that hold d, innermost first, and the documents of d's chain.
	var ups []*dom.Node
	inChain := map[*dom.Document]bool{d: true}
	for up := d.Container(); up != nil; up = up.Document().Container() {
		ups = append(ups, up)
		inChain[up.Document()] = true
	}
	for c := was; c != nil; {
		if inChain[c] {
			break
		}
		c.Unfocus()
		iframe := c.Container()
		if iframe == nil {
			break
		}
		c = iframe.Document()
	}
	for i := len(ups) - 1; i >= 0; i-- { // the outermost document first
		ups[i].Document().FocusContainer(ups[i])
	}
	d.ReleaseContainerFocus()
	if w := was.Window(); w != nil && was.FullyActive() {
		w.FireFocusChange(false)
	}
	if w := d.Window(); w != nil {
		w.FireFocusChange(true)
	}
}
