package window

import (
	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/page"
)

// viewportFollow makes the page's viewport follow the OS window: the shell is laid out for
// the window's size (Layout) and the page area's size is the viewport's, one CSS pixel to a
// window pixel. So resizing the window resizes the page's viewport (resize fires, media
// queries change); until the page paints at its new size, its last frame is drawn scaled
// into the page area. Only changes are posted.
type viewportFollow struct {
	w, h   int        // the viewport the window's size gives now (0: not known yet)
	posted *page.Page // the page last told of w, h
	pw, ph int        // what it was told
}

// update computes the viewport for the page area of the window's layout.
func (v *viewportFollow) update(area rect) {
	if area.w <= 0 || area.h <= 0 {
		v.w, v.h = 1, max(area.h, 1) // a window too narrow for the page still has a viewport
		return
	}
	v.w = min(area.w, page.MaxViewport)
	v.h = min(area.h, page.MaxViewport)
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

// toPage turns a point of the page area (relative to its top left) into page coordinates
// (CSS px of the viewport): the page's frame fills the area (drawPage).
func (v *viewportFollow) toPage(p *page.Page, area rect, x, y int) (float64, float64) {
	w, h := p.ViewportSize()
	return float64(x) * float64(w) / float64(max(area.w, 1)), float64(y) * float64(h) / float64(max(area.h, 1))
}

// drawPage draws the page's frame image into the page area, scaled to fill it only while
// the viewport has not caught up with the area's size.
func drawPage(screen, img *ebiten.Image, area rect) {
	op := &ebiten.DrawImageOptions{}
	b := img.Bounds()
	if b.Dx() != area.w || b.Dy() != area.h {
		op.GeoM.Scale(float64(area.w)/float64(b.Dx()), float64(area.h)/float64(b.Dy()))
		op.Filter = ebiten.FilterLinear
	}
	op.GeoM.Translate(float64(area.x), float64(area.y))
	screen.DrawImage(img, op)
}
