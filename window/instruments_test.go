//go:build !headless

// These tests need no window, but the package imports Ebiten, which needs an X display
// to initialise (./test.sh runs them under xvfb-run); without one, displaycheck says so.
package window

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	_ "earlyinit.loopscope/displaycheck"

	"loopscope/page"
)

// TestHUDMetrics: frames per second, frame intervals, busy share, idle time and the click
// latency come out of the trace as defined.
func TestHUDMetrics(t *testing.T) {
	var spans []page.Span
	for i := 0; i <= 120; i++ { // 2 s of 60 Hz frames ending at 2000
		ft := float64(i) * 1000 / 60
		spans = append(spans, page.Span{Kind: page.KindFrame, Start: ft, End: ft},
			page.Span{Kind: page.KindRendering, Start: ft + 1, End: ft + 3}) // 2 ms each
	}
	spans = append(spans,
		page.Span{Kind: page.KindTask, Name: "click", Source: page.SourceUserInteraction, Start: 1500, End: 1600},
		page.Span{Kind: page.KindEventDispatch, Name: "click", Start: 1502, End: 1599},
		page.Span{Kind: page.KindLongTask, Name: "click", Start: 1500, End: 1600},
		page.Span{Kind: page.KindIdlePeriod, Start: 1700, End: 1710, Deadline: 1716, Used: 4},
		page.Span{Kind: page.KindScriptStopped, Name: "script stopped after 5s (-script-timeout): task \"a\"", Start: 1800, End: 1800},
		page.Span{Kind: page.KindScriptStopped, Name: "script stopped after 5s (-script-timeout): task \"b\"", Start: 1900, End: 1900})
	var m hudMetrics
	m.measure(spans, 2000, 1499)
	if m.fps != 60 {
		t.Errorf("fps = %d, want 60 (frames in the last second)", m.fps)
	}
	if len(m.intervals) != 120 || math.Abs(m.intervals[0]-1000.0/60) > 1e-9 { // frames in (0, 2000]
		t.Errorf("intervals: %d, want 120 of 16.7 ms", len(m.intervals))
	}
	// Busy: 60 rendering updates of 2 ms and the 100 ms task in the last second.
	if want := (60*2.0 + 100) / 1000; math.Abs(m.busy-want) > 0.005 {
		t.Errorf("busy = %.3f, want %.3f", m.busy, want)
	}
	if m.idleOffered != 16 || m.idleUsed != 4 {
		t.Errorf("idle offered %v used %v, want 16 and 4", m.idleOffered, m.idleUsed)
	}
	if !m.haveClick || m.clickLatency != 3 {
		t.Errorf("click latency %v (%v), want 3 ms from input to the listener's dispatch", m.clickLatency, m.haveClick)
	}
	if m.longTasks != 1 || m.renderDelay != 1 {
		t.Errorf("long tasks %d, render delay %v; want 1 and 1", m.longTasks, m.renderDelay)
	}
	if m.stops != 2 || !strings.HasSuffix(m.lastStop.Name, `task "b"`) {
		t.Errorf("script stops %d, newest %q; want 2, the one of task b", m.stops, m.lastStop.Name)
	}
}

// TestTimelineRasterAndClick: a span lands in the row of its frame at its offset, paint
// covers the task it is in, and a click selects the innermost span under the pointer.
func TestTimelineRasterAndClick(t *testing.T) {
	base := 1000.0 // the bottom row covers [1000, 1016.7)
	spans := []page.Span{
		{Kind: page.KindTask, Name: "t", Start: base - tlInterval + 2, End: base - tlInterval + 12},
		{Kind: page.KindFunctionCall, Name: "onTimer", Start: base - tlInterval + 4, End: base - tlInterval + 6},
		{Kind: page.KindPaint, Start: base + 8, End: base + 9},
	}
	var tl timeline
	tl.rasterize(spans, base)
	px := func(ms float64) int { return int(ms * tlGridW / tlInterval) }
	row1 := tl.cats[(tlRows-2)*tlGridW:] // the row above the bottom one
	if row1[px(3)] != catTask || row1[px(5)] != catScripting || row1[px(13)] != catNone {
		t.Errorf("row 1: at 3 ms %d, 5 ms %d, 13 ms %d; want task, scripting, none", row1[px(3)], row1[px(5)], row1[px(13)])
	}
	row0 := tl.cats[(tlRows-1)*tlGridW:]
	if row0[px(8.5)] != catPaint {
		t.Errorf("bottom row at 8.5 ms: %d, want paint", row0[px(8.5)])
	}
	tl.cur, tl.curBase = spans, base
	tl.click(tlLabelW+px(5), tlHeader+(tlRows-2)*tlRowH+1)
	if !tl.hasSel || tl.sel.Name != "onTimer" {
		t.Errorf("click on the callback selected %+v", tl.sel)
	}
	tl.click(tlLabelW+px(9), tlHeader+(tlRows-2)*tlRowH+1)
	if !tl.hasSel || tl.sel.Name != "t" {
		t.Errorf("click on the task outside its callback selected %+v", tl.sel)
	}
}

// TestDownscale: a thumbnail keeps where colours are.
func TestDownscale(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 800, 600))
	for y := 0; y < 600; y++ {
		for x := 0; x < 800; x++ {
			c := color.RGBA{255, 255, 255, 255}
			if x < 400 {
				c = color.RGBA{255, 0, 0, 255}
			}
			src.SetRGBA(x, y, c)
		}
	}
	dst := make([]byte, 4*thumbW*thumbH)
	downscale(src, dst)
	left, right := dst[4*(40*thumbW+10):], dst[4*(40*thumbW+thumbW-10):]
	if left[0] != 255 || left[1] != 0 || right[1] != 255 {
		t.Errorf("thumbnail: left %v, right %v; want red then white", left[:4], right[:4])
	}
}
