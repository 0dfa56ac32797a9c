package agent

// Bounds on a huge allocation inside one call of a built-in (issue 14). The watchdog's heap
// check lands between two instructions only, and the built-ins below allocate (or loop) in
// Go in proportion to a number the page passes, in one step: `new ArrayBuffer(2**33)` is one
// 8 GiB allocation, `new Array(2**31-1).fill(0)` two billion stores. Each gets a bound that
// ends in a clear error, the page alive, the heap within -max-heap:
//
//   - ArrayBuffer and the typed array constructors are not wrapped: a wrapper cannot be
//     invisible in goja (a native constructor cannot tell a call from new, and a Proxy of a
//     constructor breaks instanceof). Their buffer is one Go allocation of untouched memory
//     that the OS maps lazily, as V8's is (new ArrayBuffer(2**33) succeeds in node too), so
//     the cost comes when it is written: %TypedArray%.prototype.fill works in slices with a
//     stop check between them, and the watchdog's heap check (the buffer counts in the live
//     heap) stops the script. DEPARTURE: the other writers of a whole typed array in one
//     Go loop (set, copyWithin, from, map, sort) are not sliced.
//   - String.prototype.repeat, padStart, padEnd and Array.prototype.join: a result longer
//     than V8's maximum string length (or the heap budget) is V8's RangeError "Invalid
//     string length", thrown before the result is built.
//   - Array.prototype.fill on an array: done in slices of fillSlice elements with a stop
//     check between them (checkStop), so the watchdog's heap and time limits land inside
//     it; a fill that needs more than the heap budget (16 bytes an element at least) is a
//     RangeError at once. DEPARTURE: V8 runs out of memory and dies on it.
//
// The Go memory limit (debug.SetMemoryLimit) is not set from -max-heap: it is one setting
// for the process, and pages with different limits run at once (the tests, -check), so a
// page's limit would make the GC run without pause for another page that legitimately
// holds more. The watchdog's heap check lags a GC cycle instead (watchdog.go).

import (
	"fmt"
	"math"
	"reflect"

	"github.com/dop251/goja"
)

const (
	// CHROME: V8's String::kMaxLength on 64-bit platforms (2**29 - 24 UTF-16 units).
	maxStringLength = 1<<29 - 24
	// fillSlice is how many elements Array.prototype.fill sets between two stop checks.
	fillSlice = 1 << 16
	// bytesPerElement is the least an array element costs goja (one Value interface).
	bytesPerElement = 16
)

// heapBudget is how many more bytes one allocation may take: -max-heap minus the heap live
// at the last GC (no limit: MaxInt64).
func (l *Agent) heapBudget() int64 {
	if l.wd.maxHeap <= 0 {
		return math.MaxInt64
	}
	return max(0, l.wd.maxHeap-int64(min(liveHeapBytes(), math.MaxInt64)))
}

// installAllocationBounds wraps the built-ins above (before any page script runs).
func (l *Agent) installAllocationBounds() {
	l.boundStringMethods()
	l.boundArrayMethods()
	l.boundTypedArrayFill()
}

// primitiveInteger is ToIntegerOrInfinity of v when v is a number, a string, a boolean or
// undefined (no page code runs); an object, a symbol or a BigInt is left to the original.
func primitiveInteger(v goja.Value) (float64, bool) {
	switch v.(type) {
	case *goja.Object, *goja.Symbol:
		return 0, false
	}
	if v == nil || goja.IsUndefined(v) {
		return 0, true
	}
	if _, big := v.Export().(interface{ IsInt64() bool }); big {
		return 0, false
	}
	f := v.ToFloat()
	if math.IsNaN(f) {
		return 0, true
	}
	return math.Trunc(f), true
}

// boundStringMethods bounds the results of repeat, padStart and padEnd.
func (l *Agent) boundStringMethods() {
	proto, ok := l.rt.Get("String").(*goja.Object)
	if !ok {
		return
	}
	proto, ok = proto.Get("prototype").(*goja.Object)
	if !ok {
		return
	}
	l.wrapMethod(proto, "repeat", 1, func(c goja.FunctionCall) {
		s, ok1 := c.This.(goja.String)
		n, ok2 := primitiveInteger(c.Argument(0))
		if ok1 && ok2 && s.Length() > 0 && n > 0 && !math.IsInf(n, 1) {
			l.checkStringLength(float64(s.Length()) * n)
		}
	})
	pad := func(c goja.FunctionCall) {
		s, ok1 := c.This.(goja.String)
		n, ok2 := primitiveInteger(c.Argument(0))
		fill, ok3 := c.Argument(1).(goja.String)
		if goja.IsUndefined(c.Argument(1)) {
			ok3 = true
		} else if ok3 && fill.Length() == 0 {
			return // an empty filler returns the string as it is
		}
		if ok1 && ok2 && ok3 && n > float64(s.Length()) {
			l.checkStringLength(n)
		}
	}
	l.wrapMethod(proto, "padStart", 2, pad)
	l.wrapMethod(proto, "padEnd", 2, pad)
}

// checkStringLength throws V8's RangeError for a string of n UTF-16 units that is longer
// than V8 allows or than the heap budget holds (one byte per unit at least).
func (l *Agent) checkStringLength(n float64) {
	if n > maxStringLength || n > float64(l.heapBudget()) {
		panic(l.newRangeError("Invalid string length"))
	}
}

// boundArrayMethods bounds join (its result) and fill (its work, in slices).
func (l *Agent) boundArrayMethods() {
	ctor, ok := l.rt.Get("Array").(*goja.Object)
	if !ok {
		return
	}
	proto, ok := ctor.Get("prototype").(*goja.Object)
	if !ok {
		return
	}
	l.wrapMethod(proto, "join", 1, func(c goja.FunctionCall) {
		o, ok := c.This.(*goja.Object)
		if !ok || !isArrayValue(o) {
			return
		}
		sep := 1.0 // ","
		if s, ok := c.Argument(0).(goja.String); ok {
			sep = float64(s.Length())
		} else if !goja.IsUndefined(c.Argument(0)) {
			return // converted by the original (it may run page code)
		}
		n := o.Get("length").ToFloat()
		// DEPARTURE: V8 throws only when the result is too long; goja walks every index in
		// Go without a stop check, so an array longer than a string can be is refused too.
		if n > maxStringLength || (n-1)*sep > maxStringLength {
			panic(l.newRangeError("Invalid string length"))
		}
	})
	fill, ok := goja.AssertFunction(proto.Get("fill"))
	if !ok {
		return
	}
	l.defineMethod(proto, "fill", 1, func(c goja.FunctionCall) goja.Value {
		o, ok := c.This.(*goja.Object)
		if !ok || !isArrayValue(o) {
			return l.mustReturn(fill(c.This, c.Arguments...))
		}
		return l.fillInSlices(o, fill, c)
	})
}

// fillInSlices is Array.prototype.fill on an array, in slices with a stop check between
// them: the same stores in the same order (the length is a data property of an array, and
// start and end are converted once, in the spec's order, before the first store).
// https://tc39.es/ecma262/2025/#sec-array.prototype.fill
func (l *Agent) fillInSlices(o *goja.Object, fill goja.Callable, c goja.FunctionCall) goja.Value {
	start, end := relativeRange(c.Argument(1), c.Argument(2), o.Get("length").ToFloat())
	if end-start > float64(l.heapBudget()/bytesPerElement) {
		panic(l.newRangeError(fmt.Sprintf("Array.prototype.fill: %.0f elements do not fit in the heap limit (-max-heap)", end-start)))
	}
	value := c.Argument(0)
	for k := start; k < end; k += fillSlice {
		l.mustReturn(fill(o, value, l.rt.ToValue(k), l.rt.ToValue(min(k+fillSlice, end))))
		l.checkStop()
	}
	return o
}

// relativeRange converts fill's start and end as the spec does (start first; each may run
// the page's valueOf, once) and clamps them to [0, length].
func relativeRange(startArg, endArg goja.Value, length float64) (start, end float64) {
	relative := func(v goja.Value, dflt float64) float64 {
		if goja.IsUndefined(v) {
			return dflt
		}
		n := v.ToNumber().ToFloat()
		if math.IsNaN(n) {
			n = 0
		}
		n = math.Trunc(n)
		if n < 0 {
			return max(length+n, 0)
		}
		return min(n, length)
	}
	start = relative(startArg, 0)
	return start, relative(endArg, length)
}

// wrapMethod replaces a built-in method by one that runs check on the call first, then
// the original.
func (l *Agent) wrapMethod(o *goja.Object, name string, length int, check func(goja.FunctionCall)) {
	orig, ok := goja.AssertFunction(o.Get(name))
	if !ok {
		return
	}
	l.defineMethod(o, name, length, func(c goja.FunctionCall) goja.Value {
		check(c)
		return l.mustReturn(orig(c.This, c.Arguments...))
	})
}

// boundTypedArrayFill makes %TypedArray%.prototype.fill work in slices with a stop check
// between them, as Array.prototype.fill: a typed array's buffer is allocated lazily by
// the OS (new Uint8Array(2**33) costs nothing until written), so filling it is where the
// memory is taken, and the watchdog must be able to stop it. A value that is an object
// (its conversion may run page code) is left to one call of the original.
func (l *Agent) boundTypedArrayFill() {
	u8, ok := l.rt.Get("Uint8Array").(*goja.Object)
	if !ok {
		return
	}
	u8proto, ok := u8.Get("prototype").(*goja.Object)
	if !ok || u8proto.Prototype() == nil {
		return
	}
	proto := u8proto.Prototype() // %TypedArray%.prototype
	fill, ok := goja.AssertFunction(proto.Get("fill"))
	if !ok {
		return
	}
	l.defineMethod(proto, "fill", 1, func(c goja.FunctionCall) goja.Value {
		o, ok := c.This.(*goja.Object)
		_, valueIsObject := c.Argument(0).(*goja.Object)
		n, isTyped := typedArrayLength(o)
		if !ok || !isTyped || valueIsObject {
			return l.mustReturn(fill(c.This, c.Arguments...))
		}
		start, end := relativeRange(c.Argument(1), c.Argument(2), float64(n))
		for k := start; k < end; k += fillSlice {
			l.mustReturn(fill(o, c.Argument(0), l.rt.ToValue(k), l.rt.ToValue(min(k+fillSlice, end))))
			l.checkStop()
		}
		return o
	})
}

// typedArrayLength is the length of a typed array (its exported Go slice: no page code),
// ok false for anything else.
func typedArrayLength(o *goja.Object) (int, bool) {
	if o == nil || isProxy(o) {
		return 0, false
	}
	// goja exports a typed array as a Go slice of its element type; an array exports as
	// []interface{}.
	t := o.ExportType()
	if t == nil || t.Kind() != reflect.Slice || o.ClassName() == "Array" {
		return 0, false
	}
	switch t.Elem().Kind() {
	case reflect.Int8, reflect.Uint8, reflect.Int16, reflect.Uint16, reflect.Int32, reflect.Uint32,
		reflect.Float32, reflect.Float64, reflect.Int64, reflect.Uint64:
	default:
		return 0, false
	}
	return reflect.ValueOf(o.Export()).Len(), true
}
