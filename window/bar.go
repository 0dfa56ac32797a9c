package window

import (
	"fmt"
	"image/color"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
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
	f.draw(dst, clip(fmt.Sprintf("loopscope  %s   [mode: %s]", title, g.mode), 78), 8, 6, color.White, false)
	g.controls.draw(dst, f, fr)
	if r := b.syntheticButton(g.session); r.w > 0 {
		vector.DrawFilledRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), accent, false)
		f.draw(dst, "synthetic click (S)", r.x+8, r.y+4, color.Black, false)
	}
}

// syntheticButton is where the synthetic click button is (empty: no button, the page names
// no click target).
func (b *topBar) syntheticButton(s *session) rect {
	if s.clickTarget() == "" {
		return rect{}
	}
	return rect{winW - 160, 3, 152, barH - 6}
}
