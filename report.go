package main

import (
	"fmt"
	"io"
	"os"
	"sort"

	"loopscope/page"
)

// chromeTrace is what writes a run's trace as Chrome trace events (a page; a Node run's trace).
type chromeTrace interface{ WriteChromeTrace(w io.Writer) error }

func writeTrace(path string, t chromeTrace) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := t.WriteChromeTrace(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeReport prints the run's summary: frames and their intervals, long tasks, idle periods
// and how much of the idle time offered was used, click latencies.
func writeReport(w io.Writer, p *page.Page) {
	spans := p.Spans()
	var frames, idleOffered, idleUsed []float64
	var lastFrame = -1.0
	longTasks, idlePeriods := 0, 0
	var clickTasks, clickDispatches []page.Span
	for _, s := range spans {
		switch s.Kind {
		case page.KindFrame:
			if lastFrame >= 0 {
				frames = append(frames, s.Start-lastFrame)
			}
			lastFrame = s.Start
		case page.KindLongTask:
			longTasks++
		case page.KindIdlePeriod:
			idlePeriods++
			idleOffered = append(idleOffered, s.Deadline-s.Start)
			idleUsed = append(idleUsed, s.Used)
		case page.KindTask:
			if s.Source == page.SourceUserInteraction && s.Name == "click" {
				clickTasks = append(clickTasks, s)
			}
		case page.KindEventDispatch:
			if s.Name == "click" {
				clickDispatches = append(clickDispatches, s)
			}
		}
	}
	clickLatency := clickLatencies(clickTasks, clickDispatches)
	st := p.Stats()
	fmt.Fprintln(w, "loopscope report")
	fmt.Fprintf(w, "  frames             %d (%d presented intervals)\n", st.Frames, len(frames))
	if len(frames) > 0 {
		fmt.Fprintf(w, "  frame interval     p50 %.2f ms  p95 %.2f ms  p99 %.2f ms\n", pct(frames, 50), pct(frames, 95), pct(frames, 99))
	}
	fmt.Fprintf(w, "  tasks              %d  (long tasks > 50 ms: %d)\n", st.Tasks, longTasks)
	fmt.Fprintf(w, "  idle periods       %d\n", idlePeriods)
	if idlePeriods > 0 {
		offered, used := sum(idleOffered), sum(idleUsed)
		fmt.Fprintf(w, "  idle time          offered %.1f ms, used %.1f ms (%.0f%%), deadline p50 %.2f ms\n", offered, used, 100*used/max(offered, 1e-9), pct(idleOffered, 50))
	}
	if len(clickLatency) > 0 {
		fmt.Fprintf(w, "  click latency      p50 %.2f ms  max %.2f ms (%d clicks)\n", pct(clickLatency, 50), pct(clickLatency, 100), len(clickLatency))
	}
}

// clickLatencies pairs each real click's task with the click dispatch inside it and returns
// the time from the task's start to the first listener. Spans are recorded when they end, so
// a dispatch comes before the task that holds it: they are matched by time, not by order.
func clickLatencies(tasks, dispatches []page.Span) []float64 {
	var out []float64
	for _, t := range tasks {
		for _, d := range dispatches {
			if d.Start >= t.Start && d.Start <= t.End {
				out = append(out, d.Start-t.Start)
				break
			}
		}
	}
	return out
}

func pct(xs []float64, p float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(p / 100 * float64(len(s)-1))
	return s[i]
}

func sum(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}
