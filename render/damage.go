package render

import "image"

// This file is partial raster: the display list of the last painted frame is kept, the
// new list is compared with it item by item, and only the rectangles where they differ
// are rastered again, over a copy of the last frame. Every display item draws inside its
// rectangle r (text items carry their ink bounds), so rastering the whole list clipped to
// a rectangle gives exactly the pixels a full raster gives there.

// maxDamageRects is how many separate rectangles a frame rasters before it merges them.
const maxDamageRects = 8

// startDisplayList starts a new display list, keeping the one the last frame was
// rastered from for damageRects.
func (e *Engine) startDisplayList() {
	if e.listFresh { // built before and not painted: the painted list is still e.painted
		e.list = e.list[:0]
		return
	}
	e.painted, e.list = e.list, e.painted[:0]
	e.listFresh = true
}

// damageRects returns the rectangles of the viewport where the new display list paints
// differently from the one last rastered into last, or false when the whole frame must
// be rastered (no previous frame, another size or canvas colour, another list shape,
// or damage over most of the viewport).
func (e *Engine) damageRects(last *image.RGBA) ([]image.Rectangle, bool) {
	if last == nil || !e.listFresh || last.Rect.Dx() != e.width || last.Rect.Dy() != e.height ||
		e.paintedBase != e.canvas || len(e.painted) != len(e.list) {
		return nil, false
	}
	view := image.Rect(0, 0, e.width, e.height)
	var rects []image.Rectangle
	var bounds image.Rectangle
	for i := range e.list {
		a, b := &e.painted[i], &e.list[i]
		if *a == *b {
			continue
		}
		if a.op != b.op {
			return nil, false
		}
		for _, r := range [2]image.Rectangle{a.r.Intersect(view), b.r.Intersect(view)} {
			if r.Empty() {
				continue
			}
			bounds = bounds.Union(r)
			rects = append(rects, r)
		}
	}
	if len(rects) > maxDamageRects {
		rects = append(rects[:0], bounds)
	}
	area := 0
	for _, r := range rects {
		area += r.Dx() * r.Dy()
	}
	if area*2 > e.width*e.height {
		return nil, false
	}
	return rects, true
}
