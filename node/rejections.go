package node

import (
	"fmt"
	"os"

	"github.com/dop251/goja"
)

// Unhandled promise rejections, Node 20's default mode "throw"
// (lib/internal/process/promises.js): a promise rejected with no handler is remembered with
// an id; after the microtasks drain (processTicksAndRejections), each one still unhandled
// is emitted as 'unhandledRejection'; with no listener it becomes an uncaught exception
// (origin "unhandledRejection"). A handler attached later emits 'rejectionHandled' and
// prints PromiseRejectionHandledWarning.

type rejection struct {
	promise *goja.Promise
	id      int
}

type rejections struct {
	lastID   int
	maybe    []rejection           // rejected without a handler, not processed yet
	reported map[*goja.Promise]int // processed (emitted or thrown): a late handler warns
}

func (r *rejections) pending() bool { return len(r.maybe) > 0 }

// installRejectionTracker installs node's HostPromiseRejectionTracker on the agent.
func (p *Process) installRejectionTracker() {
	p.rej.reported = map[*goja.Promise]int{}
	p.l.SetPromiseRejectionTracker(func(pr *goja.Promise, op goja.PromiseRejectionOperation) {
		r := &p.rej
		switch op {
		case goja.PromiseRejectionReject:
			r.lastID++
			r.maybe = append(r.maybe, rejection{pr, r.lastID})
		case goja.PromiseRejectionHandle:
			for i, m := range r.maybe {
				if m.promise == pr {
					r.maybe = append(r.maybe[:i], r.maybe[i+1:]...)
					return
				}
			}
			if id, ok := r.reported[pr]; ok {
				delete(r.reported, pr)
				fmt.Fprintf(p.opts.Stderr, "(node:%d) PromiseRejectionHandledWarning: Promise rejection was handled asynchronously (rejection id: %d)\n", os.Getpid(), id)
				_ = p.emitNested("rejectionHandled", p.rt.ToValue(pr))
			}
		}
	})
}

// processPromiseRejections emits or throws every rejection still unhandled, in one call
// into JS (its ticks and microtasks follow, as after any callback).
func (p *Process) processPromiseRejections() error {
	list := p.rej.maybe
	p.rej.maybe = nil
	run := p.rt.ToValue(func(goja.FunctionCall) goja.Value {
		for _, m := range list {
			if p.proc.exiting {
				break
			}
			reason := m.promise.Result()
			p.rej.reported[m.promise] = m.id
			if p.listenerCount("unhandledRejection") > 0 {
				if err := p.emitNested("unhandledRejection", reason, p.rt.ToValue(m.promise)); err != nil {
					if v := errorValue(err); v != nil {
						p.fatal(v, "uncaughtException")
					}
				}
				continue
			}
			p.fatal(p.unhandledRejectionError(reason), "unhandledRejection")
		}
		return goja.Undefined()
	})
	_, err := p.l.Call(p.fn.callback, goja.Undefined(), run, goja.Undefined(), goja.Undefined())
	return err
}

// unhandledRejectionError is what node throws for an unhandled rejection: the reason when it
// is an Error, else an UnhandledPromiseRejection error that quotes it.
func (p *Process) unhandledRejectionError(reason goja.Value) goja.Value {
	if o, ok := reason.(*goja.Object); ok && isErrorObject(p.rt, o) {
		return reason
	}
	msg := "This error originated either by throwing inside of an async function without a catch block, " +
		"or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason \"" +
		reason.String() + "\"."
	e, err := p.rt.New(p.rt.Get("Error"), p.rt.ToValue(msg))
	if err != nil {
		return reason
	}
	_ = e.DefineDataProperty("name", p.rt.ToValue("UnhandledPromiseRejection"), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = e.DefineDataProperty("code", p.rt.ToValue("ERR_UNHANDLED_REJECTION"), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = e.DefineDataProperty("stack", p.rt.ToValue("UnhandledPromiseRejection: "+msg), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	return e
}
