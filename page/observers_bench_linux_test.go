package page

import (
	"fmt"
	"runtime"
	"testing"

	"loopscope/internal/cputime"
	"loopscope/loop"
)

// BenchmarkObservedElementsFrame: one 60 Hz frame of a page of 1,000 divs, each observed by
// a ResizeObserver and an IntersectionObserver (or by none, the baseline), in virtual
// time; an op is one frame, the metric the CPU time of the page's thread per frame.
// "unchanged": a rAF callback that changes nothing (the observers check every target:
// gather at depth, compute 1,000 intersections); "resized": the rAF callback changes every
// div's width, so the frame lays out and paints again, the ResizeObserver delivers 1,000
// entries and the intersections are computed again.
func BenchmarkObservedElementsFrame(b *testing.B) {
	for _, change := range []string{"unchanged", "resized"} {
		for _, observed := range []bool{false, true} {
			name := change + "/none"
			if observed {
				name = change + "/resize+intersection"
			}
			b.Run(name, func(b *testing.B) { benchObservedFrame(b, 1000, observed, change == "resized") })
		}
	}
}

func benchObservedFrame(b *testing.B, n int, observed, resize bool) {
	src := divsPage(n)
	src = append(src, fmt.Sprintf(`<script>
	const els = [...document.querySelectorAll('.d')];
	let entries = 0, frame = 0;
	if (%t) {
		const ro = new ResizeObserver((e) => { entries += e.length; });
		const io = new IntersectionObserver((e) => { entries += e.length; });
		for (const el of els) { ro.observe(el); io.observe(el); }
	}
	requestAnimationFrame(function f() {
		frame++;
		if (%t) for (const el of els) el.style.width = (frame %% 2 ? 100 : 101) + 'px';
		requestAnimationFrame(f);
	});
	</script>`, observed, resize)...)
	p, err := New(src, "file:///observed.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		b.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p.Run(loop.RunOptions{Until: 500}) // loaded, the first notifications delivered
	frames := p.Loop.Stats().Frames
	b.ResetTimer()
	t0 := cputime.Thread()
	p.Run(loop.RunOptions{Until: p.Loop.Now() + float64(b.N)*1000/60})
	cpu := cputime.Thread() - t0
	b.StopTimer()
	if got := p.Loop.Stats().Frames - frames; got < b.N*9/10 {
		b.Fatalf("%d frames for %d ops", got, b.N)
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/1e6, "cpu-ms/frame")
}
