package instruments

import (
	"fmt"
	"io"
	"strings"

	"loopscope/loop"
)

// Report is -report's summary of a page's run: frames and their intervals, long tasks, idle
// periods and how much of the idle time offered was used, click latencies. Its figures are
// the HUD's, over the whole run.
type Report struct {
	Stats loop.Stats // the loop's counts (they outlast a trace that dropped its oldest spans)
	Figures
}

// NewReport measures a page's run from its trace (oldest first) and the loop's counts.
func NewReport(spans []Span, st loop.Stats) *Report {
	r := &Report{Stats: st}
	r.Measure(spans, WholeRun())
	return r
}

// Write prints the report (the format README.md's -report describes).
func (r *Report) Write(w io.Writer) {
	st := r.Stats
	fmt.Fprintln(w, "loopscope report")
	fmt.Fprintf(w, "  frames             %d (%d presented intervals)\n", st.Frames, len(r.Intervals))
	if len(r.Intervals) > 0 {
		fmt.Fprintf(w, "  frame interval     p50 %.2f ms  p95 %.2f ms  p99 %.2f ms\n",
			Percentile(r.Intervals, 50), Percentile(r.Intervals, 95), Percentile(r.Intervals, 99))
	}
	fmt.Fprintf(w, "  tasks              %d  (long tasks > 50 ms: %d)\n", st.Tasks, r.LongTasks)
	fmt.Fprintf(w, "  idle periods       %d\n", r.IdlePeriods)
	if r.IdlePeriods > 0 {
		offered, used := r.IdleOffered, r.IdleUsed
		fmt.Fprintf(w, "  idle time          offered %.1f ms, used %.1f ms (%.0f%%), deadline p50 %.2f ms\n",
			offered, used, 100*used/max(offered, 1e-9), Percentile(r.IdleOffers, 50))
	}
	if n := len(r.ClickLatencies); n > 0 {
		fmt.Fprintf(w, "  click latency      p50 %.2f ms  max %.2f ms (%d clicks)\n",
			Percentile(r.ClickLatencies, 50), Percentile(r.ClickLatencies, 100), n)
	}
}

// NodeReport is -report's summary of a Node script's run: its callbacks, the phases that ran
// something, the longest callback.
type NodeReport struct {
	Stats   loop.Stats
	Phases  map[string]int // "timers", "poll", "check", ...: phases that ran a callback
	Longest Span           // the longest callback (Name "": none)
}

// NewNodeReport measures a Node run from its trace and the loop's counts. A phase that ran
// callbacks is a task span named "NAME phase"; every other task span is a callback.
func NewNodeReport(spans []Span, st loop.Stats) *NodeReport {
	r := &NodeReport{Stats: st, Phases: map[string]int{}}
	for _, s := range spans {
		if s.Kind != loop.KindTask {
			continue
		}
		if ph, ok := strings.CutSuffix(s.Name, " phase"); ok {
			r.Phases[ph]++
		} else if s.End-s.Start > r.Longest.End-r.Longest.Start {
			r.Longest = s
		}
	}
	return r
}

// Write prints the report.
func (r *NodeReport) Write(w io.Writer) {
	fmt.Fprintf(w, "callbacks: %d (long: %d)\n", r.Stats.Tasks, r.Stats.LongTasks)
	for _, ph := range []string{"timers", "poll", "check"} {
		fmt.Fprintf(w, "%s phases that ran something: %d\n", ph, r.Phases[ph])
	}
	if r.Longest.Name != "" {
		fmt.Fprintf(w, "longest callback: %s, %.1f ms\n", r.Longest.Name, r.Longest.End-r.Longest.Start)
	}
}
