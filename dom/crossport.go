// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports):
// the MessagePort transfer steps and transfer-receiving steps for a port that moves to
// another agent (a worker), and the port message queue across agents.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"sync"
)

// crossPort is one end of a channel whose two ends live in different agents' realms (a port
// handed to a worker): what one end posts is serialized and handed to the other end's realm
// through its PostToRealm (safe from any goroutine), where it joins the port message queue.
type crossPort struct {
	peer *crossPort

	mu      sync.Mutex
	port    *MessagePort         // this end's port, once its realm has it (nil: in flight)
	post    func(fn func())      // runs fn on the goroutine of this end's realm
	pending []*SerializedMessage // messages that arrived while the port was in flight
	closed  bool
}

// deliver hands m to this end (called from the peer's goroutine).
func (x *crossPort) deliver(m *SerializedMessage) {
	x.mu.Lock()
	if x.closed {
		x.mu.Unlock()
		return
	}
	if x.port == nil || x.post == nil {
		x.pending = append(x.pending, m)
		x.mu.Unlock()
		return
	}
	p, post := x.port, x.post
	x.mu.Unlock()
	post(func() { p.enqueue(portMessage{ser: m}) })
}

// attach makes p this end's port in its realm (the transfer-receiving steps), delivering
// what arrived meanwhile. Called on p's realm's goroutine.
func (x *crossPort) attach(p *MessagePort, post func(fn func())) {
	x.mu.Lock()
	x.port, x.post = p, post
	pending := x.pending
	x.pending = nil
	x.mu.Unlock()
	p.remote = x
	for _, m := range pending {
		p.enqueue(portMessage{ser: m})
	}
}

// close disentangles both ends ("disentangle": the peer's messages go nowhere).
func (x *crossPort) close() {
	for _, e := range []*crossPort{x, x.peer} {
		if e == nil {
			continue
		}
		e.mu.Lock()
		e.closed = true
		e.mu.Unlock()
	}
}

// transferPortAcross runs the MessagePort transfer steps for a port that leaves its agent:
// the old port is detached, its entangled port (which stays) gets a cross-agent end, and
// the returned end is the one the receiving realm's new port takes (deserialization).
// FIXME(spec): messages already waiting in the old port's queue are dropped, and a port whose
// entangled port is itself in another agent cannot move again.
func (r *realm) transferPortAcross(old *MessagePort) *crossPort {
	moving := &crossPort{}
	if peer := old.entangled; peer != nil && !peer.closed {
		stay := &crossPort{peer: moving}
		moving.peer = stay
		peer.entangled = nil
		stay.attach(peer, r.opts.PostToRealm)
	} else if old.remote != nil && old.remote.peer != nil {
		// The old port was itself a cross-agent end: its peer now pairs with the new end.
		moving.peer = old.remote.peer
		old.remote.peer.mu.Lock()
		old.remote.peer.peer = moving
		old.remote.peer.mu.Unlock()
		old.remote = nil
	}
	old.entangled, old.waiting, old.detached = nil, nil, true
	return moving
}
