package page

// Spec: HTML Living Standard, 2026-11-01, §8.1.7.3 "update the rendering" (the style, layout
// and paint of each fully active document of the page, the top-level one first, then its
// descendants' in tree order) and §15.4.3 (an iframe's document drawn in its content box);
// CSSOM View, Editor's Draft 2025-09, "run the resize steps" (an iframe's viewport is its
// content box: a change of its size fires resize at its window).
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
// https://drafts.csswg.org/cssom-view/#run-the-resize-steps
//
// Each iframe's document has a rendering engine of its own, whose viewport is the iframe's
// content box in its parent's last layout (0 × 0 when the iframe has no box: CHROME, a
// display: none iframe's document has an innerWidth of 0), its window's layout (so that its
// geometry APIs read its own boxes, relative to its own viewport, as in Chrome) and its
// animator. Its frame is painted before its parent's and drawn by the parent's display list
// as the iframe's replaced content (render/iframecontent.go).

import (
	"image"
	"math"

	"golang.org/x/net/html"

	"loopscope/dom"
	"loopscope/render"
)

// childFrame is the rendering of an iframe's document.
type childFrame struct {
	doc *dom.Document
	win *dom.Window
	eng *render.Engine
	lay *layout
	// w, h: its viewport, the iframe's content box in whole px (0 × 0 without a box).
	w, h int
	// lastW, lastH: the size the resize steps last saw (-1 until its first size).
	lastW, lastH int
	frame        *image.RGBA // its last painted frame (nil before the first)
	done         *image.RGBA // the frame before it, handed back once the parent drew frame
}

// docOrNil is cf's document (nil for a nil cf: the page's).
func (cf *childFrame) docOrNil() *dom.Document {
	if cf == nil {
		return nil
	}
	return cf.doc
}

// newChildFrame gives an iframe's window, just installed, a rendering of its own.
func (p *Page) newChildFrame(w *dom.Window) {
	doc := w.Document()
	eng := p.Engine.NewFrameEngine(doc, 1, 1) // sized by fit
	eng.SetTransparentCanvas()
	eng.SetAnimationEventFilter(func(typ string) bool { return doc.AnimationListenerTypes().Has(typ) })
	eng.SetFrameSource(p.frameOf)
	tellEngineOfChanges(doc, eng)
	cf := &childFrame{doc: doc, win: w, eng: eng, lastW: -1, lastH: -1}
	cf.lay = &layout{p: p, eng: eng, doc: doc, child: cf}
	w.SetLayout(cf.lay)
	w.SetAnimator(animator{eng, doc})
	if p.frames == nil {
		p.frames = map[*dom.Document]*childFrame{}
	}
	// Those of documents gone since (navigated away, their iframe removed) are forgotten now
	// too, not only at the next frame: an iframe that navigates from each load keeps one.
	for d, old := range p.frames {
		if !d.FullyActive() {
			old.win.SetLayout(nil)
			delete(p.frames, d)
		}
	}
	p.frames[doc] = cf
}

// childFrames are the renderings of the page's fully active iframe documents, in the order
// "update the rendering" takes them: each after its parent, siblings in their iframes' tree
// order. Those of documents no longer fully active (their iframe removed, or navigated
// away) are forgotten: their windows' geometry reads zero, as in Chrome.
func (p *Page) childFrames() []*childFrame {
	if len(p.frames) == 0 {
		return nil
	}
	out := make([]*childFrame, 0, len(p.frames))
	var walk func(d *dom.Document)
	walk = func(d *dom.Document) {
		for _, c := range d.ChildDocuments() {
			if cf := p.frames[c]; cf != nil {
				out = append(out, cf)
				walk(c)
			}
		}
	}
	walk(p.Doc)
	if len(out) < len(p.frames) {
		live := make(map[*dom.Document]bool, len(out))
		for _, cf := range out {
			live[cf.doc] = true
		}
		for d, cf := range p.frames {
			if !live[d] {
				cf.win.SetLayout(nil)
				delete(p.frames, d)
			}
		}
	}
	return out
}

// renderedDocuments are the page's document and its iframes' fully active ones, in the order
// of childFrames.
func (p *Page) renderedDocuments() []*dom.Document {
	if len(p.frames) == 0 {
		return []*dom.Document{p.Doc}[:1:1]
	}
	docs := []*dom.Document{p.Doc}
	for _, cf := range p.childFrames() {
		docs = append(docs, cf.doc)
	}
	return docs
}

// layoutOf is document d's layout: the page's, an iframe document's, or nil.
func (p *Page) layoutOf(d *dom.Document) *layout {
	if d == p.Doc {
		return p.lay
	}
	if cf := p.frames[d]; cf != nil {
		return cf.lay
	}
	return nil
}

// frameOf is the last frame painted for iframe's document (render.Engine.SetFrameSource).
func (p *Page) frameOf(iframe *html.Node) *image.RGBA {
	for _, cf := range p.frames {
		if c := cf.doc.Container(); c != nil && c.HTML() == iframe {
			return cf.frame
		}
	}
	return nil
}

// fit sizes cf's viewport to its iframe's content box, laying its parent out first (a
// forced layout: a script read a geometry of cf's document).
func (p *Page) fit(cf *childFrame) {
	iframe := cf.doc.Container()
	var parent *layout
	if iframe != nil {
		parent = p.layoutOf(iframe.Document())
	}
	if parent != nil {
		parent.update()
	}
	p.fitTo(cf, iframe, parent)
}

// fitTo sizes cf's viewport to iframe's content box in parent's last layout.
func (p *Page) fitTo(cf *childFrame, iframe *dom.Node, parent *layout) {
	w, h := 0, 0
	if iframe != nil && parent != nil {
		if g, ok := parent.eng.GeometryOf(iframe.HTML()); ok {
			// CHROME: the frame's size is its content box's, snapped to whole px.
			w = max(0, int(math.Round(g.Border.W-g.Borders[1]-g.Borders[3]-g.Padding[1]-g.Padding[3])))
			h = max(0, int(math.Round(g.Border.H-g.Borders[0]-g.Borders[2]-g.Padding[0]-g.Padding[2])))
		}
	}
	if cf.lastW < 0 {
		cf.lastW, cf.lastH = w, h // its first size is no change
	}
	if w == cf.w && h == cf.h {
		return
	}
	cf.w, cf.h = w, h
	cf.eng.Resize(max(w, 1), max(h, 1)) // (an engine's viewport is at least 1 × 1)
	cf.lay.valid = false
}

// layOutChildFrames is the style and layout steps of "update the rendering" for the iframe
// documents, after the top-level document's: each is sized to its iframe's content box in
// its parent's layout, just made, then styled and laid out.
func (p *Page) layOutChildFrames() {
	for _, cf := range p.childFrames() {
		iframe := cf.doc.Container()
		p.fitTo(cf, iframe, p.layoutOf(iframe.Document()))
		cf.eng.Style()
		cf.eng.Layout()
	}
}

// paintChildFrames paints the frames of doc's iframe documents, theirs first, and gives
// each to the display list of doc's engine eng (render.Engine.FrameChanged).
func (p *Page) paintChildFrames(eng *render.Engine, doc *dom.Document) {
	for _, c := range doc.ChildDocuments() {
		cf := p.frames[c]
		if cf == nil {
			continue
		}
		p.paintChildFrames(cf.eng, c)
		img := cf.eng.Paint()
		if img == cf.frame {
			continue
		}
		old := cf.frame
		cf.frame, cf.done = img, old
		if !eng.FrameChanged(old, img) {
			eng.Layout() // its display list is built again, with the frame
		}
	}
}

// recycleChildFrames hands each iframe document's frame before its last back to its engine,
// once the parent's frame has been rastered from the last one.
func (p *Page) recycleChildFrames() {
	for _, cf := range p.frames {
		if cf.done != nil {
			cf.eng.Recycle(cf.done)
			cf.done = nil
		}
	}
}

// childFramesNeedUpdate reports whether an iframe document's rendering would change.
func (p *Page) childFramesNeedUpdate(now float64) bool {
	for _, cf := range p.childFrames() {
		if cf.eng.NeedsUpdate(now) || cf.w != cf.lastW || cf.h != cf.lastH {
			return true
		}
	}
	return false
}

// runTheResizeStepsOfChildFrames runs the resize steps for each iframe document whose
// viewport changed since they last ran: its iframe's content box, as the parent's last
// layout made it (CHROME: a size changed by a frame's layout, or a layout a script forced,
// fires resize in the next frame's resize steps, before the frame's animation frame
// callbacks).
func (p *Page) runTheResizeStepsOfChildFrames() bool {
	fired := false
	for _, cf := range p.childFrames() {
		if cf.lastW < 0 || cf.w == cf.lastW && cf.h == cf.lastH || !cf.doc.FullyActive() {
			continue
		}
		cf.lastW, cf.lastH = cf.w, cf.h
		cf.win.FireResize()
		fired = true
	}
	return fired
}

// evaluateMediaQueriesOfChildFrames is "evaluate media queries and report changes" for each
// iframe document.
func (p *Page) evaluateMediaQueriesOfChildFrames() bool {
	changed := false
	for _, cf := range p.childFrames() {
		if cf.doc.EvaluateMediaQueriesAndReportChanges() {
			changed = true
		}
	}
	return changed
}
