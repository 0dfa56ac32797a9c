package agent

import "github.com/dop251/goja"

// FunctionName is a callback's name for the trace, as DevTools labels it: the function's own
// name, "(anonymous)" for a function without one, "(code)" for a string handler. It reads
// the name as a data property (callbackName, pagevalue.go): no getter or Proxy trap runs, so
// tracing cannot change what a page prints.
func (a *Agent) FunctionName(v goja.Value) string { return a.callbackName(v) }

// CallNamed is Call with the callback's name for the trace.
func (a *Agent) CallNamed(name string, fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error) {
	if a.depth > 0 {
		return a.Call(fn, this, args...)
	}
	return a.callFromEmptyStack(pendingCall{fn: fn, this: this, args: args, label: name})
}

// InvokeAndReport calls a callback and reports what it throws: WebIDL's "invoke a callback
// function" with "report" (https://webidl.spec.whatwg.org/#invoke-a-callback-function). The
// exception is reported when the callback returns, before "clean up after running a
// callback" performs the microtask checkpoint: a rAF callback's error event comes before the
// microtasks it queued, as in Chrome (testdata/loop/raf_error_before_next_callback).
func (a *Agent) InvokeAndReport(name string, fn goja.Callable, this goja.Value, args ...goja.Value) goja.Value {
	var v goja.Value
	var err error
	if a.depth > 0 {
		v, err = a.Call(fn, this, args...)
	} else {
		v, err = a.callFromEmptyStack(pendingCall{fn: fn, this: this, args: args, label: name, report: true})
	}
	if err != nil {
		a.ReportException(err) // a nested call's exception, or the watchdog's line
		return goja.Undefined()
	}
	return v
}

// callbackName is a callback's name for the trace ("(anonymous)" when it has none).
// It reads the name as a data property: a getter or a Proxy is not run (pagevalue.go).
func (a *Agent) callbackName(v goja.Value) string {
	if o, ok := v.(*goja.Object); ok {
		if n, ok := a.stringProperty(o, "name"); ok && n != "" {
			return n
		}
	}
	if _, ok := goja.AssertFunction(v); ok {
		return "(anonymous)"
	}
	return "(code)"
}
