//go:build windowbench

// The instruments' drawing cost per frame. Ebiten needs a display and its game loop on the
// main thread, so these run only with the windowbench tag, under Xvfb:
//
//	xvfb-run -a -s "-screen 0 1400x900x24 -noreset" go test -tags windowbench -run XXX -bench . ./window/
package window

import (
	"image"
	"image/color"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/page"
)

// benchGame runs one job per frame in Draw (Ebiten's drawing happens there).
type benchGame struct {
	jobs chan func(*ebiten.Image)
	done chan struct{}
}

func (g *benchGame) Update() error {
	select {
	case <-g.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (g *benchGame) Draw(screen *ebiten.Image) {
	select {
	case job := <-g.jobs:
		job(screen)
	default:
	}
}

func (g *benchGame) Layout(int, int) (int, int) { return designW, designH }

var bench = &benchGame{jobs: make(chan func(*ebiten.Image)), done: make(chan struct{})}

func TestMain(m *testing.M) {
	code := 0
	go func() {
		code = m.Run()
		close(bench.done)
	}()
	ebiten.SetWindowTitle("loopscope bench")
	ebiten.SetWindowSize(designW, designH)
	ebiten.SetVsyncEnabled(false)
	if err := ebiten.RunGame(bench); err != nil {
		os.Exit(1)
	}
	os.Exit(code)
}

// onFrame runs f in the next Draw and waits for it.
func onFrame(f func(*ebiten.Image)) {
	done := make(chan struct{})
	bench.jobs <- func(s *ebiten.Image) { f(s); close(done) }
	<-done
}

// busyPage is a page that keeps every instrument busy (as instrumentsPage does in
// e2e/window/instruments_test.go).
const busyPage = `<div id="box" style="position:absolute; left:20px; top:120px; width:120px; height:120px; background:#3a7bd5"></div>
<script>
const box = document.getElementById('box');
function move(t) { box.style.left = (20 + (t / 4) % 600) + 'px'; requestAnimationFrame(move); }
requestAnimationFrame(move);
let n = 0;
setInterval(function work() { const s = performance.now(); while (performance.now() - s < 2) {} Promise.resolve().then(function afterWork() { n++ }) }, 50);
function idle(d) { const s = performance.now(); while (performance.now() - s < 2 && d.timeRemaining() > 1) {} requestIdleCallback(idle); }
requestIdleCallback(idle);
</script>`

// benchSetup is a game whose instruments show 3 s of a busy page (virtual time).
func benchSetup(b *testing.B) (*game, *frame) {
	b.Helper()
	g := newGame(Options{})
	g.gallery.visible = false
	var frames []*painted
	p, err := page.New([]byte(busyPage), "file:///bench.html", "", page.Options{VirtualTime: true, Stepping: true, Console: g.con,
		OnFrame: func(img *image.RGBA, t float64, _ image.Rectangle) {
			if len(frames) < filmMax {
				c := *img
				c.Pix = append([]byte(nil), img.Pix...)
				frames = append(frames, &painted{img: &c, frameTime: t})
			}
		}})
	if err != nil {
		b.Fatal(err)
	}
	p.Run(page.RunOptions{Until: 3000})
	fr := &frame{page: p, now: p.Now(), con: g.con, clickAt: -1, steps: p.StepState(), lay: newLayout(designW, designH, true)}
	fr.spans = p.SpansSince(fr.now-3000, 0, nil)
	if len(fr.spans) < 500 {
		b.Fatalf("only %d spans", len(fr.spans))
	}
	for _, f := range frames {
		g.filmstrip().add(f, 0)
	}
	p.RequestSnapshot(8)
	p.Run(page.RunOptions{Until: fr.now}) // takes the snapshot and returns
	fr.snap = p.Snapshot()
	return g, fr
}

// benchDraw measures the CPU time of draw per frame (the commands Draw issues; Ebiten's own
// flush and present are the same with or without the instruments).
func benchDraw(b *testing.B, draw func(g *game, screen *ebiten.Image, fr *frame)) {
	g, fr := benchSetup(b)
	var total time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		onFrame(func(s *ebiten.Image) {
			s.Fill(color.White)
			start := time.Now()
			draw(g, s, fr)
			total += time.Since(start)
		})
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/frame")
}

func BenchmarkDrawHUD(b *testing.B) {
	benchDraw(b, func(g *game, s *ebiten.Image, fr *frame) { g.hud.draw(s, g.fonts, fr) })
}

func BenchmarkDrawTimeline(b *testing.B) {
	benchDraw(b, func(g *game, s *ebiten.Image, fr *frame) { g.timeline().draw(s, g.fonts, fr) })
}

func BenchmarkDrawFilmstrip(b *testing.B) {
	benchDraw(b, func(g *game, s *ebiten.Image, fr *frame) { g.filmstrip().draw(s, g.fonts, fr) })
}

func BenchmarkDrawQueues(b *testing.B) {
	benchDraw(b, func(g *game, s *ebiten.Image, fr *frame) { g.panes[tabQueues].draw(s, g.fonts, fr) })
}

// BenchmarkDrawHUDAndTimeline is the heaviest combination a frame can show.
func BenchmarkDrawHUDAndTimeline(b *testing.B) {
	benchDraw(b, func(g *game, s *ebiten.Image, fr *frame) {
		g.timeline().draw(s, g.fonts, fr)
		g.hud.draw(s, g.fonts, fr)
	})
}
