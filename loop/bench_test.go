package loop

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"loopscope/internal/cputime"
)

const promise250k = `
var n = 0;
function f() { n++ }
for (var i = 0; i < 250000; i++) Promise.resolve().then(f);
`

// benchLoop runs src as one task on a fresh loop (virtual time) and checks it finished.
func benchLoop(b *testing.B, src, check string) { benchLoopWith(b, src, check, nil) }

// benchLoopWith is benchLoop with setup called on each fresh loop (e.g. to turn on an
// instrument).
//
// Besides wall time it reports the process's CPU time per run (cpu-ms/op, getrusage): on a
// machine shared with other work, wall time measures the others too.
func benchLoopWith(b *testing.B, src, check string, setup func(*Loop)) {
	b.Helper()
	var cpu time.Duration
	defer func() { b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op") }()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		l := New(Options{Clock: NewVirtualClock(), Console: &recordingConsole{}, TraceCapacity: 1024, ScriptTimeout: -1})
		if setup != nil {
			setup(l)
		}
		l.QueueTask(SourceDOMManipulation, "bench", func() { l.RunScript("bench.js", src) })
		c0 := cputime.ProcessCPU()
		b.StartTimer()
		l.Run(RunOptions{StopWhenQuiet: true})
		b.StopTimer()
		cpu += cputime.ProcessCPU() - c0
		if v := l.Runtime().Get("n").ToInteger(); fmt.Sprint(v) != check {
			b.Fatalf("n = %d, want %s", v, check)
		}
		b.StartTimer()
	}
}

// benchGoja runs src on a bare goja runtime: goja's own cost, the floor for the host.
func benchGoja(b *testing.B, src, check string) {
	b.Helper()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		rt := goja.New()
		b.StartTimer()
		if _, err := rt.RunString(src); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if v := rt.Get("n").ToInteger(); fmt.Sprint(v) != check {
			b.Fatalf("n = %d, want %s", v, check)
		}
		b.StartTimer()
	}
}

// 250,000 Promise.resolve().then(f) queued and drained (issue 2): through the loop, and on
// bare goja for the host overhead.
func BenchmarkPromiseThen250k(b *testing.B)     { benchLoop(b, promise250k, "250000") }
func BenchmarkPromiseThen250kGoja(b *testing.B) { benchGoja(b, promise250k, "250000") }

// The same with the microtask instruments on: a trace span per promise job (the async
// context tracker), and also the queues view's model of the microtask queue (step mode,
// running freely).
func BenchmarkPromiseThen250kTracked(b *testing.B) {
	benchLoopWith(b, promise250k, "250000", (*Loop).EnableMicrotaskTracking)
}

func BenchmarkPromiseThen250kTrackedModel(b *testing.B) {
	benchLoopWith(b, promise250k, "250000", func(l *Loop) {
		l.EnableStepping()
		l.EnableMicrotaskTracking()
	})
}

// queueMicrotask throughput: 100,000 callbacks.
const queueMicrotask100k = `var n = 0; function f() { n++ } for (var i = 0; i < 100000; i++) queueMicrotask(f);`

func BenchmarkQueueMicrotask100k(b *testing.B) { benchLoop(b, queueMicrotask100k, "100000") }

// TestNodeBenchScripts: tools/node/bench-microtasks.mjs, node's figures for the two
// benchmarks above, runs the same script text.
func TestNodeBenchScripts(t *testing.T) {
	mjs, err := os.ReadFile("../tools/node/bench-microtasks.mjs")
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"PromiseThen250k": promise250k, "QueueMicrotask100k": queueMicrotask100k} {
		if !strings.Contains(string(mjs), name+": `"+src+"`") {
			t.Errorf("bench-microtasks.mjs does not run %s's script %q", name, src)
		}
	}
}

// The same number of promise jobs on bare goja, for comparison with queueMicrotask.
func BenchmarkQueueMicrotask100kGojaPromises(b *testing.B) {
	benchGoja(b, `var n = 0; function f() { n++ } var p = Promise.resolve(); for (var i = 0; i < 100000; i++) p.then(f);`, "100000")
}

// The timer heap with 100,000 timers of scattered delays, all fired (virtual time).
func BenchmarkTimerHeap100k(b *testing.B) {
	benchLoop(b, `var n = 0; function f() { n++ } for (var i = 0; i < 100000; i++) setTimeout(f, (i * 7919) % 1000);`, "100000")
}

// The overhead of one task + microtask checkpoint: a task calling an empty JS function.
func BenchmarkTaskAndCheckpoint(b *testing.B) {
	l := New(Options{Clock: NewVirtualClock(), Console: &recordingConsole{}, TraceCapacity: 1024})
	v, _ := l.Runtime().RunString(`(function () {})`)
	fn, _ := goja.AssertFunction(v)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.QueueTask(SourceTimer, "bench", func() { l.Call(fn, goja.Undefined()) })
		l.Run(RunOptions{StopWhenQuiet: true})
	}
}

// pending250k is long_microtasks' pattern: 250,000 promise jobs with a closure each, all
// pending when measure() runs at the end of the task that queued them.
const pending250k = `var x; for (var i = 0; i < 250000; i++) Promise.resolve().then(function () { x = i; }); measure();`

// BenchmarkPendingPromiseJobsLive reports the live heap each pending job holds (live-B/job)
// through the loop; BenchmarkPendingPromiseJobsLiveGoja on bare goja, the floor: goja's
// promise, its reaction, the job and the closure.
func BenchmarkPendingPromiseJobsLive(b *testing.B) {
	benchPendingLive(b, func(measure func()) func() {
		l := New(Options{Clock: NewVirtualClock(), Console: &recordingConsole{}, TraceCapacity: 1024, ScriptTimeout: -1})
		l.Runtime().Set("measure", measure)
		l.QueueTask(SourceDOMManipulation, "bench", func() { l.RunScript("bench.js", pending250k) })
		return func() { l.Run(RunOptions{StopWhenQuiet: true}) }
	})
}

func BenchmarkPendingPromiseJobsLiveGoja(b *testing.B) {
	benchPendingLive(b, func(measure func()) func() {
		rt := goja.New()
		rt.Set("measure", measure)
		return func() {
			if _, err := rt.RunString(pending250k); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchPendingLive runs what setup returns, whose script calls measure while its 250,000
// jobs are pending, and reports the live heap they hold per job.
func benchPendingLive(b *testing.B, setup func(measure func()) func()) {
	b.Helper()
	var live uint64
	for i := 0; i < b.N; i++ {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.HeapAlloc
		run := setup(func() {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			live += ms.HeapAlloc - before
		})
		run()
	}
	b.ReportMetric(float64(live)/float64(b.N)/250000, "live-B/job")
}
