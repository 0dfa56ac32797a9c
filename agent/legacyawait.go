package agent

import (
	"sort"
	"strings"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// ModeLegacyAwait: V8 before 7.3 (Chrome < 73, Node < 12). `await v` of a promise took 3
// microtask ticks instead of 1: the engine wrapped v in a new promise resolved with v (one
// tick to call v.then, one for v's reaction to resolve the wrapper) and then awaited the
// wrapper (the third). Seed 002's "below 73" order of async1/async2 comes from it.
//
// goja implements today's await (ECMA-262 since 2019: Await uses PromiseResolve, 1 tick),
// so the mode rewrites the source before it is compiled: `await x` becomes
// `await __loopscopeAwait(x)`, where the wrapper returns `new Promise(r => r(x))` made with
// the realm's original Promise. A value that is not a promise costs 1 tick either way, as it
// did in old V8.
//
// Async iteration: the await expressions in async generators and in for await bodies are
// rewritten like any other, but the awaits these constructs make themselves are not: a for
// await loop's await of each next() result and of return() when it is left early, an async
// generator's await of the operand of yield and return, and the async-from-sync iterator's
// await of each value keep today's single tick for a promise in this mode (V8 before 7.3 took
// three there too). The mode is about seed 002's async1/async2 order; it does not claim old
// V8's ticks for async iteration.

// legacyAwaitName is the global the rewritten scripts call (non-enumerable).
const legacyAwaitName = "__loopscopeAwait"

// TransformAwait rewrites every await expression of src for ModeLegacyAwait; in any other
// mode, or when src does not parse (the compiler reports the error), src is returned as is.
func TransformAwait(src string, mode Mode) string {
	if mode != ModeLegacyAwait || !strings.Contains(src, "await") {
		return src
	}
	prog, err := parser.ParseFile(nil, "", src, 0)
	if err != nil {
		return src
	}
	type edit struct {
		at   int
		text string
		open bool
	}
	var edits []edit
	base := 0
	if prog.File != nil {
		base = prog.File.Base()
	}
	inspectAST(prog, func(n ast.Node) bool {
		if a, ok := n.(*ast.AwaitExpression); ok {
			edits = append(edits,
				edit{int(a.Argument.Idx0()) - base, legacyAwaitName + "(", true},
				edit{int(a.Argument.Idx1()) - base, ")", false})
		}
		return true
	})
	if len(edits) == 0 {
		return src
	}
	// Apply from the end; at one offset a ")" closes an inner call before an outer opens.
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].at != edits[j].at {
			return edits[i].at > edits[j].at
		}
		return edits[i].open && !edits[j].open
	})
	out := src
	for _, e := range edits {
		if e.at < 0 || e.at > len(out) {
			return src
		}
		out = out[:e.at] + e.text + out[e.at:]
	}
	return out
}

// InstallLegacyAwait defines the wrapper the rewritten scripts call (legacy-await mode).
func InstallLegacyAwait(rt *goja.Runtime) {
	v, err := rt.RunString(`(function () {
		const P = Promise;
		return function (v) { return new P(function (resolve) { resolve(v) }) };
	})()`)
	if err != nil {
		panic("loop: legacy await helper: " + err.Error())
	}
	_ = rt.GlobalObject().DefineDataProperty(legacyAwaitName, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
}
