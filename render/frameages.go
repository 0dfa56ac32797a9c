package render

import (
	"image"
	"slices"
)

// A recycled frame already shows an older frame of the page: to turn it into a copy of the
// last one, only the rectangles that changed since it was painted need copying, not the
// whole 1.9 MB of an 800×600 frame. This is a swap chain's "buffer age" (EGL_EXT_buffer_age).

// historyLen is how many frames' damage is remembered; an older recycled frame is copied whole.
const historyLen = 16

// frameAges numbers the frames Paint made and remembers their damage.
type frameAges struct {
	seq     uint64                      // the number of the last frame Paint made
	partial int                         // frames caught up by their damage (for the tests)
	copied  int                         // pixels the last catchUp copied (for the tests)
	damage  [historyLen]image.Rectangle // damage[n % historyLen]: where frame n differs from n-1
	frames  [8]struct {                 // a few recent frames with their numbers
		img *image.RGBA
		seq uint64
	}
}

// catchUp makes img a copy of last (the frame numbered a.seq), except in rastered, the
// rectangles the caller rasters next (rasterise fills its area before it paints: what img
// held there is never read): by copying the damage of the frames since the one img shows,
// or all of it. The frames' damages are merged where they overlap (an animation's frames
// damage about the same place: a frame handed back three frames late copied it three
// times over). An animation damages the same place frame after frame, so most of what a
// recycled frame lacks is rastered again anyway (100 animated boxes: their one damage
// rectangle was copied, 1.6 MB, then rastered over).
func (a *frameAges) catchUp(img, last *image.RGBA, rastered []image.Rectangle) {
	a.copied = 0
	shown, ok := a.seqOf(img)
	if !ok || shown > a.seq || a.seq-shown >= historyLen {
		a.copied += copyExcept(img, last, img.Rect, rastered)
		return
	}
	a.partial++
	var buf [historyLen]image.Rectangle
	rects := buf[:0]
	for n := shown + 1; n <= a.seq; n++ {
		if r := a.damage[n%historyLen]; !r.Empty() {
			rects = append(rects, r)
		}
	}
	for _, r := range mergeDamage(rects, historyLen, 0) {
		a.copied += copyExcept(img, last, r, rastered)
	}
}

// painted records that img is the next frame, differing from the last one in damage.
func (a *frameAges) painted(img *image.RGBA, damage image.Rectangle) {
	a.seq++
	a.damage[a.seq%historyLen] = damage
	oldest := 0
	for i := range a.frames {
		if a.frames[i].img == img {
			oldest = i
			break
		}
		if a.frames[i].seq < a.frames[oldest].seq {
			oldest = i
		}
	}
	a.frames[oldest].img, a.frames[oldest].seq = img, a.seq
}

func (a *frameAges) seqOf(img *image.RGBA) (uint64, bool) {
	for i := range a.frames {
		if a.frames[i].img == img {
			return a.frames[i].seq, true
		}
	}
	return 0, false
}

// copyRect copies the pixels of r from src to dst (frames of the same size).
func copyRect(dst, src *image.RGBA, r image.Rectangle) {
	r = r.Intersect(dst.Rect).Intersect(src.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i, j := dst.PixOffset(r.Min.X, y), src.PixOffset(r.Min.X, y)
		copy(dst.Pix[i:i+4*r.Dx()], src.Pix[j:j+4*r.Dx()])
	}
}

// maxExcept is how many rectangles copyExcept leaves out at most; with more it copies them
// too (a frame's rastered rectangles are merged to far fewer, paintdamage.go).
const maxExcept = 64

// copyExcept copies the pixels of r from src to dst (frames of the same size) but those in
// except, and returns how many it copied. r is cut into bands of rows where the same
// rectangles of except cross it; each band copies the same runs of each of its rows.
func copyExcept(dst, src *image.RGBA, r image.Rectangle, except []image.Rectangle) int {
	r = r.Intersect(dst.Rect).Intersect(src.Rect)
	if r.Empty() {
		return 0
	}
	var buf [maxExcept]image.Rectangle
	cut := buf[:0]
	for _, x := range except {
		if x = x.Intersect(r); !x.Empty() {
			if len(cut) == maxExcept {
				copyRect(dst, src, r)
				return r.Dx() * r.Dy()
			}
			cut = append(cut, x)
		}
	}
	if len(cut) == 0 {
		copyRect(dst, src, r)
		return r.Dx() * r.Dy()
	}
	// The bands' edges: r's and those of the rectangles cut out.
	var edgeBuf [2*maxExcept + 2]int
	edges := append(edgeBuf[:0], r.Min.Y, r.Max.Y)
	for _, x := range cut {
		edges = append(edges, x.Min.Y, x.Max.Y)
	}
	slices.Sort(edges)
	edges = slices.Compact(edges)
	var spanBuf [maxExcept][2]int
	copied := 0
	for i := 0; i+1 < len(edges); i++ {
		y0, y1 := edges[i], edges[i+1]
		// The runs of x cut out in this band, sorted by their start.
		spans := spanBuf[:0]
		for _, x := range cut {
			if x.Min.Y <= y0 && y1 <= x.Max.Y {
				spans = append(spans, [2]int{x.Min.X, x.Max.X})
			}
		}
		slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
		x := r.Min.X
		for k := 0; k <= len(spans); k++ {
			end, next := r.Max.X, r.Max.X
			if k < len(spans) {
				end, next = spans[k][0], spans[k][1]
			}
			if end > x {
				copyRect(dst, src, image.Rect(x, y0, end, y1))
				copied += (end - x) * (y1 - y0)
			}
			x = max(x, next)
		}
	}
	return copied
}
