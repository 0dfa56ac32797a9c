package loop

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// runTracked runs src as one script with microtask tracking on and returns the console
// lines and the microtask spans ("name (detail)").
func runTracked(t *testing.T, src string) (lines, spans []string, l *Loop) {
	t.Helper()
	c := &recordingConsole{}
	l = New(Options{Clock: NewVirtualClock(), Console: c})
	l.EnableMicrotaskTracking()
	l.QueueTask(SourceDOMManipulation, "script page.js", func() { l.RunScript("page.js", src) })
	l.Run(RunOptions{StopWhenQuiet: true, Until: 30000})
	for _, s := range l.Trace().Spans() {
		if s.Kind == KindMicrotask {
			spans = append(spans, s.Name+" ("+s.Detail+")")
		}
	}
	return c.lines, spans, l
}

// TestMicrotaskSpans: every promise job with a handler, await continuation and
// queueMicrotask is its own span, named as Jake Archibald names them, with the handler's
// name and the line it was queued from; the page prints the same as without tracking.
func TestMicrotaskSpans(t *testing.T) {
	src := `console.log('script start');
setTimeout(function () { console.log('setTimeout') }, 0);
Promise.resolve().then(function promise1() { console.log('promise1') })
  .then(function () { console.log('promise2') });
async function async1() { await null; console.log('async1 end') }
async1();
queueMicrotask(function qm() { console.log('qm') });
console.log('script end');`
	lines, spans, _ := runTracked(t, src)
	plain, _ := runScript(t, ModeSpec, src)
	if strings.Join(lines, ",") != strings.Join(plain, ",") {
		t.Errorf("tracking changed the output: %q, without: %q", lines, plain)
	}
	want := []string{
		"Promise then (promise1 page.js:3)",
		"async continuation: async1 (async1 page.js:5)",
		"queueMicrotask (qm page.js:7)",
		"Promise then (page.js:4)",
	}
	if strings.Join(spans, "\n") != strings.Join(want, "\n") {
		t.Errorf("microtask spans\n got: %q\nwant: %q", spans, want)
	}
}

// TestChromeTraceMicrotasks: the export has one event per microtask, named as Jake names
// them, with a dur on every complete event (zero-length ones too, which Perfetto needs).
func TestChromeTraceMicrotasks(t *testing.T) {
	_, _, l := runTracked(t, `Promise.resolve().then(function f() {}); queueMicrotask(() => {})`)
	var buf bytes.Buffer
	if err := l.Trace().WriteChromeTrace(&buf); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range doc.TraceEvents {
		if e["ph"] == "X" {
			if _, ok := e["dur"]; !ok {
				t.Errorf("complete event without dur: %v", e)
			}
		}
		if c, _ := e["cat"].(string); strings.Contains(c, "v8.microtask") {
			names = append(names, e["name"].(string))
		}
	}
	if strings.Join(names, ",") != "Promise then,queueMicrotask" {
		t.Errorf("microtask events %q", names)
	}
}
