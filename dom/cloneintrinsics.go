package dom

import (
	"github.com/dop251/goja"
)

// cloneIntrinsics are the realm's own built-ins that structured serialization reads objects
// with and deserialization builds them with, captured before any page script runs (a page
// that replaces Map or Map.prototype.set does not change what a message becomes).
type cloneIntrinsics struct {
	ctors                    map[string]*goja.Object // Date, RegExp, Map, Set, the Error types, the typed arrays, DataView, BigInt
	methods                  map[string]goja.Callable
	dateGetTime, typedArrTag goja.Callable
	mapForEach, setForEach   goja.Callable
	// DataView.prototype's buffer, byteOffset and byteLength getters.
	dvBuffer, dvOffset, dvLength goja.Callable
}

var typedArrayNames = []string{"Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
	"Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"}

// captureCloneIntrinsics reads the built-ins off the fresh global object.
func (r *realm) captureCloneIntrinsics() {
	ci := &r.clone
	ci.ctors = map[string]*goja.Object{}
	ci.methods = map[string]goja.Callable{}
	g := r.rt.GlobalObject()
	for _, n := range append([]string{"Date", "RegExp", "Map", "Set", "BigInt", "DataView", "Error", "EvalError", "RangeError",
		"ReferenceError", "SyntaxError", "TypeError", "URIError"}, typedArrayNames...) {
		if c, ok := g.Get(n).(*goja.Object); ok {
			ci.ctors[n] = c
		}
	}
	method := func(ctor, name string) goja.Callable {
		c := ci.ctors[ctor]
		if c == nil {
			return nil
		}
		p, _ := c.Get("prototype").(*goja.Object)
		if p == nil {
			return nil
		}
		f, _ := goja.AssertFunction(p.Get(name))
		return f
	}
	ci.methods["Map.set"], ci.methods["Set.add"] = method("Map", "set"), method("Set", "add")
	ci.dateGetTime = method("Date", "getTime")
	ci.mapForEach, ci.setForEach = method("Map", "forEach"), method("Set", "forEach")
	if dv := ci.ctors["DataView"]; dv != nil {
		if p, ok := dv.Get("prototype").(*goja.Object); ok {
			ci.dvBuffer = r.ownGetter(p, "buffer")
			ci.dvOffset = r.ownGetter(p, "byteOffset")
			ci.dvLength = r.ownGetter(p, "byteLength")
		}
	}
	if u8 := ci.ctors["Uint8Array"]; u8 != nil {
		// %TypedArray%.prototype[@@toStringTag]'s getter: the view's type name.
		if ta := u8.Prototype(); ta != nil {
			if p, ok := ta.Get("prototype").(*goja.Object); ok {
				ci.typedArrTag = r.ownGetter(p, goja.SymToStringTag)
			}
		}
	}
}

// ownGetter returns the getter of o's own accessor property keyed by key (a symbol or a
// string).
func (r *realm) ownGetter(o *goja.Object, key any) goja.Callable {
	gopd, _ := goja.AssertFunction(r.rt.Get("Object").(*goja.Object).Get("getOwnPropertyDescriptor"))
	if gopd == nil {
		return nil
	}
	d, err := gopd(goja.Undefined(), o, r.rt.ToValue(key))
	if err != nil {
		return nil
	}
	if do, ok := d.(*goja.Object); ok {
		f, _ := goja.AssertFunction(do.Get("get"))
		return f
	}
	return nil
}

func (r *realm) constructIntrinsic(name string, args ...goja.Value) *goja.Object {
	c := r.clone.ctors[name]
	if c == nil {
		return r.rt.NewObject()
	}
	o, err := r.rt.New(c, args...)
	if err != nil {
		panic(err)
	}
	return o
}

func (r *realm) callIntrinsic(name string, args ...goja.Value) goja.Value {
	f, _ := goja.AssertFunction(r.clone.ctors[name])
	if f == nil {
		return goja.Undefined()
	}
	v, err := f(goja.Undefined(), args...)
	if err != nil {
		panic(err)
	}
	return v
}

func (r *realm) intrinsicMethod(ctor, name string) goja.Callable {
	if f := r.clone.methods[ctor+"."+name]; f != nil {
		return f
	}
	return func(goja.Value, ...goja.Value) (goja.Value, error) { return goja.Undefined(), nil }
}

// dateValue is a Date's [[DateValue]].
func (r *realm) dateValue(o *goja.Object) float64 {
	if r.clone.dateGetTime == nil {
		return o.ToFloat()
	}
	v, err := r.clone.dateGetTime(o)
	if err != nil {
		return 0
	}
	return v.ToFloat()
}

// mapEntries lists a Map's [[MapData]], in order.
func (r *realm) mapEntries(o *goja.Object) [][2]goja.Value {
	var out [][2]goja.Value
	if r.clone.mapForEach == nil {
		return nil
	}
	cb := r.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		out = append(out, [2]goja.Value{call.Argument(1), call.Argument(0)})
		return goja.Undefined()
	})
	if _, err := r.clone.mapForEach(o, cb); err != nil {
		panic(err)
	}
	return out
}

// setValues lists a Set's [[SetData]], in order.
func (r *realm) setValues(o *goja.Object) []goja.Value {
	var out []goja.Value
	if r.clone.setForEach == nil {
		return nil
	}
	cb := r.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		out = append(out, call.Argument(0))
		return goja.Undefined()
	})
	if _, err := r.clone.setForEach(o, cb); err != nil {
		panic(err)
	}
	return out
}

// isTypedArray reports whether o has a [[TypedArrayName]].
func (r *realm) isTypedArray(o *goja.Object) bool {
	return o.InternalKind() == "TypedArray" && r.typedArrayName(o) != ""
}

// typedArrayName is o's [[TypedArrayName]] ("" when it has none).
func (r *realm) typedArrayName(o *goja.Object) string {
	if r.clone.typedArrTag == nil {
		return ""
	}
	v, err := r.clone.typedArrTag(o)
	if err != nil || goja.IsUndefined(v) {
		return ""
	}
	return v.String()
}

// dataViewBuffer is a DataView's [[ViewedArrayBuffer]] (DataView.prototype.buffer's getter).
func (r *realm) dataViewBuffer(o *goja.Object) goja.Value {
	v, err := r.clone.dvBuffer(o)
	if err != nil {
		panic(err)
	}
	return v
}

// dataViewRange is a DataView's [[ByteOffset]] and its byte length (its buffer is not
// detached: the getters would throw).
func (r *realm) dataViewRange(o *goja.Object) (off, n int64) {
	ov, err := r.clone.dvOffset(o)
	if err != nil {
		panic(err)
	}
	nv, err := r.clone.dvLength(o)
	if err != nil {
		panic(err)
	}
	return ov.ToInteger(), nv.ToInteger()
}

// isPlatformObject reports whether o is one of the DOM's objects (a node, an event, ...):
// none is serializable here.
func isPlatformObject(r *realm, o *goja.Object) bool { return r.idl.Unwrap(o) != nil }

// isPort reports whether o is a MessagePort.
func isPort(r *realm, o *goja.Object) bool {
	_, ok := r.idl.Unwrap(o).(*MessagePort)
	return ok
}

// functionText is how Chrome names a function in DataCloneError's message: its source.
func functionText(o *goja.Object) string { return o.String() }
