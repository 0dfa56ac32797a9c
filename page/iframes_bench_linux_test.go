package page

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"loopscope/dom"
	"loopscope/internal/cputime"
	"loopscope/loop"
)

// BenchmarkIframeLayoutFrame: one frame that lays out 10,000 block elements again, held by
// 10 iframes' documents of 1,000 each ("iframes") or by 10 divs of the top-level document
// ("top"): every frame each document's body (or each div) changes its width, so that every
// element is laid out again; style, layout (the iframes' documents after the page's, each
// sized to its iframe) and paint (the iframes' frames drawn into the page's), in CPU ms of
// the benchmark's thread per frame.
func BenchmarkIframeLayoutFrame(b *testing.B) {
	const n, per = 10, 1000
	blocks := strings.Repeat("<div></div>", per)
	style := "<style>body { margin: 0 } div { height: 1px; margin-bottom: 1px; background: rgb(0, 0, 255) }</style>"
	var top, inFrames strings.Builder
	top.WriteString("<!doctype html>" + strings.ReplaceAll(style, "div {", ".c > div {") + "<body style='margin: 0'>")
	inFrames.WriteString("<!doctype html><style>iframe { border: 0; width: 300px; height: 100px }</style><body style='margin: 0'>")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&top, "<div class=c style='width: 300px; height: 100px; overflow: hidden'>%s</div>", blocks)
		fmt.Fprintf(&inFrames, "<iframe srcdoc=\"<!doctype html>%s<body style='width: 300px'>%s\"></iframe>", style, blocks)
	}
	for _, tc := range []struct {
		name, src string
		targets   func(p *Page) []*dom.Node // what changes its width each frame
	}{
		{"iframes-10x1000", inFrames.String(), func(p *Page) []*dom.Node {
			var out []*dom.Node
			for _, cf := range p.childFrames() {
				out = append(out, cf.doc.Body())
			}
			return out
		}},
		{"top-10000", top.String(), func(p *Page) []*dom.Node {
			var out []*dom.Node
			for c := p.Doc.Body().FirstChild(); c != nil; c = c.NextSibling() {
				out = append(out, c)
			}
			return out
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p, err := New([]byte(tc.src), "file:///iframes.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
			if err != nil {
				b.Fatal(err)
			}
			defer p.Close()
			p.Run(loop.RunOptions{Until: 500})
			targets := tc.targets(p)
			if len(targets) != n {
				b.Fatalf("%d targets", len(targets))
			}
			r := renderer{p}
			now := 1000.0
			frame := func(i int) {
				for _, t := range targets {
					t.SetAttribute("style", fmt.Sprintf("width: %dpx; height: 100px; overflow: hidden", 290+i%2*10))
				}
				r.UpdateAnimations(now)
				r.Style()
				r.Layout()
				r.Paint(now)
				now += 1000.0 / 60
			}
			frame(1)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := cputime.Thread()
				frame(i)
				cpu += cputime.Thread() - t0
			}
			b.StopTimer()
			laid := p.Engine.Work().LaidOut
			for _, cf := range p.childFrames() {
				laid += cf.eng.Work().LaidOut
			}
			if laid < n*per {
				b.Fatalf("%d boxes laid out in the last frame", laid)
			}
			b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/frame")
		})
	}
}
