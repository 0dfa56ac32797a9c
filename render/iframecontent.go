package render

// Spec: HTML Living Standard, 2026-11-01, §15.4.3 "Embedded content" (an iframe is a replaced
// element whose content is its content navigable's document, drawn in its content box) and
// §8.1.7.3 "update the rendering" (each document of the frame rendered); CSS Backgrounds 3
// §2.11.2 (an iframe's document's canvas is transparent where nothing paints it).
// https://html.spec.whatwg.org/multipage/rendering.html#embedded-content-rendering-rules
//
// How an iframe's document is composed into its parent's frame: the iframe's document has an
// engine of its own (the page makes it, sized to the iframe's content box) that paints a
// frame as the top-level one does, with a transparent canvas. The parent's display list draws
// that frame as the iframe's replaced content, an image item at the content box's origin,
// clipped to the content box, in the iframe's place in painting order (its stacking context,
// opacity group and translation apply to it as to an img's pixels). A new frame of the child
// replaces the image of its item in the parent's list (FrameChanged): the parent's next frame
// rasters the item's rectangle again, and a full render of the parent draws the same pixels.

import (
	"image"

	"golang.org/x/net/html"
)

// SetFrameSource gives the engine the frames of its document's iframes: frame returns the
// last frame painted for iframe's content document (nil: none yet, or none at all).
func (e *Engine) SetFrameSource(frame func(iframe *html.Node) *image.RGBA) { e.frames = frame }

// SetTransparentCanvas makes the canvas transparent rather than white where the root's
// background does not paint it: an iframe's document, whose parent shows through it.
// CHROME: Chrome's iframes are transparent (the spec leaves the base colour to the user agent).
func (e *Engine) SetTransparentCanvas() {
	e.flushPlan()
	e.transparentCanvas = true
	e.raiseDamage(damagePaint)
	e.inv.unpatchable = true
}

// isIframeElement: an HTML iframe element.
func isIframeElement(n *html.Node) bool {
	return n != nil && n.Type == html.ElementNode && n.Namespace == "" && n.Data == "iframe"
}

// paintFrame records iframe box b's document's frame, whose border box is at (x, y), at
// its content box's origin, clipped to the content box.
func (e *Engine) paintFrame(b *box, x, y float64) {
	if e.frames == nil {
		return
	}
	img := e.frames(b.node)
	if img == nil {
		return
	}
	cx, cy := x+b.border[3]+b.padding[3], y+b.border[0]+b.padding[0]
	cw, ch := b.w-b.edgesH(), b.h-b.edgesV()
	if cw <= 0 || ch <= 0 {
		return
	}
	o := deviceRect(cx, cy, cx, cy).Min
	e.pushClipRect(Rect{cx, cy, cw, ch})
	e.list = append(e.list, displayItem{op: opImage, r: img.Rect.Add(o), img: img})
	e.popClip()
}

// FrameChanged tells the engine that an iframe's document painted frame now, which was
// old: the items that drew old draw now, and the next Paint rasters their rectangles again.
// It reports false when the display list must be built again for it (old was nil: no item
// drew it); Layout then builds it.
func (e *Engine) FrameChanged(old, now *image.RGBA) bool {
	if old == now {
		return true
	}
	if old == nil {
		e.flushPlan()
		e.raiseDamage(damagePaint)
		e.inv.unpatchable = true
		return false
	}
	view := image.Rect(0, 0, e.width, e.height).Add(e.listOffset()) // in the list's coordinates
	for i := range e.list {
		it := &e.list[i]
		if it.op != opImage || it.img != image.Image(old) {
			continue
		}
		it.img = now
		if r := it.r.Union(frameRect(now).Add(it.r.Min)).Intersect(view); !e.listFresh && !r.Empty() {
			// The list the last frame was rastered from, patched: its rectangle is damage.
			if !e.inv.patched {
				e.inv.patchDamage, e.inv.patched = e.inv.patchDamage[:0], true
			}
			e.inv.patchDamage = append(e.inv.patchDamage, r)
		}
		it.r = frameRect(now).Add(it.r.Min)
		e.noteItemChanged(i)
		e.relaid = true
	}
	return true
}

// frameRect is a frame's rectangle at the origin.
func frameRect(f *image.RGBA) image.Rectangle { return f.Rect.Sub(f.Rect.Min) }
