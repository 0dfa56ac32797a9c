// Spec: HTML Living Standard, 2026-11-01, §8.1.4.4 "report an exception" (at the global of the
// script's or callback's own realm) and §8.1.4.3 "check if we can run script"; WebIDL, "invoke a
// callback function". Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).
// https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception

package agent

import "github.com/dop251/goja"

// RunScriptAsIn is RunScriptAs for a script of another global object of the agent (a string
// handler of an iframe window's setTimeout): it runs in realm, and its syntax error or
// exception is reported at target (nil: the agent's window), a syntax error as an object
// made by syntaxError, the realm's SyntaxError (nil: the agent's window's).
func (a *Agent) RunScriptAsIn(realm *goja.Realm, target ErrorTarget, syntaxError goja.Constructor, paneName, srcName, src, errorFile string) {
	if syntaxError != nil {
		prev := a.recovery.syntaxError
		a.recovery.syntaxError = syntaxError
		defer func() { a.recovery.syntaxError = prev }()
	}
	a.at(target, func() { a.runScriptIn(realm, paneName, srcName, src, errorFile) })
}

// InvokeAndReportAt is InvokeAndReport for a callback of the global object target (an
// iframe window's timer or animation frame callback): its exception is reported at target
// (nil: the agent's window). A queueMicrotask callback that the checkpoint after it runs is
// reported at its own global (QueueMicrotaskValueAt). FIXME(spec): the host's other
// microtasks' exceptions in that checkpoint (a mutation observer's callback) are reported at
// target, as RunScriptIn's.
func (a *Agent) InvokeAndReportAt(target ErrorTarget, name string, fn goja.Callable, this goja.Value, args ...goja.Value) (v goja.Value) {
	a.at(target, func() { v = a.InvokeAndReport(name, fn, this, args...) })
	return v
}

// atAgentWindow runs f with the exceptions it reports reported at the agent's own window
// (its ErrorReporter), also inside another global's callback (at).
func (a *Agent) atAgentWindow(f func()) {
	prev := a.errors
	base := prev
	for {
		e, ok := base.(errorsAt)
		if !ok {
			break
		}
		base = e.rejections
	}
	a.errors = base
	defer func() { a.errors = prev }()
	f()
}

// ScriptsMayRun is HTML's "check if we can run script" for a callback of the global object
// target (nil: the agent's window): not when target is a window whose document is not fully
// active (a removed iframe's), whose callbacks are then skipped, as Chrome skips them.
// https://html.spec.whatwg.org/multipage/webappapis.html#check-if-we-can-run-script
func ScriptsMayRun(target ErrorTarget) bool {
	if w, ok := target.(interface{ FullyActive() bool }); ok {
		return w.FullyActive()
	}
	return true
}
