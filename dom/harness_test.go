package dom_test

import (
	"strings"
	"sync"
	"testing"

	"loopscope/loop"
	"loopscope/page"
)

// The DOM's tests run pages on the real event loop (page.New: the loop, the rendering
// engine, requestIdleCallback, virtual time), the same path as the app and -check.

// testPage is a page under test with its console (lines and uncaught errors in one list,
// in the order they were printed).
type testPage struct {
	t   testing.TB
	p   *page.Page
	con *orderedConsole
}

// orderedConsole keeps console lines and errors in one list, in order.
type orderedConsole struct {
	mu  sync.Mutex
	log []string
}

func (c *orderedConsole) Message(_, text string) { c.add(text) }
func (c *orderedConsole) Error(text string)      { c.add(text) }
func (c *orderedConsole) add(s string) {
	c.mu.Lock()
	c.log = append(c.log, s)
	c.mu.Unlock()
}

// lines returns what was printed since the last call.
func (c *orderedConsole) lines() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.log
	c.log = nil
	return out
}

// testURL is the URL of every test page (the seed's idle demo reads ?span=200).
const testURL = "file:///test/page.html?span=200"

// newTestPage prepares src in mode (loop.ModeSpec when empty); nothing runs yet.
func newTestPage(t testing.TB, src string, mode loop.Mode) *testPage {
	return newTestPageWith(t, src, page.Options{Mode: mode, ScriptTimeout: page.CaseScriptTimeout})
}

// newTestPageWith prepares src with opts (in virtual time, printing to the test's console).
func newTestPageWith(t testing.TB, src string, opts page.Options) *testPage {
	t.Helper()
	con := &orderedConsole{}
	opts.VirtualTime, opts.Console = true, con
	p, err := page.New([]byte(src), testURL, "", opts)
	if err != nil {
		t.Fatalf("page.New: %v", err)
	}
	return &testPage{t: t, p: p, con: con}
}

// loadPage loads src and runs it until nothing is left to do.
func loadPage(t testing.TB, src string, mode loop.Mode) *testPage {
	tp := newTestPage(t, src, mode)
	tp.run()
	return tp
}

// run runs the page until nothing is left to do (at most 3 s of page time after load).
func (tp *testPage) run() { page.RunToCompletion(tp.p, 0, page.DefaultCaseDuration) }

// exec runs src as a classic script in a task of its own, then everything it queued.
func (tp *testPage) exec(src string) {
	tp.p.Loop.QueueTask(loop.SourceDOMManipulation, "test script", func() { tp.p.Loop.RunScript("test.js", src) })
	tp.run()
}

// realClick clicks at the centre of the element matching sel as a mouse would (two
// user-interaction tasks, trusted events), then runs everything it queued.
func (tp *testPage) realClick(sel string) {
	if err := tp.p.RealClickElement(sel); err != nil {
		tp.t.Fatal(err)
	}
	tp.run()
}

// runPage loads src and returns its console output.
func runPage(t testing.TB, src string, mode loop.Mode) []string {
	return loadPage(t, src, mode).con.lines()
}

// expectLog compares whole console outputs.
func expectLog(t testing.TB, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("console output differs\n--- got:\n%s\n--- want:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// testHTML is a page with body and one inline script.
func testHTML(body, script string) string {
	return "<!DOCTYPE html><html><head><title>t</title></head><body>" + body + "<script>" + script + "</script></body></html>"
}
