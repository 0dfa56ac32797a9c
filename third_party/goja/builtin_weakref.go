package goja

// weakRefObject is a WeakRef instance ([[WeakRefTarget]]).
//
// The target is held strongly: it is never collected while the WeakRef is reachable, so
// deref() always returns it. The specification allows this (whether and when a target is
// collected is implementation-defined, and nothing may observe a collection before the end
// of the job that created or dereferenced the WeakRef), and it needs no KeepDuringJob or
// ClearKeptObjects bookkeeping.
type weakRefObject struct {
	baseObject
	target *Object
}

func (r *Runtime) weakRefProto_deref(call FunctionCall) Value {
	thisObj := r.toObject(call.This)
	wr, ok := thisObj.self.(*weakRefObject)
	if !ok {
		panic(r.NewTypeError("Method WeakRef.prototype.deref called on incompatible receiver %s", r.objectproto_toString(FunctionCall{This: thisObj})))
	}
	if wr.target == nil {
		return _undefined
	}
	return wr.target
}

func (r *Runtime) builtin_newWeakRef(args []Value, newTarget *Object) *Object {
	if newTarget == nil {
		panic(r.needNew("WeakRef"))
	}
	// CanBeHeldWeakly(target): an object (symbols are not weak keys here, as in WeakMap).
	t, isObj := argOrUndefined(args, 0).(*Object)
	if !isObj {
		panic(r.NewTypeError("WeakRef: invalid target"))
	}
	proto := r.getPrototypeFromCtor(newTarget, r.global.WeakRef, r.getWeakRefPrototype())
	o := &Object{runtime: r}
	wr := &weakRefObject{target: t}
	wr.class = classObject
	wr.val = o
	wr.extensible = true
	o.self = wr
	wr.prototype = proto
	wr.init()
	return o
}

func argOrUndefined(args []Value, i int) Value {
	if i < len(args) {
		return args[i]
	}
	return _undefined
}

func (r *Runtime) createWeakRefProto(val *Object) objectImpl {
	o := newBaseObjectObj(val, r.global.ObjectPrototype, classObject)

	o._putProp("constructor", r.global.WeakRef, true, false, true)
	o._putProp("deref", r.newNativeFunc(r.weakRefProto_deref, "deref", 0), true, false, true)

	o._putSym(SymToStringTag, valueProp(asciiString(classWeakRef), false, false, true))

	return o
}

func (r *Runtime) createWeakRef(val *Object) objectImpl {
	o := r.newNativeConstructOnly(val, r.builtin_newWeakRef, r.getWeakRefPrototype(), "WeakRef", 1)

	return o
}

func (r *Runtime) getWeakRefPrototype() *Object {
	ret := r.global.WeakRefPrototype
	if ret == nil {
		ret = &Object{runtime: r}
		r.global.WeakRefPrototype = ret
		ret.self = r.createWeakRefProto(ret)
	}
	return ret
}

func (r *Runtime) getWeakRef() *Object {
	ret := r.global.WeakRef
	if ret == nil {
		ret = &Object{runtime: r}
		r.global.WeakRef = ret
		ret.self = r.createWeakRef(ret)
	}
	return ret
}
