package page

import (
	"strings"
	"testing"
	"time"

	"loopscope/internal/testsupport"
	"loopscope/loop"
)

// TestNodePage: a Node script behind a Page, driven only through the entry points the
// window uses (stepping.go, post.go, node.go) from another goroutine: opened paused, a
// frame step is a phase step (the timers phase, then pending callbacks), a snapshot
// requested while paused lists the immediate still waiting, the pointer and click entry
// points do nothing, and once the process has run to its end NodeExited says so and the
// console has node's order.
func TestNodePage(t *testing.T) {
	con := &testsupport.Console{}
	p, err := OpenNode("../node/testdata/ring.js", Options{Console: con, Stepping: true, TrackMicrotasks: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OpenNode("../node/testdata/ring.js", Options{Mode: loop.ModeLegacyRAF}); err == nil {
		t.Error("a browser mode opened a Node script")
	}
	p.Pause()
	done := make(chan struct{})
	go func() { p.Run(RunOptions{}); close(done) }()
	st := p.Agent.Stepper()
	waitParked := func() {
		t.Helper()
		select {
		case <-st.ParkedSignal():
		case <-time.After(10 * time.Second):
			t.Fatal("the Node page did not stop")
		}
	}
	waitParked() // before the main module
	p.PostPointer(PointerPress, 10, 10)
	p.PostSyntheticClick("body")
	var phases []string
	for range 2 {
		p.Step(StepFrame)
		waitParked()
		phases = append(phases, p.NodePhase().String())
	}
	if got := strings.Join(phases, ", "); got != "timers, pending callbacks" {
		t.Errorf("frame steps stopped at %s, want timers, pending callbacks", got)
	}
	p.RequestSnapshot(8)
	deadline := time.Now().Add(10 * time.Second)
	for p.NodeSnapshot() == nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if ns := p.NodeSnapshot(); ns == nil || ns.Phase != PhasePending || strings.Join(ns.ImmediateNames, ",") != "immediate" {
		t.Errorf("snapshot while paused: %+v", ns)
	}
	if exited, _ := p.NodeExited(); exited {
		t.Error("exited while paused")
	}
	p.Resume()
	<-done
	if exited, status := p.NodeExited(); !exited || status != 0 {
		t.Errorf("NodeExited: %v %d", exited, status)
	}
	if got := strings.Join(con.Lines, ","); got != "main,tick,timeout,immediate" && got != "main,tick,immediate,timeout" {
		t.Errorf("printed %s", got)
	}
}
