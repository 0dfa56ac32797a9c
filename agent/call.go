// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#calling-scripts).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package agent

import (
	"fmt"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dop251/goja"

	"loopscope/internal/jserr"
)

// pendingCall is the call the entry trampoline makes: either a function or a compiled script.
type pendingCall struct {
	fn     goja.Callable
	this   goja.Value
	args   []goja.Value
	prog   *goja.Program
	realm  *goja.Realm // the realm prog runs in (nil: the running one)
	nameOf goja.Value  // the function value, when the caller has it (for the trace)
	label  string      // the callback's name for the trace, when the caller knows it (CallNamed)
	// report: an exception the call throws is reported inside the call, before the microtask
	// checkpoint of "clean up after running script" (InvokeAndReport).
	report bool
}

// name is what the trace calls the call: the function's name, or "script".
func (p pendingCall) name(a *Agent) string {
	if p.prog != nil {
		return "script"
	}
	if p.label != "" {
		return p.label
	}
	if p.nameOf != nil {
		return a.callbackName(p.nameOf)
	}
	return "(callback)"
}

// installEntry compiles the trampoline that every call from an empty JS stack goes through:
// it marks the end of the callback before goja drains its job queue (the microtask
// checkpoint), so the trace can tell the callback from the checkpoint.
func (a *Agent) installEntry() {
	mk := a.mustCompile(`(function (run, mark) {
		return function enter() { try { return run() } finally { mark() } }
	})`)
	run := a.rt.ToValue(func(goja.FunctionCall) goja.Value {
		p := a.pending
		a.pending = pendingCall{}
		var v goja.Value
		var err error
		if p.prog != nil && p.realm != nil {
			v, err = p.realm.RunProgram(p.prog)
		} else if p.prog != nil {
			v, err = a.rt.RunProgram(p.prog)
		} else {
			v, err = p.fn(p.this, p.args...)
		}
		if err != nil {
			if _, thrown := findError[*goja.Exception](err); thrown && p.report && !isUncatchable(err) {
				a.ReportException(err) // "report the exception", then the checkpoint
				return goja.Undefined()
			}
			panic(err) // rethrow: *goja.Exception stays catchable, interrupts stay uncatchable
		}
		return v
	})
	mark := a.rt.ToValue(func(goja.FunctionCall) goja.Value {
		if !a.rt.HasPendingJobs() {
			// No microtask will run: the callback ends where the call does, which
			// callFromEmptyStack reads as it leaves JS (one clock read less a call).
			a.callbackEnd = 0
			return goja.Undefined()
		}
		a.callbackEnd = a.clock.Now()
		a.mt.lastEnd = a.callbackEnd // the checkpoint's first microtask starts here
		return goja.Undefined()
	})
	v, err := mk(goja.Undefined(), run, mark)
	if err != nil {
		panic("loop: entry trampoline: " + err.Error())
	}
	a.enter, _ = goja.AssertFunction(v)
	a.recovery.rangeError, _ = goja.AssertConstructor(a.rt.Get("RangeError"))
	a.recovery.syntaxError, _ = goja.AssertConstructor(a.rt.Get("SyntaxError"))
}

// Call calls a JS function, the one way the host enters JS (WebIDL "invoke a callback
// function" with HTML's "prepare to run a callback" / "clean up after running a callback").
// When no JS is on the stack, it ends with a microtask checkpoint; while JS is on the stack
// (a native method called from script, like el.click()), it does not. A thrown exception
// is returned, not reported.
func (a *Agent) Call(fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error) {
	if a.depth > 0 {
		a.stepHostCall("a listener") // e.g. a listener of el.click(), about to be called
		a.depth++
		defer func() { a.depth-- }()
		return fn(this, args...)
	}
	return a.callFromEmptyStack(pendingCall{fn: fn, this: this, args: args})
}

// callFromEmptyStack is a call into JS with no JS on the stack: "prepare to run script", the
// call, and "clean up after running script", whose step 3 ("If the JavaScript execution
// context stack is now empty, perform a microtask checkpoint.") is performAMicrotaskCheckpoint.
func (a *Agent) callFromEmptyStack(p pendingCall) (v goja.Value, err error) {
	if a.recovery.broken {
		return goja.Undefined(), &scriptStopped{} // already reported: nothing more to say
	}
	if a.terminated.Load() {
		return goja.Undefined(), ErrHalted // Terminate: no JS runs any more
	}
	a.depth++
	// Page time at the start and at the end (and the watchdog's JS time at the start) come
	// from the reads the clock makes to enter and leave JS; under virtual time each read is
	// a system call (the thread's CPU clock), on every call from the host.
	jc, onJSClock := a.clock.(jsClock)
	var start, js time.Duration
	if onJSClock {
		start, js = jc.Enter()
	} else {
		start = a.clock.Now()
	}
	a.callbackEnd = 0
	defer func() {
		stop := a.wd.endCall() // from here on no interrupt can reach the runtime
		a.depth--
		r := recover()
		if r != nil || isUncatchable(err) {
			// An interrupt, a stack overflow, or a Go panic inside a host function: never
			// let a panic reach the user, check that the realm still runs its jobs, report
			// one clear line.
			err = a.endAbruptCall(err, r, stop, p)
			v = goja.Undefined()
		}
		var end time.Duration // JS is done: the checkpoint's own steps below are the host's
		if onJSClock {
			end = jc.Leave()
		} else {
			end = a.clock.Now()
		}
		cbEnd := a.callbackEnd
		if cbEnd == 0 { // no microtask ran (see installEntry's mark), or the call ended abruptly
			cbEnd = end
		}
		a.trace.add(Span{Kind: KindFunctionCall, Name: p.name(a), Start: ms(start), End: ms(cbEnd)})
		a.checkpointEnded() // the async context tracker: goja's job queue is empty
		a.performAMicrotaskCheckpoint(cbEnd, end)
		a.stepCallbackDone()
	}()
	if len(a.recovery.dropped) > 0 {
		a.requeueDroppedMicrotasks() // dropped by an abrupt end that nobody reported
	}
	if onJSClock {
		a.wd.startCallAt(js, a.wd.jsTime != nil)
	} else {
		a.wd.startCall()
	}
	a.entryIsScript = p.prog != nil
	a.pending = p
	a.noteCallbackStart(p)
	// goja drains its job queue when this outermost call returns: the microtask checkpoint
	// runs between the trampoline's mark (callbackEnd) and the return (checkpoint.go).
	return a.enter(goja.Undefined())
}

// RunNested runs fn inside one JS frame: the calls into JS that fn makes are nested (no
// checkpoint between them) and one microtask checkpoint runs when fn returns.
// DEPARTURE (legacy-edge-listeners mode): it models old Edge, which ran microtasks only
// after all the listeners of a real click.
func (a *Agent) RunNested(fn func()) {
	native := a.rt.ToValue(func(goja.FunctionCall) goja.Value {
		fn()
		return goja.Undefined()
	})
	f, _ := goja.AssertFunction(native)
	if _, err := a.Call(f, goja.Undefined()); err != nil {
		a.ReportException(err)
	}
}

// JSOnStack reports whether JS is running (a host function called from script).
func (a *Agent) JSOnStack() bool { return a.depth > 0 }

// RunScript compiles and runs a classic script (HTML "run a classic script"): a syntax
// error or an exception is reported, and the script is followed by a microtask checkpoint
// when it ran from an empty stack.
func (a *Agent) RunScript(name, src string) { a.runScript(name, name, src, "") }

// RunScriptAs is RunScript for a script shown as paneName in the source pane, whose frames
// name srcName; its syntax error names errorFile when that is not "" (a string handler of
// setTimeout: the document's URL).
func (a *Agent) RunScriptAs(paneName, srcName, src, errorFile string) {
	a.runScript(paneName, srcName, src, errorFile)
}

// ErrorTarget is a global object that error events are fired at (a window). It is an
// alias of an unnamed interface, so that a package that does not import this one (dom)
// names the same type.
type ErrorTarget = interface {
	FireError(message, filename string, lineno, colno int, errVal goja.Value) (canceled bool)
}

// errorsAt reports errors at target, and promise rejections where the agent does.
type errorsAt struct {
	ErrorTarget
	rejections ErrorReporter
}

func (e errorsAt) FirePromiseRejection(typ string, promise, reason goja.Value) bool {
	return e.rejections != nil && e.rejections.FirePromiseRejection(typ, promise, reason)
}

// at runs f with errors reported at target (nil: where they are), as "report an exception"
// does for a script or callback of another global object of the agent (an iframe's window:
// its error event, not the top-level window's).
func (a *Agent) at(target ErrorTarget, f func()) {
	if target == nil {
		f()
		return
	}
	prev := a.errors
	a.errors = errorsAt{target, prev}
	defer func() { a.errors = prev }()
	f()
}

// ReportExceptionAt is ReportException for a callback of the global object target.
func (a *Agent) ReportExceptionAt(target ErrorTarget, err error) {
	a.at(target, func() { a.ReportException(err) })
}

// RunScriptIn is RunScript for a script of another global object of the agent (an
// iframe's window, target): it runs in realm, and its syntax error or exception is
// reported at target ("report an exception" targets the script's settings object's
// global).
func (a *Agent) RunScriptIn(realm *goja.Realm, target ErrorTarget, name, src string) {
	a.at(target, func() { a.runScriptIn(realm, name, name, src, "") })
}

// runScript runs src as a classic script shown as paneName in the source pane, whose
// frames name srcName; its syntax error names errorFile when that is not "".
func (a *Agent) runScript(paneName, srcName, src, errorFile string) {
	a.runScriptIn(nil, paneName, srcName, src, errorFile)
}

// runScriptIn is runScript in realm (nil: the running realm).
func (a *Agent) runScriptIn(realm *goja.Realm, paneName, srcName, src, errorFile string) {
	src = decodeUTF8(src)
	a.sources.Add(paneName, src)
	prog, err := goja.Compile(srcName, TransformAwait(src, a.mode), false)
	if err != nil {
		a.reportSyntaxError(err, errorFile)
		return
	}
	if a.depth > 0 {
		a.depth++
		if realm != nil {
			_, err = realm.RunProgram(prog)
		} else {
			_, err = a.rt.RunProgram(prog)
		}
		a.depth--
	} else {
		_, err = a.callFromEmptyStack(pendingCall{prog: prog, realm: realm, report: true})
	}
	if err != nil {
		a.ReportException(err)
	}
}

// decodeUTF8 is the Encoding standard's UTF-8 decode of a script's bytes: each invalid byte
// becomes U+FFFD, as browsers decode (goja refuses invalid UTF-8 as a syntax error).
// https://encoding.spec.whatwg.org/#utf-8-decode
func decodeUTF8(src string) string {
	if utf8.ValidString(src) {
		return src
	}
	var b strings.Builder
	b.Grow(len(src) + 16)
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(src[i : i+size])
		}
		i += size
	}
	return b.String()
}

// errorFile, when not "", is the file the error event names (a string compiled by
// setTimeout: the document's).
func (a *Agent) reportSyntaxError(err error, errorFile string) {
	file, line, col, msg := jserr.ParseCompileError(err)
	text := "Uncaught SyntaxError: " + msg
	// The error event has the message without the position and a SyntaxError as its error,
	// as Chrome's (errors_code_from_strings).
	var val goja.Value = goja.Null()
	if ctor := a.recovery.syntaxError; ctor != nil {
		if o, err := ctor(nil, a.rt.ToValue(msg)); err == nil {
			val = o
		}
	}
	eventFile := file
	if errorFile != "" {
		eventFile = errorFile
	}
	if a.errors != nil && a.fireError(text, eventFile, line, col, val) {
		return
	}
	if line > 0 {
		// Where it is, as Chrome's console shows it: "(at page.html:12:5)".
		text += fmt.Sprintf(" (at %s:%d:%d)", path.Base(eventFile), line, col)
	}
	a.console.Error(text)
}

// MuteErrorsOf marks the script named name as one whose errors are muted: the error event
// of an exception it throws says "Script error." with no filename, position or error value
// (https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception, "muted
// errors"); the console still shows the whole error. CHROME: a page's external scripts from
// file: URLs are muted (each file: URL is an opaque origin, so the script is "cross-origin").
func (a *Agent) MuteErrorsOf(name string) {
	if a.mutedErrors == nil {
		a.mutedErrors = map[string]bool{}
	}
	a.mutedErrors[name] = true
}

// fireError fires the error event, muted when the error comes from a muted script.
func (a *Agent) fireError(text, file string, line, col int, val goja.Value) bool {
	if a.mutedErrors[file] {
		return a.errors.FireError("Script error.", "", 0, 0, goja.Null())
	}
	return a.errors.FireError(text, file, line, col, val)
}

// ReportException reports an exception thrown by a callback or script
// (https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception):
// an ErrorEvent at the window, and "Uncaught ..." unless a listener cancelled it.
// A watchdog interrupt or an internal error is reported as such.
func (a *Agent) ReportException(err error) {
	if err == nil || err == ErrHalted { // not errors.Is: goja's Unwrap exports the thrown value
		return // Halt and Terminate end a script quietly
	}
	_, stopped := findError[*scriptStopped](err)
	_, internal := findError[*internalError](err)
	_, interrupted := findError[*goja.InterruptedError](err)
	_, overflow := findError[*goja.StackOverflowError](err)
	ex, thrown := findError[*goja.Exception](err)
	switch {
	case stopped, internal:
		if msg := err.Error(); msg != "" {
			a.console.Error(msg)
		}
		a.requeueDroppedMicrotasks()
	case interrupted:
		// A nested call (JS on the stack) was interrupted: the interrupt stays set, so
		// the script around it stops too, and the outermost call reports it once.
	case overflow:
		// Chrome: a RangeError, catchable. Goja: uncatchable; reported as Chrome does.
		a.reportValue(a.newRangeError("Maximum call stack size exceeded"), nil)
	case thrown:
		a.reportValue(ex.Value(), ex)
	default:
		a.console.Error(err.Error())
	}
}

// isUncatchable reports whether err is one that JS cannot catch (interrupt, stack overflow).
func isUncatchable(err error) bool {
	_, interrupted := findError[*goja.InterruptedError](err)
	_, overflow := findError[*goja.StackOverflowError](err)
	return interrupted || overflow
}

// newRangeError makes a RangeError with the realm's original constructor (a page may replace the global).
func (a *Agent) newRangeError(msg string) goja.Value {
	if ctor := a.recovery.rangeError; ctor != nil {
		if o, err := ctor(nil, a.rt.ToValue(msg)); err == nil {
			return o
		}
	}
	return a.rt.ToValue("RangeError: " + msg)
}

// ReportValue reports a thrown value as "report the exception" does (a callback's exception
// caught by host JS: the error event, else an "Uncaught ..." line).
func (a *Agent) ReportValue(val goja.Value) { a.reportValue(val, nil) }

// DescribeThrown formats a thrown value as Chrome's "Uncaught ..." line does.
func (a *Agent) DescribeThrown(v goja.Value) string { return a.describeThrown(v) }

// reportValue reports a thrown value (from a microtask runner it comes without a Go exception).
func (a *Agent) reportValue(val goja.Value, ex *goja.Exception) {
	text := "Uncaught " + a.describeThrown(val)
	if a.errors != nil {
		event := text
		if name, msg, _, ok := a.platformError(val); ok {
			event = "Uncaught " + joinHeadline(name, msg) // (its name, even the default "Error")
		}
		file, line, col := "", 0, 0
		if ex != nil {
			// The innermost frame with a place in a script: a built-in's frame (JSON.parse's
			// error, rethrown) has none; Chrome names the call site.
			for _, f := range ex.Stack() {
				if p := f.Position(); p.Line > 0 {
					file, line, col = f.SrcName(), p.Line, p.Column
					break
				}
			}
			if file == "<eval>" {
				file = "" // CHROME: code from eval or new Function names no file
			}
		}
		if a.fireError(event, file, line, col, val) {
			return
		}
	}
	a.console.Error(text)
}

// describeThrown formats a thrown value as Chrome's "Uncaught ..." line does: an Error by
// its first stack line ("TypeError: x is not a function"), anything else as the console would.
func (a *Agent) describeThrown(v goja.Value) string {
	if o, ok := v.(*goja.Object); ok && a.isError(o) {
		return a.errorHeadline(o)
	}
	return a.formatValue(v, 0)
}
