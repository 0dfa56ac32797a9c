package agent

// Bounds on a huge allocation inside one step of the engine (issues 14 and 24). The
// watchdog's heap check lands between two instructions only, and goja allocates in Go in
// proportion to a number the page passes, in one step: `new ArrayBuffer(2**33)` is one 8 GiB
// allocation, `Array.from({length: 2**30})` one of 16 GiB. An allocation the Go runtime
// cannot satisfy is a fatal error ("fatal error: out of memory") that no recover catches:
// the app dies. So goja is given an allocation limit (Runtime.SetAllocationLimit, our patch:
// third_party/goja/PATCHES.md): any one allocation it would make for the page larger than the
// limit (the data of an ArrayBuffer or a typed array, an array's storage, the argument list of
// apply, a string built by an operator or a built-in, JSON.stringify's output, a
// replacement's result) throws V8's RangeError instead ("Array buffer allocation failed",
// "Invalid typed array length: N", "Invalid array length", "Invalid string length"), before
// the allocation, and the page goes on.
//
// The limit is the heap budget: -max-heap minus the heap live at the last GC, set when the
// realm is made and again at every tick of the watchdog (SetAllocationLimit may be called
// from its goroutine while the page runs); never less than minAllocationLimit, so that a page
// close to its heap limit still builds ordinary strings (the watchdog's heap check stops it
// if it keeps growing). Without a heap limit (-max-heap < 0) it is maxAllocation.
//
// DEPARTURE: V8 refuses by its own maxima (a string of 2**29 - 24 units, a typed array of
// 2**32 elements, an array of 2**32 - 1) or when the allocator fails; goja by the budget only,
// so a string of 2**29 characters is made here when the heap holds it, and
// `new ArrayBuffer(2**33)`, which node 20 maps lazily and makes, is refused here as it is by
// node under `ulimit -v 8000000`. Where V8 runs out of memory and dies
// (`Array.from({length: 2**30})`, `new Array(2**31 - 1).fill(0)`), the page gets the RangeError.
//
// The Go memory limit (debug.SetMemoryLimit) is not set from -max-heap: it is one setting
// for the process, and pages with different limits run at once (the tests, -check), so a
// page's limit would make the GC run without pause for another page that legitimately
// holds more. The watchdog's heap check lags a GC cycle instead (watchdog.go).

import "math"

const (
	// minAllocationLimit is the least the allocation limit is, whatever the live heap.
	minAllocationLimit = 16 << 20
	// maxAllocation is the allocation limit of a page without a heap limit: one allocation
	// larger than this is a runaway, and would be a fatal error on most machines.
	maxAllocation = 4 << 30
)

// allocationLimit is the largest allocation the page may make in one step when live bytes
// of heap are live.
func (w *watchdog) allocationLimit(live uint64) int64 {
	if w.maxHeap <= 0 {
		return maxAllocation
	}
	budget := w.maxHeap - int64(min(live, math.MaxInt64))
	return max(budget, min(minAllocationLimit, w.maxHeap))
}

// followHeapBudget gives goja the allocation limit for the heap now live.
func (a *Agent) followHeapBudget(live uint64) {
	a.setAllocationLimit(a.wd.allocationLimit(live))
}
