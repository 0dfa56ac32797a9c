// Package window is the Ebiten shell: the only package that imports Ebiten. It shows the
// page's newest frame, the console, the demo gallery and the instruments (HUD, timeline,
// filmstrip, queues view, step mode, speed); the page's loop runs on its own goroutine and
// Draw never waits for it.
package window

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/demos"
	"loopscope/loop"
	"loopscope/page"
)

// Geometry of the window (device-independent pixels).
const (
	pageW, pageH = 800, 600
	barH         = 26  // top bar
	paneW        = 480 // instrument pane, right of the page
	tabH         = 22  // the pane's tabs
	infoH        = 150 // explanation / keys, below the page
	winW, winH   = pageW + paneW, barH + pageH + infoH
)

// Options configure the window.
type Options struct {
	Target string    // a page path or demo name; "" opens the gallery
	Mode   loop.Mode // initial behaviour mode
	// ScriptTimeout is the page's watchdog.
	ScriptTimeout time.Duration
	// MaxHeap stops a script that grows the Go heap past it, in bytes (page.Options.MaxHeap).
	MaxHeap int64
	// Stdout also receives the console (window mode prints it too).
	Stdout, Stderr *os.File
	// Open loads a page or demo (main's openTarget), so the window and -headless agree.
	Open func(target string, opts page.Options) (*page.Page, *demos.Demo, error)
}

// Run opens the window and blocks until it is closed. It must be called on the main thread.
func Run(opts Options) error {
	ebiten.SetWindowTitle("loopscope")
	ebiten.SetWindowSize(winW, winH)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// With the default 60 TPS about half of short OS clicks are never seen; sync with frames.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	a := newApp(opts)
	if opts.Target != "" {
		a.gallery.visible = false
		a.open(opts.Target)
	}
	stop := make(chan struct{})
	go runVsyncClock(stop, a.clockTick)
	err := ebiten.RunGame(a)
	close(stop)
	a.closePage()
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
}

// pane is what the right-hand pane shows.
type pane int

const (
	tabConsole pane = iota
	tabQueues
	tabTimeline
	tabFilmstrip
)

var paneNames = [...]string{"Console (C)", "Queues (Q)", "Timeline (T)", "Filmstrip (F)"}

// painted is a frame the page painted.
type painted struct {
	img       *image.RGBA
	frameTime float64
	seq       int64
}

// app is the ebiten.Game.
type app struct {
	opts    Options
	mode    loop.Mode
	con     *paneConsole
	fonts   *fonts
	pacer   pacer
	gallery gallery

	// The running page; its loop runs on its own goroutine.
	mu      sync.Mutex
	page    *page.Page
	demo    *demos.Demo
	target  string
	display *display
	stepper *loop.Stepper
	done    chan struct{}
	// broken is set (from the page's goroutine) to a page whose realm became unusable;
	// Update reloads it in a fresh realm, once (reloaded: the target reloaded last).
	broken   atomic.Pointer[page.Page]
	reloaded string

	newest    atomic.Pointer[painted] // the page's newest painted frame
	shown     *painted
	pageImage *ebiten.Image
	painted   atomic.Int64 // frames painted by the page
	status    string
	showInfo  bool

	// Instruments.
	pane      pane
	hud       hud
	timeline  timeline
	film      filmstrip
	queues    queuesView
	snap      atomic.Pointer[loop.Snapshot]
	snapAsked atomic.Bool
	spans     []loop.Span // this frame's recent spans (HUD, live timeline)
	clickAt   float64     // page time of the last real click's release (-1: none)
	speedIdx  int
	overlayMS float64 // smoothed cost of drawing the instruments (ms)

	// Drawing only what changed (without vsync).
	uiVersion int
	lastScene sceneKey
}

// sceneKey is everything that decides what is on screen; an unchanged key is not redrawn
// when the display does not pace Draw.
type sceneKey struct {
	frame    *painted
	console  int
	ui       int
	spans    uint64
	snap     *loop.Snapshot
	gallery  int
	hudFrame int64
	second   int64
}

func newApp(opts Options) *app {
	a := &app{opts: opts, mode: opts.Mode, fonts: loadFonts(), showInfo: true, clickAt: -1}
	if a.mode == "" {
		a.mode = loop.ModeSpec
	}
	a.con = newPaneConsole(opts.Stdout, opts.Stderr)
	a.gallery.load()
	a.pageImage = ebiten.NewImage(pageW, pageH)
	a.film.init()
	return a
}

// open loads a page or demo in the current mode and starts its loop goroutine.
func (a *app) open(target string) {
	a.closePage()
	a.reloaded = "" // a page opened (or reloaded with R) may be reloaded once again
	a.con.clear()
	disp := newDisplay()
	popts := page.Options{Mode: a.mode, Display: disp, Console: a.con, ScriptTimeout: a.opts.ScriptTimeout, MaxHeap: a.opts.MaxHeap,
		OnFrame: func(img *image.RGBA, frameTime float64) {
			a.newest.Store(&painted{img: img, frameTime: frameTime, seq: a.painted.Add(1)})
		}}
	p, d, err := a.opts.Open(target, popts)
	if err != nil {
		a.con.Error("loopscope: " + err.Error())
		a.status = err.Error()
		return
	}
	st := p.Loop.EnableStepping()
	p.Loop.EnableMicrotaskTracking() // every microtask in the timeline and the queues view
	st.SetSpeed(speeds[a.speedIdx])
	disp.grid.Store(a.speedIdx != 0)
	done := make(chan struct{})
	a.mu.Lock()
	a.page, a.demo, a.target, a.display, a.stepper, a.done = p, d, target, disp, st, done
	a.mu.Unlock()
	a.newest.Store(nil)
	a.shown = nil
	a.snap.Store(nil)
	a.pageImage.Fill(color.White)
	a.film.reset()
	a.timeline.reset()
	a.hud.m = hudMetrics{}
	a.clickAt = -1
	a.status = ""
	a.uiVersion++
	go func() {
		defer close(done)
		p.Run(loop.RunOptions{})
		if p.Loop.Broken() {
			a.broken.Store(p)
		}
	}()
}

// reloadBrokenPage reloads, in a fresh realm, a page whose realm became unusable, and says
// so. Once per page: if the reloaded page breaks again it stays stopped (R reloads it).
func (a *app) reloadBrokenPage() {
	p := a.broken.Swap(nil)
	if p == nil {
		return
	}
	a.mu.Lock()
	current, target := a.page, a.target
	a.mu.Unlock()
	if p != current {
		return // already closed or replaced
	}
	if a.reloaded == target {
		a.con.Error("loopscope: the reloaded page broke its realm again: it stays stopped (R reloads it)")
		a.status = "page stopped"
		return
	}
	// Keep the reason (the loop's last error line) over the reload, which clears the console.
	why := ""
	for _, l := range a.con.tail(maxConsoleLines) {
		if l.err {
			why = l.text
		}
	}
	a.open(target)
	a.reloaded = target
	if why != "" {
		a.con.add(consoleLine{text: why, err: true}) // the pane only: stderr has it already
	}
	a.con.Error("loopscope: the page's JS realm was left unusable: the page was reloaded in a fresh realm")
}

// closePage stops the running page's loop and waits for its goroutine (bounded: a page stuck
// in a long task is interrupted by its own watchdog).
func (a *app) closePage() {
	a.mu.Lock()
	p, done, st := a.page, a.done, a.stepper
	a.page, a.done, a.stepper = nil, nil, nil
	a.mu.Unlock()
	if p == nil {
		return
	}
	p.Loop.Post(p.Loop.Stop)
	st.Resume()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
}

func (a *app) current() (*page.Page, *loop.Stepper) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.page, a.stepper
}

// clockTick is the 60 Hz vsync clock (runs on its own goroutine): it gives the page a
// rendering opportunity unless Draw does (a vsync-paced display) or the page-time grid does
// (paused, stepping or slowed).
func (a *app) clockTick() {
	if !a.pacer.drawPostsVsync() {
		a.postVsync()
	}
}

// postVsync gives the running page a rendering opportunity now (never blocks). The frame
// time is the vsync's own time, taken here, not when the loop gets to it.
func (a *app) postVsync() {
	a.mu.Lock()
	p, disp := a.page, a.display
	a.mu.Unlock()
	if p == nil || disp.grid.Load() {
		return
	}
	l := p.Loop
	t := l.Now()
	l.TryPost(func() { disp.Vsync(t) })
}

// Update reads input (once per frame with SyncWithFPS) and turns it into page input.
func (a *app) Update() error {
	a.reloadBrokenPage()
	p, st := a.current()
	if p == nil || a.gallery.visible {
		if target, ok := a.gallery.update(); ok {
			a.gallery.visible = false
			a.open(target)
		}
		return nil
	}
	a.keys(p, st)
	x, y := ebiten.CursorPosition()
	px, py := float64(x), float64(y-barH)
	inPage := px >= 0 && py >= 0 && px < pageW && py < pageH
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		a.uiVersion++
		switch {
		case inPage:
			p.Loop.Post(func() { p.PointerDown(px, py) })
		case a.inSyntheticButton(x, y):
			a.syntheticClick(p)
		case a.speedSliderHit(x, y, st):
		case y >= barH && y < barH+tabH && x >= pageW:
			a.setPane(pane((x - pageW) / (paneW / 4)))
		case a.pane == tabTimeline && x >= pageW && y >= barH+tabH && y < barH+pageH:
			a.timeline.click(x-pageW, y-barH-tabH)
		case a.pane == tabQueues && x >= pageW && y >= barH+tabH && y < barH+pageH:
			a.queues.click(x-pageW, y-barH-tabH)
		}
	}
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) && inPage {
		a.clickAt = p.Loop.Now()
		p.Loop.Post(func() { p.PointerUp(px, py) })
	}
	if a.pane == tabTimeline {
		if _, dy := ebiten.Wheel(); dy != 0 {
			a.timeline.scroll(int(dy * 3))
			a.uiVersion++
		}
	}
	if a.pane == tabQueues {
		if _, dy := ebiten.Wheel(); dy != 0 {
			a.queues.wheel(int(dy))
			a.uiVersion++
		}
	}
	return nil
}

// keys handles the keyboard in a page (see README "In the window"). Keys pressed in the
// same frame are all handled.
func (a *app) keys(p *page.Page, st *loop.Stepper) {
	pressed := false
	just := func(keys ...ebiten.Key) bool {
		for _, k := range keys {
			if inpututil.IsKeyJustPressed(k) {
				pressed = true
				return true
			}
		}
		return false
	}
	defer func() {
		if pressed {
			a.uiVersion++
		}
	}()
	switch {
	case just(ebiten.KeyEscape):
		a.closePage()
		a.gallery.visible = true
		return
	case just(ebiten.KeyR):
		a.open(a.target)
		return
	case just(ebiten.KeyM):
		a.mode = nextMode(a.mode)
		a.open(a.target)
		return
	}
	if just(ebiten.KeyS) {
		a.syntheticClick(p)
	}
	if just(ebiten.KeyI) {
		a.showInfo = !a.showInfo
	}
	if just(ebiten.KeyH) {
		a.hud.visible = !a.hud.visible
	}
	if just(ebiten.KeyC) {
		a.setPane(tabConsole)
	}
	if just(ebiten.KeyQ) {
		a.togglePane(tabQueues)
	}
	if just(ebiten.KeyT) {
		a.togglePane(tabTimeline)
	}
	if just(ebiten.KeyF) {
		a.togglePane(tabFilmstrip)
	}
	if just(ebiten.KeyP) {
		a.timeline.toggleFrozen()
	}
	if just(ebiten.KeyPageUp) {
		a.timeline.scroll(20)
	}
	if just(ebiten.KeyPageDown) {
		a.timeline.scroll(-20)
	}
	if just(ebiten.KeyHome, ebiten.KeyEnd) {
		a.timeline.live()
	}
	if just(ebiten.KeySpace) {
		a.togglePause(st)
	}
	if just(ebiten.Key1, ebiten.KeyNumpad1) {
		a.step(st, loop.StepTask)
	}
	if just(ebiten.Key2, ebiten.KeyNumpad2) {
		a.step(st, loop.StepCallback)
	}
	if just(ebiten.Key3, ebiten.KeyNumpad3) {
		a.step(st, loop.StepFrame)
	}
	if just(ebiten.Key4, ebiten.KeyNumpad4) {
		a.step(st, loop.StepMicrotask)
	}
	if just(ebiten.Key5, ebiten.KeyNumpad5) {
		a.step(st, loop.StepHostCall)
	}
	if just(ebiten.KeyMinus, ebiten.KeyNumpadSubtract) {
		a.setSpeed(st, a.speedIdx+1)
	}
	if just(ebiten.KeyEqual, ebiten.KeyNumpadAdd) {
		a.setSpeed(st, a.speedIdx-1)
	}
	if just(ebiten.KeyE) {
		a.exportTrace(p)
	}
}

func (a *app) setPane(pn pane) {
	if pn >= tabConsole && pn <= tabFilmstrip {
		a.pane = pn
	}
}

func (a *app) togglePane(pn pane) {
	if a.pane == pn {
		a.pane = tabConsole
		return
	}
	a.pane = pn
}

// syntheticClick runs element.click() on the demo's click target (its first action's selector).
func (a *app) syntheticClick(p *page.Page) {
	sel := a.clickTarget()
	if sel == "" {
		a.status = "this page names no click target"
		return
	}
	p.Loop.Post(func() { p.SyntheticClick(sel) })
}

func (a *app) clickTarget() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.demo == nil {
		return ""
	}
	for _, r := range a.demo.Runs {
		for _, act := range r.Actions {
			return act.Click
		}
	}
	return ""
}

// Draw is one display refresh: post a rendering opportunity (when the display paces Draw),
// show the newest frame and the instruments.
func (a *app) Draw(screen *ebiten.Image) {
	if a.pacer.drawPostsVsync() {
		a.postVsync()
	}
	p, st := a.current()
	key := a.scene(p)
	if a.pacer.skipsUnchanged() && key == a.lastScene {
		return // nothing changed: nothing drawn, nothing presented
	}
	a.lastScene = key
	defer a.pacer.pace()
	screen.Fill(color.RGBA{0xf3, 0xf3, 0xf3, 0xff})
	if a.gallery.visible || p == nil {
		a.gallery.draw(screen, a.fonts)
		return
	}
	if fr := key.frame; fr != nil && fr != a.shown {
		a.pageImage.WritePixels(fr.img.Pix)
		prevSeq := int64(0)
		if a.shown != nil {
			prevSeq = a.shown.seq
			p.Engine.Recycle(a.shown.img) // the engine reuses it: no 1.9 MB allocation per frame
		}
		a.film.add(fr, int(fr.seq-prevSeq-1))
		a.shown = fr
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(0, barH)
	screen.DrawImage(a.pageImage, op)
	now := p.Loop.Now()
	a.drawBar(screen, st)
	start := time.Now() // the instruments' cost, shown in the HUD
	switch a.pane {
	case tabConsole:
		a.drawConsole(screen)
	case tabQueues:
		a.queues.draw(screen, a.fonts, a.snap.Load(), st, a.con, now)
	case tabTimeline:
		a.timeline.draw(screen, a.fonts, p.Loop.Trace(), a.spans, now)
	case tabFilmstrip:
		a.film.draw(screen, a.fonts)
	}
	if a.hud.visible {
		a.hud.draw(screen, a.fonts, a.spans, now, a.clickAt, a.overlayMS, speeds[a.speedIdx])
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	a.overlayMS += (ms - a.overlayMS) / 16
	a.drawTabs(screen)
	if a.showInfo {
		a.drawInfo(screen)
	}
}

// scene gathers what is on screen now (and fetches the data the instruments need).
func (a *app) scene(p *page.Page) sceneKey {
	// Once a second everything is drawn anyway (a window uncovered on a desktop without vsync).
	k := sceneKey{console: a.con.version(), ui: a.uiVersion, gallery: a.gallery.version, second: time.Now().Unix()}
	if a.gallery.visible || p == nil {
		return k
	}
	k.frame = a.newest.Load()
	if k.frame == nil {
		k.frame = a.shown
	}
	tr := p.Loop.Trace()
	if a.hud.visible || a.pane == tabTimeline {
		a.spans = tr.Since(p.Loop.Now()-3000, 50000, a.spans[:0])
		k.spans = tr.Total()
	}
	if a.hud.visible {
		k.hudFrame = a.painted.Load() + int64(time.Now().UnixMilli()/250) // fps and busy % move on
	}
	if a.pane == tabQueues {
		a.askSnapshot(p)
		k.snap = a.snap.Load()
		k.hudFrame = time.Now().UnixMilli() / 100 // "running for … ms" moves on
	}
	return k
}

// askSnapshot asks the page's loop for a snapshot of its queues (taken between tasks, or
// while paused); at most one request is in flight.
func (a *app) askSnapshot(p *page.Page) {
	if !a.snapAsked.CompareAndSwap(false, true) {
		return
	}
	l := p.Loop
	if !l.TryPost(func() {
		a.snap.Store(l.Inspect(8))
		a.snapAsked.Store(false)
	}) {
		a.snapAsked.Store(false)
	}
}

// Layout keeps the window's logical size fixed (the window scales it).
func (a *app) Layout(outsideWidth, outsideHeight int) (int, int) { return winW, winH }

func nextMode(m loop.Mode) loop.Mode {
	all := loop.Modes()
	for i, x := range all {
		if x == m {
			return all[(i+1)%len(all)]
		}
	}
	return loop.ModeSpec
}

var (
	barColor    = color.RGBA{0x2b, 0x2d, 0x42, 0xff}
	paneBG      = color.RGBA{0x1e, 0x1e, 0x1e, 0xff}
	paneText    = color.RGBA{0xe8, 0xe8, 0xe8, 0xff}
	paneDim     = color.RGBA{0x9a, 0x9a, 0x9a, 0xff}
	paneErr     = color.RGBA{0xff, 0x80, 0x80, 0xff}
	accent      = color.RGBA{0xef, 0x8a, 0x17, 0xff}
	paneHeading = color.RGBA{0x8c, 0xb4, 0xff, 0xff}
)

func (a *app) drawBar(screen *ebiten.Image, st *loop.Stepper) {
	vector.DrawFilledRect(screen, 0, 0, winW, barH, barColor, false)
	title := filepath.Base(a.target)
	if a.demo != nil && a.demo.Title != "" {
		title = a.demo.Name + " — " + a.demo.Title
	}
	a.fonts.draw(screen, clip(fmt.Sprintf("loopscope  %s   [mode: %s]", title, a.mode), 78), 8, 6, color.White, false)
	a.drawControls(screen, st)
	if a.clickTarget() != "" {
		x, y, w, h := a.syntheticButton()
		vector.DrawFilledRect(screen, float32(x), float32(y), float32(w), float32(h), accent, false)
		a.fonts.draw(screen, "synthetic click (S)", x+8, y+4, color.Black, false)
	}
}

func (a *app) syntheticButton() (x, y, w, h int) { return winW - 160, 3, 152, barH - 6 }

func (a *app) inSyntheticButton(cx, cy int) bool {
	if a.clickTarget() == "" {
		return false
	}
	x, y, w, h := a.syntheticButton()
	return cx >= x && cy >= y && cx < x+w && cy < y+h
}

func (a *app) drawTabs(screen *ebiten.Image) {
	x0 := float32(pageW)
	vector.DrawFilledRect(screen, x0, barH, paneW, tabH, color.RGBA{0x30, 0x30, 0x30, 0xff}, false)
	w := paneW / 4
	for i, name := range paneNames {
		x := pageW + i*w
		c := paneDim
		if pane(i) == a.pane {
			vector.DrawFilledRect(screen, float32(x), barH, float32(w), tabH, paneBG, false)
			vector.DrawFilledRect(screen, float32(x), barH+tabH-2, float32(w), 2, accent, false)
			c = paneText
		}
		a.fonts.draw(screen, name, x+10, barH+4, c, false)
	}
	vector.StrokeLine(screen, x0, barH, x0, barH+pageH, 1, color.RGBA{0x88, 0x88, 0x88, 0xff}, false)
}

func (a *app) drawConsole(screen *ebiten.Image) {
	y0 := barH + tabH
	vector.DrawFilledRect(screen, pageW, float32(y0), paneW, pageH-tabH, paneBG, false)
	lines := a.con.tail((pageH - tabH - 12) / lineH)
	y := y0 + 6
	for _, ln := range lines {
		c := paneText
		if ln.err {
			c = paneErr
		}
		a.fonts.draw(screen, clip(ln.text, 70), pageW+8, y, c, false)
		y += lineH
	}
}

const keyHelp = "Keys: click the page = real click, S synthetic click, R reload, M mode, Esc gallery · H HUD, Q queues, T timeline, F filmstrip, C console · " +
	"Space pause/run, 1 step a task, 2 a callback + its microtasks, 3 a frame, 4 a microtask, 5 a queue or log call, −/= speed, E save a Chrome trace of the last 10 s · I hide this"

func (a *app) drawInfo(screen *ebiten.Image) {
	y0 := float32(barH + pageH)
	vector.DrawFilledRect(screen, 0, y0, winW, infoH, color.RGBA{0xfa, 0xfa, 0xfa, 0xff}, false)
	vector.StrokeLine(screen, 0, y0, winW, y0, 1, color.RGBA{0xbb, 0xbb, 0xbb, 0xff}, false)
	text := ""
	if a.status != "" {
		text = a.status + "\n"
	}
	if a.demo != nil && a.demo.Explanation != "" {
		text += a.demo.Explanation + "\n"
	}
	y := int(y0) + 6
	for _, para := range strings.Split(strings.TrimSpace(text), "\n") {
		for _, ln := range wrap(para, 190) {
			if y > winH-3*lineH {
				break
			}
			a.fonts.draw(screen, ln, 8, y, color.RGBA{0x22, 0x22, 0x22, 0xff}, false)
			y += lineH
		}
	}
	y = winH - 2*lineH - 4
	for _, ln := range wrap(keyHelp, 200) {
		a.fonts.draw(screen, ln, 8, y, color.RGBA{0x55, 0x55, 0x77, 0xff}, false)
		y += lineH
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func wrap(s string, n int) []string {
	var out []string
	words := strings.Fields(s)
	line := ""
	for _, w := range words {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > n {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
