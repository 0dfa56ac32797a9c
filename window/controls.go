package window

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// controls are step mode and the speed slider in the top bar: the loop's state (running,
// stepping, paused at a page time) and five speeds. The keys are in keyMap.
type controls struct {
	speedIdx int // index into speeds
}

// speeds are the speed slider's stops: page time runs at this fraction of real time.
var speeds = []float64{1, 0.5, 0.25, 0.1, 0.05}

// speed is the speed the slider is at.
func (c *controls) speed() float64 { return speeds[c.speedIdx] }

func (c *controls) togglePause(p *page.Page) {
	if p == nil {
		return
	}
	if p.StepState().PauseRequested {
		p.Resume()
	} else {
		p.Pause()
	}
}

func (c *controls) step(p *page.Page, k page.StepKind) {
	if p != nil {
		p.Step(k)
	}
}

// setSpeed moves the slider to stop i (0: full speed) and slows the page down to it.
func (c *controls) setSpeed(p *page.Page, i int) {
	c.speedIdx = min(max(i, 0), len(speeds)-1)
	if p != nil {
		p.SetSpeed(speeds[c.speedIdx])
	}
}

// sliderHit reports whether (x, y) is on the speed slider.
func (c *controls) sliderHit(l layout, x, y int) bool {
	sliderX := sliderAt(l.w)
	return y < barH && x >= sliderX && x < sliderX+sliderW
}

// sliderStop is the speed index at x on the slider: slow at the left, full speed at the right.
func (c *controls) sliderStop(l layout, x int) int {
	stop := (x - sliderAt(l.w)) * len(speeds) / sliderW
	return len(speeds) - 1 - stop
}

func (c *controls) draw(dst *ebiten.Image, f *fonts, fr *frame, pl barPlaces) {
	if !fr.steps.Enabled {
		return
	}
	state, col := c.state(fr)
	stateX, sliderX := float32(pl.stateX), pl.sliderX
	exited, _ := fr.page.NodeExited()
	switch {
	case exited: // no sign: the script ended
	case fr.steps.Parked:
		vector.DrawFilledRect(dst, stateX-14, 8, 3, 11, col, false)
		vector.DrawFilledRect(dst, stateX-8, 8, 3, 11, col, false)
	default:
		vector.DrawFilledCircle(dst, stateX-9, 13, 5, col, true)
	}
	f.draw(dst, f.elide(f.regular, state, pl.stateW), pl.stateX, 6, col, false) // never over the slider
	c.drawSlider(dst, f, sliderX)
}

// state is what the bar says about the loop, and in which colour.
func (c *controls) state(fr *frame) (string, color.RGBA) {
	amber := color.RGBA{0xff, 0xd0, 0x60, 0xff}
	exited, status := fr.page.NodeExited()
	switch {
	case exited: // a Node script whose process ended
		return fmt.Sprintf("exited (status %d) · R runs it again", status), color.RGBA{0xcc, 0xcc, 0xcc, 0xff}
	case fr.steps.Parked:
		return fmt.Sprintf("paused at %.1f ms · steps: 1 task … 5 call", pausedAt(fr)), amber
	case fr.steps.PauseRequested:
		state := steppingState(fr.steps.Live)
		if state == stepWaiting {
			state = "stepping — nothing is queued" // the whole sentence is in the strip below
		}
		return state, amber
	}
	return "running (Space: pause)", color.RGBA{0x9f, 0xe8, 0x9f, 0xff}
}

// steppingState says what a step is doing while the loop has not parked again: running a
// task (and which), or waiting because a quiet page has nothing to run, which would
// otherwise look frozen.
func steppingState(lv page.Live) string {
	switch {
	case lv.Callback != "":
		return "stepping: " + lv.Callback + " runs…" // the bar elides it in the middle
	case lv.Task != "":
		return "stepping: " + lv.Task + " runs…"
	}
	return stepWaiting
}

// stepWaiting is the state of a step on a page with nothing queued.
const stepWaiting = "stepping — nothing is queued; click the page or wait for a timer"

// drawSlider draws the slider: five stops, slowest at the left.
func (c *controls) drawSlider(dst *ebiten.Image, f *fonts, sliderX int) {
	y := float32(barH / 2)
	vector.StrokeLine(dst, float32(sliderX+6), y, float32(sliderX+sliderW-46), y, 2, color.RGBA{0x88, 0x8c, 0xa8, 0xff}, false)
	n := len(speeds)
	for i := range speeds {
		x := float32(sliderX+6) + float32(i)*float32(sliderW-52)/float32(n-1)
		vector.DrawFilledRect(dst, x-1, y-4, 2, 8, color.RGBA{0x88, 0x8c, 0xa8, 0xff}, false)
	}
	kx := float32(sliderX+6) + float32(n-1-c.speedIdx)*float32(sliderW-52)/float32(n-1)
	vector.DrawFilledCircle(dst, kx, y, 6, accent, true)
	f.draw(dst, fmt.Sprintf("%g×", speeds[c.speedIdx]), sliderX+sliderW-40, 6, color.White, false)
}

// pausedAt is the page time the loop is paused at: the newest snapshot's, else now.
func pausedAt(fr *frame) float64 {
	if s := fr.page.Snapshot(); s != nil {
		return s.Now
	}
	return fr.page.Now()
}
