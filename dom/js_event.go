package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// eventClassName returns the JS interface name of an event kind.
func eventClassName(k eventKind) string {
	switch k {
	case kindCustomEvent:
		return "CustomEvent"
	case kindUIEvent:
		return "UIEvent"
	case kindMouseEvent:
		return "MouseEvent"
	case kindPointerEvent:
		return "PointerEvent"
	case kindKeyboardEvent:
		return "KeyboardEvent"
	case kindFocusEvent:
		return "FocusEvent"
	case kindErrorEvent:
		return "ErrorEvent"
	case kindPromiseRejectionEvent:
		return "PromiseRejectionEvent"
	case kindTransitionEvent:
		return "TransitionEvent"
	case kindMutationEvent:
		return "MutationEvent"
	case kindMessageEvent:
		return "MessageEvent"
	case kindToggleEvent:
		return "ToggleEvent"
	case kindWheelEvent:
		return "WheelEvent"
	case kindAnimationEvent:
		return "AnimationEvent"
	case kindAnimationPlaybackEvent:
		return "AnimationPlaybackEvent"
	case kindMediaQueryListEvent:
		return "MediaQueryListEvent"
	case kindHashChangeEvent:
		return "HashChangeEvent"
	case kindPopStateEvent:
		return "PopStateEvent"
	case kindInputEvent:
		return "InputEvent"
	case kindSubmitEvent:
		return "SubmitEvent"
	}
	return "Event"
}

// wrapEvent returns the JS object of an event (created on first use).
func (r *realm) wrapEvent(e *Event) *goja.Object {
	if e.obj == nil {
		c := r.iface(eventClassName(e.kind))
		if c == nil {
			c = r.iface("Event")
		}
		e.obj = r.rt.CreateObject(c.Proto)
		r.initEventObject(e.obj, e)
	}
	return e.obj
}

// initEventObject puts the Go event in the slot and defines the unforgeable isTrusted.
// https://dom.spec.whatwg.org/#dom-event-istrusted ([LegacyUnforgeable])
func (r *realm) initEventObject(o *goja.Object, e *Event) {
	r.idl.SetSlot(o, e)
	_ = o.DefineAccessorProperty("isTrusted", r.isTrustedGetter, nil, goja.FLAG_FALSE, goja.FLAG_TRUE)
	if e.timeStamp == 0 {
		e.timeStamp = r.host.Now()
	}
	e.obj = o
}

func (r *realm) thisEvent(call goja.FunctionCall) *Event { return webidl.This[*Event](r.idl, call) }

// eventCtor returns a constructor for an event interface reading its init dictionary.
func (r *realm) eventCtor(name string, kind eventKind, read func(e *Event, dict goja.Value, ctx string)) func(goja.ConstructorCall) *goja.Object {
	return func(call goja.ConstructorCall) *goja.Object {
		ctx := "Failed to construct '" + name + "': "
		if len(call.Arguments) < 1 {
			panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
		}
		typ := toDOMString(call.Arguments[0])
		dict := call.Argument(1)
		r.checkDict(dict, ctx, name+"Init")
		e := createEvent(typ, kind, r.readEventInit(dict))
		if read != nil {
			read(e, dict, ctx)
		}
		r.initEventObject(call.This, e)
		return call.This
	}
}

func (r *realm) readEventInit(dict goja.Value) EventInit {
	return EventInit{
		Bubbles:    toBool(dictGet(dict, "bubbles")),
		Cancelable: toBool(dictGet(dict, "cancelable")),
		Composed:   toBool(dictGet(dict, "composed")),
	}
}

// installEvents defines Event and its subclasses.
// https://dom.spec.whatwg.org/#interface-event
func (r *realm) installEvents() {
	r.isTrustedGetter = r.idl.Func("get isTrusted", 0, func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(r.thisEvent(call).trusted)
	})
	ev := r.idl.DefineInterface("Event", nil, 1, r.eventCtor("Event", kindEvent, nil))
	ev.Constants(0, "NONE", "CAPTURING_PHASE", "AT_TARGET", "BUBBLING_PHASE")
	m := webidl.On(ev, r.thisEvent)
	r.installEventAttributes(m)
	r.installEventCancelation(m)
	r.installHistoryEvents(ev)
	r.installCustomEvent(ev)
	r.installUIEvents(ev)
	r.installErrorEvents(ev)
	r.installTransitionEvent(ev)
	r.installToggleEvent(ev)
	r.installSubmitEvent(ev)
	r.installAnimationEvents(ev)
	if r.opts.MutationEvents {
		r.installMutationEvent(ev)
	}
}

// installEventAttributes defines type, target, currentTarget, eventPhase, the flags,
// timeStamp, composedPath and initEvent.
func (r *realm) installEventAttributes(m webidl.Members[*Event]) {
	m.Getter("type", func(e *Event) goja.Value { return r.str(e.typ) })
	m.Getter("target", func(e *Event) goja.Value { return r.wrapTarget(e.target) })
	m.Getter("srcElement", func(e *Event) goja.Value { return r.wrapTarget(e.target) })
	m.Getter("currentTarget", func(e *Event) goja.Value { return r.wrapTarget(e.currentTarget) })
	m.Getter("eventPhase", func(e *Event) goja.Value { return r.rt.ToValue(int(e.phase)) })
	m.Getter("bubbles", func(e *Event) goja.Value { return r.rt.ToValue(e.bubbles) })
	m.Getter("cancelable", func(e *Event) goja.Value { return r.rt.ToValue(e.cancelable) })
	m.Getter("defaultPrevented", func(e *Event) goja.Value { return r.rt.ToValue(e.canceled) })
	m.Getter("composed", func(e *Event) goja.Value { return r.rt.ToValue(e.composed) })
	// The event's relevant global object's time origin: its realm's window's (an iframe's
	// events count from its own).
	m.Getter("timeStamp", func(e *Event) goja.Value { return r.rt.ToValue(e.timeStamp - r.timeOrigin) })
	m.LenientMethod("composedPath", 0, func(e *Event, _ goja.FunctionCall) goja.Value {
		var items []any
		for _, t := range e.composedPath() {
			items = append(items, r.wrapTarget(t))
		}
		return r.rt.NewArray(items...)
	})
}

// installEventCancelation defines stopPropagation, stopImmediatePropagation, cancelBubble,
// returnValue, preventDefault and initEvent.
// https://dom.spec.whatwg.org/#dom-event-stoppropagation and its neighbours
func (r *realm) installEventCancelation(m webidl.Members[*Event]) {
	m.LenientMethod("stopPropagation", 0, func(e *Event, _ goja.FunctionCall) goja.Value {
		e.stopPropagation = true
		return goja.Undefined()
	})
	m.LenientMethod("stopImmediatePropagation", 0, func(e *Event, _ goja.FunctionCall) goja.Value {
		e.stopPropagation, e.stopImmediatePropagation = true, true
		return goja.Undefined()
	})
	m.Accessor("cancelBubble", func(e *Event) goja.Value { return r.rt.ToValue(e.stopPropagation) },
		func(e *Event, v goja.Value) {
			if toBool(v) {
				e.stopPropagation = true
			}
		})
	m.Accessor("returnValue", func(e *Event) goja.Value { return r.rt.ToValue(!e.canceled) },
		func(e *Event, v goja.Value) {
			if !toBool(v) {
				e.setCanceledFlag()
			}
		})
	m.LenientMethod("preventDefault", 0, func(e *Event, _ goja.FunctionCall) goja.Value {
		if e.inPassiveListener && e.cancelable {
			r.consoleMessage("warn", "Unable to preventDefault inside passive event listener invocation.")
		}
		e.setCanceledFlag()
		return goja.Undefined()
	})
	m.Method("initEvent", 1, func(e *Event, call goja.FunctionCall) goja.Value {
		if !e.dispatching {
			e.initialize(toDOMString(call.Argument(0)), toBool(call.Argument(1)), toBool(call.Argument(2)))
		}
		return goja.Undefined()
	})
}

// installCustomEvent defines CustomEvent. https://dom.spec.whatwg.org/#interface-customevent
func (r *realm) installCustomEvent(ev *webidl.Interface) {
	ce := r.idl.DefineInterface("CustomEvent", ev, 1, r.eventCtor("CustomEvent", kindCustomEvent, func(e *Event, dict goja.Value, _ string) {
		e.other().detailValue = dictGet(dict, "detail")
		if goja.IsUndefined(e.other().detailValue) {
			e.other().detailValue = goja.Null()
		}
	}))
	m := webidl.On(ce, func(call goja.FunctionCall) *Event {
		if e := r.thisEvent(call); e.kind == kindCustomEvent {
			return e
		}
		panic(r.idl.IllegalInvocation())
	})
	m.Getter("detail", func(e *Event) goja.Value {
		if e.other().detailValue == nil {
			return goja.Null()
		}
		return e.other().detailValue
	})
	// initCustomEvent(type, optional bubbles = false, optional cancelable = false,
	// optional any detail = null). https://dom.spec.whatwg.org/#dom-customevent-initcustomevent
	m.Method("initCustomEvent", 1, func(e *Event, call goja.FunctionCall) goja.Value {
		// 1. If this's dispatch flag is set, then return.
		if !e.dispatching {
			// 2. Initialize this with type, bubbles and cancelable.
			e.initialize(toDOMString(call.Argument(0)), toBool(call.Argument(1)), toBool(call.Argument(2)))
			// 3. Set this's detail attribute to detail (undefined is the default, null).
			e.other().detailValue = call.Argument(3)
			if goja.IsUndefined(e.other().detailValue) {
				e.other().detailValue = goja.Null()
			}
		}
		return goja.Undefined()
	})
}

// installErrorEvents defines ErrorEvent and PromiseRejectionEvent.
// https://html.spec.whatwg.org/multipage/webappapis.html#errorevent
func (r *realm) installErrorEvents(ev *webidl.Interface) {
	ee := r.idl.DefineInterface("ErrorEvent", ev, 1, r.eventCtor("ErrorEvent", kindErrorEvent, func(e *Event, dict goja.Value, _ string) {
		e.other().message = dictString(dict, "message", "")
		e.other().filename = dictString(dict, "filename", "")
		e.other().lineno = toUnsignedLong(dictGet(dict, "lineno"))
		e.other().colno = toUnsignedLong(dictGet(dict, "colno"))
		e.other().errorValue = dictGet(dict, "error")
	}))
	m := webidl.On(ee, r.thisEvent)
	m.Getter("message", func(e *Event) goja.Value { return r.str(e.other().message) })
	m.Getter("filename", func(e *Event) goja.Value { return r.str(e.other().filename) })
	m.Getter("lineno", func(e *Event) goja.Value { return r.rt.ToValue(e.other().lineno) })
	m.Getter("colno", func(e *Event) goja.Value { return r.rt.ToValue(e.other().colno) })
	m.Getter("error", func(e *Event) goja.Value { return orUndefined(e.other().errorValue) })

	// https://html.spec.whatwg.org/multipage/webappapis.html#promiserejectionevent
	pre := r.idl.DefineInterface("PromiseRejectionEvent", ev, 2, r.eventCtor("PromiseRejectionEvent", kindPromiseRejectionEvent, func(e *Event, dict goja.Value, ctx string) {
		p := dictGet(dict, "promise")
		if _, ok := p.(*goja.Object); !ok {
			panic(r.idl.TypeError(ctx + "Failed to read the 'promise' property from 'PromiseRejectionEventInit': Required member is undefined."))
		}
		e.other().promise, e.other().reason = p, dictGet(dict, "reason")
	}))
	m = webidl.On(pre, r.thisEvent)
	m.Getter("promise", func(e *Event) goja.Value { return orUndefined(e.other().promise) })
	m.Getter("reason", func(e *Event) goja.Value { return orUndefined(e.other().reason) })
}

// installTransitionEvent. https://drafts.csswg.org/css-transitions/#interface-transitionevent
func (r *realm) installTransitionEvent(ev *webidl.Interface) {
	te := r.idl.DefineInterface("TransitionEvent", ev, 1, r.eventCtor("TransitionEvent", kindTransitionEvent, func(e *Event, dict goja.Value, _ string) {
		e.propertyName = dictString(dict, "propertyName", "")
		e.elapsedTime = toDouble(dictGet(dict, "elapsedTime"))
		e.pseudoElement = dictString(dict, "pseudoElement", "")
	}))
	m := webidl.On(te, r.thisEvent)
	m.Getter("propertyName", func(e *Event) goja.Value { return r.str(e.propertyName) })
	m.Getter("elapsedTime", func(e *Event) goja.Value { return r.rt.ToValue(e.elapsedTime) })
	m.Getter("pseudoElement", func(e *Event) goja.Value { return r.str(e.pseudoElement) })
}

// installToggleEvent. https://html.spec.whatwg.org/multipage/interaction.html#the-toggleevent-interface
func (r *realm) installToggleEvent(ev *webidl.Interface) {
	te := r.idl.DefineInterface("ToggleEvent", ev, 1, r.eventCtor("ToggleEvent", kindToggleEvent, func(e *Event, dict goja.Value, _ string) {
		e.other().oldState = dictString(dict, "oldState", "")
		e.other().newState = dictString(dict, "newState", "")
	}))
	m := webidl.On(te, r.thisEvent)
	m.Getter("oldState", func(e *Event) goja.Value { return r.str(e.other().oldState) })
	m.Getter("newState", func(e *Event) goja.Value { return r.str(e.other().newState) })
}

// installMutationEvent defines the legacy MutationEvent (only in the mutation-events mode).
// https://www.w3.org/TR/DOM-Level-3-Events/#interface-MutationEvent
func (r *realm) installMutationEvent(ev *webidl.Interface) {
	mev := r.idl.DefineInterface("MutationEvent", ev, 0, nil)
	mev.Constant("MODIFICATION", attrModification)
	mev.Constant("ADDITION", attrAddition)
	mev.Constant("REMOVAL", attrRemoval)
	m := webidl.On(mev, r.thisEvent)
	m.Getter("relatedNode", func(e *Event) goja.Value { return r.wrapNodeOrNull(e.other().relatedNode) })
	m.Getter("prevValue", func(e *Event) goja.Value { return r.str(e.other().prevValue) })
	m.Getter("newValue", func(e *Event) goja.Value { return r.str(e.other().newValue) })
	m.Getter("attrName", func(e *Event) goja.Value { return r.str(e.other().attrName) })
	m.Getter("attrChange", func(e *Event) goja.Value { return r.rt.ToValue(int(e.other().attrChange)) })
}

func orUndefined(v goja.Value) goja.Value {
	if v == nil {
		return goja.Undefined()
	}
	return v
}

// dictString reads a DOMString dictionary member with a default.
func dictString(dict goja.Value, key, def string) string {
	v := dictGet(dict, key)
	if goja.IsUndefined(v) {
		return def
	}
	return toDOMString(v)
}

// installSubmitEvent. https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#the-submitevent-interface
func (r *realm) installSubmitEvent(ev *webidl.Interface) {
	se := r.idl.DefineInterface("SubmitEvent", ev, 1, r.eventCtor("SubmitEvent", kindSubmitEvent, func(e *Event, dict goja.Value, ctx string) {
		if s := dictGet(dict, "submitter"); !isNullish(s) {
			n, ok := r.idl.Unwrap(s).(*Node)
			if !ok || n.kind != ElementNode || n.h.Namespace != "" {
				panic(r.idl.TypeError(ctx + "Failed to read the 'submitter' property from 'SubmitEventInit': Failed to convert value to 'HTMLElement'."))
			}
			e.other().submitter = n
		}
	}))
	webidl.On(se, r.thisEvent).Getter("submitter", func(e *Event) goja.Value { return r.wrapNodeOrNull(e.other().submitter) })
}
