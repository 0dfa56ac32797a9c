package window

import (
	"image/color"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/page"
	"loopscope/targets"
)

// game is the ebiten.Game, thin as in Ebiten's own examples: Update hands the frame's input
// to input, Draw hands the screen to the drawer, Layout fixes the size. The page lives in
// session; each instrument is its own type (hud.go, panes.go and the pane views, bar.go,
// controls.go, info.go, gallery.go).
type game struct {
	opts    Options
	session *session
	con     *consoleLog
	fonts   *fonts
	pacer   pacer
	input   input
	drawer  drawer

	// What the window shows around the page.
	gallery  gallery
	bar      topBar
	controls controls
	tabs     tabs
	panes    []paneView // the pane's instruments, in tab order
	hud      hud
	info     infoPanel
	predict  predictView
	watch    fileWatch      // a page file and its scripts, reloaded when they change (reload.go)
	lay      layout         // where everything is in the window now (geometry.go)
	view     viewportFollow // the page's viewport follows the window (viewport.go)

	mode page.Mode
	// exportStatus is set by the trace export's goroutine when the file is written.
	exportStatus atomic.Pointer[string]
	modePinned   bool    // Shift+M: the mode stays when another demo opens (else it is reset to spec)
	status       string  // a line for the user (shown above the explanation)
	reloaded     string  // the target last reloaded because its realm broke (once per page)
	clickAt      float64 // page time of the last real click's release (-1: none)
	// uiVersion changes with everything the user did that changes the screen.
	uiVersion int
	// spansShown: an instrument on screen draws the trace (HUD, timeline): the vsync clock
	// wakes Draw when spans are recorded (pacer.wake).
	spansShown atomic.Bool
	// chipsMoving: the queues view's chips are moving (chipmotion.go): the vsync clock wakes
	// Draw every tick until they arrive.
	chipsMoving atomic.Bool
	// quit is set by SIGTERM or SIGINT (window.go): the next Update ends the game.
	quit atomic.Bool
}

func newGame(opts Options) *game {
	g := &game{opts: opts, mode: opts.Mode, fonts: loadFonts(), clickAt: -1}
	if g.mode == "" {
		g.mode = page.ModeSpec
	}
	g.con = newConsoleLog(opts.Stdout, opts.Stderr)
	g.session = &session{opts: opts, con: g.con, rec: recorder{path: opts.Record}}
	g.session.fullscreen.Store(-1)
	g.input.keys = keyMap()
	g.drawer.init()
	g.gallery.load()
	g.info.visible = true
	g.panes = newPanes(g.con, &g.predict)
	return g
}

// Update reads the frame's input (once per frame with SyncWithFPS).
func (g *game) Update() error {
	if g.quit.Load() {
		return ebiten.Termination // Run closes the page (and writes -record's file) as on close
	}
	if s := g.exportStatus.Swap(nil); s != nil {
		g.status = *s // the trace export finished (on its goroutine)
		g.uiVersion++
	}
	g.session.applyFullscreen()
	g.reloadBrokenPage()
	g.reloadChangedPage()
	if msg := g.session.rec.flush(false); msg != "" {
		g.con.Error(msg)
	}
	g.input.update(g)
	if p, _ := g.session.current(); p != nil {
		g.view.post(p) // the viewport follows the window (viewport.go)
	}
	return nil
}

// Draw is one display refresh: it posts the page's rendering opportunity when the display
// paces Draw, and draws the newest frame and the instruments.
func (g *game) Draw(screen *ebiten.Image) {
	if g.pacer.drawPostsVsync() {
		g.session.postVsync()
	}
	g.drawer.draw(screen, g)
}

// Layout lays the window out for its size, one logical pixel to a window pixel: nothing
// is scaled (issue 25, item 12); the page's viewport is the page area (viewport.go).
func (g *game) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := max(outsideWidth, 1), max(outsideHeight, 1)
	g.lay = newLayout(w, h, g.infoShown())
	g.view.update(g.lay.page)
	g.session.viewW, g.session.viewH = g.view.size()
	return w, h
}

// clockTick is the 60 Hz vsync clock (runs on its own goroutine): it gives the page a
// rendering opportunity unless Draw does (a vsync-paced display) or the page-time grid does
// (paused, stepped or slowed: the page ignores the post then). With no page open and
// Ebiten waiting for input, it reports rest: nothing needs its 60 Hz.
func (g *game) clockTick() (rest bool) {
	if !g.pacer.drawPostsVsync() {
		g.session.postVsync()
	}
	scene := uint64(g.session.painted.Load())<<32 ^ uint64(g.con.version())
	if waiting, presents := g.session.frames.pending(); waiting > 0 {
		scene ^= uint64(presents) << 48 // a painted frame waits: wake Draw until it is presented
	}
	interval := idleWake
	if g.exportStatus.Load() != nil {
		interval = 0
	}
	if g.chipsMoving.Load() {
		interval = 0
	}
	if p, _ := g.session.current(); p != nil && !p.IsNode() && p.StepState().Parked {
		p.RequestPreview() // paused: the document at the stop, when no frame shows it yet
		if pv := p.Preview(); pv != nil {
			scene ^= pv.DocVersion << 40 // a new one wakes Draw
		}
	}
	if g.spansShown.Load() {
		if p, _ := g.session.current(); p != nil {
			scene ^= p.SpansRecorded() << 16
		}
		interval = min(interval, hudWake)
	}
	g.pacer.wake(scene, interval)
	p, _ := g.session.current()
	return p == nil && g.pacer.waiting.Load()
}

// open loads a page or demo in the current mode and starts it; the instruments start over.
func (g *game) open(target string) { g.openPaused(target, false) }

// openPaused is open, with the page paused before its first task when paused is set.
func (g *game) openPaused(target string, paused bool) {
	g.reloaded = "" // a page opened (or reloaded with R) may be reloaded once again
	if err := g.session.open(target, g.mode, g.controls.speed(), paused); err != nil {
		g.con.Error("loopscope: " + err.Error())
		g.status = err.Error()
		return
	}
	if p, _ := g.session.current(); p != nil {
		g.watch.watch(p.Files())
	}
	g.drawer.reset()
	g.hud.reset()
	for _, pv := range g.panes {
		pv.reset()
	}
	g.clickAt = -1
	g.status = ""
	g.input.page = pageInput{lastX: -1, lastY: -1} // the new page has neither the keys nor a pointer yet
	g.uiVersion++
}

// reloadBrokenPage reloads, in a fresh realm, a page whose realm became unusable, and says
// so. Once per page: if the reloaded page breaks again it stays stopped (R reloads it).
func (g *game) reloadBrokenPage() {
	if g.session.takeBroken() == nil {
		return
	}
	target := g.session.currentTarget()
	if g.reloaded == target {
		g.con.Error("loopscope: the reloaded page broke its realm again: it stays stopped (R reloads it)")
		g.status = "page stopped"
		return
	}
	// Keep the reason (the loop's last error line) over the reload, which clears the console.
	why := ""
	for _, l := range g.con.tail(maxConsoleLines) {
		if l.err {
			why = l.text
		}
	}
	g.open(target)
	g.reloaded = target
	if why != "" {
		g.con.add(consoleLine{text: why, err: true}) // the pane only: stderr has it already
	}
	g.con.Error("loopscope: the page's JS realm was left unusable: the page was reloaded in a fresh realm")
}

// openDemo opens a demo chosen in the gallery (or with N): in spec mode unless the mode is
// pinned, and, when the demo has an answer to predict, paused before its first task with the
// prediction on screen (predict.go).
func (g *game) openDemo(target string) {
	if target == "" {
		return
	}
	if !g.modePinned {
		g.mode = page.ModeSpec
	}
	g.endPrediction()
	g.openPaused(target, true)
	if _, d := g.session.current(); d != nil {
		_, query := targets.Split(target)
		if r, ok := d.DeclaredRun(g.mode, query); ok && g.predict.start(d, r) {
			g.tabs.show(tabPredict)
		}
	}
	if !g.predict.active {
		if p, _ := g.session.current(); p != nil {
			p.Resume()
		}
	}
	g.uiVersion++
}

// runPrediction lets the paused page run once the learner has ordered the lines.
func (g *game) runPrediction() {
	if p, _ := g.session.current(); p != nil {
		p.Resume()
	}
	g.uiVersion++
}

// reload opens the page shown again (R): paused before its first task if it was paused,
// or when fromStart is set (Shift+R, "step it from the start"). A prediction already
// checked stays, and checks the lines again as the page prints them.
func (g *game) reload(fromStart bool) {
	paused := fromStart
	if p := g.runningPage(); p != nil && p.StepState().PauseRequested {
		paused = true
	}
	if g.predict.active && !g.predict.checked {
		g.endPrediction() // R while predicting is inactive (input.go); never left half-done
	}
	g.openPaused(g.session.currentTarget(), paused)
	g.predict.version++
}

// printed is what the page has printed to its console (messages, not errors), in order.
func (g *game) printed() []string { return printedLines(g.con) }

// printedLines is what con holds of the page's messages (not errors), in order.
func printedLines(con *consoleLog) []string {
	var out []string
	for _, l := range con.tail(maxConsoleLines) {
		if !l.err && !l.sep {
			out = append(out, l.text)
		}
	}
	return out
}

// nextDemo opens the demo after the current one in the gallery's order.
func (g *game) nextDemo() {
	if _, d := g.session.current(); d != nil {
		if next := g.gallery.next(d.Name); next != "" {
			g.openDemo(next)
			return
		}
	}
	g.status = "that was the last demo"
}

// toGallery closes the page and shows the demo gallery.
func (g *game) toGallery() {
	g.session.close()
	g.watch.watch(nil)
	g.gallery.visible = true
}

// syntheticClick runs element.click() on the demo's click target (its first action's selector).
func (g *game) syntheticClick() {
	p, _ := g.session.current()
	sel := g.session.clickTarget()
	if p == nil {
		return
	}
	if sel == "" {
		g.status = "this page names no click target"
		return
	}
	p.PostSyntheticClick(sel)
}

// background is the window's colour behind everything.
var background = color.RGBA{0xf3, 0xf3, 0xf3, 0xff}
