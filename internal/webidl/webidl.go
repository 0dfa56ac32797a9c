// Package webidl is the one way loopscope's engine exposes Go objects to page scripts as
// WebIDL platform objects: interface objects and prototypes with real chains, operations
// and attributes on prototypes, `this` checked in every native member (Chrome's "Illegal
// invocation"), interfaces without a constructor that throw "Illegal constructor", and the
// argument-count errors Chrome's bindings throw.
//
// It knows nothing of the DOM or the event loop; dom, loop and idle all bind through it.
//
// Spec: WebIDL Living Standard (https://webidl.spec.whatwg.org/) as read in November 2026:
// §3.7 "Interfaces" (interface objects, interface prototype objects, constants, attributes,
// operations) and §3.8 "Platform objects implementing interfaces".
package webidl

import (
	"fmt"
	"strconv"

	"github.com/dop251/goja"
)

// NativeFunc is a native function's body.
type NativeFunc = func(goja.FunctionCall) goja.Value

// Constructor creates an instance: call.This already has new.target's prototype.
type Constructor = func(call goja.ConstructorCall) *goja.Object

// Realm is the WebIDL state of one JS realm: the interfaces defined so far. Each platform
// object's Go value is in the object's host slot (goja's internal slot for hosts, which no
// script can see, list, copy or delete).
type Realm struct {
	rt          *goja.Runtime
	ctorFactory goja.Callable
	byName      map[string]*Interface
	order       []*Interface
	reactions   ReactionsStack // nil: no member is a [CEReactions] scope
	notScopes   map[string]bool
}

// ReactionsStack is the custom element reactions stack of the realm's agent, as a
// [CEReactions] member uses it: Push an element queue before the member's body runs, Pop it
// after (also when the body throws) and invoke the reactions it gathered. While Active is
// false no reaction can be enqueued (no custom element can exist yet), and the scopes are
// skipped.
// https://html.spec.whatwg.org/multipage/custom-elements.html#cereactions
type ReactionsStack interface {
	Active() bool
	Push()
	Pop()
}

// SetReactionsStack makes every operation and attribute setter defined from now on a
// [CEReactions] scope on s, except the operations named in notScopes. Getters are not: no
// getter the platform defines is [CEReactions]. The other operations and setters the IDL
// does not mark then gather in a scope of their own the reactions they cause, which the
// spec's algorithms would have put in the backup element queue: notScopes names those
// that can cause one (an activation behaviour that sets an attribute: click()).
func (w *Realm) SetReactionsStack(s ReactionsStack, notScopes ...string) {
	w.reactions = s
	w.notScopes = make(map[string]bool, len(notScopes))
	for _, n := range notScopes {
		w.notScopes[n] = true
	}
}

// ceReactions wraps f in a [CEReactions] scope when the realm has a reactions stack.
// https://html.spec.whatwg.org/multipage/custom-elements.html#cereactions
func (w *Realm) ceReactions(name string, f NativeFunc) NativeFunc {
	s := w.reactions
	if s == nil || w.notScopes[name] {
		return f
	}
	return func(call goja.FunctionCall) goja.Value {
		if !s.Active() {
			return f(call)
		}
		// 1. "Push a new element queue onto this object's relevant agent's custom element
		// reactions stack."
		s.Push()
		// 3. "Pop the element queue from the custom element reactions stack, and invoke
		// custom element reactions in that queue." 4. An exception is rethrown (the panic
		// goes on unwinding).
		defer s.Pop()
		// 2. "Run the originally-specified steps for this construct, catching any exceptions."
		return f(call)
	}
}

// ctorFactorySource makes an interface object around a native constructor: a JS function,
// so that the native part can tell `new X()` (new.target set) from `X()`.
const ctorFactorySource = `(function (construct) { return function () { return construct(new.target, arguments); }; })`

// NewRealm prepares rt for platform objects.
func NewRealm(rt *goja.Runtime) *Realm {
	f, err := rt.RunString(ctorFactorySource)
	if err != nil {
		panic(err)
	}
	factory, _ := goja.AssertFunction(f)
	return &Realm{rt: rt, ctorFactory: factory, byName: make(map[string]*Interface, 96)}
}

// Runtime returns the realm's runtime.
func (w *Realm) Runtime() *goja.Runtime { return w.rt }

// Func creates a built-in function object with the given name and length
// (both non-writable, non-enumerable, configurable, as ECMAScript's built-ins).
func (w *Realm) Func(name string, length int, f NativeFunc) *goja.Object {
	o := w.rt.ToValue(f).(*goja.Object)
	_ = o.DefineDataProperty("name", w.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = o.DefineDataProperty("length", w.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	return o
}

// DefineOperation defines a regular operation on o: a writable, enumerable, configurable
// data property holding a built-in function.
// https://webidl.spec.whatwg.org/#define-the-regular-operations
func (w *Realm) DefineOperation(o *goja.Object, name string, length int, f NativeFunc) {
	_ = o.DefineDataProperty(name, w.Func(name, length, w.ceReactions(name, f)), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// DefineAccessor defines an attribute on o: an enumerable, configurable accessor whose
// getter is "get name" and whose setter (none when set is nil) is "set name".
// https://webidl.spec.whatwg.org/#define-the-attributes
func (w *Realm) DefineAccessor(o *goja.Object, name string, get, set NativeFunc) {
	var g, s goja.Value
	g = w.Func("get "+name, 0, get)
	if set != nil {
		s = w.Func("set "+name, 1, w.ceReactions("", set))
	}
	_ = o.DefineAccessorProperty(name, g, s, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// Interface returns the interface named name, or nil.
func (w *Realm) Interface(name string) *Interface { return w.byName[name] }

// Expose defines every interface on global (writable, configurable, not enumerable), in
// the order they were defined.
// https://webidl.spec.whatwg.org/#es-interfaces
func (w *Realm) Expose(global *goja.Object) {
	for _, i := range w.order {
		_ = global.DefineDataProperty(i.Name, i.Ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
}

// NewObject creates a platform object with proto whose host slot holds v.
func (w *Realm) NewObject(proto *goja.Object, v any) *goja.Object {
	o := w.rt.CreateObject(proto)
	w.SetSlot(o, v)
	return o
}

// SetSlot makes v the Go value behind the platform object o, an ordinary object (every
// platform object is made by CreateObject, as a constructor's `this` too).
func (w *Realm) SetSlot(o *goja.Object, v any) {
	if err := o.SetHostSlot(v); err != nil {
		panic(w.TypeError(err.Error()))
	}
}

// Unwrap returns the Go value behind a platform object, or nil. An object made with a
// platform object as its prototype (Object.create(element)) has no slot of its own: it is
// not a platform object.
func (w *Realm) Unwrap(v goja.Value) any {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil
	}
	return o.HostSlot()
}

// Errors.

// TypeError creates a TypeError object to throw (panic with it inside a native function).
func (w *Realm) TypeError(msg string) *goja.Object { return w.rt.NewTypeError("%s", msg) }

// IllegalInvocation is Chrome's error for a member called on the wrong kind of object.
func (w *Realm) IllegalInvocation() *goja.Object { return w.TypeError("Illegal invocation") }

// Failed is the "Failed to execute 'method' on 'Interface': " prefix of Chrome's messages.
func Failed(method, iface string) string {
	return "Failed to execute '" + method + "' on '" + iface + "': "
}

// RequireArgs throws Chrome's TypeError when fewer than n arguments were passed.
// https://webidl.spec.whatwg.org/#dfn-overload-resolution-algorithm (step 4)
func (w *Realm) RequireArgs(call goja.FunctionCall, n int, method, iface string) {
	if len(call.Arguments) < n {
		s := "s"
		if n == 1 {
			s = ""
		}
		panic(w.TypeError(fmt.Sprintf("%s%d argument%s required, but only %d present.", Failed(method, iface), n, s, len(call.Arguments))))
	}
}

// This returns the Go value of type T behind `this`, or throws "Illegal invocation".
func This[T any](w *Realm, call goja.FunctionCall) T {
	if v, ok := w.Unwrap(call.This).(T); ok {
		return v
	}
	panic(w.IllegalInvocation())
}

// argumentsOf reads an array-like (the constructor's `arguments`) into a slice.
func argumentsOf(v goja.Value) []goja.Value {
	a, ok := v.(*goja.Object)
	if !ok {
		return nil
	}
	n := int(a.Get("length").ToInteger())
	args := make([]goja.Value, n)
	for i := range args {
		args[i] = a.Get(strconv.Itoa(i))
	}
	return args
}
