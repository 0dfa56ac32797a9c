package agent

import (
	"math"
	"runtime"
	"sync"
	"time"

	"loopscope/internal/cputime"
)

// SharedVirtualClock is one virtual page time for several agents (a page's window agent and
// its workers' agents), each of which runs on its own goroutine. Each agent gets its own
// Clock from Join. Page time advances as VirtualClock's does, by the CPU time each agent's
// JS uses between Enter and Leave and by the jumps of Sleep, with one rule that keeps a run
// deterministic: a jump is taken only when every agent of the page sleeps, and only to the
// earliest time one of them sleeps until (a conservative discrete-event step). An agent that
// runs (a task, its host work, a parked step mode) holds the others' jumps back, so no agent
// sees page time pass while another still has work at an earlier time.
//
// Each member has its own time origin (Reset): a worker's time origin is when it started,
// as the spec's timeOrigin is per global. A member that is done must Close, or the others
// wait for it for ever.
//
// The protocol that keeps the jumps from being missed or taken too early:
//   - A member is asleep only inside Sleep, SleepForever or Park. Each of them marks it
//     asleep and looks whether a jump can be made (advance), under one lock; so does Close.
//     The last member to fall asleep therefore always makes the jump.
//   - A post to a member (Woken, from the poster's goroutine) marks it running and posted
//     until it has looked at its inbox: it ends whatever sleep it is in (even one that
//     listens to no wake channel, Agent.SleepUntil's progress nudge), and a post that comes
//     while it still runs makes its next sleep return at once. Between a post and the
//     moment its receiver runs, page time never jumps. Agent.Terminate is a post too.
//   - A member that waits outside the clock (a loop parked in step mode) is running: it
//     holds the others' jumps back, which is what "paused" means for the loops beside it.
type SharedVirtualClock struct {
	mu      sync.Mutex
	t       time.Duration // page time, shared
	members []*SharedClockMember
}

// NewSharedVirtualClock returns a shared virtual clock at time zero, with no member yet.
func NewSharedVirtualClock() *SharedVirtualClock { return &SharedVirtualClock{} }

// SharedClockMember is one agent's view of a SharedVirtualClock (a Clock, with Enter, Leave
// and JSTime as VirtualClock has them).
type SharedClockMember struct {
	c      *SharedVirtualClock
	origin time.Duration // page time at this member's time origin

	inJS    bool
	entered time.Duration // the thread's CPU time at Enter
	tid     int
	spent   time.Duration // this member's JS CPU time, all Enter…Leave spans together

	sleeping bool
	until    time.Duration // page time the member sleeps until, while sleeping
	woken    chan struct{} // the jump reached until, or a post came (Woken)
	// posted: something was posted to the member (Woken) and it has not slept since; its
	// next Sleep or SleepForever returns at once, so that it looks at its inbox first.
	posted bool
}

// Join adds a member (an agent) whose time origin is page time now.
func (c *SharedVirtualClock) Join() *SharedClockMember {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := &SharedClockMember{c: c, origin: c.t, woken: make(chan struct{}, 1)}
	c.members = append(c.members, m)
	return m
}

// Now implements Clock: page time since the member's time origin, with the CPU time of the
// JS that runs now, this member's and the others' (a loop that spins moves page time for
// all: the loops beside it see their timers come due).
func (m *SharedClockMember) Now() time.Duration {
	m.c.mu.Lock()
	defer m.c.mu.Unlock()
	return m.c.nowLocked(m, m.threadNow()) - m.origin
}

// threadNow is the calling thread's CPU time when the member runs JS (its JS runs on the
// calling thread), else 0: not read.
func (m *SharedClockMember) threadNow() time.Duration {
	if !m.inJS {
		return 0
	}
	return cputime.Thread()
}

// nowLocked is page time: the time jumped and spent so far plus the JS running now in every
// member (self's from selfCPU, its thread's CPU time read on that thread, the others' through
// their thread ids).
func (c *SharedVirtualClock) nowLocked(self *SharedClockMember, selfCPU time.Duration) time.Duration {
	t := c.t
	for _, m := range c.members {
		if !m.inJS {
			continue
		}
		if m == self {
			t += max(selfCPU-m.entered, 0)
		} else if now, ok := cputime.ThreadOf(m.tid); ok {
			t += max(now-m.entered, 0)
		}
	}
	return t
}

// othersInJS reports whether a member other than self runs JS now (page time moves).
func (c *SharedVirtualClock) othersInJS(self *SharedClockMember) bool {
	for _, m := range c.members {
		if m != self && m.inJS {
			return true
		}
	}
	return false
}

// Enter starts counting the calling thread's CPU time as page time (the member's JS runs).
// It returns page time and JSTime at the entry, as VirtualClock.Enter does.
func (m *SharedClockMember) Enter() (now, js time.Duration) {
	runtime.LockOSThread()
	m.c.mu.Lock()
	defer m.c.mu.Unlock()
	if m.inJS { // (entered already)
		cpu := cputime.Thread()
		return m.c.nowLocked(m, cpu) - m.origin, m.spent + max(cpu-m.entered, 0)
	}
	m.inJS, m.entered, m.tid = true, cputime.Thread(), cputime.ThreadID()
	// Page time now moves with this member's CPU time: a sleeping member looks again
	// (it polls while another member runs JS).
	for _, o := range m.c.members {
		if o != m && o.sleeping {
			select {
			case o.woken <- struct{}{}:
			default:
			}
		}
	}
	return m.c.nowLocked(m, m.entered) - m.origin, m.spent
}

// Leave stops counting: the CPU time the JS used is added to page time, which it returns.
func (m *SharedClockMember) Leave() time.Duration {
	m.c.mu.Lock()
	if m.inJS {
		d := max(cputime.Thread()-m.entered, 0)
		m.c.t += d
		m.spent += d
		m.inJS = false
	}
	now := m.c.nowLocked(m, 0) - m.origin
	m.c.mu.Unlock()
	runtime.UnlockOSThread()
	return now
}

// JSTime is the CPU time this member's JS has used so far (the watchdog's clock), readable
// from any goroutine; see VirtualClock.JSTime.
func (m *SharedClockMember) JSTime() (time.Duration, bool) {
	m.c.mu.Lock()
	defer m.c.mu.Unlock()
	if !m.inJS {
		return m.spent, true
	}
	now, ok := cputime.ThreadOf(m.tid)
	return m.spent + max(now-m.entered, 0), ok
}

// OriginOn is where this member's time origin is on other's clock (page time between the
// two origins): a worker's times placed on its window's clock. Page time in JS that runs now
// is not counted, as Reset does not count it.
func (m *SharedClockMember) OriginOn(other *SharedClockMember) time.Duration {
	m.c.mu.Lock()
	defer m.c.mu.Unlock()
	return m.origin - other.origin
}

// Reset makes page time now this member's time origin.
func (m *SharedClockMember) Reset() {
	m.c.mu.Lock()
	defer m.c.mu.Unlock()
	m.origin, m.inJS = m.c.t, false
}

// Sleep implements Clock: it waits until page time reaches t (since the member's origin),
// which happens once every member sleeps and t is the earliest time one sleeps until, or
// until wake is signalled (something was posted to the member's agent: it runs again).
func (m *SharedClockMember) Sleep(t time.Duration, wake <-chan struct{}) {
	c := m.c
	c.mu.Lock()
	abs := t + m.origin
	if abs <= c.t || m.takePost(wake) {
		c.mu.Unlock()
		return
	}
	m.sleeping, m.until = true, abs
	c.advance()
	for m.sleeping {
		// While another member runs JS, page time moves with its CPU time: look again
		// every millisecond whether it reached t (a worker that spins does not stop the
		// window's timers).
		var poll <-chan time.Time
		if c.othersInJS(m) {
			poll = time.After(time.Millisecond)
		}
		c.mu.Unlock()
		select {
		case <-m.woken:
		case <-poll:
		case <-wake:
			c.mu.Lock()
			m.sleeping, m.posted = false, false // woken from outside: it runs again, page time as it is
			c.mu.Unlock()
		}
		c.mu.Lock()
		if m.takePost(wake) {
			m.sleeping = false // a post ended it (Woken): the member looks at its inbox
		}
		if m.sleeping && c.nowLocked(m, 0) >= abs {
			m.sleeping = false
		}
	}
	c.mu.Unlock()
}

// Woken marks the member as running, from any goroutine, once something was posted to its
// agent and before the agent is woken: page time cannot jump past it between the post and
// the moment it looks at its inbox (a window that posts to a sleeping worker and then sleeps
// until a later time would otherwise see time jump there before the worker ran its
// message). The sleep it is in ends, whatever channel it listens to; if it is not asleep,
// its next sleep returns at once.
func (m *SharedClockMember) Woken() {
	m.c.mu.Lock()
	m.sleeping, m.posted = false, true
	select {
	case m.woken <- struct{}{}:
	default:
	}
	m.c.mu.Unlock()
}

// takePost reports whether something was posted to the member since it last slept, and
// forgets it (with the post's wake-up, which would end the sleep to come for nothing): the
// member returns from its sleep at once and looks at its inbox. Call it with mu held.
func (m *SharedClockMember) takePost(wake <-chan struct{}) bool {
	if !m.posted {
		return false
	}
	m.posted = false
	select {
	case <-wake:
	default:
	}
	return true
}

// Park marks a member that has not started yet as one waiting for a post (it holds no jump
// back: a worker created in a task whose loop has not started it yet). Woken ends it.
func (m *SharedClockMember) Park() {
	m.c.mu.Lock()
	m.sleeping, m.until, m.posted = true, forever, false
	m.c.advance()
	m.c.mu.Unlock()
}

// Close takes the member out: the others no longer wait for it.
func (m *SharedClockMember) Close() {
	c := m.c
	c.mu.Lock()
	defer c.mu.Unlock()
	m.sleeping = false
	for i, x := range c.members {
		if x == m {
			c.members = append(c.members[:i], c.members[i+1:]...)
			break
		}
	}
	c.advance()
}

// forever is what a member that waits only for a post sleeps until (SleepForever): it holds
// no jump back and asks for none.
const forever = time.Duration(math.MaxInt64)

// SleepForever waits until something is posted to the member's agent (wake), without
// holding back the others' jumps: an event loop with nothing scheduled (a worker waiting for
// a message, a window waiting for its workers).
func (m *SharedClockMember) SleepForever(wake <-chan struct{}) {
	c := m.c
	c.mu.Lock()
	if m.takePost(wake) {
		c.mu.Unlock()
		return
	}
	m.sleeping, m.until = true, forever
	c.advance()
	c.mu.Unlock()
	<-wake
	c.mu.Lock()
	m.sleeping, m.posted = false, false
	c.mu.Unlock()
}

// advance jumps page time when every member sleeps: to the earliest time one sleeps until,
// waking the members that sleep until it. Call it with mu held.
func (c *SharedVirtualClock) advance() {
	var next time.Duration
	found := false
	for _, m := range c.members {
		if !m.sleeping {
			return // a member runs: no jump yet
		}
		if m.until == forever {
			continue
		}
		if !found || m.until < next {
			next, found = m.until, true
		}
	}
	if !found {
		return
	}
	c.t = max(c.t, next)
	for _, m := range c.members {
		if m.until <= c.t {
			m.sleeping = false
			select {
			case m.woken <- struct{}{}:
			default:
			}
		}
	}
}
