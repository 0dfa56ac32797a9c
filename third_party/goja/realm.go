package goja

// Spec: ECMAScript 2025, §9.3 Realms, §9.4 Execution Contexts, §10.2.1.1 PrepareForOrdinaryCall,
// §10.3.1 [[Call]] of built-in function objects, §7.3.24 GetFunctionRealm.

// A Realm is a set of intrinsic objects, a global object and a global environment (ECMAScript
// §9.3). A Runtime starts with one realm; NewRealm makes more, which share the Runtime's job
// queue, symbol registry and call stack (one agent, as the iframes of a page share an event
// loop). Every function object records the realm it was created in ([[Realm]]): a call of a
// function of another realm makes that realm the running one until the call returns or throws,
// so that the function resolves its global names and creates its objects (and the errors its
// built-ins throw) in its own realm.
//
// Like Runtime, a Realm is not goroutine-safe: use it only from the goroutine that runs its
// Runtime.
//
// How the running realm (Runtime.global) follows the calls:
//   - a call made by the vm (a script function's, a built-in's, __call's from Go) pushes a
//     context; when the callee's realm is not the running one, switchRealm records the running
//     realm in that context and the context's restore (popCtx, ret, dropCtx) brings it back;
//   - a try frame records the running realm, which handleThrow restores when an exception, an
//     interrupt or a stack overflow unwinds to it (contexts cut off there are not restored);
//   - a suspended generator or async function keeps its realm in its saved context, and resume
//     switches to it as a call does;
//   - a built-in called from Go (its assertCallable or assertConstructor function, used by Go
//     callers and by built-ins that call callbacks) enters its realm with a deferred restore,
//     but only once the runtime has a second realm (Runtime.realms): with one realm the
//     functions are returned as before;
//   - the properties of a template object (a prototype, a global object) are created in the
//     object's realm, whichever realm reads them first.
//
// FIXME(spec): not done, as no test needs them yet: a promise job runs in the realm running
// when the job queue runs, not in its handler's realm (HostEnqueuePromiseJob's realm), so
// what it makes outside the handler's call (a thenable job's resolving functions) is that
// realm's; a bound function runs its target in its target's realm but switches to its own
// realm first (unobservable).
type Realm struct {
	runtime *Runtime
	global  global
}

// newRealm makes a realm with its own Object.prototype and global object. The other intrinsics
// are created when first used, in the realm that is running then: the template objects
// (prototypes, the global object) create their properties in their own realm.
func (r *Runtime) newRealm() *Realm {
	realm := &Realm{runtime: r}
	g := &realm.global
	g.realm = realm
	prev := r.global
	r.global = g
	g.ObjectPrototype = &Object{runtime: r}
	r.newTemplatedObject(getObjectProtoTemplate(), g.ObjectPrototype)
	g.globalObject = &Object{runtime: r}
	r.newTemplatedObject(getGlobalObjectTemplate(), g.globalObject)
	if prev != nil {
		r.global = prev
	}
	return realm
}

// NewRealm makes a new realm in the runtime (ECMAScript §9.3.1 InitializeHostDefinedRealm): a
// global object and intrinsics of its own, distinct from every other realm's (its Array is not
// the first realm's Array), and an empty global environment. Code runs in it with its RunString
// or RunProgram, or when a function created in it is called.
func (r *Runtime) NewRealm() *Realm {
	r.realms++
	return r.newRealm()
}

// CurrentRealm returns the running realm: the realm of the function that is running, or, with
// no script running, the realm the Runtime was created with (or the one Realm.Do entered).
func (r *Runtime) CurrentRealm() *Realm {
	return r.global.realm
}

// Runtime returns the runtime the realm belongs to.
func (realm *Realm) Runtime() *Runtime {
	return realm.runtime
}

// GlobalObject returns the realm's global object.
func (realm *Realm) GlobalObject() *Object {
	return realm.global.globalObject
}

// Do calls f with realm as the running realm, and makes the realm that was running before the
// running one again when f returns or panics. A host uses it to create objects and errors of a
// realm (Runtime.NewObject, NewArray, NewTypeError, ToValue... use the running realm's
// intrinsics) or to call Runtime methods such as Set, Get and GlobalObject for that realm.
func (realm *Realm) Do(f func()) {
	r := realm.runtime
	prev := r.global
	r.global = &realm.global
	defer func() {
		r.global = prev
	}()
	f()
}

// RunString executes the given string in the realm's global environment.
func (realm *Realm) RunString(str string) (Value, error) {
	return realm.RunScript("", str)
}

// RunScript executes the given string in the realm's global environment, as
// Runtime.RunScript does in the running realm's.
func (realm *Realm) RunScript(name, src string) (res Value, err error) {
	realm.Do(func() {
		res, err = realm.runtime.RunScript(name, src)
	})
	return
}

// RunProgram executes a pre-compiled program in the realm's global environment.
func (realm *Realm) RunProgram(p *Program) (res Value, err error) {
	realm.Do(func() {
		res, err = realm.runtime.RunProgram(p)
	})
	return
}

// Realm returns the realm of a function object (ECMAScript §7.3.24 GetFunctionRealm): the realm
// it was created in; for a bound function, its target's; for a Proxy, its target's. It returns
// nil if o is not a function.
func (o *Object) Realm() *Realm {
	if g := getFunctionRealm(o); g != nil {
		return g.realm
	}
	return nil
}

// realmObject is implemented by the objects that record a realm: function objects and the
// template objects (prototypes and global objects whose properties are created when first
// read).
type realmObject interface {
	functionRealm() *global
}

func (f *baseFuncObject) functionRealm() *global {
	return f.realm
}

func (o *templatedObject) functionRealm() *global {
	return o.realm
}

func (f *boundFuncObject) functionRealm() *global {
	// Step 2: a bound function's realm is its target's.
	return getFunctionRealm(f.wrapped)
}

// getFunctionRealm is GetFunctionRealm (§7.3.24), nil for an object that is not a function. A
// revoked Proxy, where the specification throws a TypeError, gives nil too.
func getFunctionRealm(o *Object) *global {
	for o != nil {
		if p, ok := o.self.(*proxyObject); ok {
			o = p.target
			continue
		}
		if _, ok := o.self.assertCallable(); !ok {
			return nil
		}
		if ro, ok := o.self.(realmObject); ok {
			return ro.functionRealm()
		}
		return nil
	}
	return nil
}

// enterRealm makes g the running realm and returns the one to restore with leaveRealm, for
// the calls that push no vm context (a built-in called from Go, a template's property).
func (r *Runtime) enterRealm(g *global) (prev *global) {
	prev = r.global
	r.global = g
	return
}

func (r *Runtime) leaveRealm(prev *global) {
	r.global = prev
}

// callInRealm is [[Call]] of a built-in function object of realm g (§10.3.1 steps 4-6) when it
// is called from Go rather than by the vm: calleeContext's realm is the function's.
func (r *Runtime) callInRealm(g *global, fn func(FunctionCall) Value, call FunctionCall) Value {
	if g == r.global || g == nil {
		return fn(call)
	}
	defer r.leaveRealmThrowing(r.enterRealm(g))
	return fn(call)
}

// constructInRealm is [[Construct]] of a built-in function object of realm g (§10.3.2) when it
// is called from Go rather than by the vm.
func (r *Runtime) constructInRealm(g *global, fn func([]Value, *Object) *Object, args []Value, newTarget *Object) *Object {
	if g == r.global || g == nil {
		return fn(args, newTarget)
	}
	defer r.leaveRealmThrowing(r.enterRealm(g))
	return fn(args, newTarget)
}

// leaveRealmThrowing is leaveRealm for a built-in called from Go: an error the built-in raised
// as a Go value (typeError, rangeError...), which the vm turns into an error object where it
// is caught, is turned into one first, while the built-in's realm is running.
func (r *Runtime) leaveRealmThrowing(prev *global) {
	if x := recover(); x != nil {
		switch x.(type) {
		case typeError, rangeError, referenceError, syntaxError:
			x = r.vm.exceptionFromValue(x)
		}
		r.global = prev
		panic(x)
	}
	r.global = prev
}

func (f *nativeFuncObject) callInRealm(call FunctionCall) Value {
	return f.val.runtime.callInRealm(f.realm, f.f, call)
}

func (f *nativeFuncObject) constructInRealm(args []Value, newTarget *Object) *Object {
	return f.val.runtime.constructInRealm(f.realm, f.construct, args, newTarget)
}

func (f *templatedFuncObject) callInRealm(call FunctionCall) Value {
	return f.val.runtime.callInRealm(f.realm, f.f, call)
}

func (f *templatedFuncObject) constructInRealm(args []Value, newTarget *Object) *Object {
	return f.val.runtime.constructInRealm(f.realm, f.construct, args, newTarget)
}

// produce runs a template's property (or prototype) factory in the object's realm: the
// properties of another realm's prototype or global object are that realm's built-ins even
// when they are first read from this one.
func (o *templatedObject) produce(f templatePropFactory) Value {
	r := o.val.runtime
	if o.realm == r.global || o.realm == nil {
		return f(r)
	}
	defer r.leaveRealm(r.enterRealm(o.realm))
	return f(r)
}

func (o *templatedObject) produceProto(f func(*Runtime) *Object) *Object {
	r := o.val.runtime
	if o.realm == r.global || o.realm == nil {
		return f(r)
	}
	defer r.leaveRealm(r.enterRealm(o.realm))
	return f(r)
}

// prototypeOfRealm is GetPrototypeFromConstructor's step 4 (§10.1.14) for a constructor of
// another realm whose "prototype" is not an object: the intrinsic defProto names is taken from
// the constructor's realm. defProto is the running realm's, found by identity among the
// intrinsic prototypes; one that is not found is returned as is.
func (r *Runtime) prototypeOfRealm(newTarget, defProto *Object) *Object {
	for o := newTarget; ; {
		p, ok := o.self.(*proxyObject)
		if !ok {
			break
		}
		if p.handler == nil {
			// GetFunctionRealm step 4.a, in the running realm.
			panic(r.NewTypeError("Cannot perform 'construct' on a proxy that has been revoked"))
		}
		o = p.target
	}
	g := getFunctionRealm(newTarget)
	if g == nil || g == r.global || defProto == nil {
		return defProto
	}
	protos := [...]func(*Runtime) *Object{
		(*Runtime).getFunctionPrototype, (*Runtime).getArrayPrototype,
		(*Runtime).getErrorPrototype, (*Runtime).getPromisePrototype, (*Runtime).getMapPrototype,
		(*Runtime).getSetPrototype, (*Runtime).getWeakMapPrototype, (*Runtime).getWeakSetPrototype,
		(*Runtime).getWeakRefPrototype, (*Runtime).getRegExpPrototype, (*Runtime).getDatePrototype,
		(*Runtime).getBooleanPrototype, (*Runtime).getNumberPrototype, (*Runtime).getStringPrototype,
		(*Runtime).getArrayBufferPrototype, (*Runtime).getDataViewPrototype,
		(*Runtime).getGeneratorPrototype, (*Runtime).getAsyncGeneratorPrototype,
		(*Runtime).getGeneratorFunctionPrototype, (*Runtime).getAsyncFunctionPrototype,
		(*Runtime).getAsyncGeneratorFunctionPrototype,
	}
	if defProto == r.global.ObjectPrototype {
		return g.ObjectPrototype
	}
	for _, get := range protos {
		if get(r) == defProto {
			return r.inRealm(g, get)
		}
	}
	ctors := [...]func(*Runtime) *Object{
		(*Runtime).getTypeError, (*Runtime).getRangeError, (*Runtime).getReferenceError,
		(*Runtime).getSyntaxError, (*Runtime).getEvalError, (*Runtime).getURIError,
		(*Runtime).getAggregateError, (*Runtime).getInt8Array, (*Runtime).getUint8Array,
		(*Runtime).getUint8ClampedArray, (*Runtime).getInt16Array, (*Runtime).getUint16Array,
		(*Runtime).getInt32Array, (*Runtime).getUint32Array, (*Runtime).getFloat32Array,
		(*Runtime).getFloat64Array, (*Runtime).getBigInt64Array, (*Runtime).getBigUint64Array,
	}
	for _, get := range ctors {
		if get(r).self.getStr("prototype", nil) == defProto {
			return r.inRealm(g, func(r *Runtime) *Object {
				p, _ := get(r).self.getStr("prototype", nil).(*Object)
				return p
			})
		}
	}
	// FIXME(spec): the other intrinsics (iterator prototypes, the async function prototypes)
	// are not looked up in newTarget's realm; no constructor makes them from a newTarget.
	return defProto
}

// inRealm returns get(r) with g as the running realm.
func (r *Runtime) inRealm(g *global, get func(*Runtime) *Object) *Object {
	defer r.leaveRealm(r.enterRealm(g))
	return get(r)
}

// isAnotherRealmsArray reports whether c is the %Array% of a realm that is not the running one
// (ArraySpeciesCreate step 4.c).
func isAnotherRealmsArray(r *Runtime, c *Object) bool {
	// Only the %Array% object itself can be SameValue to it: GetFunctionRealm's steps for bound
	// functions and proxies do not matter here.
	ro, ok := c.self.(realmObject)
	if !ok {
		return false
	}
	g := ro.functionRealm()
	return g != nil && g != r.global && c == g.Array
}
