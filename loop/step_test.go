package loop_test

import (
	"strings"
	"testing"

	"loopscope/demos"
	"loopscope/internal/testsupport"
	"loopscope/loop"
	"loopscope/page"
)

// slowRun is the pseudo step kind of TestStepModeKeepsOrder that runs a demo at 1/20 speed
// without pausing.
const slowRun loop.StepKind = 100

// stepThrough runs one run of a demo with the loop paused from the start and advanced one
// step of kind k at a time until the run ends (or, for slowRun, runs it at 1/20 speed);
// microtask tracking is on. It returns what the page printed and how many steps it took.
func stepThrough(t *testing.T, d demos.Demo, r page.Run, k loop.StepKind) ([]string, []string, int) {
	t.Helper()
	con := &testsupport.Console{}
	p, err := page.New(d.HTML, d.URL()+r.Query, "", page.Options{Mode: r.Mode, VirtualTime: true, Console: con, ScriptTimeout: page.CaseScriptTimeout, MaxHeap: page.CaseMaxHeap})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range r.Actions {
		p.Schedule(a)
	}
	s := p.Loop.EnableStepping()
	p.Loop.EnableMicrotaskTracking()
	if k == slowRun {
		s.SetSpeed(1.0 / 20)
		page.RunToCompletion(p, r.DurationMS, page.DefaultCaseDuration)
		return con.Lines, con.Errors, 2
	}
	s.Pause()
	done := make(chan struct{})
	go func() {
		defer close(done)
		page.RunToCompletion(p, r.DurationMS, page.DefaultCaseDuration)
	}()
	steps := 0
	for {
		select {
		case <-done:
			return con.Lines, con.Errors, steps
		case <-s.ParkedSignal():
			if !s.Parked() {
				t.Fatal("parked signal while the loop is not parked")
			}
			steps++
			s.Step(k)
		}
	}
}

// TestStepModeKeepsOrder: stepping through every demo, one task, one callback, one frame,
// one microtask or one queue-or-log call at a time, or running it at 1/20 speed, with
// microtask tracking on, prints what a normal run prints: page time stands still while the
// loop waits (also inside JS), so nothing is reordered. (Where a normal run itself depends on the machine's speed — the
// 250,000 promise jobs of long_microtasks take seconds of page time — the demo's expected
// output, from Chrome, is accepted too.)
func TestStepModeKeepsOrder(t *testing.T) {
	list, errs := demos.All()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(list) < 20 {
		t.Fatalf("only %d demos", len(list))
	}
	for _, d := range list {
		for _, r := range d.Runs {
			for _, k := range []loop.StepKind{loop.StepTask, loop.StepCallback, loop.StepFrame, loop.StepMicrotask, loop.StepHostCall, slowRun} {
				if (testing.Short() || d.Name == "long_microtasks") && k != loop.StepTask && k != loop.StepHostCall {
					continue // seconds per run
				}
				if d.Name == "long_microtasks" && k == loop.StepHostCall {
					continue // 250,000 stops
				}
				if k == slowRun && strings.Contains(string(d.HTML), "new Worker(") {
					continue // the speed control slows the window's loop only: a slowed run differs by design (docs/workers.md)
				}
				d, r, k := d, r, k
				kind := k.String()
				if k == slowRun {
					kind = "speed 1/20"
				}
				t.Run(d.Name+"/"+r.Name()+"/"+kind, func(t *testing.T) {
					normal, err := page.RunCase(d.HTML, d.URL(), "", r)
					if err != nil {
						t.Fatal(err)
					}
					lines, errors, steps := stepThrough(t, d, r, k)
					same := strings.Join(lines, "\n") == strings.Join(normal.Lines, "\n") &&
						strings.Join(errors, "\n") == strings.Join(normal.Errors, "\n")
					if expected, _ := (page.Result{Lines: lines, Errors: errors}).Matches(r); !same && !expected {
						t.Errorf("stepping by %s (%d steps) printed\n  %q %q\na normal run printed\n  %q %q", k, steps, lines, errors, normal.Lines, normal.Errors)
					}
					if steps < 2 {
						t.Errorf("only %d steps: the loop did not pause", steps)
					}
				})
			}
		}
	}
}

// TestStepTaskRunsOneTask: each step by task runs exactly one task, so the scripts of
// jake_script_start print in order one step at a time, and the page clock does not move
// while the loop is parked.
func TestStepTaskRunsOneTask(t *testing.T) {
	src := `<script>console.log('a'); setTimeout(() => console.log('timeout'), 0); Promise.resolve().then(() => console.log('micro'))</script>
<script>console.log('b')</script>`
	con := &testsupport.Console{}
	p, err := page.New([]byte(src), "file:///t.html", "", page.Options{VirtualTime: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	s := p.Loop.EnableStepping()
	s.Pause()
	done := make(chan struct{})
	go func() { defer close(done); p.Run(loop.RunOptions{StopWhenQuiet: true}) }()
	<-s.ParkedSignal()
	var got []string
	for i := 0; i < 2; i++ {
		tasks := countTasks(p.Loop)
		s.Step(loop.StepTask)
		select {
		case <-s.ParkedSignal():
		case <-done:
			t.Fatal("the run ended early")
		}
		if n := countTasks(p.Loop) - tasks; n != 1 {
			t.Errorf("step %d ran %d tasks, want 1", i+1, n)
		}
		got = append(got, strings.Join(lines(con), ","))
	}
	// Each script is a task, and its microtask checkpoint belongs to it.
	want := []string{"a,micro", "a,micro,b"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("after step %d: console %q, want %q", i+1, got[i], want[i])
		}
	}
	// The clock stands still while parked.
	t1 := p.Loop.Now()
	t2 := p.Loop.Now()
	if t1 != t2 {
		t.Errorf("page time moved while parked: %v then %v", t1, t2)
	}
	s.Resume()
	<-done
	if got := strings.Join(lines(con), ","); got != "a,micro,b,timeout" {
		t.Errorf("after resuming: console %q, want a,micro,b,timeout", got)
	}
}

func countTasks(l *loop.Loop) int {
	n := 0
	for _, sp := range l.Trace().Spans() {
		if sp.Kind == loop.KindTask {
			n++
		}
	}
	return n
}

func lines(c *testsupport.Console) []string {
	return append([]string(nil), c.Lines...)
}

// TestSpeedSlowsPageTime: at speed 0.25 a real-clock page sees time pass at a quarter of the
// real rate (checked against the loop's own clock before and after a real sleep).
func TestSpeedSlowsPageTime(t *testing.T) {
	l := loop.New(loop.Options{Console: &testsupport.Console{}})
	s := l.EnableStepping()
	s.SetSpeed(0.25)
	if s.Speed() != 0.25 {
		t.Fatalf("speed %v", s.Speed())
	}
	clock := loop.NewRealClock()
	a, ra := l.Now(), clock.Now()
	for clock.Now()-ra < 40e6 { // 40 ms of real time
	}
	b, rb := l.Now(), clock.Now()
	real := float64(rb-ra) / 1e6
	if got := b - a; got < real*0.2 || got > real*0.3 {
		t.Errorf("page time advanced %.2f ms in %.2f ms of real time at speed 0.25", got, real)
	}
	s.SetSpeed(5)
	if s.Speed() != 1 {
		t.Errorf("speed 5 should clamp to 1, got %v", s.Speed())
	}
}
