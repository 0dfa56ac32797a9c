package loop

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestHostReadsRunNoPageCode: the trace's callback names, console previews and the
// reports of thrown values and rejection reasons never run the page's getters or Proxy
// traps: a getter that throws or loops changes nothing, no Go panic, no hang.
func TestHostReadsRunNoPageCode(t *testing.T) {
	c := &recordingConsole{}
	l := New(Options{Clock: NewVirtualClock(), Console: c, ScriptTimeout: 300 * time.Millisecond})
	l.QueueTask(SourceDOMManipulation, "script", func() {
		l.RunScript("test.js", `
			const throwing = () => {}; Object.defineProperty(throwing, 'name', { get() { throw new Error('name getter ran') } });
			const looping = () => {}; Object.defineProperty(looping, 'name', { get() { for (;;) {} } });
			setTimeout(throwing, 0); setTimeout(looping, 0); requestAnimationFrame(looping);
			console.log({ a: 1, get b() { for (;;) {} } }, [1, 'two'], Symbol('s'), [Symbol('t')]);
			const p = new Proxy({}, { get() { for (;;) {} }, ownKeys() { for (;;) {} }, getPrototypeOf() { for (;;) {} } });
			console.log(p);
			const { proxy, revoke } = Proxy.revocable({}, {}); revoke();
			console.log(proxy);
			const e = new Error('msg'); Object.defineProperty(e, 'name', { get() { for (;;) {} } });
			setTimeout(() => { throw e }, 1);
			setTimeout(() => { throw p }, 2);
			setTimeout(() => { throw proxy }, 3);
			setTimeout(() => { Promise.reject({ get message() { for (;;) {} } }) }, 4);
			setTimeout(() => console.log('later task runs'), 5);`)
	})
	l.Run(RunOptions{StopWhenQuiet: true, Until: 10000})
	expectLines(t, c.lines, `
		{a: 1, b: (...)} (2) [1, 'two'] Symbol(s) [Symbol(t)]
		Proxy(Object) {…}
		Proxy(Object) {…}
		later task runs`)
	want := []string{"Uncaught Error: msg", "Uncaught Proxy(Object) {…}", "Uncaught Proxy(Object) {…}", "Uncaught (in promise) {message: (...)}"}
	if strings.Join(c.errors, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(c.errors, "\n"), strings.Join(want, "\n"))
	}
}

// TestPageMutableBuiltins: the host does not call built-ins the page can change after the
// realm is made: queueMicrotask still works with Function.prototype.call gone, and the
// window's operations are configurable (WebIDL).
func TestPageMutableBuiltins(t *testing.T) {
	lines, errs := runScript(t, ModeSpec, `
		const d = Object.getOwnPropertyDescriptor(globalThis, 'setTimeout');
		console.log(d.writable, d.enumerable, d.configurable);
		Function.prototype.call = null; Function.prototype.apply = null;
		queueMicrotask(() => console.log('microtask runs'));
		Promise.resolve().then(() => console.log('then runs'));
		setTimeout(() => console.log('timer runs'), 0);`)
	expectLines(t, lines, `
		true true true
		microtask runs
		then runs
		timer runs`)
	if len(errs) != 0 {
		t.Errorf("errors: %q", errs)
	}
}

// TestRejectionTrackerIsWeak: the outstanding rejected promises set does not keep the
// promises alive (HTML: a weak set): after a GC, the promises the page dropped are gone.
func TestRejectionTrackerIsWeak(t *testing.T) {
	c := &recordingConsole{}
	l := New(Options{Clock: NewVirtualClock(), Console: c})
	l.QueueTask(SourceDOMManipulation, "script", func() {
		l.RunScript("test.js", `
			let n = 0;
			(function burst() { for (let i = 0; i < 2000; i++) Promise.reject('x'); if (++n < 5) setTimeout(burst, 0) })();`)
	})
	l.Run(RunOptions{StopWhenQuiet: true, Until: 10000})
	if len(c.errors) != 10000 {
		t.Fatalf("%d unhandled rejections reported, want 10000", len(c.errors))
	}
	runtime.GC()
	live := 0
	for wp := range l.rejections.outstanding.m {
		if wp.Value() != nil {
			live++
		}
	}
	if live > 100 {
		t.Errorf("%d of the 10000 dropped rejected promises are still alive", live)
	}
}
