package loop

import (
	"sync"
	"time"
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

// VirtualClock skips idle waits: Sleep jumps straight to the requested time, but time still
// passes while a script runs (it is the real elapsed time plus every skipped wait), so
// busy-wait loops on performance.now() end as they would in a browser.
type VirtualClock struct {
	mu      sync.Mutex
	origin  time.Time
	skipped time.Duration
}

// NewVirtualClock returns a virtual clock whose time origin is now.
func NewVirtualClock() *VirtualClock { return &VirtualClock{origin: time.Now()} }

// Now implements Clock.
func (c *VirtualClock) Now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Since(c.origin) + c.skipped
}

// Reset moves the time origin to now and forgets skipped time.
func (c *VirtualClock) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.origin, c.skipped = time.Now(), 0
}

// Sleep implements Clock: it never blocks; it moves the clock forward to t.
func (c *VirtualClock) Sleep(t time.Duration, wake <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d := t - (time.Since(c.origin) + c.skipped); d > 0 {
		c.skipped += d
	}
}

// ms converts a clock time to the milliseconds that DOMHighResTimeStamp uses.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// dur converts milliseconds to a clock time.
func dur(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }
