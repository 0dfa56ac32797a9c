package window

import (
	"fmt"
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// filmstrip keeps thumbnails of the page frames the window actually presented, with their
// frame times, so a one-frame flicker can be seen after the fact. Frames the page painted
// but the window never presented (a newer one replaced them first) are counted, not hidden.
type filmstrip struct {
	thumbs []thumb // ring, newest at next-1
	next   int
	count  int
	pix    []byte
}

type thumb struct {
	img       *ebiten.Image
	frameTime float64
	skipped   int // painted frames before this one that were never presented
}

const (
	thumbW, thumbH = 112, 84
	filmCols       = 4
	filmRows       = 5
	filmMax        = filmCols * filmRows
)

func newFilmstrip() *filmstrip {
	return &filmstrip{thumbs: make([]thumb, filmMax), pix: make([]byte, 4*thumbW*thumbH)}
}

func (f *filmstrip) tab() string  { return "Filmstrip (F)" }
func (f *filmstrip) wants() wants { return wants{} }

func (f *filmstrip) reset() { f.next, f.count = 0, 0 }

// add records a presented frame.
func (f *filmstrip) add(fr *painted, skipped int) {
	downscale(fr.img, f.pix)
	t := &f.thumbs[f.next]
	if t.img == nil {
		t.img = ebiten.NewImage(thumbW, thumbH)
	}
	t.img.WritePixels(f.pix)
	t.frameTime, t.skipped = fr.frameTime, max(skipped, 0)
	f.next = (f.next + 1) % filmMax
	f.count = min(f.count+1, filmMax)
}

// downscale box-samples src into a thumbW × thumbH RGBA pixel buffer (2×2 samples a pixel).
// It runs for every frame the window presents, shown or not (0.5 ms a frame when it computed
// each sample's place with two divisions): the sampled rows' and columns' offsets are
// computed once a call.
func downscale(src *image.RGBA, dst []byte) {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	var cols [2 * thumbW]int // the byte offsets in a row of the two sampled columns of each x
	var rows [2 * thumbH]int // the offsets in Pix of the two sampled rows of each y
	for x := range thumbW {
		cols[2*x] = 4 * ((x*4 + 1) * w / (thumbW * 4))
		cols[2*x+1] = 4 * ((x*4 + 3) * w / (thumbW * 4))
	}
	for y := range thumbH {
		rows[2*y] = src.PixOffset(b.Min.X, b.Min.Y+(y*4+1)*h/(thumbH*4))
		rows[2*y+1] = src.PixOffset(b.Min.X, b.Min.Y+(y*4+3)*h/(thumbH*4))
	}
	for y := range thumbH {
		r0, r1 := src.Pix[rows[2*y]:], src.Pix[rows[2*y+1]:]
		for x := range thumbW {
			i, k := cols[2*x], cols[2*x+1]
			j := 4 * (y*thumbW + x)
			for c := range 4 {
				dst[j+c] = byte((int(r0[i+c]) + int(r0[k+c]) + int(r1[i+c]) + int(r1[k+c])) / 4)
			}
		}
	}
}

func (f *filmstrip) draw(dst *ebiten.Image, fo *fonts, fr *frame) {
	r := fr.lay.paneBody
	fillPane(dst, r)
	x0, y0 := r.x, r.y
	fo.draw(dst, fo.elide(fo.regular, fmt.Sprintf("the last %d frames presented, newest first (frame time, ms)", f.count), r.w-16), x0+8, y0+5, paneText, false)
	const gap = 6
	cols := max(1, (r.w-gap)/(thumbW+gap)) // as many columns and rows as the pane holds
	for i := 0; i < f.count; i++ {
		t := &f.thumbs[(f.next-1-i+2*filmMax)%filmMax]
		col, row := i%cols, i/cols
		x := x0 + gap + col*(thumbW+gap)
		y := y0 + 26 + row*(thumbH+26)
		if y+thumbH+3+lineH > r.y+r.h {
			break
		}
		vector.StrokeRect(dst, float32(x)-0.5, float32(y)-0.5, thumbW+1, thumbH+1, 1, color.RGBA{0x60, 0x60, 0x60, 0xff}, false)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(x), float64(y))
		dst.DrawImage(t.img, op)
		label := fmt.Sprintf("%.1f", t.frameTime)
		if i+1 < f.count {
			older := &f.thumbs[(f.next-2-i+2*filmMax)%filmMax]
			label += fmt.Sprintf(" +%.1f", t.frameTime-older.frameTime)
		}
		fo.drawMono(dst, label, x, y+thumbH+3, paneText)
		if t.skipped > 0 {
			fo.drawMono(dst, fmt.Sprintf("+%d unseen", t.skipped), x+thumbW-68, y+2, color.RGBA{0xff, 0x50, 0x50, 0xff})
		}
	}
	if f.count == 0 {
		fo.draw(dst, fo.elide(fo.regular, "No frame yet: the page paints only when something changed.", r.w-16), x0+8, y0+30, paneDim, false)
	}
}
