//go:build !headless && !windowbench && !barebench

// The layout test draws the window offscreen, with the app's own drawer, so it needs
// Ebiten's game loop: TestMain runs it on the main thread (a 16×16 window in the screen's
// corner, away from the e2e tests' windows) and the tests hand it their drawing (onDraw).
package window

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	_ "earlyinit.loopscope/displaycheck"

	"loopscope/page"
)

// drawLoop runs one job per Draw (Ebiten's drawing happens there), woken by ScheduleFrame.
type drawLoop struct {
	jobs chan func()
	done chan struct{}
}

func (l *drawLoop) Update() error {
	select {
	case <-l.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (l *drawLoop) Draw(*ebiten.Image) {
	for {
		select {
		case job := <-l.jobs:
			job()
		default:
			return
		}
	}
}

func (l *drawLoop) Layout(int, int) (int, int) { return 16, 16 }

// TestMain runs the package's tests beside Ebiten's loop.
func TestMain(m *testing.M) {
	loop := &drawLoop{jobs: make(chan func(), 1), done: make(chan struct{})}
	theLoop = loop
	code := 0
	go func() {
		code = m.Run()
		close(loop.done)
		for {
			ebiten.ScheduleFrame() //nolint:staticcheck // wakes the waiting loop to end it (a wake-up before it waits is lost)
			time.Sleep(50 * time.Millisecond)
		}
	}()
	ebiten.SetWindowTitle("window package tests") // not "loopscope": the e2e tests look windows up by that name
	ebiten.SetWindowSize(16, 16)
	if m := ebiten.Monitor(); m != nil {
		w, h := m.Size()
		ebiten.SetWindowPosition(w-16, h-16)
	}
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //nolint:staticcheck // Draw runs only when a job wakes it
	if err := ebiten.RunGameWithOptions(loop, &ebiten.RunGameOptions{SingleThread: true}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(code)
}

// theLoop is the package tests' Ebiten loop (set once by TestMain before any test runs).
var theLoop *drawLoop

// onDraw runs f in the next Draw and waits for it.
func onDraw(f func()) {
	done := make(chan struct{})
	theLoop.jobs <- func() { f(); close(done) }
	for {
		ebiten.ScheduleFrame() //nolint:staticcheck // a wake-up posted before the loop waits is lost: again until done
		select {
		case <-done:
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// layoutSizes are the window sizes the layout is checked at (issue 25): a small laptop's
// usable screen, a common laptop's, full HD.
var layoutSizes = []image.Point{{1024, 600}, {1366, 768}, {1920, 1080}}

// tinySizes are windows too small for the layout: drawn, they must not fail (the window
// test TestWindowViewport shrinks the window to 8×8).
var tinySizes = []image.Point{{8, 8}, {300, 200}, {700, 500}}

// shotDemos are the demos whose windows docs/screenshots/ shows at the three sizes.
var shotDemos = map[string]bool{"jake_script_start": true, "seed002_timers_promises": true}

// layoutRun draws the window of g at each size and checks its texts.
type layoutRun struct {
	t       *testing.T
	g       *game
	screens []*ebiten.Image
	shots   string // LOOPSCOPE_SCREENSHOTS: where to write the screenshots (none when "")
	draws   int
}

// check draws what g shows now at each size (what: what is shown, for the messages) and
// checks every text drawn: inside its region, over no other text.
func (r *layoutRun) check(what, shot string) {
	r.t.Helper()
	for i, sz := range layoutSizes {
		var boxes []textBox
		var pix []byte
		if r.shots != "" && shot != "" {
			// A screenshot shows the window as the app shows it: the page's viewport is the
			// page area (Update posts it in the app), painted at that size, and the queues
			// view has its snapshot (asked for by a first draw).
			onDraw(func() {
				r.g.Layout(sz.X, sz.Y)
				if p, _ := r.g.session.current(); p != nil {
					r.g.view.post(p)
				}
				r.g.drawer.whole = true
				r.g.drawer.draw(r.screens[i], r.g)
			})
			time.Sleep(700 * time.Millisecond)
		}
		onDraw(func() {
			// Laid out for the window's size, one logical pixel to a pixel: nothing scaled
			// (issue 25: the 1280×776 layout was scaled and letterboxed into the window).
			if w, h := r.g.Layout(sz.X, sz.Y); w != sz.X || h != sz.Y {
				r.t.Errorf("Layout(%d, %d) = %d×%d: the window is not laid out at its size", sz.X, sz.Y, w, h)
			}
			r.g.fonts.texts = &textLog{}
			r.g.drawer.whole = true
			r.g.pacer.intervals = r.g.pacer.intervals[:0] // undecided: no present pacing, the clock posts vsyncs
			r.g.drawer.draw(r.screens[i], r.g)
			boxes = r.g.fonts.texts.boxes
			r.g.fonts.texts = nil
			if r.shots != "" && shot != "" {
				pix = make([]byte, 4*sz.X*sz.Y)
				r.screens[i].ReadPixels(pix)
			}
		})
		r.draws++
		where := fmt.Sprintf("%s at %d×%d", what, sz.X, sz.Y)
		if len(boxes) == 0 {
			r.t.Errorf("%s: no text drawn", where)
		}
		for j, b := range boxes {
			if !b.box.inside(b.area) {
				r.t.Errorf("%s: %q at %v crosses its region, %s %v", where, b.s, b.box, b.region, b.area)
			}
			for _, o := range boxes[j+1:] {
				if b.box.overlaps(o.box) {
					r.t.Errorf("%s: %q at %v (%s) and %q at %v (%s) overlap", where, b.s, b.box, b.region, o.s, o.box, o.region)
				}
			}
		}
		if pix != nil {
			writeShot(r.t, filepath.Join(r.shots, fmt.Sprintf("%s-%dx%d.png", shot, sz.X, sz.Y)), sz, pix)
		}
	}
	// Smaller windows: laid out as well as they can be, drawn without failing.
	for _, sz := range tinySizes {
		onDraw(func() {
			defer func() {
				if v := recover(); v != nil {
					r.t.Errorf("%s at %d×%d: the drawing panicked: %v", what, sz.X, sz.Y, v)
				}
			}()
			r.g.Layout(sz.X, sz.Y)
			img := ebiten.NewImage(sz.X, sz.Y)
			defer img.Deallocate()
			r.g.drawer.whole = true
			r.g.drawer.draw(img, r.g)
		})
	}
}

func writeShot(t *testing.T, path string, sz image.Point, pix []byte) {
	img := &image.RGBA{Pix: pix, Stride: 4 * sz.X, Rect: image.Rect(0, 0, sz.X, sz.Y)}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestLayoutTextBoxes (issue 25, items 9 and 12; the screenshot pass): every gallery demo
// drawn at 1024×600, 1366×768 and 1920×1080, in the gallery (selected, its card beside the
// list), with its prediction, running with each pane (the console, the queues, the timeline
// and the filmstrip, the HUD over the page), and paused in step mode with the spec step
// line: every text the drawer draws (the debug list fonts.texts, no OCR) lies inside its
// region (the bar, the page, the tabs, the pane, the strip below, the HUD, the gallery's
// list and card) and over no other text. With LOOPSCOPE_SCREENSHOTS=DIR it writes the
// screenshots of shotDemos there (docs/window.md: how docs/screenshots/ is made).
func TestLayoutTextBoxes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every gallery demo")
	}
	g := newGame(Options{})
	r := &layoutRun{t: t, g: g, screens: make([]*ebiten.Image, len(layoutSizes)), shots: os.Getenv("LOOPSCOPE_SCREENSHOTS")}
	onDraw(func() {
		for i, sz := range layoutSizes {
			r.screens[i] = ebiten.NewImage(sz.X, sz.Y)
		}
	})
	stop := make(chan struct{})
	go runVsyncClock(stop, g.clockTick) // the page's rendering opportunities, as in the app
	defer func() {
		close(stop)
		onDraw(func() { g.session.close() })
	}()

	var names []string
	for i, row := range g.gallery.rows {
		if row.demo == nil {
			continue
		}
		names = append(names, row.demo.Name)
		g.gallery.selected = i
		g.gallery.top = max(0, i-g.gallery.shownRows()+1)
		shot := ""
		if i == 1 {
			shot = "gallery"
		}
		r.check("the gallery with "+row.demo.Name+" selected", shot)
	}
	if len(names) < 30 {
		t.Fatalf("the gallery lists %d demos", len(names))
	}
	for _, name := range names {
		shot := ""
		if shotDemos[name] {
			shot = name
		}
		var p *page.Page
		onDraw(func() {
			g.gallery.visible = false
			g.openDemo(name)
			p, _ = g.session.current()
		})
		if p == nil {
			t.Errorf("%s did not open", name)
			continue
		}
		if g.predict.active {
			s := ""
			if shot != "" {
				s = shot + "-predict"
			}
			r.check(name+" predicting", s)
			onDraw(func() { g.runPrediction() })
		}
		// Let it run a little: its lines in the console, spans in the timeline, frames.
		for deadline := time.Now().Add(time.Second); time.Now().Before(deadline) && len(g.printed()) == 0; {
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(300 * time.Millisecond)
		onDraw(func() { g.hud.visible = !p.IsNode() }) // the HUD is over the page (for a Node script, the ring fills it)
		for _, tab := range []int{tabConsole, tabQueues, tabTimeline, tabFilmstrip} {
			onDraw(func() { g.tabs.show(tab) })
			s := ""
			if tab == tabQueues {
				s = shot
			}
			r.check(fmt.Sprintf("%s running, %s", name, g.panes[tab].tab()), s)
		}
		onDraw(func() { g.hud.visible = false; p.Pause() })
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && !p.StepState().Parked; {
			if exited, _ := p.NodeExited(); exited {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		onDraw(func() {
			g.tabs.show(tabQueues)
			g.drawer.whole = true
			g.drawer.draw(r.screens[0], g) // asks for the snapshot the next draw shows
		})
		time.Sleep(150 * time.Millisecond)
		r.check(name+" paused, the queues", "")
	}
	t.Logf("%d demos, %d windows drawn at each of %d sizes", len(names), r.draws/len(layoutSizes), len(layoutSizes))
	if r.shots != "" {
		t.Logf("screenshots in %s", r.shots)
	}
}
