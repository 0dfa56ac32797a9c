package dom

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// plainHost is the least Host a realm needs to run callbacks: tasks and microtasks run at
// once, exceptions are kept.
type plainHost struct {
	rt   *goja.Runtime
	errs []error
}

func (h *plainHost) Runtime() *goja.Runtime             { return h.rt }
func (h *plainHost) QueueMicrotask(fn func())           { fn() }
func (h *plainHost) QueueTask(source string, fn func()) { fn() }
func (h *plainHost) ReportException(err error)          { h.errs = append(h.errs, err) }
func (h *plainHost) Now() float64                       { return 0 }
func (h *plainHost) Call(fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error) {
	return fn(this, args...)
}

// newPlainWorkerGlobal is a worker's global on its own runtime (no event loop).
func newPlainWorkerGlobal(t *testing.T) (*WorkerGlobal, *plainHost) {
	t.Helper()
	h := &plainHost{rt: goja.New()}
	g, err := InstallWorkerGlobal(h, WorkerGlobalOptions{URL: "file:///w.js", PostToRealm: func(fn func()) { fn() }})
	if err != nil {
		t.Fatal(err)
	}
	return g, h
}

// TestMessageErrorWhenDeserializationFails is the messageerror path of HTML's message
// delivery (web-messaging.html#message-port-post-message-steps 7.3, the same steps for a
// worker's messages): when StructuredDeserializeWithTransfer throws in the receiving realm,
// the receiver gets a trusted messageerror MessageEvent whose data is null, no message
// event, and the next message is delivered as usual.
//
// No Chromium case records it: in Chrome a message fails to deserialize only when it holds
// what is locked to its agent cluster (a SharedArrayBuffer, a WebAssembly.Module) and goes
// to another cluster, and a dedicated worker shares its owner's cluster (and goja has
// neither). The failure is made here the way V8's ValueDeserializer fails on a corrupt
// record: a typed array view reaching past the end of its buffer.
func TestMessageErrorWhenDeserializationFails(t *testing.T) {
	sender, _ := newPlainWorkerGlobal(t)
	receiver, h := newPlainWorkerGlobal(t)
	if _, err := h.rt.RunString(`
		var log = [];
		onmessage = (e) => log.push('message ' + e.data.join(','));
		onmessageerror = (e) => log.push('messageerror data=' + e.data + ' ' + (e instanceof MessageEvent) + ' trusted=' + e.isTrusted + ' ports=' + e.ports.length);
	`); err != nil {
		t.Fatal(err)
	}
	serialize := func() *SerializedMessage {
		v, err := sender.realm.rt.RunString(`new Uint8Array(new ArrayBuffer(8), 2, 4)`)
		if err != nil {
			t.Fatal(err)
		}
		return sender.realm.structuredSerializeWithTransfer(v, goja.Undefined(), "")
	}
	bad := serialize()
	if bad.root.kind != sView {
		t.Fatalf("a typed array serialized as kind %d", bad.root.kind)
	}
	bad.root.count = 100 // 100 elements from offset 2 of an 8-byte buffer
	receiver.DeliverMessage(bad)
	receiver.DeliverMessage(serialize())
	got := h.rt.Get("log").Export()
	want := "messageerror data=null true trusted=true ports=0|message 0,0,0,0"
	if s := strings.Join(toStrings(got), "|"); s != want {
		t.Errorf("the receiver saw %q, want %q", s, want)
	}
	if len(h.errs) != 0 {
		t.Errorf("reported: %v", h.errs)
	}
}

func toStrings(v any) []string {
	var out []string
	if a, ok := v.([]any); ok {
		for _, x := range a {
			s, _ := x.(string)
			out = append(out, s)
		}
	}
	return out
}
