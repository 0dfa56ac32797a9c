package page

import (
	"fmt"
	"image"

	"loopscope/render"
)

// The document as parsed so far (issue 25). A page opened paused is stepped through the
// parser's "Run script" tasks: each inserts the nodes up to its script's end tag (the
// parser's insertion point) and runs the script. The page's frames come only from
// rendering updates, at the next frame (16.7 ms of page time later, more than a few stepped
// scripts take), so without more the page area would show nothing of the document until
// the parser is done. While the loop is parked, the window asks for a preview instead:
// the document as it is at the stop, styled, laid out and painted by an engine of its own,
// so that nothing the page can observe changes. No rendering update runs (no animation
// frame callbacks, no observers, no frame counted), and the page's engine keeps its
// styles, so transitions start and animations tick where they would have.

// Preview is the document at a stop, painted.
type Preview struct {
	Img        *image.RGBA
	DocVersion uint64 // the document's version it shows
}

// RequestPreview asks the page's loop, when it is parked, for a preview of the document if
// the document changed since the page last painted a frame (Preview then returns it). Safe
// from any goroutine; a request already on its way is not repeated.
func (p *Page) RequestPreview() {
	if p.node != nil || p.Agent.Stepper() == nil || !p.previewAsked.CompareAndSwap(false, true) {
		return
	}
	if !p.Agent.TryPost(func() {
		defer p.previewAsked.Store(false)
		p.makePreview()
	}) {
		p.previewAsked.Store(false)
	}
}

// Preview is the newest preview of the document (nil: the page's last frame shows the
// document as it is, or no preview was asked for). Safe from any goroutine.
func (p *Page) Preview() *Preview {
	pv := p.preview.Load()
	if pv == nil || pv.DocVersion+1 == p.paintedVersion.Load() {
		return nil
	}
	return pv
}

// makePreview paints the preview (on the loop's goroutine, while it is parked).
func (p *Page) makePreview() {
	if !p.Agent.Stepper().Parked() {
		return // it runs: its own frames show the document
	}
	v := p.Doc.Version()
	if v+1 == p.paintedVersion.Load() {
		p.preview.Store(nil)
		return
	}
	if pv := p.preview.Load(); pv != nil && pv.DocVersion == v {
		return
	}
	w, h := p.ViewportSize()
	defer func() {
		if r := recover(); r != nil { // a bug in the engine: no preview, the page goes on
			p.Loop.Console().Error(fmt.Sprintf("internal error in the paused page's preview: %v", r))
		}
	}()
	e := render.NewEngine(p.Doc, w, h)
	e.SetFrameSource(p.frameOf) // its iframes' documents as their last frames show them
	e.Style()
	e.Layout()
	p.preview.Store(&Preview{Img: e.Paint(), DocVersion: v})
}
