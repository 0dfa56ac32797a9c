package window

import (
	"sort"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// refresh is the refresh interval assumed when the display does not pace Draw (60 Hz).
const refresh = time.Second / 60

// pacer decides where the page's rendering opportunities come from.
//
// On a real display, vsync paces Draw at the refresh rate, and each Draw posts one rendering
// opportunity. Under Xvfb there is no vsync: Draw runs as fast as the software renderer
// allows (~100 fps on an idle machine for a small window, 15-40 fps for this one on a busy
// one). Then a clock at the refresh rate posts the opportunities, as a display's vsync signal
// would, and Draw only presents the newest frame (sleeping to 1/60 s deadlines if it is fast).
// The decision is made once, from the median of the first Draw intervals.
type pacer struct {
	last      time.Time
	intervals []time.Duration
	decided   bool
	vsynced   bool // Draw is paced by a real display
	clock     atomic.Bool
	next      time.Time
}

const samples = 30

// drawPostsVsync reports whether this Draw should post the rendering opportunity itself.
func (p *pacer) drawPostsVsync() bool { return !p.decided || p.vsynced }

// pace is called at the end of each Draw. It returns true once when it decides that a clock
// must post the rendering opportunities (no vsync).
func (p *pacer) pace() (startClock bool) {
	now := time.Now()
	if !p.decided && !p.last.IsZero() {
		p.intervals = append(p.intervals, now.Sub(p.last))
		if len(p.intervals) == samples {
			s := append([]time.Duration(nil), p.intervals...)
			sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
			med := s[len(s)/2]
			p.decided = true
			p.vsynced = med > refresh*3/4 && med < refresh*5/4
			if !p.vsynced {
				ebiten.SetVsyncEnabled(false)
				startClock = true
			}
		}
	}
	if p.decided && !p.vsynced {
		// No vsync: keep Draw at most at the refresh rate (it never needs to be faster).
		if p.next.IsZero() || now.Sub(p.next) > 4*refresh {
			p.next = now
		}
		p.next = p.next.Add(refresh)
		if d := time.Until(p.next); d > 0 {
			time.Sleep(d)
		}
	}
	p.last = time.Now()
	return startClock
}

// runVsyncClock calls tick at absolute 1/60 s deadlines until stop is closed.
func runVsyncClock(stop <-chan struct{}, tick func()) {
	next := time.Now()
	for {
		next = next.Add(refresh)
		if d := time.Until(next); d > 0 {
			select {
			case <-stop:
				return
			case <-time.After(d):
			}
		} else if -d > 4*refresh {
			next = time.Now() // fell far behind (machine busy): restart the grid
		}
		select {
		case <-stop:
			return
		default:
		}
		tick()
	}
}
