package dom

import "github.com/dop251/goja"

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
	}
	return "Event"
}

// wrapEvent returns the JS object of an event (created on first use).
func (r *realm) wrapEvent(e *Event) *goja.Object {
	if e.obj == nil {
		c := r.classes[eventClassName(e.kind)]
		if c == nil {
			c = r.classes["Event"]
		}
		e.obj = r.rt.CreateObject(c.proto)
		r.initEventObject(e.obj, e)
	}
	return e.obj
}

// initEventObject puts the Go event in the slot and defines the unforgeable isTrusted.
// https://dom.spec.whatwg.org/#dom-event-istrusted ([LegacyUnforgeable])
func (r *realm) initEventObject(o *goja.Object, e *Event) {
	r.setSlot(o, e)
	_ = o.DefineAccessorProperty("isTrusted", r.isTrustedGetter, nil, goja.FLAG_FALSE, goja.FLAG_TRUE)
	if e.timeStamp == 0 {
		e.timeStamp = r.host.Now()
	}
	e.obj = o
}

func (r *realm) thisEvent(call goja.FunctionCall) *Event {
	if e, ok := r.unwrap(call.This).(*Event); ok {
		return e
	}
	panic(r.illegalInvocation())
}

// eventCtor returns a constructor for an event interface reading its init dictionary.
func (r *realm) eventCtor(name string, kind eventKind, read func(e *Event, dict goja.Value, ctx string)) func(goja.ConstructorCall) *goja.Object {
	return func(call goja.ConstructorCall) *goja.Object {
		ctx := "Failed to construct '" + name + "': "
		if len(call.Arguments) < 1 {
			panic(r.typeError(ctx + "1 argument required, but only 0 present."))
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

func (r *realm) readMouseInit(e *Event, dict goja.Value, ctx string) {
	e.detail = toLong(dictGet(dict, "detail"))
	m := &e.mouse
	m.EventInit = EventInit{Bubbles: e.bubbles, Cancelable: e.cancelable, Composed: e.composed}
	m.Detail = e.detail
	m.ScreenX, m.ScreenY = toDouble(dictGet(dict, "screenX")), toDouble(dictGet(dict, "screenY"))
	m.ClientX, m.ClientY = toDouble(dictGet(dict, "clientX")), toDouble(dictGet(dict, "clientY"))
	m.Button = toLong(dictGet(dict, "button")) // short
	m.Buttons = toLong(dictGet(dict, "buttons")) & 0xffff
	m.CtrlKey, m.ShiftKey = toBool(dictGet(dict, "ctrlKey")), toBool(dictGet(dict, "shiftKey"))
	m.AltKey, m.MetaKey = toBool(dictGet(dict, "altKey")), toBool(dictGet(dict, "metaKey"))
	if rt := dictGet(dict, "relatedTarget"); !isNullish(rt) {
		t, ok := r.unwrap(rt).(Target)
		if !ok {
			panic(r.typeError(ctx + "Failed to read the 'relatedTarget' property from 'MouseEventInit': Failed to convert value to 'EventTarget'."))
		}
		e.relatedTarget = t
	}
}

func (r *realm) readPointerInit(e *Event, dict goja.Value, ctx string) {
	r.readMouseInit(e, dict, ctx)
	p := &e.pointer
	p.PointerID = toLong(dictGet(dict, "pointerId"))
	p.Width, p.Height = 1, 1
	if v := dictGet(dict, "width"); !goja.IsUndefined(v) {
		p.Width = toDouble(v)
	}
	if v := dictGet(dict, "height"); !goja.IsUndefined(v) {
		p.Height = toDouble(v)
	}
	p.Pressure = toDouble(dictGet(dict, "pressure"))
	p.TangentialPress = toDouble(dictGet(dict, "tangentialPressure"))
	p.TiltX, p.TiltY = toDouble(dictGet(dict, "tiltX")), toDouble(dictGet(dict, "tiltY"))
	p.Twist = toDouble(dictGet(dict, "twist"))
	if v := dictGet(dict, "pointerType"); !goja.IsUndefined(v) {
		p.PointerType = toDOMString(v)
	}
	p.IsPrimary = toBool(dictGet(dict, "isPrimary"))
}

// installEvents defines Event and its subclasses.
// https://dom.spec.whatwg.org/#interface-event
func (r *realm) installEvents() {
	r.isTrustedGetter = r.newFunc("get isTrusted", 0, func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(r.thisEvent(call).trusted)
	})
	ev := r.newClass("Event", nil, 1, r.eventCtor("Event", kindEvent, nil))
	for i, n := range []string{"NONE", "CAPTURING_PHASE", "AT_TARGET", "BUBBLING_PHASE"} {
		ev.constant(n, i)
	}
	get := func(c *class, name string, f func(e *Event) goja.Value) {
		c.attr(name, func(call goja.FunctionCall) goja.Value { return f(r.thisEvent(call)) }, nil)
	}
	b := func(v bool) goja.Value { return r.rt.ToValue(v) }
	num := func(v float64) goja.Value { return r.rt.ToValue(v) }
	integer := func(v int) goja.Value { return r.rt.ToValue(v) }
	get(ev, "type", func(e *Event) goja.Value { return r.str(e.typ) })
	get(ev, "target", func(e *Event) goja.Value { return r.wrapTarget(e.target) })
	get(ev, "srcElement", func(e *Event) goja.Value { return r.wrapTarget(e.target) })
	get(ev, "currentTarget", func(e *Event) goja.Value { return r.wrapTarget(e.currentTarget) })
	get(ev, "eventPhase", func(e *Event) goja.Value { return integer(int(e.phase)) })
	get(ev, "bubbles", func(e *Event) goja.Value { return b(e.bubbles) })
	get(ev, "cancelable", func(e *Event) goja.Value { return b(e.cancelable) })
	get(ev, "defaultPrevented", func(e *Event) goja.Value { return b(e.canceled) })
	get(ev, "composed", func(e *Event) goja.Value { return b(e.composed) })
	get(ev, "timeStamp", func(e *Event) goja.Value { return num(e.timeStamp) })
	ev.method("composedPath", 0, func(call goja.FunctionCall) goja.Value {
		e := r.thisEvent(call)
		var items []any
		if e.dispatching {
			for _, p := range e.path {
				items = append(items, r.wrapTarget(p.invocationTarget))
			}
		}
		return r.rt.NewArray(items...)
	})
	ev.method("stopPropagation", 0, func(call goja.FunctionCall) goja.Value {
		r.thisEvent(call).stopPropagation = true
		return goja.Undefined()
	})
	ev.method("stopImmediatePropagation", 0, func(call goja.FunctionCall) goja.Value {
		e := r.thisEvent(call)
		e.stopPropagation, e.stopImmediatePropagation = true, true
		return goja.Undefined()
	})
	ev.attr("cancelBubble", func(call goja.FunctionCall) goja.Value {
		return b(r.thisEvent(call).stopPropagation)
	}, func(call goja.FunctionCall) goja.Value {
		if e := r.thisEvent(call); toBool(call.Argument(0)) {
			e.stopPropagation = true
		}
		return goja.Undefined()
	})
	ev.attr("returnValue", func(call goja.FunctionCall) goja.Value {
		return b(!r.thisEvent(call).canceled)
	}, func(call goja.FunctionCall) goja.Value {
		if e := r.thisEvent(call); !toBool(call.Argument(0)) {
			e.setCanceledFlag()
		}
		return goja.Undefined()
	})
	ev.method("preventDefault", 0, func(call goja.FunctionCall) goja.Value {
		e := r.thisEvent(call)
		if e.inPassiveListener && e.cancelable {
			r.consoleMessage("warn", "Unable to preventDefault inside passive event listener invocation.")
		}
		e.setCanceledFlag()
		return goja.Undefined()
	})
	ev.method("initEvent", 1, func(call goja.FunctionCall) goja.Value {
		e := r.thisEvent(call)
		r.requireArgs(call, 1, "initEvent", "Event")
		if !e.dispatching {
			e.initialize(toDOMString(call.Argument(0)), toBool(call.Argument(1)), toBool(call.Argument(2)))
		}
		return goja.Undefined()
	})

	// CustomEvent. https://dom.spec.whatwg.org/#interface-customevent
	ce := r.newClass("CustomEvent", ev, 1, r.eventCtor("CustomEvent", kindCustomEvent, func(e *Event, dict goja.Value, _ string) {
		e.detailValue = dictGet(dict, "detail")
		if goja.IsUndefined(e.detailValue) {
			e.detailValue = goja.Null()
		}
	}))
	get(ce, "detail", func(e *Event) goja.Value {
		if e.detailValue == nil {
			return goja.Null()
		}
		return e.detailValue
	})
	ce.method("initCustomEvent", 1, func(call goja.FunctionCall) goja.Value {
		e := r.thisEvent(call)
		if !e.dispatching {
			e.initialize(toDOMString(call.Argument(0)), toBool(call.Argument(1)), toBool(call.Argument(2)))
			e.detailValue = call.Argument(3)
		}
		return goja.Undefined()
	})

	// UIEvent, MouseEvent, PointerEvent. https://w3c.github.io/uievents/
	ui := r.newClass("UIEvent", ev, 1, r.eventCtor("UIEvent", kindUIEvent, func(e *Event, dict goja.Value, _ string) {
		e.detail = toLong(dictGet(dict, "detail"))
	}))
	get(ui, "view", func(e *Event) goja.Value {
		if e.trusted || e.kind == kindMouseEvent || e.kind == kindPointerEvent {
			return r.rt.GlobalObject()
		}
		return goja.Null()
	})
	get(ui, "detail", func(e *Event) goja.Value { return integer(e.detail) })
	get(ui, "which", func(e *Event) goja.Value {
		if e.kind == kindMouseEvent || e.kind == kindPointerEvent {
			return integer(e.mouse.Button + 1)
		}
		return integer(0)
	})
	me := r.newClass("MouseEvent", ui, 1, r.eventCtor("MouseEvent", kindMouseEvent, r.readMouseInit))
	get(me, "screenX", func(e *Event) goja.Value { return num(e.mouse.ScreenX) })
	get(me, "screenY", func(e *Event) goja.Value { return num(e.mouse.ScreenY) })
	get(me, "clientX", func(e *Event) goja.Value { return num(e.mouse.ClientX) })
	get(me, "clientY", func(e *Event) goja.Value { return num(e.mouse.ClientY) })
	get(me, "x", func(e *Event) goja.Value { return num(e.mouse.ClientX) })
	get(me, "y", func(e *Event) goja.Value { return num(e.mouse.ClientY) })
	get(me, "pageX", func(e *Event) goja.Value { return num(e.mouse.ClientX) })
	get(me, "pageY", func(e *Event) goja.Value { return num(e.mouse.ClientY) })
	get(me, "offsetX", func(e *Event) goja.Value { return num(e.mouse.ClientX) })
	get(me, "offsetY", func(e *Event) goja.Value { return num(e.mouse.ClientY) })
	get(me, "movementX", func(e *Event) goja.Value { return integer(0) })
	get(me, "movementY", func(e *Event) goja.Value { return integer(0) })
	get(me, "ctrlKey", func(e *Event) goja.Value { return b(e.mouse.CtrlKey) })
	get(me, "shiftKey", func(e *Event) goja.Value { return b(e.mouse.ShiftKey) })
	get(me, "altKey", func(e *Event) goja.Value { return b(e.mouse.AltKey) })
	get(me, "metaKey", func(e *Event) goja.Value { return b(e.mouse.MetaKey) })
	get(me, "button", func(e *Event) goja.Value { return integer(e.mouse.Button) })
	get(me, "buttons", func(e *Event) goja.Value { return integer(e.mouse.Buttons) })
	get(me, "relatedTarget", func(e *Event) goja.Value { return r.wrapTarget(e.relatedTarget) })
	me.method("getModifierState", 1, func(call goja.FunctionCall) goja.Value {
		e := r.thisEvent(call)
		return b(modifierState(toDOMString(call.Argument(0)), e.mouse.CtrlKey, e.mouse.ShiftKey, e.mouse.AltKey, e.mouse.MetaKey))
	})
	pe := r.newClass("PointerEvent", me, 1, r.eventCtor("PointerEvent", kindPointerEvent, r.readPointerInit))
	get(pe, "pointerId", func(e *Event) goja.Value { return integer(e.pointer.PointerID) })
	get(pe, "width", func(e *Event) goja.Value { return num(e.pointer.Width) })
	get(pe, "height", func(e *Event) goja.Value { return num(e.pointer.Height) })
	get(pe, "pressure", func(e *Event) goja.Value { return num(e.pointer.Pressure) })
	get(pe, "tangentialPressure", func(e *Event) goja.Value { return num(e.pointer.TangentialPress) })
	get(pe, "tiltX", func(e *Event) goja.Value { return num(e.pointer.TiltX) })
	get(pe, "tiltY", func(e *Event) goja.Value { return num(e.pointer.TiltY) })
	get(pe, "twist", func(e *Event) goja.Value { return num(e.pointer.Twist) })
	get(pe, "pointerType", func(e *Event) goja.Value { return r.str(e.pointer.PointerType) })
	get(pe, "isPrimary", func(e *Event) goja.Value { return b(e.pointer.IsPrimary) })
	pe.method("getCoalescedEvents", 0, func(call goja.FunctionCall) goja.Value { r.thisEvent(call); return r.rt.NewArray() })
	pe.method("getPredictedEvents", 0, func(call goja.FunctionCall) goja.Value { r.thisEvent(call); return r.rt.NewArray() })

	// KeyboardEvent. https://w3c.github.io/uievents/#interface-keyboardevent
	ke := r.newClass("KeyboardEvent", ui, 1, r.eventCtor("KeyboardEvent", kindKeyboardEvent, func(e *Event, dict goja.Value, _ string) {
		k := &e.key
		k.Key, k.Code = dictString(dict, "key", ""), dictString(dict, "code", "")
		k.Location = toUnsignedLong(dictGet(dict, "location"))
		k.Repeat, k.IsComposing = toBool(dictGet(dict, "repeat")), toBool(dictGet(dict, "isComposing"))
		k.CtrlKey, k.ShiftKey = toBool(dictGet(dict, "ctrlKey")), toBool(dictGet(dict, "shiftKey"))
		k.AltKey, k.MetaKey = toBool(dictGet(dict, "altKey")), toBool(dictGet(dict, "metaKey"))
	}))
	for i, n := range []string{"DOM_KEY_LOCATION_STANDARD", "DOM_KEY_LOCATION_LEFT", "DOM_KEY_LOCATION_RIGHT", "DOM_KEY_LOCATION_NUMPAD"} {
		ke.constant(n, i)
	}
	get(ke, "key", func(e *Event) goja.Value { return r.str(e.key.Key) })
	get(ke, "code", func(e *Event) goja.Value { return r.str(e.key.Code) })
	get(ke, "location", func(e *Event) goja.Value { return integer(e.key.Location) })
	get(ke, "repeat", func(e *Event) goja.Value { return b(e.key.Repeat) })
	get(ke, "isComposing", func(e *Event) goja.Value { return b(e.key.IsComposing) })
	get(ke, "ctrlKey", func(e *Event) goja.Value { return b(e.key.CtrlKey) })
	get(ke, "shiftKey", func(e *Event) goja.Value { return b(e.key.ShiftKey) })
	get(ke, "altKey", func(e *Event) goja.Value { return b(e.key.AltKey) })
	get(ke, "metaKey", func(e *Event) goja.Value { return b(e.key.MetaKey) })
	get(ke, "keyCode", func(e *Event) goja.Value { return integer(legacyKeyCode(e.key.Key)) })
	get(ke, "charCode", func(e *Event) goja.Value {
		if e.typ == "keypress" && len([]rune(e.key.Key)) == 1 {
			return integer(int([]rune(e.key.Key)[0]))
		}
		return integer(0)
	})
	ke.method("getModifierState", 1, func(call goja.FunctionCall) goja.Value {
		e := r.thisEvent(call)
		return b(modifierState(toDOMString(call.Argument(0)), e.key.CtrlKey, e.key.ShiftKey, e.key.AltKey, e.key.MetaKey))
	})

	// FocusEvent. https://w3c.github.io/uievents/#interface-focusevent
	fe := r.newClass("FocusEvent", ui, 1, r.eventCtor("FocusEvent", kindFocusEvent, func(e *Event, dict goja.Value, ctx string) {
		if rt := dictGet(dict, "relatedTarget"); !isNullish(rt) {
			if t, ok := r.unwrap(rt).(Target); ok {
				e.relatedTarget = t
			}
		}
	}))
	get(fe, "relatedTarget", func(e *Event) goja.Value { return r.wrapTarget(e.relatedTarget) })

	// ErrorEvent. https://html.spec.whatwg.org/multipage/webappapis.html#errorevent
	ee := r.newClass("ErrorEvent", ev, 1, r.eventCtor("ErrorEvent", kindErrorEvent, func(e *Event, dict goja.Value, _ string) {
		e.message = dictString(dict, "message", "")
		e.filename = dictString(dict, "filename", "")
		e.lineno = toUnsignedLong(dictGet(dict, "lineno"))
		e.colno = toUnsignedLong(dictGet(dict, "colno"))
		e.errorValue = dictGet(dict, "error")
	}))
	get(ee, "message", func(e *Event) goja.Value { return r.str(e.message) })
	get(ee, "filename", func(e *Event) goja.Value { return r.str(e.filename) })
	get(ee, "lineno", func(e *Event) goja.Value { return integer(e.lineno) })
	get(ee, "colno", func(e *Event) goja.Value { return integer(e.colno) })
	get(ee, "error", func(e *Event) goja.Value { return orUndefined(e.errorValue) })

	// PromiseRejectionEvent. https://html.spec.whatwg.org/multipage/webappapis.html#promiserejectionevent
	pre := r.newClass("PromiseRejectionEvent", ev, 2, r.eventCtor("PromiseRejectionEvent", kindPromiseRejectionEvent, func(e *Event, dict goja.Value, ctx string) {
		p := dictGet(dict, "promise")
		if _, ok := p.(*goja.Object); !ok {
			panic(r.typeError(ctx + "Failed to read the 'promise' property from 'PromiseRejectionEventInit': Required member is undefined."))
		}
		e.promise, e.reason = p, dictGet(dict, "reason")
	}))
	get(pre, "promise", func(e *Event) goja.Value { return orUndefined(e.promise) })
	get(pre, "reason", func(e *Event) goja.Value { return orUndefined(e.reason) })

	// TransitionEvent. https://drafts.csswg.org/css-transitions/#interface-transitionevent
	te := r.newClass("TransitionEvent", ev, 1, r.eventCtor("TransitionEvent", kindTransitionEvent, func(e *Event, dict goja.Value, _ string) {
		e.propertyName = dictString(dict, "propertyName", "")
		e.elapsedTime = toDouble(dictGet(dict, "elapsedTime"))
		e.pseudoElement = dictString(dict, "pseudoElement", "")
	}))
	get(te, "propertyName", func(e *Event) goja.Value { return r.str(e.propertyName) })
	get(te, "elapsedTime", func(e *Event) goja.Value { return num(e.elapsedTime) })
	get(te, "pseudoElement", func(e *Event) goja.Value { return r.str(e.pseudoElement) })

	// MutationEvent (legacy, only in the mutation-events mode).
	if r.opts.MutationEvents {
		mev := r.newClass("MutationEvent", ev, 0, nil)
		mev.constant("MODIFICATION", attrModification)
		mev.constant("ADDITION", attrAddition)
		mev.constant("REMOVAL", attrRemoval)
		get(mev, "relatedNode", func(e *Event) goja.Value { return r.wrapNodeOrNull(e.relatedNode) })
		get(mev, "prevValue", func(e *Event) goja.Value { return r.str(e.prevValue) })
		get(mev, "newValue", func(e *Event) goja.Value { return r.str(e.newValue) })
		get(mev, "attrName", func(e *Event) goja.Value { return r.str(e.attrName) })
		get(mev, "attrChange", func(e *Event) goja.Value { return integer(int(e.attrChange)) })
	}
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

// modifierState implements getModifierState for the four main modifiers.
func modifierState(key string, ctrl, shift, alt, meta bool) bool {
	switch key {
	case "Control":
		return ctrl
	case "Shift":
		return shift
	case "Alt":
		return alt
	case "Meta":
		return meta
	}
	return false
}

// legacyKeyCode returns the keyCode browsers give a key value (letters, digits, common keys).
// https://w3c.github.io/uievents/#legacy-key-models
func legacyKeyCode(key string) int {
	if len(key) == 1 {
		c := key[0]
		switch {
		case c >= 'a' && c <= 'z':
			return int(c - 'a' + 'A')
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			return int(c)
		case c == ' ':
			return 32
		}
		return 0
	}
	switch key {
	case "Enter":
		return 13
	case "Escape":
		return 27
	case "Backspace":
		return 8
	case "Tab":
		return 9
	case "Shift":
		return 16
	case "Control":
		return 17
	case "Alt":
		return 18
	case "ArrowLeft":
		return 37
	case "ArrowUp":
		return 38
	case "ArrowRight":
		return 39
	case "ArrowDown":
		return 40
	case "Delete":
		return 46
	}
	return 0
}
