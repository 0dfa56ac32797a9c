package page

import (
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"loopscope/loop"
)

// BenchmarkMicrotaskBlockPage: the page of tools/chrome/bench/microtask-block.html (seed
// 003's long_microtasks: a task sets innerHTML and queues 250,000 promise jobs that each set
// innerHTML to a number). An op is one whole page run. blocked-ms is what the page prints
// (performance.now() from the task's start to a job queued behind all the others: the
// figure Chromium prints for the same script): wall time in real-time, as the CLI runs it
// by default; in virtual-time, the CPU time of the thread that runs the script (-virtual-time),
// which a loaded machine disturbs less. peak-heap-MB is the most the Go heap's objects took
// (live and not yet collected), peak-mapped-MB the most memory the Go runtime held from the
// OS (close to the process's peak RSS), both sampled every 2 ms.
func BenchmarkMicrotaskBlockPage(b *testing.B) {
	src, err := os.ReadFile("../tools/chrome/bench/microtask-block.html")
	if err != nil {
		b.Fatal(err)
	}
	for _, virtual := range []bool{false, true} {
		name := "real-time"
		if virtual {
			name = "virtual-time"
		}
		b.Run(name, func(b *testing.B) {
			var blocked, peakHeap, peakMapped float64
			for i := 0; i < b.N; i++ {
				runtime.GC()
				con := &blockedConsole{blocked: -1}
				p, err := New(src, "file:///microtask-block.html", "", Options{VirtualTime: virtual, Console: con, ScriptTimeout: -1, MaxHeap: -1})
				if err != nil {
					b.Fatal(err)
				}
				stop := sampleMemory()
				p.Run(loop.RunOptions{StopWhenQuiet: true, Until: 60000})
				heap, mapped := stop()
				if con.blocked < 0 || len(con.errors) > 0 {
					b.Fatalf("the page printed no time (console errors: %q)", con.errors)
				}
				blocked += con.blocked
				peakHeap = max(peakHeap, float64(heap)/(1<<20))
				peakMapped = max(peakMapped, float64(mapped)/(1<<20))
				runtime.KeepAlive(p)
			}
			b.ReportMetric(blocked/float64(b.N), "blocked-ms")
			b.ReportMetric(peakHeap, "peak-heap-MB")
			b.ReportMetric(peakMapped, "peak-mapped-MB")
		})
	}
}

// blockedConsole keeps the number of the page's "blocked N ms" line.
type blockedConsole struct {
	blocked float64
	errors  []string
}

func (c *blockedConsole) Message(level, text string) {
	if s, ok := strings.CutPrefix(text, "blocked "); ok {
		if v, err := strconv.ParseFloat(strings.TrimSuffix(s, " ms"), 64); err == nil {
			c.blocked = v
		}
	}
}
func (c *blockedConsole) Error(text string) { c.errors = append(c.errors, text) }

// sampleMemory samples the Go heap's object bytes and the memory mapped from the OS (total
// minus released) every 2 ms until the returned function is called, which gives the peaks.
func sampleMemory() func() (heap, mapped uint64) {
	var mu sync.Mutex
	var peakHeap, peakMapped uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	read := func() {
		metrics.Read(s)
		mu.Lock()
		peakHeap = max(peakHeap, s[0].Value.Uint64())
		peakMapped = max(peakMapped, s[1].Value.Uint64()-s[2].Value.Uint64())
		mu.Unlock()
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				read()
			}
		}
	}()
	return func() (uint64, uint64) {
		close(done)
		<-finished
		read()
		mu.Lock()
		defer mu.Unlock()
		return peakHeap, peakMapped
	}
}
