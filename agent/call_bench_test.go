package agent

import (
	"runtime"
	"testing"
	"time"

	"github.com/dop251/goja"

	"loopscope/internal/cputime"
)

// BenchmarkCallFromEmptyStack: one call from the host into a JS function with no JS on the
// stack (an event listener, a timer's callback), with its microtask checkpoint, in CPU ns of
// the calling thread: under virtual time ("virtual", "shared": a window's clock with
// workers) each read of the page's clock is a system call (the thread's CPU clock), which
// the call keeps to its entry and its exit; "microtask" also runs a promise job (its
// checkpoint's span needs the callback's end); "real" is the wall clock.
func BenchmarkCallFromEmptyStack(b *testing.B) {
	for _, c := range []struct {
		name, src string
		clock     func() Clock
	}{
		{"real", `(function () { n++ })`, func() Clock { return NewRealClock() }},
		{"virtual", `(function () { n++ })`, func() Clock { return NewVirtualClock() }},
		{"shared", `(function () { n++ })`, func() Clock { return NewSharedVirtualClock().Join() }},
		{"virtual/microtask", `(function () { Promise.resolve().then(() => n++) })`, func() Clock { return NewVirtualClock() }},
	} {
		b.Run(c.name, func(b *testing.B) {
			a := New(Options{Clock: c.clock(), Console: &recordingConsole{}, ScriptTimeout: -1})
			v, err := a.rt.RunString("var n = 0; " + c.src)
			if err != nil {
				b.Fatal(err)
			}
			fn, _ := goja.AssertFunction(v)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := cputime.Thread()
				if _, err := a.Call(fn, goja.Undefined()); err != nil {
					b.Fatal(err)
				}
				cpu += cputime.Thread() - t0
			}
			b.StopTimer()
			if n := a.rt.Get("n").ToInteger(); n != int64(b.N) {
				b.Fatalf("n = %d after %d calls", n, b.N)
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/call")
		})
	}
}
