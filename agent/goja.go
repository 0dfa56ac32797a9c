package agent

import "github.com/dop251/goja"

// The agent's adapter to goja's hooks into the engine itself (beyond making values and
// calling functions): what the host is told of promises, and how it stops running JS.

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
