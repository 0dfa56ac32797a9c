package node

// Spec: libuv 1.46 documentation, "Design overview" (docs.libuv.org/en/v1.x/design.html),
// "The I/O loop" step 7: "Poll for I/O. ... all I/O related handles that were monitoring a
// given file descriptor for a read or write operation get their callbacks called at this
// point"; file I/O runs in libuv's thread pool and its callbacks run there too.
//
// Here every I/O operation runs off the loop goroutine (a goroutine per file request, a
// reader, a writer, an acceptor per socket) and posts its completion to the loop (Agent.Post);
// the poll phase waits for completions (up to the timeout uv_backend_timeout computed) and
// runs them, each as a callback with its ticks and microtasks.
//
// Under either clock, a poll phase waits for what is sure to be there already, as it is for
// libuv's epoll over loopback: the accept of a connect this script made to its own server
// (the connection is in the backlog when connect returns), the bytes and the end one of its
// sockets sent to another that reads (they are in its receive buffer when write returns).
// With virtual time, I/O takes no page time. A poll phase waits for every completion that is
// sure to come: the file requests in flight, the connects in flight, a server's accept of a
// connect made by this script, and the bytes and end of stream that a socket of this script
// wrote to another that reads; then it runs what came in the order of the operations that
// caused it (a read in the order of the write that sent its bytes, split as they were
// written). Only events from outside the script (none, over loopback only, except a peer that
// is not ours) arrive when they arrive. So a script's runs are deterministic.

import (
	"sort"
	"sync"
)

type ioQueue struct {
	seq      uint64
	inflight int           // file requests running (they keep the loop alive)
	done     []*completion // completed, waiting for the poll phase
	resort   bool          // a completion's key changed (tcp.go claimAccept)
	wg       sync.WaitGroup
}

type completion struct {
	key float64 // the order under virtual time: the seq of the operation that caused it
	req bool    // a file request (inflight counts it)
	fn  func()  // runs on the loop goroutine, in the poll phase
}

// nextSeq numbers an operation (a request, a write, a connect).
func (p *Process) nextSeq() float64 {
	p.io.seq++
	return float64(p.io.seq)
}

// submit runs work off the loop; then, in a poll phase, complete runs on the loop.
func (p *Process) submit(work func(), complete func()) {
	q := &p.io
	key := p.nextSeq()
	q.inflight++
	q.wg.Add(1)
	go func() {
		work()
		p.l.Post(func() {
			q.done = append(q.done, &completion{key: key, req: true, fn: complete})
		})
		q.wg.Done()
	}()
}

// completed queues fn for the poll phase; it runs on the loop goroutine (from a Post).
func (p *Process) completed(key float64, fn func()) *completion {
	c := &completion{key: key, fn: fn}
	p.io.done = append(p.io.done, c)
	return c
}

// pollIO is the poll phase's I/O part: wait up to timeout ms (<0: no limit) for
// completions, then run them all.
func (p *Process) pollIO(timeout float64) {
	q := &p.io
	p.l.DrainInbox()
	if p.opts.VirtualTime {
		if q.inflight > 0 {
			q.wg.Wait() // no page time passes
			p.l.DrainInbox()
		}
	}
	for {
		for p.net.expected() > 0 && !p.ended() {
			p.l.SleepUntil(inf, false) // a Post wakes it; the clock does not move
			p.l.DrainInbox()
		}
		if len(q.done) == 0 && timeout != 0 {
			// uv__io_poll: wait until a completion arrives or the timeout passes. Anything else
			// that wakes the loop (the window's requests, a step key) is served and the wait goes
			// on, as epoll_wait is resumed after EINTR with the time left; but a pause asked
			// meanwhile ends the wait, so the loop parks at the poll phase's end.
			until := p.l.Now() + timeout
			if timeout < 0 {
				until = inf
			}
			for len(q.done) == 0 && !p.ended() && !p.l.PausePending() && p.l.Now() < until {
				p.l.SleepUntil(until, true)
				p.l.DrainInbox()
			}
		}
		// What came may make more sure to come (a child's exit: its pipes' ends).
		if p.net.expected() == 0 || p.ended() {
			break
		}
	}
	done := q.done
	q.done = nil
	if p.opts.VirtualTime || q.resort {
		// Under the real clock, only an accept moved before the connect of ours it
		// answers (node's poll reports the listening socket first).
		q.resort = false
		sort.SliceStable(done, func(i, j int) bool { return done[i].key < done[j].key })
	}
	for _, c := range done {
		if c.req {
			q.inflight--
		}
		if p.ended() {
			continue
		}
		c.fn()
	}
}
