package agent

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestErrorDescriber: an uncaught host error is reported by the name and message the host
// reads (its own error objects keep them behind getters), with its interface's name when the
// name is the default "Error"; a value with a Proxy on its prototype chain is never handed to
// the host (the host's read would run the trap) and is reported as any other.
func TestErrorDescriber(t *testing.T) {
	c := &recordingConsole{}
	a := New(Options{Clock: NewVirtualClock(), Console: c})
	a.InstallConsole()
	events := &eventMessages{}
	a.SetErrorReporter(events)
	// The host's error objects inherit from Error.prototype, as a DOMException does.
	v, _ := a.rt.RunString(`var hostError = Object.create(Error.prototype), hostDefault = Object.create(Error.prototype); hostError`)
	hostErr := v.(*goja.Object)
	v, _ = a.rt.RunString(`var proxied = Object.create(new Proxy({}, { get() { for (;;) {} }, getPrototypeOf() { for (;;) {} } })); proxied`)
	proxied := v.(*goja.Object)
	asked, proxyAsked := 0, false
	a.SetErrorDescriber(func(o *goja.Object) (string, string, string, bool) {
		asked++
		switch {
		case o.SameAs(proxied):
			proxyAsked = true
		case o.SameAs(hostErr):
			return "InvalidStateError", "made by the host", "HostException", true
		case o.SameAs(a.rt.Get("hostDefault")):
			return "Error", "", "HostException", true
		}
		return "", "", "", false
	})
	for _, src := range []string{
		`throw hostError`,
		`throw hostDefault`,
		`throw new TypeError('plain')`,
		`throw proxied`,
	} {
		a.RunScript("t.js", src)
	}
	want := []string{
		"Uncaught InvalidStateError: made by the host",
		"Uncaught HostException",
		"Uncaught TypeError: plain",
	}
	got := c.errors
	if len(got) != 4 || strings.Join(got[:3], "\n") != strings.Join(want, "\n") {
		t.Fatalf("reports:\n%s\nwant first:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The error event's message says the name, even the default one.
	wantEvents := "Uncaught InvalidStateError: made by the host|Uncaught Error|Uncaught TypeError: plain|Uncaught {}"
	if got := strings.Join(events.messages, "|"); got != wantEvents {
		t.Errorf("error events: %s, want %s", got, wantEvents)
	}
	if proxyAsked || asked == 0 {
		t.Errorf("the host was asked about the value behind a Proxy: %v; asked %d times", proxyAsked, asked)
	}
}

// eventMessages records the error events' messages (none is canceled).
type eventMessages struct{ messages []string }

func (e *eventMessages) FireError(message, _ string, _, _ int, _ goja.Value) bool {
	e.messages = append(e.messages, message)
	return false
}

func (e *eventMessages) FirePromiseRejection(string, goja.Value, goja.Value) bool { return false }
