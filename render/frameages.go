package render

import "image"

// A recycled frame already shows an older frame of the page: to turn it into a copy of the
// last one, only the rectangles that changed since it was painted need copying, not the
// whole 1.9 MB of an 800×600 frame. This is a swap chain's "buffer age" (EGL_EXT_buffer_age).

// historyLen is how many frames' damage is remembered; an older recycled frame is copied whole.
const historyLen = 16

// frameAges numbers the frames Paint made and remembers their damage.
type frameAges struct {
	seq     uint64                      // the number of the last frame Paint made
	partial int                         // frames caught up by their damage (for the tests)
	damage  [historyLen]image.Rectangle // damage[n % historyLen]: where frame n differs from n-1
	frames  [8]struct {                 // a few recent frames with their numbers
		img *image.RGBA
		seq uint64
	}
}

// catchUp makes img a copy of last (the frame numbered a.seq): by copying the damage of the
// frames since the one img shows, or all of it. The frames' damages are merged where they
// overlap (an animation's frames damage about the same place: a frame handed back three
// frames late copied it three times over).
func (a *frameAges) catchUp(img, last *image.RGBA) {
	shown, ok := a.seqOf(img)
	if !ok || shown > a.seq || a.seq-shown >= historyLen {
		copy(img.Pix, last.Pix)
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
		copyRect(img, last, r)
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
