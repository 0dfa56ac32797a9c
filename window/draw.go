package window

import (
	"image"
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
	shown     *painted        // the page frame on screen
	stale     image.Rectangle // where pageImage differs from shown (drawn straight to the screen)
	lastScene sceneKey
	drewAll   *ebiten.Image // the kept screen the last full Draw drew the whole window into
	packed    []byte        // a damaged rectangle's pixels on their way to the texture (reused)
	skipped   []*painted    // frames the queue skipped, handed back to the page (reused)
	fr        frame         // this Draw's view of the page (its span buffer is reused)
	// whole makes the next Draw draw the whole window (the layout test draws offscreen).
	whole     bool
	overlayMS float64 // smoothed cost of drawing the instruments (ms)
	// The paused page's document when no frame shows it yet (page.Preview), in a texture.
	previewImage *ebiten.Image
	previewOf    *page.Preview
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
	lay     layout         // where everything is: the window laid out for the screen's size
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
	bar      string        // what the bar says about the loop (controls.state)
	anim     int64         // moves on every frame while the queues view's chips move (chipmotion.go)
	preview  *page.Preview // the paused page's document, when no frame shows it yet
	// size is the screen's: a new size (I takes the strip out of the layout, the window
	// is resized) comes with a new, empty screen, which must be drawn whole (issue 25: I
	// left the window black under Xvfb until another key changed the scene).
	size image.Point
}

// onlyFrameChanged reports whether k differs from last in the page's frame alone.
func (k sceneKey) onlyFrameChanged(last sceneKey) bool {
	last.frame = k.frame
	return k == last
}

func (d *drawer) init() { d.pageImage = ebiten.NewImage(designW-480, designH-barH-maxInfoH) }

// reset forgets the previous page's frame (a page was opened).
func (d *drawer) reset() {
	d.shown, d.stale = nil, image.Rectangle{}
	d.pageImage.Fill(color.White)
}

func (d *drawer) draw(screen *ebiten.Image, g *game) {
	p, _ := g.session.current()
	key := d.scene(g, p)
	key.size = screen.Bounds().Size()
	fr := &d.fr
	fr.lay = newLayout(key.size.X, key.size.Y, g.infoShown())
	g.lay = fr.lay // input goes by what is on screen
	if p != nil {
		fr.steps, fr.clickAt, fr.cost = p.StepState(), g.clickAt, d.overlayMS
		key.bar, _ = g.controls.state(fr)
	}
	kept := g.pacer.skipsUnchanged() && !d.whole // the screen is kept between Draws (no vsync)
	d.whole = false
	if kept && key == d.lastScene {
		return // nothing changed: nothing drawn, nothing presented
	}
	pageOnly := kept && d.drewAll == screen && key.onlyFrameChanged(d.lastScene) && !g.gallery.visible && key.preview == nil &&
		p != nil && !p.IsNode() && g.tabs.selected != tabFilmstrip
	d.lastScene = key
	defer g.pacer.pace()
	if pageOnly {
		// Only the page's frame changed: the rest of the kept screen stays as it is. (Under
		// Xvfb, Mesa's software renderer spent most of an animating window's CPU composing
		// the unchanged bar and panes again for every page frame.)
		d.drawPage(screen, g, key.frame, p, true)
		return
	}
	d.drewAll = nil
	if kept {
		d.drewAll = screen
	}
	screen.Fill(background)
	if g.gallery.visible || p == nil {
		g.gallery.draw(screen, g.fonts, fr.lay)
		return
	}
	g.fonts.region("page", fr.lay.page)
	if p.IsNode() {
		drawNodeRing(screen, g.fonts, fr) // a Node script: seed 002's phase ring (nodering.go)
	} else {
		d.drawPage(screen, g, key.frame, p, false)
		if key.preview != nil {
			d.drawPreview(screen, g.fonts, key.preview, fr.lay.page, g.hud.visible)
		}
	}
	g.bar.draw(screen, g.fonts, g, fr)
	start := time.Now() // the instruments' cost, shown in the HUD
	g.fonts.region("pane", fr.lay.paneBody)
	g.panes[g.tabs.selected].draw(screen, g.fonts, fr)
	q, ok := g.panes[g.tabs.selected].(*queuesView)
	g.chipsMoving.Store(ok && q.motion.moving(time.Now()))
	if g.hud.visible {
		g.fonts.region("hud", fr.lay.page)
		g.hud.draw(screen, g.fonts, fr)
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	d.overlayMS += (ms - d.overlayMS) / 16
	g.fonts.region("tabs", fr.lay.tabs)
	g.tabs.draw(screen, g.fonts, g.panes, g.tabCount(), fr.lay)
	if g.info.visible {
		// The explanation gives the answer away: it waits until the prediction is checked.
		explain := !g.predict.active || g.predict.done(g.printed())
		status := g.status
		if st := fr.steps; st.PauseRequested && !st.Parked && steppingState(st.Live) == stepWaiting {
			status = strings.TrimSuffix(stepWaiting+" · "+status, " · ")
		}
		g.fonts.region("info", fr.lay.info)
		g.info.draw(screen, g.fonts, fr.lay.info, status, g.session, explain)
	}
}

// drawPage draws the page's next frame in the page area: all of it, or only where it
// changed (onlyDamage: the rest of the kept screen shows the previous frame).
func (d *drawer) drawPage(screen *ebiten.Image, g *game, fr *painted, p *page.Page, onlyDamage bool) {
	damage := d.present(fr, p, g.filmstrip())
	g.session.frames.presented(fr)
	d.skipped = g.session.frames.takeSkipped(d.shown, d.skipped[:0])
	for i, sk := range d.skipped {
		p.RecycleFrame(sk.img)
		d.skipped[i] = nil
	}
	area := d.fr.lay.page
	at := image.Rect(area.x, area.y, area.x+area.w, area.y+area.h)
	if onlyDamage && d.pageImage.Bounds().Size() == at.Size() && at.In(screen.Bounds()) {
		if damage.Empty() {
			return
		}
		// The damage goes straight into the kept screen, not through the page's texture:
		// under Xvfb, llvmpipe drew the texture's damage on the screen (hundreds of
		// thousands of pixels shaded for an animating page) on top of the upload, for every
		// present. The texture catches up when it is drawn (syncPageImage).
		d.packed = packRect(d.packed[:0], d.shown.img, damage)
		screen.SubImage(damage.Add(at.Min)).(*ebiten.Image).WritePixels(d.packed)
	} else {
		d.syncPageImage()
		drawPage(screen, d.pageImage, area) // scaled until the viewport is the area's size (viewport.go)
	}
	if g.input.page.keys {
		// The page has the keyboard (K; Esc gives it back): a frame around the page.
		vector.StrokeRect(screen, float32(area.x+2), float32(area.y+2), float32(area.w-4), float32(area.h-4), 4, keysToPageColour, false)
	}
}

// present shows the page's next frame (if it is new) and hands the one it replaces back
// to the page's engine to paint into again (no 1.9 MB allocation per frame). It returns
// the part that changed since the frame shown, and adds it to what the page's texture
// lacks of the frame shown (stale).
func (d *drawer) present(fr *painted, p *page.Page, film *filmstrip) image.Rectangle {
	if fr == nil || fr == d.shown {
		return image.Rectangle{}
	}
	damage := fr.damage.Intersect(fr.img.Rect)
	if b := fr.img.Rect; b.Dx() != d.pageImage.Bounds().Dx() || b.Dy() != d.pageImage.Bounds().Dy() {
		d.pageImage.Deallocate()
		d.pageImage = ebiten.NewImage(b.Dx(), b.Dy()) // the viewport was resized
		damage = fr.img.Rect
	}
	if d.shown == nil {
		damage = fr.img.Rect // the texture holds no frame of this page yet
	}
	d.stale = d.stale.Union(damage)
	prevSeq := int64(0)
	if d.shown != nil {
		prevSeq = d.shown.seq
		p.RecycleFrame(d.shown.img)
	}
	film.add(fr, int(fr.seq-prevSeq-1))
	d.shown = fr
	return damage
}

// syncPageImage copies to the page's texture the part of the frame shown that it lacks.
func (d *drawer) syncPageImage() {
	if d.shown == nil || d.stale.Empty() {
		return
	}
	img := d.shown.img
	r := d.stale.Intersect(img.Rect)
	d.stale = image.Rectangle{}
	switch {
	case r == img.Rect:
		d.pageImage.WritePixels(img.Pix)
	case !r.Empty():
		d.packed = packRect(d.packed[:0], img, r)
		d.pageImage.SubImage(r).(*ebiten.Image).WritePixels(d.packed)
	}
}

// packRect appends the pixels of r in img, row after row without img's stride, to buf.
func packRect(buf []byte, img *image.RGBA, r image.Rectangle) []byte {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		buf = append(buf, img.Pix[i:i+4*r.Dx()]...)
	}
	return buf
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
	if g.chipsMoving.Load() {
		k.anim = time.Now().UnixNano() / int64(16*time.Millisecond) // a frame of the chips' motion
	}
	k.frame = g.session.frames.next()
	if k.frame == nil {
		k.frame = d.shown
	}
	if !p.IsNode() && p.StepState().Parked {
		p.RequestPreview() // the document at the stop, when no frame shows it yet (page/preview.go)
		k.preview = p.Preview()
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

// drawPreview draws the paused page's document as it is now over the page area, when the
// page has painted no frame of it yet (issue 25: stepping through the parser's script tasks
// shows the document as parsed so far, page/preview.go), with a caption saying so, left of
// the HUD.
func (d *drawer) drawPreview(screen *ebiten.Image, f *fonts, pv *page.Preview, area rect, hud bool) {
	if d.previewOf != pv {
		b := pv.Img.Bounds()
		if d.previewImage == nil || d.previewImage.Bounds().Size() != b.Size() {
			if d.previewImage != nil {
				d.previewImage.Deallocate()
			}
			d.previewImage = ebiten.NewImage(b.Dx(), b.Dy())
		}
		d.previewImage.WritePixels(pv.Img.Pix)
		d.previewOf = pv
	}
	drawPage(screen, d.previewImage, area)
	room := area.w - 16 - 12
	if hud {
		room -= hudW + 8
	}
	s := f.elide(f.regular, "the document now, not painted yet", room)
	w := f.width(f.regular, s)
	x, y := area.x+8, area.y+area.h-lineH-14
	vector.DrawFilledRect(screen, float32(x), float32(y), float32(w+12), lineH+6, color.RGBA{0x2b, 0x2d, 0x42, 0xe8}, false)
	f.draw(screen, s, x+6, y+3, color.White, false)
}
