package agent

import (
	"math"
	"runtime"
	"sync"
	"time"

	"loopscope/internal/cputime"
)

// Clock is the loop's source of time. Times are durations since the page's time origin.
type Clock interface {
	// Now is the current time since the time origin.
	Now() time.Duration
	// Sleep blocks until the clock reaches t or wake is signalled, whichever comes first.
	Sleep(t time.Duration, wake <-chan struct{})
	// Reset moves the time origin to now (navigation start, once the realm is set up).
	Reset()
}

// RealClock is the wall clock, monotonic, starting at zero when created.
type RealClock struct{ origin time.Time }

// NewRealClock returns a real clock whose time origin is now.
func NewRealClock() *RealClock { return &RealClock{origin: time.Now()} }

// Now implements Clock.
func (c *RealClock) Now() time.Duration { return time.Since(c.origin) }

// Reset moves the time origin to now.
func (c *RealClock) Reset() { c.origin = time.Now() }

// Sleep implements Clock.
func (c *RealClock) Sleep(t time.Duration, wake <-chan struct{}) {
	d := t - c.Now()
	if d <= 0 {
		return
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-wake:
	}
}

// VirtualClock skips idle waits: Sleep jumps straight to the requested time. Time also passes
// while the page's JS runs (between Enter and Leave), by the CPU time the JS thread uses, so
// busy-wait loops on performance.now() end as they would in a browser, while the host's own
// overhead (the loop, GC, writing frames) and the time the OS gives other processes are not
// page time: a run's order does not depend on how busy the machine is.
type VirtualClock struct {
	mu      sync.Mutex
	t       time.Duration // page time, frozen outside JS
	inJS    bool
	entered time.Duration // the thread's CPU time at Enter
	tid     int           // the thread JS runs on since Enter
	spent   time.Duration // the CPU time JS used, all Enter…Leave spans together
}

// NewVirtualClock returns a virtual clock at time zero.
func NewVirtualClock() *VirtualClock { return &VirtualClock{} }

// Now implements Clock.
func (c *VirtualClock) Now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.inJS {
		return c.t + max(cputime.Thread()-c.entered, 0)
	}
	return c.t
}

// Enter starts counting the calling thread's CPU time as page time (JS starts running). The
// goroutine stays on its OS thread until Leave, so the thread's CPU clock is the JS's. It
// returns page time and JSTime at the entry, from the one read of the thread's clock that
// entering takes (the caller need not read the clock again: a system call each).
func (c *VirtualClock) Enter() (now, js time.Duration) {
	runtime.LockOSThread()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.inJS { // (entered already: the time JS has run since counts)
		d := max(cputime.Thread()-c.entered, 0)
		return c.t + d, c.spent + d
	}
	c.inJS, c.entered, c.tid = true, cputime.Thread(), cputime.ThreadID()
	return c.t, c.spent
}

// Leave stops counting (JS returned) and returns page time at the end.
func (c *VirtualClock) Leave() time.Duration {
	c.mu.Lock()
	if c.inJS {
		d := max(cputime.Thread()-c.entered, 0)
		c.t += d
		c.spent += d
		c.inJS = false
	}
	now := c.t
	c.mu.Unlock()
	runtime.UnlockOSThread()
	return now
}

// JSTime is the CPU time the page's JS has used so far, readable from any goroutine: under
// virtual time the watchdog measures a call with it, on the page's own clock, so that a
// loaded machine (the JS thread waiting for a core) cannot make a script overrun its
// -script-timeout. ok is false when the JS thread's clock cannot be read from here.
func (c *VirtualClock) JSTime() (d time.Duration, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.inJS {
		return c.spent, true
	}
	now, ok := cputime.ThreadOf(c.tid)
	return c.spent + max(now-c.entered, 0), ok
}

// Reset moves the time origin to now: page time zero.
func (c *VirtualClock) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t, c.inJS = 0, false
}

// Sleep implements Clock: it never blocks; it moves the clock forward to t.
func (c *VirtualClock) Sleep(t time.Duration, wake <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t > c.t {
		c.t = t
	}
}

// jsClock is a clock that counts page time only while JS runs (VirtualClock): Enter returns
// page time and the JS time the watchdog measures with (JSTime) at the entry, Leave page
// time at the end, each from the one clock read it makes.
type jsClock interface {
	Enter() (now, js time.Duration)
	Leave() time.Duration
}

// ms converts a clock time to the milliseconds that DOMHighResTimeStamp uses.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// dur converts milliseconds to a clock time, rounding up to the next nanosecond so that a
// loop sleeping until a time (a frame at 16.666… ms) wakes at or after it, never just before.
func dur(ms float64) time.Duration { return time.Duration(math.Ceil(ms * float64(time.Millisecond))) }
