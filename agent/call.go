// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/webappapis.html#calling-scripts).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package agent

import (
	"fmt"
	"path"
	"strings"
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
	nameOf goja.Value // the function value, when the caller has it (for the trace)
	label  string     // the callback's name for the trace, when the caller knows it (CallNamed)
	// report: an exception the call throws is reported inside the call, before the microtask
	// checkpoint of "clean up after running script" (InvokeAndReport).
	report bool
}

// name is what the trace calls the call: the function's name, or "script".
func (p pendingCall) name(l *Agent) string {
	if p.prog != nil {
		return "script"
	}
	if p.label != "" {
		return p.label
	}
	if p.nameOf != nil {
		return l.callbackName(p.nameOf)
	}
	return "(callback)"
}

// installEntry compiles the trampoline that every call from an empty JS stack goes through:
// it marks the end of the callback before goja drains its job queue (the microtask
// checkpoint), so the trace can tell the callback from the checkpoint.
func (l *Agent) installEntry() {
	mk := l.mustCompile(`(function (run, mark) {
		return function enter() { try { return run() } finally { mark() } }
	})`)
	run := l.rt.ToValue(func(goja.FunctionCall) goja.Value {
		p := l.pending
		l.pending = pendingCall{}
		var v goja.Value
		var err error
		if p.prog != nil {
			v, err = l.rt.RunProgram(p.prog)
		} else {
			v, err = p.fn(p.this, p.args...)
		}
		if err != nil {
			if _, thrown := findError[*goja.Exception](err); thrown && p.report && !isUncatchable(err) {
				l.ReportException(err) // "report the exception", then the checkpoint
				return goja.Undefined()
			}
			panic(err) // rethrow: *goja.Exception stays catchable, interrupts stay uncatchable
		}
		return v
	})
	mark := l.rt.ToValue(func(goja.FunctionCall) goja.Value {
		l.callbackEnd = l.clock.Now()
		l.mt.lastEnd = l.callbackEnd // the checkpoint's first microtask starts here
		return goja.Undefined()
	})
	v, err := mk(goja.Undefined(), run, mark)
	if err != nil {
		panic("loop: entry trampoline: " + err.Error())
	}
	l.enter, _ = goja.AssertFunction(v)
	l.recovery.rangeError, _ = goja.AssertConstructor(l.rt.Get("RangeError"))
	l.recovery.syntaxError, _ = goja.AssertConstructor(l.rt.Get("SyntaxError"))
}

// Call calls a JS function, the one way the host enters JS (WebIDL "invoke a callback
// function" with HTML's "prepare to run a callback" / "clean up after running a callback").
// When no JS is on the stack, it ends with a microtask checkpoint; while JS is on the stack
// (a native method called from script, like el.click()), it does not. A thrown exception
// is returned, not reported.
func (l *Agent) Call(fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error) {
	if l.depth > 0 {
		l.stepHostCall("a listener") // e.g. a listener of el.click(), about to be called
		l.depth++
		defer func() { l.depth-- }()
		return fn(this, args...)
	}
	return l.callFromEmptyStack(pendingCall{fn: fn, this: this, args: args})
}

// callFromEmptyStack is a call into JS with no JS on the stack: "prepare to run script", the
// call, and "clean up after running script", whose step 3 ("If the JavaScript execution
// context stack is now empty, perform a microtask checkpoint.") is performAMicrotaskCheckpoint.
func (l *Agent) callFromEmptyStack(p pendingCall) (v goja.Value, err error) {
	if l.recovery.broken {
		return goja.Undefined(), &scriptStopped{} // already reported: nothing more to say
	}
	if l.terminated.Load() {
		return goja.Undefined(), ErrHalted // Terminate: no JS runs any more
	}
	l.depth++
	if jc, ok := l.clock.(jsClock); ok {
		jc.Enter()
		defer jc.Leave()
	}
	start := l.clock.Now()
	l.callbackEnd = 0
	if len(l.recovery.dropped) > 0 {
		l.requeueDroppedMicrotasks() // dropped by an abrupt end that nobody reported
	}
	l.wd.startCall()
	l.entryIsScript = p.prog != nil
	l.pending = p
	l.noteCallbackStart(p)
	defer func() {
		stop := l.wd.endCall() // from here on no interrupt can reach the runtime
		l.depth--
		r := recover()
		if r != nil || isUncatchable(err) {
			// An interrupt, a stack overflow, or a Go panic inside a host function: never
			// let a panic reach the user, check that the realm still runs its jobs, report
			// one clear line.
			err = l.endAbruptCall(err, r, stop, p)
			v = goja.Undefined()
		}
		end := l.clock.Now()
		cbEnd := l.callbackEnd
		if cbEnd == 0 {
			cbEnd = end
		}
		l.trace.add(Span{Kind: KindFunctionCall, Name: p.name(l), Start: ms(start), End: ms(cbEnd)})
		l.checkpointEnded() // the async context tracker: goja's job queue is empty
		l.performAMicrotaskCheckpoint(cbEnd, end)
		l.stepCallbackDone()
	}()
	// goja drains its job queue when this outermost call returns: the microtask checkpoint
	// runs between the trampoline's mark (callbackEnd) and the return (checkpoint.go).
	return l.enter(goja.Undefined())
}

// RunNested runs fn inside one JS frame: the calls into JS that fn makes are nested (no
// checkpoint between them) and one microtask checkpoint runs when fn returns.
// DEPARTURE (legacy-edge-listeners mode): it models old Edge, which ran microtasks only
// after all the listeners of a real click.
func (l *Agent) RunNested(fn func()) {
	native := l.rt.ToValue(func(goja.FunctionCall) goja.Value {
		fn()
		return goja.Undefined()
	})
	f, _ := goja.AssertFunction(native)
	if _, err := l.Call(f, goja.Undefined()); err != nil {
		l.ReportException(err)
	}
}

// JSOnStack reports whether JS is running (a host function called from script).
func (l *Agent) JSOnStack() bool { return l.depth > 0 }

// RunScript compiles and runs a classic script (HTML "run a classic script"): a syntax
// error or an exception is reported, and the script is followed by a microtask checkpoint
// when it ran from an empty stack.
func (l *Agent) RunScript(name, src string) { l.runScript(name, name, src, "") }

// RunScriptAs is RunScript for a script shown as paneName in the source pane, whose frames
// name srcName; its syntax error names errorFile when that is not "" (a string handler of
// setTimeout: the document's URL).
func (l *Agent) RunScriptAs(paneName, srcName, src, errorFile string) {
	l.runScript(paneName, srcName, src, errorFile)
}

// runScript runs src as a classic script shown as paneName in the source pane, whose
// frames name srcName; its syntax error names errorFile when that is not "".
func (l *Agent) runScript(paneName, srcName, src, errorFile string) {
	src = decodeUTF8(src)
	l.sources.Add(paneName, src)
	prog, err := goja.Compile(srcName, TransformAwait(src, l.mode), false)
	if err != nil {
		l.reportSyntaxError(err, errorFile)
		return
	}
	if l.depth > 0 {
		l.depth++
		_, err = l.rt.RunProgram(prog)
		l.depth--
	} else {
		_, err = l.callFromEmptyStack(pendingCall{prog: prog, report: true})
	}
	if err != nil {
		l.ReportException(err)
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
func (l *Agent) reportSyntaxError(err error, errorFile string) {
	file, line, col, msg := jserr.ParseCompileError(err)
	text := "Uncaught SyntaxError: " + msg
	// The error event has the message without the position and a SyntaxError as its error,
	// as Chrome's (errors_code_from_strings).
	var val goja.Value = goja.Null()
	if ctor := l.recovery.syntaxError; ctor != nil {
		if o, err := ctor(nil, l.rt.ToValue(msg)); err == nil {
			val = o
		}
	}
	eventFile := file
	if errorFile != "" {
		eventFile = errorFile
	}
	if l.errors != nil && l.fireError(text, eventFile, line, col, val) {
		return
	}
	if line > 0 {
		// Where it is, as Chrome's console shows it: "(at page.html:12:5)".
		text += fmt.Sprintf(" (at %s:%d:%d)", path.Base(eventFile), line, col)
	}
	l.console.Error(text)
}

// MuteErrorsOf marks the script named name as one whose errors are muted: the error event
// of an exception it throws says "Script error." with no filename, position or error value
// (https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception, "muted
// errors"); the console still shows the whole error. CHROME: a page's external scripts from
// file: URLs are muted (each file: URL is an opaque origin, so the script is "cross-origin").
func (l *Agent) MuteErrorsOf(name string) {
	if l.mutedErrors == nil {
		l.mutedErrors = map[string]bool{}
	}
	l.mutedErrors[name] = true
}

// fireError fires the error event, muted when the error comes from a muted script.
func (l *Agent) fireError(text, file string, line, col int, val goja.Value) bool {
	if l.mutedErrors[file] {
		return l.errors.FireError("Script error.", "", 0, 0, goja.Null())
	}
	return l.errors.FireError(text, file, line, col, val)
}

// ReportException reports an exception thrown by a callback or script
// (https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception):
// an ErrorEvent at the window, and "Uncaught ..." unless a listener cancelled it.
// A watchdog interrupt or an internal error is reported as such.
func (l *Agent) ReportException(err error) {
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
			l.console.Error(msg)
		}
		l.requeueDroppedMicrotasks()
	case interrupted:
		// A nested call (JS on the stack) was interrupted: the interrupt stays set, so
		// the script around it stops too, and the outermost call reports it once.
	case overflow:
		// Chrome: a RangeError, catchable. Goja: uncatchable; reported as Chrome does.
		l.reportValue(l.newRangeError("Maximum call stack size exceeded"), nil)
	case thrown:
		l.reportValue(ex.Value(), ex)
	default:
		l.console.Error(err.Error())
	}
}

// isUncatchable reports whether err is one that JS cannot catch (interrupt, stack overflow).
func isUncatchable(err error) bool {
	_, interrupted := findError[*goja.InterruptedError](err)
	_, overflow := findError[*goja.StackOverflowError](err)
	return interrupted || overflow
}

// newRangeError makes a RangeError with the realm's original constructor (a page may replace the global).
func (l *Agent) newRangeError(msg string) goja.Value {
	if ctor := l.recovery.rangeError; ctor != nil {
		if o, err := ctor(nil, l.rt.ToValue(msg)); err == nil {
			return o
		}
	}
	return l.rt.ToValue("RangeError: " + msg)
}

// ReportValue reports a thrown value as "report the exception" does (a callback's exception
// caught by host JS: the error event, else an "Uncaught ..." line).
func (l *Agent) ReportValue(val goja.Value) { l.reportValue(val, nil) }

// DescribeThrown formats a thrown value as Chrome's "Uncaught ..." line does.
func (l *Agent) DescribeThrown(v goja.Value) string { return l.describeThrown(v) }

// reportValue reports a thrown value (from a microtask runner it comes without a Go exception).
func (l *Agent) reportValue(val goja.Value, ex *goja.Exception) {
	text := "Uncaught " + l.describeThrown(val)
	if l.errors != nil {
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
		if l.fireError(text, file, line, col, val) {
			return
		}
	}
	l.console.Error(text)
}

// describeThrown formats a thrown value as Chrome's "Uncaught ..." line does: an Error by
// its first stack line ("TypeError: x is not a function"), anything else as the console would.
func (l *Agent) describeThrown(v goja.Value) string {
	if o, ok := v.(*goja.Object); ok && l.isError(o) {
		return l.errorHeadline(o)
	}
	return l.formatValue(v, 0)
}
