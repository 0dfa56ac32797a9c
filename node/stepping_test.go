package node

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"loopscope/agent"
	"loopscope/internal/testsupport"
)

// runStepped runs p paused from the start; at each stop it calls atStop and then steps by
// k, until the process ends (its exit status) or max stops were made (then it runs freely
// to its end).
func runStepped(p *Process, k agent.StepKind, max int, atStop func()) int {
	s := p.Agent().Stepper()
	s.Pause()
	done := make(chan int)
	go func() { done <- p.Run() }()
	for stops := 0; stops < max; stops++ {
		select {
		case code := <-done:
			return code
		case <-s.ParkedSignal():
			atStop()
			s.Step(k)
		}
	}
	s.Resume()
	return <-done
}

// stepRun runs script paused from the start and advances it one step of kind k at a time
// until it ends; at each stop it records the phase the loop is in and the lines printed
// so far ("phase: line, line").
func stepRun(t *testing.T, script string, k agent.StepKind) []string {
	t.Helper()
	con := &testsupport.Console{}
	p, err := New(script, Options{VirtualTime: true, Console: con, Stepping: true, TrackMicrotasks: true})
	if err != nil {
		t.Fatal(err)
	}
	var stops []string
	code := runStepped(p, k, math.MaxInt, func() {
		ph := p.CurrentPhase().String()
		if ph == "" {
			ph = "(none)"
		}
		stops = append(stops, ph+": "+strings.Join(con.Lines, ", "))
	})
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	return stops
}

// TestNodeStepByPhase: a phase step stops at the end of every phase, empty or not, in
// libuv's order, so the ring's lit phase moves one place a step; the output is a plain run's.
func TestNodeStepByPhase(t *testing.T) {
	got := stepRun(t, "testdata/ring.js", agent.StepPhase)
	want := []string{
		"(none): ",
		"timers: main, tick, timeout",
		"pending callbacks: main, tick, timeout",
		"idle, prepare: main, tick, timeout",
		"poll: main, tick, timeout",
		"check: main, tick, timeout, immediate",
		"close callbacks: main, tick, timeout, immediate",
		"timers: main, tick, timeout, immediate",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stops:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNodeStepByTask: a task step stops after each callback from the loop (with its ticks
// and microtasks), in the phase that ran it.
func TestNodeStepByTask(t *testing.T) {
	got := stepRun(t, "testdata/ring.js", agent.StepTask)
	want := []string{
		"(none): ",
		"(none): main, tick",
		"timers: main, tick, timeout",
		"check: main, tick, timeout, immediate",
		"(none): main, tick, timeout, immediate", // beforeExit
		"(none): main, tick, timeout, immediate", // exit
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stops:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNodeStepHostCallInspect: a queue-or-log step stops after setTimeout, setImmediate,
// process.nextTick and console.log, and a snapshot taken there (posted to the parked loop,
// as the window takes it) lists what each queued.
func TestNodeStepHostCallInspect(t *testing.T) {
	con := &testsupport.Console{}
	p, err := New("testdata/ring.js", Options{VirtualTime: true, Console: con, Stepping: true, TrackMicrotasks: true})
	if err != nil {
		t.Fatal(err)
	}
	s := p.Agent().Stepper()
	s.Pause()
	done := make(chan int)
	go func() { done <- p.Run() }()
	var stops []string
	for len(stops) < 6 {
		select {
		case <-done:
			t.Fatalf("ended after %d stops: %q", len(stops), stops)
		case <-s.ParkedSignal():
			got := make(chan Snapshot)
			p.Agent().Post(func() { got <- p.Inspect(8) })
			ns := <-got
			var timers []string
			for _, tv := range ns.Timers {
				timers = append(timers, tv.Name)
			}
			stops = append(stops, "ticks"+strings.Join(ns.NextTickNames, ",")+" timers"+strings.Join(timers, ",")+
				" immediates"+strings.Join(ns.ImmediateNames, ",")+" log"+strings.Join(con.Lines, ","))
			s.Step(agent.StepHostCall)
		}
	}
	s.Resume()
	<-done
	want := []string{
		"ticks timers immediates log",
		"ticks timerstimeout immediates log",
		"ticks timerstimeout immediatesimmediate log",
		"tickstick timerstimeout immediatesimmediate log",
		"tickstick timerstimeout immediatesimmediate logmain",
		"ticks timerstimeout immediatesimmediate logmain,tick", // the tick ran and logged
	}
	if strings.Join(stops, "\n") != strings.Join(want, "\n") {
		t.Errorf("stops:\n%s\nwant:\n%s", strings.Join(stops, "\n"), strings.Join(want, "\n"))
	}
}

// TestNodeStepPollWaitsForTimer (issue 25, item 7): stepped by phase on the real clock, with
// the loop's inbox posted to all the time as the window does (a snapshot at every stop, and
// requests while it runs), the poll phase after "one" waits until "two" is due, as libuv's
// poll blocks until the next timer: the next timers phase runs it. (Any post used to end the
// poll's wait at once, so page time, which stands still while the loop is parked, crept on
// by tens of µs a step and the timer never came due.)
func TestNodeStepPollWaitsForTimer(t *testing.T) {
	con := &testsupport.Console{}
	p, err := New("testdata/poll_wait.js", Options{Console: con, Stepping: true, TrackMicrotasks: true, ScriptTimeout: -1})
	if err != nil {
		t.Fatal(err)
	}
	// The window posts to the loop every frame; here much more often, so that posts land
	// while a phase runs, not only while the loop is parked.
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		for {
			select {
			case <-quit:
				return
			case <-time.After(20 * time.Microsecond):
				p.Agent().Post(func() {})
			}
		}
	}()
	var stops []string
	runStepped(p, agent.StepPhase, 200, func() {
		got := make(chan Snapshot)
		p.Agent().Post(func() { got <- p.Inspect(8) })
		<-got
		stops = append(stops, p.CurrentPhase().String()+": "+strings.Join(con.Lines, ", "))
	})
	first := -1
	for i, st := range stops {
		if strings.HasSuffix(st, "one") {
			first = i
			break
		}
	}
	if first < 0 || !strings.HasPrefix(stops[first], "timers: ") || first+7 > len(stops) {
		t.Fatalf("no timers stop running one, or fewer than 7 stops after it:\n%s", strings.Join(stops, "\n"))
	}
	want := []string{
		"timers: main, one",
		"pending callbacks: main, one",
		"idle, prepare: main, one",
		"poll: main, one",
		"check: main, one",
		"close callbacks: main, one",
		"timers: main, one, two",
	}
	if got := stops[first : first+7]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stops from the one that ran one:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNodePauseDuringPollWait: a pause asked while the poll phase waits for a far timer
// parks the loop at the poll phase's end, with the timer not yet run, instead of after the
// wait.
func TestNodePauseDuringPollWait(t *testing.T) {
	con := &testsupport.Console{}
	p, err := New("testdata/poll_far.js", Options{Console: con, Stepping: true, ScriptTimeout: -1})
	if err != nil {
		t.Fatal(err)
	}
	s := p.Agent().Stepper()
	done := make(chan int)
	go func() { done <- p.Run() }()
	for !slices.Contains(con.Snapshot(), "main") {
		time.Sleep(time.Millisecond)
	}
	s.Pause()
	select {
	case <-s.ParkedSignal():
	case <-done:
		t.Fatal("the process ended instead of parking")
	}
	if ph, lines := p.CurrentPhase(), con.Snapshot(); ph != PhasePoll || len(lines) != 1 {
		t.Errorf("parked in %q after %q, want the poll phase's end after [main]", ph, lines)
	}
	p.Agent().Post(p.Agent().Stop) // the far timer is not waited for
	<-done
}

// TestNodeStackHidesHostFrames (issue 25, item 7): the JS stack box of a Node script shows
// the script's frames only: not the host's JS (node:host.js's callback trampoline) nor the
// built-in it calls them through (Function.prototype.call).
func TestNodeStackHidesHostFrames(t *testing.T) {
	con := &testsupport.Console{}
	p, err := New("testdata/stack.js", Options{VirtualTime: true, Console: con, Stepping: true, TrackMicrotasks: true})
	if err != nil {
		t.Fatal(err)
	}
	var stacks []string
	logged := 0
	runStepped(p, agent.StepHostCall, math.MaxInt, func() {
		n := len(con.Snapshot())
		if n == logged {
			return
		}
		logged = n
		got := make(chan agent.Boxes)
		p.Agent().Post(func() { got <- p.Agent().Boxes(8) })
		var frames []string
		for _, f := range (<-got).Stack {
			frames = append(frames, fmt.Sprintf("%s %s:%d", f.Name, filepath.Base(f.File), f.Line))
		}
		stacks = append(stacks, con.Snapshot()[n-1]+": "+strings.Join(frames, " < "))
	})
	want := []string{
		"tick: inner stack.js:2 < tick stack.js:5",
		"timeout: inner stack.js:2 < outer stack.js:3",
		"immediate: inner stack.js:2 < setImmediate stack.js:4", // an arrow: named by its entry point
	}
	if strings.Join(stacks, "\n") != strings.Join(want, "\n") {
		t.Errorf("stacks:\n%s\nwant:\n%s", strings.Join(stacks, "\n"), strings.Join(want, "\n"))
	}
}

// TestNodeSourcesForTheCodePane (issue 25, item 7): the modules a Node script loads are kept
// for the window's code pane, by the file names its stack frames give, with their own text
// (not the CommonJS wrapper's).
func TestNodeSourcesForTheCodePane(t *testing.T) {
	con := &testsupport.Console{}
	p, err := New("testdata/stack.js", Options{VirtualTime: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	p.Run()
	abs, _ := filepath.Abs("testdata/stack.js")
	src := p.Agent().Sources()
	if files := src.Files(); !slices.Contains(files, abs) {
		t.Fatalf("sources %q, want %s", files, abs)
	}
	want, _ := os.ReadFile("testdata/stack.js")
	if got := strings.Join(src.Lines(abs), "\n"); got != string(want) {
		t.Errorf("source lines:\n%s\nwant the file:\n%s", got, want)
	}
}
