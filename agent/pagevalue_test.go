package agent

import (
	"testing"

	"github.com/dop251/goja"
)

// TestOwnProperty: the loop reads page values from goja's storage (pagevalue.go): data
// properties, getters it does not run, and what it cannot read without running code.
func TestOwnProperty(t *testing.T) {
	l := New(Options{Clock: NewVirtualClock(), Console: &recordingConsole{}})
	l.InstallConsole()
	v, err := l.rt.RunString(`({ plain: 'p', fn: function named() {},
		get trap() { throw new Error('getter ran') } })`)
	if err != nil {
		t.Fatal(err)
	}
	o := v.(*goja.Object)
	if got, kind := ownProperty(o, "plain"); kind != propData || got.String() != "p" {
		t.Errorf("plain: %v %v", got, kind)
	}
	if _, kind := ownProperty(o, "trap"); kind != propAccessor {
		t.Errorf("trap: kind %v, want accessor", kind)
	}
	if _, kind := ownProperty(o, "missing"); kind != propAbsent {
		t.Errorf("missing: kind %v, want absent", kind)
	}
	p, _ := l.rt.RunString(`new Proxy({ plain: 'p' }, { getOwnPropertyDescriptor() { throw new Error('trap ran') } })`)
	if _, kind := ownProperty(p.(*goja.Object), "plain"); kind != propUnknown {
		t.Errorf("proxy: kind %v, want unknown", kind)
	}
	if got, kind := ownProperty(l.rt.Get("Math").(*goja.Object), "PI"); kind != propData || got.ToFloat() != 3.141592653589793 {
		t.Errorf("Math.PI, a built-in made on first use: %v %v", got, kind)
	}
	fn := o.Get("fn").(*goja.Object)
	if n, ok := l.stringProperty(fn, "name"); !ok || n != "named" {
		t.Errorf("function name: %q %v", n, ok)
	}
	e, _ := l.rt.RunString(`new TypeError('boom')`)
	if got := l.errorHeadline(e.(*goja.Object)); got != "TypeError: boom" {
		t.Errorf("headline %q", got)
	}
}
