package page

import (
	"fmt"
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
// "opacity" animates a paint-only property; "left" moves every box (a layout each frame).
func BenchmarkTenThousandAnimationsFrame(b *testing.B) {
	for _, c := range []struct {
		prop string
		n    int
	}{{"opacity", 1000}, {"opacity", 10000}, {"left", 10000}} {
		prop, n := c.prop, c.n
		b.Run(fmt.Sprintf("%s/%d", prop, n), func(b *testing.B) {
			var sb strings.Builder
			sb.WriteString(`<!DOCTYPE html><style>body { margin: 0 } @keyframes k { from { ` + prop + `: 0 } to { ` + prop + `: 1px } }
				div { position: absolute; width: 4px; height: 4px; background: teal; animation: k 1s linear infinite }</style><body>
				<script>let n = 0; document.addEventListener('animationiteration', () => n++);</script>`)
			for i := 0; i < n; i++ {
				fmt.Fprintf(&sb, `<div style="top: %dpx; animation-delay: -%dms"></div>`, i%600, i%1000)
			}
			p, err := New([]byte(sb.String()), "file:///anims.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
			if err != nil {
				b.Fatal(err)
			}
			p.Run(loop.RunOptions{Until: 100})
			r := renderer{p}
			now := 200.0
			frame := func() {
				r.UpdateAnimations(now)
				p.Engine.Style()
				p.Engine.Layout()
				p.Engine.Paint()
				now += 1000.0 / 60
			}
			frame()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := cputime.Thread()
				frame()
				cpu += cputime.Thread() - t0
			}
			b.StopTimer()
			b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/frame")
		})
	}
}
