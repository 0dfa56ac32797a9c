package window

import (
	"image/color"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// drawer draws the window: the gallery, or the page's newest frame with the bar, the pane's
// instrument, the HUD and the explanation. Without vsync it draws only when something on
// screen changed (sceneKey).
type drawer struct {
	pageImage *ebiten.Image
	shown     *painted // the page frame on screen
	lastScene sceneKey
	fr        frame   // this Draw's view of the page (its span buffer is reused)
	overlayMS float64 // smoothed cost of drawing the instruments (ms)
}

// frame is what one Draw shows of the page, gathered once and read by every instrument.
type frame struct {
	page    *page.Page
	now     float64        // page time (ms)
	spans   []page.Span    // the last 3 s of the trace, when an instrument shown wants them
	snap    *page.Snapshot // the newest snapshot of the queues, when one wants it
	steps   page.StepState // step mode and speed
	con     *consoleLog    // the console
	clickAt float64        // page time of the last real click's release (-1: none)
	cost    float64        // what drawing the instruments costs (ms a frame)
}

// sceneKey is everything that decides what is on screen; an unchanged key is not redrawn
// when the display does not pace Draw.
type sceneKey struct {
	frame    *painted
	console  int
	ui       int
	spans    uint64
	snap     *page.Snapshot
	gallery  int
	predict  int
	hudFrame int64
}

func (d *drawer) init() { d.pageImage = ebiten.NewImage(pageW, pageH) }

// reset forgets the previous page's frame (a page was opened).
func (d *drawer) reset() {
	d.shown = nil
	d.pageImage.Fill(color.White)
}

func (d *drawer) draw(screen *ebiten.Image, g *game) {
	p, _ := g.session.current()
	key := d.scene(g, p)
	if g.pacer.skipsUnchanged() && key == d.lastScene {
		return // nothing changed: nothing drawn, nothing presented
	}
	d.lastScene = key
	defer g.pacer.pace()
	screen.Fill(background)
	if g.gallery.visible || p == nil {
		g.gallery.draw(screen, g.fonts)
		return
	}
	fr := &d.fr
	fr.steps, fr.clickAt, fr.cost = p.StepState(), g.clickAt, d.overlayMS
	if p.IsNode() {
		drawNodeRing(screen, g.fonts, fr) // a Node script: seed 002's phase ring (nodering.go)
	} else {
		d.present(key.frame, p, g.filmstrip())
		drawPage(screen, d.pageImage) // scaled when the viewport is not 800×600 (viewport.go)
		if g.input.page.keys {
			// The page has the keyboard (K; Esc gives it back): a frame around the page.
			vector.StrokeRect(screen, 2, barH+2, pageW-4, pageH-4, 4, keysToPageColour, false)
		}
	}
	g.bar.draw(screen, g.fonts, g, fr)
	start := time.Now() // the instruments' cost, shown in the HUD
	if g.predict.active {
		g.predict.draw(screen, g.fonts, g.printed())
	} else {
		g.panes[g.tabs.selected].draw(screen, g.fonts, fr)
	}
	if g.hud.visible {
		g.hud.draw(screen, g.fonts, fr)
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	d.overlayMS += (ms - d.overlayMS) / 16
	g.tabs.draw(screen, g.fonts, g.panes)
	if g.info.visible {
		// The explanation gives the answer away: it waits until the prediction is checked.
		explain := !g.predict.active || g.predict.done(g.printed())
		status := g.status
		if st := fr.steps; st.PauseRequested && !st.Parked && steppingState(st.Live) == stepWaiting {
			status = strings.TrimSuffix(stepWaiting+" · "+status, " · ")
		}
		g.info.draw(screen, g.fonts, status, g.session, explain)
	}
}

// present shows the page's newest frame (if it is new) and hands the one it replaces back
// to the page's engine to paint into again (no 1.9 MB allocation per frame).
func (d *drawer) present(fr *painted, p *page.Page, film *filmstrip) {
	if fr == nil || fr == d.shown {
		return
	}
	if b := fr.img.Rect; b.Dx() != d.pageImage.Bounds().Dx() || b.Dy() != d.pageImage.Bounds().Dy() {
		d.pageImage.Deallocate()
		d.pageImage = ebiten.NewImage(b.Dx(), b.Dy()) // the viewport was resized
	}
	d.pageImage.WritePixels(fr.img.Pix)
	prevSeq := int64(0)
	if d.shown != nil {
		prevSeq = d.shown.seq
		p.RecycleFrame(d.shown.img)
	}
	film.add(fr, int(fr.seq-prevSeq-1))
	d.shown = fr
}

// scene gathers what is on screen now, fetching the page data the instruments shown want.
func (d *drawer) scene(g *game, p *page.Page) sceneKey {
	// Nothing is drawn again for its own sake: with the screen kept between frames, Ebiten
	// presents it as it is (an uncovered window included).
	k := sceneKey{console: g.con.version(), ui: g.uiVersion, gallery: g.gallery.version, predict: g.predict.version}
	if g.gallery.visible || p == nil {
		g.spansShown.Store(false)
		return k
	}
	k.frame = g.session.newest.Load()
	if k.frame == nil {
		k.frame = d.shown
	}
	fr := &d.fr
	fr.page, fr.now, fr.con, fr.snap = p, p.Now(), g.con, nil
	w := g.panes[g.tabs.selected].wants()
	g.spansShown.Store(g.hud.visible || w.spans || w.snapshot)
	if g.hud.visible || w.spans {
		fr.spans = p.SpansSince(fr.now-3000, 50000, fr.spans[:0])
		k.spans = p.SpansRecorded()
	}
	if g.hud.visible {
		k.hudFrame = g.session.painted.Load() + int64(time.Now().UnixMilli()/250) // fps and busy % move on
	}
	if w.snapshot || p.IsNode() { // a Node script's ring shows its queues too
		p.RequestSnapshot(8)
		fr.snap = p.Snapshot()
		k.snap = fr.snap
		k.hudFrame = time.Now().UnixMilli() / 100 // "running for … ms" moves on
	}
	return k
}
