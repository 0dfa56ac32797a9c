package dom

import (
	"strings"
	"testing"
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
	h := newFakeHost(t, page(`<button id="b">b</button>`, script), Options{})
	h.load()
	h.run()
	h.realClick("#b")
	h.run()
	expectLog(t, h.log,
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
	h.log = nil
	h.exec(`b.click(); b.dispatchEvent(new MouseEvent('click', {bubbles: true}))`)
	expectLog(t, h.log,
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
	got := runPage(t, page(`<p id="p"></p>`, `
var errors = 0;
window.addEventListener('error', function (e) { errors++; console.log('error event', e.message, e.error.message, e instanceof ErrorEvent, e.isTrusted); });
p.addEventListener('x', function () { throw new Error('one'); });
p.addEventListener('x', function () { console.log('second listener'); });
p.dispatchEvent(new Event('x'));
window.onerror = function () { return true; };
p.dispatchEvent(new Event('x'));
console.log('errors', errors);
`), Options{})
	expectLog(t, got,
		"error event Uncaught Error: one one true true",
		"Uncaught Error: one",
		"second listener",
		"error event Uncaught Error: one one true true",
		"second listener",
		"errors 2",
	)
}

// unhandledrejection through Window.FirePromiseRejection.
func TestFirePromiseRejection(t *testing.T) {
	h := newFakeHost(t, page("", `
window.onunhandledrejection = function (e) { console.log('onunhandledrejection', e.reason, e instanceof PromiseRejectionEvent, e.cancelable); e.preventDefault(); };
window.addEventListener('rejectionhandled', function (e) { console.log('rejectionhandled', e.reason, e.cancelable); });
`), Options{})
	h.load()
	h.run()
	p, _ := h.rt.RunString("Promise.reject('r')")
	if !h.win.FirePromiseRejection("unhandledrejection", p, h.rt.ToValue("r")) {
		t.Error("preventDefault did not cancel unhandledrejection")
	}
	if h.win.FirePromiseRejection("rejectionhandled", p, h.rt.ToValue("r")) {
		t.Error("rejectionhandled must not be cancelable")
	}
	expectLog(t, h.log, "onunhandledrejection r true true", "rejectionhandled r false")
}

// A content attribute handler with a syntax error reports a SyntaxError when first needed;
// the other listeners still run and the handler reads as null.
func TestHandlerSyntaxError(t *testing.T) {
	got := runPage(t, page(`<button id="b" onclick="if (">b</button>`, `
b.addEventListener('click', function () { console.log('listener runs'); });
b.click();
console.log('onclick is', b.onclick);
`), Options{})
	// One "SyntaxError: " prefix, as Chrome prints it, and the message alone (its wording is
	// goja's): no "onclick: Line 4:1", the position in the wrapper it was compiled in.
	if len(got) != 3 || !strings.HasPrefix(got[0], "Uncaught SyntaxError: ") || strings.Count(got[0], "SyntaxError") != 1 ||
		strings.Contains(got[0], "Line ") || strings.Contains(got[0], "onclick") ||
		got[1] != "listener runs" || got[2] != "onclick is null" {
		t.Errorf("got %q", got)
	}
}

// An interrupted listener (the loop's watchdog) is reported as the *goja.InterruptedError
// and ends the dispatch: no further listener runs.
func TestInterruptedListenerStopsDispatch(t *testing.T) {
	h := newFakeHost(t, page(`<p id="p"></p>`, `
p.addEventListener('x', function () { console.log('first (interrupted before it runs)'); });
p.addEventListener('x', function () { console.log('second (must not run)'); });
`), Options{})
	h.load()
	h.run()
	var reported []error
	rep := &reportingHost{fakeHost: h, errs: &reported}
	h.doc.realm.host = rep
	p, _ := h.doc.QuerySelector("#p")
	h.rt.Interrupt("watchdog")
	h.doc.DispatchTrusted(p, NewEvent("x", EventInit{}))
	h.rt.ClearInterrupt()
	if len(reported) != 1 || !isInterrupt(reported[0]) {
		t.Fatalf("reported %v, want one interrupt", reported)
	}
	expectLog(t, h.log)
}

type reportingHost struct {
	*fakeHost
	errs *[]error
}

func (r *reportingHost) ReportException(err error) { *r.errs = append(*r.errs, err) }
