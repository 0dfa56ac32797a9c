package dom

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// fakeHost is a minimal event loop for tests: one task queue ordered by (due, seq) on a
// virtual clock, host microtasks as reactions on a resolved promise (so they keep FIFO
// order with promise jobs, and goja drains them when the outermost Go→JS call returns),
// a rendering step after every task that runs animation-frame callbacks, and a console.
type fakeHost struct {
	t        testing.TB
	rt       *goja.Runtime
	then     goja.Callable
	resolved goja.Value
	tasks    []fakeTask
	seq      int
	now      float64
	raf      []goja.Callable
	log      []string
	doc      *Document
	win      *Window
}

type fakeTask struct {
	due    float64
	seq    int
	source string
	fn     func()
}

func (h *fakeHost) Runtime() *goja.Runtime { return h.rt }
func (h *fakeHost) Now() float64           { return h.now }

func (h *fakeHost) QueueMicrotask(fn func()) {
	cb := h.rt.ToValue(func(goja.FunctionCall) goja.Value { fn(); return goja.Undefined() })
	if _, err := h.then(h.resolved, cb); err != nil {
		h.t.Errorf("queueing a microtask: %v", err)
	}
}

func (h *fakeHost) QueueTask(source string, fn func()) { h.queueTaskAt(source, h.now, fn) }

func (h *fakeHost) queueTaskAt(source string, due float64, fn func()) {
	h.seq++
	h.tasks = append(h.tasks, fakeTask{due, h.seq, source, fn})
}

func (h *fakeHost) Call(fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error) {
	return fn(this, args...)
}

func (h *fakeHost) ReportException(err error) {
	var ex *goja.Exception
	if !errors.As(err, &ex) {
		h.log = append(h.log, "Uncaught "+err.Error())
		return
	}
	v := ex.Value()
	msg := v.String()
	if h.win != nil && h.win.FireError("Uncaught "+msg, "", 0, 0, v) {
		return
	}
	h.log = append(h.log, "Uncaught "+msg)
}

// newFakeHost parses page and installs the DOM on a fresh runtime.
func newFakeHost(t testing.TB, page string, opts Options) *fakeHost {
	t.Helper()
	rt := goja.New()
	rt.SetMaxCallStackSize(1000)
	h := &fakeHost{t: t, rt: rt}
	p, resolve, _ := rt.NewPromise()
	_ = resolve(goja.Undefined())
	h.resolved = rt.ToValue(p)
	promiseProto := rt.Get("Promise").(*goja.Object).Get("prototype").(*goja.Object)
	h.then, _ = goja.AssertFunction(promiseProto.Get("then"))

	console := rt.NewObject()
	logFn := func(call goja.FunctionCall) goja.Value {
		parts := make([]string, len(call.Arguments))
		for i, a := range call.Arguments {
			parts[i] = a.String()
		}
		h.log = append(h.log, strings.Join(parts, " "))
		return goja.Undefined()
	}
	for _, level := range []string{"log", "warn", "error", "info"} {
		_ = console.Set(level, logFn)
	}
	_ = rt.Set("console", console)
	_ = rt.Set("setTimeout", func(call goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			return goja.Undefined()
		}
		delay := call.Argument(1).ToFloat()
		if !(delay > 0) {
			delay = 0
		}
		h.queueTaskAt("timer", h.now+delay, func() { h.callAndReport(fn) })
		return rt.ToValue(h.seq)
	})
	_ = rt.Set("queueMicrotask", func(call goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if ok {
			h.QueueMicrotask(func() { h.callAndReport(fn) })
		}
		return goja.Undefined()
	})
	_ = rt.Set("requestAnimationFrame", func(call goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if ok {
			h.raf = append(h.raf, fn)
		}
		return rt.ToValue(len(h.raf))
	})
	_ = rt.Set("cancelAnimationFrame", func(call goja.FunctionCall) goja.Value {
		if i := int(call.Argument(0).ToInteger()) - 1; i >= 0 && i < len(h.raf) {
			h.raf[i] = nil
		}
		return goja.Undefined()
	})
	// requestIdleCallback belongs to the idle issue: a stub that never calls back.
	_ = rt.Set("requestIdleCallback", func(goja.FunctionCall) goja.Value { return rt.ToValue(1) })
	_ = rt.Set("cancelIdleCallback", func(goja.FunctionCall) goja.Value { return goja.Undefined() })

	doc, err := ParseDocument([]byte(page), "file:///test/page.html?span=200")
	if err != nil {
		t.Fatalf("ParseDocument: %v", err)
	}
	win, err := Install(h, doc, opts)
	if err != nil {
		t.Fatalf("Install: %v", err)
	}
	h.doc, h.win = doc, win
	return h
}

func (h *fakeHost) callAndReport(fn goja.Callable) {
	if _, err := h.Call(fn, goja.Undefined()); err != nil {
		h.ReportException(err)
	}
}

// load runs the page's classic scripts in a task each, then the end-of-parsing events.
func (h *fakeHost) load() {
	h.QueueTask("parser", func() {
		for _, s := range h.doc.Scripts() {
			if !s.IsClassic() || s.Src != "" {
				continue
			}
			h.doc.SetCurrentScript(s.Node)
			if _, err := h.rt.RunScript("page.html", s.Text); err != nil {
				h.ReportException(err)
			}
			h.doc.SetCurrentScript(nil)
		}
		h.QueueTask("dom-manipulation", func() {
			h.doc.SetReadyState("interactive")
			h.doc.FireDOMContentLoaded()
			h.QueueTask("dom-manipulation", func() {
				h.doc.SetReadyState("complete")
				h.doc.FireLoad()
			})
		})
	})
}

// run runs tasks until none are left (bounded), with a rendering step after each task.
func (h *fakeHost) run() {
	for steps := 0; len(h.tasks) > 0 && steps < 10000; steps++ {
		sort.SliceStable(h.tasks, func(i, j int) bool {
			a, b := h.tasks[i], h.tasks[j]
			if a.due != b.due {
				return a.due < b.due
			}
			return a.seq < b.seq
		})
		t := h.tasks[0]
		h.tasks = h.tasks[1:]
		if t.due > h.now {
			h.now = t.due
		}
		t.fn()
		h.render()
	}
}

// render runs the animation-frame callbacks queued before it started.
func (h *fakeHost) render() {
	cbs := h.raf
	h.raf = nil
	for _, cb := range cbs {
		if cb != nil {
			if _, err := cb(goja.Undefined(), h.rt.ToValue(h.now)); err != nil {
				h.ReportException(err)
			}
		}
	}
}

// exec runs a script as a task and then all tasks.
func (h *fakeHost) exec(src string) {
	h.QueueTask("script", func() {
		if _, err := h.rt.RunScript("test.js", src); err != nil {
			h.ReportException(err)
		}
	})
	h.run()
}

// realClick queues a real click on the element matching sel: two user-interaction tasks.
func (h *fakeHost) realClick(sel string) {
	n, err := h.doc.QuerySelector(sel)
	if err != nil || n == nil {
		h.t.Fatalf("realClick: no element %q (%v)", sel, err)
	}
	down, up := RealClickEvents(10, 10)
	h.QueueTask("user-interaction", func() {
		for _, e := range down {
			h.doc.DispatchTrusted(n, e)
		}
	})
	h.QueueTask("user-interaction", func() {
		for _, e := range up {
			h.doc.DispatchTrusted(n, e)
		}
	})
}

// runPage loads page, runs everything and returns the console lines.
func runPage(t testing.TB, page string, opts Options) []string {
	h := newFakeHost(t, page, opts)
	h.load()
	h.run()
	return h.log
}

// expectLog compares whole console outputs.
func expectLog(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("console output differs\n--- got:\n%s\n--- want:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func page(body, script string) string {
	return "<!DOCTYPE html><html><head><title>t</title></head><body>" + body + "<script>" + script + "</script></body></html>"
}
