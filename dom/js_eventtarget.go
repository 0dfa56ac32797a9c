package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// thisTarget returns the EventTarget `this`; undefined/null this is the window.
func (r *realm) thisTarget(call goja.FunctionCall) Target {
	if isNullish(call.This) {
		if r.worker != nil {
			return r.worker
		}
		return r.win
	}
	if t, ok := r.idl.Unwrap(call.This).(Target); ok {
		return t
	}
	panic(r.idl.IllegalInvocation())
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
	case *Worker:
		return v.obj
	case *WorkerGlobal:
		return r.rt.GlobalObject()
	case *plainTarget:
		return v.obj
	case *MediaQueryList:
		return v.obj
	case *Animation:
		return v.obj
	}
	return goja.Null()
}

// installEventTarget defines EventTarget, AbortController and AbortSignal.
// https://dom.spec.whatwg.org/#interface-eventtarget
func (r *realm) installEventTarget() {
	et := r.idl.DefineInterface("EventTarget", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		p := &plainTarget{realm: r, obj: call.This}
		r.idl.SetSlot(call.This, p)
		return call.This
	})
	m := webidl.On(et, r.thisTarget)
	m.Method("addEventListener", 2, r.addEventListenerMethod)
	m.Method("removeEventListener", 2, func(t Target, call goja.FunctionCall) goja.Value {
		cb := call.Argument(1)
		// The options are converted (a capture getter runs) before the steps look at a
		// null callback: "1. Let capture be the result of flattening options. ... 3. If
		// this's event listener list contains an event listener whose ...".
		capture := false
		if o, ok := call.Argument(2).(*goja.Object); ok {
			capture = toBool(o.Get("capture"))
		} else {
			capture = toBool(call.Argument(2))
		}
		if isNullish(cb) {
			return goja.Undefined()
		}
		if l := findListener(t, toDOMString(call.Argument(0)), cb, capture); l != nil {
			removeEventListener(t, l)
		}
		return goja.Undefined()
	})
	m.Method("dispatchEvent", 1, func(t Target, call goja.FunctionCall) goja.Value {
		ctx := webidl.Failed("dispatchEvent", "EventTarget")
		ev, ok := r.idl.Unwrap(call.Argument(0)).(*Event)
		if !ok {
			panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'Event'."))
		}
		if ev.dispatching || !ev.initialized {
			panic(r.newDOMException("InvalidStateError", ctx+"The event is already being dispatched."))
		}
		ev.trusted = false
		return r.rt.ToValue(dispatch(ev, t, false))
	})
	r.installAbort(et)
}

// addEventListenerMethod is EventTarget's addEventListener(type, callback, options).
// https://dom.spec.whatwg.org/#dom-eventtarget-addeventlistener
func (r *realm) addEventListenerMethod(t Target, call goja.FunctionCall) goja.Value {
	ctx := webidl.Failed("addEventListener", "EventTarget")
	typ := toDOMString(call.Argument(0))
	cb := call.Argument(1)
	if _, ok := cb.(*goja.Object); !ok && !isNullish(cb) {
		panic(r.idl.TypeError(ctx + "parameter 2 is not of type 'Object'."))
	}
	// "1. Let capture, passive, once, and signal be the result of flattening more options":
	// the dictionary is read (its getters run, a null signal throws) even when the callback
	// is null, which step 3 then ignores.
	l := &listener{typ: typ, callback: cb}
	opts := call.Argument(2)
	passiveSet := false
	if o, ok := opts.(*goja.Object); ok {
		l.capture = toBool(o.Get("capture"))
		l.once = toBool(o.Get("once"))
		if p := o.Get("passive"); p != nil && !goja.IsUndefined(p) {
			l.passive, passiveSet = p.ToBoolean(), true
		}
		if s := o.Get("signal"); s != nil && !goja.IsUndefined(s) {
			sig, ok := r.idl.Unwrap(s).(*AbortSignal)
			if !ok {
				panic(r.idl.TypeError(ctx + "Failed to read the 'signal' property from 'AddEventListenerOptions': Failed to convert value to 'AbortSignal'."))
			}
			l.signal = sig
		}
	} else {
		l.capture = toBool(opts)
	}
	if isNullish(cb) {
		return goja.Undefined()
	}
	l.fn, _ = goja.AssertFunction(cb)
	addEventListener(t, l, passiveSet)
	return goja.Undefined()
}

// installAbort defines AbortController and AbortSignal.
// https://dom.spec.whatwg.org/#interface-abortcontroller
func (r *realm) installAbort(et *webidl.Interface) {
	signal := r.idl.DefineInterface("AbortSignal", et, 0, nil)
	ac := r.idl.DefineInterface("AbortController", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		r.idl.SetSlot(call.This, &abortController{signal: &AbortSignal{realm: r}})
		return call.This
	})
	cm := webidl.On(ac, func(call goja.FunctionCall) *AbortSignal { return webidl.This[*abortController](r.idl, call).signal })
	cm.Getter("signal", func(s *AbortSignal) goja.Value { return r.wrapSignal(s) })
	cm.LenientMethod("abort", 0, func(s *AbortSignal, call goja.FunctionCall) goja.Value {
		s.signalAbort(call.Argument(0))
		return goja.Undefined()
	})
	thisSignal := func(call goja.FunctionCall) *AbortSignal { return webidl.This[*AbortSignal](r.idl, call) }
	sm := webidl.On(signal, thisSignal)
	sm.Getter("aborted", func(s *AbortSignal) goja.Value { return r.rt.ToValue(s.aborted) })
	sm.Getter("reason", func(s *AbortSignal) goja.Value { return orUndefined(s.reason) })
	sm.LenientMethod("throwIfAborted", 0, func(s *AbortSignal, _ goja.FunctionCall) goja.Value {
		if s.aborted {
			panic(s.reason)
		}
		return goja.Undefined()
	})
	r.handlerAttr(signal, "onabort", func(call goja.FunctionCall) Target { return thisSignal(call) })
	signal.StaticOperation("abort", 0, func(call goja.FunctionCall) goja.Value {
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
		s.obj = r.idl.NewObject(r.iface("AbortSignal").Proto, s)
	}
	return s.obj
}

// handlerAttr defines an event handler IDL attribute on a class prototype.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-idl-attributes
func (r *realm) handlerAttr(c *webidl.Interface, name string, this func(goja.FunctionCall) Target) {
	defineHandlerAccessor(r, c.Proto, name, this)
}

func defineHandlerAccessor(r *realm, o *goja.Object, name string, this func(goja.FunctionCall) Target) {
	r.idl.DefineAccessor(o, name, func(call goja.FunctionCall) goja.Value {
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
