//go:build !headless

package window

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"loopscope/page"

	_ "earlyinit.loopscope/displaycheck"
)

// TestConsoleScrollBackAndWrap (issue 17): the console pane wraps a long error into rows
// that hold all of it, shows the newest rows, and scrolls back (PgUp's step, the wheel) to
// the very first line and no further; what it keeps stays bounded.
func TestConsoleScrollBackAndWrap(t *testing.T) {
	con := newConsoleLog(nil, nil)
	v := &consoleView{con: con}
	for i := 1; i <= 62; i++ {
		con.Message("log", fmt.Sprintf("line %d", i))
	}
	long := "Uncaught TypeError: Cannot read properties of undefined (reading '1') at idleTask (file:///loopscope/demos/requestIdleCallback.html:31:24) at callback (file:///loopscope/demos/requestIdleCallback.html:40:3)"
	con.Error(long)

	rows, back := v.visible()
	if back != 0 || len(rows) != conRows {
		t.Fatalf("newest view: %d rows, %d back; want %d rows, 0 back", len(rows), back, conRows)
	}
	var errRows []string
	for _, r := range rows {
		if r.err {
			errRows = append(errRows, r.text)
		}
		if n := len([]rune(r.text)); n > conCols {
			t.Errorf("row %q has %d characters, more than the pane's %d", r.text, n, conCols)
		}
	}
	if len(errRows) < 2 || strings.Join(errRows, " ") != long {
		t.Errorf("the error shows as %q, want all of it wrapped over rows", errRows)
	}
	if rows[len(rows)-1].text != errRows[len(errRows)-1] || rows[0].text == "line 1" {
		t.Errorf("the newest view does not end with the newest line: first %q, last %q", rows[0].text, rows[len(rows)-1].text)
	}
	// PgUp steps until the first line is at the top; more PgUp stays there.
	for i := 0; i < 10; i++ {
		v.scroll(conRows - 2)
	}
	rows, back = v.visible()
	if rows[0].text != "line 1" || back != 62+len(errRows)-conRows {
		t.Errorf("scrolled back: first row %q, %d back; want line 1, %d back", rows[0].text, back, 62+len(errRows)-conRows)
	}
	v.wheel(-1000) // forward past the newest: back to following it
	if _, back = v.visible(); back != 0 {
		t.Errorf("after scrolling forward, %d rows back, want 0", back)
	}

	// Bounded: lines past maxConsoleLines and characters past maxLineRunes are not kept.
	huge := strings.Repeat("x", 100*maxLineRunes)
	for i := 0; i < 3*maxConsoleLines; i++ {
		con.Message("log", huge)
	}
	kept := con.tail(10 * maxConsoleLines)
	total := 0
	for _, l := range kept {
		total += len(l.text)
	}
	if len(kept) > maxConsoleLines || total > maxConsoleLines*(maxLineRunes+100) {
		t.Errorf("the console keeps %d lines, %d bytes: want at most %d lines of about %d characters", len(kept), total, maxConsoleLines, maxLineRunes)
	}
}

// TestSteppingStateSaysWhy (issue 17): a step (1) on a quiet page says that nothing is
// queued and what would give it work, instead of a bare "stepping…"; a click then gives the
// step its task and the page parks again after it.
func TestSteppingStateSaysWhy(t *testing.T) {
	con := newConsoleLog(nil, nil)
	p, err := page.New([]byte(`<body><script>document.body.onclick = () => console.log('clicked')</script>`),
		"file:///quiet.html", "", page.Options{Stepping: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); p.Run(page.RunOptions{}) }()
	defer func() { p.PostStop(); <-done }()
	waitFor := func(what string, ok func(page.StepState) bool) page.StepState {
		t.Helper()
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if st := p.StepState(); ok(st) {
				return st
			}
		}
		t.Fatalf("the page never got to: %s (%+v)", what, p.StepState())
		return page.StepState{}
	}
	// Let it load and go quiet, then pause it.
	time.Sleep(300 * time.Millisecond)
	p.Pause()
	waitFor("parked", func(st page.StepState) bool { return st.Parked })
	p.Step(page.StepTask)
	st := waitFor("stepping with nothing to run", func(st page.StepState) bool {
		return st.PauseRequested && !st.Parked && st.Live.Task == ""
	})
	if s := steppingState(st.Live); s != stepWaiting || !strings.Contains(s, "nothing is queued; click the page") {
		t.Errorf("a step on a quiet page says %q", s)
	}
	p.PostPointer(page.PointerPress, 10, 10)
	p.PostPointer(page.PointerRelease, 10, 10)
	waitFor("parked after the click's first task", func(st page.StepState) bool { return st.Parked })
	if s := steppingState(page.Live{Task: "click"}); !strings.Contains(s, "click") {
		t.Errorf("a task running: %q, want it named", s)
	}
}

// TestConsoleSeparatesInputs (issue 25, nit of 14): the console pane puts a line before what
// a real click and a synthetic click lead to, so that their runs do not run together; the
// separators are the window's, not the page's: stdout and the prediction's check skip them.
func TestConsoleSeparatesInputs(t *testing.T) {
	c := newConsoleLog(nil, nil)
	c.separate(page.Action{Pointer: "press", XY: &[2]float64{10, 10}})
	c.Message("log", "click")
	c.separate(page.Action{Pointer: "release", XY: &[2]float64{10, 10}})
	c.separate(page.Action{Click: ".inner", Kind: "synthetic"})
	c.Message("log", "click")
	var shown []string
	for _, l := range c.tail(maxConsoleLines) {
		shown = append(shown, l.text)
	}
	want := []string{"── real click ──", "click", "── synthetic click: .inner.click() ──", "click"}
	if strings.Join(shown, "|") != strings.Join(want, "|") {
		t.Errorf("the pane shows %q, want %q", shown, want)
	}
	if got := printedLines(c); strings.Join(got, "|") != "click|click" {
		t.Errorf("what the page printed: %q, want its two lines only", got)
	}
}
