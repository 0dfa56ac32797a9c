package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// install builds every interface and turns the global object into the window.
func (r *realm) install() {
	// Every operation and setter is a [CEReactions] scope (internal/webidl).
	r.ceStack.r = r
	// click() and dispatchEvent() are not: an activation behaviour's attribute change goes
	// to the backup element queue (a microtask), as in Chrome.
	r.idl.SetReactionsStack(&r.ceStack, "click", "dispatchEvent")
	r.compileHandler = r.newCompileHandler()
	r.syntaxError, _ = goja.AssertConstructor(r.rt.Get("SyntaxError"))
	r.rangeError, _ = goja.AssertConstructor(r.rt.Get("RangeError"))
	r.captureCloneIntrinsics()
	r.installDOMException()
	r.installEventTarget()
	r.installEvents()
	r.installNode()
	r.installElement()
	r.installDocument()
	r.installOpaqueRange(r.iface("AbstractRange"), r.iface("HTMLInputElement"), r.iface("HTMLTextAreaElement"))
	r.installCollections()
	r.installStyle()
	r.installMutationObserver()
	r.installResizeObserver()
	r.installIntersectionObserver()
	r.installFullscreen()
	r.installMessaging()
	r.installBlob()
	r.installImageBitmap()
	r.installBase64()
	r.installURL()
	r.installWorker()
	r.installWindow()
	r.installCustomElements()
	r.installDOMParser()
	r.installShadowDOM()
	r.installLayoutAPIs()
	r.installAnimations()
	r.idl.Expose(r.rt.GlobalObject())
}

// domException is a DOMException. https://webidl.spec.whatwg.org/#idl-DOMException
type domException struct{ name, message string }

func (r *realm) installDOMException() {
	c := r.idl.DefineInterface("DOMException", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		e := &domException{name: "Error"}
		if v := call.Argument(0); !goja.IsUndefined(v) {
			e.message = toDOMString(v)
		}
		if v := call.Argument(1); !goja.IsUndefined(v) {
			e.name = toDOMString(v)
		}
		r.idl.SetSlot(call.This, e)
		return call.This
	})
	if errProto, ok := r.rt.Get("Error").(*goja.Object).Get("prototype").(*goja.Object); ok {
		_ = c.Proto.SetPrototype(errProto)
	}
	m := webidl.On(c, func(call goja.FunctionCall) *domException { return webidl.This[*domException](r.idl, call) })
	m.Getter("name", func(e *domException) goja.Value { return r.str(e.name) })
	m.Getter("message", func(e *domException) goja.Value { return r.str(e.message) })
	m.Getter("code", func(e *domException) goja.Value { return r.rt.ToValue(domExceptionCode(e.name)) })
	for _, n := range []struct {
		name string
		code int
	}{{"INDEX_SIZE_ERR", 1}, {"HIERARCHY_REQUEST_ERR", 3}, {"WRONG_DOCUMENT_ERR", 4}, {"INVALID_CHARACTER_ERR", 5},
		{"NO_MODIFICATION_ALLOWED_ERR", 7}, {"NOT_FOUND_ERR", 8}, {"NOT_SUPPORTED_ERR", 9}, {"INVALID_STATE_ERR", 11},
		{"SYNTAX_ERR", 12}, {"INVALID_MODIFICATION_ERR", 13}, {"NAMESPACE_ERR", 14}, {"INVALID_ACCESS_ERR", 15},
		{"TYPE_MISMATCH_ERR", 17}, {"SECURITY_ERR", 18}, {"NETWORK_ERR", 19}, {"ABORT_ERR", 20},
		{"URL_MISMATCH_ERR", 21}, {"QUOTA_EXCEEDED_ERR", 22}, {"TIMEOUT_ERR", 23}, {"INVALID_NODE_TYPE_ERR", 24},
		{"DATA_CLONE_ERR", 25}} {
		c.Constant(n.name, n.code)
	}
}

// describeException is a DOMException's name and message, read from its slot (no script
// runs: its name and message are getters on its prototype), for the host's error reports;
// ok is false for any other value.
func (r *realm) describeException(o *goja.Object) (name, message, iface string, ok bool) {
	e, ok := r.idl.Unwrap(o).(*domException)
	if !ok {
		return "", "", "", false
	}
	return e.name, e.message, "DOMException", true
}

// DescribeException is the name, message and interface name of a DOMException of the
// window's realm (ok is false for any other value), read without running script: what an
// uncaught one's report says ("Uncaught InvalidStateError: ...").
func (w *Window) DescribeException(o *goja.Object) (name, message, iface string, ok bool) {
	return w.realmOf().describeException(o)
}

// DescribeException is Window.DescribeException for the worker's realm.
func (g *WorkerGlobal) DescribeException(o *goja.Object) (name, message, iface string, ok bool) {
	return g.realmOf().describeException(o)
}

// newDOMException creates a DOMException object.
func (r *realm) newDOMException(name, message string) *goja.Object {
	return r.idl.NewObject(r.iface("DOMException").Proto, &domException{name: name, message: message})
}

// installWindow defines Window and Location and sets up the global object.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object
func (r *realm) installWindow() {
	win := r.idl.DefineInterface("Window", r.iface("EventTarget"), 0, nil)
	// Window.prototype → WindowProperties (named access by id) → EventTarget.prototype.
	named := r.rt.NewDynamicObject(&windowProperties{r: r})
	_ = named.SetPrototype(r.iface("EventTarget").Proto)
	_ = win.Proto.SetPrototype(named)
	global := r.rt.GlobalObject()
	_ = global.SetPrototype(win.Proto)
	_ = global.DeleteSymbol(goja.SymToStringTag) // goja's own "global" tag would hide Window's
	r.idl.SetSlot(global, r.win)
	r.global = global
	self := func(call goja.FunctionCall) goja.Value { return global }
	r.unforgeable(global, "window", self)
	r.unforgeable(global, "document", func(call goja.FunctionCall) goja.Value { return r.wrapNode(r.doc.node) })
	// An iframe's window (iframe.go): its parent's, the top-level one, and its iframe while
	// it is one's content.
	// "If this's navigable is null, then return null" (a removed iframe's window).
	r.unforgeable(global, "top", func(call goja.FunctionCall) goja.Value {
		if !r.doc.fullyActive() {
			return goja.Null()
		}
		return r.doc.topDocument().realm.global
	})
	for _, name := range []string{"self", "frames"} {
		r.replaceable(global, name, self)
	}
	r.replaceable(global, "parent", func(call goja.FunctionCall) goja.Value {
		switch {
		case !r.doc.fullyActive():
			return goja.Null()
		case r.parent != nil:
			return r.parent.global
		}
		return global
	})
	r.idl.DefineAccessor(global, "closed", func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(!r.doc.fullyActive())
	}, nil)
	r.idl.DefineAccessor(global, "frameElement", func(call goja.FunctionCall) goja.Value {
		if nav := r.doc.parentNavigable; nav != nil && r.parent != nil {
			return r.parent.wrapNode(nav.container)
		}
		return goja.Null()
	}, nil)
	// "the number of document-tree child navigables of this's associated Document".
	r.replaceable(global, "length", func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(len(r.doc.documentTreeChildNavigables()))
	})
	r.replaceable(global, "event", func(call goja.FunctionCall) goja.Value {
		if r.currentEvent == nil {
			return goja.Undefined()
		}
		return r.wrapEvent(r.currentEvent)
	})
	// "The name getter steps are: If this's navigable is null, then return the empty
	// string. Return this's navigable's target name." An iframe's window's is its
	// navigable's, which keeps it across navigations (navigation.go).
	// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-name
	r.idl.DefineAccessor(global, "name", func(call goja.FunctionCall) goja.Value {
		if !r.doc.fullyActive() {
			return r.str("")
		}
		return r.str(*r.targetName())
	}, func(call goja.FunctionCall) goja.Value {
		if r.doc.fullyActive() {
			*r.targetName() = toDOMString(call.Argument(0))
		}
		return goja.Undefined()
	})
	r.handlerAttrs(global, globalEventHandlers+" "+windowEventHandlers, func(call goja.FunctionCall) Target { return r.win })
	// https://w3c.github.io/selection-api/#dom-window-getselection: "return the result of
	// calling getSelection() on this's associated Document".
	win.Operation("getSelection", 0, func(call goja.FunctionCall) goja.Value { return r.selectionOf(r.doc) })
	win.Operation("postMessage", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "postMessage", "Window")
		// postMessage(message, targetOrigin, optional transfer) or (message, optional options):
		// the second argument picks the overload (a string: targetOrigin).
		// FIXME(spec): targetOrigin is not checked (the target is always this window).
		ctx := webidl.Failed("postMessage", "Window")
		transferArg := call.Argument(2)
		if second := call.Argument(1); isNullish(second) {
			transferArg = goja.Undefined()
		} else if _, isObj := second.(*goja.Object); isObj {
			transferArg = dictGet(second, "transfer")
		}
		r.windowPostMessage(call.Argument(0), r.transferList(transferArg, ctx, nil))
		return goja.Undefined()
	})
	r.installLocation(global)
	// origin: "Return this's relevant settings object's origin, serialized." CHROME: a file:
	// page's is "file://", as its location.origin (the spec's opaque origin serialises as
	// "null"). https://html.spec.whatwg.org/multipage/webappapis.html#dom-origin
	r.replaceable(global, "origin", func(goja.FunctionCall) goja.Value { return r.location.Get("origin") })
}

// unforgeable defines a [LegacyUnforgeable] read-only attribute on the object itself.
// https://webidl.spec.whatwg.org/#LegacyUnforgeable
func (r *realm) unforgeable(o *goja.Object, name string, get nativeFn) {
	_ = o.DefineAccessorProperty(name, r.idl.Func("get "+name, 0, get), nil, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

// installLocation defines Location and window.location (read-only: loopscope does not
// navigate).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface
func (r *realm) installLocation(global *goja.Object) {
	loc := r.idl.DefineInterface("Location", nil, 0, nil)
	r.location = r.idl.NewObject(loc.Proto, r.doc)
	href := func() string { return r.doc.urlStr }
	part := func(name string, f func() string) {
		r.unforgeable(r.location, name, func(goja.FunctionCall) goja.Value { return r.str(f()) })
	}
	part("href", href)
	part("protocol", func() string { return r.doc.url.Scheme + ":" })
	part("host", func() string { return r.doc.url.Host })
	part("hostname", func() string { return r.doc.url.Hostname() })
	part("port", func() string { return r.doc.url.Port() })
	part("pathname", func() string {
		u := r.doc.url
		if u.Opaque != "" {
			return u.Opaque
		}
		return u.EscapedPath()
	})
	part("search", func() string {
		u := r.doc.url
		if u.RawQuery == "" {
			return ""
		}
		return "?" + u.RawQuery
	})
	part("hash", func() string {
		if f := r.doc.url.EscapedFragment(); f != "" {
			return "#" + f
		}
		return ""
	})
	part("origin", func() string {
		u := r.doc.url
		switch u.Scheme {
		case "http", "https":
			return u.Scheme + "://" + u.Host
		case "file":
			return "file://"
		}
		return "null"
	})
	noop := r.idl.Func("reload", 0, func(goja.FunctionCall) goja.Value { return goja.Undefined() })
	for _, m := range []string{"reload", "assign", "replace"} {
		_ = r.location.DefineDataProperty(m, noop, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	_ = r.location.DefineDataProperty("toString", r.idl.Func("toString", 0, func(goja.FunctionCall) goja.Value {
		return r.str(href())
	}), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	r.unforgeable(global, "location", func(call goja.FunctionCall) goja.Value { return r.location })
}

// windowProperties is the named properties object of the window: elements by id (and by
// name for a few elements) read as window properties.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#named-access-on-the-window-object
type windowProperties struct{ r *realm }

func (w *windowProperties) lookup(key string) *Node {
	if key == "" {
		return nil
	}
	d := w.r.doc
	if n := d.GetElementByID(key); n != nil {
		return n
	}
	for c := range d.node.h.Descendants() {
		if c.Type == html.ElementNode && c.Namespace == "" {
			switch c.Data {
			case "embed", "form", "img", "object":
				if v, ok := d.NodeFor(c).GetAttribute("name"); ok && v == key {
					return d.NodeFor(c)
				}
			}
		}
	}
	return nil
}

func (w *windowProperties) Get(key string) goja.Value {
	if nav := w.r.namedChildNavigable(key); nav != nil {
		return nav.doc.realm.global
	}
	if n := w.lookup(key); n != nil {
		return w.r.wrapNode(n)
	}
	return nil
}
func (w *windowProperties) Set(string, goja.Value) bool { return false }
func (w *windowProperties) Has(key string) bool {
	return w.r.namedChildNavigable(key) != nil || w.lookup(key) != nil
}
func (w *windowProperties) Delete(string) bool { return false }
func (w *windowProperties) Keys() []string     { return nil }

// consoleMessage writes a browser message to the page's console (console[level]) if any.
func (r *realm) consoleMessage(level, msg string) {
	r.rt.Try(func() {
		c, ok := r.rt.GlobalObject().Get("console").(*goja.Object)
		if !ok {
			return
		}
		if f, ok := goja.AssertFunction(c.Get(level)); ok {
			_, _ = f(c, r.str(msg))
		}
	})
}

// replaceable defines a [Replaceable] attribute: assigning to it replaces the accessor
// with a data property. https://webidl.spec.whatwg.org/#Replaceable
func (r *realm) replaceable(o *goja.Object, name string, get nativeFn) {
	r.idl.DefineAccessor(o, name, get, func(call goja.FunctionCall) goja.Value {
		_ = o.DefineDataProperty(name, call.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		return goja.Undefined()
	})
}
