package loop

import "testing"

// TestTraceDisabledRun: a loop with TraceCapacity -1 records nothing.
func TestTraceDisabledRun(t *testing.T) {
	l := New(Options{Clock: NewVirtualClock(), Console: &recordingConsole{}, TraceCapacity: -1})
	l.QueueTask(SourceTimer, "t", func() { l.RunScript("t.js", "1") })
	l.Run(RunOptions{StopWhenQuiet: true})
	if l.Trace().Total() != 0 {
		t.Errorf("TraceCapacity -1: %d spans recorded", l.Trace().Total())
	}
}

const tasks10k = `var n = 0; function f() { n++; Promise.resolve().then(function () {}) } for (var i = 0; i < 10000; i++) setTimeout(f, 0);`

// The cost of tracing: the same run (10,000 timer tasks, each with a callback and a
// checkpoint: about 4 spans each) with the default ring buffer and with tracing off.
func BenchmarkRunTraced(b *testing.B)   { benchTrace(b, 0) }
func BenchmarkRunUntraced(b *testing.B) { benchTrace(b, -1) }

func benchTrace(b *testing.B, capacity int) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		l := New(Options{Clock: NewVirtualClock(), Console: &recordingConsole{}, TraceCapacity: capacity, ScriptTimeout: -1})
		l.QueueTask(SourceDOMManipulation, "bench", func() { l.RunScript("bench.js", tasks10k) })
		b.StartTimer()
		l.Run(RunOptions{StopWhenQuiet: true})
	}
}
