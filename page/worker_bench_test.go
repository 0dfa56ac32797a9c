package page

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"loopscope/internal/cputime"
	"loopscope/loop"
)

// BenchmarkWorkerMessages: tools/chrome/bench/worker-messages.html, 100,000 messages window
// -> worker -> window, on the real clock. An op is one page run; round-trip-ms is what the
// page prints (performance.now() from the first post to the last echo: the figure Chromium
// prints for the same script), cpu-ms the process's CPU time for the run.
func BenchmarkWorkerMessages(b *testing.B) {
	src, err := os.ReadFile("../tools/chrome/bench/worker-messages.html")
	if err != nil {
		b.Fatal(err)
	}
	var total, cpu float64
	for i := 0; i < b.N; i++ {
		con := &caseConsole{}
		p, err := New(src, "file:///worker-messages.html", "", Options{Console: con, ScriptTimeout: -1})
		if err != nil {
			b.Fatal(err)
		}
		cpu0 := cputime.ProcessCPU()
		RunToCompletion(p, 0, 60000)
		cpu += float64(cputime.ProcessCPU()-cpu0) / float64(time.Millisecond)
		if len(con.lines) != 1 || !strings.HasPrefix(con.lines[0], "round trips 100000 in ") {
			b.Fatalf("the page printed %q (errors %q)", con.lines, con.errors)
		}
		ms, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(con.lines[0], "round trips 100000 in "), " ms"), 64)
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "round-trip-ms")
	b.ReportMetric(cpu/float64(b.N), "cpu-ms")
}

// BenchmarkIdleWorkerCPU: what an idle worker costs when nothing happens: a page that starts
// a worker waiting for messages, measured over one second of real time once the worker is up
// (from 0.5 s to 1.5 s after the time origin), against the same page without the worker
// (cpu-ms per second of the whole process, the window's 60 Hz display included in both).
func BenchmarkIdleWorkerCPU(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "idle.js"), []byte(`onmessage = (e) => postMessage(e.data);`), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, withWorker := range []bool{false, true} {
		name := "no-worker"
		html := `<script>console.log('page')</script>`
		if withWorker {
			name = "idle-worker"
			html = `<script>const w = new Worker('idle.js'); console.log('page')</script>`
		}
		b.Run(name, func(b *testing.B) {
			var cpu float64
			for i := 0; i < b.N; i++ {
				p, err := New([]byte(html), "file://"+filepath.ToSlash(filepath.Join(dir, "page.html")), dir, Options{Console: &caseConsole{}})
				if err != nil {
					b.Fatal(err)
				}
				p.Loop.StopAt(500)
				p.Run(loop.RunOptions{})
				cpu0 := cputime.ProcessCPU()
				p.Loop.StopAt(1500)
				p.Run(loop.RunOptions{})
				cpu += float64(cputime.ProcessCPU()-cpu0) / float64(time.Millisecond)
				p.Close()
			}
			b.ReportMetric(cpu/float64(b.N), "cpu-ms/s")
		})
	}
}
