package render

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkScrollFrame10000Lines is a frame after a 40 px scroll of the viewport of a page
// of 10,000 lines of text: no style or layout work, the display list kept and the last
// frame's pixels moved, the uncovered strip rastered. ms/frame is wall time, cpu-ms/frame
// the process's CPU time (steadier on a shared machine). Chromium's side:
// tools/chrome/bench/scroll.mjs.
func BenchmarkScrollFrame10000Lines(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("<style>body { margin: 8px; font-size: 14px }</style>")
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&sb, "<div>line %d of a long page, scrolled by the wheel</div>", i)
	}
	src := parsePage(b, sb.String())
	e := NewEngine(src, 800, 600)
	prev := renderFrame(e, 0)
	_, maxY, _ := e.ScrollRange(nil)
	if maxY < 100000 {
		b.Fatalf("the page is only %v px longer than the viewport", maxY)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu0 := time.Now(), cpuTime()
	for i := 0; i < b.N; i++ {
		e.ScrollTo(nil, 0, float64((i*40)%int(maxY)))
		img := renderFrame(e, float64(i)*16.7)
		e.Recycle(prev)
		prev = img
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/frame")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/frame")
}

// cpuTime is the process's CPU time (user and system): on a shared machine it varies far
// less than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
