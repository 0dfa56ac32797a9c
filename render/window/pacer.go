package window

import (
	"sort"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// pacer keeps Draw at the display's refresh rate. On a real display vsync paces Draw; under
// Xvfb it does not (Draw runs as fast as the software renderer allows, ~100 fps), so once the
// measured interval shows no vsync, the pacer turns vsync off and sleeps to absolute 1/60 s
// deadlines at the end of each Draw (measured: median 16.7 ms).
type pacer struct {
	last      time.Time
	intervals []time.Duration
	paced     bool
	next      time.Time
}

const refresh = time.Second / 60

func (p *pacer) pace() {
	now := time.Now()
	if !p.last.IsZero() && !p.paced {
		p.intervals = append(p.intervals, now.Sub(p.last))
		if len(p.intervals) >= 30 {
			s := append([]time.Duration(nil), p.intervals...)
			sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
			if s[len(s)/2] < refresh*3/4 {
				p.paced = true
				ebiten.SetVsyncEnabled(false)
			}
			p.intervals = p.intervals[:0]
		}
	}
	if p.paced {
		if p.next.IsZero() || now.Sub(p.next) > 4*refresh {
			p.next = now // fell far behind (window hidden, machine busy): restart the grid
		}
		p.next = p.next.Add(refresh)
		if d := time.Until(p.next); d > 0 {
			time.Sleep(d)
		}
	}
	p.last = time.Now()
}
