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
}

type immediates struct {
	queue  []*immediate
	byID   map[int]*immediate
	nextID int
	refed  int
}

func (p *Process) setImmediate(fn, args goja.Value) *immediate {
	im := &p.immediates
	im.nextID++
	i := &immediate{id: im.nextID, fn: fn, args: args, refed: true}
	im.queue = append(im.queue, i)
	im.byID[i.id] = i
	im.refed++
	return i
}

func (p *Process) clearImmediate(id int) {
	i := p.immediates.byID[id]
	if i == nil {
		return
	}
	i.cleared = true
	delete(p.immediates.byID, id)
	if i.refed {
		p.immediates.refed--
	}
}

func (p *Process) immediateRef(id int, ref bool) {
	i := p.immediates.byID[id]
	if i == nil || i.refed == ref {
		return
	}
	i.refed = ref
	if ref {
		p.immediates.refed++
	} else {
		p.immediates.refed--
	}
}

func (p *Process) immediateHasRef(id int) bool {
	i := p.immediates.byID[id]
	return i != nil && i.refed
}

// pendingImmediates reports whether any immediate waits (the poll phase must not block).
func (p *Process) pendingImmediates() bool { return len(p.immediates.byID) > 0 }

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
			delete(p.immediates.byID, im.id)
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
