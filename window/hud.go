package window

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/instruments"
	"loopscope/page"
)

// hud is the heads-up display over the page: frame rate and intervals, main-thread busy
// time, idle time, rAF timestamp against its vsync, long tasks, click latency. Everything
// comes from the loop's trace, measured by package instruments (as -report's figures are).
type hud struct {
	visible bool
	m       hudMetrics
}

// hudMetrics are the HUD's numbers: the figures of the last second, and the frame intervals
// of the last 2 s for the graph.
type hudMetrics struct {
	instruments.Figures
	intervals []float64 // frame intervals of the last 2 s (ms), oldest first
}

// Windows of the HUD's figures (ms before now): the rates, and the interval graph.
const hudRates, hudGraph = 1000, 2000

// measure computes the metrics from spans (oldest first) at page time now. clickAt is the
// page time the window saw the last real click's release (-1: none).
func (m *hudMetrics) measure(spans []page.Span, now, clickAt float64) {
	m.Measure(spans, instruments.Window{Since: now - hudRates, Now: now, InputAt: clickAt})
	m.intervals = instruments.FrameIntervals(m.intervals[:0], spans, now-hudGraph)
}

// olderThanWindow fills in the newest frame and idle period from the whole trace when the
// spans of the HUD's window have none and it kept none (it is drawn only while shown, and a
// page opened, stepped or shown with the HUD hidden had its frames before): it said "no
// frame yet" and "idle periods: none" about a demo that had rendered and run idle
// callbacks (issue 25).
func (m *hudMetrics) olderThanWindow(newest func(page.Kind) (page.Span, bool)) {
	if !m.HaveFrame {
		if s, ok := newest(page.KindFrame); ok {
			m.FrameTime, m.HaveFrame, m.RenderDelay = s.Start, true, 0
			if r, ok := newest(page.KindRendering); ok && r.Start >= s.Start {
				m.RenderDelay = r.Start - s.Start
			}
		}
	}
	if !m.HaveIdle {
		if s, ok := newest(page.KindIdlePeriod); ok {
			m.LastIdle, m.HaveIdle = s, true
		}
	}
}

// fps is the frames (rendering updates) of the last second.
func (m *hudMetrics) fps() int { return m.Frames }

// busy is the share of the last second spent in tasks and rendering (0-1).
func (m *hudMetrics) busy() float64 { return m.BusyMS / hudRates }

const hudW, hudH = 330, 204

func (h *hud) reset() { h.m = hudMetrics{} }

// draw measures the frame's spans and draws the HUD over the page's bottom right corner.
func (h *hud) draw(dst *ebiten.Image, f *fonts, fr *frame) {
	prev := h.m.Figures
	h.m.measure(fr.spans, fr.now, fr.clickAt)
	m := &h.m
	m.Running(fr.spans, instruments.Window{Since: fr.now - hudRates, Now: fr.now}, fr.steps.Live.Task != "")
	m.KeepNewest(&prev, fr.clickAt)
	m.olderThanWindow(fr.page.NewestSpan)
	height := float32(hudH)
	if m.Stops > 0 {
		height += 30 // the two lines of the newest script stop
	}
	if m.BlockedFor > 50 {
		height += 15
	}
	// The bottom right corner of the page: pages put their heading and controls at the top.
	pa := fr.lay.page
	x0, y0 := float32(pa.x+pa.w-hudW-8), float32(pa.y+pa.h-8)-height
	vector.DrawFilledRect(dst, x0, y0, hudW, height, color.RGBA{0x10, 0x12, 0x1c, 0xe0}, false)
	x, y := int(x0)+8, int(y0)+6
	line := func(s string, c color.Color) {
		f.drawMono(dst, f.elide(f.mono, s, hudW-16), x, y, c) // inside the HUD, the task's name's end kept
		y += 15
	}
	if fr.steps.Speed != 1 {
		line(fmt.Sprintf("frames %3d/s page time   busy %3.0f%%", m.fps(), 100*m.busy()), hudWhite)
	} else {
		line(fmt.Sprintf("frames %3d/s   main thread busy %3.0f%%", m.fps(), 100*m.busy()), hudWhite)
	}
	if m.BlockedFor > 50 {
		line(fmt.Sprintf("a task blocks the loop: no frame for %.0f ms", m.BlockedFor), color.RGBA{0xff, 0x60, 0x60, 0xff})
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
	if m.HaveFrame {
		line(fmt.Sprintf("rAF timestamp %.1f = its vsync;", m.FrameTime), hudWhite)
		line(fmt.Sprintf("  rendering began %.2f ms after it", m.RenderDelay), hudWhite)
	} else {
		line("no frame yet (nothing needed rendering)", hudWhite)
	}
	if m.HaveIdle {
		line(fmt.Sprintf("idle last 1 s: offered %.0f ms, used %.1f", m.IdleOffered, m.IdleUsed), hudWhite)
		line(fmt.Sprintf("  last period: %.1f ms offered, %.1f used", m.LastIdle.Deadline-m.LastIdle.Start, m.LastIdle.Used), hudWhite)
	} else {
		line("idle periods: none (no requestIdleCallback)", hudWhite)
	}
	if m.LongTasks > 0 {
		line(fmt.Sprintf("long tasks %d; last %.0f ms: %s", m.LongTasks, m.LastLong.End-m.LastLong.Start, m.LastLong.Name), color.RGBA{0xff, 0x90, 0x90, 0xff})
	} else {
		line("long tasks (> 50 ms): none", hudWhite)
	}
	if m.Stops > 0 {
		// "script stopped after 5s (-script-timeout): task "script page.html"", on two lines.
		red := color.RGBA{0xff, 0x60, 0x60, 0xff}
		why, what, _ := strings.Cut(m.LastStop.Name, ": ")
		if m.Stops > 1 {
			why = fmt.Sprintf("%d stops, last %s", m.Stops, strings.TrimPrefix(why, "script stopped "))
		}
		line(why, red) // line elides in the middle: the task's name keeps its end
		line("  "+what, red)
	}
	if m.HaveInput {
		line(fmt.Sprintf("last real click: input→listener %.2f ms", m.InputLatency), hudWhite)
	} else {
		line("last real click: none yet", hudWhite)
	}
}
