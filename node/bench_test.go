package node

import (
	"io"
	"testing"
	"time"

	"loopscope/internal/cputime"
)

// The same scripts run in node 20 for the comparison (node testdata/node/bench/NAME.js prints
// its own time, measured with process.hrtime from the first callback queued to the last run).
// Real clock, as node: virtual time would add a thread-CPU-clock read per call. cpu-ms/op is
// the process's CPU time a run (user and system): on a shared machine it varies much less
// than the wall time, and compares with node's user+sys for the same script.
func benchScript(b *testing.B, file string) {
	cpu0 := cputime.ProcessCPU()
	defer func() {
		b.ReportMetric(float64(cputime.ProcessCPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}()
	for i := 0; i < b.N; i++ {
		p, err := New("../testdata/node/bench/"+file, Options{Stdout: io.Discard, Stderr: io.Discard, ScriptTimeout: -1})
		if err != nil {
			b.Fatal(err)
		}
		if code := p.Run(); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkNodeImmediates: 100,000 setImmediate, each queued by the one before.
func BenchmarkNodeImmediates(b *testing.B) { benchScript(b, "immediates.js") }

// BenchmarkNodeNextTicks: 100,000 process.nextTick, each queued by the one before.
func BenchmarkNodeNextTicks(b *testing.B) { benchScript(b, "nextticks.js") }

// BenchmarkNodeTimers: 100,000 setTimeout(f, 0) queued at once.
func BenchmarkNodeTimers(b *testing.B) { benchScript(b, "timers.js") }

// BenchmarkNodeEcho: 10,000 echo round trips over one loopback connection (issue 28).
func BenchmarkNodeEcho(b *testing.B) { benchScript(b, "echo.js") }

// BenchmarkNodeHTTP: 1,000 HTTP GET requests in a row against a server in the same script
// (issue 28).
func BenchmarkNodeHTTP(b *testing.B) { benchScript(b, "http.js") }
