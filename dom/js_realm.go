package dom

import (
	"math"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// Options selects browser behaviour modes that concern the DOM.
type Options struct {
	// MutationEvents fires the legacy DOMNodeInserted & co. synchronously (browsers of 2018).
	MutationEvents bool
	// Workers runs the dedicated workers that new Worker() starts (nil: Worker throws).
	Workers WorkerHost
	// BlobURLs is the blob URL store URL.createObjectURL adds to (shared by a page and its
	// workers; nil: a store of the realm's own).
	BlobURLs *BlobURLStore
	// PostToRealm runs fn on the realm's goroutine, from any goroutine (a MessagePort whose
	// entangled port is in another agent delivers through it).
	PostToRealm func(fn func())
	// Messages marks the messages this realm's ports post to and receive from another
	// agent's realm in its event loop's trace (the message arrows); nil: unmarked.
	Messages MessageMarks
	// Navigator loads the documents iframes navigate to (nil: an iframe keeps its initial
	// about:blank document).
	Navigator Navigator
	// WindowGlobals installs the event loop's globals (timers, animation frames,
	// queueMicrotask, console...) on the window of an iframe's document, in realm, which is
	// running when it is called: the bindings of a window that this package does not
	// define, as the host defines them on the top-level window (nil: none).
	WindowGlobals func(w *Window, realm *goja.Realm)
}

// MessageMarks records a message in the trace of the loop whose task posts it and of the
// loop whose task delivers it, paired by a flow id (package page: the timeline's arrows and
// the trace export's flow events). Both are called on the realm's goroutine, in a task.
type MessageMarks interface {
	// Sent numbers a message the running task posts and marks it: the arrow's start.
	Sent() uint64
	// Received marks that the running task delivers message flow: the arrow's end.
	Received(flow uint64)
}

// messageSent numbers and marks a message this realm posts (0: unmarked).
func (r *realm) messageSent() uint64 {
	if r.opts.Messages == nil {
		return 0
	}
	return r.opts.Messages.Sent()
}

// messageReceived marks the delivery of message flow in the running task.
func (r *realm) messageReceived(flow uint64) {
	if flow != 0 && r.opts.Messages != nil {
		r.opts.Messages.Received(flow)
	}
}

// realm holds the JS side of one window: the runtime, the interface objects and the
// per-agent state of mutation observers.
type realm struct {
	host Host
	rt   *goja.Runtime
	idl  *webidl.Realm // interfaces and platform objects' slots
	doc  *Document
	win  *Window
	opts Options

	compileHandler goja.Callable
	indexedFrames  int    // window[0 .. indexedFrames-1] are defined (navigation.go)
	topName        string // a top-level window's name (an iframe's is its navigable's)
	// The realm's own error constructors, captured before any page script runs (a page
	// may replace the globals: an inline handler's syntax error must stay a SyntaxError).
	syntaxError, rangeError goja.Constructor
	isTrustedGetter         *goja.Object
	location                *goja.Object
	cssProps                map[string]bool
	cssPropNames            []string
	elementClasses          map[string]*webidl.Interface
	svgClasses              map[string]*webidl.Interface // by element name (js_svg.go)

	currentEvent   *Event // window.event
	reportingError bool

	// Mutation observers (DOM "surrounding agent" state).
	moMicrotaskQueued bool
	pendingObservers  []*MutationObserver
	observedNodes     int // registrations alive; 0 lets mutations skip the observer walk
	observerSeq       uint64

	// Resize and intersection observers, fullscreen (observerstate.go).
	rs renderingObservers

	// Captured before any page script runs (animation.go): marks promises handled.
	promiseThen goja.Callable
	noop        goja.Value

	ranges liveRanges // the live ranges the mutation algorithms update (range.go)

	// Custom elements (customelements.go): the registry (made by the first
	// window.customElements), the reactions stack, and `new C()` as a callable.
	signalSlots []*Node // the agent's signal slots (shadow.go)

	ce        *customElementRegistry
	ceStack   ceReactionsStack
	newHelper goja.Callable

	clone  cloneIntrinsics // what structured serialization uses (cloneintrinsics.go)
	worker *WorkerGlobal   // a worker realm's global (workerglobalscope.go); nil for a window
	// The window's global object, and the realm of its parent window for an iframe's
	// (iframe.go; nil for a top-level window).
	global *goja.Object
	parent *realm
	// timeOrigin is the window's time origin in the host's ms (Now): 0 for a top-level
	// window, its creation for an iframe's. Its events' timeStamp counts from it.
	timeOrigin float64
}

type nativeFn = webidl.NativeFunc

// iface returns the interface named name.
func (r *realm) iface(name string) *webidl.Interface { return r.idl.Interface(name) }

// Errors.

// throwDOM throws err as a JS exception: a DOMException for *DOMException, else a TypeError.
// context is the "Failed to execute 'x' on 'Y': " prefix Chrome puts in messages.
func (r *realm) throwDOM(context string, err error) {
	if de, ok := err.(*DOMException); ok {
		panic(r.newDOMException(de.Name, context+de.Message))
	}
	panic(r.idl.TypeError(context + err.Error()))
}

// check throws err (if any) from the operation method of iface.
func (r *realm) check(method, iface string, err error) {
	if err != nil {
		r.throwDOM(webidl.Failed(method, iface), err)
	}
}

// Conversions (https://webidl.spec.whatwg.org/#es-type-mapping).

// toDOMString converts to DOMString.
func toDOMString(v goja.Value) string {
	if v == nil {
		return "undefined"
	}
	return v.String()
}

// toNullableString converts to DOMString? (null and undefined → invalid).
func toNullableString(v goja.Value) nullString {
	if v == nil || goja.IsNull(v) || goja.IsUndefined(v) {
		return nullString{}
	}
	return nullable(v.String())
}

// toStringNullEmpty converts with [LegacyNullToEmptyString].
func toStringNullEmpty(v goja.Value) string {
	if v == nil || goja.IsNull(v) {
		return ""
	}
	return v.String()
}

// toBool converts to boolean.
func toBool(v goja.Value) bool { return v != nil && v.ToBoolean() }

// toLong converts to long (ToInt32).
func toLong(v goja.Value) int {
	if v == nil {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int(int32(int64(math.Trunc(f))))
}

// toUnsignedLong converts to unsigned long (ToUint32).
func toUnsignedLong(v goja.Value) int {
	if v == nil {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int(uint32(int64(math.Trunc(f))))
}

// toDouble converts to double (non-finite values allowed for unrestricted double).
func toDouble(v goja.Value) float64 {
	if v == nil || goja.IsUndefined(v) {
		return 0
	}
	return v.ToFloat()
}

// toFloat converts to a WebIDL float: a value that is not finite, or not once rounded to
// a float, is a TypeError, its message after ctx ("Failed to ... on 'X': ").
// https://webidl.spec.whatwg.org/#es-float
func (r *realm) toFloat(v goja.Value, ctx string) float64 {
	x := toDouble(v)
	if math.IsNaN(x) || math.IsInf(x, 0) || math.IsInf(float64(float32(x)), 0) {
		panic(r.idl.TypeError(ctx + "The provided float value is non-finite."))
	}
	return x
}

func isNullish(v goja.Value) bool { return v == nil || goja.IsUndefined(v) || goja.IsNull(v) }

// str returns a JS string value.
func (r *realm) str(s string) goja.Value { return r.rt.ToValue(s) }

// nullableStr returns a JS string or null.
func (r *realm) nullableStr(s nullString) goja.Value {
	if !s.valid {
		return goja.Null()
	}
	return r.rt.ToValue(s.s)
}

// dictGet reads a dictionary member (undefined when absent or when dict is not an object).
func dictGet(dict goja.Value, key string) goja.Value {
	o, ok := dict.(*goja.Object)
	if !ok {
		return goja.Undefined()
	}
	v := o.Get(key)
	if v == nil {
		return goja.Undefined()
	}
	return v
}

// checkDict throws when a dictionary argument is not an object, null or undefined.
func (r *realm) checkDict(v goja.Value, context, dictName string) {
	if isNullish(v) {
		return
	}
	if _, ok := v.(*goja.Object); !ok {
		panic(r.idl.TypeError(context + "The provided value is not of type '" + dictName + "'."))
	}
}
