package loop

import "github.com/dop251/goja"

// FunctionName is a callback's name for the trace, as DevTools labels it: the function's own
// name, "(anonymous)" for a function without one, "(code)" for a string handler. It reads
// the name as a data property (callbackName, pagevalue.go): no getter or Proxy trap runs, so
// tracing cannot change what a page prints.
func (l *Loop) FunctionName(v goja.Value) string { return l.callbackName(v) }

// CallNamed is Call with the callback's name for the trace.
func (l *Loop) CallNamed(name string, fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error) {
	if l.depth > 0 {
		return l.Call(fn, this, args...)
	}
	return l.callFromEmptyStack(pendingCall{fn: fn, this: this, args: args, label: name})
}
