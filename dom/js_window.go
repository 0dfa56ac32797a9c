package dom

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// install builds every interface and turns the global object into the window.
func (r *realm) install() {
	f, err := r.rt.RunString(ctorFactorySource)
	if err != nil {
		panic(err)
	}
	r.ctorFactory, _ = goja.AssertFunction(f)
	r.compileHandler = r.newCompileHandler()
	r.installDOMException()
	r.installEventTarget()
	r.installEvents()
	r.installNode()
	r.installElement()
	r.installDocument()
	r.installCollections()
	r.installStyle()
	r.installMutationObserver()
	r.installMessaging()
	r.installWindow()
	r.installLayoutAPIs()
	global := r.rt.GlobalObject()
	for name, c := range r.classes {
		_ = global.DefineDataProperty(name, c.ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
}

// domException is a DOMException. https://webidl.spec.whatwg.org/#idl-DOMException
type domException struct{ name, message string }

func (r *realm) installDOMException() {
	c := r.newClass("DOMException", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		e := &domException{name: "Error"}
		if v := call.Argument(0); !goja.IsUndefined(v) {
			e.message = toDOMString(v)
		}
		if v := call.Argument(1); !goja.IsUndefined(v) {
			e.name = toDOMString(v)
		}
		r.setSlot(call.This, e)
		return call.This
	})
	if errProto, ok := r.rt.Get("Error").(*goja.Object).Get("prototype").(*goja.Object); ok {
		_ = c.proto.SetPrototype(errProto)
	}
	this := func(call goja.FunctionCall) *domException {
		if e, ok := r.unwrap(call.This).(*domException); ok {
			return e
		}
		panic(r.illegalInvocation())
	}
	c.attr("name", func(call goja.FunctionCall) goja.Value { return r.str(this(call).name) }, nil)
	c.attr("message", func(call goja.FunctionCall) goja.Value { return r.str(this(call).message) }, nil)
	c.attr("code", func(call goja.FunctionCall) goja.Value { return r.rt.ToValue(domExceptionCode(this(call).name)) }, nil)
	for _, n := range []struct {
		name string
		code int
	}{{"INDEX_SIZE_ERR", 1}, {"HIERARCHY_REQUEST_ERR", 3}, {"WRONG_DOCUMENT_ERR", 4}, {"INVALID_CHARACTER_ERR", 5},
		{"NO_MODIFICATION_ALLOWED_ERR", 7}, {"NOT_FOUND_ERR", 8}, {"NOT_SUPPORTED_ERR", 9}, {"INVALID_STATE_ERR", 11},
		{"SYNTAX_ERR", 12}, {"INVALID_MODIFICATION_ERR", 13}, {"NAMESPACE_ERR", 14}, {"INVALID_ACCESS_ERR", 15},
		{"TYPE_MISMATCH_ERR", 17}, {"SECURITY_ERR", 18}, {"NETWORK_ERR", 19}, {"ABORT_ERR", 20},
		{"URL_MISMATCH_ERR", 21}, {"QUOTA_EXCEEDED_ERR", 22}, {"TIMEOUT_ERR", 23}, {"INVALID_NODE_TYPE_ERR", 24},
		{"DATA_CLONE_ERR", 25}} {
		c.constant(n.name, n.code)
	}
}

// newDOMException creates a DOMException object.
func (r *realm) newDOMException(name, message string) *goja.Object {
	return r.newPlatformObject(r.classes["DOMException"].proto, &domException{name: name, message: message})
}

// installWindow defines Window and Location and sets up the global object.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object
func (r *realm) installWindow() {
	win := r.newClass("Window", r.classes["EventTarget"], 0, nil)
	// Window.prototype → WindowProperties (named access by id) → EventTarget.prototype.
	named := r.rt.NewDynamicObject(&windowProperties{r: r})
	_ = named.SetPrototype(r.classes["EventTarget"].proto)
	_ = win.proto.SetPrototype(named)
	global := r.rt.GlobalObject()
	_ = global.SetPrototype(win.proto)
	_ = global.DeleteSymbol(goja.SymToStringTag) // goja's own "global" tag would hide Window's
	r.setSlot(global, r.win)
	self := func(call goja.FunctionCall) goja.Value { return global }
	unforgeable := func(name string, get nativeFn) {
		_ = global.DefineAccessorProperty(name, r.newFunc("get "+name, 0, get), nil, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	unforgeable("window", self)
	unforgeable("document", func(call goja.FunctionCall) goja.Value { return r.wrapNode(r.doc.node) })
	unforgeable("top", self)
	for _, name := range []string{"self", "frames", "parent"} {
		r.replaceable(global, name, self)
	}
	r.replaceable(global, "event", func(call goja.FunctionCall) goja.Value {
		if r.currentEvent == nil {
			return goja.Undefined()
		}
		return r.wrapEvent(r.currentEvent)
	})
	_ = global.DefineDataProperty("name", r.str(""), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	_ = global.DefineDataProperty("closed", r.rt.ToValue(false), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	_ = global.DefineDataProperty("length", r.rt.ToValue(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	r.handlerAttrs(global, globalEventHandlers+" "+windowEventHandlers, func(call goja.FunctionCall) Target { return r.win })
	win.method("postMessage", 1, func(call goja.FunctionCall) goja.Value {
		r.requireArgs(call, 1, "postMessage", "Window")
		r.windowPostMessage(call.Argument(0))
		return goja.Undefined()
	})

	// Location. https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface
	loc := r.newClass("Location", nil, 0, nil)
	r.location = r.newPlatformObject(loc.proto, r.doc)
	u := r.doc.url
	href := func() string { return r.doc.urlStr }
	part := func(name string, f func() string) {
		_ = r.location.DefineAccessorProperty(name, r.newFunc("get "+name, 0, func(goja.FunctionCall) goja.Value {
			return r.str(f())
		}), nil, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	part("href", href)
	part("protocol", func() string { return u.Scheme + ":" })
	part("host", func() string { return u.Host })
	part("hostname", func() string { return u.Hostname() })
	part("port", func() string { return u.Port() })
	part("pathname", func() string {
		if u.Opaque != "" {
			return u.Opaque
		}
		return u.EscapedPath()
	})
	part("search", func() string {
		if u.RawQuery == "" {
			return ""
		}
		return "?" + u.RawQuery
	})
	part("hash", func() string {
		if f := u.EscapedFragment(); f != "" {
			return "#" + f
		}
		return ""
	})
	part("origin", func() string {
		switch u.Scheme {
		case "http", "https":
			return u.Scheme + "://" + u.Host
		case "file":
			return "file://"
		}
		return "null"
	})
	noop := r.newFunc("reload", 0, func(goja.FunctionCall) goja.Value { return goja.Undefined() })
	for _, m := range []string{"reload", "assign", "replace"} {
		_ = r.location.DefineDataProperty(m, noop, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	_ = r.location.DefineDataProperty("toString", r.newFunc("toString", 0, func(goja.FunctionCall) goja.Value {
		return r.str(href())
	}), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	unforgeable("location", func(call goja.FunctionCall) goja.Value { return r.location })
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
	if n := w.lookup(key); n != nil {
		return w.r.wrapNode(n)
	}
	return nil
}
func (w *windowProperties) Set(string, goja.Value) bool { return false }
func (w *windowProperties) Has(key string) bool         { return w.lookup(key) != nil }
func (w *windowProperties) Delete(string) bool          { return false }
func (w *windowProperties) Keys() []string              { return nil }

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
	defineAccessor(r, o, name, get, func(call goja.FunctionCall) goja.Value {
		_ = o.DefineDataProperty(name, call.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		return goja.Undefined()
	})
}
