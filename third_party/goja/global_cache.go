package goja

import (
	"sync/atomic"

	"github.com/dop251/goja/unistring"
)

// globalPropCache is the inline cache of an instruction that reads or resolves a name in the
// global object (loadDynamic, resolveVar1): the global object's own data property the name
// resolved to the last time, so that the next execution needs no lookup in the global
// object's property map.
//
// A cached property stays the binding while it is the same *valueProperty in the same global
// object's map: goja changes a property's value, attributes and kind in place, and a
// property that leaves the map (deleted, or replaced by _put) is marked detached. Only
// ordinary global objects are cached (their own property lookup is not observable), and only
// data properties (an accessor's getter must run on every read).
//
// A Program can run in several runtimes at once, so the cache is one atomically replaced
// pointer to an immutable entry, which a runtime uses only if the entry is its own.
type globalPropCache struct {
	entry atomic.Pointer[globalPropCacheEntry]
}

type globalPropCacheEntry struct {
	global *Object
	prop   *valueProperty
	ref    ref // a declared global's reference, for resolveVar1
}

// lookup returns the data property name resolves to in r's global object, or nil if there is
// none, it is not a data property or the global object is not ordinary.
func (c *globalPropCache) lookup(r *Runtime, name unistring.String) *globalPropCacheEntry {
	if e := c.entry.Load(); e != nil && e.global == r.global.globalObject && !e.prop.detached && !e.prop.accessor {
		return e
	}
	g := r.global.globalObject
	switch g.self.(type) {
	case *templatedObject, *baseObject:
	default:
		return nil
	}
	prop, ok := g.self.getOwnPropStr(name).(*valueProperty)
	if !ok || prop.accessor {
		return nil
	}
	e := &globalPropCacheEntry{global: g, prop: prop}
	if !prop.configurable {
		e.ref = r.globalVarRef(name, false)
	}
	c.entry.Store(e)
	return e
}

// detachProp marks v, a value leaving an object's property map, as no longer a binding.
func detachProp(v Value) {
	if prop, ok := v.(*valueProperty); ok {
		prop.detached = true
	}
}
