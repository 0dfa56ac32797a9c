package dom

import "github.com/dop251/goja"

// thisTarget returns the EventTarget `this`; undefined/null this is the window.
func (r *realm) thisTarget(call goja.FunctionCall) Target {
	if isNullish(call.This) {
		return r.win
	}
	if t, ok := r.unwrap(call.This).(Target); ok {
		return t
	}
	panic(r.illegalInvocation())
}

// wrapTarget returns the JS object of an event target.
func (r *realm) wrapTarget(t Target) goja.Value {
	switch v := t.(type) {
	case nil:
		return goja.Null()
	case *Node:
		return r.wrapNode(v)
	case *Window:
		return r.rt.GlobalObject()
	case *AbortSignal:
		return r.wrapSignal(v)
	case *MessagePort:
		return r.wrapPort(v)
	case *plainTarget:
		return v.obj
	}
	return goja.Null()
}

// installEventTarget defines EventTarget, AbortController and AbortSignal.
// https://dom.spec.whatwg.org/#interface-eventtarget
func (r *realm) installEventTarget() {
	et := r.newClass("EventTarget", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		p := &plainTarget{realm: r, obj: call.This}
		r.setSlot(call.This, p)
		return call.This
	})
	et.method("addEventListener", 2, func(call goja.FunctionCall) goja.Value {
		t := r.thisTarget(call)
		ctx := failed("addEventListener", "EventTarget")
		r.requireArgs(call, 2, "addEventListener", "EventTarget")
		typ := toDOMString(call.Argument(0))
		cb := call.Argument(1)
		if isNullish(cb) {
			return goja.Undefined()
		}
		if _, ok := cb.(*goja.Object); !ok {
			panic(r.typeError(ctx + "parameter 2 is not of type 'Object'."))
		}
		l := &listener{typ: typ, callback: cb}
		l.fn, _ = goja.AssertFunction(cb)
		opts := call.Argument(2)
		passiveSet := false
		if o, ok := opts.(*goja.Object); ok {
			l.capture = toBool(o.Get("capture"))
			l.once = toBool(o.Get("once"))
			if p := o.Get("passive"); p != nil && !goja.IsUndefined(p) {
				l.passive, passiveSet = p.ToBoolean(), true
			}
			if s := o.Get("signal"); s != nil && !goja.IsUndefined(s) {
				sig, ok := r.unwrap(s).(*AbortSignal)
				if !ok {
					panic(r.typeError(ctx + "Failed to read the 'signal' property from 'AddEventListenerOptions': Failed to convert value to 'AbortSignal'."))
				}
				l.signal = sig
			}
		} else {
			l.capture = toBool(opts)
		}
		addEventListener(t, l, passiveSet)
		return goja.Undefined()
	})
	et.method("removeEventListener", 2, func(call goja.FunctionCall) goja.Value {
		t := r.thisTarget(call)
		r.requireArgs(call, 2, "removeEventListener", "EventTarget")
		cb := call.Argument(1)
		if isNullish(cb) {
			return goja.Undefined()
		}
		capture := false
		if o, ok := call.Argument(2).(*goja.Object); ok {
			capture = toBool(o.Get("capture"))
		} else {
			capture = toBool(call.Argument(2))
		}
		if l := findListener(t, toDOMString(call.Argument(0)), cb, capture); l != nil {
			removeEventListener(t, l)
		}
		return goja.Undefined()
	})
	et.method("dispatchEvent", 1, func(call goja.FunctionCall) goja.Value {
		t := r.thisTarget(call)
		ctx := failed("dispatchEvent", "EventTarget")
		r.requireArgs(call, 1, "dispatchEvent", "EventTarget")
		ev, ok := r.unwrap(call.Argument(0)).(*Event)
		if !ok {
			panic(r.typeError(ctx + "parameter 1 is not of type 'Event'."))
		}
		if ev.dispatching || !ev.initialized {
			panic(r.newDOMException("InvalidStateError", ctx+"The event is already being dispatched."))
		}
		ev.trusted = false
		return r.rt.ToValue(dispatch(ev, t, false))
	})

	// AbortController and AbortSignal. https://dom.spec.whatwg.org/#interface-abortcontroller
	signal := r.newClass("AbortSignal", et, 0, nil)
	ac := r.newClass("AbortController", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		r.setSlot(call.This, &abortController{signal: &AbortSignal{realm: r}})
		return call.This
	})
	thisController := func(call goja.FunctionCall) *AbortSignal {
		if c, ok := r.unwrap(call.This).(*abortController); ok {
			return c.signal
		}
		panic(r.illegalInvocation())
	}
	ac.attr("signal", func(call goja.FunctionCall) goja.Value { return r.wrapSignal(thisController(call)) }, nil)
	ac.method("abort", 0, func(call goja.FunctionCall) goja.Value {
		thisController(call).signalAbort(call.Argument(0))
		return goja.Undefined()
	})
	thisSignal := func(call goja.FunctionCall) *AbortSignal {
		if s, ok := r.unwrap(call.This).(*AbortSignal); ok {
			return s
		}
		panic(r.illegalInvocation())
	}
	signal.attr("aborted", func(call goja.FunctionCall) goja.Value { return r.rt.ToValue(thisSignal(call).aborted) }, nil)
	signal.attr("reason", func(call goja.FunctionCall) goja.Value {
		s := thisSignal(call)
		if s.reason == nil {
			return goja.Undefined()
		}
		return s.reason
	}, nil)
	signal.method("throwIfAborted", 0, func(call goja.FunctionCall) goja.Value {
		if s := thisSignal(call); s.aborted {
			panic(s.reason)
		}
		return goja.Undefined()
	})
	r.handlerAttr(signal, "onabort", func(call goja.FunctionCall) Target { return thisSignal(call) })
	signal.staticMethod("abort", 0, func(call goja.FunctionCall) goja.Value {
		s := &AbortSignal{realm: r}
		s.signalAbort(call.Argument(0))
		return r.wrapSignal(s)
	})
}

// abortController is an AbortController. https://dom.spec.whatwg.org/#interface-abortcontroller
type abortController struct{ signal *AbortSignal }

// wrapSignal returns the JS object of an AbortSignal.
func (r *realm) wrapSignal(s *AbortSignal) *goja.Object {
	if s.obj == nil {
		s.obj = r.newPlatformObject(r.classes["AbortSignal"].proto, s)
	}
	return s.obj
}

// handlerAttr defines an event handler IDL attribute on a class prototype.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-idl-attributes
func (r *realm) handlerAttr(c *class, name string, this func(goja.FunctionCall) Target) {
	defineHandlerAccessor(r, c.proto, name, this)
}

func defineHandlerAccessor(r *realm, o *goja.Object, name string, this func(goja.FunctionCall) Target) {
	defineAccessor(r, o, name, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		h := t.eventTargetData().handlers[name]
		if h == nil {
			return goja.Null()
		}
		if v := h.currentValue(r, t); v != nil {
			return v
		}
		return goja.Null()
	}, func(call goja.FunctionCall) goja.Value {
		setEventHandlerIDL(this(call), name, call.Argument(0))
		return goja.Undefined()
	})
}

// handlerAttrs defines the event handler IDL attributes in a space-separated list.
func (r *realm) handlerAttrs(o *goja.Object, list string, this func(goja.FunctionCall) Target) {
	for len(list) > 0 {
		name := list
		rest := ""
		for i := 0; i < len(list); i++ {
			if list[i] == ' ' {
				name, rest = list[:i], list[i+1:]
				break
			}
		}
		defineHandlerAccessor(r, o, name, this)
		list = rest
	}
}
