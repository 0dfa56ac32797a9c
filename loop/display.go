package loop

import "math"

// Display is where rendering opportunities come from: the display's refresh.
type Display interface {
	// Opportunity returns the frame time (ms) of a rendering opportunity that has arrived
	// by now and was not taken yet.
	Opportunity(now float64) (frameTime float64, ok bool)
	// Take marks the opportunity at frameTime as used.
	Take(frameTime float64)
	// NextExpected is when the next opportunity is expected after now (ms).
	NextExpected(now float64) float64
	// Interval is the refresh interval (ms), measured where the display is real.
	Interval() float64
	// External displays post their opportunities (the loop waits for posts, not for a time).
	External() bool
}

// SimulatedDisplay gives rendering opportunities on a fixed grid of k × interval since the
// time origin, as a display refreshing at a fixed rate would (headless runs).
type SimulatedDisplay struct {
	interval  float64
	lastTaken float64
}

// NewSimulatedDisplay returns a display refreshing hz times a second.
func NewSimulatedDisplay(hz float64) *SimulatedDisplay {
	return &SimulatedDisplay{interval: 1000 / hz, lastTaken: -1}
}

// Opportunity implements Display: the latest grid point at or before now, if not taken.
func (d *SimulatedDisplay) Opportunity(now float64) (float64, bool) {
	g := d.gridAtOrBefore(now)
	return g, g > d.lastTaken && g > 0
}

func (d *SimulatedDisplay) gridAtOrBefore(now float64) float64 {
	// A small epsilon keeps k*interval from rounding below the time it was computed for.
	return math.Floor(now/d.interval+1e-9) * d.interval
}

// Take implements Display.
func (d *SimulatedDisplay) Take(frameTime float64) { d.lastTaken = frameTime }

// NextExpected implements Display.
func (d *SimulatedDisplay) NextExpected(now float64) float64 {
	return d.gridAtOrBefore(now) + d.interval
}

// Interval implements Display.
func (d *SimulatedDisplay) Interval() float64 { return d.interval }

// External implements Display.
func (d *SimulatedDisplay) External() bool { return false }

// ExternalDisplay gets its opportunities from a real display: the window shell posts each
// vsync (Ebiten's Draw) with Vsync, through Loop.Post.
type ExternalDisplay struct {
	latest, lastTaken float64
	interval          float64 // smoothed measured interval
}

// NewExternalDisplay returns a display that expects hz until it has measured the real rate.
func NewExternalDisplay(hz float64) *ExternalDisplay {
	return &ExternalDisplay{interval: 1000 / hz, latest: -1, lastTaken: -1}
}

// Vsync records a display refresh at frame time t (ms). Call it on the loop goroutine.
func (d *ExternalDisplay) Vsync(t float64) {
	if d.latest > 0 && t > d.latest {
		dt := t - d.latest
		if dt < 4*d.interval { // ignore gaps (window hidden, app paused)
			d.interval += (dt - d.interval) / 8
		}
	}
	d.latest = t
}

// Opportunity implements Display.
func (d *ExternalDisplay) Opportunity(now float64) (float64, bool) {
	return d.latest, d.latest > d.lastTaken && d.latest <= now
}

// Take implements Display.
func (d *ExternalDisplay) Take(frameTime float64) { d.lastTaken = frameTime }

// NextExpected implements Display.
func (d *ExternalDisplay) NextExpected(now float64) float64 {
	if d.latest < 0 {
		return now + d.interval
	}
	next := d.latest + d.interval
	for next <= now {
		next += d.interval
	}
	return next
}

// Interval implements Display.
func (d *ExternalDisplay) Interval() float64 { return d.interval }

// External implements Display.
func (d *ExternalDisplay) External() bool { return true }
