package page

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"loopscope/internal/cputime"
)

// BenchmarkHundredBoxesFrame: one frame of the page scripts/window-vs-ebiten.sh animates in
// the window (issue 29's window line): 100 boxes of 40×40 px in ten rows, each sliding by a
// CSS animation of transform (or left) over 300 px. In CPU ms of the benchmark's thread per
// frame, with the pixels rastered a frame: what the window's page costs it at 60 Hz besides
// presenting.
func BenchmarkHundredBoxesFrame(b *testing.B) {
	for _, prop := range []string{"transform", "left"} {
		b.Run(prop, func(b *testing.B) {
			from, to := "transform: translateX(0)", "transform: translateX(300px)"
			if prop == "left" {
				from, to = "left: 0", "left: 300px"
			}
			var sb strings.Builder
			fmt.Fprintf(&sb, `<!doctype html><style>body { margin: 0 } @keyframes slide { from { %s } to { %s } }
.b { position: absolute; width: 40px; height: 40px; background: #3a7; animation: slide 2s linear infinite alternate }</style>`, from, to)
			for i := 0; i < 100; i++ {
				fmt.Fprintf(&sb, `<div class=b style="left: %dpx; top: %dpx; animation-delay: -%dms"></div>`, 20+i%10*44, 20+i/10*56, i*10%2000)
			}
			p, frame := animatedPage(b, sb.String(), "file:///boxes.html")
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			rastered := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := cputime.Thread()
				frame(nil)
				cpu += cputime.Thread() - t0
				rastered += p.Engine.Work().Rastered
			}
			b.StopTimer()
			b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/frame")
			b.ReportMetric(float64(rastered)/float64(b.N), "rastered-px/frame")
		})
	}
}
