package window

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/page"
)

// viewportFollow makes the page's viewport follow the OS window: the shell is laid out
// at its fixed size and scaled to the window as a whole (Layout), and the page area's
// size in the window's pixels, relative to the scale the window opened at, is the
// viewport's size in CSS pixels. So enlarging the window by a quarter gives the page a
// viewport a quarter wider and taller (resize fires, media queries change), and the
// page's frames are drawn into the page area at that scale (about one CSS pixel to a
// window pixel). Only changes are posted.
type viewportFollow struct {
	w, h   int        // the viewport the window's size gives now (0: not known yet)
	posted *page.Page // the page last told of w, h
	pw, ph int        // what it was told
}

// update computes the viewport for the window's outside size (Layout's arguments).
func (v *viewportFollow) update(outsideW, outsideH, layoutH int, fit float64) {
	if outsideW <= 0 || outsideH <= 0 || layoutH <= 0 {
		return // minimised, or not known yet: the viewport keeps its size
	}
	if fit <= 0 {
		fit = 1
	}
	s := math.Min(float64(outsideW)/winW, float64(outsideH)/float64(layoutH)) / fit
	v.w = min(max(1, int(math.Round(pageW*s))), page.MaxViewport)
	v.h = min(max(1, int(math.Round(pageH*s))), page.MaxViewport)
}

// size is the viewport a page opened now gets (0, 0: the default).
func (v *viewportFollow) size() (int, int) { return v.w, v.h }

// post tells p of the viewport when it changed since p was last told.
func (v *viewportFollow) post(p *page.Page) {
	if p == nil || v.w == 0 || p.IsNode() {
		return
	}
	if p == v.posted && v.pw == v.w && v.ph == v.h {
		return
	}
	if p != v.posted {
		v.posted = p
		v.pw, v.ph = p.ViewportSize()
		if v.pw == v.w && v.ph == v.h {
			return
		}
	}
	if p.PostViewportSize(v.w, v.h) == nil {
		v.pw, v.ph = v.w, v.h
	}
}

// toPage turns a point of the page area (logical, relative to its top left) into page
// coordinates (CSS px of the viewport).
func (v *viewportFollow) toPage(p *page.Page, x, y int) (float64, float64) {
	w, h := p.ViewportSize()
	return float64(x) * float64(w) / pageW, float64(y) * float64(h) / pageH
}

// drawPage draws the page's frame image into the page area, scaled to fill it.
func drawPage(screen, img *ebiten.Image) {
	op := &ebiten.DrawImageOptions{}
	b := img.Bounds()
	if b.Dx() != pageW || b.Dy() != pageH {
		op.GeoM.Scale(pageW/float64(b.Dx()), pageH/float64(b.Dy()))
		op.Filter = ebiten.FilterLinear
	}
	op.GeoM.Translate(0, barH)
	screen.DrawImage(img, op)
}
