package node

// Spec: libuv 1.46 documentation, "Design overview" (docs.libuv.org/en/v1.x/design.html:
// "The I/O loop", steps 1-11) and "uv_handle_t — Base handle" (uv_ref, uv_unref,
// uv_close); Node.js v20 documentation, "The Node.js Event Loop" (pending callbacks, poll,
// close callbacks) and net (server.ref/unref, socket.ref/unref).
//
// Handles and requests, as libuv counts them:
//
//	A handle is a long-lived object (a server, a socket). It keeps the loop alive while it
//	is active (a server listening, a socket reading) and referenced (uv_ref; uv_unref lets
//	the loop end with it still active).
//	A request is one operation (connect, write, shutdown). It keeps the loop alive until its
//	callback runs, whatever its handle's ref.
//	uv_close(handle, cb): the handle stops at once; cb runs in the close-callbacks phase of
//	this iteration (step 10), and the closing handle keeps the loop alive until then.
//	Pending callbacks (step 5): I/O callbacks libuv deferred from an earlier iteration (a
//	connect refused at once, a write completed inside uv_write), run before the poll phase.
//
// Every I/O completion from a goroutine (a socket read, an accept, a connect) is posted to
// the loop and runs as a poll-phase callback (poll.go).

import (
	"sort"

	"github.com/dop251/goja"
)

// handle is the part of every libuv handle the loop sees (uv_handle_t).
type handle struct {
	p       *Process
	kind    string // "TCP", "Pipe", "TCPServer", "PipeServer": what "Pending I/O" lists
	name    string // its address, for the listing
	active  bool   // listening or reading (uv__is_active)
	refed   bool
	closing bool    // uv_close was called: its close callback waits for the close phase
	closed  bool    // its close callback ran
	reqs    int     // requests in flight on it (connect, write, shutdown)
	stream  *stream // the stream this handle is, if it is one
}

// handleSet is the loop's handles and its pending and closing queues.
type handleSet struct {
	live        map[*handle]struct{} // not closed yet
	pending     []func()             // the pending-callbacks queue (uv__io_feed)
	closing     []closeCallback      // the closing handles (loop->closing_handles)
	refedActive int                  // active, referenced handles
	reqs        int                  // requests in flight on any handle
}

type closeCallback struct {
	h  *handle
	cb func() // runs in the close-callbacks phase
}

// newHandle registers a handle (uv_*_init): referenced, not active.
func (p *Process) newHandle(kind string) *handle {
	h := &handle{p: p, kind: kind, refed: true}
	if p.handles.live == nil {
		p.handles.live = map[*handle]struct{}{}
	}
	p.handles.live[h] = struct{}{}
	return h
}

// count adds or removes h's contribution to the loop's liveness.
func (h *handle) count(sign int) {
	if h.active && h.refed && !h.closing {
		h.p.handles.refedActive += sign
	}
}

// setActive is uv__handle_start / uv__handle_stop.
func (h *handle) setActive(on bool) {
	if h.closing || h.active == on {
		return
	}
	h.count(-1)
	h.active = on
	h.count(+1)
}

// ref is uv_ref (on true) and uv_unref.
func (h *handle) ref(on bool) {
	if h.refed == on {
		return
	}
	h.count(-1)
	h.refed = on
	h.count(+1)
}

// reqStarted and reqDone count a request (uv__req_register, uv__req_unregister).
func (h *handle) reqStarted() { h.reqs++; h.p.handles.reqs++ }
func (h *handle) reqDone() {
	if h.reqs > 0 {
		h.reqs--
		h.p.handles.reqs--
	}
}

// close is uv_close: the handle stops now; cb runs in the close-callbacks phase.
func (h *handle) close(cb func()) {
	if h.closing {
		return
	}
	h.count(-1)
	h.closing = true
	h.p.handles.closing = append(h.p.handles.closing, closeCallback{h, cb})
}

// deferToPending queues fn for the next pending-callbacks phase (uv__io_feed).
func (p *Process) deferToPending(fn func()) {
	p.handles.pending = append(p.handles.pending, fn)
}

// handlesAlive is libuv's part of uv__loop_alive for handles: active referenced handles,
// requests in flight, pending callbacks, closing handles.
func (p *Process) handlesAlive() bool {
	hs := &p.handles
	return hs.refedActive > 0 || hs.reqs > 0 || len(hs.pending) > 0 || len(hs.closing) > 0
}

// runPending is the pending-callbacks phase (uv__run_pending): the callbacks queued before
// it began; one queued meanwhile waits for the next iteration.
func (p *Process) runPending() {
	list := p.handles.pending
	p.handles.pending = nil
	for i, fn := range list {
		if p.ended() {
			p.handles.pending = append(list[i:], p.handles.pending...)
			return
		}
		fn()
	}
}

// runClosing is the close-callbacks phase (uv__run_closing_handles): every handle closed
// before it began gets its close callback, the last closed first (libuv keeps
// loop->closing_handles as a list it pushes onto: uv__make_close_pending).
func (p *Process) runClosing() {
	list := p.handles.closing
	p.handles.closing = nil
	for i := len(list) - 1; i >= 0; i-- {
		c := list[i]
		c.h.closed = true
		delete(p.handles.live, c.h)
		if c.cb != nil && !p.ended() {
			c.cb()
		}
	}
}

// callJS runs a JS function as a callback from the loop (node's MakeCallback): the
// function, then its nextTicks and microtasks.
func (p *Process) callJS(name string, fn goja.Value, this goja.Value, args ...any) {
	if _, ok := goja.AssertFunction(fn); !ok {
		return
	}
	p.macrotask(name, fn, this, p.rt.NewArray(args...))
}

// LiveHandle is one handle for the "Pending I/O" listing.
type LiveHandle struct {
	Kind, Name    string
	Active, Refed bool
	Closing       bool
}

// liveHandles lists at most max of the loop's handles (on the loop's goroutine): those
// keeping the loop alive first, then by kind and address.
func (p *Process) liveHandles(max int) []LiveHandle {
	out := make([]LiveHandle, 0, len(p.handles.live))
	for h := range p.handles.live {
		out = append(out, LiveHandle{h.kind, h.name, h.active, h.refed, h.closing})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ka, kb := a.keepsAlive(), b.keepsAlive(); ka != kb {
			return ka
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Name < b.Name
	})
	return out[:min(len(out), max)]
}

func (h LiveHandle) keepsAlive() bool { return h.Active && h.Refed && !h.Closing }

// String is how the queues view lists a handle: "TCPServer 127.0.0.1:8080 (unref)".
func (h LiveHandle) String() string {
	s := h.Kind + " " + h.Name
	switch {
	case h.Closing:
		s += " (closing)"
	case !h.Refed:
		s += " (unref)"
	case !h.Active:
		s += " (idle)"
	}
	return s
}
