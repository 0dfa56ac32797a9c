package window

import (
	"fmt"
	"image/color"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/loop"
	"loopscope/page"
)

// speeds are the speed slider's stops: page time runs at this fraction of real time.
var speeds = []float64{1, 0.5, 0.25, 0.1, 0.05}

// exportSeconds is how much of the trace the E key saves.
const exportSeconds = 10

// The speed slider's place in the top bar.
const (
	sliderX, sliderW = winW - 160 - 12 - 150, 150
	stateX           = sliderX - 330
)

// gridMode puts the page's frames on the page-time grid while it is paused, stepped or
// slowed (see display).
func (a *app) gridMode(st *loop.Stepper) {
	a.mu.Lock()
	disp := a.display
	a.mu.Unlock()
	if disp != nil && st != nil {
		disp.grid.Store(st.PauseRequested() || a.speedIdx != 0)
	}
}

func (a *app) togglePause(st *loop.Stepper) {
	if st == nil {
		return
	}
	if st.PauseRequested() {
		st.Resume()
	} else {
		st.Pause()
	}
	a.gridMode(st)
}

func (a *app) step(st *loop.Stepper, k loop.StepKind) {
	if st == nil {
		return
	}
	st.Step(k)
	a.gridMode(st)
}

func (a *app) setSpeed(st *loop.Stepper, i int) {
	a.speedIdx = min(max(i, 0), len(speeds)-1)
	if st != nil {
		st.SetSpeed(speeds[a.speedIdx])
	}
	a.gridMode(st)
}

// speedSliderHit handles a click on the speed slider.
func (a *app) speedSliderHit(x, y int, st *loop.Stepper) bool {
	if y >= barH || x < sliderX || x >= sliderX+sliderW {
		return false
	}
	stop := (x - sliderX) * len(speeds) / sliderW
	a.setSpeed(st, len(speeds)-1-stop) // slow at the left, full speed at the right
	return true
}

func (a *app) drawControls(screen *ebiten.Image, st *loop.Stepper) {
	if st == nil {
		return
	}
	state, c := "running (Space: pause)", color.RGBA{0x9f, 0xe8, 0x9f, 0xff}
	amber := color.RGBA{0xff, 0xd0, 0x60, 0xff}
	switch {
	case st.Parked():
		state, c = fmt.Sprintf("paused at %.1f ms · step: 1 task 2 callback 3 frame 4 microtask 5 call", a.pausedAt()), amber
		vector.DrawFilledRect(screen, stateX-14, 8, 3, 11, c, false)
		vector.DrawFilledRect(screen, stateX-8, 8, 3, 11, c, false)
	case st.PauseRequested():
		state, c = "stepping…", amber
		vector.DrawFilledCircle(screen, stateX-9, 13, 5, c, true)
	default:
		vector.DrawFilledCircle(screen, stateX-9, 13, 5, c, true)
	}
	a.fonts.draw(screen, state, stateX, 6, c, false)
	// The slider: five stops, slowest at the left.
	y := float32(barH / 2)
	vector.StrokeLine(screen, sliderX+6, y, sliderX+sliderW-46, y, 2, color.RGBA{0x88, 0x8c, 0xa8, 0xff}, false)
	n := len(speeds)
	for i := range speeds {
		x := float32(sliderX+6) + float32(i)*float32(sliderW-52)/float32(n-1)
		vector.DrawFilledRect(screen, x-1, y-4, 2, 8, color.RGBA{0x88, 0x8c, 0xa8, 0xff}, false)
	}
	kx := float32(sliderX+6) + float32(n-1-a.speedIdx)*float32(sliderW-52)/float32(n-1)
	vector.DrawFilledCircle(screen, kx, y, 6, accent, true)
	a.fonts.draw(screen, fmt.Sprintf("%g×", speeds[a.speedIdx]), sliderX+sliderW-40, 6, color.White, false)
}

func (a *app) pausedAt() float64 {
	if s := a.snap.Load(); s != nil {
		return s.Now
	}
	if p, _ := a.current(); p != nil {
		return p.Loop.Now()
	}
	return 0
}

// exportTrace saves the last exportSeconds of the trace as Chrome trace events (Perfetto,
// chrome://tracing) in the current folder, on a goroutine: encoding is not Draw's work.
func (a *app) exportTrace(p *page.Page) {
	tr := p.Loop.Trace()
	if !tr.Enabled() {
		a.status = "tracing is off: nothing to save"
		return
	}
	spans := tr.Since(p.Loop.Now()-exportSeconds*1000, 0, nil)
	name := fmt.Sprintf("loopscope-trace-%s.json", time.Now().Format("20060102-150405"))
	a.status = fmt.Sprintf("saving the last %d s of the trace (%d spans) to %s …", exportSeconds, len(spans), name)
	go func() {
		sub := loop.NewTrace(max(len(spans), 1))
		for _, s := range spans {
			sub.Add(s)
		}
		f, err := os.Create(name)
		if err == nil {
			err = sub.WriteChromeTrace(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			a.con.Error("loopscope: saving the trace: " + err.Error())
			return
		}
		a.con.Message("info", fmt.Sprintf("[loopscope] trace of the last %d s saved to %s (open it in Perfetto or chrome://tracing)", exportSeconds, name))
	}()
}
