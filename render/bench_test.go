package render

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// benchFrames runs full frames (cascade, layout, paint) of a page whose DOM changes
// before every frame; frames are handed back with Recycle as the window does.
func benchFrames(b *testing.B, page string, recycle bool) {
	src := parsePage(b, page)
	e := NewEngine(src, 800, 600)
	renderFrame(e, 0)
	prev := renderFrame(e, 0)
	var style, layout, paint time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src.bump()
		e.UpdateAnimations(float64(i) * 16.7)
		t0 := time.Now()
		e.Style()
		t1 := time.Now()
		e.Layout()
		t2 := time.Now()
		img := e.Paint()
		t3 := time.Now()
		style, layout, paint = style+t1.Sub(t0), layout+t2.Sub(t1), paint+t3.Sub(t2)
		if recycle {
			e.Recycle(prev) // the window hands back the frame it stopped showing
		}
		prev = img
	}
	n := float64(b.N) * 1e3 // µs
	b.ReportMetric(float64(style.Nanoseconds())/n, "style-µs")
	b.ReportMetric(float64(layout.Nanoseconds())/n, "layout-µs")
	b.ReportMetric(float64(paint.Nanoseconds())/n, "paint-µs")
}

func readPage(b *testing.B, name string) string {
	raw, err := readFileString("testdata/chrome/" + name + ".html")
	if err != nil {
		b.Fatal(err)
	}
	return raw
}

// BenchmarkFrame is style+layout+paint of each test page at 800×600 after a DOM change.
func BenchmarkFrame(b *testing.B) {
	for _, name := range []string{"demo_rendering", "blocks", "inline", "positioned", "stacking"} {
		page := readPage(b, name)
		b.Run(name, func(b *testing.B) { benchFrames(b, page, true) })
	}
	b.Run("demo_rendering-no-recycle", func(b *testing.B) { benchFrames(b, readPage(b, "demo_rendering"), false) })
}

// BenchmarkUnchangedFrame is the cost of a frame when nothing changed: NeedsUpdate says
// so, and Style, Layout and Paint (if called anyway) return at once.
func BenchmarkUnchangedFrame(b *testing.B) {
	src := parsePage(b, readPage(b, "stacking"))
	e := NewEngine(src, 800, 600)
	renderFrame(e, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		now := float64(i) * 16.7
		if e.NeedsUpdate(now) {
			b.Fatal("unchanged page needs an update")
		}
		renderFrame(e, now)
	}
}

// BenchmarkTextHeavy paints 40 lines of text every frame (the glyph cache at work).
func BenchmarkTextHeavy(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<body style="margin:4px; font-size: 13px; line-height: 14px">`)
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&sb, "<div>Line %d: the quick brown fox jumps over the lazy dog, 0123456789 times (%d).</div>", i, i*i)
	}
	benchFrames(b, sb.String(), true)
}

// BenchmarkTransitionFrame is a frame of a running transition with no DOM change.
func BenchmarkTransitionFrame(b *testing.B) {
	src := parsePage(b, `<style>#box { width: 100px; height: 100px; background: red; transition: transform 1000000s linear }</style><div id=box></div>`)
	e := NewEngine(src, 800, 600)
	renderFrame(e, 0)
	setAttr(byID(src.doc, "box"), "style", "transform: translateX(500px)")
	src.bump()
	renderFrame(e, 0)
	b.ReportAllocs()
	b.ResetTimer()
	prev := renderFrame(e, 0)
	for i := 0; i < b.N; i++ {
		img := renderFrame(e, float64(i+1)*16.7)
		e.Recycle(prev)
		prev = img
	}
	if len(e.running) != 1 {
		b.Fatal("transition not running")
	}
}

// BenchmarkLargePage is a full frame of a page with 600 elements after a DOM change.
func BenchmarkLargePage(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<style>.row { padding: 2px; border-bottom: 1px solid #ccc } .row span.n { font-weight: bold } #list li:nth-child(odd) { background: #eef }</style><ul id=list>`)
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&sb, `<li class=row><span class=n>%d</span> item <b>%d</b></li>`, i, i)
	}
	sb.WriteString(`</ul>`)
	benchFrames(b, sb.String(), true)
}
