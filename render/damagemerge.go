package render

import (
	"image"
	"slices"
)

// A partial raster walks the whole display list once per damage rectangle (clipped to
// it), so a rectangle costs a walk of the list and an area its pixels. Measured on the
// 1,000 animated widths (BenchmarkLayoutAnimationsFrame), an item visited costs about what
// 16 pixels rastered do.
const (
	maxDamageRectsMerged = 32 // rectangles a frame rasters at most
	pixelsPerItemVisit   = 16
)

// mergeDamageFor merges the damage rectangles of a frame whose display list has n items.
func mergeDamageFor(rects []image.Rectangle, n int) []image.Rectangle {
	return mergeDamage(rects, maxDamageRectsMerged, pixelsPerItemVisit*n)
}

// mergeDamage reduces rects (the rectangles where a frame's display list changed) to at
// most limit rectangles covering them all, merging two whenever their union adds fewer than
// worth pixels (the cost of another walk of the list) and otherwise adding as little area
// as it can: many changed boxes (a thousand animated widths) keep their damage near them
// instead of in one box around them all. Rects in y order are first coalesced where they
// overlap or touch, then gathered into bands by their top (at most 4·limit), then the two
// neighbours whose union adds the least area are merged while that is worth it or more
// than limit are left. Overlapping results raster some pixels twice, the same pixels each
// time (a clipped raster gives a full raster's pixels).
func mergeDamage(rects []image.Rectangle, limit, worth int) []image.Rectangle {
	if len(rects) <= 1 {
		return rects
	}
	slices.SortFunc(rects, func(a, b image.Rectangle) int {
		if a.Min.Y != b.Min.Y {
			return a.Min.Y - b.Min.Y
		}
		return a.Min.X - b.Min.X
	})
	out := rects[:1]
	for _, r := range rects[1:] {
		last := &out[len(out)-1]
		if u := last.Union(r); rectArea(u) <= rectArea(*last)+rectArea(r) {
			*last = u // overlapping or touching: their union adds nothing
			continue
		}
		out = append(out, r)
	}
	if bands := 4 * limit; len(out) > bands {
		top, bottom := out[0].Min.Y, out[0].Max.Y
		for _, r := range out {
			bottom = max(bottom, r.Max.Y)
		}
		merged := make([]image.Rectangle, bands)
		h := (bottom - top + bands - 1) / bands
		for _, r := range out {
			i := (r.Min.Y - top) / h
			merged[i] = merged[i].Union(r)
		}
		out = out[:0]
		for _, r := range merged {
			if !r.Empty() {
				out = append(out, r)
			}
		}
	}
	for len(out) > 1 {
		best, cost := 0, 0
		for i := 0; i+1 < len(out); i++ {
			if c := rectArea(out[i].Union(out[i+1])) - rectArea(out[i]) - rectArea(out[i+1]); i == 0 || c < cost {
				best, cost = i, c
			}
		}
		if len(out) <= limit && cost >= worth {
			break
		}
		out[best] = out[best].Union(out[best+1])
		out = append(out[:best+1], out[best+2:]...)
	}
	return out
}

func rectArea(r image.Rectangle) int { return r.Dx() * r.Dy() }
