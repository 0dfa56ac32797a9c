package page

import (
	"bytes"
	"encoding/json"
	"os"
	"sort"
	"testing"

	"loopscope/loop"
)

// runDemoTrace runs a demo page with one action and returns its trace spans, by start time.
func runDemoTrace(t *testing.T, name string, action Action) []loop.Span {
	t.Helper()
	src, err := os.ReadFile("../demos/" + name + ".html")
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunCase(src, "file:///demos/"+name+".html", "", Run{Mode: loop.ModeSpec, Actions: []Action{action}, DurationMS: 500})
	if err != nil {
		t.Fatal(err)
	}
	spans := res.Page.Loop.Trace().Spans()
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	return spans
}

// kindsWithin lists the kinds of the callback and checkpoint spans inside [start, end].
func kindsWithin(spans []loop.Span, start, end float64) []string {
	var out []string
	for _, s := range spans {
		if s.Start >= start && s.End <= end && (s.Kind == loop.KindFunctionCall || s.Kind == loop.KindMicrotasks) {
			out = append(out, s.Kind.ChromeName())
		}
	}
	return out
}

// A real click on Jake's inner square: the click's EventDispatch holds one FunctionCall per
// listener (inner, then outer), each followed by RunMicrotasks: HTML's "clean up after running
// a callback" performs a checkpoint when the JS stack is empty.
func TestTraceRealClick(t *testing.T) {
	spans := runDemoTrace(t, "bossfight_real_click", Action{AtMS: 100, Click: ".inner", Kind: "real"})
	var click *loop.Span
	for i := range spans {
		if spans[i].Kind == loop.KindEventDispatch && spans[i].Name == "click" {
			click = &spans[i]
		}
	}
	if click == nil {
		t.Fatal("no EventDispatch click span")
	}
	got := kindsWithin(spans, click.Start, click.End)
	want := []string{"FunctionCall", "RunMicrotasks", "FunctionCall", "RunMicrotasks"}
	if len(got) != len(want) {
		t.Fatalf("inside the click dispatch: %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("inside the click dispatch: %v, want %v", got, want)
		}
	}
}

// inner.click() from script: the listeners run while the script is on the stack, so the task
// is one FunctionCall (the script) with one checkpoint after it — none between the listeners.
func TestTraceSyntheticClick(t *testing.T) {
	spans := runDemoTrace(t, "bossfight_real_click", Action{AtMS: 100, Click: ".inner", Kind: "synthetic"})
	for _, s := range spans {
		if s.Kind == loop.KindTask && s.Name == `script: document.querySelector(".inner").click()` {
			got := kindsWithin(spans, s.Start, s.End)
			if len(got) != 2 || got[0] != "FunctionCall" || got[1] != "RunMicrotasks" {
				t.Fatalf("the synthetic click task holds %v, want [FunctionCall RunMicrotasks]", got)
			}
			return
		}
	}
	t.Fatal("no task for the synthetic click")
}

// The Chrome trace export parses as JSON and uses Chrome's event names.
func TestChromeTraceExport(t *testing.T) {
	src := []byte(`<div id=box style="width:50px;height:50px;background:red"></div><script>
		setTimeout(() => { box.style.background = 'blue'; Promise.resolve().then(() => {}) }, 5);
		requestAnimationFrame(() => { box.style.width = '60px' });
	</script>`)
	res, err := RunCase(src, "file:///x.html", "", Run{Mode: loop.ModeSpec, DurationMS: 300})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := res.Page.Loop.Trace().WriteChromeTrace(&buf); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		TraceEvents []struct {
			Name string  `json:"name"`
			Ph   string  `json:"ph"`
			TS   float64 `json:"ts"`
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("trace does not parse: %v", err)
	}
	seen := map[string]bool{}
	for _, e := range doc.TraceEvents {
		seen[e.Name] = true
	}
	for _, name := range []string{"RunTask", "TimerFire", "RunMicrotasks", "FireAnimationFrame", "UpdateLayoutTree", "Layout", "Paint", "FunctionCall", "BeginFrame"} {
		if !seen[name] {
			t.Errorf("no %s event in the trace", name)
		}
	}
}

// TestSourcesBeforeTheFirstTask (issue 25): a page's scripts are in the source pane's
// Sources as soon as the page is loaded, before its first task runs, each at its lines of
// the page's file, so that a page opened paused shows the code it will step through; running
// the script adds nothing twice.
func TestSourcesBeforeTheFirstTask(t *testing.T) {
	src := "<!doctype html>\n<body>\n<script>\nconsole.log('script start');\n</script>\n"
	p, err := New([]byte(src), "file:///paused.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		t.Fatal(err)
	}
	lines := p.Agent.Sources().Lines("file:///paused.html")
	if len(lines) < 4 || lines[3] != "console.log('script start');" {
		t.Fatalf("before the first task the page's file shows %q, want its script at line 4", lines)
	}
	RunToCompletion(p, 0, DefaultCaseDuration)
	if files := p.Agent.Sources().Files(); len(files) != 1 {
		t.Errorf("after the run the sources hold %q, want the page's file once", files)
	}
}
