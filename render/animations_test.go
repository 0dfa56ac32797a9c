package render

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// takeEvents runs the update of animations at now and returns its events as
// "type name elapsed" lines.
func takeEvents(e *Engine, now float64) []string {
	e.UpdateAnimations(now)
	evs, _ := e.TakeAnimationEvents()
	var out []string
	for _, ev := range evs {
		out = append(out, fmt.Sprintf("%s %s %g", ev.Type, ev.Name, ev.ElapsedTime))
	}
	return out
}

func frameAt(e *Engine, now float64) []string {
	out := takeEvents(e, now)
	e.Style()
	e.Layout()
	e.Paint()
	return out
}

// TestCSSAnimationEventsByPhase: an animation starts at the frame after its style was
// computed; each frame reports the phase changes since the previous one (several
// iterations in one frame give one animationiteration, the last).
func TestCSSAnimationEventsByPhase(t *testing.T) {
	src := parsePage(t, `<style>@keyframes k { to { left: 100px } }
		#box { position: absolute; animation: k 100ms linear 3 }</style><body><div id=box></div></body>`)
	e := NewEngine(src, 800, 600)
	e.Style()
	for _, step := range []struct {
		now  float64
		want string
	}{
		{1000, "animationstart k 0"},
		{1050, ""},
		{1120, "animationiteration k 0.1"},
		{1290, "animationiteration k 0.2"},
		{1300, "animationend k 0.3"},
		{1400, ""},
	} {
		if got := strings.Join(frameAt(e, step.now), ", "); got != step.want {
			t.Errorf("at %v: %q, want %q", step.now, got, step.want)
		}
	}
	st := e.states[byID(src.doc, "box")]
	if st.used.inset[3] != st.base.inset[3] {
		t.Errorf("after the end left is %v, want the base value", st.used.inset[3])
	}
}

// TestAnimationEventsSortedByScheduledTime: events queued in one update are dispatched
// by their scheduled event time, whatever the animations' order.
func TestAnimationEventsSortedByScheduledTime(t *testing.T) {
	src := parsePage(t, `<style>@keyframes k { to { opacity: 0 } }
		#a { animation: k 100ms linear } #b { animation: k 30ms linear 10ms }</style>
		<body><div id=a></div><div id=b></div></body>`)
	e := NewEngine(src, 800, 600)
	e.Style()
	got := strings.Join(frameAt(e, 0), ", ")
	if got != "animationstart k 0" {
		t.Fatalf("first frame: %q", got)
	}
	// At 200 ms: a ended at 100, b started at 10 and ended at 40.
	got = strings.Join(frameAt(e, 200), ", ")
	if want := "animationstart k 0, animationend k 0.03, animationend k 0.1"; got != want {
		t.Errorf("events %q, want %q", got, want)
	}
}

// TestZeroDurationInfiniteAnimation: animation-duration 0s with infinite iterations has an
// active duration of 0 (not NaN): it starts and ends at once.
func TestZeroDurationInfiniteAnimation(t *testing.T) {
	src := parsePage(t, `<style>@keyframes k { to { left: 100px } }
		#box { position: absolute; animation: k 0s infinite forwards }</style><body><div id=box></div></body>`)
	e := NewEngine(src, 800, 600)
	e.Style()
	if got := strings.Join(frameAt(e, 0), ", "); got != "animationstart k 0, animationend k 0" {
		t.Errorf("events %q", got)
	}
	st := e.states[byID(src.doc, "box")]
	if l := st.used.inset[3]; l.v != 100 || math.IsNaN(l.v) {
		t.Errorf("filled left %v, want 100px (the end of an infinite iteration count)", l)
	}
	if got := frameAt(e, 16); len(got) != 0 || e.NeedsUpdate(16) {
		t.Errorf("later frames: %q, needs update %v", got, e.NeedsUpdate(16))
	}
}

// TestPendingEventQueueBounded: a page that keeps cancelling animations cannot grow the
// queue without bound; the surplus is counted.
func TestPendingEventQueueBounded(t *testing.T) {
	src := parsePage(t, `<body><div id=box></div></body>`)
	e := NewEngine(src, 800, 600)
	e.Style()
	n := byID(src.doc, "box")
	for i := 0; i < MaxPendingAnimationEvents+10; i++ {
		a, err := e.Animate(n, nil, TimingInput{Duration: 10, Iterations: 1, Easing: "linear"})
		if err != nil {
			t.Fatal(err)
		}
		a.SetOwner(i) // as the DOM's Animation object: cancel events are for it
		a.Play()
		a.Cancel()
	}
	evs, dropped := e.TakeAnimationEvents()
	if len(evs) != MaxPendingAnimationEvents || dropped != 10 {
		t.Errorf("%d events, %d dropped", len(evs), dropped)
	}
}

// BenchmarkTenThousandAnimations: one frame (update animations, style, layout, paint) of
// a page where 10,000 elements each run a CSS animation of opacity and left.
func BenchmarkTenThousandAnimations(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<style>@keyframes k { from { opacity: 0; left: 0px } to { opacity: 1; left: 50px } }
		div { position: absolute; width: 4px; height: 4px; background: teal; animation: k 1s linear infinite }</style><body>`)
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&sb, `<div style="top: %dpx"></div>`, i%500)
	}
	src := parsePage(b, sb.String())
	e := NewEngine(src, 800, 600)
	renderFrame(e, 0)
	renderFrame(e, 16)
	var update, style time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		e.UpdateAnimations(32 + float64(i)*16.7)
		e.TakeAnimationEvents()
		t1 := time.Now()
		e.Style()
		t2 := time.Now()
		e.Layout()
		e.Paint()
		update, style = update+t1.Sub(t0), style+t2.Sub(t1)
	}
	n := float64(b.N) * 1e3
	b.ReportMetric(float64(update.Nanoseconds())/n, "update-µs")
	b.ReportMetric(float64(style.Nanoseconds())/n, "style-µs")
}

// TestSimpleIterationProgressIsMod: the simple iteration progress's fast remainder is
// math.Mod's, bit for bit, for overall progresses small and large, fractional and whole.
func TestSimpleIterationProgressIsMod(t *testing.T) {
	tm := effectTiming{duration: 100, iterations: math.Inf(1)}
	for _, x := range []float64{1e-300, 0.1, 0.5, 1, 1.0000000000000002, 2.9999999999999996, 3, 7.3, 123456.789,
		1 << 51, 1<<52 - 0.5, 1 << 52, 1e17, 0.1 + 0.2, 41.3 / 7} {
		if got, want := tm.simpleIterationProgress(x, 0, phaseBefore), math.Mod(x, 1); got != want {
			t.Errorf("%v: %v, want math.Mod's %v", x, got, want)
		}
	}
}
