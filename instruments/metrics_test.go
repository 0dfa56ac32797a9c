package instruments

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"loopscope/loop"
)

// twoSeconds is 2 s of 60 Hz frames ending at 2000, each with a 2 ms rendering update, a
// real click at 1500 (a 100 ms long task, its listener 2 ms in), an idle period and two
// scripts the watchdog stopped.
func twoSeconds() []Span {
	var spans []Span
	for i := 0; i <= 120; i++ {
		ft := float64(i) * 1000 / 60
		spans = append(spans, Span{Kind: loop.KindFrame, Start: ft, End: ft},
			Span{Kind: loop.KindRendering, Start: ft + 1, End: ft + 3})
	}
	return append(spans,
		Span{Kind: loop.KindTask, Name: "click", Source: loop.SourceUserInteraction, Start: 1500, End: 1600},
		Span{Kind: loop.KindEventDispatch, Name: "click", Start: 1502, End: 1599},
		Span{Kind: loop.KindLongTask, Name: "click", Start: 1500, End: 1600},
		Span{Kind: loop.KindIdlePeriod, Start: 1700, End: 1710, Deadline: 1716, Used: 4},
		Span{Kind: loop.KindScriptStopped, Name: "script stopped after 5s (-script-timeout): task \"a\"", Start: 1800, End: 1800},
		Span{Kind: loop.KindScriptStopped, Name: "script stopped after 5s (-script-timeout): task \"b\"", Start: 1900, End: 1900})
}

// TestFiguresOfTheLastSecond: frames, frame intervals, busy time, idle time and the click
// latencies come out of the trace as defined, over the HUD's last second.
func TestFiguresOfTheLastSecond(t *testing.T) {
	spans := twoSeconds()
	var m Figures
	m.Measure(spans, Window{Since: 1000, Now: 2000, InputAt: 1499})
	if m.Frames != 60 || len(m.Intervals) != 60 {
		t.Errorf("frames %d, intervals %d; want 60 and 60 (the last second's)", m.Frames, len(m.Intervals))
	}
	if iv := FrameIntervals(nil, spans, 0); len(iv) != 120 || math.Abs(iv[0]-1000.0/60) > 1e-9 { // frames in (0, 2000]
		t.Errorf("intervals of 2 s: %d, want 120 of 16.7 ms", len(iv))
	}
	// Busy: 60 rendering updates of 2 ms and the 100 ms task in the last second.
	if want := 60*2.0 + 100; math.Abs(m.BusyMS-want) > 5 {
		t.Errorf("busy %.1f ms, want %.1f", m.BusyMS, want)
	}
	if m.IdlePeriods != 1 || m.IdleOffered != 16 || m.IdleUsed != 4 {
		t.Errorf("idle periods %d offered %v used %v, want 1, 16 and 4", m.IdlePeriods, m.IdleOffered, m.IdleUsed)
	}
	if !m.HaveInput || m.InputLatency != 3 {
		t.Errorf("input latency %v (%v), want 3 ms from input to the listener's dispatch", m.InputLatency, m.HaveInput)
	}
	if len(m.ClickLatencies) != 1 || m.ClickLatencies[0] != 2 {
		t.Errorf("click latencies %v, want [2]: the click task's start to its listener", m.ClickLatencies)
	}
	if m.LongTasks != 1 || m.RenderDelay != 1 {
		t.Errorf("long tasks %d, render delay %v; want 1 and 1", m.LongTasks, m.RenderDelay)
	}
	if m.Stops != 2 || !strings.HasSuffix(m.LastStop.Name, `task "b"`) {
		t.Errorf("script stops %d, newest %q; want 2, the one of task b", m.Stops, m.LastStop.Name)
	}

	// Before the click: the rates of the first second have no click, no idle time.
	m.Measure(spans, Window{Since: 0, Now: 1000, InputAt: -1})
	if m.Frames != 60 || m.IdlePeriods != 0 || len(m.ClickLatencies) != 0 || m.HaveInput {
		t.Errorf("first second: frames %d, idle periods %d, clicks %v, input %v; want 60, 0, none, none",
			m.Frames, m.IdlePeriods, m.ClickLatencies, m.HaveInput)
	}
}

// TestRunningTask: a task that has held the loop since the last span counts as busy, and
// says how long there has been no frame.
func TestRunningTask(t *testing.T) {
	spans := []Span{{Kind: loop.KindTask, Start: 0, End: 100}}
	var m Figures
	w := Window{Since: 300, Now: 1300, InputAt: -1}
	m.Measure(spans, w)
	m.Running(spans, w, true)
	if m.BusyMS != 1000 || m.BlockedFor != 1200 {
		t.Errorf("busy %v ms, blocked for %v; want the whole second and 1200 ms", m.BusyMS, m.BlockedFor)
	}
}

// TestReport: the report prints the whole run's figures in -report's format.
func TestReport(t *testing.T) {
	var b bytes.Buffer
	NewReport(twoSeconds(), loop.Stats{Tasks: 7, Frames: 121}).Write(&b)
	want := `loopscope report
  frames             121 (120 presented intervals)
  frame interval     p50 16.67 ms  p95 16.67 ms  p99 16.67 ms
  tasks              7  (long tasks > 50 ms: 1)
  idle periods       1
  idle time          offered 16.0 ms, used 4.0 ms (25%), deadline p50 16.00 ms
  click latency      p50 2.00 ms  max 2.00 ms (1 clicks)
`
	if b.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestNodeReport: phases that ran callbacks, and the longest callback.
func TestNodeReport(t *testing.T) {
	spans := []Span{
		{Kind: loop.KindTask, Name: "timers phase", Start: 0, End: 5},
		{Kind: loop.KindTask, Name: "setTimeout callback", Start: 1, End: 4},
		{Kind: loop.KindTask, Name: "check phase", Start: 6, End: 8},
		{Kind: loop.KindTask, Name: "setImmediate callback", Start: 6, End: 7},
		{Kind: loop.KindFunctionCall, Name: "f", Start: 1, End: 4.5},
	}
	var b bytes.Buffer
	NewNodeReport(spans, loop.Stats{Tasks: 2}).Write(&b)
	want := `callbacks: 2 (long: 0)
timers phases that ran something: 1
poll phases that ran something: 0
check phases that ran something: 1
longest callback: setTimeout callback, 3.0 ms
`
	if b.String() != want {
		t.Errorf("node report:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestFrameIntervalsSkipIdleGaps (issue 25, item 14): frames 200 ms apart with nothing run
// between them (the page had nothing to render) make no 200 ms frame interval; frames 200 ms
// apart because a task held the loop through the refresh do (a long frame), and frames a
// refresh apart always count.
func TestFrameIntervalsSkipIdleGaps(t *testing.T) {
	frame := func(at float64) Span { return Span{Kind: loop.KindFrame, Start: at, End: at} }
	idle := []Span{frame(100), frame(300)}
	if iv := FrameIntervals(nil, idle, math.Inf(-1)); len(iv) != 0 {
		t.Errorf("two frames 200 ms apart, nothing between: intervals %v, want none", iv)
	}
	busy := []Span{frame(100), {Kind: loop.KindTask, Name: "long", Start: 105, End: 290}, frame(300)}
	if iv := FrameIntervals(nil, busy, math.Inf(-1)); len(iv) != 1 || iv[0] != 200 {
		t.Errorf("a task through the next refresh: intervals %v, want [200]", iv)
	}
	steady := []Span{frame(100), frame(100 + 1000.0/60), frame(100 + 2000.0/60)}
	if iv := FrameIntervals(nil, steady, math.Inf(-1)); len(iv) != 2 {
		t.Errorf("frames a refresh apart: intervals %v, want 2", iv)
	}
}
