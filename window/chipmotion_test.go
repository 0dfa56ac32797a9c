//go:build !headless

package window

import (
	"testing"
	"time"
)

// TestChipMotion (issue 25, animated steps): from one stop to the next, a chip moves from
// where it was to where it goes over chipMoveDur, gently; a new chip comes from its box's
// title; a state that comes within chipMoveDur of the last one (a held key), or while the
// page runs, jumps.
func TestChipMotion(t *testing.T) {
	var m chipMotion
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	title := pt{12, 40}
	// Stop 1: a timer in the Tasks box, second row.
	m.next("task:1,timer:2,|", true, t0)
	if got := m.at("timer:2", pt{12, 80}, title, t0); got != (pt{12, 80}) {
		t.Fatalf("the first state is drawn in place: %v", got)
	}
	// Stop 2, a second later: the timer is a task now, first row; a microtask comes.
	t1 := t0.Add(time.Second)
	m.next("timer:2,|microtask:3,", true, t1)
	if got := m.at("timer:2", pt{12, 60}, title, t1); got != (pt{12, 80}) {
		t.Errorf("at the start of the move the chip is where it was: %v", got)
	}
	mid := m.at("timer:2", pt{12, 60}, title, t1.Add(chipMoveDur/2))
	if mid.y <= 60 || mid.y >= 80 {
		t.Errorf("half way the chip is at %v, want between y 80 and 60", mid)
	}
	if got := m.at("microtask:3", pt{250, 60}, pt{250, 40}, t1); got != (pt{250, 40}) {
		t.Errorf("a new chip starts at its box's title: %v", got)
	}
	if !m.moving(t1.Add(chipMoveDur/2)) || m.moving(t1.Add(chipMoveDur)) {
		t.Error("the motion lasts chipMoveDur")
	}
	if got := m.at("timer:2", pt{12, 60}, title, t1.Add(chipMoveDur)); got != (pt{12, 60}) {
		t.Errorf("after the move the chip is in place: %v", got)
	}
	// Stop 3, 100 ms later (a key held down): no motion.
	t2 := t1.Add(100 * time.Millisecond)
	m.next("|microtask:3,", true, t2)
	if m.moving(t2) {
		t.Error("a quick step moves nothing")
	}
	// A new state while the page runs: no motion.
	t3 := t2.Add(time.Second)
	m.next("|", false, t3)
	if m.moving(t3) {
		t.Error("a running page's states move nothing")
	}
}
