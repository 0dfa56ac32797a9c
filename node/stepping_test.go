package node

import (
	"strings"
	"testing"

	"loopscope/agent"
	"loopscope/internal/testsupport"
)

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
	s := p.Agent().Stepper()
	s.Pause()
	done := make(chan int)
	go func() { done <- p.Run() }()
	var stops []string
	for {
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("exit %d", code)
			}
			return stops
		case <-s.ParkedSignal():
			ph := p.CurrentPhase().String()
			if ph == "" {
				ph = "(none)"
			}
			stops = append(stops, ph+": "+strings.Join(con.Lines, ", "))
			s.Step(k)
		}
	}
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
