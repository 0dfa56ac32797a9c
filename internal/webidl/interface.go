package webidl

import (
	"reflect"

	"github.com/dop251/goja"
)

// Interface is a WebIDL interface: its interface object and interface prototype object.
type Interface struct {
	w     *Realm
	Name  string
	Ctor  *goja.Object // the interface object
	Proto *goja.Object // the interface prototype object

	// HTMLConstructor marks an [HTMLConstructor] interface (HTMLElement and the HTML element
	// interfaces): called without `new` it says so instead of "Illegal constructor".
	HTMLConstructor bool
}

// DefineInterface creates an interface inheriting from parent (nil: none). construct nil
// makes it throw "Illegal constructor". The interface object is a JS function so that it
// can tell `new X()` from `X()`; its native part creates the instance from new.target's
// prototype, which makes subclassing (class Y extends EventTarget) work.
// https://webidl.spec.whatwg.org/#interface-object
func (w *Realm) DefineInterface(name string, parent *Interface, length int, construct Constructor) *Interface {
	i := &Interface{w: w, Name: name}
	ctor, err := w.ctorFactory(goja.Undefined(), w.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return i.construct(call, construct)
	}))
	if err != nil {
		panic(err)
	}
	i.Ctor = ctor.(*goja.Object)
	_ = i.Ctor.DefineDataProperty("name", w.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = i.Ctor.DefineDataProperty("length", w.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	if parent != nil {
		i.Proto = w.rt.CreateObject(parent.Proto)
		_ = i.Ctor.SetPrototype(parent.Ctor)
	} else {
		i.Proto = w.rt.NewObject()
	}
	_ = i.Ctor.DefineDataProperty("prototype", i.Proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	_ = i.Proto.DefineDataProperty("constructor", i.Ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = i.Proto.DefineDataPropertySymbol(goja.SymToStringTag, w.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	if _, dup := w.byName[name]; !dup {
		w.order = append(w.order, i)
	}
	w.byName[name] = i
	return i
}

// construct is the interface object's [[Call]]/[[Construct]]: call.Argument(0) is
// new.target (undefined for a plain call), call.Argument(1) the arguments object.
// https://webidl.spec.whatwg.org/#js-interface-object-behavior (Chrome's messages)
func (i *Interface) construct(call goja.FunctionCall, construct Constructor) goja.Value {
	w := i.w
	nt, _ := call.Argument(0).(*goja.Object)
	if construct == nil {
		if nt == nil && !i.HTMLConstructor {
			panic(w.TypeError("Illegal constructor"))
		}
		if nt != nil {
			panic(w.TypeError("Failed to construct '" + i.Name + "': Illegal constructor"))
		}
	}
	if nt == nil {
		panic(w.TypeError("Failed to construct '" + i.Name + "': Please use the 'new' operator, this DOM object constructor cannot be called as a function."))
	}
	proto, ok := nt.Get("prototype").(*goja.Object)
	if !ok {
		proto = i.Proto
	}
	return construct(goja.ConstructorCall{This: w.rt.CreateObject(proto), Arguments: argumentsOf(call.Argument(1)), NewTarget: nt})
}

// Operation defines a regular operation on the interface prototype.
func (i *Interface) Operation(name string, length int, f NativeFunc) {
	i.w.DefineOperation(i.Proto, name, length, f)
}

// StaticOperation defines a static operation on the interface object.
func (i *Interface) StaticOperation(name string, length int, f NativeFunc) {
	i.w.DefineOperation(i.Ctor, name, length, f)
}

// Attribute defines an attribute (read-only when set is nil) on the interface prototype.
func (i *Interface) Attribute(name string, get, set NativeFunc) {
	i.w.DefineAccessor(i.Proto, name, get, set)
}

// Constant defines a constant on both the interface object and its prototype.
// https://webidl.spec.whatwg.org/#es-constants
func (i *Interface) Constant(name string, v int) {
	val := i.w.rt.ToValue(v)
	_ = i.Ctor.DefineDataProperty(name, val, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = i.Proto.DefineDataProperty(name, val, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

// Constants defines the names as constants numbered first, first+1, ...
func (i *Interface) Constants(first int, names ...string) {
	for k, name := range names {
		i.Constant(name, first+k)
	}
}

// Iterable makes the prototype's @@iterator %Array.prototype.values% (an indexed
// collection), and with forEach also entries, keys, values and forEach.
// https://webidl.spec.whatwg.org/#es-iterators
func (i *Interface) Iterable(withForEach bool) {
	arrayProto := i.w.rt.Get("Array").(*goja.Object).Get("prototype").(*goja.Object)
	_ = i.Proto.DefineDataPropertySymbol(goja.SymIterator, arrayProto.Get("values"), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	if withForEach {
		for _, m := range []string{"entries", "keys", "values", "forEach"} {
			_ = i.Proto.DefineDataProperty(m, arrayProto.Get(m), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		}
	}
}

// Members defines the members of an interface whose `this` is a T: every native member
// first converts `this` with This (which throws "Illegal invocation").
type Members[T any] struct {
	I    *Interface
	This func(goja.FunctionCall) T
}

// On returns the member definer of i for this.
func On[T any](i *Interface, this func(goja.FunctionCall) T) Members[T] {
	return Members[T]{I: i, This: this}
}

// Getter defines a read-only attribute.
func (m Members[T]) Getter(name string, get func(T) goja.Value) {
	this := m.This
	m.I.Attribute(name, func(call goja.FunctionCall) goja.Value { return get(this(call)) }, nil)
}

// Accessor defines a read-write attribute; set receives the assigned value.
func (m Members[T]) Accessor(name string, get func(T) goja.Value, set func(T, goja.Value)) {
	this := m.This
	m.I.Attribute(name, func(call goja.FunctionCall) goja.Value { return get(this(call)) },
		func(call goja.FunctionCall) goja.Value {
			set(this(call), call.Argument(0))
			return goja.Undefined()
		})
}

// Method defines an operation whose length arguments are required: fewer throw Chrome's
// "N argument(s) required" TypeError (after the `this` check, as Chrome does).
func (m Members[T]) Method(name string, length int, f func(T, goja.FunctionCall) goja.Value) {
	this, w, iface := m.This, m.I.w, m.I.Name
	m.I.Operation(name, length, func(call goja.FunctionCall) goja.Value {
		v := this(call)
		w.RequireArgs(call, length, name, iface)
		return f(v, call)
	})
}

// LenientMethod defines an operation that does not check its argument count (a missing
// argument is undefined).
func (m Members[T]) LenientMethod(name string, length int, f func(T, goja.FunctionCall) goja.Value) {
	this := m.This
	m.I.Operation(name, length, func(call goja.FunctionCall) goja.Value { return f(this(call), call) })
}

// DynamicThis returns `this` as the Go value of a goja dynamic object (a collection with
// indexed properties) of type T, or throws "Illegal invocation".
func DynamicThis[T any](w *Realm, call goja.FunctionCall) T {
	if o, ok := call.This.(*goja.Object); ok {
		if o.ExportType() == reflect.TypeFor[T]() {
			if v, ok := o.Export().(T); ok {
				return v
			}
		}
	}
	panic(w.IllegalInvocation())
}
