package goja

// Spec: ECMA-262 draft (2026-02, as test262 3af36bec tests it): 27.1.4 %AsyncIteratorPrototype%,
// 27.1.6 Async-from-Sync Iterator Objects, 7.4 Operations on Iterator Objects (GetIterator, kind async).

type asyncFromSyncIteratorObject struct {
	baseObject
	syncIteratorRecord *iteratorRecord
}

func (r *Runtime) createAsyncIteratorProto(val *Object) objectImpl {
	o := newBaseObjectObj(val, r.global.ObjectPrototype, classObject)

	o._putSym(SymAsyncIterator, valueProp(r.newNativeFunc(r.returnThis, "[Symbol.asyncIterator]", 0), true, false, true))
	return o
}

func (r *Runtime) getAsyncIteratorPrototype() *Object {
	var o *Object
	if o = r.global.AsyncIteratorPrototype; o == nil {
		o = &Object{runtime: r}
		r.global.AsyncIteratorPrototype = o
		o.self = r.createAsyncIteratorProto(o)
	}
	return o
}

// getAsyncIterator is GetIterator(obj, async): the object's [Symbol.asyncIterator], or its
// [Symbol.iterator] wrapped by CreateAsyncFromSyncIterator.
func (r *Runtime) getAsyncIterator(obj Value) *iteratorRecord {
	method := toMethod(r.getV(obj, SymAsyncIterator))
	if method == nil {
		syncMethod := toMethod(r.getV(obj, SymIterator))
		if syncMethod == nil {
			panic(r.NewTypeError("%s is not async iterable", obj.String()))
		}
		return r.createAsyncFromSyncIterator(r.getIterator(obj, syncMethod))
	}
	iter := r.getIterator(obj, method)
	iter.async = true
	return iter
}

// createAsyncFromSyncIterator is CreateAsyncFromSyncIterator (27.1.6.1).
func (r *Runtime) createAsyncFromSyncIterator(syncIteratorRecord *iteratorRecord) *iteratorRecord {
	o := &Object{runtime: r}
	ai := &asyncFromSyncIteratorObject{
		baseObject: baseObject{
			class:      classObject,
			val:        o,
			extensible: true,
			prototype:  r.getAsyncFromSyncIteratorPrototype(),
		},
		syncIteratorRecord: syncIteratorRecord,
	}
	o.self = ai
	ai.init()
	var next func(FunctionCall) Value
	if obj, ok := ai.getStr("next", nil).(*Object); ok {
		next, _ = obj.self.assertCallable()
	}
	return &iteratorRecord{
		iterator: o,
		next:     next,
		async:    true,
	}
}

// iteratorClose is IteratorClose(iterator, completion) for a normal completion (the result of
// return() must be an object) or, with throwCompletion, for a throw completion (the errors of
// return() are ignored; the caller goes on throwing its own).
func (r *Runtime) iteratorClose(iterator *Object, throwCompletion bool) {
	if throwCompletion {
		r.vm.try(func() {
			if ret := toMethod(iterator.self.getStr("return", nil)); ret != nil {
				ret(FunctionCall{This: iterator})
			}
		})
		return
	}
	if ret := toMethod(iterator.self.getStr("return", nil)); ret != nil {
		r.toObject(ret(FunctionCall{This: iterator}))
	}
}

func (r *Runtime) toAsyncFromSyncIterator(v Value) *asyncFromSyncIteratorObject {
	if o, ok := v.(*Object); ok {
		if ai, ok := o.self.(*asyncFromSyncIteratorObject); ok {
			return ai
		}
	}
	// Not reachable from script: these objects are never exposed.
	panic(r.NewTypeError("not an Async-from-Sync Iterator"))
}

// asyncFromSyncIteratorProto_next is %AsyncFromSyncIteratorPrototype%.next (27.1.6.2.1).
func (r *Runtime) asyncFromSyncIteratorProto_next(call FunctionCall) Value {
	o := r.toAsyncFromSyncIterator(call.This)
	promiseCapability := r.newPromiseCapability(r.getPromise())
	syncIteratorRecord := o.syncIteratorRecord
	var result *Object
	if !promiseCapability.try(func() {
		if syncIteratorRecord.next == nil {
			panic(r.NewTypeError("iterator.next is not a function"))
		}
		// 5-6. IteratorNext with the value only if it is present.
		args := call.Arguments
		if len(args) > 1 {
			args = args[:1]
		}
		result = r.toObject(syncIteratorRecord.next(FunctionCall{This: syncIteratorRecord.iterator, Arguments: args}))
	}) {
		return promiseCapability.promise
	}
	return r.asyncFromSyncIteratorContinuation(result, promiseCapability, syncIteratorRecord, true)
}

// asyncFromSyncIteratorProto_return is %AsyncFromSyncIteratorPrototype%.return (27.1.6.2.2).
func (r *Runtime) asyncFromSyncIteratorProto_return(call FunctionCall) Value {
	o := r.toAsyncFromSyncIterator(call.This)
	promiseCapability := r.newPromiseCapability(r.getPromise())
	syncIteratorRecord := o.syncIteratorRecord
	syncIterator := syncIteratorRecord.iterator
	var ret func(FunctionCall) Value
	if !promiseCapability.try(func() {
		ret = toMethod(syncIterator.self.getStr("return", nil))
	}) {
		return promiseCapability.promise
	}
	if ret == nil {
		promiseCapability.resolve(r.createIterResultObject(call.Argument(0), true))
		return promiseCapability.promise
	}
	var result Value
	if !promiseCapability.try(func() {
		args := call.Arguments
		if len(args) > 1 {
			args = args[:1]
		}
		result = ret(FunctionCall{This: syncIterator, Arguments: args})
	}) {
		return promiseCapability.promise
	}
	resultObj, ok := result.(*Object)
	if !ok {
		promiseCapability.reject(r.NewTypeError("Iterator result %s is not an object", result.String()))
		return promiseCapability.promise
	}
	return r.asyncFromSyncIteratorContinuation(resultObj, promiseCapability, syncIteratorRecord, false)
}

// asyncFromSyncIteratorProto_throw is %AsyncFromSyncIteratorPrototype%.throw (27.1.6.2.3).
func (r *Runtime) asyncFromSyncIteratorProto_throw(call FunctionCall) Value {
	o := r.toAsyncFromSyncIterator(call.This)
	promiseCapability := r.newPromiseCapability(r.getPromise())
	syncIteratorRecord := o.syncIteratorRecord
	syncIterator := syncIteratorRecord.iterator
	var throw func(FunctionCall) Value
	if !promiseCapability.try(func() {
		throw = toMethod(syncIterator.self.getStr("throw", nil))
	}) {
		return promiseCapability.promise
	}
	if throw == nil {
		// 7. The delegation protocol is violated: close the iterator (a normal completion) and
		// reject with a TypeError.
		if !promiseCapability.try(func() {
			r.iteratorClose(syncIterator, false)
		}) {
			return promiseCapability.promise
		}
		promiseCapability.reject(r.NewTypeError("The iterator does not provide a 'throw' method."))
		return promiseCapability.promise
	}
	var result Value
	if !promiseCapability.try(func() {
		args := call.Arguments
		if len(args) > 1 {
			args = args[:1]
		}
		result = throw(FunctionCall{This: syncIterator, Arguments: args})
	}) {
		return promiseCapability.promise
	}
	resultObj, ok := result.(*Object)
	if !ok {
		promiseCapability.reject(r.NewTypeError("Iterator result %s is not an object", result.String()))
		return promiseCapability.promise
	}
	return r.asyncFromSyncIteratorContinuation(resultObj, promiseCapability, syncIteratorRecord, true)
}

// asyncFromSyncIteratorContinuation is AsyncFromSyncIteratorContinuation (27.1.6.4).
func (r *Runtime) asyncFromSyncIteratorContinuation(result *Object, promiseCapability *promiseCapability, syncIteratorRecord *iteratorRecord, closeOnRejection bool) Value {
	var done bool
	var value Value
	if !promiseCapability.try(func() {
		done = iteratorComplete(result)
		value = iteratorValue(result)
	}) {
		return promiseCapability.promise
	}
	var valueWrapper *Object
	ex := r.vm.try(func() {
		valueWrapper = r.promiseResolve(r.getPromise(), value)
	})
	if ex != nil {
		// 6. IteratorClose(syncIteratorRecord, valueWrapper): a throw completion, so the
		// errors of return() are ignored.
		if !done && closeOnRejection {
			r.iteratorClose(syncIteratorRecord.iterator, true)
		}
		promiseCapability.reject(ex.val)
		return promiseCapability.promise
	}
	onFulfilled := r.newNativeFunc(func(call FunctionCall) Value {
		return r.createIterResultObject(call.Argument(0), done)
	}, "", 1)
	var onRejected Value = _undefined
	if !done && closeOnRejection {
		// 13. Close the sync iterator when the value it produced is a rejected promise.
		onRejected = r.newNativeFunc(func(call FunctionCall) Value {
			reason := call.Argument(0)
			r.iteratorClose(syncIteratorRecord.iterator, true)
			panic(reason)
		}, "", 1)
	}
	r.performPromiseThen(valueWrapper.self.(*Promise), onFulfilled, onRejected, promiseCapability)
	return promiseCapability.promise
}

func (r *Runtime) createAsyncFromSyncIteratorProto(val *Object) objectImpl {
	o := newBaseObjectObj(val, r.getAsyncIteratorPrototype(), classObject)

	o._putProp("next", r.newNativeFunc(r.asyncFromSyncIteratorProto_next, "next", 0), true, false, true)
	o._putProp("return", r.newNativeFunc(r.asyncFromSyncIteratorProto_return, "return", 0), true, false, true)
	o._putProp("throw", r.newNativeFunc(r.asyncFromSyncIteratorProto_throw, "throw", 0), true, false, true)
	return o
}

func (r *Runtime) getAsyncFromSyncIteratorPrototype() *Object {
	var o *Object
	if o = r.global.AsyncFromSyncIteratorPrototype; o == nil {
		o = &Object{runtime: r}
		r.global.AsyncFromSyncIteratorPrototype = o
		o.self = r.createAsyncFromSyncIteratorProto(o)
	}
	return o
}
