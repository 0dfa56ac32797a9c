package page

import (
	"sync"
	"sync/atomic"

	"loopscope/loop"
)

// mailbox carries messages from other goroutines to one event loop without ever blocking the
// sender (two loops posting to each other with full inboxes would wait for each other for
// ever): messages wait here, and one post to the loop's inbox drains them all, each queued
// as its task there.
type mailbox struct {
	to        *loop.Loop
	activity  *atomic.Uint64 // the page's workers.activity, counted up by every send
	mu        sync.Mutex
	q         []func()
	scheduled bool  // a drain is posted and has not run yet
	bytes     int64 // the messages sent and not delivered yet (their tasks have not run)
	count     int
}

func newMailbox(to *loop.Loop, activity *atomic.Uint64) *mailbox {
	return &mailbox{to: to, activity: activity}
}

// send adds a message of about n bytes; deliver runs on the receiving loop's goroutine and
// queues the task that delivers it, which calls done when it runs. It reports false (and
// sends nothing) when the receiver already has more than maxPendingMessageBytes waiting.
func (m *mailbox) send(n int64, deliver func(done func())) bool {
	m.activity.Add(1) // before the message can be seen: see workers.activity
	m.mu.Lock()
	if m.bytes+n > maxPendingMessageBytes {
		m.mu.Unlock()
		return false
	}
	n += 64
	m.q = append(m.q, func() { deliver(func() { m.delivered(n) }) })
	m.bytes += n
	m.count++
	post := !m.scheduled
	m.scheduled = true
	m.mu.Unlock()
	if post && !m.to.TryPost(m.drain) {
		go m.to.Post(m.drain) // the receiver's inbox is full: wait for it off this goroutine
	}
	return true
}

// run runs fn on the receiving loop's goroutine (a message port's delivery, which queues its
// own task), never blocking the caller.
func (m *mailbox) run(fn func()) {
	m.send(0, func(done func()) {
		done()
		fn()
	})
}

// drain queues the task of every waiting message (on the receiver's goroutine).
func (m *mailbox) drain() {
	m.mu.Lock()
	q := m.q
	m.q, m.scheduled = nil, false
	m.mu.Unlock()
	for _, deliver := range q {
		deliver()
	}
}

func (m *mailbox) delivered(n int64) {
	m.mu.Lock()
	m.count--
	m.bytes -= n
	m.mu.Unlock()
}

// pending reports whether a message sent here has not been drained into the loop yet.
func (m *mailbox) pending() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.scheduled
}

// prefixConsole is a worker's console: its lines go to the page's console with a prefix
// ("[worker] ", "[worker NAME] ": the headless output's worker lines).
type prefixConsole struct {
	c      loop.Console
	prefix string
}

func (c prefixConsole) Message(level, text string) { c.c.Message(level, c.prefix+text) }
func (c prefixConsole) Error(text string)          { c.c.Error(c.prefix + text) }

// syncConsole lets the page's loops (its window's and its workers', each on its goroutine)
// write to one console.
type syncConsole struct {
	mu sync.Mutex
	c  loop.Console
}

func (c *syncConsole) Message(level, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.c.Message(level, text)
}

func (c *syncConsole) Error(text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.c.Error(text)
}
