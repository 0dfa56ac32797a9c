package page

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"loopscope/loop"
)

// Hostile pages, round two (issue 14): host code that reads page values, work inside the
// engine the watchdog cannot interrupt, our own recursion, geometry extremes and DOM host
// paths. The helpers (runHostile, expectInOrder, expectErrors) are in hostile_test.go.

// Issue 14: host code that touches page values runs no page code (or runs it under the
// watchdog): getters and Proxy traps that throw or loop on every path the host reads
// (trace names, thrown values, console previews, rejection reasons) change nothing.
func TestHostileHostReads(t *testing.T) {
	r := runHostile(t, "host_reads.html", Options{}, 100)
	r.expectErrors(t, 6)
	r.expectInOrder(t,
		"log: {a: 1, b: (...)} Proxy(Object) {…} Symbol(s)",
		"log: timer queued before",
		"log: callback with a throwing name runs",
		"log: callback with a looping name runs",
		"error: Uncaught Error: bad name",
		"error: Uncaught TypeError",
		"error: Uncaught Proxy(Object) {…}",
		"error: Uncaught Proxy(Object) {…}",
		"error: Uncaught (in promise) {reason: (...)}",
		"log: later task runs")
	r.expectInOrder(t, "error: Uncaught {message: (...)}")
	if r.index("Script stopped") >= 0 || r.index("internal error") >= 0 {
		t.Errorf("a host read ran page code: %q", r.errors)
	}
}

// TestHostileMutableBuiltins: Function.prototype.call = null does not break the host's
// microtasks (queueMicrotask, MutationObserver); window.setTimeout is configurable.
func TestHostileMutableBuiltins(t *testing.T) {
	r := runHostile(t, "mutable_builtins.html", Options{}, 0)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: microtask runs", "log: observer saw 1", "log: then runs", "log: later task runs")
}

// TestHostileTimerFlood: a page that keeps queuing timers is stopped at the bound with one
// line, and goes on.
func TestHostileTimerFlood(t *testing.T) {
	r := runHostile(t, "timer_flood.html", Options{MaxTimers: 2000, ScriptTimeout: time.Minute}, 0)
	r.expectErrors(t, 1)
	r.expectInOrder(t,
		`error: Script stopped: task "script timer_flood.html" keeps more than 2000 active timers (a timer leak?).`,
		"log: next script runs",
		"log: timer queued before")
}

// TestHostileEngineBounds: work inside the engine between two instructions (a deep
// JSON.stringify or JSON.parse) ends in Chrome's RangeError, and the page goes on. (The
// script timeout is generous: the bound is on depth, not time, and the race detector on a
// loaded machine makes the deep walks slow.)
func TestHostileEngineBounds(t *testing.T) {
	r := runHostile(t, "engine_bounds.html", Options{ScriptTimeout: time.Minute}, 0)
	r.expectErrors(t, 0)
	r.expectInOrder(t,
		"log: stringify: RangeError Maximum call stack size exceeded",
		"log: parse: RangeError Maximum call stack size exceeded",
		`log: 39 {"b":2} {"a":2,"b":1}`,
		"log: [[[",
		"log: next script runs",
		"log: timer queued before")
}

// TestHostileCatastrophicRegexp: a catastrophic regular expression (backtracking inside the
// engine, between two instructions) is stopped by the watchdog with a clear error.
func TestHostileCatastrophicRegexp(t *testing.T) {
	loop.BoundRegexpMatching(300*time.Millisecond, true)
	expectRegexpStopped(t, 300*time.Millisecond)
}

// expectRegexpStopped runs engine_bounds_regex.html with a script timeout: the catastrophic
// match is stopped once, with the timeout's line, and the page goes on without the rest of
// its script.
func expectRegexpStopped(t *testing.T, timeout time.Duration) {
	t.Helper()
	r := runHostile(t, "engine_bounds_regex.html", Options{ScriptTimeout: timeout}, 0)
	r.expectErrors(t, 1)
	r.expectInOrder(t,
		"log: regex starts",
		`error: Script stopped: task "script engine_bounds_regex.html" ran for more than `+timeout.String(),
		"log: next script runs",
		"log: timer queued before")
	if r.index("not reached") >= 0 {
		t.Errorf("the script went on after the stop: %q", r.all)
	}
}

// TestHostileRegexpGivesUpFirst: a match that gives up (regexp2's wall-clock bound) before
// the watchdog's stop (5 s of JS time here; on a loaded machine the JS thread's time runs
// slower than the wall clock) stops the script as the watchdog does: the page does not go
// on with the failed match taken for "no match".
func TestHostileRegexpGivesUpFirst(t *testing.T) {
	loop.BoundRegexpMatching(20*time.Millisecond, false) // a 30 ms match bound
	defer loop.BoundRegexpMatching(300*time.Millisecond, true)
	expectRegexpStopped(t, 5*time.Second)
}

// TestHostileGeometryExtremes: lengths at the ends of float64 lay out, paint (the last
// frame and a fresh one, as -screenshot does) and hit-test without an internal error.
func TestHostileGeometryExtremes(t *testing.T) {
	r := runHostile(t, "geometry_extremes.html", Options{}, 100)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: timer runs")
	r.expectInOrder(t, "log: frame true true", "log: true")
	if r.page.LastFrame() == nil {
		t.Error("no frame was painted")
	}
	r.page.PaintNow()
}

// TestHostileInvalidUTF8: invalid bytes in a script decode to U+FFFD (one per byte), not a
// SyntaxError.
func TestHostileInvalidUTF8(t *testing.T) {
	r := runHostile(t, "invalid_utf8.html", Options{}, 0)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: 4 fffd")
}

// TestHostileManyInlineScripts: 20,000 one-line scripts on one line compile with bounded
// padding (their positions once took 6.5 GB) and all run.
func TestHostileManyInlineScripts(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "<script>n%d = %d</script>", i%7, i)
	}
	b.WriteString("<script>console.log(n6)</script>")
	r := runHostileSource(t, []byte(b.String()), "file:///many.html", "", Options{ScriptTimeout: time.Minute}, 0)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: 19998") // the last i with i % 7 == 6
}

// TestHostileDOMPaths: the DOM's host paths under a hostile page: a looping handleEvent
// getter (on load and on a real click) is stopped by the watchdog and the next listener
// runs; an inline handler's syntax error stays a SyntaxError after the page replaces the
// global; a platform object's slot cannot be forged; a thrown Proxy reaches the error event.
func TestHostileDOMPaths(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "hostile", "dom_hostile.html"))
	if err != nil {
		t.Fatal(err)
	}
	con := &orderedConsole{}
	p, err := New(src, "file:///dom_hostile.html", "", Options{Console: con, VirtualTime: true, ScriptTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	p.Schedule(Action{AtMS: 50, Click: "#b", Kind: "real"})
	RunToCompletion(p, 500, 3000)
	r := hostileRun{all: con.all, page: p}
	r.expectInOrder(t,
		"log: forged: TypeError",
		"log: inherited: TypeError",
		"log: error event: Uncaught SyntaxError",
		"log: timer queued before",
		`error: Script stopped: task "load"`,
		"log: error event: Uncaught Proxy(Object) {…}",
		`error: Script stopped: task "click"`,
		"log: second click listener runs")
	r.expectInOrder(t, "log: timer queued before", "log: later task runs")
	if r.index("internal error") >= 0 {
		t.Errorf("internal error: %q", r.all)
	}
}

// TestHostileDeepMessage: postMessage of a 10,000-deep value is a RangeError (structured
// serialisation is bounded in depth), and a message sent after it arrives. (A generous
// script timeout: the bound is on depth, and under the race detector on a loaded machine
// building and walking the value took more than 300 ms.)
func TestHostileDeepMessage(t *testing.T) {
	r := runHostile(t, "deep_message.html", Options{ScriptTimeout: time.Minute}, 0)
	r.expectErrors(t, 0)
	r.expectInOrder(t,
		"log: deep message: RangeError Maximum call stack size exceeded",
		"log: timer queued before")
	r.expectInOrder(t, "log: deep message: RangeError", "log: shallow message arrives: 1")
}

// TestHostileDeepDetachedChain: a 40,000-deep chain of nodes, detached, is swept in linear
// time (the sweep walked to the root for every node: 30 s), and the page goes on. With an
// iframe in the page (the insertions and removals look for iframes: a walk of the chain at
// each of its steps took over a minute).
func TestHostileDeepDetachedChain(t *testing.T) {
	src := []byte(`<body><iframe></iframe><script>
		let first = document.createElement('div');
		for (let i = 0; i < 40000; i++) { const p = document.createElement('div'); p.appendChild(first); first = p }
		for (let i = 0; i < 200; i++) { const p = document.createElement('div'); p.appendChild(first.firstChild); first.appendChild(p) }
		for (let i = 0; i < 2000; i++) document.body.appendChild(document.createElement('p')).remove();
		setTimeout(() => { first = null; setTimeout(() => console.log('later task runs'), 0) }, 0);
	</script>`)
	r := runHostileSource(t, src, "file:///chain.html", "", Options{ScriptTimeout: time.Minute}, 0)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: later task runs")
}

// TestHostileManyStyleRules: 8,000 elements against 8,000 class rules, and 3,000 against
// sibling rules, are styled through the rule index (every rule against every element took
// 9.6 s for the first), with the cascade's answer: the later of two equal rules and the
// more specific rule win.
func TestHostileManyStyleRules(t *testing.T) {
	var b strings.Builder
	b.WriteString("<style>")
	for i := range 8000 {
		fmt.Fprintf(&b, ".c%d { width: %dpx }\n", i, i%50)
	}
	for i := range 3000 {
		fmt.Fprintf(&b, ".s%d + .s%d, .s%d ~ .s%d { height: %dpx }\n", i, i+1, i+2, i+1, i%40)
	}
	b.WriteString("#last.c7999 { width: 3px } .c10 { width: 7px }</style><div>")
	for i := range 8000 {
		fmt.Fprintf(&b, "<p class='c%d'></p>", i)
	}
	b.WriteString("<p id=last class=c7999></p></div><div>")
	for i := range 3000 {
		fmt.Fprintf(&b, "<p class='s%d'></p>", i)
	}
	b.WriteString(`</div><script>
		const w = c => getComputedStyle(document.querySelector(c)).width;
		const h = c => getComputedStyle(document.querySelector(c)).height;
		console.log(w('.c3'), w('.c10'), w('.c7999'), w('#last'), h('.s0'), h('.s1'), h('.s2999'));
		setTimeout(() => console.log('later task runs'), 0);
	</script>`)
	r := runHostileSource(t, []byte(b.String()), "file:///rules.html", "", Options{ScriptTimeout: time.Minute}, 0)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: 3px 7px 49px 3px 0px 0px 38px", "log: later task runs")
}

// TestHostileHugeAllocations: a huge allocation in one call of a built-in ends in a clear
// error and the page goes on. The RangeErrors of repeat, join and padEnd, the results of
// the ordinary calls and the lazily allocated 512 MiB ArrayBuffer are node 20's (V8's)
// answers; V8 itself dies of out-of-memory on the 2**31-1 element fill, and makes the 4 GiB
// typed array (lazily), which goja's allocation limit refuses here before allocating.
func TestHostileHugeAllocations(t *testing.T) {
	r := runHostile(t, "huge_alloc.html", Options{ScriptTimeout: time.Minute}, 0)
	r.expectErrors(t, 1)
	r.expectInOrder(t,
		"log: fill RangeError Invalid array length",
		"log: repeat RangeError Invalid string length",
		"log: join RangeError Invalid string length",
		"log: padEnd RangeError Invalid string length",
		"log: abxxx ababab 1,2,3 1-2-3 1,2,3 77777 10005 199 03330 0,2,2 0,0,0.5,0.5 1 ab ",
		"log: 536870912",
		"error: Uncaught RangeError: Invalid typed array length: 4294967296",
		"log: next script runs",
		"log: timer queued before")
	if r.index("not reached") >= 0 || r.index("made") >= 0 {
		t.Errorf("a huge allocation went through: %q", r.all)
	}
}

// TestHostileAllocationLimit: the three allocations of issue 24, each one step of the engine
// past the heap budget (8, 16 and 32 GiB), end in V8's RangeError in the page, thrown before
// the allocation (without the limit, Go's fatal out-of-memory or a swapping machine), and the
// page goes on. The messages are V8's: node 20 under `ulimit -v 8000000` says "Array buffer
// allocation failed" for the ArrayBuffer; it dies of out-of-memory on the other two. The same
// pages run in the binary under `ulimit -v` in TestCLIAllocationLimitUnderUlimit.
func TestHostileAllocationLimit(t *testing.T) {
	for _, tc := range []struct{ page, err string }{
		{"alloc_arraybuffer.html", "Uncaught RangeError: Array buffer allocation failed"},
		{"alloc_array_from.html", "Uncaught RangeError: Invalid array length"},
		{"alloc_array_fill.html", "Uncaught RangeError: Invalid array length"},
	} {
		t.Run(tc.page, func(t *testing.T) {
			r := runHostile(t, tc.page, Options{}, 0)
			r.expectErrors(t, 1)
			r.expectInOrder(t, "log: before", "error: "+tc.err, "log: next script runs", "log: timer queued before")
			if r.index("not reached") >= 0 {
				t.Errorf("the allocation went through: %q", r.all)
			}
		})
	}
}
