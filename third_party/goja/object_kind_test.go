package goja

import "testing"

func TestObjectInternalKind(t *testing.T) {
	r := New()
	for _, c := range []struct{ src, want string }{
		{"new Map()", "Map"},
		{"new (class extends Map {})()", "Map"},
		{"Object.create(Map.prototype)", ""},
		{"new Set()", "Set"},
		{"new WeakMap()", "WeakMap"},
		{"new WeakSet()", "WeakSet"},
		{"new WeakRef({})", "WeakRef"},
		{"new ArrayBuffer(8)", "ArrayBuffer"},
		{"new DataView(new ArrayBuffer(4))", "DataView"},
		{"new Uint8Array(2)", "TypedArray"},
		{"new Float64Array(1)", "TypedArray"},
		{"Promise.resolve()", "Promise"},
		{"new Date(0)", "Date"},
		{"/a/g", "RegExp"},
		{"new TypeError('x')", "Error"},
		{"new Boolean(false)", "Boolean"},
		{"new Number(1.5)", "Number"},
		{"new String('s')", "String"},
		{"Object(Symbol('s'))", "Symbol"},
		{"Object(1n)", "BigInt"},
		{"[1, 2]", "Array"},
		{"var a = []; a[100000] = 1; a", "Array"},
		{"new Proxy(new Map(), {})", "Proxy"},
		{"(function () {})", "Function"},
		{"({ get x() { throw new Error('a getter ran'); } })", ""},
	} {
		v, err := r.RunString(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := v.ToObject(r).InternalKind(); got != c.want {
			t.Errorf("%s: InternalKind() = %q, want %q", c.src, got, c.want)
		}
	}
}
