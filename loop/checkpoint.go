// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

// microtaskCheckpointSteps are the event loop's steps of "perform a microtask checkpoint"
// after its microtask queue is empty; the agent reaches them through its Checkpoint hook at
// the end of every checkpoint (agent/checkpoint.go: steps 1-3, which goja's own drain of its
// job queue performs).
func (l *Loop) microtaskCheckpointSteps() {
	// 4. "For each environment settings object settingsObject whose responsible event loop
	//    is this event loop, notify about rejected promises given settingsObject's global
	//    object."
	l.notifyAboutRejectedPromises()
	// 5. Cleanup Indexed Database transactions: there is no IndexedDB here.
	// 6. ClearKeptObjects(): nothing is kept (goja's WeakRef holds its target strongly, and
	//    it has no FinalizationRegistry).
	// 7. "Set the event loop's performing a microtask checkpoint to false."
}
