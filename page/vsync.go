package page

import (
	"math"
	"sync/atomic"

	"loopscope/loop"
)

// vsyncDisplay is the page's loop.Display when a real display drives it (Options.PostedVsync:
// the window). Normally its rendering opportunities are the display's vsyncs, posted with
// PostVsync (loop.ExternalDisplay). While the loop is paused, stepped or slowed down, they
// come from a grid in page time instead (one every refresh interval of page time, continuing
// the phase of the last frame): a slowed or stepped page then gets the same frames at the
// same page times as a normal run, so step mode and the speed control do not change what it
// prints.
type vsyncDisplay struct {
	ext       *loop.ExternalDisplay
	grid      atomic.Bool // set by the step controls (any goroutine)
	lastTaken float64     // loop goroutine only
}

func newVsyncDisplay() *vsyncDisplay {
	return &vsyncDisplay{ext: loop.NewExternalDisplay(60), lastTaken: -1}
}

// Vsync records a display refresh at page time t (call it on the loop goroutine).
func (d *vsyncDisplay) Vsync(t float64) { d.ext.Vsync(t) }

// Opportunity implements loop.Display.
func (d *vsyncDisplay) Opportunity(now float64) (float64, bool) {
	if !d.grid.Load() {
		return d.ext.Opportunity(now)
	}
	iv := d.ext.Interval()
	last := math.Max(d.lastTaken, 0)
	k := math.Floor((now-last)/iv + 1e-9)
	if k < 1 {
		return 0, false
	}
	return last + k*iv, true
}

// Take implements loop.Display.
func (d *vsyncDisplay) Take(frameTime float64) {
	d.lastTaken = frameTime
	d.ext.Take(frameTime)
}

// NextExpected implements loop.Display.
func (d *vsyncDisplay) NextExpected(now float64) float64 {
	if !d.grid.Load() {
		return d.ext.NextExpected(now)
	}
	iv := d.ext.Interval()
	last := math.Max(d.lastTaken, 0)
	return last + (math.Floor((now-last)/iv+1e-9)+1)*iv
}

// Interval implements loop.Display.
func (d *vsyncDisplay) Interval() float64 { return d.ext.Interval() }

// External implements loop.Display: vsyncs are posted, except on the page-time grid.
func (d *vsyncDisplay) External() bool { return !d.grid.Load() }
