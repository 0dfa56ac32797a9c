package agent

import (
	"testing"
	"time"
)

// sleepAsync runs m.Sleep(t, wake) on its own goroutine; the channel is closed when it returns.
func sleepAsync(m *SharedClockMember, t time.Duration, wake <-chan struct{}) <-chan struct{} {
	done := make(chan struct{})
	go func() { m.Sleep(t, wake); close(done) }()
	return done
}

// TestSharedVirtualClockAlone: with one member, a shared clock is a virtual clock: a sleep
// jumps at once.
func TestSharedVirtualClockAlone(t *testing.T) {
	c := NewSharedVirtualClock()
	a := c.Join()
	a.Sleep(10*time.Millisecond, nil)
	if got := a.Now(); got != 10*time.Millisecond {
		t.Errorf("after sleeping until 10 ms: %v", got)
	}
	a.Sleep(5*time.Millisecond, nil) // in the past: no change
	if got := a.Now(); got != 10*time.Millisecond {
		t.Errorf("after sleeping until 5 ms: %v", got)
	}
}

// TestSharedVirtualClockJumpsInOrder: page time jumps only when every member sleeps, to the
// earliest time one sleeps until; a member's own origin is where it joined.
func TestSharedVirtualClockJumpsInOrder(t *testing.T) {
	c := NewSharedVirtualClock()
	a, b := c.Join(), c.Join()
	aDone := sleepAsync(a, 10*time.Millisecond, nil)
	b.Sleep(5*time.Millisecond, nil) // both sleep: the jump is to b's 5 ms, not a's 10
	if got := b.Now(); got != 5*time.Millisecond {
		t.Fatalf("b woke at %v, want 5ms", got)
	}
	select {
	case <-aDone:
		t.Fatalf("a woke at %v: before its time", a.Now())
	default:
	}
	bDone := sleepAsync(b, 20*time.Millisecond, nil)
	<-aDone // now a's 10 ms is the earliest
	if got := a.Now(); got != 10*time.Millisecond {
		t.Errorf("a woke at %v, want 10ms", got)
	}
	w := c.Join() // a worker started at 10 ms: its time origin
	if got := w.Now(); got != 0 {
		t.Errorf("a new member's time: %v, want 0", got)
	}
	w.Close()
	a.Close() // b alone: its sleep ends
	<-bDone
	if got := b.Now(); got != 20*time.Millisecond {
		t.Errorf("b woke at %v, want 20ms", got)
	}
}

// TestSharedVirtualClockWake: a member woken from outside (something posted to its agent)
// runs again without page time moving.
func TestSharedVirtualClockWake(t *testing.T) {
	c := NewSharedVirtualClock()
	a, b := c.Join(), c.Join()
	wake := make(chan struct{}, 1)
	aDone := sleepAsync(a, 100*time.Millisecond, wake)
	wake <- struct{}{}
	<-aDone
	if got := a.Now(); got != 0 {
		t.Errorf("a woke at %v, want 0 (woken by a post, b still awake)", got)
	}
	_ = b
}

// TestSharedVirtualClockCountsJS: the CPU time one member's JS uses is page time for all.
func TestSharedVirtualClockCountsJS(t *testing.T) {
	c := NewSharedVirtualClock()
	a, b := c.Join(), c.Join()
	a.Enter()
	for a.Now() == 0 { // JS running: a's own time moves, b's not yet
		if b.Now() != 0 {
			t.Fatal("b saw a's JS time before a left JS")
		}
	}
	a.Leave()
	if b.Now() == 0 || b.Now() != a.Now() {
		t.Errorf("after a's JS: a %v, b %v", a.Now(), b.Now())
	}
}

var (
	_ Clock   = (*SharedClockMember)(nil)
	_ jsClock = (*SharedClockMember)(nil)
)
