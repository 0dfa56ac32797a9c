package goja

import (
	"github.com/dop251/goja/unistring"
)

// Spec: ECMA-262 draft (2026-02, as test262 3af36bec tests it): 27.4 AsyncGeneratorFunction
// Objects, 27.6 AsyncGenerator Objects, 15.5.5 YieldExpression evaluation (yield* in an async
// generator).
//
// The body of an async generator runs on the same suspendable frames as generators and async
// functions (see generator in func.go). Its `await` and the await of `yield v` and `return v` are
// compiled; the request queue, the resumptions and yield* are driven from here.

type asyncGeneratorState uint8

const (
	asyncGenStateSuspendedStart asyncGeneratorState = iota
	asyncGenStateSuspendedYield
	asyncGenStateExecuting
	asyncGenStateDrainingQueue
	asyncGenStateCompleted
)

type completionType uint8

const (
	completionNormal completionType = iota
	completionReturn
	completionThrow
)

// asyncGeneratorRequest is an AsyncGeneratorRequest Record.
type asyncGeneratorRequest struct {
	completion completionType
	value      Value
	capability *promiseCapability
}

type asyncGeneratorObject struct {
	baseObject
	gen   generator
	state asyncGeneratorState
	queue []asyncGeneratorRequest

	// suspended at a yield whose value the function uses (resultYieldRes)
	yieldRes bool

	// the async iterator of a yield* in progress, and whether the function uses its result
	delegated   *iteratorRecord
	delegateRes bool
}

type asyncGeneratorFuncObject struct {
	baseJsFuncObject
}

type asyncGeneratorMethodFuncObject struct {
	methodFuncObject
}

func (r *Runtime) newAsyncGeneratorFunc(name unistring.String, length int, strict bool) (f *asyncGeneratorFuncObject) {
	f = &asyncGeneratorFuncObject{}
	r.initBaseJsFunction(&f.baseJsFuncObject, strict)
	f.class = classFunction
	f.prototype = r.getAsyncGeneratorFunctionPrototype()
	f.val.self = f
	f.init(name, intToValue(int64(length)))
	f._putProp("prototype", r.newBaseObject(r.getAsyncGeneratorPrototype(), classObject).val, true, false, false)
	return
}

func (r *Runtime) newAsyncGeneratorMethod(name unistring.String, length int, strict bool) (f *asyncGeneratorMethodFuncObject) {
	f = &asyncGeneratorMethodFuncObject{}
	r.initBaseJsFunction(&f.baseJsFuncObject, strict)
	f.prototype = r.getAsyncGeneratorFunctionPrototype()
	f.val.self = f
	f.init(name, intToValue(int64(length)))
	f._putProp("prototype", r.newBaseObject(r.getAsyncGeneratorPrototype(), classObject).val, true, false, false)
	return
}

// asyncGeneratorCall is EvaluateAsyncGeneratorBody: FunctionDeclarationInstantiation runs now (its
// errors are thrown to the caller), the rest of the body when the first request arrives.
func (f *baseJsFuncObject) asyncGeneratorCall(vmCall func(*vm, int), nArgs int) Value {
	o := &Object{runtime: f.val.runtime}

	genObj := &asyncGeneratorObject{
		baseObject: baseObject{
			class:      classObject,
			val:        o,
			extensible: true,
		},
	}
	o.self = genObj
	genObj.init(vmCall, nArgs)
	genObj.prototype = o.runtime.getPrototypeFromCtor(f.val, nil, o.runtime.getAsyncGeneratorPrototype())
	return o
}

func (f *baseJsFuncObject) asyncGeneratorVmCall(vmCall func(*vm, int), nArgs int) {
	vm := f.val.runtime.vm
	vm.push(f.asyncGeneratorCall(vmCall, nArgs))
	vm.pc++
}

func (f *asyncGeneratorFuncObject) vmCall(_ *vm, nArgs int) {
	f.asyncGeneratorVmCall(f.baseJsFuncObject.vmCall, nArgs)
}

func (f *asyncGeneratorFuncObject) Call(call FunctionCall) Value {
	f.prepareForVmCall(call)
	return f.asyncGeneratorCall(f.baseJsFuncObject.vmCall, len(call.Arguments))
}

func (f *asyncGeneratorFuncObject) assertCallable() (func(FunctionCall) Value, bool) {
	return f.Call, true
}

func (f *asyncGeneratorFuncObject) export(*objectExportCtx) interface{} {
	return f.Call
}

func (f *asyncGeneratorFuncObject) assertConstructor() func(args []Value, newTarget *Object) *Object {
	return nil
}

func (f *asyncGeneratorMethodFuncObject) vmCall(_ *vm, nArgs int) {
	f.asyncGeneratorVmCall(f.methodFuncObject.vmCall, nArgs)
}

func (f *asyncGeneratorMethodFuncObject) Call(call FunctionCall) Value {
	f.prepareForVmCall(call)
	return f.asyncGeneratorCall(f.methodFuncObject.vmCall, len(call.Arguments))
}

func (f *asyncGeneratorMethodFuncObject) assertCallable() (func(FunctionCall) Value, bool) {
	return f.Call, true
}

func (f *asyncGeneratorMethodFuncObject) export(*objectExportCtx) interface{} {
	return f.Call
}

// init is AsyncGeneratorStart: the function runs up to the start of its body (the yieldEmpty the
// compiler puts there).
func (g *asyncGeneratorObject) init(vmCall func(*vm, int), nArgs int) {
	g.baseObject.init()
	vm := g.val.runtime.vm
	g.gen.vm = vm

	defer vm.dropTryFrames(len(vm.tryStack))
	g.gen.enter()
	vmCall(vm, nArgs)

	_, _, ex := g.gen.step()

	vm.popTryFrame()
	if ex != nil {
		panic(ex)
	}

	g.state = asyncGenStateSuspendedStart
	vm.popCtx()
}

// nextReturn resumes the suspended generator with a return completion: the finally blocks
// around the suspension point run (they may await and yield again).
func (g *generator) nextReturn(v Value) (res Value, resType resultType, ex *Exception) {
	vm := g.vm
	defer vm.dropTryFrames(len(vm.tryStack))
	g.returning = v
	g.enterNext()
	var canContinue bool
	func() {
		defer func() {
			if x := recover(); x != nil {
				if ex1, ok := x.(*Exception); ok {
					// closing an iterator of a for-of threw and nothing caught it
					ex = ex1
					return
				}
				panic(x)
			}
		}()
		canContinue = g.enterNextFinallyFrame()
	}()
	if ex != nil {
		g.returning = nil
		vm.popTryFrame()
		vm.popCtx()
		return nil, resultNormal, ex
	}
	if !canContinue {
		g.returning = nil
		vm.popTryFrame()
		ex = vm.restoreStacks(g.iterStackLen, g.refStackLen)
		vm.dropCtx()
		vm.sp = vm.sb - 1
		vm.popCtx()
		if ex != nil {
			return nil, resultNormal, ex
		}
		return v, resultNormal, nil
	}
	res, resType, ex = g.step()
	vm.popTryFrame()
	vm.popCtx()
	return
}

// await is Await(v) for the async generator's own awaits (resumptions, yield*).
func (g *asyncGeneratorObject) await(v Value, onFulfilled, onRejected func(Value)) {
	g.val.runtime.awaitValue(v, onFulfilled, onRejected)
}

// awaitValue is Await(v) for awaits the runtime makes itself rather than compiled code:
// PromiseResolve, then one reaction. An abrupt PromiseResolve goes to onRejected at once, as
// `? Await` throws it.
func (r *Runtime) awaitValue(v Value, onFulfilled, onRejected func(Value)) {
	var promise *Object
	if ex := r.vm.try(func() {
		promise = r.promiseResolve(r.getPromise(), v)
	}); ex != nil {
		onRejected(ex.val)
		return
	}
	promise.self.(*Promise).addReactions(&promiseReaction{
		handler: &goReactionHandler{onFulfilled: onFulfilled, onRejected: onRejected},
	}, PromiseReactionInfo{Kind: PromiseReactionAwait})
}

func (g *asyncGeneratorObject) enqueue(completion completionType, value Value, capability *promiseCapability) {
	// AsyncGeneratorEnqueue
	g.queue = append(g.queue, asyncGeneratorRequest{completion: completion, value: value, capability: capability})
}

// completeStep is AsyncGeneratorCompleteStep: settles the first request.
func (g *asyncGeneratorObject) completeStep(completion completionType, value Value, done bool) {
	g.completeStepIn(completion, value, done, nil)
}

// completeStepIn is AsyncGeneratorCompleteStep with its realm argument: when it is given, the
// iterator result is made in that realm (the generator's, for a yield).
func (g *asyncGeneratorObject) completeStepIn(completion completionType, value Value, done bool, realm *global) {
	next := g.queue[0]
	g.queue[0] = asyncGeneratorRequest{}
	g.queue = g.queue[1:]
	if completion == completionThrow {
		next.capability.reject(value)
	} else if r := g.val.runtime; realm != nil && realm != r.global {
		next.capability.resolve(r.inRealm(realm, func(r *Runtime) *Object {
			return r.createIterResultObject(value, done).(*Object)
		}))
	} else {
		next.capability.resolve(r.createIterResultObject(value, done))
	}
}

// drainQueue is AsyncGeneratorDrainQueue.
func (g *asyncGeneratorObject) drainQueue() {
	for len(g.queue) > 0 {
		next := g.queue[0]
		switch next.completion {
		case completionReturn:
			g.awaitReturn()
			return
		case completionNormal:
			g.completeStep(completionNormal, _undefined, true)
		default:
			g.completeStep(next.completion, next.value, true)
		}
	}
	g.state = asyncGenStateCompleted
}

// awaitReturn is AsyncGeneratorAwaitReturn.
func (g *asyncGeneratorObject) awaitReturn() {
	r := g.val.runtime
	next := g.queue[0]
	var promise *Object
	if ex := r.vm.try(func() {
		promise = r.promiseResolve(r.getPromise(), next.value)
	}); ex != nil {
		g.completeStep(completionThrow, ex.val, true)
		g.drainQueue()
		return
	}
	promise.self.(*Promise).addReactions(&promiseReaction{
		handler: &goReactionHandler{
			onFulfilled: func(value Value) {
				g.completeStep(completionNormal, value, true)
				g.drainQueue()
			},
			onRejected: func(reason Value) {
				g.completeStep(completionThrow, reason, true)
				g.drainQueue()
			},
		},
	}, PromiseReactionInfo{Kind: PromiseReactionInternal})
}

// complete ends the body (AsyncGeneratorStart's steps after the evaluation of the body).
func (g *asyncGeneratorObject) complete(completion completionType, value Value) {
	g.delegated = nil
	g.state = asyncGenStateDrainingQueue
	g.completeStep(completion, value, true)
	g.drainQueue()
}

// run goes on from a step of the function's frame: its completion, an await or a yield.
func (g *asyncGeneratorObject) run(res Value, resType resultType, ex *Exception) {
	if ex != nil {
		g.complete(completionThrow, ex.val)
		return
	}
	switch resType {
	case resultNormal:
		g.complete(completionNormal, res)
	case resultAwait:
		// The reaction is registered with the function's suspended frame as the VM's current
		// one, as an async function's await is: an AsyncContextTracker's Grab (and a stack
		// captured there) sees the function on top, at its await.
		vm := g.gen.vm
		vm.pushCtx()
		if r := g.gen.ctx.realm; r != nil && r != vm.r.global {
			vm.switchRealm(r)
		}
		vm.restoreCtx(&g.gen.ctx.context)
		g.await(res, g.onAwaitFulfilled, g.onAwaitRejected)
		vm.popCtx()
	case resultYield, resultYieldRes:
		// AsyncGeneratorYield; the operand was awaited by the compiled code.
		g.yieldRes = resType == resultYieldRes
		g.yield(res)
	case resultYieldDelegate, resultYieldDelegateRes:
		g.delegateRes = resType == resultYieldDelegateRes
		g.delegateStart(res)
	default:
		panic(g.val.runtime.NewTypeError("Runtime bug: unexpected result type: %v", resType))
	}
}

// resumeFrame resumes the function's frame with a completion and goes on from where it stops.
func (g *asyncGeneratorObject) resumeFrame(completion completionType, v Value) {
	var res Value
	var resType resultType
	var ex *Exception
	switch completion {
	case completionNormal:
		res, resType, ex = g.gen.next(v)
	case completionThrow:
		res, resType, ex = g.gen.nextThrow(v)
	default:
		res, resType, ex = g.gen.nextReturn(v)
	}
	g.run(res, resType, ex)
}

func (g *asyncGeneratorObject) onAwaitFulfilled(v Value) {
	g.resumeFrame(completionNormal, v)
}

func (g *asyncGeneratorObject) onAwaitRejected(reason Value) {
	g.resumeFrame(completionThrow, reason)
}

// yield is AsyncGeneratorYield(value) from step 5: settles the first request and goes on with
// the next one without suspending, or suspends.
func (g *asyncGeneratorObject) yield(value Value) {
	g.completeStepIn(completionNormal, value, false, g.gen.ctx.realm) // step 9: generatorRealm
	if len(g.queue) == 0 {
		g.state = asyncGenStateSuspendedYield
		return
	}
	next := g.queue[0]
	g.resumeWith(next.completion, next.value)
}

// resume is AsyncGeneratorResume.
func (g *asyncGeneratorObject) resume(completion completionType, value Value) {
	g.state = asyncGenStateExecuting
	g.resumeWith(completion, value)
}

// resumeWith resumes the frame with a completion, through AsyncGeneratorUnwrapYieldResumption: a
// return completion's value is awaited first.
func (g *asyncGeneratorObject) resumeWith(completion completionType, value Value) {
	if g.delegated != nil {
		g.delegateResume(completion, value)
		return
	}
	switch completion {
	case completionNormal:
		var v Value
		if g.yieldRes {
			v = value
		}
		g.resumeFrame(completionNormal, v)
	case completionThrow:
		g.resumeFrame(completionThrow, value)
	default:
		g.await(value, func(v Value) {
			g.resumeFrame(completionReturn, v)
		}, g.onAwaitRejected)
	}
}

// delegateStart begins yield*: GetIterator(value, async) and the first next().
func (g *asyncGeneratorObject) delegateStart(iterable Value) {
	r := g.val.runtime
	var iter *iteratorRecord
	if ex := r.vm.try(func() {
		iter = r.getAsyncIterator(iterable)
	}); ex != nil {
		g.resumeFrame(completionThrow, ex.val)
		return
	}
	g.delegated = iter
	g.delegateReceive(completionNormal, _undefined)
}

// delegateAbort ends yield* with a throw completion (the `?`s of its loop).
func (g *asyncGeneratorObject) delegateAbort(reason Value) {
	g.delegated = nil
	g.resumeFrame(completionThrow, reason)
}

// delegateResume gives yield* the completion its AsyncGeneratorYield was resumed with
// (AsyncGeneratorUnwrapYieldResumption: a return completion's value is awaited first, a
// rejection of that await turns it into a throw completion).
func (g *asyncGeneratorObject) delegateResume(completion completionType, value Value) {
	if completion == completionReturn {
		g.await(value, func(v Value) {
			g.delegateReceive(completionReturn, v)
		}, func(reason Value) {
			g.delegateReceive(completionThrow, reason)
		})
		return
	}
	g.delegateReceive(completion, value)
}

// delegateReceive is one turn of the yield* loop (step 7) with the completion received.
func (g *asyncGeneratorObject) delegateReceive(completion completionType, received Value) {
	r := g.val.runtime
	iteratorRecord := g.delegated
	iterator := iteratorRecord.iterator
	var innerResult Value
	switch completion {
	case completionNormal:
		// 7.a
		if ex := r.vm.try(func() {
			if iteratorRecord.next == nil {
				panic(r.NewTypeError("iterator.next is not a function"))
			}
			innerResult = iteratorRecord.next(FunctionCall{This: iterator, Arguments: []Value{received}})
		}); ex != nil {
			g.delegateAbort(ex.val)
			return
		}
		g.await(innerResult, g.delegateInnerResult, g.delegateAbort)
	case completionThrow:
		// 7.b
		var throw func(FunctionCall) Value
		if ex := r.vm.try(func() {
			throw = toMethod(iterator.self.getStr("throw", nil))
			if throw != nil {
				innerResult = throw(FunctionCall{This: iterator, Arguments: []Value{received}})
			}
		}); ex != nil {
			g.delegateAbort(ex.val)
			return
		}
		if throw != nil {
			g.await(innerResult, g.delegateInnerResult, g.delegateAbort)
			return
		}
		// 7.b.iii: no throw method. AsyncIteratorClose(iteratorRecord, normal completion), then
		// a TypeError for the protocol violation.
		protocolError := func() {
			g.delegateAbort(r.NewTypeError("The iterator does not provide a 'throw' method."))
		}
		var closeResult Value
		var hasReturn bool
		if ex := r.vm.try(func() {
			if ret := toMethod(iterator.self.getStr("return", nil)); ret != nil {
				hasReturn = true
				closeResult = ret(FunctionCall{This: iterator})
			}
		}); ex != nil {
			g.delegateAbort(ex.val)
			return
		}
		if !hasReturn {
			protocolError()
			return
		}
		g.await(closeResult, func(v Value) {
			if _, ok := v.(*Object); !ok {
				g.delegateAbort(r.NewTypeError("Iterator result %s is not an object", v.String()))
				return
			}
			protocolError()
		}, g.delegateAbort)
	default:
		// 7.c
		var ret func(FunctionCall) Value
		if ex := r.vm.try(func() {
			ret = toMethod(iterator.self.getStr("return", nil))
			if ret != nil {
				innerResult = ret(FunctionCall{This: iterator, Arguments: []Value{received}})
			}
		}); ex != nil {
			g.delegateAbort(ex.val)
			return
		}
		if ret == nil {
			// 7.c.iii: the return completion goes on, its value awaited once more.
			g.delegated = nil
			g.await(received, func(v Value) {
				g.resumeFrame(completionReturn, v)
			}, g.onAwaitRejected)
			return
		}
		g.await(innerResult, g.delegateReturnResult, g.delegateAbort)
	}
}

// delegateInnerResult takes the awaited result of the inner next() or throw() (7.a.iii-vi,
// 7.b.ii.4-7).
func (g *asyncGeneratorObject) delegateInnerResult(v Value) {
	done, value, ok := g.delegateIterResult(v)
	if !ok {
		return
	}
	if done {
		// the value of the yield* expression
		g.delegated = nil
		var pushed Value
		if g.delegateRes {
			pushed = value
		}
		g.resumeFrame(completionNormal, pushed)
		return
	}
	g.yield(value)
}

// delegateReturnResult takes the awaited result of the inner return() (7.c.vi-ix).
func (g *asyncGeneratorObject) delegateReturnResult(v Value) {
	done, value, ok := g.delegateIterResult(v)
	if !ok {
		return
	}
	if done {
		g.delegated = nil
		g.resumeFrame(completionReturn, value)
		return
	}
	g.yield(value)
}

// delegateIterResult reads an inner iterator result; on an abrupt completion it ends yield*
// and reports !ok.
func (g *asyncGeneratorObject) delegateIterResult(v Value) (done bool, value Value, ok bool) {
	r := g.val.runtime
	if ex := r.vm.try(func() {
		res, isObj := v.(*Object)
		if !isObj {
			panic(r.NewTypeError("Iterator result %s is not an object", v.String()))
		}
		done = iteratorComplete(res)
		value = iteratorValue(res)
	}); ex != nil {
		g.delegateAbort(ex.val)
		return false, nil, false
	}
	return done, value, true
}

func (r *Runtime) toAsyncGenerator(v Value) *asyncGeneratorObject {
	if o, ok := v.(*Object); ok {
		if g, ok := o.self.(*asyncGeneratorObject); ok {
			return g
		}
	}
	return nil
}

// asyncGeneratorProto_next is AsyncGenerator.prototype.next (27.6.1.2).
func (r *Runtime) asyncGeneratorProto_next(call FunctionCall) Value {
	promiseCapability := r.newPromiseCapability(r.getPromise())
	g := r.toAsyncGenerator(call.This)
	if g == nil {
		promiseCapability.reject(r.NewTypeError("Method [AsyncGenerator].prototype.next called on incompatible receiver %s", r.objectproto_toString(FunctionCall{This: call.This})))
		return promiseCapability.promise
	}
	state := g.state
	if state == asyncGenStateCompleted {
		promiseCapability.resolve(r.createIterResultObject(_undefined, true))
		return promiseCapability.promise
	}
	value := call.Argument(0)
	g.enqueue(completionNormal, value, promiseCapability)
	if state == asyncGenStateSuspendedStart || state == asyncGenStateSuspendedYield {
		g.resume(completionNormal, value)
	}
	return promiseCapability.promise
}

// asyncGeneratorProto_return is AsyncGenerator.prototype.return (27.6.1.3).
func (r *Runtime) asyncGeneratorProto_return(call FunctionCall) Value {
	promiseCapability := r.newPromiseCapability(r.getPromise())
	g := r.toAsyncGenerator(call.This)
	if g == nil {
		promiseCapability.reject(r.NewTypeError("Method [AsyncGenerator].prototype.return called on incompatible receiver %s", r.objectproto_toString(FunctionCall{This: call.This})))
		return promiseCapability.promise
	}
	value := call.Argument(0)
	g.enqueue(completionReturn, value, promiseCapability)
	switch g.state {
	case asyncGenStateSuspendedStart, asyncGenStateCompleted:
		g.state = asyncGenStateDrainingQueue
		g.awaitReturn()
	case asyncGenStateSuspendedYield:
		g.resume(completionReturn, value)
	}
	return promiseCapability.promise
}

// asyncGeneratorProto_throw is AsyncGenerator.prototype.throw (27.6.1.4).
func (r *Runtime) asyncGeneratorProto_throw(call FunctionCall) Value {
	promiseCapability := r.newPromiseCapability(r.getPromise())
	g := r.toAsyncGenerator(call.This)
	if g == nil {
		promiseCapability.reject(r.NewTypeError("Method [AsyncGenerator].prototype.throw called on incompatible receiver %s", r.objectproto_toString(FunctionCall{This: call.This})))
		return promiseCapability.promise
	}
	exception := call.Argument(0)
	state := g.state
	if state == asyncGenStateSuspendedStart {
		g.state = asyncGenStateCompleted
		state = asyncGenStateCompleted
	}
	if state == asyncGenStateCompleted {
		promiseCapability.reject(exception)
		return promiseCapability.promise
	}
	g.enqueue(completionThrow, exception, promiseCapability)
	if state == asyncGenStateSuspendedYield {
		g.resume(completionThrow, exception)
	}
	return promiseCapability.promise
}

func (r *Runtime) builtin_asyncGeneratorFunction(args []Value, proto *Object) *Object {
	return r.functionCtor(args, proto, true, true)
}

func (r *Runtime) createAsyncGeneratorFunctionProto(val *Object) objectImpl {
	o := newBaseObjectObj(val, r.getFunctionPrototype(), classObject)

	o._putProp("constructor", r.getAsyncGeneratorFunction(), false, false, true)
	o._putProp("prototype", r.getAsyncGeneratorPrototype(), false, false, true)
	o._putSym(SymToStringTag, valueProp(asciiString(classAsyncGeneratorFunction), false, false, true))

	return o
}

func (r *Runtime) getAsyncGeneratorFunctionPrototype() *Object {
	var o *Object
	if o = r.global.AsyncGeneratorFunctionPrototype; o == nil {
		o = &Object{runtime: r}
		r.global.AsyncGeneratorFunctionPrototype = o
		o.self = r.createAsyncGeneratorFunctionProto(o)
	}
	return o
}

func (r *Runtime) createAsyncGeneratorFunction(val *Object) objectImpl {
	o := r.newNativeFuncConstructObj(val, r.builtin_asyncGeneratorFunction, "AsyncGeneratorFunction", r.getAsyncGeneratorFunctionPrototype(), 1)
	o.prototype = r.getFunction()
	return o
}

func (r *Runtime) getAsyncGeneratorFunction() *Object {
	var o *Object
	if o = r.global.AsyncGeneratorFunction; o == nil {
		o = &Object{runtime: r}
		r.global.AsyncGeneratorFunction = o
		o.self = r.createAsyncGeneratorFunction(o)
	}
	return o
}

func (r *Runtime) createAsyncGeneratorProto(val *Object) objectImpl {
	o := newBaseObjectObj(val, r.getAsyncIteratorPrototype(), classObject)

	o._putProp("constructor", r.getAsyncGeneratorFunctionPrototype(), false, false, true)
	o._putProp("next", r.newNativeFunc(r.asyncGeneratorProto_next, "next", 1), true, false, true)
	o._putProp("return", r.newNativeFunc(r.asyncGeneratorProto_return, "return", 1), true, false, true)
	o._putProp("throw", r.newNativeFunc(r.asyncGeneratorProto_throw, "throw", 1), true, false, true)

	o._putSym(SymToStringTag, valueProp(asciiString(classAsyncGenerator), false, false, true))

	return o
}

func (r *Runtime) getAsyncGeneratorPrototype() *Object {
	var o *Object
	if o = r.global.AsyncGeneratorPrototype; o == nil {
		o = &Object{runtime: r}
		r.global.AsyncGeneratorPrototype = o
		o.self = r.createAsyncGeneratorProto(o)
	}
	return o
}
