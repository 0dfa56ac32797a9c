package page

import (
	"os"
	"runtime"
	"testing"

	"loopscope/loop"
)

// BenchmarkSoakPageFrame: one 60 Hz frame of the soak page (testdata/hostile/soak.html: a
// rAF animation that creates and drops nodes every frame, a 100 ms setInterval rewriting
// the list with innerHTML, a MutationObserver), in virtual time: the script, style, layout
// and paint of a frame, the tasks between frames, and the DOM sweeps. An op is one frame
// (16.7 ms of page time); B/op is the garbage a frame makes, and retained-B is how much the
// live heap (after a GC) changed over the whole run, per frame: 0 for a page that leaks
// nothing.
func BenchmarkSoakPageFrame(b *testing.B) {
	src, err := os.ReadFile("../testdata/hostile/soak.html")
	if err != nil {
		b.Fatal(err)
	}
	p, err := New(src, "file:///soak.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		b.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 2000}) // loaded, animating, the trace ring warm
	before := liveHeap()
	frames := p.Loop.Stats().Frames
	b.ReportAllocs()
	b.ResetTimer()
	p.Run(loop.RunOptions{Until: p.Loop.Now() + float64(b.N)*1000/60})
	b.StopTimer()
	n := p.Loop.Stats().Frames - frames
	if n < b.N*9/10 {
		b.Fatalf("%d frames for %d ops", n, b.N)
	}
	after := liveHeap()
	b.ReportMetric((float64(after)-float64(before))/float64(b.N), "retained-B/op")
	runtime.KeepAlive(p)
}

// BenchmarkDeepChainAppend: a script builds a chain of 20,000 nested divs, each appended
// to the last. Each insertion checks that the node is not an ancestor of its new parent
// (DOM "ensure pre-insertion validity"); a node without children answers that at once,
// where walking the parent's ancestors made building the chain quadratic.
func BenchmarkDeepChainAppend(b *testing.B) {
	for i := 0; i < b.N; i++ {
		p, err := New([]byte(`<body><script>
let n = document.body;
for (let i = 0; i < 20000; i++) n = n.appendChild(document.createElement('div'));
</script>`), "file:///chain.html", "", Options{VirtualTime: true, Console: &countingConsole{}, ScriptTimeout: -1})
		if err != nil {
			b.Fatal(err)
		}
		p.Run(loop.RunOptions{Until: 1})
	}
}
