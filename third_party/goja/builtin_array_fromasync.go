package goja

// Spec: ECMA-262 draft (2026-02, as test262 3af36bec tests it): 23.1.2.2 Array.fromAsync.

// arrayFromAsync holds the state of the abstract closure Array.fromAsync runs with
// AsyncFunctionStart: each Await of the spec's steps is an r.awaitValue whose reaction goes on
// with the next step.
type arrayFromAsync struct {
	r                 *Runtime
	promiseCapability *promiseCapability
	mapper            func(FunctionCall) Value // nil: no mapping
	thisArg           Value

	iteratorRecord *iteratorRecord // nil for an array-like
	arrayLike      *Object
	len            int64

	a *Object
	k int64
}

// array_fromAsync is Array.fromAsync ( asyncItems [ , mapper [ , thisArg ] ] ).
func (r *Runtime) array_fromAsync(call FunctionCall) Value {
	s := &arrayFromAsync{
		r:                 r,
		promiseCapability: r.newPromiseCapability(r.getPromise()),
		thisArg:           call.Argument(2),
	}
	c, asyncItems, mapper := call.This, call.Argument(0), call.Argument(1)
	if ex := r.vm.try(func() {
		s.start(c, asyncItems, mapper)
	}); ex != nil {
		s.promiseCapability.reject(ex.val)
	}
	return s.promiseCapability.promise
}

// start runs the closure up to its first Await.
func (s *arrayFromAsync) start(c, asyncItems, mapper Value) {
	r := s.r
	// 3.a-b
	if mapper != _undefined {
		fn, ok := assertCallable(mapper)
		if !ok {
			panic(r.NewTypeError("%s is not a function", mapper.String()))
		}
		s.mapper = fn
	}
	// 3.c-g
	if usingAsyncIterator := toMethod(r.getV(asyncItems, SymAsyncIterator)); usingAsyncIterator != nil {
		s.iteratorRecord = r.getIterator(asyncItems, usingAsyncIterator)
		s.iteratorRecord.async = true
	} else if usingSyncIterator := toMethod(r.getV(asyncItems, SymIterator)); usingSyncIterator != nil {
		s.iteratorRecord = r.createAsyncFromSyncIterator(r.getIterator(asyncItems, usingSyncIterator))
	}
	ctor := r.toConstructorOrNil(c)
	if s.iteratorRecord != nil {
		// 3.h
		if ctor != nil {
			s.a = ctor(nil, nil)
		} else {
			s.a = r.newArrayValues(nil)
		}
		s.iteratorStep()
		return
	}
	// 3.i: an array-like
	s.arrayLike = asyncItems.ToObject(r)
	s.len = toLength(s.arrayLike.self.getStr("length", nil))
	if ctor != nil {
		s.a = ctor([]Value{intToValue(s.len)}, nil)
	} else {
		s.a = r.newArrayLength(s.len)
	}
	s.arrayLikeStep()
}

func (r *Runtime) toConstructorOrNil(c Value) func(args []Value, newTarget *Object) *Object {
	if o, ok := c.(*Object); ok {
		return o.self.assertConstructor()
	}
	return nil
}

func (s *arrayFromAsync) reject(reason Value) {
	s.promiseCapability.reject(reason)
}

// step runs f and reports whether it completed; what it throws rejects the promise (the
// closure's abrupt completion).
func (s *arrayFromAsync) step(f func()) bool {
	if ex := s.r.vm.try(f); ex != nil {
		s.reject(ex.val)
		return false
	}
	return true
}

// finish sets the length and resolves the promise with the array (the closure returns A).
func (s *arrayFromAsync) finish(length int64) {
	_ = s.step(func() {
		s.a.self.setOwnStr("length", intToValue(length), true)
		s.promiseCapability.resolve(s.a)
	})
}

// iteratorStep is one turn of 3.h.iv: call next() and await its result.
func (s *arrayFromAsync) iteratorStep() {
	r := s.r
	if s.k >= maxInt-1 {
		// 3.h.iv.1: AsyncIteratorClose with a throw completion
		s.closeAndReject(r.NewTypeError("Array.fromAsync: too many values"))
		return
	}
	var nextResult Value
	if !s.step(func() {
		iter := s.iteratorRecord
		if iter.next == nil {
			panic(r.NewTypeError("iterator.next is not a function"))
		}
		nextResult = iter.next(FunctionCall{This: iter.iterator})
	}) {
		return
	}
	r.awaitValue(nextResult, s.onNextResult, s.reject)
}

func (s *arrayFromAsync) onNextResult(v Value) {
	r := s.r
	var done bool
	var nextValue Value
	if !s.step(func() {
		res, isObj := v.(*Object)
		if !isObj {
			panic(r.NewTypeError("Iterator result %s is not an object", v.String()))
		}
		done = iteratorComplete(res)
		if !done {
			nextValue = iteratorValue(res)
		}
	}) {
		return
	}
	if done {
		s.finish(s.k)
		return
	}
	if s.mapper == nil {
		s.define(nextValue)
		return
	}
	// 3.h.iv.9: IfAbruptCloseAsyncIterator after the call and after its await
	var mappedValue Value
	if ex := r.vm.try(func() {
		mappedValue = s.mapper(FunctionCall{This: s.thisArg, Arguments: []Value{nextValue, intToValue(s.k)}})
	}); ex != nil {
		s.closeAndReject(ex.val)
		return
	}
	r.awaitValue(mappedValue, s.define, s.closeAndReject)
}

func (s *arrayFromAsync) define(mappedValue Value) {
	if ex := s.r.vm.try(func() {
		createDataPropertyOrThrow(s.a, intToValue(s.k), mappedValue)
	}); ex != nil {
		s.closeAndReject(ex.val)
		return
	}
	s.k++
	s.iteratorStep()
}

// closeAndReject is AsyncIteratorClose(iteratorRecord, ThrowCompletion(reason)) followed by the
// rejection: return() is called and its result awaited, what either throws is ignored.
func (s *arrayFromAsync) closeAndReject(reason Value) {
	r := s.r
	iterator := s.iteratorRecord.iterator
	var innerResult Value
	hasReturn := false
	if ex := r.vm.try(func() {
		if ret := toMethod(iterator.self.getStr("return", nil)); ret != nil {
			hasReturn = true
			innerResult = ret(FunctionCall{This: iterator})
		}
	}); ex != nil || !hasReturn {
		s.reject(reason)
		return
	}
	rejectReason := func(Value) { s.reject(reason) }
	r.awaitValue(innerResult, rejectReason, rejectReason)
}

// arrayLikeStep is one turn of 3.i.vii: Get the value and await it.
func (s *arrayFromAsync) arrayLikeStep() {
	if s.k >= s.len {
		s.finish(s.len)
		return
	}
	var kValue Value
	if !s.step(func() {
		kValue = nilSafe(s.arrayLike.self.getIdx(valueInt(s.k), nil))
	}) {
		return
	}
	s.r.awaitValue(kValue, s.arrayLikeValue, s.reject)
}

func (s *arrayFromAsync) arrayLikeValue(kValue Value) {
	if s.mapper == nil {
		s.arrayLikeDefine(kValue)
		return
	}
	var mappedValue Value
	if !s.step(func() {
		mappedValue = s.mapper(FunctionCall{This: s.thisArg, Arguments: []Value{kValue, intToValue(s.k)}})
	}) {
		return
	}
	s.r.awaitValue(mappedValue, s.arrayLikeDefine, s.reject)
}

func (s *arrayFromAsync) arrayLikeDefine(mappedValue Value) {
	if !s.step(func() {
		createDataPropertyOrThrow(s.a, intToValue(s.k), mappedValue)
	}) {
		return
	}
	s.k++
	s.arrayLikeStep()
}
