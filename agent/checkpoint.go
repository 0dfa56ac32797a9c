// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package agent

import "time"

// performAMicrotaskCheckpoint is the agent's half of HTML's "perform a microtask checkpoint",
// the one place every checkpoint of an event loop goes through: the one at the end of each task (event
// loop processing model step 2.8), the one after each animation frame callback and event
// listener, and the one in "clean up after running script" (step 3: "If the JavaScript
// execution context stack is now empty, perform a microtask checkpoint."), since each of
// those calls into JS from an empty stack ends in callFromEmptyStack, which calls this.
//
// goja runs the microtask queue itself: it drains its job queue (promise jobs, and the host
// microtasks queued as reactions on a private promise, microtask.go) when the outermost call
// into JS returns, and only then. So steps 1-3 have already happened when this is called,
// between drainStart (the callback returned) and drainEnd (goja's drain returned); this
// function documents them, records them and performs the steps after them.
//
// DEPARTURE: the checkpoint at the end of a task (step 2.8) is not a call of its own: every
// call the task made into JS from an empty stack already ended with one, and a microtask the
// host queues with no JS on the stack runs at once (queueMicrotaskValue), so the queue is
// always empty when a task ends.
func (a *Agent) performAMicrotaskCheckpoint(drainStart, drainEnd time.Duration) {
	// 1. "If the event loop's performing a microtask checkpoint is true, then return."
	// 2. "Set the event loop's performing a microtask checkpoint to true."
	//    goja's drain is not reentrant either: a call into JS made by a microtask has JS on the
	//    stack (a.depth > 0), so it gets no checkpoint of its own.
	// 3. "While the event loop's microtask queue is not empty: ... Run oldestMicrotask."
	//    goja did it, in FIFO order, before returning to callFromEmptyStack.
	//
	// 4-7. The event loop's own steps (HTML: notify about rejected promises): its hook.
	if a.hooks.Checkpoint != nil {
		a.hooks.Checkpoint()
	}
	// The instruments see the checkpoint as a span in the trace, when it took time.
	if drainEnd > drainStart {
		a.trace.add(Span{Kind: KindMicrotasks, Name: "microtask checkpoint", Start: ms(drainStart), End: ms(drainEnd)})
	}
}
