package goja

import (
	"reflect"
	"sync/atomic"

	"github.com/dop251/goja/unistring"
)

type PromiseState int
type PromiseRejectionOperation int

type promiseReactionType uint8

const (
	PromiseStatePending PromiseState = iota
	PromiseStateFulfilled
	PromiseStateRejected
)

const (
	PromiseRejectionReject PromiseRejectionOperation = iota
	PromiseRejectionHandle
)

const (
	promiseReactionFulfill promiseReactionType = iota
	promiseReactionReject
)

type PromiseRejectionTracker func(p *Promise, operation PromiseRejectionOperation)

// jobCallback is a JobCallback Record: a callable value, kept as the object itself so that
// registering a script function as a handler makes no Go closure for it (see callJobCallback).
type jobCallback struct {
	fn *Object
}

// reactionHandler runs a reaction whose handlers are the engine's own rather than callable
// values: an await's (the async function resumes) or an internal Await's Go steps.
type reactionHandler interface {
	settle(typ promiseReactionType, argument Value)
}

// goReactionHandler is a reaction's pair of Go handlers.
type goReactionHandler struct {
	onFulfilled, onRejected func(Value)
}

func (h *goReactionHandler) settle(typ promiseReactionType, argument Value) {
	if typ == promiseReactionFulfill {
		h.onFulfilled(argument)
	} else {
		h.onRejected(argument)
	}
}

// promiseResolvingFunctions is what CreateResolvingFunctions makes for a promise: a resolve and
// a reject function sharing one [[AlreadyResolved]] record. The function objects are only
// created when script can reach them (see objects); until then the engine runs their steps
// directly, which no script can tell apart.
type promiseResolvingFunctions struct {
	promise               *Promise
	alreadyResolved       bool
	resolveObj, rejectObj *Object
}

// promiseCapability is a PromiseCapability Record. For a capability of %Promise% itself
// (fns.promise != nil) the resolving functions are the promise's own and are created lazily;
// for any other constructor, fns.resolveObj and fns.rejectObj are what its executor received.
type promiseCapability struct {
	promise *Object
	fns     promiseResolvingFunctions
}

// promiseReaction is the pair of PromiseReaction Records PerformPromiseThen creates: one
// record holds both [[Handler]]s (an empty handler is a nil callback) and their shared
// [[Capability]]. When its promise settles, the record itself becomes the PromiseReactionJob
// (a promise settles once, so a record is queued at most once): typ and argument say which
// handler runs, and with what.
type promiseReaction struct {
	capability              *promiseCapability
	onFulfilled, onRejected jobCallback
	handler                 reactionHandler // instead of the two: an *asyncRunner for an await, or Go steps
	asyncCtx                interface{}

	typ      promiseReactionType
	argument [1]Value         // the handler's arguments
	next     *promiseReaction // the one registered before it on the same pending promise
}

// job is a queued Job Abstract Closure: a *promiseReaction (PromiseReactionJob), a
// *thenableJob (PromiseResolveThenableJob) or a hostJob (EnqueueJob).
type job interface {
	run(r *Runtime)
}

// thenableJob is the job NewPromiseResolveThenableJob creates.
type thenableJob struct {
	promise  *Promise
	thenable Value
	then     jobCallback
	ctx      interface{} // a PromiseJobTracker's tracking object
}

var typePromise = reflect.TypeOf((*Promise)(nil))

// Promise is a Go wrapper around ECMAScript Promise. Calling Runtime.ToValue() on it
// returns the underlying Object. Calling Export() on a Promise Object returns a Promise.
//
// Use Runtime.NewPromise() to create one. Calling Runtime.ToValue() on a zero object or nil returns null Value.
//
// WARNING: Instances of Promise are not goroutine-safe. See Runtime.NewPromise() for more details.
type Promise struct {
	baseObject
	state   promiseState
	handled bool
	result  Value
	// [[PromiseFulfillReactions]] and [[PromiseRejectReactions]]: each record serves both lists,
	// which are linked through next, the last registered first.
	reactions *promiseReaction
}

// promiseState is a PromiseState in the byte that Promise keeps it in, beside handled.
type promiseState uint8

func (p *Promise) State() PromiseState {
	return PromiseState(p.state)
}

func (p *Promise) Result() Value {
	return p.result
}

func (p *Promise) toValue(r *Runtime) Value {
	if p == nil || p.val == nil {
		return _null
	}
	promise := p.val
	if promise.runtime != r {
		panic(r.NewTypeError("Illegal runtime transition of a Promise"))
	}
	return promise
}

// objects returns the resolve and reject function objects, creating them on first use.
func (f *promiseResolvingFunctions) objects() (resolve, reject *Object) {
	if f.resolveObj == nil {
		r := f.promise.val.runtime
		f.resolveObj = r.newNativeFunc(func(call FunctionCall) Value {
			return f.resolve(call.Argument(0))
		}, "", 1)
		f.rejectObj = r.newNativeFunc(func(call FunctionCall) Value {
			return f.reject(call.Argument(0))
		}, "", 1)
	}
	return f.resolveObj, f.rejectObj
}

// resolve is a Promise Resolve Function's steps.
func (f *promiseResolvingFunctions) resolve(resolution Value) Value {
	if f.alreadyResolved {
		return _undefined
	}
	f.alreadyResolved = true
	p := f.promise
	r := p.val.runtime
	if resolution.SameAs(p.val) {
		return p.reject(r.NewTypeError("Promise self-resolution"))
	}
	if obj, ok := resolution.(*Object); ok {
		var thenAction Value
		ex := r.vm.try(func() {
			thenAction = obj.self.getStr("then", nil)
		})
		if ex != nil {
			return p.reject(ex.val)
		}
		if then := asCallableObject(thenAction); then != nil {
			r.enqueueThenableJob(p, resolution, then)
			return _undefined
		}
	}
	return p.fulfill(resolution)
}

// reject is a Promise Reject Function's steps.
func (f *promiseResolvingFunctions) reject(reason Value) Value {
	if f.alreadyResolved {
		return _undefined
	}
	f.alreadyResolved = true
	return f.promise.reject(reason)
}

func (p *Promise) reject(reason Value) Value {
	reactions := p.reactions
	p.result = reason
	p.reactions = nil
	p.state = promiseState(PromiseStateRejected)
	r := p.val.runtime
	if !p.handled {
		r.trackPromiseRejection(p, PromiseRejectionReject)
	}
	r.triggerPromiseReactions(reactions, promiseReactionReject, reason)
	return _undefined
}

func (p *Promise) fulfill(value Value) Value {
	reactions := p.reactions
	p.result = value
	p.reactions = nil
	p.state = promiseState(PromiseStateFulfilled)
	p.val.runtime.triggerPromiseReactions(reactions, promiseReactionFulfill, value)
	return _undefined
}

func (p *Promise) exportType() reflect.Type {
	return typePromise
}

func (p *Promise) export(*objectExportCtx) interface{} {
	return p
}

// addReactions is the end of PerformPromiseThen: reaction is registered on p, or queued if p
// has settled. info says what registers it, for a PromiseJobTracker.
func (p *Promise) addReactions(reaction *promiseReaction, info PromiseReactionInfo) {
	r := p.val.runtime
	if tracker := r.asyncContextTracker; tracker != nil {
		reaction.asyncCtx = tracker.Grab()
		if jt := r.promiseJobTracker; jt != nil {
			info.Promise = p
			jt.PromiseReactionRegistered(reaction.asyncCtx, info)
		}
	}
	switch PromiseState(p.state) {
	case PromiseStatePending:
		reaction.next = p.reactions
		p.reactions = reaction
	case PromiseStateFulfilled:
		r.enqueueReactionJob(reaction, promiseReactionFulfill, p.result)
	default:
		reason := p.result
		if !p.handled {
			r.trackPromiseRejection(p, PromiseRejectionHandle)
		}
		r.enqueueReactionJob(reaction, promiseReactionReject, reason)
	}
	p.handled = true
}

// enqueuePromiseJob is HostEnqueuePromiseJob.
func (r *Runtime) enqueuePromiseJob(j job) {
	r.jobQueue.push(j)
}

// EnqueueJob queues job in the runtime's job queue, after the jobs already there: it runs in
// first-in, first-out order with promise jobs when the queue is next run, as the outermost
// call into the runtime returns. It is how a host enqueues a job of its own (ECMAScript's
// HostEnqueueGenericJob; HTML's "queue a microtask").
//
// The job runs as a Go function called from script does: the calls into the runtime it makes
// (through a Callable, RunProgram, ...) are nested calls, which do not run the job queue (the
// jobs they queue run after this one, in order) and return the errors they end with; an
// interrupt still pending when the job returns is raised then, as the next instruction of a
// script would, and ends the job queue run. To end it on another uncatchable error such a call
// returned (a StackOverflowError), the job panics with it; the call that was running the queue
// then returns it. The job must not panic otherwise.
//
// Like Runtime in general, EnqueueJob is not goroutine-safe.
func (r *Runtime) EnqueueJob(job func()) {
	r.enqueuePromiseJob(hostJob(job))
}

// HasPendingJobs reports whether the job queue holds a job: a promise job or one queued with
// EnqueueJob, which the runtime runs when the outermost call into it returns. A host that
// does some work only when jobs will run after a call (timing the job queue's run, say) can
// skip it otherwise.
//
// Like Runtime in general, HasPendingJobs is not goroutine-safe.
func (r *Runtime) HasPendingJobs() bool {
	return !r.jobQueue.empty()
}

// hostJob is a job queued with EnqueueJob.
type hostJob func()

func (j hostJob) run(r *Runtime) {
	// An empty frame, as RunProgram pushes for the script: calls the job makes are nested.
	vm := r.vm
	vm.callStack = append(vm.callStack, context{})
	defer func() {
		vm.callStack = vm.callStack[:len(vm.callStack)-1]
	}()
	j()
	if atomic.LoadUint32(&vm.interrupted) != 0 {
		vm.raiseInterrupt()
	}
}

// enqueueReactionJob queues NewPromiseReactionJob(reaction, argument) for a promise settled
// as typ says.
func (r *Runtime) enqueueReactionJob(reaction *promiseReaction, typ promiseReactionType, argument Value) {
	reaction.typ, reaction.argument[0] = typ, argument
	if jt := r.promiseJobTracker; jt != nil {
		jt.PromiseJobQueued(reaction.info())
	}
	r.enqueuePromiseJob(reaction)
}

// info describes the reaction's job to a PromiseJobTracker.
func (reaction *promiseReaction) info() PromiseJobInfo {
	rejected := reaction.typ == promiseReactionReject
	handler := reaction.onFulfilled.fn
	if rejected {
		handler = reaction.onRejected.fn
	}
	return PromiseJobInfo{
		Kind:     PromiseJobReaction,
		Context:  reaction.asyncCtx,
		Rejected: rejected,
		Handler:  handler != nil || reaction.handler != nil,
	}
}

// info describes the job to a PromiseJobTracker.
func (j *thenableJob) info() PromiseJobInfo {
	return PromiseJobInfo{Kind: PromiseJobResolveThenable, Context: j.ctx, Promise: j.promise, Thenable: j.thenable}
}

// enqueueThenableJob queues NewPromiseResolveThenableJob(p, thenable, then).
func (r *Runtime) enqueueThenableJob(p *Promise, thenable Value, then *Object) {
	j := &thenableJob{promise: p, thenable: thenable, then: jobCallback{fn: then}}
	if jt := r.promiseJobTracker; jt != nil {
		j.ctx = jt.PromiseJobQueued(j.info())
	}
	r.enqueuePromiseJob(j)
}

func (r *Runtime) triggerPromiseReactions(reactions *promiseReaction, typ promiseReactionType, argument Value) {
	// The list is the last registered first: reverse it, then queue in registration order.
	var first *promiseReaction
	for reactions != nil {
		next := reactions.next
		reactions.next = first
		first, reactions = reactions, next
	}
	for first != nil {
		next := first.next
		first.next = nil
		r.enqueueReactionJob(first, typ, argument)
		first = next
	}
}

// run is the PromiseResolveThenableJob.
func (j *thenableJob) run(r *Runtime) {
	jt := r.promiseJobTracker
	if jt != nil {
		jt.PromiseJobStarted(j.info())
	}
	fns := &promiseResolvingFunctions{promise: j.promise}
	resolve, reject := fns.objects()
	_, ex := r.callJobCallback(&j.then, j.thenable, resolve, reject)
	if ex != nil {
		fns.reject(ex.val)
	}
	if jt != nil {
		jt.PromiseJobEnded(j.info())
	}
}

// run is the PromiseReactionJob.
func (reaction *promiseReaction) run(r *Runtime) {
	jt := r.promiseJobTracker
	if jt != nil {
		jt.PromiseJobStarted(reaction.info())
	}
	typ, argument := reaction.typ, reaction.argument[0]
	handler := &reaction.onFulfilled
	if typ == promiseReactionReject {
		handler = &reaction.onRejected
	}
	var handlerResult Value
	fulfill := false
	if handler.fn == nil && reaction.handler == nil {
		handlerResult = argument
		if typ == promiseReactionFulfill {
			fulfill = true
		}
	} else {
		if tracker := r.asyncContextTracker; tracker != nil {
			tracker.Resumed(reaction.asyncCtx)
		}
		var ex *Exception
		if h := reaction.handler; h != nil {
			ex = r.vm.try(func() {
				h.settle(typ, argument)
			})
			handlerResult = _undefined
		} else {
			handlerResult, ex = r.callJobCallback(handler, _undefined, reaction.argument[:]...)
		}
		if ex != nil {
			handlerResult = ex.val
		} else {
			fulfill = true
		}
		if tracker := r.asyncContextTracker; tracker != nil {
			tracker.Exited()
		}
	}
	if reaction.capability != nil {
		if fulfill {
			reaction.capability.resolve(handlerResult)
		} else {
			reaction.capability.reject(handlerResult)
		}
	}
	if jt != nil {
		jt.PromiseJobEnded(reaction.info())
	}
}

// promiseObject is a promise's Object and its Promise, allocated together: they live and die
// together.
type promiseObject struct {
	o  Object
	po Promise
}

func (r *Runtime) newPromise(proto *Object) *Promise {
	return r.initPromise(&promiseObject{}, proto)
}

func (r *Runtime) initPromise(both *promiseObject, proto *Object) *Promise {
	o, po := &both.o, &both.po
	o.runtime = r
	po.class = classObject
	po.val = o
	po.extensible = true
	o.self = po
	po.prototype = proto
	// No po.init(): a promise seldom gets an own property; its map is made with the first.
	return po
}

func (r *Runtime) builtin_newPromise(args []Value, newTarget *Object) *Object {
	if newTarget == nil {
		panic(r.needNew("Promise"))
	}
	var arg0 Value
	if len(args) > 0 {
		arg0 = args[0]
	}
	executor := r.toCallable(arg0)

	proto := r.getPrototypeFromCtor(newTarget, r.global.Promise, r.getPromisePrototype())
	po := r.newPromise(proto)

	fns := &promiseResolvingFunctions{promise: po}
	resolve, reject := fns.objects()
	ex := r.vm.try(func() {
		executor(FunctionCall{Arguments: []Value{resolve, reject}})
	})
	if ex != nil {
		fns.reject(ex.val)
	}
	return po.val
}

func (r *Runtime) promiseProto_then(call FunctionCall) Value {
	thisObj := r.toObject(call.This)
	if p, ok := thisObj.self.(*Promise); ok {
		c := r.speciesConstructorObj(thisObj, r.getPromise())
		if c == r.getPromise() {
			// The reaction, the result capability and its promise in one allocation: the job
			// that runs the reaction settles the promise next to it.
			rc := &struct {
				reaction   promiseReaction
				capability promiseCapability
				promise    promiseObject
			}{}
			po := r.initPromise(&rc.promise, r.getPromisePrototype())
			rc.capability.fns.promise, rc.capability.promise = po, po.val
			rc.reaction.capability = &rc.capability
			return r.performPromiseThenReaction(p, call.Argument(0), call.Argument(1), &rc.reaction, PromiseReactionThen)
		}
		reaction := &promiseReaction{capability: r.newPromiseCapability(c)}
		return r.performPromiseThenReaction(p, call.Argument(0), call.Argument(1), reaction, PromiseReactionThen)
	}
	panic(r.NewTypeError("Method Promise.prototype.then called on incompatible receiver %s", r.objectproto_toString(FunctionCall{This: thisObj})))
}

func (r *Runtime) newPromiseCapability(c *Object) *promiseCapability {
	pcap := new(promiseCapability)
	if c == r.getPromise() {
		p := r.newPromise(r.getPromisePrototype())
		pcap.fns.promise = p
		pcap.promise = p.val
	} else {
		var resolve, reject Value
		executor := r.newNativeFunc(func(call FunctionCall) Value {
			if resolve != nil {
				panic(r.NewTypeError("resolve is already set"))
			}
			if reject != nil {
				panic(r.NewTypeError("reject is already set"))
			}
			if arg := call.Argument(0); arg != _undefined {
				resolve = arg
			}
			if arg := call.Argument(1); arg != _undefined {
				reject = arg
			}
			return nil
		}, "", 2)
		pcap.promise = r.toConstructor(c)([]Value{executor}, c)
		pcap.fns.resolveObj = r.toObject(resolve)
		r.toCallable(pcap.fns.resolveObj) // make sure it's callable
		pcap.fns.rejectObj = r.toObject(reject)
		r.toCallable(pcap.fns.rejectObj)
	}
	return pcap
}

func (r *Runtime) performPromiseThen(p *Promise, onFulfilled, onRejected Value, resultCapability *promiseCapability) Value {
	return r.performPromiseThenReaction(p, onFulfilled, onRejected, &promiseReaction{capability: resultCapability}, PromiseReactionInternal)
}

// performPromiseThenReaction is PerformPromiseThen with the reaction record allocated by the
// caller, its capability set.
func (r *Runtime) performPromiseThenReaction(p *Promise, onFulfilled, onRejected Value, reaction *promiseReaction, kind PromiseReactionKind) Value {
	info := PromiseReactionInfo{Kind: kind}
	if f := asCallableObject(onFulfilled); f != nil {
		reaction.onFulfilled.fn = f
		info.OnFulfilled = onFulfilled
	}
	if f := asCallableObject(onRejected); f != nil {
		reaction.onRejected.fn = f
		info.OnRejected = onRejected
	}
	p.addReactions(reaction, info)
	if reaction.capability == nil {
		return _undefined
	}
	return reaction.capability.promise
}

func (r *Runtime) promiseProto_catch(call FunctionCall) Value {
	return r.invoke(call.This, "then", _undefined, call.Argument(0))
}

func (r *Runtime) promiseResolve(c *Object, x Value) *Object {
	if obj, ok := x.(*Object); ok {
		if _, isPromise := obj.self.(*Promise); isPromise {
			xConstructor := nilSafe(obj.self.getStr("constructor", nil))
			if xConstructor.SameAs(c) {
				return obj
			}
		}
	}
	if c == r.getPromise() {
		// NewPromiseCapability(%Promise%) and its resolve function, neither seen by script.
		p := r.newPromise(r.getPromisePrototype())
		fns := promiseResolvingFunctions{promise: p}
		fns.resolve(x)
		return p.val
	}
	pcap := r.newPromiseCapability(c)
	pcap.resolve(x)
	return pcap.promise
}

func (r *Runtime) promiseProto_finally(call FunctionCall) Value {
	promise := r.toObject(call.This)
	c := r.speciesConstructorObj(promise, r.getPromise())
	onFinally := call.Argument(0)
	var thenFinally, catchFinally Value
	if onFinallyFn, ok := assertCallable(onFinally); !ok {
		thenFinally, catchFinally = onFinally, onFinally
	} else {
		thenFinally = r.newNativeFunc(func(call FunctionCall) Value {
			value := call.Argument(0)
			result := onFinallyFn(FunctionCall{})
			promise := r.promiseResolve(c, result)
			valueThunk := r.newNativeFunc(func(call FunctionCall) Value {
				return value
			}, "", 0)
			return r.invoke(promise, "then", valueThunk)
		}, "", 1)

		catchFinally = r.newNativeFunc(func(call FunctionCall) Value {
			reason := call.Argument(0)
			result := onFinallyFn(FunctionCall{})
			promise := r.promiseResolve(c, result)
			thrower := r.newNativeFunc(func(call FunctionCall) Value {
				panic(reason)
			}, "", 0)
			return r.invoke(promise, "then", thrower)
		}, "", 1)
	}
	return r.invoke(promise, "then", thenFinally, catchFinally)
}

// resolveFunc is the capability's [[Resolve]] as a function object.
func (pcap *promiseCapability) resolveFunc() *Object {
	if pcap.fns.promise != nil {
		resolve, _ := pcap.fns.objects()
		return resolve
	}
	return pcap.fns.resolveObj
}

// rejectFunc is the capability's [[Reject]] as a function object.
func (pcap *promiseCapability) rejectFunc() *Object {
	if pcap.fns.promise != nil {
		_, reject := pcap.fns.objects()
		return reject
	}
	return pcap.fns.rejectObj
}

func (pcap *promiseCapability) resolve(result Value) {
	if pcap.fns.promise != nil {
		pcap.fns.resolve(result)
		return
	}
	pcap.promise.runtime.toCallable(pcap.fns.resolveObj)(FunctionCall{Arguments: []Value{result}})
}

func (pcap *promiseCapability) reject(reason Value) {
	if pcap.fns.promise != nil {
		pcap.fns.reject(reason)
		return
	}
	pcap.promise.runtime.toCallable(pcap.fns.rejectObj)(FunctionCall{Arguments: []Value{reason}})
}

func (pcap *promiseCapability) try(f func()) bool {
	ex := pcap.promise.runtime.vm.try(f)
	if ex != nil {
		pcap.reject(ex.val)
		return false
	}
	return true
}

func (r *Runtime) promise_all(call FunctionCall) Value {
	c := r.toObject(call.This)
	pcap := r.newPromiseCapability(c)

	pcap.try(func() {
		promiseResolve := r.toCallable(c.self.getStr("resolve", nil))
		iter := r.getIterator(call.Argument(0), nil)
		var values []Value
		remainingElementsCount := 1
		iter.iterate(func(nextValue Value) {
			index := len(values)
			values = append(values, _undefined)
			nextPromise := promiseResolve(FunctionCall{This: c, Arguments: []Value{nextValue}})
			alreadyCalled := false
			onFulfilled := r.newNativeFunc(func(call FunctionCall) Value {
				if alreadyCalled {
					return _undefined
				}
				alreadyCalled = true
				values[index] = call.Argument(0)
				remainingElementsCount--
				if remainingElementsCount == 0 {
					pcap.resolve(r.newArrayValues(values))
				}
				return _undefined
			}, "", 1)
			remainingElementsCount++
			r.invoke(nextPromise, "then", onFulfilled, pcap.rejectFunc())
		})
		remainingElementsCount--
		if remainingElementsCount == 0 {
			pcap.resolve(r.newArrayValues(values))
		}
	})
	return pcap.promise
}

func (r *Runtime) promise_allSettled(call FunctionCall) Value {
	c := r.toObject(call.This)
	pcap := r.newPromiseCapability(c)

	pcap.try(func() {
		promiseResolve := r.toCallable(c.self.getStr("resolve", nil))
		iter := r.getIterator(call.Argument(0), nil)
		var values []Value
		remainingElementsCount := 1
		iter.iterate(func(nextValue Value) {
			index := len(values)
			values = append(values, _undefined)
			nextPromise := promiseResolve(FunctionCall{This: c, Arguments: []Value{nextValue}})
			alreadyCalled := false
			reaction := func(status Value, valueKey unistring.String) *Object {
				return r.newNativeFunc(func(call FunctionCall) Value {
					if alreadyCalled {
						return _undefined
					}
					alreadyCalled = true
					obj := r.NewObject()
					obj.self._putProp("status", status, true, true, true)
					obj.self._putProp(valueKey, call.Argument(0), true, true, true)
					values[index] = obj
					remainingElementsCount--
					if remainingElementsCount == 0 {
						pcap.resolve(r.newArrayValues(values))
					}
					return _undefined
				}, "", 1)
			}
			onFulfilled := reaction(asciiString("fulfilled"), "value")
			onRejected := reaction(asciiString("rejected"), "reason")
			remainingElementsCount++
			r.invoke(nextPromise, "then", onFulfilled, onRejected)
		})
		remainingElementsCount--
		if remainingElementsCount == 0 {
			pcap.resolve(r.newArrayValues(values))
		}
	})
	return pcap.promise
}

func (r *Runtime) promise_any(call FunctionCall) Value {
	c := r.toObject(call.This)
	pcap := r.newPromiseCapability(c)

	pcap.try(func() {
		promiseResolve := r.toCallable(c.self.getStr("resolve", nil))
		iter := r.getIterator(call.Argument(0), nil)
		var errors []Value
		remainingElementsCount := 1
		iter.iterate(func(nextValue Value) {
			index := len(errors)
			errors = append(errors, _undefined)
			nextPromise := promiseResolve(FunctionCall{This: c, Arguments: []Value{nextValue}})
			alreadyCalled := false
			onRejected := r.newNativeFunc(func(call FunctionCall) Value {
				if alreadyCalled {
					return _undefined
				}
				alreadyCalled = true
				errors[index] = call.Argument(0)
				remainingElementsCount--
				if remainingElementsCount == 0 {
					pcap.reject(r.newAggregateErrorErrors(errors))
				}
				return _undefined
			}, "", 1)

			remainingElementsCount++
			r.invoke(nextPromise, "then", pcap.resolveFunc(), onRejected)
		})
		remainingElementsCount--
		if remainingElementsCount == 0 {
			pcap.reject(r.newAggregateErrorErrors(errors))
		}
	})
	return pcap.promise
}

func (r *Runtime) promise_race(call FunctionCall) Value {
	c := r.toObject(call.This)
	pcap := r.newPromiseCapability(c)

	pcap.try(func() {
		promiseResolve := r.toCallable(c.self.getStr("resolve", nil))
		iter := r.getIterator(call.Argument(0), nil)
		iter.iterate(func(nextValue Value) {
			nextPromise := promiseResolve(FunctionCall{This: c, Arguments: []Value{nextValue}})
			r.invoke(nextPromise, "then", pcap.resolveFunc(), pcap.rejectFunc())
		})
	})
	return pcap.promise
}

func (r *Runtime) promise_reject(call FunctionCall) Value {
	pcap := r.newPromiseCapability(r.toObject(call.This))
	pcap.reject(call.Argument(0))
	return pcap.promise
}

func (r *Runtime) promise_resolve(call FunctionCall) Value {
	return r.promiseResolve(r.toObject(call.This), call.Argument(0))
}

func (r *Runtime) createPromiseProto(val *Object) objectImpl {
	o := newBaseObjectObj(val, r.global.ObjectPrototype, classObject)
	o._putProp("constructor", r.getPromise(), true, false, true)

	o._putProp("catch", r.newNativeFunc(r.promiseProto_catch, "catch", 1), true, false, true)
	o._putProp("finally", r.newNativeFunc(r.promiseProto_finally, "finally", 1), true, false, true)
	o._putProp("then", r.newNativeFunc(r.promiseProto_then, "then", 2), true, false, true)

	o._putSym(SymToStringTag, valueProp(asciiString(classPromise), false, false, true))

	return o
}

func (r *Runtime) createPromise(val *Object) objectImpl {
	o := r.newNativeConstructOnly(val, r.builtin_newPromise, r.getPromisePrototype(), "Promise", 1)

	o._putProp("all", r.newNativeFunc(r.promise_all, "all", 1), true, false, true)
	o._putProp("allSettled", r.newNativeFunc(r.promise_allSettled, "allSettled", 1), true, false, true)
	o._putProp("any", r.newNativeFunc(r.promise_any, "any", 1), true, false, true)
	o._putProp("race", r.newNativeFunc(r.promise_race, "race", 1), true, false, true)
	o._putProp("reject", r.newNativeFunc(r.promise_reject, "reject", 1), true, false, true)
	o._putProp("resolve", r.newNativeFunc(r.promise_resolve, "resolve", 1), true, false, true)

	r.putSpeciesReturnThis(o)

	return o
}

func (r *Runtime) getPromisePrototype() *Object {
	ret := r.global.PromisePrototype
	if ret == nil {
		ret = &Object{runtime: r}
		r.global.PromisePrototype = ret
		ret.self = r.createPromiseProto(ret)
	}
	return ret
}

func (r *Runtime) getPromise() *Object {
	ret := r.global.Promise
	if ret == nil {
		ret = &Object{runtime: r}
		r.global.Promise = ret
		ret.self = r.createPromise(ret)
	}
	return ret
}

func (r *Runtime) wrapPromiseReaction(f func(Value) Value) func(interface{}) error {
	return func(x interface{}) error {
		return r.runWrapped(func() {
			f(r.ToValue(x))
		})
	}
}

// NewPromise creates and returns a Promise and resolving functions for it.
// The returned errors will be uncatchable errors, such as InterruptedError or StackOverflowError, which should be propagated upwards.
// Exceptions are handled through [PromiseRejectionTracker].
//
// WARNING: The returned values are not goroutine-safe and must not be called in parallel with VM running.
// In order to make use of this method you need an event loop such as the one in goja_nodejs (https://github.com/dop251/goja_nodejs)
// where it can be used like this:
//
//	loop := NewEventLoop()
//	loop.Start()
//	defer loop.Stop()
//	loop.RunOnLoop(func(vm *goja.Runtime) {
//	    p, resolve, _ := vm.NewPromise()
//	    vm.Set("p", p)
//	    go func() {
//	        time.Sleep(500 * time.Millisecond)   // or perform any other blocking operation
//	        loop.RunOnLoop(func(*goja.Runtime) { // resolve() must be called on the loop, cannot call it here
//	            err := resolve(result)
//	            // Handle uncatchable errors (e.g. by stopping the loop, panicking or setting a flag)
//	        })
//	    }()
//	}
func (r *Runtime) NewPromise() (promise *Promise, resolve, reject func(reason interface{}) error) {
	p := r.newPromise(r.getPromisePrototype())
	fns := &promiseResolvingFunctions{promise: p}
	return p, r.wrapPromiseReaction(fns.resolve), r.wrapPromiseReaction(fns.reject)
}

// SetPromiseRejectionTracker registers a function that will be called in two scenarios: when a promise is rejected
// without any handlers (with operation argument set to PromiseRejectionReject), and when a handler is added to a
// rejected promise for the first time (with operation argument set to PromiseRejectionHandle).
//
// Setting a tracker replaces any existing one. Setting it to nil disables the functionality.
//
// See https://tc39.es/ecma262/#sec-host-promise-rejection-tracker for more details.
func (r *Runtime) SetPromiseRejectionTracker(tracker PromiseRejectionTracker) {
	r.promiseRejectionTracker = tracker
}

// SetAsyncContextTracker registers a handler that allows to track async execution contexts. See AsyncContextTracker
// documentation for more details. Setting it to nil disables the functionality.
// This method (as Runtime in general) is not goroutine-safe.
func (r *Runtime) SetAsyncContextTracker(tracker AsyncContextTracker) {
	r.asyncContextTracker = tracker
	r.promiseJobTracker, _ = tracker.(PromiseJobTracker)
}
