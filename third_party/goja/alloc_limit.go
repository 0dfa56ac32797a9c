package goja

import (
	"strconv"
)

// Sizes, in bytes, that the allocation limit counts for the storage the runtime allocates.
const (
	allocValueSize      = 16 // an element of an array (a Value interface)
	allocSparseItemSize = 24 // an element of a sparse array (its index and Value)
	allocCharSize       = 1  // a character of an ASCII string
	allocWCharSize      = 2  // a character of a UTF-16 string
)

// SetAllocationLimit sets the largest allocation, in bytes, that the runtime makes in one step
// on behalf of a script: the data of an ArrayBuffer or a typed array, the storage of an array,
// the list of arguments made by Function.prototype.apply or Reflect.apply, a string built by
// an operator or a built-in function (String.prototype.repeat, padStart, concat, Array.prototype.join,
// JSON.stringify, replace, template literals, ...). An operation that would need a larger
// allocation throws a RangeError instead, with the message V8 uses when it cannot allocate
// ("Array buffer allocation failed", "Invalid typed array length: N", "Invalid array length",
// "Invalid string length"). Without a limit such an operation runs the Go allocator out of
// memory, which is a fatal error that cannot be recovered, or holds the goroutine for as long
// as it takes to fill the memory, which Interrupt cannot stop.
//
// Sizes are what the runtime's storage takes: 16 bytes an array element, 1 byte a character
// of an ASCII string and 2 of any other string. The limit is on one allocation, not on the
// total: it bounds what a single built-in call or operator can take, and a host that wants to
// bound the heap can lower it as the heap grows.
//
// A limit of 0 (the default) or less means no limit. Unlike the rest of the Set* methods, this
// method is safe for concurrent use (like Interrupt): it may be called while the runtime runs.
func (r *Runtime) SetAllocationLimit(limit int64) {
	r.allocLimit.Store(limit)
}

// allocationAllowed reports whether n items of size bytes each fit in the allocation limit.
func (r *Runtime) allocationAllowed(n, size int64) bool {
	limit := r.allocLimit.Load()
	return limit <= 0 || size <= 0 || n <= limit/size
}

// checkArrayAllocation throws the RangeError of an array that cannot be allocated when n
// elements do not fit in the allocation limit.
func (r *Runtime) checkArrayAllocation(n int64) {
	if !r.allocationAllowed(n, allocValueSize) {
		panic(r.newError(r.getRangeError(), "Invalid array length"))
	}
}

// checkStringAllocation throws the RangeError of a string that cannot be allocated when a
// string of n characters (UTF-16 if unicode) does not fit in the allocation limit.
func (r *Runtime) checkStringAllocation(n int64, unicode bool) {
	size := int64(allocCharSize)
	if unicode {
		size = allocWCharSize
	}
	if !r.allocationAllowed(n, size) {
		panic(r.newError(r.getRangeError(), "Invalid string length"))
	}
}

// checkStringBuilder throws the RangeError of checkStringAllocation when b with s written
// to it would not fit in the allocation limit.
func (r *Runtime) checkStringBuilder(b *StringBuilder, s String) {
	if r.allocLimit.Load() > 0 {
		_, u := devirtualizeString(s)
		r.checkStringBuilderGrowth(b, s.Length(), u != nil)
	}
}

// checkStringBuilderGrowth throws the RangeError of checkStringAllocation when b with n more
// characters (some of them not ASCII if unicode) would not fit in the allocation limit.
func (r *Runtime) checkStringBuilderGrowth(b *StringBuilder, n int, unicode bool) {
	r.checkStringAllocation(int64(b.length())+int64(n), unicode || !b.ascii())
}

// checkBufferAllocation throws the RangeError of an ArrayBuffer that cannot be allocated
// when size bytes do not fit in the allocation limit.
func (r *Runtime) checkBufferAllocation(size int64) {
	if !r.allocationAllowed(size, 1) {
		panic(r.newError(r.getRangeError(), "Array buffer allocation failed"))
	}
}

// checkTypedArrayAllocation throws the RangeError of a typed array of length elements of
// elemSize bytes whose buffer does not fit in the allocation limit.
func (r *Runtime) checkTypedArrayAllocation(length, elemSize int) {
	if !r.allocationAllowed(int64(length), int64(elemSize)) {
		panic(r.newError(r.getRangeError(), "Invalid typed array length: "+strconv.Itoa(length)))
	}
}

// checkJoinAllocation checks the allocation limit for the result of joining n items with
// sep: n-1 separators and, if minItemLength is 1, one character an item at least.
func (r *Runtime) checkJoinAllocation(n int64, sep String, minItemLength int64) {
	perItem := int64(sep.Length()) + minItemLength
	if n <= 1 || perItem == 0 || r.allocLimit.Load() <= 0 {
		return
	}
	_, u := devirtualizeString(sep)
	size := int64(allocCharSize)
	if u != nil {
		size = allocWCharSize
	}
	if !r.allocationAllowed(n-1, perItem*size) {
		panic(r.newError(r.getRangeError(), "Invalid string length"))
	}
}

// appendValue is append(values, v) that checks the allocation limit first when values has to
// grow (counting the capacity it grows to).
func (r *Runtime) appendValue(values []Value, v Value) []Value {
	if l := len(values); l == cap(values) && r.allocLimit.Load() > 0 {
		r.checkArrayAllocation(int64(growCap(l+1, l, cap(values))))
	}
	return append(values, v)
}

// checkStringConcat checks the allocation limit for the concatenation of a and b.
func (r *Runtime) checkStringConcat(a, b String) {
	if limit := r.allocLimit.Load(); limit > 0 {
		if n := int64(a.Length()) + int64(b.Length()); n > limit/allocWCharSize {
			r.checkStringAllocation(n, !isASCIIString(a) || !isASCIIString(b))
		}
	}
}
