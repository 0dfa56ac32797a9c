package loop

import (
	"strings"
	"testing"
)

// stepBoxes runs src as one script in step mode with microtask tracking, stopping at every
// queue call and between every two microtasks, and returns the Microtasks and Waiting boxes at each stop inside
// the script's checkpoint, as "M[...] W[...]".
func stepBoxes(t *testing.T, src string) []string {
	t.Helper()
	l := New(Options{Clock: NewVirtualClock(), Console: &recordingConsole{}})
	s := l.EnableStepping()
	l.EnableMicrotaskTracking()
	s.Pause()
	l.QueueTask(SourceDOMManipulation, "script page.js", func() { l.RunScript("page.js", src) })
	done := make(chan struct{})
	go func() { defer close(done); l.Run(RunOptions{StopWhenQuiet: true, Until: 30000}) }()
	var out []string
	for {
		select {
		case <-done:
			return out
		case <-s.ParkedSignal():
			got := make(chan Boxes, 1)
			l.Post(func() { got <- l.Inspect(20).Boxes })
			b := <-got
			if len(b.Microtasks)+len(b.Waiting) > 0 {
				var m []string
				for _, it := range b.Microtasks {
					m = append(m, it.Name+" "+it.Func)
				}
				var w []string
				for _, it := range b.Waiting {
					w = append(w, it.Name+" "+it.Func)
				}
				out = append(out, "M["+strings.Join(m, ", ")+"] W["+strings.Join(w, ", ")+"]")
			}
			s.Step(StepHostCall)
		}
	}
}

// TestMicrotaskQueueModel: a reaction on a pending promise waits until the promise settles,
// then joins the queue at its end (FIFO, as goja runs it); a rejection passing through
// then(f) is a job without a handler that leaves the queue when the next job starts.
func TestMicrotaskQueueModel(t *testing.T) {
	got := stepBoxes(t, `
let r; const p = new Promise(res => { r = res });
p.then(function a() {});
Promise.reject(1).then(function b() {}).catch(function c() {});
Promise.resolve().then(function d() { r() });
Promise.resolve().then(function e() {});`)
	want := []string{
		// At the script's last then: b passes the rejection on (no reject handler), d and e
		// are queued; a waits for p, c for b's promise.
		"M[Promise then b, Promise then d, Promise then e] W[Promise then a, Promise then c]",
		// Before d runs: b's job ran without a hook; its promise rejected, so c joined the queue.
		"M[Promise then d, Promise then e, Promise then c] W[Promise then a]",
		// d runs r(): p settles, a joins the queue after c.
		"M[Promise then e, Promise then c, Promise then a] W[]",
		"M[Promise then c, Promise then a] W[]",
		"M[Promise then a] W[]",
	}
	// Each state shows up (at the stop between two microtasks, and while one runs).
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("state %q never came; the stops were:\n%s", want[i], strings.Join(got, "\n"))
	}
}
