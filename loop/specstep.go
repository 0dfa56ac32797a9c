// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model),
// with ECMAScript 2025 (https://tc39.es/ecma262/2025/) for then and await; the step numbers
// are the ones processing.go, rendering.go, checkpoint.go and timers.go carry.

package loop

import (
	"fmt"

	"loopscope/agent"
)

// specStep is the line the queues view shows beside the four boxes of a paused loop: which
// step of the processing model has just run, in the spec's words and numbers, so that a
// learner can read the spec beside the picture. b is the boxes of the same moment (the next
// task, for a stop before a task). Call it on the loop's goroutine.
func (l *Loop) specStep(b *Boxes) string {
	if l.Stepper() == nil {
		return ""
	}
	stop := l.LastStop()
	switch stop.Kind {
	case agent.StepTask:
		return fmt.Sprintf("Event loop processing model step 2: ran the task %q (2.6 \"perform oldestTask's steps\"), "+
			"then 2.8 \"perform a microtask checkpoint\"", stop.What)
	case agent.StepFrame:
		return "Event loop processing model step 4, a rendering opportunity: \"update the rendering\" ran, " +
			"steps 8-22 (14 runs the animation frame callbacks, 16 style and layout, 22 paints)"
	case agent.StepCallback:
		if l.renderingStep != "" {
			return fmt.Sprintf("\"Update the rendering\" step %s: %s returned, and \"clean up after running script\" "+
				"step 3 performed a microtask checkpoint (the JS stack was empty)", l.renderingStep, stop.What)
		}
		in := ""
		if t := l.currentTask; t != nil {
			in = fmt.Sprintf(", inside the task %q (step 2.6)", agent.TaskItem(&t.Task, true).Name)
		}
		return fmt.Sprintf("\"Clean up after running script\" step 3: %s returned to an empty JS stack, so "+
			"\"perform a microtask checkpoint\" ran%s", stop.What, in)
	case agent.StepMicrotask:
		return fmt.Sprintf("\"Perform a microtask checkpoint\" step 3: the microtask queue is not empty; next, "+
			"3.1 dequeue the oldest microtask (%s) and 3.3 run it", stop.What)
	case agent.StepHostCall:
		return hostCallStep(stop.What)
	}
	// A gate between iterations: before the first task, or paused (Space) between two.
	for _, it := range b.Tasks {
		if !it.Running && !it.Timer {
			return fmt.Sprintf("Event loop processing model, before step 2: next, 2.1 choose a task queue "+
				"and 2.3 take its oldest task (%q)", it.Name)
		}
	}
	return "Event loop processing model: paused between iterations; no task is runnable " +
		"(step 5 starts an idle period when no rendering is needed)"
}

// hostCallStep is the line for a stop inside a call that touched a queue or the log.
func hostCallStep(what string) string {
	switch what {
	case "setTimeout", "setInterval":
		return what + ": the timer initialisation steps ran; by steps 11-12 the callback's task is queued on " +
			"the timer task source once the timeout has passed (a timer in the Tasks box until then)"
	case "then":
		return "then: PerformPromiseThen (ECMAScript) step 7: the promise is pending, so the reaction waits on it; " +
			"it is queued as a microtask when the promise settles"
	case "then on a settled promise":
		return "then: PerformPromiseThen (ECMAScript) steps 8-9: the promise has settled, so HostEnqueuePromiseJob " +
			"queued the reaction as a microtask at once"
	case "await":
		return "await: Await (ECMAScript) step 7, PerformPromiseThen: the rest of the async function waits on a " +
			"pending promise; its continuation is queued as a microtask when the promise settles"
	case "await on a settled promise":
		return "await: Await (ECMAScript) step 7, PerformPromiseThen steps 8-9: the promise has settled, so the " +
			"async function's continuation was queued as a microtask at once"
	case "queueMicrotask":
		return "queueMicrotask: \"queue a microtask\" (HTML): the callback joins the microtask queue"
	case "Mutation observers":
		return "\"queue a mutation observer microtask\" (DOM): a host microtask joined the microtask queue " +
			"(one for all the mutation records until it runs)"
	case "a listener":
		return "dispatch (DOM \"inner invoke\"): a listener is about to be called with JS on the stack, " +
			"so no microtask checkpoint runs before it"
	case "requestAnimationFrame":
		return "requestAnimationFrame: the callback joins the map of animation frame callbacks; " +
			"\"update the rendering\" step 14 runs it"
	}
	if len(what) > 8 && what[:8] == "console." {
		return what + ": the Console Standard's Logger printed a line (the Log box); the script goes on"
	}
	return what + ": a call that touched a queue or the log"
}
