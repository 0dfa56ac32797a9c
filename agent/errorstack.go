package agent

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// formatErrorStack writes an error's stack property as V8 does (its default
// Error.prepareStackTrace): the error's description, then a line for each frame, innermost
// first,
//
//	at NAME (FILE:LINE:COLUMN)
//	at FILE:LINE:COLUMN           (a function without a name, a script's top level)
//	at NAME (<anonymous>)         (a built-in)
//	at async NAME (FILE:LINE:COLUMN) (an async function awaiting the one before, at its await)
//
// with no trailing newline. The agent's own frames are left out, as a browser's bindings do
// not show: the entry trampoline and the other helpers it compiles (code without a file
// name) and the Go functions they call (named by Go, "pkg.(*T).f.func1", or not at all).
//
// DEPARTURE: V8 prefixes a method's name with its receiver's class (`at Object.method`,
// `at Array.forEach`, `at new Foo`); goja's frames do not carry the receiver or the kind of
// call, so these print `at method`, `at forEach`, `at Foo`. Code from eval and new Function,
// which goja compiles without a file name, is left out with the agent's helpers (V8:
// `at eval (eval at …)`).
func formatErrorStack(header string, frames []goja.StackFrame) string {
	var b strings.Builder
	b.WriteString(header)
	for i := range frames {
		f := &frames[i]
		src, name := f.SrcName(), f.FuncName()
		switch {
		case src == "": // the agent's helpers, eval code
			continue
		case src == "<native>":
			if !plainIdentifier(name) { // a Go function of the agent's (its trampolines)
				continue
			}
			b.WriteString("\n    at ")
			b.WriteString(name)
			b.WriteString(" (<anonymous>)")
			continue
		}
		p := f.Position()
		b.WriteString("\n    at ")
		if f.IsAsync() { // an async function awaiting the one above
			b.WriteString("async ")
		}
		if name != "<anonymous>" {
			b.WriteString(name)
			b.WriteString(" (")
		}
		b.WriteString(src)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p.Line))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p.Column))
		if name != "<anonymous>" {
			b.WriteByte(')')
		}
	}
	return b.String()
}
