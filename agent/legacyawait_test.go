package agent

import (
	"testing"

	"github.com/dop251/goja"
)

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

// TestTransformAwaitAsyncIteration: in legacy-await mode the await expressions inside async
// generators and for await bodies are rewritten; the for await head, yield and yield* are left
// as they are (their own awaits keep today's ticks, see legacyawait.go), and the result still
// compiles.
func TestTransformAwaitAsyncIteration(t *testing.T) {
	const src = `async function* g(p) {
  yield await p;
  yield* [1];
}
(async () => {
  for await (const x of g(1)) console.log(await x);
})();`
	const want = `async function* g(p) {
  yield await __loopscopeAwait(p);
  yield* [1];
}
(async () => {
  for await (const x of g(1)) console.log(await __loopscopeAwait(x));
})();`
	got := TransformAwait(src, ModeLegacyAwait)
	if got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	if _, err := goja.Compile("t.js", got, false); err != nil {
		t.Fatal(err)
	}
	if same := TransformAwait(src, ModeSpec); same != src {
		t.Fatalf("spec mode rewrote the source:\n%s", same)
	}
}
