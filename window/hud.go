package window

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// hud is the heads-up display over the page: frame rate and intervals, main-thread busy
// time, idle time, rAF timestamp against its vsync, long tasks, click latency. Everything
// comes from the loop's trace.
type hud struct {
	visible bool
	m       hudMetrics
}

// hudMetrics are the HUD's numbers, computed from the recent spans.
type hudMetrics struct {
	fps           int       // frames (rendering updates) in the last second
	intervals     []float64 // frame intervals of the last 2 s (ms), oldest first
	busy          float64   // share of the last second spent in tasks and rendering (0-1)
	idleOffered   float64   // idle time offered in the last second (ms)
	idleUsed      float64   // and used by idle callbacks
	lastIdle      page.Span // the newest idle period
	frameTime     float64   // the newest frame's time = its rAF timestamp = its vsync (ms)
	renderDelay   float64   // from that vsync to the start of its rendering update (ms)
	haveFrame     bool
	longTasks     int       // long tasks in the recent spans
	lastLong      page.Span // the newest one
	clickLatency  float64   // OS input to the click listener's dispatch (ms)
	haveClick     bool
	haveIdle      bool
	haveLongTasks bool
	stops         int       // scripts the watchdog stopped, in the recent spans
	lastStop      page.Span // the newest stop (its Name says why and which task)
	blockedFor    float64   // how long the task running now has held the loop (ms)
}

// measure computes the metrics from spans (oldest first) at page time now. clickAt is the
// page time the window saw the last real click's release (-1: none).
func (m *hudMetrics) measure(spans []page.Span, now, clickAt float64) {
	iv := m.intervals[:0]
	*m = hudMetrics{intervals: iv}
	lastFrame := -1.0
	for i := range spans {
		s := &spans[i]
		switch s.Kind {
		case page.KindFrame:
			if s.Start > now-1000 {
				m.fps++
			}
			if lastFrame >= 0 && s.Start > now-2000 {
				m.intervals = append(m.intervals, s.Start-lastFrame)
			}
			lastFrame = s.Start
			m.frameTime, m.haveFrame, m.renderDelay = s.Start, true, 0
		case page.KindRendering:
			if m.haveFrame && s.Start >= m.frameTime {
				m.renderDelay = s.Start - m.frameTime
			}
			m.busy += overlap(s, now-1000, now)
		case page.KindTask:
			m.busy += overlap(s, now-1000, now)
		case page.KindIdlePeriod:
			if s.End > now-1000 {
				m.idleOffered += s.Deadline - s.Start
				m.idleUsed += s.Used
			}
			m.lastIdle, m.haveIdle = *s, true
		case page.KindLongTask:
			m.longTasks++
			m.lastLong, m.haveLongTasks = *s, true
		case page.KindScriptStopped:
			m.stops++
			m.lastStop = *s
		case page.KindEventDispatch:
			if clickAt >= 0 && s.Name == "click" && s.Start >= clickAt && !m.haveClick {
				m.clickLatency, m.haveClick = s.Start-clickAt, true
			}
		}
	}
	m.busy /= 1000
}

// blocking adds the task that is running now (the loop records a span only when it ends):
// while a task blocks the loop, the HUD shows the main thread 100 % busy and how long the
// page has been without a frame, instead of 0 fps and 0 % busy.
func (m *hudMetrics) blocking(spans []page.Span, now float64, running bool) {
	if !running {
		return
	}
	lastEnd := 0.0
	for i := range spans {
		lastEnd = max(lastEnd, spans[i].End)
	}
	if lastEnd < now {
		m.busy = min(1, m.busy+(now-max(lastEnd, now-1000))/1000)
		m.blockedFor = now - lastEnd
	}
}

// overlap is how much of span s lies in [from, to] (ms).
func overlap(s *page.Span, from, to float64) float64 {
	a, b := max(s.Start, from), min(s.End, to)
	if b > a {
		return b - a
	}
	return 0
}

const hudW, hudH = 330, 204

func (h *hud) reset() { h.m = hudMetrics{} }

// draw measures the frame's spans and draws the HUD over the page's bottom right corner.
func (h *hud) draw(dst *ebiten.Image, f *fonts, fr *frame) {
	prev := h.m
	h.m.measure(fr.spans, fr.now, fr.clickAt)
	h.m.blocking(fr.spans, fr.now, fr.steps.Live.Task != "")
	m := &h.m
	m.keepNewest(&prev, fr.clickAt)
	height := float32(hudH)
	if m.stops > 0 {
		height += 30 // the two lines of the newest script stop
	}
	if m.blockedFor > 50 {
		height += 15
	}
	// The bottom right corner of the page: pages put their heading and controls at the top.
	x0, y0 := float32(pageW-hudW-8), float32(barH+pageH-8)-height
	vector.DrawFilledRect(dst, x0, y0, hudW, height, color.RGBA{0x10, 0x12, 0x1c, 0xe0}, false)
	x, y := int(x0)+8, int(y0)+6
	line := func(s string, c color.Color) {
		f.drawMono(dst, s, x, y, c)
		y += 15
	}
	if fr.steps.Speed != 1 {
		line(fmt.Sprintf("frames %3d/s page time   busy %3.0f%%", m.fps, 100*m.busy), hudWhite)
	} else {
		line(fmt.Sprintf("frames %3d/s   main thread busy %3.0f%%", m.fps, 100*m.busy), hudWhite)
	}
	if m.blockedFor > 50 {
		line(fmt.Sprintf("a task blocks the loop: no frame for %.0f ms", m.blockedFor), color.RGBA{0xff, 0x60, 0x60, 0xff})
	}
	y = m.drawIntervals(dst, x0, y)
	line("frame intervals, last 2 s (line: 16.7 ms)", hudDim)
	m.lines(line)
	line(fmt.Sprintf("drawing the instruments: %.2f ms/frame", fr.cost), hudDim)
}

var (
	hudWhite = color.RGBA{0xee, 0xee, 0xee, 0xff}
	hudDim   = color.RGBA{0x99, 0x99, 0xaa, 0xff}
)

// keepNewest keeps showing the newest frame, idle period, long task, stop and click once
// they are out of the spans measured.
func (m *hudMetrics) keepNewest(prev *hudMetrics, clickAt float64) {
	if !m.haveFrame && prev.haveFrame {
		m.frameTime, m.renderDelay, m.haveFrame = prev.frameTime, prev.renderDelay, true
	}
	if !m.haveIdle && prev.haveIdle {
		m.lastIdle, m.haveIdle = prev.lastIdle, true
	}
	if !m.haveLongTasks && prev.haveLongTasks {
		m.lastLong, m.longTasks, m.haveLongTasks = prev.lastLong, prev.longTasks, true
	}
	if m.stops == 0 && prev.stops > 0 {
		m.stops, m.lastStop = prev.stops, prev.lastStop
	}
	if !m.haveClick && prev.haveClick && clickAt >= 0 {
		m.clickLatency, m.haveClick = prev.clickLatency, true
	}
}

// drawIntervals draws the frame interval graph at text line y: one bar per frame of the
// last 2 s, 16.7 ms marked. It returns the next line's y.
func (m *hudMetrics) drawIntervals(dst *ebiten.Image, x0 float32, y int) int {
	gx, gy, gw, gh := x0+8, float32(y)+2, float32(hudW-16), float32(48)
	vector.DrawFilledRect(dst, gx, gy, gw, gh, color.RGBA{0x26, 0x2a, 0x3a, 0xff}, false)
	scale := gh / 50 // 50 ms full height
	n := len(m.intervals)
	bw := gw / 120 // 2 s at 60 Hz
	for i, d := range m.intervals {
		bh := min(float32(d)*scale, gh)
		c := color.RGBA{0x5c, 0xd6, 0x5c, 0xff}
		switch {
		case d > 34:
			c = color.RGBA{0xf0, 0x50, 0x50, 0xff}
		case d > 20:
			c = color.RGBA{0xf0, 0xc0, 0x40, 0xff}
		}
		bx := gx + gw - float32(n-i)*bw
		if bx >= gx {
			vector.DrawFilledRect(dst, bx, gy+gh-bh, max(bw-0.5, 1), bh, c, false)
		}
	}
	ly := gy + gh - float32(16.667)*scale
	vector.StrokeLine(dst, gx, ly, gx+gw, ly, 1, color.RGBA{0x9a, 0xa0, 0xff, 0xa0}, false)
	return y + int(gh) + 6
}

// lines writes the HUD's text lines about frames, idle time, long tasks, stops and clicks.
func (m *hudMetrics) lines(line func(string, color.Color)) {
	if m.haveFrame {
		line(fmt.Sprintf("rAF timestamp %.1f = its vsync;", m.frameTime), hudWhite)
		line(fmt.Sprintf("  rendering began %.2f ms after it", m.renderDelay), hudWhite)
	} else {
		line("no frame yet (nothing needed rendering)", hudWhite)
	}
	if m.haveIdle {
		line(fmt.Sprintf("idle last 1 s: offered %.0f ms, used %.1f", m.idleOffered, m.idleUsed), hudWhite)
		line(fmt.Sprintf("  last period: %.1f ms offered, %.1f used", m.lastIdle.Deadline-m.lastIdle.Start, m.lastIdle.Used), hudWhite)
	} else {
		line("idle periods: none (no requestIdleCallback)", hudWhite)
	}
	if m.haveLongTasks {
		line(clip(fmt.Sprintf("long tasks %d; last %.0f ms: %s", m.longTasks, m.lastLong.End-m.lastLong.Start, m.lastLong.Name), 44), color.RGBA{0xff, 0x90, 0x90, 0xff})
	} else {
		line("long tasks (> 50 ms): none", hudWhite)
	}
	if m.stops > 0 {
		// "script stopped after 5s (-script-timeout): task "script page.html"", on two lines.
		red := color.RGBA{0xff, 0x60, 0x60, 0xff}
		why, what, _ := strings.Cut(m.lastStop.Name, ": ")
		if m.stops > 1 {
			why = fmt.Sprintf("%d stops, last %s", m.stops, strings.TrimPrefix(why, "script stopped "))
		}
		line(clip(why, 44), red)
		line(clip("  "+what, 44), red)
	}
	if m.haveClick {
		line(fmt.Sprintf("last real click: input→listener %.2f ms", m.clickLatency), hudWhite)
	} else {
		line("last real click: none yet", hudWhite)
	}
}
