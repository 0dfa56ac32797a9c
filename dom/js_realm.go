package dom

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// Options selects browser behaviour modes that concern the DOM.
type Options struct {
	// MutationEvents fires the legacy DOMNodeInserted & co. synchronously (browsers of 2018).
	MutationEvents bool
}

// realm holds the JS side of one window: the runtime, the interface objects and the
// per-agent state of mutation observers.
type realm struct {
	host Host
	rt   *goja.Runtime
	doc  *Document
	win  *Window
	opts Options

	slot    *goja.Symbol // hidden own property of every platform object, holding its Go object
	classes map[string]*class

	ctorFactory     goja.Callable
	compileHandler  goja.Callable
	isTrustedGetter *goja.Object
	location        *goja.Object
	cssProps        map[string]bool
	cssPropNames    []string
	arrayValues     goja.Value // %Array.prototype.values%
	elementClasses  map[string]*class

	currentEvent   *Event // window.event
	reportingError bool

	// Mutation observers (DOM "surrounding agent" state).
	moMicrotaskQueued bool
	pendingObservers  []*MutationObserver
	observedNodes     int // registrations alive; 0 lets mutations skip the observer walk
	observerSeq       uint64
}

// slotRef is the Go object stored in a platform object's hidden slot.
type slotRef struct{ v any }

func (*slotRef) Get(string) goja.Value       { return nil }
func (*slotRef) Set(string, goja.Value) bool { return false }
func (*slotRef) Has(string) bool             { return false }
func (*slotRef) Delete(string) bool          { return false }
func (*slotRef) Keys() []string              { return nil }

// class is a WebIDL interface: its interface object and interface prototype object.
type class struct {
	r     *realm
	name  string
	ctor  *goja.Object
	proto *goja.Object
}

type nativeFn = func(goja.FunctionCall) goja.Value

// newFunc creates a native function with the given name and length.
func (r *realm) newFunc(name string, length int, f nativeFn) *goja.Object {
	o := r.rt.ToValue(f).(*goja.Object)
	_ = o.DefineDataProperty("name", r.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = o.DefineDataProperty("length", r.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	return o
}

// newClass creates an interface. construct nil makes it throw "Illegal constructor".
// The interface object is a JS function so that it can tell `new X()` (new.target set)
// from `X()`; its native part creates the instance from new.target's prototype, which
// makes subclassing (class Y extends EventTarget) work.
// https://webidl.spec.whatwg.org/#interface-object
func (r *realm) newClass(name string, parent *class, length int, construct func(call goja.ConstructorCall) *goja.Object) *class {
	c := &class{r: r, name: name}
	native := func(call goja.FunctionCall) goja.Value {
		nt, _ := call.Argument(0).(*goja.Object)
		if construct == nil {
			if nt == nil && !(strings.HasPrefix(name, "HTML") && strings.HasSuffix(name, "Element")) {
				panic(r.typeError("Illegal constructor"))
			}
			if nt != nil {
				panic(r.typeError("Failed to construct '" + name + "': Illegal constructor"))
			}
		}
		if nt == nil {
			panic(r.typeError("Failed to construct '" + name + "': Please use the 'new' operator, this DOM object constructor cannot be called as a function."))
		}
		var args []goja.Value
		if a, ok := call.Argument(1).(*goja.Object); ok {
			n := int(a.Get("length").ToInteger())
			args = make([]goja.Value, n)
			for i := range args {
				args[i] = a.Get(strconv.Itoa(i))
			}
		}
		proto, ok := nt.Get("prototype").(*goja.Object)
		if !ok {
			proto = c.proto
		}
		return construct(goja.ConstructorCall{This: r.rt.CreateObject(proto), Arguments: args, NewTarget: nt})
	}
	ctor, err := r.ctorFactory(goja.Undefined(), r.rt.ToValue(native))
	if err != nil {
		panic(err)
	}
	c.ctor = ctor.(*goja.Object)
	_ = c.ctor.DefineDataProperty("name", r.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = c.ctor.DefineDataProperty("length", r.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	if parent != nil {
		c.proto = r.rt.CreateObject(parent.proto)
		_ = c.ctor.SetPrototype(parent.ctor)
	} else {
		c.proto = r.rt.NewObject()
	}
	_ = c.ctor.DefineDataProperty("prototype", c.proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	_ = c.proto.DefineDataProperty("constructor", c.ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = c.proto.DefineDataPropertySymbol(goja.SymToStringTag, r.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	r.classes[name] = c
	return c
}

// ctorFactorySource makes an interface object around a native constructor.
const ctorFactorySource = `(function (construct) { return function () { return construct(new.target, arguments); }; })`

// method defines an operation on the interface prototype.
func (c *class) method(name string, length int, f nativeFn) {
	_ = c.proto.DefineDataProperty(name, c.r.newFunc(name, length, f), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// staticMethod defines a static operation on the interface object.
func (c *class) staticMethod(name string, length int, f nativeFn) {
	_ = c.ctor.DefineDataProperty(name, c.r.newFunc(name, length, f), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// attr defines an attribute (read-only when set is nil) on the interface prototype.
func (c *class) attr(name string, get, set nativeFn) {
	defineAccessor(c.r, c.proto, name, get, set)
}

func defineAccessor(r *realm, o *goja.Object, name string, get, set nativeFn) {
	var g, s goja.Value
	g = r.newFunc("get "+name, 0, get)
	if set != nil {
		s = r.newFunc("set "+name, 1, set)
	}
	_ = o.DefineAccessorProperty(name, g, s, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// constant defines a constant on both the interface object and its prototype.
func (c *class) constant(name string, v int) {
	val := c.r.rt.ToValue(v)
	_ = c.ctor.DefineDataProperty(name, val, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = c.proto.DefineDataProperty(name, val, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

// newPlatformObject creates a JS object with proto whose hidden slot holds v.
func (r *realm) newPlatformObject(proto *goja.Object, v any) *goja.Object {
	o := r.rt.CreateObject(proto)
	r.setSlot(o, v)
	return o
}

func (r *realm) setSlot(o *goja.Object, v any) {
	_ = o.DefineDataPropertySymbol(r.slot, r.rt.NewDynamicObject(&slotRef{v}), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
}

// unwrap returns the Go object behind a platform object, or nil.
func (r *realm) unwrap(v goja.Value) any {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil
	}
	s, ok := o.GetSymbol(r.slot).(*goja.Object)
	if !ok {
		return nil
	}
	ref, ok := s.Export().(*slotRef)
	if !ok {
		return nil
	}
	return ref.v
}

// Errors.

func (r *realm) typeError(msg string) *goja.Object { return r.rt.NewTypeError("%s", msg) }

func (r *realm) illegalInvocation() *goja.Object { return r.typeError("Illegal invocation") }

// throwDOM throws err as a JS exception: a DOMException for *DOMException, else a TypeError.
// context is the "Failed to execute 'x' on 'Y': " prefix Chrome puts in messages.
func (r *realm) throwDOM(context string, err error) {
	if de, ok := err.(*DOMException); ok {
		panic(r.newDOMException(de.Name, context+de.Message))
	}
	panic(r.typeError(context + err.Error()))
}

func failed(method, iface string) string {
	return "Failed to execute '" + method + "' on '" + iface + "': "
}

// requireArgs throws Chrome's TypeError when fewer than n arguments were passed.
func (r *realm) requireArgs(call goja.FunctionCall, n int, method, iface string) {
	if len(call.Arguments) < n {
		s := "s"
		if n == 1 {
			s = ""
		}
		panic(r.typeError(fmt.Sprintf("%s%d argument%s required, but only %d present.", failed(method, iface), n, s, len(call.Arguments))))
	}
}

// Conversions (https://webidl.spec.whatwg.org/#es-type-mapping).

// toDOMString converts to DOMString.
func toDOMString(v goja.Value) string {
	if v == nil {
		return "undefined"
	}
	return v.String()
}

// toNullableString converts to DOMString? (null and undefined → invalid).
func toNullableString(v goja.Value) nullString {
	if v == nil || goja.IsNull(v) || goja.IsUndefined(v) {
		return nullString{}
	}
	return nullable(v.String())
}

// toStringNullEmpty converts with [LegacyNullToEmptyString].
func toStringNullEmpty(v goja.Value) string {
	if v == nil || goja.IsNull(v) {
		return ""
	}
	return v.String()
}

// toBool converts to boolean.
func toBool(v goja.Value) bool { return v != nil && v.ToBoolean() }

// toLong converts to long (ToInt32).
func toLong(v goja.Value) int {
	if v == nil {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int(int32(int64(math.Trunc(f))))
}

// toUnsignedLong converts to unsigned long (ToUint32).
func toUnsignedLong(v goja.Value) int {
	if v == nil {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int(uint32(int64(math.Trunc(f))))
}

// toDouble converts to double (non-finite values allowed for unrestricted double).
func toDouble(v goja.Value) float64 {
	if v == nil || goja.IsUndefined(v) {
		return 0
	}
	return v.ToFloat()
}

func isNullish(v goja.Value) bool { return v == nil || goja.IsUndefined(v) || goja.IsNull(v) }

// str returns a JS string value.
func (r *realm) str(s string) goja.Value { return r.rt.ToValue(s) }

// nullableStr returns a JS string or null.
func (r *realm) nullableStr(s nullString) goja.Value {
	if !s.valid {
		return goja.Null()
	}
	return r.rt.ToValue(s.s)
}

// dictGet reads a dictionary member (undefined when absent or when dict is not an object).
func dictGet(dict goja.Value, key string) goja.Value {
	o, ok := dict.(*goja.Object)
	if !ok {
		return goja.Undefined()
	}
	v := o.Get(key)
	if v == nil {
		return goja.Undefined()
	}
	return v
}

// checkDict throws when a dictionary argument is not an object, null or undefined.
func (r *realm) checkDict(v goja.Value, context, dictName string) {
	if isNullish(v) {
		return
	}
	if _, ok := v.(*goja.Object); !ok {
		panic(r.typeError(context + "The provided value is not of type '" + dictName + "'."))
	}
}
