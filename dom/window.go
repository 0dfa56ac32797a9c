package dom

import (
	"loopscope/internal/webidl"

	"errors"

	"github.com/dop251/goja"
)

// Window is the global object of a page. https://html.spec.whatwg.org/multipage/nav-history-apis.html#window
type Window struct {
	doc    *Document
	target eventTarget
	layout Layout
	// animator runs element.animate()'s animations (animation.go).
	animator Animator
}

func (w *Window) eventTargetData() *eventTarget { return &w.target }
func (w *Window) getTheParent(*Event) Target    { return nil }
func (w *Window) realmOf() *realm               { return w.doc.realm }

// Document returns the window's document.
func (w *Window) Document() *Document { return w.doc }

// Object returns the global object (nil before Install).
func (w *Window) Object() *goja.Object {
	if w.doc.realm == nil {
		return nil
	}
	return w.doc.realm.rt.GlobalObject()
}

// NodeOf returns the DOM node behind a JS value (nil if it is not a node wrapper), e.g.
// for the console to print elements.
func (w *Window) NodeOf(v goja.Value) *Node {
	if w.doc.realm == nil {
		return nil
	}
	n, _ := w.doc.realm.idl.Unwrap(v).(*Node)
	return n
}

// Wrap returns the JS object of a node (nil before Install).
func (w *Window) Wrap(n *Node) goja.Value {
	if w.doc.realm == nil || n == nil {
		return nil
	}
	return w.doc.realm.wrapNode(n)
}

// DispatchTrusted dispatches a trusted event at the window (resize, message, ...).
func (w *Window) DispatchTrusted(ev *Event) (notCanceled bool) {
	return w.doc.fireTrusted(w, ev, false)
}

// FireError fires an ErrorEvent at the window for an uncaught exception and calls
// window.onerror(message, filename, lineno, colno, error); a true return value (or
// preventDefault) cancels it. It returns whether it was canceled, i.e. whether the
// caller must not print "Uncaught ...". An error thrown while reporting is not reported
// again through the event (it returns false so the caller prints it).
// https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception
func (w *Window) FireError(message, filename string, lineno, colno int, errVal goja.Value) (canceled bool) {
	r := w.doc.realm
	if r == nil || r.reportingError {
		return false
	}
	r.reportingError = true
	defer func() { r.reportingError = false }()
	ev := createEvent("error", kindErrorEvent, EventInit{Cancelable: true})
	ev.other().message, ev.other().filename, ev.other().lineno, ev.other().colno = message, filename, lineno, colno
	if errVal == nil {
		errVal = goja.Undefined()
	}
	ev.other().errorValue = errVal
	return !w.doc.fireTrusted(w, ev, false)
}

// FirePromiseRejection fires a PromiseRejectionEvent ("unhandledrejection", cancelable,
// or "rejectionhandled") at the window and returns whether it was canceled.
// https://html.spec.whatwg.org/multipage/webappapis.html#unhandled-promise-rejections
func (w *Window) FirePromiseRejection(typ string, promise, reason goja.Value) (canceled bool) {
	if w.doc.realm == nil {
		return false
	}
	ev := createEvent(typ, kindPromiseRejectionEvent, EventInit{Cancelable: typ == "unhandledrejection"})
	ev.other().promise, ev.other().reason = promise, reason
	return !w.doc.fireTrusted(w, ev, false)
}

// SetReadyState sets document.readyState and fires readystatechange at the document.
// https://html.spec.whatwg.org/multipage/dom.html#update-the-current-document-readiness
func (d *Document) SetReadyState(state string) {
	if d.readyState == state {
		return
	}
	d.readyState = state
	d.fireTrusted(d.node, createEvent("readystatechange", kindEvent, EventInit{}), false)
}

// FireDOMContentLoaded fires DOMContentLoaded at the document (it bubbles to the window).
// https://html.spec.whatwg.org/multipage/parsing.html#the-end (step 6)
func (d *Document) FireDOMContentLoaded() {
	d.fireTrusted(d.node, createEvent("DOMContentLoaded", kindEvent, EventInit{Bubbles: true}), false)
}

// FireLoad fires load at the window with the document as its target.
// https://html.spec.whatwg.org/multipage/parsing.html#the-end (step 7)
func (d *Document) FireLoad() {
	d.fireTrusted(d.window, createEvent("load", kindEvent, EventInit{}), true)
}

// Window returns the document's window.
func (d *Document) Window() *Window { return d.window }

// Install installs the DOM bindings on host.Runtime()'s global object, which becomes the
// window of doc, and returns it.
func Install(host Host, doc *Document, opts Options) (w *Window, err error) {
	return installWindowRealm(host, doc, opts, nil)
}

// timeOriginOf is the time origin of a window made now with the given parent realm: the
// host's time origin for a top-level window (its Now counts from it), now for an iframe's.
func timeOriginOf(host Host, parent *realm) float64 {
	if parent == nil {
		return 0
	}
	return host.Now()
}

// TimeOrigin is the window's time origin, in ms of its host's clock (Host.Now): 0 for a
// top-level window, its creation for an iframe's. Its events' timeStamp count from it, and
// so must its performance.now() and animation frame timestamps (the host's).
func (w *Window) TimeOrigin() float64 {
	if w.doc.realm == nil {
		return 0
	}
	return w.doc.realm.timeOrigin
}

// installWindowRealm is Install, for an iframe's window too: parent is the realm of its
// parent window (nil for a top-level one).
func installWindowRealm(host Host, doc *Document, opts Options, parent *realm) (w *Window, err error) {
	if host == nil || doc == nil {
		return nil, errors.New("dom: Install needs a host and a document")
	}
	if doc.realm != nil {
		return nil, errors.New("dom: document already installed")
	}
	defer func() {
		if p := recover(); p != nil {
			doc.realm = nil
			w, err = nil, errors.New("dom: installing bindings failed")
			if e, ok := p.(error); ok {
				err = errors.Join(err, e)
			}
		}
	}()
	r := &realm{
		host: host, rt: host.Runtime(), doc: doc, win: doc.window, opts: opts, parent: parent,
		// HR Time: a window's time origin is when its document's environment is made.
		timeOrigin:     timeOriginOf(host, parent),
		idl:            webidl.NewRealm(host.Runtime()),
		elementClasses: make(map[string]*webidl.Interface, 64),
	}
	r.install()
	doc.realm = r
	if parent != nil && opts.WindowGlobals != nil {
		opts.WindowGlobals(doc.window, host.Runtime().CurrentRealm())
	}
	return doc.window, nil
}
