package agent

import "github.com/dop251/goja"

// RunScriptAsIn is RunScriptAs for a script of another global object of the agent (a string
// handler of an iframe window's setTimeout): it runs in realm, and its syntax error or
// exception is reported at target (nil: the agent's window).
func (a *Agent) RunScriptAsIn(realm *goja.Realm, target ErrorTarget, paneName, srcName, src, errorFile string) {
	a.at(target, func() { a.runScriptIn(realm, paneName, srcName, src, errorFile) })
}

// InvokeAndReportAt is InvokeAndReport for a callback of the global object target (an
// iframe window's timer or animation frame callback): its exception is reported at target
// (nil: the agent's window). FIXME(spec): so is one of a microtask of another global's
// that the checkpoint after it runs (as RunScriptIn's).
func (a *Agent) InvokeAndReportAt(target ErrorTarget, name string, fn goja.Callable, this goja.Value, args ...goja.Value) (v goja.Value) {
	a.at(target, func() { v = a.InvokeAndReport(name, fn, this, args...) })
	return v
}
