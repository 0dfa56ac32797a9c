//go:build windowbench

// The instruments' drawing cost per frame. Ebiten needs a display and its game loop on the
// main thread, so these run only with the windowbench tag, under Xvfb:
//
//	xvfb-run -a -s "-screen 0 1400x900x24" go test -tags windowbench -run XXX -bench . ./window/
package window

import (
	"image"
	"image/color"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/loop"
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

func (g *benchGame) Layout(int, int) (int, int) { return winW, winH }

var game = &benchGame{jobs: make(chan func(*ebiten.Image)), done: make(chan struct{})}

func TestMain(m *testing.M) {
	code := 0
	go func() {
		code = m.Run()
		close(game.done)
	}()
	ebiten.SetWindowTitle("loopscope bench")
	ebiten.SetWindowSize(winW, winH)
	ebiten.SetVsyncEnabled(false)
	if err := ebiten.RunGame(game); err != nil {
		os.Exit(1)
	}
	os.Exit(code)
}

// onFrame runs f in the next Draw and waits for it.
func onFrame(f func(*ebiten.Image)) {
	done := make(chan struct{})
	game.jobs <- func(s *ebiten.Image) { f(s); close(done) }
	<-done
}

// busyPage is a page that keeps every instrument busy (see window_test.go).
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

// benchApp is an app whose instruments show 3 s of a busy page (virtual time).
func benchApp(b *testing.B) (*app, *page.Page, []loop.Span, float64) {
	b.Helper()
	a := newApp(Options{})
	a.gallery.visible = false
	var frames []*painted
	p, err := page.New([]byte(busyPage), "file:///bench.html", "", page.Options{VirtualTime: true, Console: a.con,
		OnFrame: func(img *image.RGBA, t float64) {
			if len(frames) < filmMax {
				c := *img
				c.Pix = append([]byte(nil), img.Pix...)
				frames = append(frames, &painted{img: &c, frameTime: t})
			}
		}})
	if err != nil {
		b.Fatal(err)
	}
	p.Loop.At(3000, p.Loop.Stop)
	p.Run(loop.RunOptions{})
	now := p.Loop.Now()
	spans := p.Loop.Trace().Since(now-3000, 0, nil)
	if len(spans) < 500 {
		b.Fatalf("only %d spans", len(spans))
	}
	for _, f := range frames {
		a.film.add(f, 0)
	}
	a.snap.Store(p.Loop.Inspect(8))
	return a, p, spans, now
}

// benchDraw measures the CPU time of draw per frame (the commands Draw issues; Ebiten's own
// flush and present are the same with or without the instruments).
func benchDraw(b *testing.B, draw func(a *app, screen *ebiten.Image, p *page.Page, spans []loop.Span, now float64)) {
	a, p, spans, now := benchApp(b)
	var total time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		onFrame(func(s *ebiten.Image) {
			s.Fill(color.White)
			start := time.Now()
			draw(a, s, p, spans, now)
			total += time.Since(start)
		})
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/frame")
}

func BenchmarkDrawHUD(b *testing.B) {
	benchDraw(b, func(a *app, s *ebiten.Image, p *page.Page, spans []loop.Span, now float64) {
		a.hud.draw(s, a.fonts, spans, now, -1, 0, 1)
	})
}

func BenchmarkDrawTimeline(b *testing.B) {
	benchDraw(b, func(a *app, s *ebiten.Image, p *page.Page, spans []loop.Span, now float64) {
		a.timeline.draw(s, a.fonts, p.Loop.Trace(), spans, now)
	})
}

func BenchmarkDrawFilmstrip(b *testing.B) {
	benchDraw(b, func(a *app, s *ebiten.Image, p *page.Page, spans []loop.Span, now float64) {
		a.film.draw(s, a.fonts)
	})
}

func BenchmarkDrawQueues(b *testing.B) {
	benchDraw(b, func(a *app, s *ebiten.Image, p *page.Page, spans []loop.Span, now float64) {
		a.queues.draw(s, a.fonts, a.snap.Load(), p.Loop.EnableStepping(), a.con, now)
	})
}

// BenchmarkDrawHUDAndTimeline is the heaviest combination a frame can show.
func BenchmarkDrawHUDAndTimeline(b *testing.B) {
	benchDraw(b, func(a *app, s *ebiten.Image, p *page.Page, spans []loop.Span, now float64) {
		a.timeline.draw(s, a.fonts, p.Loop.Trace(), spans, now)
		a.hud.draw(s, a.fonts, spans, now, -1, 0, 1)
	})
}
