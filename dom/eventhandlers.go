package dom

import (
	"errors"
	"strings"

	"github.com/dop251/goja"

	"loopscope/internal/jserr"
)

// eventHandler is an event handler: https://html.spec.whatwg.org/multipage/webappapis.html#event-handlers
type eventHandler struct {
	name       string     // "onclick"
	value      goja.Value // the callback, or nil (null)
	uncompiled string     // body of an uncompiled content attribute handler
	compile    bool       // value is the uncompiled script in uncompiled
	element    *Node      // element whose content attribute provided the script
	// Where the parser saw the content attribute: the line and column Chrome gives its
	// script's first line (just after the start tag's ">"); 0 when not from the parser.
	line, col int
	listener  *listener
}

// globalEventHandlers are the GlobalEventHandlers and DocumentAndElementEventHandlers names.
// https://html.spec.whatwg.org/multipage/webappapis.html#globaleventhandlers
const globalEventHandlers = "onabort onauxclick onbeforeinput onbeforematch onbeforetoggle onblur oncancel " +
	"oncanplay oncanplaythrough onchange onclick onclose oncontextlost oncontextmenu oncontextrestored " +
	"oncopy oncuechange oncut ondblclick ondrag ondragend ondragenter ondragleave ondragover ondragstart " +
	"ondrop ondurationchange onemptied onended onerror onfocus onformdata oninput oninvalid onkeydown " +
	"onkeypress onkeyup onload onloadeddata onloadedmetadata onloadstart onmousedown onmouseenter " +
	"onmouseleave onmousemove onmouseout onmouseover onmouseup onmousewheel onpaste onpause onplay onplaying " +
	"onprogress onratechange onreset onresize onscroll onscrollend onsecuritypolicyviolation onseeked " +
	"onseeking onselect onslotchange onstalled onsubmit onsuspend ontimeupdate ontoggle onvolumechange " +
	"onwaiting onwheel onanimationstart onanimationiteration onanimationend onanimationcancel " +
	"ontransitionrun ontransitionstart ontransitionend ontransitioncancel ongotpointercapture " +
	"onlostpointercapture onpointerdown onpointermove onpointerrawupdate onpointerup onpointercancel " +
	"onpointerover onpointerout onpointerenter onpointerleave onselectstart onselectionchange"

// windowEventHandlers are the WindowEventHandlers names (on window, reflected by body).
// https://html.spec.whatwg.org/multipage/webappapis.html#windoweventhandlers
const windowEventHandlers = "onafterprint onbeforeprint onbeforeunload onhashchange onlanguagechange " +
	"onmessage onmessageerror onoffline ononline onpagehide onpagereveal onpageshow onpageswap onpopstate " +
	"onrejectionhandled onstorage onunhandledrejection onunload"

// windowReflectingBodyHandlers are the body handlers that are the window's.
// https://html.spec.whatwg.org/multipage/webappapis.html#window-reflecting-body-element-event-handler-set
const windowReflectingBodyHandlers = "onblur onerror onfocus onload onresize onscroll"

// isHandlerName reports whether name is one of the space-separated names in list.
func isHandlerName(list, name string) bool {
	for len(list) > 0 {
		i := strings.IndexByte(list, ' ')
		if i < 0 {
			return list == name
		}
		if list[:i] == name {
			return true
		}
		list = list[i+1:]
	}
	return false
}

// handlerTargetFor returns the target whose event handler an element's content attribute
// name sets: the window for body's window-reflecting handlers, else the element; nil
// when name is not an event handler of the element.
func (n *Node) handlerTargetFor(name string) Target {
	isBody := n.h.Data == "body" || n.h.Data == "frameset"
	if isBody && (isHandlerName(windowReflectingBodyHandlers, name) || isHandlerName(windowEventHandlers, name)) {
		return n.doc.window
	}
	if isHandlerName(globalEventHandlers, name) {
		return n
	}
	return nil
}

// eventHandlerAttributeChanged runs the attribute change steps of event handler content
// attributes. https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes:concept-element-attributes-change-ext
func (n *Node) eventHandlerAttributeChanged(name, value string, present bool) {
	t := n.handlerTargetFor(name)
	if t == nil {
		return
	}
	if !present {
		deactivateEventHandler(t, name)
		return
	}
	h := handlerFor(t, name)
	h.value = nil
	h.compile, h.uncompiled, h.element = true, value, n
	h.line, h.col = 0, 0
	activateEventHandler(t, h)
}

// handlerFor returns (creating) the event handler name of t.
func handlerFor(t Target, name string) *eventHandler {
	et := t.eventTargetData()
	if et.handlers == nil {
		et.handlers = make(map[string]*eventHandler)
	}
	h := et.handlers[name]
	if h == nil {
		h = &eventHandler{name: name}
		et.handlers[name] = h
	}
	return h
}

// activateEventHandler adds the handler's listener if it has none.
// https://html.spec.whatwg.org/multipage/webappapis.html#activate-an-event-handler
func activateEventHandler(t Target, h *eventHandler) {
	if h.listener != nil {
		return
	}
	l := &listener{typ: h.name[2:], handler: h, callback: goja.Undefined()}
	et := t.eventTargetData()
	et.listeners = append(et.listeners, l)
	h.listener = l
	noteListenerType(t, l.typ)
}

// deactivateEventHandler removes the handler's listener and sets its value to null.
// https://html.spec.whatwg.org/multipage/webappapis.html#deactivate-an-event-handler
func deactivateEventHandler(t Target, name string) {
	et := t.eventTargetData()
	h := et.handlers[name]
	if h == nil {
		return
	}
	h.value, h.compile, h.uncompiled, h.element = nil, false, "", nil
	if h.listener != nil {
		removeEventListener(t, h.listener)
		h.listener = nil
	}
}

// setEventHandlerIDL implements the setter of an event handler IDL attribute.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-idl-attributes
func setEventHandlerIDL(t Target, name string, v goja.Value) {
	if _, ok := v.(*goja.Object); !ok {
		deactivateEventHandler(t, name)
		return
	}
	h := handlerFor(t, name)
	h.value, h.compile, h.uncompiled, h.element = v, false, "", nil
	activateEventHandler(t, h)
}

// currentValue returns the handler's callback, compiling an uncompiled one first; nil is null.
// https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
func (h *eventHandler) currentValue(r *realm, t Target) goja.Value {
	if !h.compile {
		return h.value
	}
	h.compile = false
	params := "event"
	if _, ok := t.(*Window); ok && h.name == "onerror" {
		params = "event, source, lineno, colno, error"
	}
	// The body is compiled as a script of the document's URL, padded to where the parser
	// saw it, so its errors give the file's lines (CHROME: the line and column after the
	// start tag's ">"). DEPARTURE: the wrapper takes the first line, so a handler with no
	// place in the file (setAttribute, or a tag that ends on line 1) starts on line 2.
	pad := ""
	if h.line >= 2 && h.line+h.col < maxHandlerPadding {
		pad = strings.Repeat("\n", h.line-2)
	}
	body := h.uncompiled
	if pad != "" && h.col > 1 {
		body = strings.Repeat(" ", h.col-1) + body
	}
	src := pad + "(function(__loopscope_document, __loopscope_element) { " +
		"with (__loopscope_document) with (__loopscope_element || {}) return function " + h.name + "(" + params + ") {\n" +
		body + "\n};\n})"
	var elem goja.Value = goja.Null()
	if h.element != nil {
		elem = r.wrapNode(h.element)
	}
	// Compile and evaluate through Host.Call, so the loop sees (and accounts for) the call.
	v, err := r.host.Call(r.compileHandler, goja.Undefined(), r.str(r.doc.urlStr), r.str(src), r.wrapNode(r.doc.node), elem)
	if err != nil {
		h.value = nil
		r.reportException(err)
		return nil
	}
	h.value = v
	return v
}

// newCompileHandler returns the native function that compiles an event handler body:
// compileHandler(name, source, document, element) → the handler function.
// https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
func (r *realm) newCompileHandler() goja.Callable {
	f := r.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		prog, err := goja.Compile(call.Argument(0).String(), call.Argument(1).String(), false)
		if err != nil {
			_, _, _, msg := jserr.ParseCompileError(err) // positions in the handler's wrapper: dropped
			panic(r.newSyntaxError(msg))
		}
		factory, err := r.rt.RunProgram(prog)
		if err != nil {
			panic(r.rt.NewGoError(err))
		}
		fn, ok := goja.AssertFunction(factory)
		if !ok {
			panic(r.idl.TypeError("handler factory is not a function"))
		}
		v, err := fn(goja.Undefined(), call.Argument(2), call.Argument(3))
		if err != nil {
			var ex *goja.Exception
			if errors.As(err, &ex) {
				panic(ex.Value())
			}
			panic(r.rt.NewGoError(err))
		}
		return v
	})
	c, _ := goja.AssertFunction(f)
	return c
}

// newSyntaxError creates a JS SyntaxError object (with the realm's own constructor).
func (r *realm) newSyntaxError(msg string) goja.Value {
	return r.newError(r.syntaxError, msg)
}

// newRangeError creates a JS RangeError object (with the realm's own constructor).
func (r *realm) newRangeError(msg string) goja.Value {
	return r.newError(r.rangeError, msg)
}

func (r *realm) newError(ctor goja.Constructor, msg string) goja.Value {
	if ctor == nil {
		return r.idl.TypeError(msg)
	}
	obj, err := ctor(nil, r.str(msg))
	if err != nil {
		return r.idl.TypeError(msg)
	}
	return obj
}

// processEvent is the event handler processing algorithm.
// https://html.spec.whatwg.org/multipage/webappapis.html#the-event-handler-processing-algorithm
func (h *eventHandler) processEvent(r *realm, t Target, ev *Event) error {
	cb := h.currentValue(r, t)
	if cb == nil {
		return nil
	}
	fn, ok := goja.AssertFunction(cb)
	if !ok {
		return nil
	}
	_, isWindow := t.(*Window)
	_, isWorkerGlobal := t.(*WorkerGlobal)
	// A window's and a worker global's onerror are OnErrorEventHandlers (five arguments).
	special := (isWindow || isWorkerGlobal) && h.name == "onerror" && ev.kind == kindErrorEvent && ev.typ == "error"
	var ret goja.Value
	var err error
	if special {
		ret, err = r.host.Call(fn, r.wrapTarget(t), r.str(ev.other().message), r.str(ev.other().filename),
			r.rt.ToValue(ev.other().lineno), r.rt.ToValue(ev.other().colno), ev.other().errorValue)
	} else {
		ret, err = r.host.Call(fn, r.wrapTarget(t), r.wrapEvent(ev))
	}
	if err != nil {
		return err
	}
	if special {
		if b, ok := exportBool(ret); ok && b {
			ev.setCanceledFlag()
		}
		return nil
	}
	if b, ok := exportBool(ret); ok && !b {
		ev.setCanceledFlag()
	}
	return nil
}

// exportBool returns v as a Go bool when it is a JS boolean.
func exportBool(v goja.Value) (bool, bool) {
	if v == nil {
		return false, false
	}
	b, ok := v.Export().(bool)
	return b, ok
}

// maxHandlerPadding bounds the padding of one handler's script (its line plus column).
const maxHandlerPadding = 1 << 20
