package dom

import "github.com/dop251/goja"

// Host is what the DOM needs from the event loop; loop.Loop implements it.
type Host interface {
	Runtime() *goja.Runtime
	// QueueMicrotask queues a host microtask; it runs in FIFO order with promise jobs.
	QueueMicrotask(fn func())
	// QueueTask queues a task on a task source: "dom-manipulation", "user-interaction", ...
	QueueTask(source string, fn func())
	// Call calls a JS function. From an empty JS stack it ends with a microtask checkpoint
	// (HTML "clean up after running a callback"); nested calls (JS on the stack) do not.
	// A thrown exception is returned as the error (a *goja.Exception), not reported.
	Call(fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error)
	// ReportException reports an exception from a callback (HTML "report the exception").
	// The loop turns it into an `error` event on window (through Window.FireError below)
	// or an "Uncaught ..." line. Interrupt errors (*goja.InterruptedError) must be passed
	// to it as-is too; the loop decides.
	ReportException(err error)
	// Now is the current high-resolution time in ms since the time origin (Event.timeStamp).
	Now() float64
}
