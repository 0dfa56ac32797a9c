package agent

// Host code touching page values. Everything the loop reads from a value the page made
// (a callback's name for the trace, a thrown value or a rejection reason to report, an
// object console.log previews) goes through this file, which has two rules:
//
//   - Reading must not run page code: a property is read only when it is a data property
//     of an ordinary object (read from goja's own storage, see ownProperty), never
//     through a getter, a Proxy trap or a toString; what cannot be read so is shown as
//     Chrome's console shows a getter it did not run ("(...)") or not at all.
//   - What still may run page code (an array element, a Keys() on an exotic object) runs
//     inside guard: under the watchdog, with recover, so a getter that throws or loops is a
//     fallback text, never a Go panic or a hang.
//
// Spec: https://console.spec.whatwg.org/#formatter (2025-09-02) leaves the preview to the
// implementation; Chrome's previews do not invoke accessors.

import (
	"math/big"

	"github.com/dop251/goja"
)

// intrinsics are the realm's own objects the host relies on, captured when the realm is
// made, before any page script runs: the page may replace or change the globals.
type intrinsics struct {
	errorPrototype *goja.Object
}

func (a *Agent) captureIntrinsics() {
	if e, ok := a.rt.Get("Error").(*goja.Object); ok {
		a.intrinsics.errorPrototype, _ = e.Get("prototype").(*goja.Object)
	}
}

// isProxy reports whether v is a Proxy (live or revoked): the loop never inspects one, since
// every operation on it may run the page's traps.
func isProxy(v goja.Value) bool {
	_, ok := assertProxy(v)
	return ok
}

// primitiveString is v's text when v is a primitive string (no conversion, no page code).
func primitiveString(v goja.Value) (string, bool) {
	if v == nil {
		return "", false
	}
	switch v.(type) {
	case *goja.Object, *goja.Symbol:
		return "", false
	}
	s, ok := v.Export().(string) // a primitive's export runs no code
	return s, ok
}

// propKind is what ownProperty found.
type propKind int

const (
	propAbsent   propKind = iota // no own property by that name
	propData                     // an own data property: its value is returned
	propAccessor                 // an own getter/setter: not run
	propUnknown                  // cannot tell without running code (exotic storage)
)

// ownProperty looks up an own string-keyed property of o in goja's storage, running no code
// (goja's PeekOwnProperty: no getter, no Proxy trap). A Proxy and the host's dynamic objects
// (whose storage is Go code) are propUnknown.
func ownProperty(o *goja.Object, key string) (goja.Value, propKind) {
	desc, ok := peekOwnProperty(o, key)
	switch {
	case !ok:
		return nil, propUnknown
	case desc == nil:
		return nil, propAbsent
	case desc.IsAccessor():
		return nil, propAccessor
	}
	return desc.Value, propData
}

// dataProperty reads the property key of o, as o[key] would, without running page code:
// along the prototype chain, own data properties only. kind is propAccessor when a getter
// was found first (the value was not read), propUnknown when the chain could not be read.
func (a *Agent) dataProperty(o *goja.Object, key string) (v goja.Value, kind propKind) {
	for depth := 0; o != nil && depth < 64; depth++ {
		if isProxy(o) {
			return nil, propUnknown
		}
		v, kind = ownProperty(o, key)
		switch kind {
		case propData, propAccessor:
			return v, kind
		case propUnknown:
			// Only the host's own dynamic objects get here (a Proxy was caught above): reading
			// them runs the host's Go code, no page code.
			if !a.guard(func() { v = o.Get(key) }) {
				return nil, propUnknown
			}
			if v == nil {
				return nil, propAbsent
			}
			return v, propData
		}
		o = o.Prototype()
	}
	return nil, propAbsent
}

// stringProperty is dataProperty when the value is a primitive string.
func (a *Agent) stringProperty(o *goja.Object, key string) (string, bool) {
	v, kind := a.dataProperty(o, key)
	if kind != propData {
		return "", false
	}
	return primitiveString(v)
}

// guard runs fn, which may run page code (a getter the loop could not avoid), inside the
// watchdog's reach and with recover: it reports false when fn threw, panicked or was
// stopped. With JS on the stack the outer call's watchdog already runs; an interrupt then
// goes on unwinding (the outer call reports it); with none, guard is a call of its own and
// leaves the realm as a normal return would.
func (a *Agent) guard(fn func()) (ok bool) {
	if a.depth > 0 {
		defer func() {
			if r := recover(); r != nil {
				if isUncatchablePanic(r) {
					panic(r)
				}
				ok = false
			}
		}()
		fn()
		return true
	}
	a.depth++
	a.wd.startCall()
	defer func() {
		a.wd.endCall()
		a.depth--
		if r := recover(); r != nil {
			// An interrupt, a stack overflow or a Go panic: goja's Try unwound the VM to where
			// fn was called before raising it again.
			ok = false
			a.clearInterrupt()
		}
	}()
	return a.try(fn) == nil
}

// isUncatchablePanic reports whether a recovered panic is goja's interrupt or stack overflow.
func isUncatchablePanic(r any) bool {
	switch r.(type) {
	case *goja.InterruptedError, *goja.StackOverflowError:
		return true
	}
	if err, ok := r.(error); ok {
		return isUncatchable(err)
	}
	return false
}

// isBigInt reports whether v is a primitive BigInt.
func isBigInt(v goja.Value) bool {
	if _, isObj := v.(*goja.Object); isObj {
		return false
	}
	_, ok := v.Export().(*big.Int) // a primitive's export runs no code
	return ok
}

// findError is errors.As for the errors a call into JS returns, without running page code:
// goja's Exception.Unwrap walks the thrown value's prototype chain and reads its "value"
// (a Proxy's trap, a getter), so the chain is not followed through an Exception.
func findError[T error](err error) (T, bool) {
	for err != nil {
		if t, ok := err.(T); ok {
			return t, true
		}
		if _, ok := err.(*goja.Exception); ok {
			break
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			break
		}
		err = u.Unwrap()
	}
	var zero T
	return zero, false
}
