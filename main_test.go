package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"loopscope/internal/testsupport"
	"loopscope/page"
)

// headlessBin is the binary built with -tags headless, shared by the CLI tests.
var headlessBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "loopscope-cli")
	if err != nil {
		panic(err)
	}
	headlessBin = filepath.Join(dir, "loopscope")
	if out, err := exec.Command("go", "build", "-tags", "headless", "-o", headlessBin, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCLI runs the headless binary and returns stdout, stderr and the exit status.
func runCLI(t *testing.T, env []string, bin string, args ...string) (string, string, int) {
	t.Helper()
	return testsupport.RunCommand(t, "", env, bin, args...)
}

func lines(s string) []string { return testsupport.Lines(s) }

// TestCLICorpus runs the ordering corpus (testdata/ and the demo pages) through the binary
// (loopscope -headless -virtual-time PAGE with -mode, -click and -duration flags) and
// compares stdout and stderr with the expected outputs (Chrome's, or the seed's for the
// legacy modes).
func TestCLICorpus(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.json")
	demos, _ := filepath.Glob("demos/*.json")
	if len(files) == 0 || len(demos) == 0 {
		t.Fatal("no corpus")
	}
	for _, jf := range append(files, demos...) {
		if jf == filepath.Join("demos", "long_microtasks.json") {
			continue // 250,000 promise callbacks: TestCLICheck and TestFilmstripLongMicrotasks run it
		}
		jf := jf
		t.Run(strings.TrimSuffix(strings.TrimPrefix(jf, "testdata/"), ".json"), func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(jf)
			if err != nil {
				t.Fatal(err)
			}
			c, err := page.ParseCase(b)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range c.Runs {
				args := []string{"-headless", "-virtual-time", "-mode", string(r.Mode), "-script-timeout", page.CaseScriptTimeout.String()}
				if onlyClicks(r.Actions) {
					for _, a := range r.Actions {
						click := a.Click + "@" + fmtFloat(a.AtMS)
						if a.Kind == "synthetic" {
							click += ":synthetic"
						}
						args = append(args, "-click", click)
					}
				} else {
					// Moves, wheel ticks, keys, other buttons: the actions file.
					f := filepath.Join(t.TempDir(), "actions.json")
					b, _ := json.Marshal(page.Actions{Actions: r.Actions})
					if err := os.WriteFile(f, b, 0o644); err != nil {
						t.Fatal(err)
					}
					args = append(args, "-actions", f)
				}
				if r.DurationMS > 0 {
					args = append(args, "-duration", fmtFloat(r.DurationMS)+"ms")
				}
				args = append(args, strings.TrimSuffix(jf, ".json")+".html"+r.Query)
				stdout, stderr, code := runCLI(t, nil, headlessBin, args...)
				if code != 0 {
					t.Errorf("[%s] exit status %d, stderr %q", r.Name(), code, stderr)
				}
				res := page.Result{Lines: lines(stdout), Errors: lines(stderr)}
				if ok, diff := res.Matches(r); !ok {
					t.Errorf("[%s] %s", r.Name(), diff)
				}
			}
		})
	}
}

// onlyClicks: the actions are plain clicks, which -click can give.
func onlyClicks(as []page.Action) bool {
	for _, a := range as {
		if a.Click == "" || a.Button != "" || a.Count != 0 {
			return false
		}
	}
	return true
}

func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// TestCLIErrors: bad input gets one clear line and exit status 2.
func TestCLIErrors(t *testing.T) {
	dir := t.TempDir()
	badActions := filepath.Join(dir, "bad.json")
	os.WriteFile(badActions, []byte(`{"actions": [{"at_ms": 1, "klick": ".x"}]}`), 0o644)
	pageFile := filepath.Join(dir, "ok.html")
	os.WriteFile(pageFile, []byte(`<script>console.log(1)</script>`), 0o644)
	fifo := filepath.Join(dir, "fifo.html")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	actions := func(body string) string {
		n++
		f := filepath.Join(dir, fmt.Sprintf("actions%d.json", n))
		os.WriteFile(f, []byte(body), 0o644)
		return f
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing page", []string{"-headless", filepath.Join(dir, "nope.html")}, "cannot read page"},
		{"unknown demo", []string{"-headless", "no_such_demo"}, "no built-in demo"},
		{"bad flag", []string{"-headless", "-frobnicate", "x.html"}, "flag provided but not defined: -frobnicate"},
		{"bad mode", []string{"-headless", "-mode", "firefox", "x.html"}, `unknown mode "firefox"`},
		{"bad duration", []string{"-headless", "-duration", "soon", "x.html"}, "invalid value"},
		{"bad click", []string{"-headless", "-click", ".inner", "x.html"}, "SELECTOR@MS"},
		{"bad actions file", []string{"-headless", "-actions", badActions, "x.html"}, `unknown field "klick"`},
		{"missing actions file", []string{"-headless", "-actions", filepath.Join(dir, "none.json"), "x.html"}, "cannot read actions file"},
		{"no page", []string{"-headless"}, "-headless needs a page"},
		// Issue 14: values in range, files that are regular and capped.
		{"1ns timeout", []string{"-headless", "-script-timeout", "1ns", pageFile}, "-script-timeout 1ns: want at least 1ms"},
		{"sub-ms duration", []string{"-headless", "-duration", "500us", pageFile}, "want 1ms to"},
		{"NaN click", []string{"-headless", "-click", "div@NaN", pageFile}, `"NaN" is not a time in ms`},
		{"bad selector", []string{"-headless", "-click", "div[@5", pageFile}, "not a valid CSS selector"},
		{"device as page", []string{"-headless", "/dev/zero"}, "not a regular file (a device)"},
		{"device as actions", []string{"-headless", "-actions", "/dev/zero", pageFile}, "not a regular file (a device)"},
		{"fifo as page", []string{"-headless", fifo}, "not a regular file (a named pipe)"},
		{"huge duration_ms", []string{"-headless", "-virtual-time", "-actions", actions(`{"duration_ms": 1e15}`), pageFile}, "duration_ms 1e+15: want more than 0"},
		{"negative duration_ms", []string{"-headless", "-actions", actions(`{"duration_ms": -5}`), pageFile}, "duration_ms -5"},
		{"null duration_ms", []string{"-headless", "-actions", actions(`{"duration_ms": null}`), pageFile}, "duration_ms null"},
		{"trailing garbage", []string{"-headless", "-actions", actions(`{"duration_ms": 5} x`), pageFile}, "unexpected text after"},
		{"bad selector in file", []string{"-headless", "-actions", actions(`{"actions": [{"at_ms": 1, "click": "a[["}]}`), pageFile}, "not a valid CSS selector"},
		{"two pages", []string{"-headless", "a.html", "b.html"}, "one page at a time"},
		// Issue 25: -paused opens the window on a page paused before its first task.
		{"paused headless", []string{"-headless", "-paused", pageFile}, "-paused goes with the window and a page"},
		{"profile in no folder", []string{"-headless", "-cpuprofile", filepath.Join(dir, "none", "cpu.prof"), pageFile}, "-cpuprofile: open"},
	}
	for _, c := range cases {
		_, stderr, code := runCLI(t, nil, headlessBin, c.args...)
		if code != 2 {
			t.Errorf("%s: exit status %d, want 2", c.name, code)
		}
		if n := len(lines(stderr)); n != 1 || !strings.Contains(stderr, c.want) || !strings.HasPrefix(stderr, "loopscope: ") {
			t.Errorf("%s: stderr %q: want one line starting with 'loopscope: ' containing %q", c.name, stderr, c.want)
		}
	}
}

// TestCLIScriptErrorsStillExitZero: a page whose script throws ran; exit status 0.
func TestCLIScriptErrorsStillExitZero(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "throws.html")
	os.WriteFile(p, []byte(`<script>console.log('before'); throw new TypeError('boom')</script><script>console.log('next script runs')</script>`), 0o644)
	stdout, stderr, code := runCLI(t, nil, headlessBin, "-headless", "-virtual-time", p)
	if code != 0 || stdout != "before\nnext script runs\n" || stderr != "Uncaught TypeError: boom\n" {
		t.Errorf("got status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestWindowBinaryWithoutDisplay: the default build, run with no display, prints one clear
// line (not Ebiten's GLFW panic) and exits 2 when it needs a window; the commands that need
// none (-headless, -list, -check, -h) are handed to the headless build next to it
// (loopscope-headless, as run.sh builds it), and without one it says how to build it.
func TestWindowBinaryWithoutDisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the window binary (cgo)")
	}
	bin := filepath.Join(t.TempDir(), "loopscope")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("default build: %v\n%s", err, out)
	}
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "DISPLAY=") {
			env = append(env, e)
		}
	}
	oneLine := func(args []string, want string) {
		t.Helper()
		stdout, stderr, code := runCLI(t, env, bin, args...)
		if code != 2 || stdout != "" || len(lines(stderr)) != 1 || !strings.Contains(stderr, want) || strings.Contains(stderr, "panic") {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want one line with %q", args, code, stdout, stderr, want)
		}
	}
	oneLine(nil, "cannot open a window: no X display")
	oneLine([]string{"-headless", "x.html"}, "go build -tags headless -o loopscope-headless .")

	// With the headless build beside it, the windowless commands run as if it were that one.
	src, err := os.ReadFile(headlessBin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin+"-headless", src, 0o755); err != nil {
		t.Fatal(err)
	}
	oneLine(nil, "cannot open a window: no X display")
	page := filepath.Join(t.TempDir(), "p.html")
	os.WriteFile(page, []byte(`<script>console.log('ran', 1 + 1)</script>`), 0o644)
	for _, args := range [][]string{{"-list"}, {"-h"}, {"-headless", "-virtual-time", page}, {"-virtual-time", page, "-headless"}} {
		wantOut, wantErr, wantCode := runCLI(t, nil, headlessBin, args...)
		stdout, stderr, code := runCLI(t, env, bin, args...)
		if code != wantCode || stdout != wantOut || stderr != wantErr {
			t.Errorf("%v: status %d, stdout %q, stderr %q; the headless build gives %d, %q, %q", args, code, stdout, stderr, wantCode, wantOut, wantErr)
		}
	}
}

// TestCLIList: -list names every demo issue 6 asks for, each with a one-line title.
func TestCLIList(t *testing.T) {
	stdout, stderr, code := runCLI(t, nil, headlessBin, "-list")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	listed := map[string]string{}
	for _, ln := range lines(stdout) {
		f := strings.Fields(ln)
		if len(f) < 2 {
			t.Errorf("line %q has no title", ln)
			continue
		}
		listed[f[0]] = strings.Join(f[1:], " ")
	}
	for _, name := range []string{"include_all_situation", "jake_script_start", "bossfight_real_click",
		"bossfight_synthetic_click", "async1_async2", "MutationObserver_vs_timer", "MutationObserver_vs_promise",
		"MutationObserver_microtask_substack", "DOMNodeInserted", "mutation_events_vs_promise", "timer_vs_promise",
		"promise_wrap_promise", "when_promise_callback_execute", "rendering", "async_task_is_before_rendering",
		"rAF_in_rendering_stage", "rAF_compatibility", "event_trigger_will_not_be_combined_before_rendering",
		"requestIdleCallback", "frames_of_timeouts", "long_microtasks", "timer_nesting_clamp"} {
		if listed[name] == "" {
			t.Errorf("-list does not show %s", name)
		}
	}
}

// TestCLICheck: -check runs every demo in every mode it declares against its expected output
// (from Chrome or the seed) and passes.
func TestCLICheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every demo, including 250,000 promise callbacks")
	}
	stdout, stderr, code := runCLI(t, nil, headlessBin, "-check")
	out := lines(stdout)
	if code != 0 || len(out) == 0 || !strings.HasSuffix(out[len(out)-1], " passed, 0 failed") {
		t.Errorf("-check: exit %d, stderr %q, output:\n%s", code, stderr, stdout)
	}
	// Issue 25: each run has a line of its own name (two runs of a demo in the same mode, one
	// with a real click and one with a synthetic one, were listed under one name).
	seen := map[string]bool{}
	for _, ln := range out {
		if seen[ln] {
			t.Errorf("-check lists %q twice", ln)
		}
		seen[ln] = true
	}
}

// TestCLIReportClickLatency: -report prints the latency of each real click (one line for
// the bossfight's two real clicks), and none for a synthetic one, which is no input.
func TestCLIReportClickLatency(t *testing.T) {
	_, stderr, code := runCLI(t, nil, headlessBin, "-headless", "-virtual-time", "-report",
		"-click", ".inner@100", "-click", ".outer@300", "-click", ".inner@500:synthetic", "bossfight_real_click")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var latency string
	for _, ln := range lines(stderr) {
		if strings.HasPrefix(strings.TrimSpace(ln), "click latency") {
			latency = ln
		}
	}
	if !strings.HasSuffix(latency, "(2 clicks)") || !strings.Contains(latency, "p50 ") {
		t.Errorf("report has no click latency for 2 clicks: %q in\n%s", latency, stderr)
	}
}

// TestCLITraceMicrotasks: -trace writes one event per microtask, named as Jake Archibald
// names them, for the bossfight's real click: two "Promise then" and two "Mutation
// observers", each with the handler's position; every complete event has a dur (Perfetto
// needs it), and the page prints the same as without -trace.
// bossfightWritesFile runs bossfight_real_click headless with flag writing a file named
// name: it exits 0 and prints what it prints without the flag. It returns the file.
func bossfightWritesFile(t *testing.T, flag, name string) []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	out, _, code := runCLI(t, nil, headlessBin, "-headless", "-virtual-time", flag, file, "bossfight_real_click")
	plain, _, _ := runCLI(t, nil, headlessBin, "-headless", "-virtual-time", "bossfight_real_click")
	if code != 0 || out != plain {
		t.Fatalf("exit %d; printed %q, without %s %q", code, out, flag, plain)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCLICPUProfile: -cpuprofile writes a profile that go tool pprof reads (gzipped
// protobuf), and the page prints what it prints without it.
func TestCLICPUProfile(t *testing.T) {
	b := bossfightWritesFile(t, "-cpuprofile", "cpu.prof")
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("the profile (%d bytes) is not gzip data, as pprof writes it", len(b))
	}
}

func TestCLITraceMicrotasks(t *testing.T) {
	b := bossfightWritesFile(t, "-trace", "trace.json")
	var doc struct {
		TraceEvents []struct {
			Name, Cat, Ph string
			Dur           *float64
			Args          map[string]any
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var micro []string
	for _, e := range doc.TraceEvents {
		if e.Ph == "X" && e.Dur == nil {
			t.Errorf("complete event %q without dur", e.Name)
		}
		if strings.Contains(e.Cat, "v8.microtask") {
			micro = append(micro, e.Name+" "+fmt.Sprint(e.Args["function"]))
		}
	}
	want := []string{"Promise then bossfight_real_click.html:39", "Mutation observers bossfight_real_click.html:43",
		"Promise then bossfight_real_click.html:39", "Mutation observers bossfight_real_click.html:43"}
	if strings.Join(micro, "\n") != strings.Join(want, "\n") {
		t.Errorf("microtask events\n got: %q\nwant: %q", micro, want)
	}
}
