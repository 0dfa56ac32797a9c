package goja

// PromiseReactionKind says what registered a promise reaction.
type PromiseReactionKind uint8

const (
	// PromiseReactionThen: Promise.prototype.then, and what calls it (catch, finally,
	// Promise.all and its siblings, a thenable job adopting a promise).
	PromiseReactionThen PromiseReactionKind = iota
	// PromiseReactionAwait: an await (the spec's Await): in an async function or an async
	// generator, or one the engine makes itself (for await, yield*, Array.fromAsync).
	PromiseReactionAwait
	// PromiseReactionInternal: the engine itself, with handlers of its own
	// (AsyncGeneratorAwaitReturn, the async-from-sync iterator's PerformPromiseThen).
	PromiseReactionInternal
)

// PromiseJobKind says which kind of promise job a PromiseJobInfo describes.
type PromiseJobKind uint8

const (
	// PromiseJobReaction is a PromiseReactionJob: it calls the handler of a reaction whose
	// promise settled (if it has one for that outcome) and settles the reaction's own promise.
	PromiseJobReaction PromiseJobKind = iota
	// PromiseJobResolveThenable is a PromiseResolveThenableJob: a promise was resolved with a
	// thenable (a promise, or any object with a then method), and the job calls its then to
	// adopt its state.
	PromiseJobResolveThenable
)

// PromiseReactionInfo describes a reaction being registered, to a PromiseJobTracker.
type PromiseReactionInfo struct {
	// Promise is the promise the reaction waits on.
	Promise *Promise
	Kind    PromiseReactionKind
	// OnFulfilled and OnRejected are the handlers then was given, nil for one that is not
	// callable (the reaction has no handler for that outcome), for an await and for an
	// internal reaction.
	OnFulfilled, OnRejected Value
	// Awaiter is, for an await in an async function, the function's frame at the await: its
	// name and position. (Once the function has been resumed from the job queue, it is no
	// longer on the call stack when it awaits again.) The zero StackFrame otherwise.
	Awaiter StackFrame
}

// PromiseJobInfo describes a promise job to a PromiseJobTracker.
type PromiseJobInfo struct {
	Kind PromiseJobKind
	// Context is, for a reaction job, what Grab returned when the reaction was registered; for
	// a thenable job, what PromiseJobQueued returned when it was queued.
	Context interface{}
	// Promise is, for a thenable job, the promise it resolves.
	Promise *Promise
	// Thenable is, for a thenable job, the value it adopts.
	Thenable Value
	// Rejected is, for a reaction job, whether its promise was rejected (the reaction's
	// rejection handler runs).
	Rejected bool
	// Handler is, for a reaction job, whether it calls a handler (then Resumed and Exited are
	// called around the call); without one it passes the value on to the reaction's promise.
	Handler bool
}

// PromiseJobTracker is an optional interface of an AsyncContextTracker (SetAsyncContextTracker
// checks for it), for a host that follows the promise job queue itself: which promise each
// reaction waits on and what registered it, when each job enters the queue, and every job
// run, including those Resumed and Exited do not see (a reaction without a handler, a
// thenable job). Jobs queued with EnqueueJob are the host's own and are not reported.
//
// For a reaction, PromiseReactionRegistered follows Grab. For a job, PromiseJobQueued is
// called when it is queued (for a reaction on a pending promise, when the promise settles),
// then PromiseJobStarted and PromiseJobEnded around its run, in queue order; for a reaction
// job with a handler, Resumed and Exited come between them. A job dropped from the queue (an
// interrupt ends the run) is neither started nor ended. The methods are called on the
// runtime's goroutine and must not run script.
type PromiseJobTracker interface {
	PromiseReactionRegistered(ctx interface{}, reaction PromiseReactionInfo)
	// PromiseJobQueued returns the tracking object of a thenable job (its Context from then
	// on); for a reaction job the result is ignored.
	PromiseJobQueued(job PromiseJobInfo) (trackingObject interface{})
	PromiseJobStarted(job PromiseJobInfo)
	PromiseJobEnded(job PromiseJobInfo)
}
