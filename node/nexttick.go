package node

import (
	"github.com/dop251/goja"

	"loopscope/agent"
)

// process.nextTick and the order of a callback's aftermath
// (Node v20 src/api/callback.cc InternalCallbackScope::Close and
// lib/internal/process/task_queues.js processTicksAndRejections):
//
//	after every macrotask callback (main module, timer, immediate, I/O completion, event):
//	  do { run the whole nextTick queue; run the microtask queue }
//	  while (nextTick queue not empty || processPromiseRejections())
//
// goja runs its job queue (the microtasks) itself when the outermost call into JS returns,
// and only then. So every macrotask callback goes through one JS trampoline (js/host.js
// callback) that calls it and then drains the nextTick queue before returning: goja's drain
// comes after the ticks. Ticks queued by a microtask run once the microtask queue is empty,
// by another call (runTicks) from Go, whose own return drains the microtasks they queue.

// ticks is the nextTick queue (node's queue in lib/internal/process/task_queues.js). Its
// drain is in JS (js/host.js runTicks), taking one tick at a time with shiftTick.
type ticks struct {
	queue     []tick // queue[head:] wait; emptied (and head 0) once the last one is taken
	head      int
	scheduled bool // a tick was queued into an empty queue and has not run yet
	threw     bool // the last callback threw: its ticks wait for the next callback
}

// tick is one queued process.nextTick: its callback and, when it was given any, its
// arguments as a JS array (nil: none).
type tick struct {
	fn   goja.Value
	args goja.Value
}

// nextTick is process.nextTick(callback, ...args) (node's lib/internal/process/task_queues.js
// nextTick): node's ERR_INVALID_ARG_TYPE for a callback that is not a function, nothing
// queued once 'exit' is being emitted (process._exiting). A Go function: a tick costs no
// JS frame and no arguments array when it has none.
func (p *Process) nextTick(c goja.FunctionCall) goja.Value {
	cb := c.Argument(0)
	p.checkCallback(cb)
	if p.proc.exiting {
		return goja.Undefined()
	}
	t := &p.ticks
	if t.head == len(t.queue) {
		t.scheduled = true
	}
	var args goja.Value
	if len(c.Arguments) > 1 {
		args = p.restArgs(c, 1)
	}
	t.queue = append(t.queue, tick{cb, args})
	if p.stepping {
		p.l.StepDone(agent.StepHostCall) // step mode: a stop after each call that touches a queue
	}
	return goja.Undefined()
}

// shiftTick takes the next tick for js/host.js runTicks: its callback, [callback, args] when
// it has arguments, or undefined when the queue is empty (drained: nothing is scheduled).
func (p *Process) shiftTick(goja.FunctionCall) goja.Value {
	t := &p.ticks
	if t.head == len(t.queue) {
		t.scheduled = false
		return goja.Undefined()
	}
	next := t.queue[t.head]
	t.queue[t.head] = tick{}
	if t.head++; t.head == len(t.queue) {
		t.queue, t.head = t.queue[:0], 0 // a chain of ticks reuses the first slot
		if cap(t.queue) > 1024 {
			t.queue = nil // a burst's array is not kept for the process's life
		}
	}
	if next.args == nil {
		return next.fn
	}
	return p.rt.NewArray(next.fn, next.args)
}

// pendingTicks are the queued ticks' callbacks, the first max of them.
func (p *Process) pendingTicks(max int) []goja.Value {
	var out []goja.Value
	for _, t := range p.ticks.queue[p.ticks.head:] {
		if len(out) == max {
			break
		}
		out = append(out, t.fn)
	}
	return out
}

// hostFuncs are the JS half's functions (js/host.js).
type hostFuncs struct {
	callback        goja.Callable // (fn, this, args): one macrotask callback, then its ticks
	callbackNoTicks goja.Callable // the same without the ticks (node10 batches)
	runTicks        goja.Callable
	emit            goja.Callable // process.emit
	inspect         goja.Callable // util.inspect
}

// macrotask runs one callback as node runs a callback from the loop: the callback, its
// nextTick queue, its microtasks, then the ticks and microtasks those queue, and the
// unhandled rejections (processTicksAndRejections). name is the task's name in the trace.
func (p *Process) macrotask(name string, fn, this goja.Value, args goja.Value) {
	if p.l.Halted() || p.l.Stopped() {
		return
	}
	p.l.RunTask(&agent.Task{Source: agent.SourceTimer, Name: name, At: p.l.Now()}, func() {
		if this == nil {
			this = goja.Undefined()
		}
		if args == nil {
			args = goja.Undefined()
		}
		_, err := p.l.Call(p.fn.callback, goja.Undefined(), fn, this, args)
		p.afterCall(err)
	})
}

// batch runs several callbacks in one call into JS, the ticks and microtasks after all of
// them (node10 mode's timers and check phases). next returns the next callback to run, or
// false; it is asked again after each one, so a callback can cancel a later one.
func (p *Process) batch(name string, next func() (fn, this, args goja.Value, ok bool)) {
	if p.l.Halted() || p.l.Stopped() {
		return
	}
	p.l.RunTask(&agent.Task{Source: agent.SourceTimer, Name: name, At: p.l.Now()}, func() {
		runAll := p.rt.ToValue(func(goja.FunctionCall) goja.Value {
			for !p.l.Halted() {
				fn, this, args, ok := next()
				if !ok {
					break
				}
				if this == nil {
					this = goja.Undefined()
				}
				if args == nil {
					args = goja.Undefined()
				}
				if _, err := p.fn.callbackNoTicks(goja.Undefined(), fn, this, args); err != nil {
					break // uncatchable (an interrupt stays set and ends the outer call too)
				}
			}
			return goja.Undefined()
		})
		_, err := p.l.Call(p.fn.callback, goja.Undefined(), runAll, goja.Undefined(), goja.Undefined())
		p.afterCall(err)
	})
}

// afterCall finishes a call into JS: a call that did not end normally is reported (the
// watchdog's stop line ends the process with status 1), then the ticks queued by
// microtasks and the unhandled rejections are processed until none is left.
func (p *Process) afterCall(err error) {
	for {
		if err != nil {
			if err != agent.ErrHalted {
				p.l.ReportException(err) // the watchdog's line, an internal error
				p.stopProcess(1)
			}
			return
		}
		if p.l.Halted() {
			return
		}
		switch {
		case p.ticks.threw:
			p.ticks.threw = false
			return
		case p.ticks.scheduled:
			p.ticks.scheduled = false
			_, err = p.l.Call(p.fn.runTicks, goja.Undefined())
		case p.rej.pending():
			err = p.processPromiseRejections()
		default:
			return
		}
	}
}
