package window

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"loopscope/page"
)

// input turns the frame's keyboard and mouse into actions: keys through the key map
// (keymap.go), mouse presses by the region they hit (the page, the top bar's controls, the
// pane's tabs, the pane's instrument).
type input struct {
	keys  []binding
	page  pageInput // the page's own mouse and keyboard input (pageinput.go)
	chars []rune    // the characters typed this frame
}

// update handles one frame's input.
func (in *input) update(g *game) {
	in.chars = ebiten.AppendInputChars(in.chars[:0])
	if p, _ := g.session.current(); p == nil || g.gallery.visible {
		if target, ok := g.gallery.update(); ok {
			g.gallery.visible = false
			g.openDemo(target)
		}
		return
	}
	if g.predict.active && !g.predict.checked {
		// Ordering the prediction: the page waits before its first task. Esc leaves; Enter
		// runs it; Space or 1–5 commit the order and run it or step it from its first line;
		// the tab keys, H and I work; the other keys wait (the prediction's pane says so).
		if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
			g.endPrediction()
			g.toGallery()
			return
		}
		if g.tabs.selected == tabPredict && g.predict.update() ||
			g.tabs.selected != tabPredict && (inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyKPEnter)) {
			g.predict.commit()
			g.runPrediction()
			return
		}
		if keysPressedOrTyped(stepKeys, in.chars) {
			g.predict.commit() // the check follows the lines as the steps print them
		}
		if !g.predict.checked {
			in.handleKeys(g, true)
			return
		}
	}
	if p, _ := g.session.current(); in.page.keys && p != nil {
		if in.page.keyboard(p) {
			g.status = "the keys go to the instruments again (K gives them to the page)"
			g.uiVersion++
		}
	} else if in.handleKeys(g, false) {
		return // the page was replaced or closed
	}
	p, _ := g.session.current()
	if p == nil {
		return
	}
	x, y := ebiten.CursorPosition()
	pageWheel := in.page.mouse(p, x, y, &g.view, g.lay.page)
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		g.uiVersion++
		in.press(g, p, x, y)
	}
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) && g.lay.page.contains(x, y) {
		g.clickAt = p.Now()
		px, py := g.view.toPage(p, g.lay.page, x-g.lay.page.x, y-g.lay.page.y)
		p.PostPointer(page.PointerRelease, px, py)
	}
	if s, ok := g.panes[g.tabs.selected].(scroller); ok && !pageWheel {
		if _, dy := ebiten.Wheel(); dy != 0 {
			s.wheel(dy)
			g.uiVersion++
		}
	}
}

// press routes a mouse press to what is under it.
func (in *input) press(g *game, p *page.Page, x, y int) {
	switch {
	case g.lay.page.contains(x, y):
		px, py := g.view.toPage(p, g.lay.page, x-g.lay.page.x, y-g.lay.page.y)
		p.PostPointer(page.PointerPress, px, py)
	case g.bar.syntheticButton(g.lay, g.session).contains(x, y):
		g.syntheticClick()
	case g.controls.sliderHit(g.lay, x, y):
		g.controls.setSpeed(p, g.controls.sliderStop(g.lay, x))
	case g.lay.tabs.contains(x, y):
		g.tabs.click(x-g.lay.tabs.x, g.lay.tabs.w, g.tabCount())
	case g.lay.paneBody.contains(x, y):
		if c, ok := g.panes[g.tabs.selected].(clicker); ok {
			c.click(x-g.lay.paneBody.x, y-g.lay.paneBody.y)
		}
	}
}

// stepKeys are Space and the step keys: pressed while predicting, they commit the order.
var stepKeys = []ebiten.Key{ebiten.KeySpace, ebiten.Key1, ebiten.Key2, ebiten.Key3, ebiten.Key4, ebiten.Key5,
	ebiten.KeyNumpad1, ebiten.KeyNumpad2, ebiten.KeyNumpad3, ebiten.KeyNumpad4, ebiten.KeyNumpad5}

// handleKeys runs the action of every key pressed this frame, in the key map's order; it
// reports whether one of them replaced or closed the page (the others then wait). While
// predicting, only the keys marked whilePredicting run; another says it waits.
func (in *input) handleKeys(g *game, predicting bool) (replaced bool) {
	pressed := false
	defer func() {
		if pressed {
			g.uiVersion++
		}
	}()
	for _, b := range in.keys {
		if !b.justPressed(in.chars) {
			continue
		}
		pressed = true
		if predicting && !b.whilePredicting {
			g.status = predictingKeys
			continue
		}
		b.do(g)
		if b.replacesPage {
			return true
		}
	}
	return false
}
