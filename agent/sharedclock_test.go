package agent

import (
	"runtime"
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

// waitOrFail waits for done; a clock that missed a jump never closes it, and the test then
// fails just before its deadline (go test -timeout) instead of hanging the whole run.
func waitOrFail(t *testing.T, done <-chan struct{}, what string) {
	t.Helper()
	var before <-chan time.Time
	if d, ok := t.Deadline(); ok {
		before = time.After(time.Until(d) * 9 / 10)
	}
	select {
	case <-done:
	case <-before:
		t.Fatalf("deadlock: %s", what)
	}
}

// sleepingState reports whether m is marked sleeping (under the clock's lock).
func sleepingState(m *SharedClockMember) bool {
	m.c.mu.Lock()
	defer m.c.mu.Unlock()
	return m.sleeping
}

// waitSleeping waits until m is marked sleeping (its goroutine entered Sleep).
func waitSleeping(m *SharedClockMember) {
	for !sleepingState(m) {
		runtime.Gosched()
	}
}

// TestSharedVirtualClockPostEndsANudge is the missed jump of a window and its worker: the
// window's loop sleeps with no wake channel (Agent.SleepUntil's 1 µs progress nudge) while
// its worker runs; the worker posts to it (Woken) and goes to sleep for ever. The window
// was marked running by the post but its sleep did not end (it listened to no wake
// channel), so no member made the jump and both waited for ever. A post ends any sleep.
func TestSharedVirtualClockPostEndsANudge(t *testing.T) {
	c := NewSharedVirtualClock()
	win, w := c.Join(), c.Join()
	winDone := sleepAsync(win, time.Microsecond, nil) // the nudge: no wake channel
	waitSleeping(win)
	win.Woken() // the worker posts to the window
	wWake := make(chan struct{}, 1)
	wDone := make(chan struct{})
	go func() { w.SleepForever(wWake); close(wDone) }()
	waitOrFail(t, winDone, "the window's nudge did not end after a post, its worker asleep for ever")
	if got := win.Now(); got != 0 {
		t.Errorf("the window woke by a post at %v, want 0 (no jump)", got)
	}
	wWake <- struct{}{}
	<-wDone
}

// TestSharedVirtualClockPostBeforeSleep: a post that comes while its receiver still runs
// holds page time back until the receiver has looked at it: its next Sleep returns at once
// instead of counting it as asleep (the others asleep, page time would jump to the
// receiver's own deadline, past the message it had not handled yet).
func TestSharedVirtualClockPostBeforeSleep(t *testing.T) {
	c := NewSharedVirtualClock()
	win, w := c.Join(), c.Join()
	wWake := make(chan struct{}, 1)
	wDone := make(chan struct{})
	win.Woken() // the worker posts to the running window...
	go func() { w.SleepForever(wWake); close(wDone) }()
	waitSleeping(w) // ...and sleeps until its next message
	winWake := make(chan struct{}, 1)
	winWake <- struct{}{} // the post's wake-up, not taken yet
	win.Sleep(10*time.Millisecond, winWake)
	if got := win.Now(); got != 0 {
		t.Errorf("the window's sleep with a post waiting jumped to %v, want 0", got)
	}
	// Once it has looked, its sleep is a sleep: the jump comes.
	win.Sleep(10*time.Millisecond, winWake)
	if got := win.Now(); got != 10*time.Millisecond {
		t.Errorf("the window's next sleep ended at %v, want 10ms", got)
	}
	wWake <- struct{}{}
	<-wDone
}
