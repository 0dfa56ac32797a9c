package node

import (
	"github.com/dop251/goja"

	"loopscope/agent"
)

// setImmediate (lib/internal/timers.js processImmediate, v20): the check phase runs the
// immediates queued before it began, in order, each as a callback with its ticks and
// microtasks; an immediate queued meanwhile waits for the next iteration. Refed immediates
// keep the loop alive and make the poll phase not wait.

type immediate struct {
	handleObject // the Immediate object's own properties (a goja dynamic object over this)
	id           int
	fn           goja.Value
	args         goja.Value
	refed        bool
	cleared      bool
	ran          bool // taken by the check phase to run
}

type immediates struct {
	queue   []*immediate
	pending int // queued, not yet run nor cleared
	nextID  int
	refed   int
}

func (p *Process) setImmediate(fn, args goja.Value) *immediate {
	im := &p.immediates
	im.nextID++
	i := &immediate{id: im.nextID, fn: fn, args: args, refed: true}
	im.queue = append(im.queue, i)
	im.pending++
	im.refed++
	return i
}

// clearImmediate is clearImmediate(immediate): it will not run.
func (p *Process) clearImmediate(i *immediate) {
	if i.cleared || i.ran {
		return
	}
	i.cleared = true
	p.immediates.pending--
	if i.refed {
		p.immediates.refed--
	}
}

// immediateRef is Immediate.ref/unref, while it waits.
func (p *Process) immediateRef(i *immediate, ref bool) {
	if i.cleared || i.ran || i.refed == ref {
		return
	}
	i.refed = ref
	if ref {
		p.immediates.refed++
	} else {
		p.immediates.refed--
	}
}

// immediateHasRef is Immediate.hasRef: false once it ran or was cleared (node sets kRefed
// to null then).
func (p *Process) immediateHasRef(i *immediate) bool { return !i.cleared && !i.ran && i.refed }

// pendingImmediates reports whether any immediate waits (the poll phase must not block).
func (p *Process) pendingImmediates() bool { return p.immediates.pending > 0 }

// runImmediates is the check phase.
func (p *Process) runImmediates() {
	list := p.immediates.queue
	p.immediates.queue = nil
	i := 0
	next := func() *immediate {
		for i < len(list) && !p.proc.stopped {
			im := list[i]
			list[i] = nil
			i++
			if im.cleared {
				continue
			}
			im.ran = true
			p.immediates.pending--
			if im.refed {
				p.immediates.refed--
			}
			return im
		}
		return nil
	}
	if p.opts.Mode == agent.ModeNode10 {
		p.batch("check phase (node 10: one batch)", func() (fn, this, args goja.Value, ok bool) {
			im := next()
			if im == nil {
				return nil, nil, nil, false
			}
			return im.fn, goja.Undefined(), im.args, true
		})
	} else {
		for im := next(); im != nil; im = next() {
			p.macrotask("setImmediate", im.fn, goja.Undefined(), im.args)
		}
	}
	// A halt or a stop leaves the rest for good; a cleared list entry is simply gone.
	if i < len(list) {
		p.immediates.queue = append(list[i:], p.immediates.queue...)
	}
}
