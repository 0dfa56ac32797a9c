package agent

import (
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
)

// The agent's adapter to goja's hooks into the engine itself, beyond making values and
// calling functions: how the host stops running JS, what it is told of promises and of
// promise jobs, and the engine's own bounds. Every other file reaches them through here, so
// that this file is the one to read (and to change) when the engine's hooks change.
//
// No file reaches goja's private fields (internal/gojaboundary checks it): what the agent
// needs from the engine's inside is an exported hook of our goja (third_party/goja/PATCHES.md).

// interrupt stops the JS that runs now at its next instruction (the watchdog, Halt).
func (a *Agent) interrupt(v any) { a.rt.Interrupt(v) }

// clearInterrupt forgets an interrupt that was not delivered (the call ended first) or was.
func (a *Agent) clearInterrupt() { a.rt.ClearInterrupt() }

// setAsyncContextTracker installs the microtask tracker (asynccontext.go).
func (a *Agent) setAsyncContextTracker(t goja.AsyncContextTracker) { a.rt.SetAsyncContextTracker(t) }

// setStackFormatter makes f write the stack property of the realm's errors (goja's
// SetStackFormatter, our patch): V8's format, errorstack.go.
func (a *Agent) setStackFormatter(f goja.StackFormatter) { a.rt.SetStackFormatter(f) }

// setTimeSource makes now the time Date reads (goja's SetTimeSource).
func (a *Agent) setTimeSource(now func() time.Time) { a.rt.SetTimeSource(now) }

// enqueueJob puts a host microtask into the engine's job queue, after the promise jobs
// already there (goja's EnqueueJob); the calls into JS it makes are nested ones.
func (a *Agent) enqueueJob(job func()) { a.rt.EnqueueJob(job) }

// setMaxCallStackSize bounds the JS call depth (a runaway recursion is a RangeError).
func (a *Agent) setMaxCallStackSize(n int) { a.rt.SetMaxCallStackSize(n) }

// setAllocationLimit bounds one allocation the engine makes for the page, in bytes (goja's
// SetAllocationLimit): past it, V8's RangeError instead of Go's fatal out-of-memory. It may be
// called from the watchdog's goroutine while JS runs.
func (a *Agent) setAllocationLimit(n int64) { a.rt.SetAllocationLimit(n) }

// SetPromiseRejectionTracker installs the event loop's HostPromiseRejectionTracker (HTML's
// unhandled rejections in package loop, Node's in package node).
func (a *Agent) SetPromiseRejectionTracker(fn func(p *goja.Promise, op goja.PromiseRejectionOperation)) {
	a.rt.SetPromiseRejectionTracker(fn)
}

// try runs fn, which may run page code, with the engine's own boundary (goja's Runtime.Try):
// a JS exception is returned, an interrupt, a stack overflow or a Go panic raised again once
// the engine has unwound to where fn was called.
func (a *Agent) try(fn func()) *goja.Exception { return a.rt.Try(fn) }

// The hooks our goja adds (third_party/goja/PATCHES.md), each used here only.

// peekOwnProperty reads an own property's descriptor from the object's storage without
// running a getter, a Proxy trap or a host object's Go code (goja's PeekOwnProperty); ok is
// false when it cannot tell without running code.
func peekOwnProperty(o *goja.Object, key string) (*goja.PropertyDescriptor, bool) {
	return o.PeekOwnProperty(key)
}

// assertProxy tells a Proxy (revoked or not) from any other value without running code
// (goja's AssertProxy).
func assertProxy(v goja.Value) (goja.Proxy, bool) { return goja.AssertProxy(v) }

// inspectAST walks a parsed program's nodes (goja's ast.Inspect), for the legacy-await
// rewrite.
func inspectAST(n ast.Node, f func(ast.Node) bool) { ast.Inspect(n, f) }
