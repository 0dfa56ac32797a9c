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
	w := fr.lay.w
	f.region("bar", rect{0, 0, w, barH})
	vector.DrawFilledRect(dst, 0, 0, float32(w), barH, barColor, false)
	_, demo := g.session.current()
	title := filepath.Base(g.session.currentTarget())
	if demo != nil && demo.Title != "" {
		title = demo.Name + " — " + demo.Title
	}
	label := b.modeLabel(g)
	pl := placeBar(w, f.width(f.bold, label)+12)
	// The title in the room left of the mode badge, elided in the middle: never under it.
	f.draw(dst, f.elide(f.regular, "loopscope  "+title, pl.modeX-8-8), 8, 6, color.White, false)
	b.drawMode(dst, f, g, label, pl)
	g.controls.draw(dst, f, fr, pl)
	if r := b.syntheticButton(fr.lay, g.session); r.w > 0 {
		vector.DrawFilledRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), accent, false)
		f.draw(dst, "synthetic click (S)", r.x+8, r.y+4, color.Black, false)
	}
}

// barPlaces is where the bar's parts are in a window of its width: from the right, the
// synthetic click button, the speed slider, the loop's state (its sign left of it), the
// mode badge and the title. Each keeps its place and size at the design width (the badge
// 225 px at x 380, the state 330 px); narrower, the title gives up room first (down to
// minTitleW), then the badge (down to its label), then the state (down to minStateW), then
// the title again: nothing is drawn under anything else (issue 25, item 9).
type barPlaces struct {
	modeX, modeW   int
	stateX, stateW int // the state's text: stateW px from stateX, its sign at stateX-14
	sliderX        int
}

const (
	modeW0, stateW0 = 225, 322
	minTitleW       = 240
	minStateW       = 200
	sliderW         = 150
	stateGap        = 23 // between the badge and the state's text: the state's sign is there
)

// sliderAt is the speed slider's x in a window w wide (left of the synthetic click button).
func sliderAt(w int) int { return w - 160 - 12 - sliderW }

// placeBar places the bar's parts in a window w wide whose mode label needs labelW px.
func placeBar(w, labelW int) barPlaces {
	pl := barPlaces{sliderX: sliderAt(w), modeW: modeW0, stateW: stateW0}
	avail := pl.sliderX - 8 - 8 // from the title's start to the state's end
	title := func() int { return avail - 8 - pl.modeW - stateGap - pl.stateW }
	if t := title(); t < minTitleW {
		pl.modeW = max(min(labelW, modeW0), pl.modeW-(minTitleW-t))
	}
	if t := title(); t < minTitleW {
		pl.stateW = max(minStateW, pl.stateW-(minTitleW-t))
	}
	pl.stateX = pl.sliderX - 8 - pl.stateW
	pl.modeX = pl.stateX - stateGap - pl.modeW
	return pl
}

var (
	modeSpec  = color.RGBA{0x2e, 0x7d, 0x32, 0xff} // spec: green
	modeOther = color.RGBA{0xc6, 0x28, 0x28, 0xff} // a legacy mode: red, it is not today's browser
)

// drawMode shows the behaviour mode the page runs in (M changes it, Shift+M pins it so the
// next demo keeps it; otherwise every demo opens in spec).
func (b *topBar) drawMode(dst *ebiten.Image, f *fonts, g *game, label string, pl barPlaces) {
	c := modeSpec
	if g.mode != page.ModeSpec {
		c = modeOther
	}
	vector.DrawFilledRect(dst, float32(pl.modeX), 3, float32(pl.modeW), barH-6, c, false)
	f.draw(dst, f.elide(f.bold, label, pl.modeW-12), pl.modeX+6, 5, color.White, true) // inside the badge
}

// modeLabel is what the mode badge says.
func (b *topBar) modeLabel(g *game) string {
	label := "mode: " + string(g.mode)
	if g.modePinned {
		label += " (pinned)"
	}
	return label
}

// syntheticButton is where the synthetic click button is (empty: no button, the page names
// no click target).
func (b *topBar) syntheticButton(l layout, s *session) rect {
	if s.clickTarget() == "" {
		return rect{}
	}
	return rect{l.w - 160, 3, 152, barH - 6}
}
