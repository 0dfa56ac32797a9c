package page

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"loopscope/loop"
)

// The case format (a demo's or a test page's NAME.json) and RunCase, which runs one run of
// a case and compares it with what it must print: what loopscope -check does for every
// demo, and the corpus tests for every page of demos/ and testdata/.

// Case is a page's metadata and expected behaviour (a demo's or a test page's NAME.json).
// Expected outputs come from Chrome or from a seed article's printed answer (Source says which).
type Case struct {
	Title string `json:"title"`
	// Group, Order and Question place a demo in the gallery's lessons: groups in the order of
	// their first demo (the order the seeds teach), demos by Order within a group, and the
	// question the learner answers by predicting the output.
	Group       string  `json:"group"`
	Order       float64 `json:"order"`
	Question    string  `json:"question"`
	Seed        string  `json:"seed"`
	Explanation string  `json:"explanation"`
	Pixels      string  `json:"pixels"`
	// ScriptTimeoutMS is the watchdog the page needs when it is longer than the default
	// (long_microtasks blocks the page on purpose for seconds in goja): 0 keeps the default.
	ScriptTimeoutMS float64 `json:"script_timeout_ms"`
	// MaxHeapMiB is the heap limit (-max-heap) the page needs when it is over the default:
	// goja keeps about 3 KB per pending promise job, so the 250,000 jobs of long_microtasks
	// hold some 800 MB, and the live heap the watchdog reads can be a GC cycle behind. 0
	// keeps the default.
	MaxHeapMiB int64 `json:"max_heap_mib"`
	Runs       []Run `json:"runs"`
}

// Run is one way to run a case's page and what it must print.
type Run struct {
	Mode           loop.Mode  `json:"mode"`
	Query          string     `json:"query"`
	Actions        []Action   `json:"actions"`
	DurationMS     float64    `json:"duration_ms"`
	Expected       []string   `json:"expected"`
	Alternatives   [][]string `json:"alternatives"`
	ExpectedErrors []string   `json:"expected_errors"`
	Source         string     `json:"source"`
	// Order "per-thread": the output is compared thread by thread (a page with workers):
	// the window's lines in order, then each worker's (PerThread).
	Order string `json:"order,omitempty"`
}

// ParseCase reads a case's JSON.
func ParseCase(b []byte) (Case, error) {
	var c Case
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, err
	}
	for i, r := range c.Runs {
		if r.Mode == "" {
			c.Runs[i].Mode = loop.ModeSpec
		} else if _, err := loop.ParseMode(string(r.Mode)); err != nil {
			return c, fmt.Errorf("run %d: %w", i+1, err)
		}
		for _, a := range r.Actions {
			if err := a.Check(); err != nil {
				return c, fmt.Errorf("run %d: %w", i+1, err)
			}
		}
	}
	return c, nil
}

// Name is how a run is called in reports: its mode and query.
func (r Run) Name() string {
	if r.Query != "" {
		return string(r.Mode) + " " + r.Query
	}
	return string(r.Mode)
}

// DeclaredRun is the case's run declared for mode and query ("" or "?span=200"): the run a
// page opened as NAME?QUERY in that mode is checked against (the window's prediction).
func (c Case) DeclaredRun(mode Mode, query string) (Run, bool) {
	for _, r := range c.Runs {
		if r.Mode == mode && r.Query == query {
			return r, true
		}
	}
	return Run{}, false
}

// RunFor is the run whose actions and duration a headless run of the page in mode with
// query takes: DeclaredRun, else the case's first run in that mode, else its first run.
func (c Case) RunFor(mode Mode, query string) (Run, bool) {
	if r, ok := c.DeclaredRun(mode, query); ok {
		return r, true
	}
	for _, r := range c.Runs {
		if r.Mode == mode {
			return r, true
		}
	}
	if len(c.Runs) > 0 {
		return c.Runs[0], true
	}
	return Run{}, false
}

// Result is what a run printed, and the page after it ran.
type Result struct {
	Lines, Errors []string
	Page          *Page
}

// Matches reports whether the result is the run's expected output (or an alternative);
// otherwise it returns a readable difference.
func (r Result) Matches(run Run) (bool, string) {
	if run.Order == "per-thread" {
		r.Lines, r.Errors = PerThread(r.Lines), PerThread(r.Errors)
	}
	got := strings.Join(r.Lines, "\n")
	ok := got == strings.Join(run.Expected, "\n")
	for _, alt := range run.Alternatives {
		ok = ok || got == strings.Join(alt, "\n")
	}
	var diff strings.Builder
	if !ok {
		fmt.Fprintf(&diff, "console differs from %s\n  got:  %q\n  want: %q\n", run.Source, r.Lines, run.Expected)
	}
	if strings.Join(r.Errors, "\n") != strings.Join(run.ExpectedErrors, "\n") {
		ok = false
		fmt.Fprintf(&diff, "errors differ\n  got:  %q\n  want: %q\n", r.Errors, run.ExpectedErrors)
	}
	return ok, diff.String()
}

// PerThread groups the lines of each thread together: the window's in their order, then
// each worker's ("[worker NAME] ..." lines), the workers sorted by prefix. Lines of two
// threads interleave as the threads race, in Chrome as here; only the order within a
// thread is an answer (tools/chrome/expect.mjs's perThread is the same).
func PerThread(lines []string) []string {
	var win []string
	groups := map[string][]string{}
	var keys []string
	for _, l := range lines {
		if strings.HasPrefix(l, "[worker") {
			if i := strings.Index(l, "] "); i > 0 {
				k := l[:i+2]
				if _, ok := groups[k]; !ok {
					keys = append(keys, k)
				}
				groups[k] = append(groups[k], l)
				continue
			}
		}
		win = append(win, l)
	}
	sort.Strings(keys)
	for _, k := range keys {
		win = append(win, groups[k]...)
	}
	return win
}

// CaseScriptTimeout is the watchdog of case runs (-check, tests).
const CaseScriptTimeout = 2 * time.Minute

// CaseMaxHeap is the heap limit of case runs: generous like CaseScriptTimeout (a demo that
// declares max_heap_mib needs no more than this).
const CaseMaxHeap = 4 << 30

// MaxHeap is the heap limit the case declares in bytes (0: the default).
func (c Case) MaxHeap() int64 { return c.MaxHeapMiB << 20 }

// DefaultCaseDuration is how long a case runs at most when it gives no duration (ms after load).
const DefaultCaseDuration = 3000

// RunCase runs one run of a case's page headless in virtual time and returns what it
// printed (loopscope -check). html is the page source, pageURL its URL without query, dir
// its folder for external scripts ("" for none).
func RunCase(html []byte, pageURL, dir string, run Run) (Result, error) {
	return runCase(html, pageURL, dir, run, true)
}

// runCase is RunCase in virtual time or, with virtual false, on the real clock.
func runCase(html []byte, pageURL, dir string, run Run, virtual bool) (Result, error) {
	con := &caseConsole{}
	var res Result
	// A generous watchdog: goja needs seconds for what V8 does in milliseconds (the 250,000
	// promise callbacks of long_microtasks), and test machines are shared.
	opts := Options{Mode: run.Mode, VirtualTime: virtual, Console: con, ScriptTimeout: CaseScriptTimeout, MaxHeap: CaseMaxHeap}
	u := pageURL
	if run.Query != "" {
		u += run.Query
	}
	p, err := New(html, u, dir, opts)
	if err != nil {
		return res, err
	}
	for _, a := range run.Actions {
		p.Schedule(a)
	}
	RunToCompletion(p, run.DurationMS, DefaultCaseDuration)
	res.Lines, res.Errors, res.Page = con.lines, con.errors, p
	return res, nil
}

// caseConsole keeps what a case run printed (the page runs on the caller's goroutine).
type caseConsole struct{ lines, errors []string }

func (c *caseConsole) Message(_, text string) { c.lines = append(c.lines, text) }
func (c *caseConsole) Error(text string)      { c.errors = append(c.errors, text) }

// RunToCompletion runs a page until durationMS after the end of its load (if > 0), else until
// nothing is left to do, but never longer than capMS after load.
func RunToCompletion(p *Page, durationMS, capMS float64) {
	limit := capMS
	if durationMS > 0 {
		limit = durationMS
	}
	p.AfterLoad(func(loadEnd float64) { p.Loop.StopAt(loadEnd + limit) })
	p.Run(loop.RunOptions{StopWhenQuiet: durationMS <= 0})
	p.Close() // the run is over: its workers end with it
}
