package page

import (
	"fmt"
	"image"
	"runtime"
	"strings"
	"testing"
	"time"

	"loopscope/internal/cputime"
	"loopscope/loop"
)

// BenchmarkTenThousandAnimationsFrame: one frame of a page where 10,000 (and 1,000)
// elements each run a CSS animation (issue 18's hostile case: bounded cost per frame): update animations
// and send events (every animation's update, the events of those that start an
// iteration), style, layout and paint, in CPU ms of the benchmark's thread per frame.
// "opacity" (0 to 1, the box staying in place) and "transform" (a fractional translation)
// are what a compositor animates (issue 29); "left" moves every box (a layout each frame).
// tools/chrome/bench/anims.mjs is Chromium's side. The paint is the page's step, which
// hands the frame before back to the engine (no 1.9 MB frame allocated a frame). The frame's
// parts are reported too: the update of animations with its events (anim-ms), the style
// step, where the compositor's plan runs (style-ms), layout and paint (a thread-CPU read
// more a part: a few µs a frame).
func BenchmarkTenThousandAnimationsFrame(b *testing.B) {
	keyframes := map[string]string{
		"opacity":   "from { opacity: 0 } to { opacity: 1 }",
		"transform": "from { transform: translateX(0) } to { transform: translateX(3.5px) }",
		"left":      "from { left: 0 } to { left: 1px }",
	}
	// "unlistened": no animationiteration listener, so no event is made (CHROME:
	// dom/listenertypes.go).
	for _, c := range []struct {
		prop, name string
		n          int
	}{{"opacity", "opacity", 1000}, {"opacity", "opacity", 10000}, {"transform", "transform", 10000},
		{"transform", "transform-unlistened", 10000}, {"left", "left", 10000}} {
		prop, n := c.prop, c.n
		b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
			var sb strings.Builder
			sb.WriteString(`<!DOCTYPE html><style>body { margin: 0 } @keyframes k { ` + keyframes[prop] + ` }
				div { position: absolute; width: 4px; height: 4px; background: teal; animation: k 1s linear infinite }</style><body>`)
			if c.name == prop {
				sb.WriteString(`<script>let n = 0; document.addEventListener('animationiteration', () => n++);</script>`)
			}
			for i := 0; i < n; i++ {
				fmt.Fprintf(&sb, `<div style="top: %dpx; animation-delay: -%dms"></div>`, i%600, i%1000)
			}
			_, frame := animatedPage(b, sb.String(), "file:///anims.html")
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			var parts framePartTimes
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := cputime.Thread()
				frame(&parts)
				cpu += cputime.Thread() - t0
			}
			b.StopTimer()
			perFrame := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / float64(b.N) }
			b.ReportMetric(perFrame(cpu), "cpu-ms/frame")
			for k, unit := range []string{"anim-ms", "style-ms", "layout-ms", "paint-ms"} {
				b.ReportMetric(perFrame(parts[k]), unit)
			}
		})
	}
}

// framePartTimes is the thread CPU time of a frame's parts, added up: the update of
// animations (with their events), style, layout and paint.
type framePartTimes [4]time.Duration

// animatedPage loads src under virtual time, runs it to 100 ms and returns it with frame:
// one 60 Hz frame of its rendering steps that animations touch (update animations, style,
// layout, and the page's paint step, which paints into the frame before), run once already;
// parts, when not nil, gets each part's time added.
func animatedPage(b *testing.B, src, url string) (*Page, func(parts *framePartTimes)) {
	b.Helper()
	p, err := New([]byte(src), url, "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		b.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 100})
	r := renderer{p}
	now := 200.0
	frame := func(parts *framePartTimes) {
		var t [5]time.Duration
		mark := func(k int) {
			if parts != nil {
				t[k] = cputime.Thread()
			}
		}
		mark(0)
		r.UpdateAnimations(now)
		mark(1)
		p.Engine.Style()
		mark(2)
		p.Engine.Layout()
		mark(3)
		r.Paint(now)
		mark(4)
		now += 1000.0 / 60
		if parts != nil {
			for k := range parts {
				parts[k] += t[k+1] - t[k]
			}
		}
	}
	frame(nil)
	return p, frame
}

// BenchmarkLayoutAnimationsFrame: one frame of a page of 1,000 in-flow block divs, each
// running a CSS animation of a property that changes its geometry (width, margin-left), in
// CPU ms of the benchmark's thread per frame, with the part each rendering stage takes and
// the boxes laid out. Each div's box changes every frame but none moves another: only the
// animated boxes (and their ancestors) need layout, and only what they cover needs paint.
func BenchmarkLayoutAnimationsFrame(b *testing.B) {
	for _, c := range []struct {
		prop, from, to string
		n              int
	}{{"width", "10px", "300px", 1000}, {"margin-left", "0px", "200px", 1000}} {
		c := c
		b.Run(fmt.Sprintf("%s/%d", c.prop, c.n), func(b *testing.B) {
			var sb strings.Builder
			sb.WriteString(`<!DOCTYPE html><style>body { margin: 0 } @keyframes k { from { ` + c.prop + `: ` + c.from + ` } to { ` + c.prop + `: ` + c.to + ` } }
				div { width: 100px; height: 2px; background: teal; animation: k 1s linear infinite }</style><body>`)
			for i := 0; i < c.n; i++ {
				fmt.Fprintf(&sb, `<div style="animation-delay: -%dms"></div>`, i%1000)
			}
			p, err := New([]byte(sb.String()), "file:///anims.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
			if err != nil {
				b.Fatal(err)
			}
			p.Run(loop.RunOptions{Until: 100})
			r := renderer{p}
			now := 200.0
			var tAnim, tStyle, tLayout, tPaint time.Duration
			laidOut, rastered := 0, 0
			var prev *image.RGBA
			frame := func() {
				t0 := cputime.Thread()
				r.UpdateAnimations(now)
				t1 := cputime.Thread()
				p.Engine.Style()
				t2 := cputime.Thread()
				p.Engine.Layout()
				t3 := cputime.Thread()
				img := p.Engine.Paint()
				t4 := cputime.Thread()
				if prev != nil && prev != img {
					p.Engine.Recycle(prev) // as the page does with the frame nobody shows any more
				}
				prev = img
				tAnim, tStyle, tLayout, tPaint = tAnim+t1-t0, tStyle+t2-t1, tLayout+t3-t2, tPaint+t4-t3
				laidOut += p.Engine.Work().LaidOut
				rastered += p.Engine.Work().Rastered
				now += 1000.0 / 60
			}
			frame()
			tAnim, tStyle, tLayout, tPaint, laidOut, rastered = 0, 0, 0, 0, 0, 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				frame()
			}
			b.StopTimer()
			per := float64(b.N) * 1e6 // ms
			b.ReportMetric(float64((tAnim+tStyle+tLayout+tPaint).Nanoseconds())/per, "cpu-ms/frame")
			b.ReportMetric(float64(tAnim.Nanoseconds())/per, "anim-ms")
			b.ReportMetric(float64(tStyle.Nanoseconds())/per, "style-ms")
			b.ReportMetric(float64(tLayout.Nanoseconds())/per, "layout-ms")
			b.ReportMetric(float64(tPaint.Nanoseconds())/per, "paint-ms")
			b.ReportMetric(float64(laidOut)/float64(b.N), "boxes-laid-out/frame")
			b.ReportMetric(float64(rastered)/float64(b.N), "px-rastered/frame")
		})
	}
}
