package page

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"loopscope/loop"
)

// The trace names each call after its JS function (timers, listeners, rAF, idle callbacks),
// never runs a page's "name" getter to do so, records performance.mark and measure, and the
// Chrome export gives every complete event a dur (0 included) and the user timing events
// under their own names.
func TestTraceNamesMarksAndDur(t *testing.T) {
	src := []byte(`<body style="height:100px"><script>
	setTimeout(function tick() { performance.mark('m1'); performance.measure('since m1', 'm1') });
	document.body.addEventListener('click', function onClick() { console.log('clicked') });
	requestAnimationFrame(function frame() {});
	requestIdleCallback(function idle() {});
	const sneaky = function () {};
	Object.defineProperty(sneaky, 'name', { get() { console.log('name getter ran'); return 'sneaky' } });
	setTimeout(sneaky);
	setTimeout(new Proxy(function () {}, { getOwnPropertyDescriptor() { console.log('proxy trap ran') } }));
	setTimeout(() => {});
	</script></body>`)
	res, err := RunCase(src, "file:///names.html", "", Run{Mode: loop.ModeSpec, Actions: []Action{{AtMS: 100, Click: "body", Kind: "real"}}, DurationMS: 400})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"clicked"}; !slices.Equal(res.Lines, want) || len(res.Errors) != 0 {
		t.Fatalf("console %q, errors %q; want %q (naming a call must not run page code)", res.Lines, res.Errors, want)
	}
	calls := map[string]int{}
	var mark, measure bool
	for _, s := range res.Page.Loop.Trace().Spans() {
		switch s.Kind {
		case loop.KindFunctionCall:
			calls[s.Name]++
		case loop.KindUserMark:
			mark = mark || s.Name == "m1"
		case loop.KindUserMeasure:
			measure = measure || s.Name == "since m1"
		}
	}
	for _, name := range []string{"tick", "onClick", "frame", "idle", "(anonymous)", "script"} {
		if calls[name] == 0 {
			t.Errorf("no FunctionCall span named %q; got %v", name, calls)
		}
	}
	if calls["(anonymous)"] != 3 || calls["(callback)"] != 0 || calls["sneaky"] != 0 {
		t.Errorf("want 3 (anonymous) calls (accessor name, proxy, arrow), none unnamed: %v", calls)
	}
	if !mark || !measure {
		t.Errorf("mark in trace %v, measure in trace %v", mark, measure)
	}

	var buf bytes.Buffer
	if err := res.Page.Loop.Trace().WriteChromeTrace(&buf); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var zero, userMark, userMeasure, named int
	for _, e := range doc.TraceEvents {
		if e["ph"] == "X" {
			d, ok := e["dur"].(float64)
			if !ok {
				t.Fatalf("complete event without dur: %v", e)
			}
			if d == 0 {
				zero++
			}
		}
		if e["cat"] == "blink.user_timing" {
			switch {
			case e["name"] == "m1" && e["ph"] == "I":
				userMark++
			case e["name"] == "since m1" && e["ph"] == "X":
				userMeasure++
			}
		}
		if args, _ := e["args"].(map[string]any); e["name"] == "FunctionCall" && args["name"] == "tick" {
			named++
		}
	}
	if zero == 0 || userMark != 1 || userMeasure != 1 || named != 1 {
		t.Errorf("export: %d zero-length X events (want some, with dur 0), user timing mark %d measure %d (want 1 each), FunctionCall tick %d (want 1)", zero, userMark, userMeasure, named)
	}
}
