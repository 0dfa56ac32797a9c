package agent

import (
	"testing"

	"github.com/dop251/goja"
)

// TestOwnPropertyReflection: the loop reads page values through goja's storage by
// reflection (pagevalue.go); this checks it still finds data properties and getters in the
// goja version of go.mod.
func TestOwnPropertyReflection(t *testing.T) {
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
	fn := o.Get("fn").(*goja.Object)
	if n, ok := l.stringProperty(fn, "name"); !ok || n != "named" {
		t.Errorf("function name: %q %v", n, ok)
	}
	e, _ := l.rt.RunString(`new TypeError('boom')`)
	if got := l.errorHeadline(e.(*goja.Object)); got != "TypeError: boom" {
		t.Errorf("headline %q", got)
	}
}
