// Package window is the Ebiten shell: the only package that imports Ebiten. It shows the
// page's newest frame, the console, the demo gallery and the instruments; each Draw (one per
// display refresh) posts a rendering opportunity to the page's loop and never waits for it.
package window

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
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
	paneW        = 480 // console pane, right of the page
	infoH        = 150 // explanation / status, below the page
	winW, winH   = pageW + paneW, barH + pageH + infoH
)

// Options configure the window.
type Options struct {
	Target string    // a page path or demo name; "" opens the gallery
	Mode   loop.Mode // initial behaviour mode
	// ScriptTimeout is the page's watchdog.
	ScriptTimeout time.Duration
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
	err := ebiten.RunGame(a)
	a.closePage()
	if a.clockStop != nil {
		close(a.clockStop)
	}
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
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
	display *loop.ExternalDisplay
	done    chan struct{}

	newest    atomic.Pointer[image.RGBA] // the page's newest painted frame
	shown     *image.RGBA
	pageImage *ebiten.Image
	frames    atomic.Int64 // frames presented by the page
	status    string
	showInfo  bool
	clockStop chan struct{} // the vsync clock, when the display does not pace Draw
}

func newApp(opts Options) *app {
	a := &app{opts: opts, mode: opts.Mode, fonts: loadFonts(), showInfo: true}
	if a.mode == "" {
		a.mode = loop.ModeSpec
	}
	a.con = newPaneConsole(opts.Stdout, opts.Stderr)
	a.gallery.load()
	a.pageImage = ebiten.NewImage(pageW, pageH)
	return a
}

// open loads a page or demo in the current mode and starts its loop goroutine.
func (a *app) open(target string) {
	a.closePage()
	a.con.clear()
	disp := loop.NewExternalDisplay(60)
	popts := page.Options{Mode: a.mode, Display: disp, Console: a.con, ScriptTimeout: a.opts.ScriptTimeout,
		OnFrame: func(img *image.RGBA, frameTime float64) {
			a.newest.Store(img)
			a.frames.Add(1)
		}}
	p, d, err := a.opts.Open(target, popts)
	if err != nil {
		a.con.Error("loopscope: " + err.Error())
		a.status = err.Error()
		return
	}
	done := make(chan struct{})
	a.mu.Lock()
	a.page, a.demo, a.target, a.display, a.done = p, d, target, disp, done
	a.mu.Unlock()
	a.newest.Store(nil)
	a.shown = nil
	a.pageImage.Fill(color.White)
	a.status = ""
	go func() {
		defer close(done)
		p.Run(loop.RunOptions{})
	}()
}

// closePage stops the running page's loop and waits for its goroutine (bounded: a page stuck
// in a long task is interrupted by its own watchdog).
func (a *app) closePage() {
	a.mu.Lock()
	p, done := a.page, a.done
	a.page, a.done = nil, nil
	a.mu.Unlock()
	if p == nil {
		return
	}
	p.Loop.Post(p.Loop.Stop)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
}

func (a *app) current() *page.Page {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.page
}

// Update reads input (once per frame with SyncWithFPS) and turns it into page input.
func (a *app) Update() error {
	p := a.current()
	if p == nil || a.gallery.visible {
		if target, ok := a.gallery.update(); ok {
			a.gallery.visible = false
			a.open(target)
		}
		if a.gallery.visible || a.current() == nil {
			return nil
		}
		p = a.current()
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		a.closePage()
		a.gallery.visible = true
		return nil
	case inpututil.IsKeyJustPressed(ebiten.KeyR):
		a.open(a.target)
		return nil
	case inpututil.IsKeyJustPressed(ebiten.KeyM):
		a.mode = nextMode(a.mode)
		a.open(a.target)
		return nil
	case inpututil.IsKeyJustPressed(ebiten.KeyS):
		a.syntheticClick(p)
	case inpututil.IsKeyJustPressed(ebiten.KeyI):
		a.showInfo = !a.showInfo
	}
	x, y := ebiten.CursorPosition()
	px, py := float64(x), float64(y-barH)
	inPage := px >= 0 && py >= 0 && px < pageW && py < pageH
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		if inPage {
			p.Loop.Post(func() { p.PointerDown(px, py) })
		} else if a.inSyntheticButton(x, y) {
			a.syntheticClick(p)
		}
	}
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) && inPage {
		p.Loop.Post(func() { p.PointerUp(px, py) })
	}
	return nil
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

// postVsync gives the running page a rendering opportunity now (never blocks).
func (a *app) postVsync() {
	a.mu.Lock()
	p, disp := a.page, a.display
	a.mu.Unlock()
	if p != nil {
		l := p.Loop
		l.TryPost(func() { disp.Vsync(l.Now()) })
	}
}

// Draw is one display refresh: post a rendering opportunity (when the display paces Draw),
// show the newest frame.
func (a *app) Draw(screen *ebiten.Image) {
	defer func() {
		if a.pacer.pace() {
			a.clockStop = make(chan struct{})
			go runVsyncClock(a.clockStop, a.postVsync)
		}
	}()
	if a.pacer.drawPostsVsync() {
		a.postVsync()
	}
	screen.Fill(color.RGBA{0xf3, 0xf3, 0xf3, 0xff})
	if a.gallery.visible || a.current() == nil {
		a.gallery.draw(screen, a.fonts)
		return
	}
	if img := a.newest.Load(); img != nil && img != a.shown {
		a.pageImage.WritePixels(img.Pix)
		if a.shown != nil {
			if p := a.current(); p != nil {
				p.Engine.Recycle(a.shown) // the engine reuses it: no 1.9 MB allocation per frame
			}
		}
		a.shown = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(0, barH)
	screen.DrawImage(a.pageImage, op)
	a.drawBar(screen)
	a.drawConsole(screen)
	if a.showInfo {
		a.drawInfo(screen)
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

func (a *app) drawBar(screen *ebiten.Image) {
	vector.DrawFilledRect(screen, 0, 0, winW, barH, color.RGBA{0x2b, 0x2d, 0x42, 0xff}, false)
	title := a.target
	if a.demo != nil && a.demo.Title != "" {
		title = a.demo.Name + " — " + a.demo.Title
	}
	a.fonts.draw(screen, fmt.Sprintf("loopscope  %s   [mode: %s]", title, a.mode), 8, 6, color.White, false)
	if a.clickTarget() != "" {
		x, y, w, h := a.syntheticButton()
		vector.DrawFilledRect(screen, float32(x), float32(y), float32(w), float32(h), color.RGBA{0xef, 0x8a, 0x17, 0xff}, false)
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

func (a *app) drawConsole(screen *ebiten.Image) {
	x0 := float32(pageW)
	vector.DrawFilledRect(screen, x0, barH, paneW, pageH, color.RGBA{0x1e, 0x1e, 0x1e, 0xff}, false)
	vector.StrokeLine(screen, x0, barH, x0, barH+pageH, 1, color.RGBA{0x88, 0x88, 0x88, 0xff}, false)
	a.fonts.draw(screen, "Console", pageW+8, barH+6, color.RGBA{0xaa, 0xaa, 0xaa, 0xff}, true)
	lines := a.con.tail(int((pageH - 30) / lineH))
	y := barH + 26
	for _, ln := range lines {
		c := color.RGBA{0xe8, 0xe8, 0xe8, 0xff}
		if ln.err {
			c = color.RGBA{0xff, 0x80, 0x80, 0xff}
		}
		a.fonts.draw(screen, clip(ln.text, 70), pageW+8, y, c, false)
		y += lineH
	}
}

func (a *app) drawInfo(screen *ebiten.Image) {
	y0 := float32(barH + pageH)
	vector.DrawFilledRect(screen, 0, y0, winW, infoH, color.RGBA{0xfa, 0xfa, 0xfa, 0xff}, false)
	vector.StrokeLine(screen, 0, y0, winW, y0, 1, color.RGBA{0xbb, 0xbb, 0xbb, 0xff}, false)
	text := "Click the page with the mouse for a real click. Keys: R reload, M next mode, S synthetic click, I hide this, Esc gallery."
	if a.demo != nil && a.demo.Explanation != "" {
		text = a.demo.Explanation + "\n" + text
	}
	if a.status != "" {
		text = a.status + "\n" + text
	}
	y := int(y0) + 6
	for _, para := range strings.Split(text, "\n") {
		for _, ln := range wrap(para, 190) {
			if y > winH-lineH {
				return
			}
			a.fonts.draw(screen, ln, 8, y, color.RGBA{0x22, 0x22, 0x22, 0xff}, false)
			y += lineH
		}
	}
}

func clip(s string, n int) string {
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
