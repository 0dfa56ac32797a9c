//go:build !headless

// These tests need no window, but the package imports Ebiten, which needs an X display
// to initialise (./test.sh runs them under xvfb-run); without one, displaycheck says so.
package window

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	_ "earlyinit.loopscope/displaycheck"

	"loopscope/instruments"
	"loopscope/page"
)

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

// TestDownscaleSamples: each thumbnail pixel is the mean of the four samples at a quarter
// and three quarters of its box in src, per channel, for any size and origin of src.
func TestDownscaleSamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	for _, r := range []image.Rectangle{image.Rect(0, 0, 800, 600), image.Rect(3, 5, 3+517, 5+389), image.Rect(0, 0, 50, 40)} {
		src := image.NewRGBA(r)
		for i := range src.Pix {
			src.Pix[i] = byte(rng.IntN(256))
		}
		dst := make([]byte, 4*thumbW*thumbH)
		downscale(src, dst)
		w, h := r.Dx(), r.Dy()
		for y := 0; y < thumbH; y++ {
			for x := 0; x < thumbW; x++ {
				var sum [4]int
				for _, o := range [4][2]int{{1, 1}, {3, 1}, {1, 3}, {3, 3}} {
					c := src.RGBAAt(r.Min.X+(x*4+o[0])*w/(thumbW*4), r.Min.Y+(y*4+o[1])*h/(thumbH*4))
					sum[0], sum[1], sum[2], sum[3] = sum[0]+int(c.R), sum[1]+int(c.G), sum[2]+int(c.B), sum[3]+int(c.A)
				}
				j := 4 * (y*thumbW + x)
				for c := range 4 {
					if got, want := dst[j+c], byte(sum[c]/4); got != want {
						t.Fatalf("%v: thumbnail pixel (%d, %d) channel %d is %d, want %d", r, x, y, c, got, want)
					}
				}
			}
		}
	}
}

// hudReportPage keeps every figure busy for less than a second of page time: frames (rAF),
// idle periods, a real click whose listener is a long task.
const hudReportPage = `<!doctype html>
<div id="box" style="width:100px; height:100px; background:#3a7bd5"></div>
<script>
const box = document.getElementById('box');
function move(t) { box.style.marginLeft = (t / 8 % 200) + 'px'; requestAnimationFrame(move); }
requestAnimationFrame(move);
function idle(d) { const s = performance.now(); while (performance.now() - s < 1 && d.timeRemaining() > 1) {} requestIdleCallback(idle); }
requestIdleCallback(idle);
box.addEventListener('click', () => { const s = performance.now(); while (performance.now() - s < 60) {} });
</script>`

// TestHUDAgreesWithReport: on one run, the HUD (over its last second, which holds the whole
// run) and -report (over the whole run) print the same figures from the same trace:
// frames, frame intervals, long tasks, idle time offered and used, the click's latency.
func TestHUDAgreesWithReport(t *testing.T) {
	p, err := page.New([]byte(hudReportPage), "file:///hud.html", "", page.Options{VirtualTime: true})
	if err != nil {
		t.Fatal(err)
	}
	p.Schedule(page.Action{AtMS: 200, Click: "#box", Kind: "real"})
	page.RunToCompletion(p, 600, 600)
	spans, now := p.Spans(), p.Now()
	if now >= 1000 {
		t.Fatalf("the run ended at %.1f ms of page time: past the HUD's second", now)
	}

	var report bytes.Buffer
	instruments.NewReport(spans, p.Stats()).Write(&report)
	var frames, intervals, longTasks, clicks int
	var offered, used, clickMS float64
	for _, ln := range strings.Split(report.String(), "\n") {
		ln = strings.TrimSpace(ln)
		switch {
		case strings.HasPrefix(ln, "frames "):
			fmt.Sscanf(ln, "frames %d (%d presented intervals)", &frames, &intervals)
		case strings.HasPrefix(ln, "tasks "):
			fmt.Sscanf(ln[strings.Index(ln, "(long"):], "(long tasks > 50 ms: %d)", &longTasks)
		case strings.HasPrefix(ln, "idle time "):
			fmt.Sscanf(ln, "idle time offered %f ms, used %f ms", &offered, &used)
		case strings.HasPrefix(ln, "click latency "):
			fmt.Sscanf(ln, "click latency p50 %f ms  max %f ms (%d clicks)", &clickMS, new(float64), &clicks)
		}
	}
	if frames < 10 || longTasks != 1 || used == 0 || clicks != 1 {
		t.Fatalf("the run did not exercise the figures (frames %d, long tasks %d, idle used %v, clicks %d):\n%s",
			frames, longTasks, used, clicks, report.String())
	}

	// The HUD, with the click's input at its task's start (headless, the report's input).
	clickAt := -1.0
	for _, s := range spans {
		if s.Kind == page.KindTask && s.Source == page.SourceUserInteraction && s.Name == "click" {
			clickAt = s.Start
		}
	}
	var m hudMetrics
	m.measure(spans, now, clickAt)
	hud := map[string]string{}
	m.lines(func(s string, _ color.Color) {
		if k, _, ok := strings.Cut(s, " "); ok && hud[k] == "" {
			hud[k] = s
		}
	})
	var hudLong int
	var hudOffered, hudUsed, hudClick float64
	fmt.Sscanf(hud["long"], "long tasks %d;", &hudLong)
	fmt.Sscanf(hud["idle"], "idle last 1 s: offered %f ms, used %f", &hudOffered, &hudUsed)
	fmt.Sscanf(hud["last"], "last real click: input→listener %f ms", &hudClick)
	if m.fps() != frames || len(m.intervals) != intervals {
		t.Errorf("HUD: %d frames, %d intervals; report: %d frames, %d intervals", m.fps(), len(m.intervals), frames, intervals)
	}
	if hudLong != longTasks || math.Abs(hudOffered-offered) > 0.55 || hudUsed != used || hudClick != clickMS {
		t.Errorf("HUD: long tasks %d, idle offered %v used %v, click %v ms; report: %d, %v, %v, %v ms\nHUD lines: %q\nreport:\n%s",
			hudLong, hudOffered, hudUsed, hudClick, longTasks, offered, used, clickMS, hud, report.String())
	}
}

// TestQueuesViewForgetsThePreviousPage (issue 25, defect 2): opening another page resets the
// queues view, so its code pane shows the new page's file, not the last stop of the previous
// demo ("…synthetic_click.html:35 (last stop)" was shown inside async1_async2).
func TestQueuesViewForgetsThePreviousPage(t *testing.T) {
	q := &queuesView{last: page.StackFrame{Name: "onClick", File: "file:///demos/bossfight_synthetic_click.html", Line: 35},
		selected: 2, stackSig: "onClick|click|script", logBack: 3, dump: 1}
	var pv paneView = q
	pv.reset()
	if q.last != (page.StackFrame{}) || q.selected != 0 || q.stackSig != "" || q.logBack != 0 {
		t.Errorf("after reset the view keeps the previous page's state: last %+v, selected %d, stack %q, log back %d",
			q.last, q.selected, q.stackSig, q.logBack)
	}
	if q.dump != 1 {
		t.Errorf("reset forgot the dump setting")
	}
}

// TestElideKeepsTheEnd (issue 25, defect 5): a line cut to fit keeps its start and its end,
// so two lines that differ only at the end stay different ("execute requestIdleCallback"
// and "… 2" were both "execute requestIdleC…"), it is cut by the pixels there are (a name
// with room to spare is whole), and what is drawn fits.
func TestElideKeepsTheEnd(t *testing.T) {
	f := loadFonts()
	const px = 120
	a := elide(f.regular, "execute requestIdleCallback", px)
	b := elide(f.regular, "execute requestIdleCallback 2", px)
	if a == b || !strings.HasSuffix(b, "2") || !strings.HasPrefix(b, "exec") || !strings.Contains(b, "…") {
		t.Errorf("elided to %d px: %q and %q, want both cut in the middle, different, the second ending in 2", px, a, b)
	}
	for _, s := range []string{a, b} {
		if w := width(f.regular, s); w > px {
			t.Errorf("%q is %d px wide, more than %d", s, w, px)
		}
	}
	if got := elide(f.regular, "MutationObserver callback", 250); got != "MutationObserver callback" {
		t.Errorf("with 250 px: %q, want the whole name", got)
	}
}

// TestHUDNewestFrameFromTheTrace (issue 25, defect 10): when the HUD's window of spans holds
// no frame and no idle period (the demo rendered and ran its idle callbacks before that
// window, or while the HUD was hidden), it shows the newest ones the trace keeps instead of
// "no frame yet" and "idle periods: none".
func TestHUDNewestFrameFromTheTrace(t *testing.T) {
	trace := []page.Span{
		{Kind: page.KindFrame, Start: 100, End: 100},
		{Kind: page.KindRendering, Name: "update the rendering", Start: 101.5, End: 103},
		{Kind: page.KindIdlePeriod, Start: 110, End: 150, Deadline: 150, Used: 3},
	}
	newest := func(k page.Kind) (page.Span, bool) {
		for i := len(trace) - 1; i >= 0; i-- {
			if trace[i].Kind == k {
				return trace[i], true
			}
		}
		return page.Span{}, false
	}
	var h hud
	h.m.measure(nil, 5000, -1) // 5 s later: nothing in the HUD's window
	h.m.olderThanWindow(newest)
	if !h.m.HaveFrame || h.m.FrameTime != 100 || h.m.RenderDelay != 1.5 {
		t.Errorf("frame: have %v, time %v, delay %v; want the trace's newest frame at 100 ms, rendering 1.5 ms after it",
			h.m.HaveFrame, h.m.FrameTime, h.m.RenderDelay)
	}
	if !h.m.HaveIdle || h.m.LastIdle.Start != 110 || h.m.LastIdle.Used != 3 {
		t.Errorf("idle: have %v, last %+v; want the trace's newest idle period", h.m.HaveIdle, h.m.LastIdle)
	}
}

// TestFontsDrawCJK (issue 25, defect 9): with Debian's fonts-noto-cjk installed, the shell's
// faces draw CJK text (the seeds' Chinese titles and sections were empty boxes): each
// character of "事件循环" is a full-width glyph (one em) of the CJK face, not the Go font's
// narrower box for a missing glyph; Latin text keeps the Go font's widths.
func TestFontsDrawCJK(t *testing.T) {
	if loadCJK() == nil {
		t.Skip("no CJK font installed (apt-get install fonts-noto-cjk)")
	}
	f := loadFonts()
	if w := width(f.regular, "事件循环"); w < 4*13-2 || w > 4*13+2 {
		t.Errorf("事件循环 is %d px wide in the 13 px face, want four full-width glyphs (52 px)", w)
	}
	if w, want := width(f.regular, "script start"), width(&text.GoTextFace{Source: goRegular(t), Size: 13}, "script start"); w != want {
		t.Errorf("Latin text: %d px, the Go font alone: %d px", w, want)
	}
}

func goRegular(t *testing.T) *text.GoTextFaceSource {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		t.Fatal(err)
	}
	return src
}
