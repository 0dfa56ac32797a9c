package dom_test

import (
	"strings"
	"testing"
	"time"

	"loopscope/loop"
	"loopscope/page"
)

// A real click dispatches trusted pointerdown, mousedown, pointerup, mouseup and click (a
// PointerEvent since Chrome 92), in two tasks, each listener from an empty JS stack.
// https://w3c.github.io/pointerevents/#the-click-auxclick-and-contextmenu-events
func TestRealClickIsTrusted(t *testing.T) {
	const script = `
var b = document.getElementById('b');
['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'].forEach(function (type) {
  b.addEventListener(type, function (e) {
    console.log(e.type, e.isTrusted, e.constructor.name, e.bubbles, e.cancelable, e.composed, e.detail, e.buttons, e.clientX);
    Promise.resolve().then(function () { console.log('microtask after', e.type); });
  });
});
document.addEventListener('click', function (e) { console.log('document sees', e.isTrusted, e.target === b); });
`
	tp := loadPage(t, testHTML(`<button id="b">b</button>`, script), loop.ModeSpec)
	tp.p.RealClick(10, 10) // inside the button (the body's margin is 8px)
	tp.run()
	expectLog(t, tp.con.lines(),
		"pointerdown true PointerEvent true true true 0 1 10",
		"microtask after pointerdown",
		"mousedown true MouseEvent true true true 1 1 10",
		"microtask after mousedown",
		"pointerup true PointerEvent true true true 0 0 10",
		"microtask after pointerup",
		"mouseup true MouseEvent true true true 1 0 10",
		"microtask after mouseup",
		"click true PointerEvent true true true 1 0 10",
		"microtask after click",
		"document sees true true",
	)
	tp.exec(`b.click(); b.dispatchEvent(new MouseEvent('click', {bubbles: true}))`)
	expectLog(t, tp.con.lines(),
		"click false PointerEvent true true true 0 0 0",
		"document sees false true",
		"click false MouseEvent true false false 0 0 0",
		"document sees false true",
		"microtask after click",
		"microtask after click",
	)
}

// An exception in a listener is reported (window error event, "Uncaught ...") and the
// dispatch continues; window.onerror returning true cancels the report.
func TestListenerExceptionReported(t *testing.T) {
	got := runPage(t, testHTML(`<p id="p"></p>`, `
var errors = 0;
window.addEventListener('error', function (e) { errors++; console.log('error event', e.message, e.error.message, e instanceof ErrorEvent, e.isTrusted); });
p.addEventListener('x', function () { throw new Error('one'); });
p.addEventListener('x', function () { console.log('second listener'); });
p.dispatchEvent(new Event('x'));
window.onerror = function () { return true; };
p.dispatchEvent(new Event('x'));
console.log('errors', errors);
`), loop.ModeSpec)
	expectLog(t, got,
		"error event Uncaught Error: one one true true",
		"Uncaught Error: one",
		"second listener",
		"error event Uncaught Error: one one true true",
		"second listener",
		"errors 2",
	)
}

// unhandledrejection and rejectionhandled reach the page through Window.FirePromiseRejection:
// preventDefault cancels the "Uncaught (in promise)" report, rejectionhandled cannot be
// canceled.
func TestFirePromiseRejection(t *testing.T) {
	got := runPage(t, testHTML("", `
window.onunhandledrejection = function (e) { console.log('onunhandledrejection', e.reason, e instanceof PromiseRejectionEvent, e.cancelable); e.preventDefault(); };
window.addEventListener('rejectionhandled', function (e) { console.log('rejectionhandled', e.reason, e.cancelable); });
var p = Promise.reject('r');
setTimeout(function () { p.catch(function () {}); }, 10);
`), loop.ModeSpec)
	expectLog(t, got, "onunhandledrejection r true true", "rejectionhandled r false")
}

// A content attribute handler with a syntax error reports a SyntaxError when first needed;
// the other listeners still run and the handler reads as null.
func TestHandlerSyntaxError(t *testing.T) {
	got := runPage(t, testHTML(`<button id="b" onclick="if (">b</button>`, `
b.addEventListener('click', function () { console.log('listener runs'); });
b.click();
console.log('onclick is', b.onclick);
`), loop.ModeSpec)
	// One "SyntaxError: " prefix, as Chrome prints it, and the message alone (its wording is
	// goja's): no "onclick: Line 4:1", the position in the wrapper it was compiled in.
	if len(got) != 3 || !strings.HasPrefix(got[0], "Uncaught SyntaxError: ") || strings.Count(got[0], "SyntaxError") != 1 ||
		strings.Contains(got[0], "Line ") || strings.Contains(got[0], "onclick") ||
		got[1] != "listener runs" || got[2] != "onclick is null" {
		t.Errorf("got %q", got)
	}
}

// A listener the watchdog interrupts ends the dispatch: no further listener runs. Here the
// listener runs from el.click() (JS on the stack), so the interrupt reaches the dispatch
// as goja's InterruptedError; the loop reports the stop once, for the whole script.
func TestInterruptedListenerStopsDispatch(t *testing.T) {
	tp := newTestPageWith(t, testHTML(`<p id="p"></p>`, `
p.addEventListener('click', function () { console.log('first'); for (;;) {} });
p.addEventListener('click', function () { console.log('second (must not run)'); });
`), page.Options{ScriptTimeout: 100 * time.Millisecond})
	tp.run()
	tp.exec("p.click(); console.log('after click() (must not run)')")
	got := tp.con.lines()
	if len(got) != 2 || got[0] != "first" || !strings.HasPrefix(got[1], "Script stopped") {
		t.Errorf("got %q, want the first listener's line and one 'Script stopped' line", got)
	}
}
