package agent

import "github.com/dop251/goja"

// The agent's adapter to goja's hooks into the engine itself, beyond making values and
// calling functions: how the host stops running JS, what it is told of promises and of
// promise jobs, and the engine's own bounds. Every other file reaches them through here, so
// that this file is the one to read (and to change) when the engine's hooks change.
//
// FIXME: the repair of a realm a stop left half-unwound (recover.go: gojaVMStacks,
// jobQueueLen, clearValueStack) and the reading of own data properties (pagevalue.go:
// ownProperty) still read goja's private fields by reflection; the patched engine's hooks
// that replace them belong here.

// interrupt stops the JS that runs now at its next instruction (the watchdog, Halt).
func (l *Agent) interrupt(v any) { l.rt.Interrupt(v) }

// clearInterrupt forgets an interrupt that was not delivered (the call ended first) or was.
func (l *Agent) clearInterrupt() { l.rt.ClearInterrupt() }

// setAsyncContextTracker installs the microtask tracker (asynccontext.go).
func (l *Agent) setAsyncContextTracker(t goja.AsyncContextTracker) { l.rt.SetAsyncContextTracker(t) }

// setMaxCallStackSize bounds the JS call depth (a runaway recursion is a RangeError).
func (l *Agent) setMaxCallStackSize(n int) { l.rt.SetMaxCallStackSize(n) }

// SetPromiseRejectionTracker installs the event loop's HostPromiseRejectionTracker (HTML's
// unhandled rejections in package loop, Node's in package node).
func (l *Agent) SetPromiseRejectionTracker(fn func(p *goja.Promise, op goja.PromiseRejectionOperation)) {
	l.rt.SetPromiseRejectionTracker(fn)
}

// EngineUnwound reports whether the engine's call and try stacks are empty, as they are
// with no JS running (after the repair of a realm a stop left half-unwound); ok is false
// when they cannot be read.
func (l *Agent) EngineUnwound() (unwound, ok bool) {
	stacks, found := gojaVMStacks(l.rt)
	if !found {
		return false, false
	}
	return stacks[0].Len() == 0 && stacks[1].Len() == 0, true
}
