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
// then(f) is a job without a handler, which runs as a microtask of its own.
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
		"M[Promise then (no handler) b, Promise then d, Promise then e] W[Promise then a, Promise then c]",
		// Before d runs: b's job passed the rejection on to its promise, so c joined the queue.
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

// predictionStop is the model at a stop between two microtasks: what it says runs next, and
// how many lines the page had printed then.
type predictionStop struct {
	printed int
	next    []string // the queued microtasks that run a page function, by function, in queue order
}

// stepPredictions runs src in step mode with microtask tracking, one host call or microtask
// at a time, and returns the console and, at every stop with no JS running (between two
// microtasks, or between tasks), the Microtasks box.
func stepPredictions(t *testing.T, src string) ([]string, []predictionStop) {
	t.Helper()
	con := &recordingConsole{}
	l := New(Options{Clock: NewVirtualClock(), Console: con})
	s := l.EnableStepping()
	l.EnableMicrotaskTracking()
	s.Pause()
	l.QueueTask(SourceDOMManipulation, "script page.js", func() { l.RunScript("page.js", src) })
	done := make(chan struct{})
	go func() { defer close(done); l.Run(RunOptions{StopWhenQuiet: true, Until: 30000}) }()
	var stops []predictionStop
	for {
		select {
		case <-done:
			return con.lines, stops
		case <-s.ParkedSignal():
			got := make(chan predictionStop, 1)
			l.Post(func() {
				b := l.Inspect(100).Boxes
				st := predictionStop{printed: len(con.lines)}
				if len(b.Stack) > 0 {
					got <- predictionStop{printed: -1} // JS runs: it may print before the queue runs
					return
				}
				for _, it := range b.Microtasks {
					// A job without a handler and the job that adopts a thenable run no function
					// of the page; every page function here prints its own name first.
					if it.Func != "" && !strings.Contains(it.Name, "(no handler)") {
						st.next = append(st.next, it.Func)
					}
				}
				got <- st
			})
			if st := <-got; st.printed >= 0 {
				stops = append(stops, st)
			}
			s.Step(StepHostCall)
		}
	}
}

// TestMicrotaskModelPredictsAwaits: at every stop between two microtasks, the Microtasks box
// lists what the page then prints, in that order: await continuations enter it the moment
// their promise settles (settled by another microtask, or by a timer task), in their place
// among then reactions, queueMicrotask callbacks, reactions without a handler and the jobs
// that adopt a thenable. The expected order is what the page prints (the same with tracking
// as without, and as node 20 printed it), never the model's own.
func TestMicrotaskModelPredictsAwaits(t *testing.T) {
	cases := []struct {
		name, src string
		node      string   // what node 20 printed for src, one line each
		awaits    []string // await continuations that must be seen queued behind another microtask
	}{
		{"await on a promise settled by a microtask", `
let resolveP;
const p = new Promise(r => { resolveP = r; });
async function waiter() { await p; console.log('waiter'); await null; console.log('waiter'); }
waiter();
Promise.resolve().then(function a() { console.log('a'); resolveP(); Promise.resolve().then(function b() { console.log('b'); }); });
p.then(function c() { console.log('c'); });
(async function second() { await p; console.log('second'); await p; console.log('second'); })();
queueMicrotask(function q() { console.log('q'); });`,
			"a q waiter c second b waiter second", []string{"waiter", "second"}},
		{"thenables, handlers returning promises, rejections passing through", `
const p = Promise.resolve('v');
Promise.resolve().then(function t1() { console.log('t1'); return p; }).then(function t2() { console.log('t2'); });
Promise.reject(new Error('x')).then(function never() { console.log('never'); }).catch(function caught() { console.log('caught'); });
new Promise(r => r(p)).then(function adopted() { console.log('adopted'); });
(async function af() { await p; console.log('af'); return p; })().then(function afDone() { console.log('afDone'); });
Promise.resolve().then(function t3() { console.log('t3'); }).then(function t4() { console.log('t4'); }).then(function t5() { console.log('t5'); });`,
			"t1 af t3 caught t4 adopted t5 t2 afDone", []string{"af"}},
		{"awaits released by a timer task", `
let release;
const gate = new Promise(r => { release = r; });
async function w1() { await gate; console.log('w1'); await gate; console.log('w1'); }
async function w2() { try { await gate.then(function boom() { console.log('boom'); throw new Error('no'); }); } catch (e) { console.log('w2'); } }
w1(); w2();
gate.then(function g1() { console.log('g1'); });
setTimeout(function timer() {
  console.log('timer');
  release();
  Promise.resolve().then(function after() { console.log('after'); });
  queueMicrotask(function qm() { console.log('qm'); });
}, 0);`,
			"timer w1 boom g1 after qm w1 w2", []string{"w1", "w2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plain, _ := runScript(t, ModeSpec, c.src)
			if got := strings.Join(plain, " "); got != c.node {
				t.Fatalf("the page printed %q, node 20 %q", got, c.node)
			}
			lines, stops := stepPredictions(t, c.src)
			if strings.Join(lines, " ") != c.node {
				t.Fatalf("stepped with tracking, the page printed %q, without %q", lines, c.node)
			}
			seenBehind := map[string]bool{}
			for _, st := range stops {
				end := st.printed + len(st.next)
				if end > len(lines) || strings.Join(lines[st.printed:end], " ") != strings.Join(st.next, " ") {
					t.Errorf("after %q the box said next %q; the page went on with %q", lines[:st.printed], st.next, lines[st.printed:])
				}
				for i, f := range st.next {
					if i > 0 {
						seenBehind[f] = true
					}
				}
			}
			for _, a := range c.awaits {
				if !seenBehind[a] {
					t.Errorf("the continuation of %s was never in the box behind another microtask", a)
				}
			}
		})
	}
}
