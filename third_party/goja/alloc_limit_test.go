package goja

import (
	"sync"
	"testing"
)

func TestAllocationLimit(t *testing.T) {
	const limit = 1 << 20
	tests := []struct {
		name, script, message string
	}{
		{"ArrayBuffer", `new ArrayBuffer(2**40)`, "Array buffer allocation failed"},
		{"ArrayBuffer over by one", `new ArrayBuffer(1024 * 1024 + 1)`, "Array buffer allocation failed"},
		{"ArrayBuffer.prototype.slice", `var b = new ArrayBuffer(2**20); setAllocationLimit(2**19); b.slice()`, "Array buffer allocation failed"},
		{"typed array copy", `var a = new Uint8Array(2**20); setAllocationLimit(2**19); new Uint8Array(a)`, "Invalid typed array length: 1048576"},
		{"typed array slice", `var a = new Uint8Array(2**20); setAllocationLimit(2**19); a.slice(1)`, "Invalid typed array length: 1048575"},
		{"typed array filter", `var a = new Uint8Array(2**20); setAllocationLimit(2**19); a.filter(x => true)`, "Array buffer allocation failed"},
		{"typed array", `new Uint8Array(2**40)`, "Invalid typed array length: 1099511627776"},
		{"typed array element size", `new Float64Array(2**17 + 1)`, "Invalid typed array length: 131073"},
		{"typed array from array-like", `Int16Array.from({length: 2**40})`, "Invalid typed array length: 1099511627776"},
		{"typed array from iterable", `new Int32Array(new Array(2**30).keys())`, "Invalid array length"},
		{"typed array join", `new Uint8Array(2**20).join()`, "Invalid string length"},
		{"typed array keys", `Object.keys(new Uint8Array(2**20))`, "Invalid array length"},
		{"Array.from array-like", `Array.from({length: 2**30, get 0() { throw new Error("an element was read") }})`, "Invalid array length"},
		{"Array.from iterable", `Array.from(new Array(2**30).keys())`, "Invalid array length"},
		{"Array.prototype.fill", `new Array(2**31 - 1).fill(0)`, "Invalid array length"},
		{"Array.prototype.fill sparse", `var a = []; a[2**31] = 1; a.fill(0)`, "Invalid array length"},
		{"array growth", `var a = []; for (;;) a.push(0)`, "Invalid array length"},
		{"array growth by index", `var a = []; for (var i = 0; ; i++) a[i] = i`, "Invalid array length"},
		{"Array.prototype.concat", `var a = new Array(2**15).fill(0); a.concat(a, a)`, "Invalid array length"},
		{"Array.prototype.map", `new Array(2**30).map(x => x)`, "Invalid array length"},
		{"Array.prototype.slice", `var a = new Array(2**16).fill(0); a.slice(); setAllocationLimit(2**19); a.slice()`, "Invalid array length"},
		{"Array.prototype.splice", `var a = new Array(2**16).fill(0); setAllocationLimit(2**19); a.splice(0, 2**16)`, "Invalid array length"},
		{"Array.prototype.toSpliced", `var a = new Array(2**16).fill(0); setAllocationLimit(2**19); a.toSpliced(0, 1)`, "Invalid array length"},
		{"Array.prototype.toReversed", `var a = new Array(2**16).fill(0); setAllocationLimit(2**19); a.toReversed()`, "Invalid array length"},
		{"Array.prototype.with", `var a = new Array(2**16).fill(0); setAllocationLimit(2**19); a.with(0, 1)`, "Invalid array length"},
		{"Array.prototype.unshift", `var a = new Array(2**16).fill(0); a.unshift(1)`, "Invalid array length"},
		{"Array.prototype.sort", `Array.prototype.sort.call({length: 2**32 - 1})`, "Invalid array length"},
		{"Array.prototype.toSorted", `Array.prototype.toSorted.call({length: 2**32 - 2})`, "Invalid array length"},
		{"Array.prototype.join", `new Array(2**31 - 1).join("x")`, "Invalid string length"},
		{"Array.prototype.join elements", `new Array(2**10 + 1).fill("x".repeat(2**10)).join("")`, "Invalid string length"},
		{"Array.prototype.toLocaleString", `Array.prototype.toLocaleString.call({length: 2**31})`, "Invalid string length"},
		{"spread", `[...new Array(2**30)]`, "Invalid array length"},
		{"spread arguments", `Math.max(...new Array(2**30))`, "Invalid array length"},
		{"Function.prototype.apply", `Math.max.apply(null, {length: 2**30})`, "Invalid array length"},
		{"Reflect.apply", `Reflect.apply(Math.max, null, {length: 2**30})`, "Invalid array length"},
		{"String.prototype.repeat", `"x".repeat(2**20 + 1)`, "Invalid string length"},
		{"String.prototype.repeat UTF-16", `"\u0101".repeat(2**19 + 1)`, "Invalid string length"},
		{"String.prototype.repeat huge", `"xy".repeat(2**62)`, "Invalid string length"},
		{"String.prototype.padStart", `"x".padStart(2**30)`, "Invalid string length"},
		{"String.prototype.padEnd", `"x".padEnd(2**53 - 1, "yz")`, "Invalid string length"},
		{"String.prototype.concat", `var s = "x".repeat(2**19); s.concat(s, s)`, "Invalid string length"},
		{"String.prototype.split", `"x".repeat(2**19).split("")`, "Invalid array length"},
		{"concatenation", `var s = "x"; for (;;) s += s`, "Invalid string length"},
		{"template", "var s = 'x'.repeat(2**19); `${s}${s}.`", "Invalid string length"},
		{"String.fromCharCode.apply", `String.fromCharCode.apply(null, {length: 2**30})`, "Invalid array length"},
		{"JSON.stringify", `JSON.stringify(new Array(2**30))`, "Invalid string length"},
		{"JSON.stringify strings", `var s = "x".repeat(2**19); JSON.stringify({a: s, b: s})`, "Invalid string length"},
		{"String.prototype.replace", `"x".repeat(2**19).replace(/x/g, "yyy")`, "Invalid string length"},
		{"String.prototype.replace prefix", "'x'.repeat(2**11).replace(/x/g, '$`')", "Invalid string length"},
		{"String.prototype.replaceAll", `"x".repeat(2**19).replaceAll("x", () => "yyy")`, "Invalid string length"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vm := New()
			vm.SetAllocationLimit(limit)
			vm.Set("setAllocationLimit", vm.SetAllocationLimit)
			_, err := vm.RunString(tc.script)
			ex, ok := err.(*Exception)
			if !ok {
				t.Fatalf("want a RangeError, got %v", err)
			}
			obj, ok := ex.Value().(*Object)
			if !ok || obj.Get("name").String() != "RangeError" || obj.Get("message").String() != tc.message {
				t.Fatalf("want RangeError: %s, got %v", tc.message, ex.Value())
			}
			// The runtime is still usable.
			vm.SetAllocationLimit(limit)
			if v, err := vm.RunString(`[1, 2, 3].map(x => x * 2).join() + "x".repeat(3)`); err != nil || v.String() != "2,4,6xxx" {
				t.Fatalf("after the error: %v, %v", v, err)
			}
		})
	}
}

func TestAllocationLimitAllows(t *testing.T) {
	const SCRIPT = `
	var ab = new ArrayBuffer(2**20);
	var f64 = new Float64Array(2**17);
	var a = new Array(2**16).fill(1);
	var b = Array.from({length: 2**16});
	var s = "x".repeat(2**20);
	var u = "\u0101".repeat(2**19);
	var j = new Array(2**20).join("");
	var sp = []; sp[2**31] = 1; sp[5] = 2;
	var tail = new Array(2**31 - 1).fill(0, 2**31 - 10);
	ab.byteLength + f64.length + a.length + b.length + s.length + u.length + j.length + sp.length + tail[2**31 - 2];
	`
	vm := New()
	vm.SetAllocationLimit(1 << 20)
	vm.testScript(SCRIPT, valueInt(1<<20+1<<17+1<<16+1<<16+1<<20+1<<19+0+(1<<31+1)), t)
}

func TestAllocationLimitOff(t *testing.T) {
	vm := New()
	vm.SetAllocationLimit(1 << 10)
	vm.SetAllocationLimit(0)
	vm.testScript(`new ArrayBuffer(2**20).byteLength + "x".repeat(2**20).length + new Array(2**16).fill(0).length`, valueInt(1<<20+1<<20+1<<16), t)
}

func TestAllocationLimitConcurrent(t *testing.T) {
	vm := New()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 1000; i++ {
			vm.SetAllocationLimit(int64(1<<20 + i))
		}
	}()
	_, err := vm.RunString(`for (var i = 0; i < 1000; i++) new ArrayBuffer(1024); "x".repeat(1000) + "y"`)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
}
