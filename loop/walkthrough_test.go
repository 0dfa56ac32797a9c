package loop_test

import (
	"strings"
	"testing"

	"loopscope/demos"
	"loopscope/internal/testsupport"
	"loopscope/loop"
	"loopscope/page"
)

// Jake Archibald's walkthroughs, stepped through: the four boxes of the queues view's model
// (Tasks, Microtasks, JS stack, Log) at every stop, compared with the boxes the seed
// articles draw. Seed 004 ("Tasks, microtasks, queues and schedules", 2015) keeps, for each
// of its animated diagrams, the table of everything that passes through each box, in order;
// seed 002 (a Chinese walkthrough of the same script-start example) writes out four states.

// walk runs a page paused from the start and advances it one step of kind k at a time
// until the run ends; it returns the boxes at every stop, and what the page printed.
func walk(t *testing.T, p *page.Page, duration float64, k loop.StepKind) ([]loop.Boxes, []string) {
	t.Helper()
	s := p.Loop.EnableStepping()
	p.Loop.EnableMicrotaskTracking()
	s.Pause()
	done := make(chan struct{})
	go func() {
		defer close(done)
		page.RunToCompletion(p, duration, page.DefaultCaseDuration)
	}()
	var stops []loop.Boxes
	for {
		select {
		case <-done:
			return stops, nil
		case <-s.ParkedSignal():
			got := make(chan loop.Boxes, 1)
			p.Loop.Post(func() { got <- p.Loop.Inspect(50).Boxes })
			stops = append(stops, <-got)
			s.Step(k)
		}
	}
}

func newDemoPage(t *testing.T, name string, run int) (*page.Page, page.Run, *testsupport.Console) {
	t.Helper()
	list, errs := demos.All()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, d := range list {
		if d.Name != name {
			continue
		}
		r := d.Runs[run]
		con := &testsupport.Console{}
		p, err := page.New(d.HTML, d.URL()+r.Query, "", page.Options{Mode: r.Mode, VirtualTime: true, Console: con, ScriptTimeout: page.CaseScriptTimeout, MaxHeap: page.CaseMaxHeap})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Actions {
			p.Schedule(a)
		}
		return p, r, con
	}
	t.Fatalf("no demo %s", name)
	return nil, page.Run{}, nil
}

// passedThrough is what went through a box, in order of first appearance: the rows of
// Jake's tables. skip leaves out names his diagram does not draw.
func passedThrough(stops []loop.Boxes, box func(loop.Boxes) []loop.BoxItem, skip ...string) []string {
	seen := map[string]bool{}
	var out []string
	for _, b := range stops {
		for _, it := range box(b) {
			if seen[it.ID] || contains(skip, it.Name) {
				continue
			}
			seen[it.ID] = true
			out = append(out, it.Name)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pageLoading are the tasks of loading a page after its scripts, which Jake's diagram of
// one script leaves out.
var pageLoading = []string{"end of parsing", "Dispatch DOMContentLoaded", "Dispatch load"}

func tasksBox(b loop.Boxes) []loop.BoxItem      { return b.Tasks }
func microtasksBox(b loop.Boxes) []loop.BoxItem { return b.Microtasks }

// jakeTable is one of seed 004's tables: what passed through each box, and the final log.
type jakeTable struct{ tasks, microtasks, log []string }

func checkTable(t *testing.T, stops []loop.Boxes, want jakeTable, skipTasks ...string) {
	t.Helper()
	if len(stops) < 5 {
		t.Fatalf("only %d stops", len(stops))
	}
	last := stops[len(stops)-1]
	check := func(box string, got, want []string) {
		if strings.Join(got, " | ") != strings.Join(want, " | ") {
			t.Errorf("%s\n got: %q\nwant: %q (seed 004's table)", box, got, want)
		}
	}
	check("Tasks", passedThrough(stops, tasksBox, skipTasks...), want.tasks)
	check("Microtasks", passedThrough(stops, microtasksBox), want.microtasks)
	check("Log", last.Log, want.log)
	if len(last.Stack) != 0 {
		t.Errorf("JS stack at the end: %q, want empty", loop.FrameNames(last.Stack))
	}
}

// TestWalkthroughScriptStart: seed 004's first diagram, stepped one queue or log call at a
// time and one microtask at a time.
func TestWalkthroughScriptStart(t *testing.T) {
	// Seed 004, "So, step by step:" table.
	want := jakeTable{
		tasks:      []string{"Run script", "setTimeout callback"},
		microtasks: []string{"Promise then", "Promise then"},
		log:        []string{"script start", "script end", "promise1", "promise2", "setTimeout"},
	}
	for _, k := range []loop.StepKind{loop.StepHostCall, loop.StepMicrotask} {
		t.Run(k.String(), func(t *testing.T) {
			p, _, con := newDemoPage(t, "jake_script_start", 0)
			stops, _ := walk(t, p, 0, k)
			checkTable(t, stops, want, pageLoading...)
			if got := strings.Join(con.Lines, ","); got != strings.Join(want.log, ",") {
				t.Errorf("printed %q", got)
			}
		})
	}
}

// TestWalkthroughSeed002: seed 002's four states of the same example ("第一次执行" to
// "第四次执行"), in order, among the stops of a step-by-call walk. The seed writes
// "run script" and numbers the promises ("Promise2 then", "Promise2 callback"); the
// model's names are Jake's ("Run script", "Promise then").
func TestWalkthroughSeed002(t *testing.T) {
	type state struct{ tasks, microtasks, stack, log string }
	want := []state{
		// 第一次执行: Tasks：run script、setTimeout callback; Microtasks：Promise then;
		// JS stack: script; Log: script start、script end
		{"Run script, setTimeout callback", "Promise then", "script", "script start, script end"},
		// 第二次执行: Tasks：run script、setTimeout callback; Microtasks：Promise2 then;
		// JS stack: Promise2 callback; Log: script start、script end、promise1、promise2
		{"Run script, setTimeout callback", "Promise then", "Promise then", "script start, script end, promise1, promise2"},
		// 第三次执行: Tasks：setTimeout callback; Microtasks：(empty); JS stack: setTimeout
		// callback; Log: script start、script end、promise1、promise2、setTimeout
		{"setTimeout callback", "", "setTimeout callback", "script start, script end, promise1, promise2, setTimeout"},
		// 第四次执行: Tasks：setTimeout callback; Microtasks：(empty); JS stack: (empty);
		// Log: script start、script end、promise1、promise2、setTimeout
		{"setTimeout callback", "", "", "script start, script end, promise1, promise2, setTimeout"},
	}
	p, _, _ := newDemoPage(t, "jake_script_start", 0)
	stops, _ := walk(t, p, 0, loop.StepHostCall)
	var got []state
	for _, b := range stops {
		var tasks []string
		for _, n := range loop.Names(b.Tasks) {
			if !contains(pageLoading, n) {
				tasks = append(tasks, n)
			}
		}
		got = append(got, state{
			strings.Join(tasks, ", "), strings.Join(loop.Names(b.Microtasks), ", "),
			strings.Join(loop.FrameNames(b.Stack), ", "), strings.Join(b.Log, ", ")})
	}
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("seed 002's state %d (%+v) never came (after the earlier ones); the stops were:", i+1, want[i])
		for _, g := range got {
			t.Logf("  %+v", g)
		}
	}
}

// TestWalkthroughBossfight: seed 004's bossfight, a real click (Tasks: Dispatch click; a
// checkpoint after each listener) and inner.click() from script (Tasks: Run script; one
// checkpoint after both listeners), stepped one queue or log call at a time.
func TestWalkthroughBossfight(t *testing.T) {
	cases := []struct {
		demo  string
		table jakeTable
	}{
		// Seed 004, "Level 1 bossfight", "So here's how it goes:" table.
		{"bossfight_real_click", jakeTable{
			tasks:      []string{"Dispatch click", "setTimeout callback", "setTimeout callback"},
			microtasks: []string{"Promise then", "Mutation observers", "Promise then", "Mutation observers"},
			log:        []string{"click", "promise", "mutate", "click", "promise", "mutate", "timeout", "timeout"},
		}},
		// Seed 004, "Level 1 boss's angry older brother", "Here's how it should happen:" table.
		{"bossfight_synthetic_click", jakeTable{
			tasks:      []string{"Run script", "setTimeout callback", "setTimeout callback"},
			microtasks: []string{"Promise then", "Mutation observers", "Promise then"},
			log:        []string{"click", "click", "promise", "mutate", "promise", "timeout", "timeout"},
		}},
	}
	for _, c := range cases {
		t.Run(c.demo, func(t *testing.T) {
			p, r, con := newDemoPage(t, c.demo, 0)
			stops, _ := walk(t, p, r.DurationMS, loop.StepHostCall)
			// Jake's diagram starts at the click: the stops from the click's task on.
			first := -1
			for i, b := range stops {
				for _, it := range b.Tasks {
					if it.Name == "Dispatch click" || (it.Name == "Run script" && strings.Contains(it.Detail, "click()")) {
						first = i
					}
				}
				if first >= 0 {
					break
				}
			}
			if first < 0 {
				t.Fatal("the click's task never showed in the Tasks box")
			}
			// The page dispatches mousedown before the click, as Chrome does; Jake draws the click.
			checkTable(t, stops[first:], c.table, "Dispatch mousedown")
			if got := strings.Join(con.Lines, ","); got != strings.Join(c.table.log, ",") {
				t.Errorf("printed %q", got)
			}
			// Inside the first listener, after setAttribute: the stack is onClick (on the
			// script that called inner.click(), for the synthetic click), and the microtask
			// queue holds the promise reaction and the mutation observers' notification.
			wantStack := "onClick"
			if c.demo == "bossfight_synthetic_click" {
				wantStack = "onClick < click < script"
			}
			found := false
			for _, b := range stops[first:] {
				if strings.Join(loop.Names(b.Microtasks), ",") == "Promise then,Mutation observers" &&
					strings.Join(loop.FrameNames(b.Stack), " < ") == wantStack {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("no stop with Microtasks [Promise then, Mutation observers] and JS stack %q", wantStack)
				for _, b := range stops[first:] {
					t.Logf("  T%q M%q S%q", loop.Names(b.Tasks), loop.Names(b.Microtasks), loop.FrameNames(b.Stack))
				}
			}
		})
	}
}

// TestWalkthroughAwaitOnASettledPromise (issue 25): async1_async2 stepped one queue or log
// call at a time. async2() returns a promise already fulfilled, so async1's await queues its
// continuation at once (PerformPromiseThen, step 8: the promise is fulfilled, so the
// reaction job is enqueued): at the stop of that await, the Microtasks box already holds it,
// and it stays first in the box until the script ends (seed 002: since Chrome 73 'async1
// end' comes before promise1).
func TestWalkthroughAwaitOnASettledPromise(t *testing.T) {
	p, _, _ := newDemoPage(t, "async1_async2", 0)
	stops, _ := walk(t, p, 0, loop.StepHostCall)
	awaitStop := -1
	for i, b := range stops {
		if names := loop.FrameNames(b.Stack); len(names) == 2 && names[0] == "async1" && names[1] == "script" {
			awaitStop = i // async1 on the stack again after async2 returned: its await
			break
		}
	}
	if awaitStop < 0 {
		t.Fatal("no stop at async1's await")
	}
	for _, b := range stops[awaitStop:] {
		if len(b.Stack) == 0 {
			break // the script ended: the checkpoint runs the microtasks
		}
		if m := loop.Names(b.Microtasks); len(m) == 0 || m[0] != "async continuation: async1" {
			t.Errorf("at the stop with the stack %q and the log %q the Microtasks box is %q, want the continuation first",
				loop.FrameNames(b.Stack), b.Log, m)
		}
	}
}

// TestWalkthroughSpecSteps (issue 25): each stop of "script start", stepped one queue or log
// call at a time, names the step of the processing model that has just run, with the spec's
// number: before the first task, step 2 takes "Run script"; setTimeout runs the timer
// initialisation steps; then on Promise.resolve()'s settled promise is PerformPromiseThen's
// step 8 (the job queued at once), the second then, on the first then's pending promise, its
// step 7; when the script returns, "perform a microtask checkpoint" step 3 runs each
// reaction; "clean up after running script" step 3 is the checkpoint after the script, and
// step 2 of the processing model ends the task.
func TestWalkthroughSpecSteps(t *testing.T) {
	want := []string{
		`before step 2: next, 2.1 choose a task queue and 2.3 take its oldest task ("Run script")`,
		"console.log: ",
		"setTimeout: the timer initialisation steps ran",
		"PerformPromiseThen (ECMAScript) steps 8-9: the promise has settled",
		"PerformPromiseThen (ECMAScript) step 7: the promise is pending",
		"console.log: ",
		`"Perform a microtask checkpoint" step 3: the microtask queue is not empty; next, 3.1 dequeue the oldest microtask (Promise then)`,
		"console.log: ",
		`"Perform a microtask checkpoint" step 3: the microtask queue is not empty; next, 3.1 dequeue the oldest microtask (Promise then)`,
		"console.log: ",
		`"Clean up after running script" step 3: script returned to an empty JS stack, so "perform a microtask checkpoint" ran, inside the task "Run script"`,
		`Event loop processing model step 2: ran the task "Run script"`,
	}
	p, _, _ := newDemoPage(t, "jake_script_start", 0)
	stops, _ := walk(t, p, 0, loop.StepHostCall)
	if len(stops) < len(want) {
		t.Fatalf("%d stops, want at least %d", len(stops), len(want))
	}
	for i, w := range want {
		if !strings.Contains(stops[i].Step, w) {
			t.Errorf("stop %d (log %q): %q\nwant it to say %q", i+1, stops[i].Log, stops[i].Step, w)
		}
	}
	if last := stops[len(stops)-1].Step; !strings.Contains(last, `step 4, a rendering opportunity: "update the rendering" ran`) {
		t.Errorf("the last stop (the first frame): %q", last)
	}
}
