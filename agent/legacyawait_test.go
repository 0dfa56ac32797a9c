package agent

import "testing"

// TestTransformAwait: legacy-await mode wraps every await's operand, wherever the await is
// (nested, in a template, a computed key, an argument, an arrow's concise body, a method),
// and leaves other modes and sources without await alone.
func TestTransformAwait(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"async function f() { await a; await (await b); x = `${await c}d`; return { [await e]: await g.h(await i) }; }",
			"async function f() { await __loopscopeAwait(a); await (__loopscopeAwait(await __loopscopeAwait(b))); x = `${await __loopscopeAwait(c)}d`; return { [await __loopscopeAwait(e)]: await __loopscopeAwait(g.h(await __loopscopeAwait(i))) }; }"},
		{"const f = async () => await 1, g = async x => { for (const y of await x) await y; };",
			"const f = async () => await __loopscopeAwait(1), g = async x => { for (const y of await __loopscopeAwait(x)) await __loopscopeAwait(y); };"},
		{"class C { async m() { await this.n; } }", "class C { async m() { await __loopscopeAwait(this.n); } }"},
		{"var awaited = 1;", "var awaited = 1;"},
		{"async function f() { await }", "async function f() { await }"}, // does not parse: left to the compiler
	} {
		if got := TransformAwait(tc.src, ModeLegacyAwait); got != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
	if src := "async function f() { await a }"; TransformAwait(src, ModeSpec) != src {
		t.Error("spec mode rewrites await")
	}
}
