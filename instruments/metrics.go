// Package instruments computes what loopscope's instruments show from the loop's trace, as
// plain data: the figures that the window's HUD draws and that -report prints (metrics.go,
// report.go). The window and the command line draw or print them; neither computes them.
package instruments

import (
	"math"
	"slices"

	"loopscope/loop"
)

// Span is one thing the loop did (a trace entry).
type Span = loop.Span

// Window is the stretch of page time the rates cover: (Since, Now]. The HUD asks for the
// last second; -report for the whole run (Since = math.Inf(-1), Now = math.Inf(1)).
type Window struct {
	Since, Now float64
	// InputAt is the page time of the last real click's input (the window's release of the
	// button); -1: none. It gives InputLatency.
	InputAt float64
}

// WholeRun is the window of a report: every span.
func WholeRun() Window { return Window{Since: math.Inf(-1), Now: math.Inf(1), InputAt: -1} }

// Figures are what the trace says about a run, or its recent past.
type Figures struct {
	// The rates, over the window:
	Frames      int       // frames (rendering updates) that began in it
	Intervals   []float64 // intervals between frames, for the frames that began in it (ms), oldest first
	BusyMS      float64   // time spent in tasks and rendering updates within it (ms)
	IdlePeriods int       // idle periods that ended in it
	IdleOffered float64   // their time offered (deadline minus start, ms)
	IdleUsed    float64   // and the time their callbacks used (ms)
	// IdleOffers are the idle periods' offered times, in order (a report's percentiles).
	IdleOffers []float64

	// Over every span given:
	HaveFrame   bool
	FrameTime   float64 // the newest frame's time = its rAF timestamp = its vsync (ms)
	RenderDelay float64 // from that vsync to the start of its rendering update (ms)
	HaveIdle    bool
	LastIdle    Span // the newest idle period
	LongTasks   int  // long tasks (> 50 ms)
	LastLong    Span // the newest one
	Stops       int  // scripts the watchdog stopped
	LastStop    Span // the newest stop (its Name says why and which task)
	// ClickLatencies: for each real click's task (user-interaction "click"), the time from
	// the task's start to the click's first listener (the dispatch inside it).
	ClickLatencies []float64
	// InputLatency is the time from the window's input (Window.InputAt) to the first click
	// dispatch after it (HaveInput: there was one).
	InputLatency float64
	HaveInput    bool
	// BlockedFor is how long the task running now has held the loop (Running).
	BlockedFor float64
}

// Measure computes the figures from spans (oldest first) for w. It reuses m's slices.
func (m *Figures) Measure(spans []Span, w Window) {
	*m = Figures{Intervals: m.Intervals[:0], IdleOffers: m.IdleOffers[:0], ClickLatencies: m.ClickLatencies[:0]}
	lastFrame := -1.0
	var clickTasks []int // the real clicks' tasks, by index in spans
	for i := range spans {
		s := &spans[i]
		switch s.Kind {
		case loop.KindFrame:
			if in(s.Start, w) {
				m.Frames++
				if lastFrame >= 0 {
					m.Intervals = append(m.Intervals, s.Start-lastFrame)
				}
			}
			lastFrame = s.Start
			m.FrameTime, m.HaveFrame, m.RenderDelay = s.Start, true, 0
		case loop.KindRendering:
			if m.HaveFrame && s.Start >= m.FrameTime {
				m.RenderDelay = s.Start - m.FrameTime
			}
			m.BusyMS += overlap(s, w)
		case loop.KindTask:
			m.BusyMS += overlap(s, w)
			if s.Source == loop.SourceUserInteraction && s.Name == "click" {
				clickTasks = append(clickTasks, i)
			}
		case loop.KindIdlePeriod:
			if in(s.End, w) {
				m.IdlePeriods++
				m.IdleOffered += s.Deadline - s.Start
				m.IdleUsed += s.Used
				m.IdleOffers = append(m.IdleOffers, s.Deadline-s.Start)
			}
			m.LastIdle, m.HaveIdle = *s, true
		case loop.KindLongTask:
			m.LongTasks++
			m.LastLong = *s
		case loop.KindScriptStopped:
			m.Stops++
			m.LastStop = *s
		case loop.KindEventDispatch:
			if w.InputAt >= 0 && s.Name == "click" && s.Start >= w.InputAt && !m.HaveInput {
				m.InputLatency, m.HaveInput = s.Start-w.InputAt, true
			}
		}
	}
	m.ClickLatencies = clickLatencies(m.ClickLatencies, spans, clickTasks, w)
}

// in reports whether page time t lies in the window.
func in(t float64, w Window) bool { return t > w.Since && t <= w.Now }

// overlap is how much of span s lies in the window (ms).
func overlap(s *Span, w Window) float64 {
	a, b := max(s.Start, w.Since), min(s.End, w.Now)
	if b > a {
		return b - a
	}
	return 0
}

// clickLatencies pairs each real click's task that began in the window with the click
// dispatch inside it and appends the time from the task's start to the first listener.
// Spans are recorded when they end, so a dispatch comes before the task that holds it: they
// are matched by time, not by order.
func clickLatencies(out []float64, spans []Span, tasks []int, w Window) []float64 {
	for _, ti := range tasks {
		t := &spans[ti]
		if !in(t.Start, w) {
			continue
		}
		for i := range spans {
			d := &spans[i]
			if d.Kind == loop.KindEventDispatch && d.Name == "click" && d.Start >= t.Start && d.Start <= t.End {
				out = append(out, d.Start-t.Start)
				break
			}
		}
	}
	return out
}

// FrameIntervals appends to out the intervals between frames for the frames that began
// after since (ms, oldest first): the HUD's graph covers a longer stretch than its rates.
//
// A gap counts as a frame interval when the frame came at the next refresh, or late because
// the loop was busy when the refresh after the previous frame came (a long task: jank). A gap
// in which the loop ran nothing at that refresh is a page with nothing to render, not a slow
// frame (Chrome draws no frame there either): a two-frame run whose frames are 200 ms apart
// has no 200 ms frame interval. The refresh interval is the shortest gap seen (60 Hz until
// then).
func FrameIntervals(out []float64, spans []Span, since float64) []float64 {
	refresh := 1000.0 / 60
	last := -1 // the previous frame's index
	for i := range spans {
		s := &spans[i]
		if s.Kind != loop.KindFrame {
			continue
		}
		if last >= 0 {
			prev := spans[last].Start
			gap := s.Start - prev
			if gap > 0 {
				refresh = min(refresh, gap)
			}
			if s.Start > since && (gap <= 1.5*refresh || busyAt(spans[last+1:i], prev+refresh)) {
				out = append(out, gap)
			}
		}
		last = i
	}
	return out
}

// busyAt reports whether one of spans (those recorded between two frames) is a task or a
// rendering update that ran at page time t.
func busyAt(spans []Span, t float64) bool {
	for i := range spans {
		s := &spans[i]
		if (s.Kind == loop.KindTask || s.Kind == loop.KindRendering) && s.Start <= t && s.End >= t {
			return true
		}
	}
	return false
}

// Running adds the task that is running now (the loop records a span only when it ends):
// while a task blocks the loop, the busy time runs to now and BlockedFor says how long the
// page has been without a frame, instead of no frames and nothing busy.
func (m *Figures) Running(spans []Span, w Window, running bool) {
	if !running {
		return
	}
	lastEnd := 0.0
	for i := range spans {
		lastEnd = max(lastEnd, spans[i].End)
	}
	if lastEnd < w.Now {
		m.BusyMS = min(w.Now-w.Since, m.BusyMS+(w.Now-max(lastEnd, w.Since)))
		m.BlockedFor = w.Now - lastEnd
	}
}

// KeepNewest keeps prev's newest frame, idle period, long tasks, stops and input latency
// once they are out of the spans measured (an instrument keeps showing them); the input
// latency only while there is an input (inputAt >= 0).
func (m *Figures) KeepNewest(prev *Figures, inputAt float64) {
	if !m.HaveFrame && prev.HaveFrame {
		m.FrameTime, m.RenderDelay, m.HaveFrame = prev.FrameTime, prev.RenderDelay, true
	}
	if !m.HaveIdle && prev.HaveIdle {
		m.LastIdle, m.HaveIdle = prev.LastIdle, true
	}
	if m.LongTasks == 0 && prev.LongTasks > 0 {
		m.LastLong, m.LongTasks = prev.LastLong, prev.LongTasks
	}
	if m.Stops == 0 && prev.Stops > 0 {
		m.Stops, m.LastStop = prev.Stops, prev.LastStop
	}
	if !m.HaveInput && prev.HaveInput && inputAt >= 0 {
		m.InputLatency, m.HaveInput = prev.InputLatency, true
	}
}

// Percentile is the p-th percentile of xs (nearest rank below; xs is not changed).
func Percentile(xs []float64, p float64) float64 {
	s := append([]float64(nil), xs...)
	slices.Sort(s)
	i := int(p / 100 * float64(len(s)-1))
	return s[i]
}
