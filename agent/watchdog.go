package agent

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// DefaultMaxHeap is the Go heap size at which a running script is stopped (Options.MaxHeap).
const DefaultMaxHeap = 1 << 30

// watchdog stops a call into JS (a task's callback with its microtask checkpoint, an
// animation frame callback, ...) that runs longer than the script timeout, or while it
// grows the Go heap past the heap limit (goja has no memory limit of its own). It runs on
// its own goroutine and only ever calls Runtime.Interrupt, under mu, so that an interrupt
// can never land on a later call.
type watchdog struct {
	timeout time.Duration // <0: no time limit
	maxHeap int64         // <=0: no heap limit
	// jsTime, under virtual time, is the CPU time the page's JS has used (VirtualClock's
	// JSTime): the time limit is then on the page's clock, not the wall clock. nil: wall.
	jsTime func() (time.Duration, bool)

	mu        sync.Mutex
	callStart time.Time // when the current outermost call started; zero: no JS running
	jsStart   time.Duration
	onJSClock bool   // jsStart is jsTime at callStart: measure the call with it
	calls     uint64 // counts the calls, so a late check cannot stop the next one
	paused    bool   // the call is parked by step mode (pauseCall)

	// armed wakes the watchdog's goroutine when a call starts: between calls it sleeps
	// without a ticker (an idle page or worker costs no CPU).
	armed chan struct{}

	lastGC time.Time   // when the watchdog last forced a GC (its goroutine only)
	stop   *stopReason // why the watchdog interrupted the current call, if it did
}

// stopReason is why the watchdog stopped a script; it is the value of the interrupt.
type stopReason struct {
	timeout  time.Duration // the limit that was exceeded (timeout), or
	heap     int64         // the heap limit that was exceeded, with
	heapSeen uint64        // the heap size the watchdog saw, or
	bound    string        // another bound the loop enforces ("queued more than … timers")
}

func (s *stopReason) String() string {
	if s.bound != "" {
		return s.bound + "."
	}
	if s.heap > 0 {
		return fmt.Sprintf("grew the heap to %s, past the %s limit (-max-heap): a runaway allocation?", formatBytes(s.heapSeen), formatBytes(uint64(s.heap)))
	}
	return fmt.Sprintf("ran for more than %s (-script-timeout) without returning: an endless loop?", s.timeout)
}

// short is the reason in a few words, for the trace and the HUD: "after 5s (-script-timeout)".
func (s *stopReason) short() string {
	if s.bound != "" {
		return "(" + s.bound + ")"
	}
	if s.heap > 0 {
		return fmt.Sprintf("at %s (-max-heap %s)", formatBytes(s.heapSeen), formatBytes(uint64(s.heap)))
	}
	return fmt.Sprintf("after %s (-script-timeout)", s.timeout)
}

// startCall marks the start of an outermost call into JS.
func (w *watchdog) startCall() { w.startCallAt(w.readJSTime()) }

// startCallAt is startCall with the page's JS time at the start known (the clock read it
// as JS was entered); onJS says whether the watchdog measures calls with it.
func (w *watchdog) startCallAt(js time.Duration, onJS bool) {
	w.mu.Lock()
	w.callStart, w.stop = time.Now(), nil
	w.jsStart, w.onJSClock = js, onJS
	w.calls++
	w.mu.Unlock()
	w.arm()
}

// arm wakes the watchdog's goroutine if it waits for a call.
func (w *watchdog) arm() {
	if w.armed != nil {
		select {
		case w.armed <- struct{}{}:
		default:
		}
	}
}

// readJSTime reads the page's JS time, if the watchdog measures calls with it.
func (w *watchdog) readJSTime() (time.Duration, bool) {
	if w.jsTime == nil {
		return 0, false
	}
	return w.jsTime()
}

// elapsed is how long the call that started at start (and jsStart) has run: on the page's
// JS clock under virtual time, else on the wall clock.
func (w *watchdog) elapsed(start time.Time, jsStart time.Duration, onJS bool) time.Duration {
	if onJS {
		if now, ok := w.readJSTime(); ok {
			return now - jsStart
		}
	}
	return time.Since(start)
}

// endCall marks its end and returns why the watchdog stopped it (nil: it did not). After
// it, no interrupt can reach the runtime until the next startCall.
func (w *watchdog) endCall() *stopReason {
	w.mu.Lock()
	s := w.stop
	w.callStart, w.stop = time.Time{}, nil
	w.mu.Unlock()
	return s
}

// StopNow stops the current call for a bound the event loop checks itself (a timer leak):
// see stopNow.
func (a *Agent) StopNow(bound string) { a.stopNow(bound) }

// stopNow stops the current call for a bound the loop checks itself (called on the loop's
// goroutine, from a host function): the interrupt lands as soon as the host function
// returns to JS, and the call is reported as one the watchdog stopped.
func (a *Agent) stopNow(bound string) {
	w := &a.wd
	w.mu.Lock()
	if !w.callStart.IsZero() && w.stop == nil {
		w.stop = &stopReason{bound: bound}
		a.interrupt(w.stop)
	}
	w.mu.Unlock()
}

// pauseCall stops counting the current call (step mode parks the loop inside JS: a wait
// for the user is not the script running); resumeCall starts counting it afresh.
func (w *watchdog) pauseCall() {
	w.mu.Lock()
	w.paused = !w.callStart.IsZero()
	w.callStart = time.Time{}
	w.calls++ // a check in flight cannot stop the call any more
	w.mu.Unlock()
}

func (w *watchdog) resumeCall() {
	js, onJS := w.readJSTime()
	w.mu.Lock()
	if w.paused {
		w.callStart, w.paused = time.Now(), false
		w.jsStart, w.onJSClock = js, onJS
	}
	w.mu.Unlock()
	w.arm()
}

// startWatchdog starts the watchdog goroutine for the duration of Run; it returns a
// function that stops it.
func (a *Agent) startWatchdog() func() {
	w := &a.wd
	if w.timeout < 0 && w.maxHeap <= 0 {
		return func() {}
	}
	period := 25 * time.Millisecond // heap checks: a runaway allocation grows fast
	if w.timeout > 0 {
		period = min(period, w.timeout/10)
	}
	period = max(period, time.Millisecond) // a 1ns timeout must not make a zero interval
	done := make(chan struct{})
	w.armed = make(chan struct{}, 1)
	armed := w.armed
	go func() {
		tick := time.NewTicker(period)
		defer tick.Stop()
		// The heap that was live at the end of the last GC: no garbage, and free to read
		// (forcing a GC to check would stall a page that legitimately holds a big heap).
		// It lags a GC cycle: the heap may reach about twice the limit before the stop.
		heap := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if !a.watch(heap) {
					// No call runs: sleep until one starts (no ticks while idle).
					tick.Stop()
					select {
					case <-done:
						return
					case <-armed:
					}
					tick.Reset(period)
				}
			}
		}
	}()
	return func() { close(done) }
}

// watch is one check of the watchdog. It reports false when no call runs (the watchdog
// then waits for the next).
func (a *Agent) watch(heap []metrics.Sample) bool {
	w := &a.wd
	w.mu.Lock()
	idle := w.callStart.IsZero()
	w.mu.Unlock()
	if idle {
		return false // no JS runs: nothing to stop, and no allocation moves the heap budget
	}
	var live uint64
	if w.maxHeap > 0 {
		// The heap budget moves with the live heap: goja's allocation limit follows it, also
		// while the page runs (allocbounds.go).
		live = readUint64(heap)
		a.followHeapBudget(live)
	}
	w.mu.Lock()
	running := !w.callStart.IsZero() && w.stop == nil
	call, start, jsStart, onJS := w.calls, w.callStart, w.jsStart, w.onJSClock
	w.mu.Unlock()
	if !running {
		return true
	}
	overtime := w.timeout > 0 && w.elapsed(start, jsStart, onJS) > w.timeout
	var reason *stopReason
	if overtime {
		reason = &stopReason{timeout: w.timeout}
	} else if w.maxHeap > 0 {
		if live > uint64(w.maxHeap) {
			// The figure may be stale (garbage of an earlier page, collected since the last
			// GC): confirm with a GC, at most once a second so a big heap is not thrashed.
			if time.Since(w.lastGC) > time.Second {
				runtime.GC()
				w.lastGC = time.Now()
				live = readUint64(heap)
				a.followHeapBudget(live)
			}
			if live > uint64(w.maxHeap) {
				reason = &stopReason{heap: w.maxHeap, heapSeen: live}
			}
		}
	}
	if reason == nil {
		return true
	}
	w.mu.Lock()
	if w.calls == call && !w.callStart.IsZero() && w.stop == nil { // the same call, still running
		w.stop = reason
		a.interrupt(reason)
	}
	w.mu.Unlock()
	return true
}

func readUint64(s []metrics.Sample) uint64 {
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

func formatBytes(b uint64) string {
	switch {
	case b >= 1<<30 && b%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", b>>30)
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%d MiB", b>>20)
	default:
		return fmt.Sprintf("%d KiB", b>>10)
	}
}
