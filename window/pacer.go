package window

import (
	"fmt"
	"os"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// refresh is the refresh interval assumed when the display does not pace Draw (60 Hz).
const refresh = time.Second / 60

// presentEvery is how often Draw presents without vsync: 30 fps. Software rendering (Xvfb's
// llvmpipe) costs tens of ms of CPU per presented frame of this window; presenting every
// other refresh leaves the page's loop the CPU it needs for its 60 Hz frames.
const presentEvery = 2 * refresh

// pacer decides where the page's rendering opportunities come from.
//
// A clock at the refresh rate posts them from the start (as a display's vsync signal
// would). Meanwhile the first Draws are measured: on a real display vsync paces Draw at a
// steady interval, and from then on each Draw posts the opportunity itself and the clock
// stops. Under Xvfb there is no vsync: Draw runs as fast as the software renderer allows,
// at an irregular rate. Then the clock keeps posting, Draw presents at most at 30 fps, and
// only when something on screen changed (ebiten.SetScreenClearedEveryFrame(false)). And
// Ebiten then waits for input instead of polling (FPSModeVsyncOffMinimum): Update and Draw
// run on input, or when the clock wakes them because what the window shows may have
// changed (wake): a window at rest costs nothing.
type pacer struct {
	last      time.Time
	intervals []time.Duration
	decided   bool
	vsynced   atomic.Bool // Draw is paced by a real display (set once)
	next      time.Time
	redraw    int // Draws that must draw everything (the screen image was replaced)

	waiting    atomic.Bool  // Ebiten waits for input or ScheduleFrame (no vsync)
	wakeFrames atomic.Int32 // frames to schedule whatever the scene (after the mode change)
	lastScene  uint64       // the clock goroutine's: the scene fingerprint it last woke for
	lastWake   time.Time    // the clock goroutine's
}

// idleWake is how often a window at rest is drawn anyway, for what changes without input
// or a page frame (a page file changed on disk, the HUD's rates): a present every 2 s.
const idleWake = 2 * time.Second

// hudWake is how often the HUD's frame rate and busy time move on while it is shown.
const hudWake = 250 * time.Millisecond

// wake runs on the vsync clock's goroutine: when Ebiten waits for input, it schedules a
// frame if scene (a fingerprint of what the window shows: painted frames, console lines,
// trace spans) changed since the last wake, or every interval.
func (p *pacer) wake(scene uint64, interval time.Duration) {
	if !p.waiting.Load() {
		return
	}
	now := time.Now()
	if p.wakeFrames.Load() > 0 {
		p.wakeFrames.Add(-1)
	} else if scene == p.lastScene && now.Sub(p.lastWake) < interval {
		return
	}
	p.lastScene, p.lastWake = scene, now
	ebiten.ScheduleFrame() //nolint:staticcheck // FPSModeVsyncOffMinimum's wake-up
}

const samples = 30

// drawPostsVsync reports whether Draw posts the rendering opportunity itself.
func (p *pacer) drawPostsVsync() bool { return p.vsynced.Load() }

// skipsUnchanged reports whether Draw may skip a frame whose content did not change.
func (p *pacer) skipsUnchanged() bool {
	if p.redraw > 0 {
		p.redraw--
		return false
	}
	return p.decided && !p.vsynced.Load()
}

// pace is called at the end of each Draw that drew something.
func (p *pacer) pace() {
	now := time.Now()
	if !p.decided && !p.last.IsZero() {
		p.intervals = append(p.intervals, now.Sub(p.last))
		if len(p.intervals) == samples {
			p.decide()
		}
	}
	if p.decided && !p.vsynced.Load() {
		// No vsync: present at most every presentEvery, on absolute deadlines.
		if p.next.IsZero() || now.Sub(p.next) > 4*presentEvery {
			p.next = now
		}
		p.next = p.next.Add(presentEvery)
		if d := time.Until(p.next); d > 0 {
			time.Sleep(d)
		}
	}
	p.last = time.Now()
}

// decide: vsync-paced Draws come at a display's refresh interval (4-34 ms: 30-240 Hz) with
// very little spread; software rendering without vsync is either faster or irregular. Under
// Xvfb, Mesa's swap throttles Draw to 17-18 ms with a spread of 1.1-3 ms (p10-p90): with the
// old bound (an eighth of the interval) 3 runs in 5 took that for vsync, and the window then
// drew every frame in full at 60 Hz, 150 % of a core instead of 42 %. A real display's
// spread is a fraction of a millisecond: the bound is a thirtieth of the interval.
func (p *pacer) decide() {
	p.decided = true
	if looksVsynced(p.intervals[samples/3:]) { // the first frames are slow
		p.vsynced.Store(true)
		return
	}
	// No vsync, and Update/Draw only on input or wake: Ebiten waits on the X connection
	// instead of polling it (SetVsyncEnabled(false) alone spins the loop).
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //nolint:staticcheck // the one mode that blocks
	// Ebiten replaces the (now persistent) screen image at the next frame: draw it all again.
	ebiten.SetScreenClearedEveryFrame(false)
	p.redraw = 3
	p.wakeFrames.Store(int32(p.redraw))
	p.waiting.Store(true)
	if os.Getenv("LOOPSCOPE_QUEUES_DUMP") != "" {
		// The window tests' dump (queues.go): from here on an unchanged scene is not drawn.
		fmt.Fprintln(os.Stderr, "pacer: no vsync: the screen is kept between frames")
	}
}

// looksVsynced reports whether Draw intervals come at a display's refresh interval.
func looksVsynced(intervals []time.Duration) bool {
	s := slices.Clone(intervals)
	slices.Sort(s)
	med := s[len(s)/2]
	spread := s[len(s)*9/10] - s[len(s)/10]
	return med >= 4*time.Millisecond && med <= 34*time.Millisecond && spread < med/30
}

// restTick is the clock's period while nothing needs 60 Hz (no page open, Ebiten waiting).
const restTick = 100 * time.Millisecond

// runVsyncClock calls tick at absolute 1/60 s deadlines until stop is closed; while tick
// reports that the window is at rest, every restTick instead.
func runVsyncClock(stop <-chan struct{}, tick func() (rest bool)) {
	t := time.NewTimer(refresh)
	defer t.Stop()
	next := time.Now()
	for {
		next = next.Add(refresh)
		d := time.Until(next)
		if d < -4*refresh {
			next = time.Now() // fell far behind (machine busy): restart the grid
			d = 0
		}
		t.Reset(max(d, 0))
		select {
		case <-stop:
			return
		case <-t.C:
		}
		if tick() {
			next = time.Now().Add(restTick - refresh)
		}
	}
}
