package webidl

// The platform object's slot is an own property keyed by a symbol the page never gets: goja
// has no internal slots for host objects, and a slot held outside the object (a map keyed
// by it) would keep every platform object alive, since the Go value behind it refers back
// to its wrapper. So the slot is hidden where own keys are listed: the realm's
// Object.getOwnPropertySymbols, Reflect.ownKeys and Object.getOwnPropertyDescriptors (the
// only ways to list a non-enumerable symbol key; Object.assign and spread copy enumerable
// properties only) are the originals with the slot left out of their result. The slot is
// configurable, so that a Proxy's ownKeys trap may leave it out too (the spec's invariant
// requires every non-configurable own key); deleting it needs the symbol.
// https://tc39.es/ecma262/2025/#sec-object.getownpropertysymbols

import (
	"strconv"

	"github.com/dop251/goja"
)

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

// hideSlot installs the filtering versions of the three built-ins (before any page script).
func (w *Realm) hideSlot() {
	object, ok1 := w.rt.Get("Object").(*goja.Object)
	reflect, ok2 := w.rt.Get("Reflect").(*goja.Object)
	if !ok1 || !ok2 {
		return
	}
	w.filterKeys(object, "getOwnPropertySymbols")
	w.filterKeys(reflect, "ownKeys")
	descriptors, ok := goja.AssertFunction(object.Get("getOwnPropertyDescriptors"))
	if !ok {
		return
	}
	w.redefine(object, "getOwnPropertyDescriptors", 1, func(c goja.FunctionCall) goja.Value {
		v, err := descriptors(c.This, c.Arguments...)
		rethrow(err)
		if o, ok := v.(*goja.Object); ok {
			_ = o.DeleteSymbol(w.slot)
		}
		return v
	})
}

// filterKeys replaces o[name], a function returning a list of keys, by one that returns
// the list without the slot.
func (w *Realm) filterKeys(o *goja.Object, name string) {
	orig, ok := goja.AssertFunction(o.Get(name))
	if !ok {
		return
	}
	w.redefine(o, name, 1, func(c goja.FunctionCall) goja.Value {
		v, err := orig(c.This, c.Arguments...)
		rethrow(err)
		keys, ok := v.(*goja.Object)
		if !ok {
			return v
		}
		n := keys.Get("length").ToInteger() // a fresh array made by the original
		kept := make([]any, 0, n)
		found := false
		for i := range n {
			k := keys.Get(itoa(i))
			if s, isSym := k.(*goja.Symbol); isSym && s == w.slot {
				found = true
				continue
			}
			kept = append(kept, k)
		}
		if !found {
			return v
		}
		return w.rt.NewArray(kept...)
	})
}

// redefine defines a built-in method as ECMAScript does (writable, configurable, not
// enumerable), with its name and length.
func (w *Realm) redefine(o *goja.Object, name string, length int, f func(goja.FunctionCall) goja.Value) {
	_ = o.DefineDataProperty(name, w.Func(name, length, f), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// rethrow throws err's JS value into the calling script (an interrupt stays an interrupt).
func rethrow(err error) {
	if err == nil {
		return
	}
	if ex, ok := err.(*goja.Exception); ok {
		panic(ex.Value())
	}
	panic(err)
}
