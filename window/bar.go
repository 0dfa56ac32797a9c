package window

import (
	"image/color"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// topBar is the bar above the page: the page's title and mode, the step and speed controls,
// and the synthetic click button (when the demo names a click target).
type topBar struct{}

func (b *topBar) draw(dst *ebiten.Image, f *fonts, g *game, fr *frame) {
	vector.DrawFilledRect(dst, 0, 0, winW, barH, barColor, false)
	_, demo := g.session.current()
	title := filepath.Base(g.session.currentTarget())
	if demo != nil && demo.Title != "" {
		title = demo.Name + " — " + demo.Title
	}
	// The title in the room left of the mode badge, elided in the middle: never under it.
	f.draw(dst, elide(f.regular, "loopscope  "+title, modeX-8-8), 8, 6, color.White, false)
	b.drawMode(dst, f, g)
	g.controls.draw(dst, f, fr)
	if r := b.syntheticButton(g.session); r.w > 0 {
		vector.DrawFilledRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), accent, false)
		f.draw(dst, "synthetic click (S)", r.x+8, r.y+4, color.Black, false)
	}
}

// Where the mode badge is: its own place in the bar, always shown.
const modeX, modeW = 380, 225

var (
	modeSpec  = color.RGBA{0x2e, 0x7d, 0x32, 0xff} // spec: green
	modeOther = color.RGBA{0xc6, 0x28, 0x28, 0xff} // a legacy mode: red, it is not today's browser
)

// drawMode shows the behaviour mode the page runs in (M changes it, Shift+M pins it so the
// next demo keeps it; otherwise every demo opens in spec).
func (b *topBar) drawMode(dst *ebiten.Image, f *fonts, g *game) {
	c := modeSpec
	if g.mode != page.ModeSpec {
		c = modeOther
	}
	vector.DrawFilledRect(dst, modeX, 3, modeW, barH-6, c, false)
	label := "mode: " + string(g.mode)
	if g.modePinned {
		label += " (pinned)"
	}
	f.draw(dst, elide(f.bold, label, modeW-12), modeX+6, 5, color.White, true) // inside the badge
}

// syntheticButton is where the synthetic click button is (empty: no button, the page names
// no click target).
func (b *topBar) syntheticButton(s *session) rect {
	if s.clickTarget() == "" {
		return rect{}
	}
	return rect{winW - 160, 3, 152, barH - 6}
}
