package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installUIEvents defines UIEvent, MouseEvent, PointerEvent, KeyboardEvent and FocusEvent.
// https://w3c.github.io/uievents/
func (r *realm) installUIEvents(ev *webidl.Interface) {
	ui := r.idl.DefineInterface("UIEvent", ev, 1, r.eventCtor("UIEvent", kindUIEvent, func(e *Event, dict goja.Value, _ string) {
		e.detail = toLong(dictGet(dict, "detail"))
	}))
	m := webidl.On(ui, r.thisEvent)
	m.Getter("view", func(e *Event) goja.Value {
		if e.viewSet {
			if e.viewIsWindow {
				return r.rt.GlobalObject()
			}
			return goja.Null()
		}
		if e.trusted || e.kind == kindMouseEvent || e.kind == kindPointerEvent {
			return r.rt.GlobalObject()
		}
		return goja.Null()
	})
	m.Getter("detail", func(e *Event) goja.Value { return r.rt.ToValue(e.detail) })
	m.Getter("which", func(e *Event) goja.Value {
		switch {
		case e.kind == kindMouseEvent || e.kind == kindPointerEvent || e.kind == kindWheelEvent:
			return r.rt.ToValue(e.ui().mouse.Button + 1)
		case e.kind == kindKeyboardEvent && e.ui().key.Legacy && e.typ == "keypress":
			return r.rt.ToValue(e.ui().key.CharCode)
		case e.kind == kindKeyboardEvent && e.ui().key.Legacy:
			return r.rt.ToValue(e.ui().key.KeyCode)
		}
		return r.rt.ToValue(0)
	})
	// initUIEvent(typeArg, bubblesArg, cancelableArg, viewArg, detailArg).
	// https://w3c.github.io/uievents/#dom-uievent-inituievent
	m.Method("initUIEvent", 1, func(e *Event, call goja.FunctionCall) goja.Value {
		r.initUIEvent(e, call, "initUIEvent", "UIEvent")
		e.detail = toLong(call.Argument(4))
		return goja.Undefined()
	})
	me := r.installMouseEvent(ui)
	r.installPointerEvent(me)
	r.installWheelEvent(me)
	r.installKeyboardEvent(ui)
	r.installInputEvent(ui)
	fe := r.idl.DefineInterface("FocusEvent", ui, 1, r.eventCtor("FocusEvent", kindFocusEvent, func(e *Event, dict goja.Value, ctx string) {
		if rt := dictGet(dict, "relatedTarget"); !isNullish(rt) {
			if t, ok := r.idl.Unwrap(rt).(Target); ok {
				e.relatedTarget = t
			}
		}
	}))
	webidl.On(fe, r.thisEvent).Getter("relatedTarget", func(e *Event) goja.Value { return r.wrapTarget(e.relatedTarget) })
}

// installMouseEvent. https://w3c.github.io/uievents/#interface-mouseevent
func (r *realm) installMouseEvent(ui *webidl.Interface) *webidl.Interface {
	me := r.idl.DefineInterface("MouseEvent", ui, 1, r.eventCtor("MouseEvent", kindMouseEvent, r.readMouseInit))
	m := webidl.On(me, r.thisEvent)
	num := func(name string, f func(m *MouseEventInit) float64) {
		m.Getter(name, func(e *Event) goja.Value { return r.rt.ToValue(f(&e.ui().mouse)) })
	}
	flag := func(name string, f func(m *MouseEventInit) bool) {
		m.Getter(name, func(e *Event) goja.Value { return r.rt.ToValue(f(&e.ui().mouse)) })
	}
	num("screenX", func(m *MouseEventInit) float64 { return m.ScreenX })
	num("screenY", func(m *MouseEventInit) float64 { return m.ScreenY })
	num("clientX", func(m *MouseEventInit) float64 { return m.ClientX })
	num("clientY", func(m *MouseEventInit) float64 { return m.ClientY })
	num("x", func(m *MouseEventInit) float64 { return m.ClientX })
	num("y", func(m *MouseEventInit) float64 { return m.ClientY })
	// pageX/Y: relative to the document (the viewport's scroll position added); offsetX/Y:
	// relative to the target's padding edge. https://drafts.csswg.org/cssom-view/#extensions-to-the-mouseevent-interface
	m.Getter("pageX", func(e *Event) goja.Value { x, _ := r.win.pageOffset(); return r.rt.ToValue(e.ui().mouse.ClientX + x) })
	m.Getter("pageY", func(e *Event) goja.Value { _, y := r.win.pageOffset(); return r.rt.ToValue(e.ui().mouse.ClientY + y) })
	m.Getter("offsetX", func(e *Event) goja.Value {
		x, _ := r.win.paddingEdge(e.target)
		return r.rt.ToValue(e.ui().mouse.ClientX - x)
	})
	m.Getter("offsetY", func(e *Event) goja.Value {
		_, y := r.win.paddingEdge(e.target)
		return r.rt.ToValue(e.ui().mouse.ClientY - y)
	})
	m.Getter("movementX", func(*Event) goja.Value { return r.rt.ToValue(0) })
	m.Getter("movementY", func(*Event) goja.Value { return r.rt.ToValue(0) })
	flag("ctrlKey", func(m *MouseEventInit) bool { return m.CtrlKey })
	flag("shiftKey", func(m *MouseEventInit) bool { return m.ShiftKey })
	flag("altKey", func(m *MouseEventInit) bool { return m.AltKey })
	flag("metaKey", func(m *MouseEventInit) bool { return m.MetaKey })
	m.Getter("button", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().mouse.Button) })
	// initMouseEvent(type, bubbles, cancelable, view, detail, screenX, screenY, clientX,
	// clientY, ctrlKey, altKey, shiftKey, metaKey, button, relatedTarget).
	// https://w3c.github.io/uievents/#dom-mouseevent-initmouseevent
	m.Method("initMouseEvent", 1, func(e *Event, call goja.FunctionCall) goja.Value {
		var related *Node
		if rt := call.Argument(14); !isNullish(rt) {
			n, ok := r.idl.Unwrap(rt).(*Node)
			if !ok {
				panic(r.idl.TypeError(webidl.Failed("initMouseEvent", "MouseEvent") + "parameter 15 is not of type 'EventTarget'."))
			}
			related = n
		}
		if !r.initUIEvent(e, call, "initMouseEvent", "MouseEvent") {
			return goja.Undefined()
		}
		e.detail = toLong(call.Argument(4))
		ms := &e.ui().mouse
		ms.ScreenX, ms.ScreenY = float64(toLong(call.Argument(5))), float64(toLong(call.Argument(6)))
		ms.ClientX, ms.ClientY = float64(toLong(call.Argument(7))), float64(toLong(call.Argument(8)))
		ms.CtrlKey, ms.AltKey = toBool(call.Argument(9)), toBool(call.Argument(10))
		ms.ShiftKey, ms.MetaKey = toBool(call.Argument(11)), toBool(call.Argument(12))
		ms.Button = int(int16(toLong(call.Argument(13))))
		e.relatedTarget = nil
		if related != nil {
			e.relatedTarget = related
		}
		return goja.Undefined()
	})
	m.Getter("buttons", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().mouse.Buttons) })
	m.Getter("relatedTarget", func(e *Event) goja.Value { return r.wrapTarget(e.relatedTarget) })
	m.LenientMethod("getModifierState", 1, func(e *Event, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(modifierState(toDOMString(call.Argument(0)), e.ui().mouse.CtrlKey, e.ui().mouse.ShiftKey, e.ui().mouse.AltKey, e.ui().mouse.MetaKey))
	})
	return me
}

// installPointerEvent. https://w3c.github.io/pointerevents/#pointerevent-interface
func (r *realm) installPointerEvent(me *webidl.Interface) {
	pe := r.idl.DefineInterface("PointerEvent", me, 1, r.eventCtor("PointerEvent", kindPointerEvent, r.readPointerInit))
	m := webidl.On(pe, r.thisEvent)
	num := func(name string, f func(p *PointerEventInit) float64) {
		m.Getter(name, func(e *Event) goja.Value { return r.rt.ToValue(f(&e.ui().pointer)) })
	}
	m.Getter("pointerId", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().pointer.PointerID) })
	num("width", func(p *PointerEventInit) float64 { return p.Width })
	num("height", func(p *PointerEventInit) float64 { return p.Height })
	num("pressure", func(p *PointerEventInit) float64 { return p.Pressure })
	num("tangentialPressure", func(p *PointerEventInit) float64 { return p.TangentialPress })
	num("tiltX", func(p *PointerEventInit) float64 { return p.TiltX })
	num("tiltY", func(p *PointerEventInit) float64 { return p.TiltY })
	num("twist", func(p *PointerEventInit) float64 { return p.Twist })
	m.Getter("pointerType", func(e *Event) goja.Value { return r.str(e.ui().pointer.PointerType) })
	m.Getter("isPrimary", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().pointer.IsPrimary) })
	m.LenientMethod("getCoalescedEvents", 0, func(e *Event, _ goja.FunctionCall) goja.Value {
		out := make([]any, len(e.ui().coalesced))
		for i, c := range e.ui().coalesced {
			out[i] = r.wrapEvent(c)
		}
		return r.rt.NewArray(out...)
	})
	m.LenientMethod("getPredictedEvents", 0, func(*Event, goja.FunctionCall) goja.Value { return r.rt.NewArray() })
}

// installKeyboardEvent. https://w3c.github.io/uievents/#interface-keyboardevent
func (r *realm) installKeyboardEvent(ui *webidl.Interface) {
	ke := r.idl.DefineInterface("KeyboardEvent", ui, 1, r.eventCtor("KeyboardEvent", kindKeyboardEvent, func(e *Event, dict goja.Value, _ string) {
		k := &e.ui().key
		k.Key, k.Code = dictString(dict, "key", ""), dictString(dict, "code", "")
		k.Location = toUnsignedLong(dictGet(dict, "location"))
		k.Repeat, k.IsComposing = toBool(dictGet(dict, "repeat")), toBool(dictGet(dict, "isComposing"))
		k.CtrlKey, k.ShiftKey = toBool(dictGet(dict, "ctrlKey")), toBool(dictGet(dict, "shiftKey"))
		k.AltKey, k.MetaKey = toBool(dictGet(dict, "altKey")), toBool(dictGet(dict, "metaKey"))
	}))
	ke.Constants(0, "DOM_KEY_LOCATION_STANDARD", "DOM_KEY_LOCATION_LEFT", "DOM_KEY_LOCATION_RIGHT", "DOM_KEY_LOCATION_NUMPAD")
	m := webidl.On(ke, r.thisEvent)
	flag := func(name string, f func(k *KeyboardEventInit) bool) {
		m.Getter(name, func(e *Event) goja.Value { return r.rt.ToValue(f(&e.ui().key)) })
	}
	m.Getter("key", func(e *Event) goja.Value { return r.str(e.ui().key.Key) })
	// initKeyboardEvent(type, bubbles, cancelable, view, key, location, ctrlKey, altKey,
	// shiftKey, metaKey). https://w3c.github.io/uievents/#dom-keyboardevent-initkeyboardevent
	m.Method("initKeyboardEvent", 1, func(e *Event, call goja.FunctionCall) goja.Value {
		if !r.initUIEvent(e, call, "initKeyboardEvent", "KeyboardEvent") {
			return goja.Undefined()
		}
		// CHROME: the fifth argument is the legacy keyIdentifier, which sets no key.
		k := &e.ui().key
		k.Key = ""
		k.Location = toUnsignedLong(call.Argument(5))
		k.CtrlKey, k.AltKey = toBool(call.Argument(6)), toBool(call.Argument(7))
		k.ShiftKey, k.MetaKey = toBool(call.Argument(8)), toBool(call.Argument(9))
		return goja.Undefined()
	})
	m.Getter("code", func(e *Event) goja.Value { return r.str(e.ui().key.Code) })
	m.Getter("location", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().key.Location) })
	flag("repeat", func(k *KeyboardEventInit) bool { return k.Repeat })
	flag("isComposing", func(k *KeyboardEventInit) bool { return k.IsComposing })
	flag("ctrlKey", func(k *KeyboardEventInit) bool { return k.CtrlKey })
	flag("shiftKey", func(k *KeyboardEventInit) bool { return k.ShiftKey })
	flag("altKey", func(k *KeyboardEventInit) bool { return k.AltKey })
	flag("metaKey", func(k *KeyboardEventInit) bool { return k.MetaKey })
	m.Getter("keyCode", func(e *Event) goja.Value {
		if e.ui().key.Legacy {
			return r.rt.ToValue(e.ui().key.KeyCode)
		}
		return r.rt.ToValue(legacyKeyCode(e.ui().key.Key))
	})
	m.Getter("charCode", func(e *Event) goja.Value {
		if e.ui().key.Legacy {
			return r.rt.ToValue(e.ui().key.CharCode)
		}
		if e.typ == "keypress" && len([]rune(e.ui().key.Key)) == 1 {
			return r.rt.ToValue(int([]rune(e.ui().key.Key)[0]))
		}
		return r.rt.ToValue(0)
	})
	m.LenientMethod("getModifierState", 1, func(e *Event, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(modifierState(toDOMString(call.Argument(0)), e.ui().key.CtrlKey, e.ui().key.ShiftKey, e.ui().key.AltKey, e.ui().key.MetaKey))
	})
}

func (r *realm) readMouseInit(e *Event, dict goja.Value, ctx string) {
	e.detail = toLong(dictGet(dict, "detail"))
	m := &e.ui().mouse
	m.EventInit = EventInit{Bubbles: e.bubbles, Cancelable: e.cancelable, Composed: e.composed}
	m.Detail = e.detail
	m.ScreenX, m.ScreenY = toDouble(dictGet(dict, "screenX")), toDouble(dictGet(dict, "screenY"))
	m.ClientX, m.ClientY = toDouble(dictGet(dict, "clientX")), toDouble(dictGet(dict, "clientY"))
	m.Button = toLong(dictGet(dict, "button")) // short
	m.Buttons = toLong(dictGet(dict, "buttons")) & 0xffff
	m.CtrlKey, m.ShiftKey = toBool(dictGet(dict, "ctrlKey")), toBool(dictGet(dict, "shiftKey"))
	m.AltKey, m.MetaKey = toBool(dictGet(dict, "altKey")), toBool(dictGet(dict, "metaKey"))
	if rt := dictGet(dict, "relatedTarget"); !isNullish(rt) {
		t, ok := r.idl.Unwrap(rt).(Target)
		if !ok {
			panic(r.idl.TypeError(ctx + "Failed to read the 'relatedTarget' property from 'MouseEventInit': Failed to convert value to 'EventTarget'."))
		}
		e.relatedTarget = t
	}
}

func (r *realm) readPointerInit(e *Event, dict goja.Value, ctx string) {
	r.readMouseInit(e, dict, ctx)
	p := &e.ui().pointer
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

// initUIEvent runs the shared part of the legacy init*Event methods: "If this's dispatch
// flag is set, then return"; initialize the event with type, bubbles and cancelable; set
// its view (argument 3: a Window or null, else a TypeError).
// https://w3c.github.io/uievents/#legacy-interface-UIEvent
func (r *realm) initUIEvent(e *Event, call goja.FunctionCall, method, iface string) bool {
	view := call.Argument(3)
	isWindow := false
	if !isNullish(view) {
		if _, ok := r.idl.Unwrap(view).(*Window); !ok {
			panic(r.idl.TypeError(webidl.Failed(method, iface) + "parameter 4 is not of type 'Window'."))
		}
		isWindow = true
	}
	if e.dispatching {
		return false
	}
	e.initialize(toDOMString(call.Argument(0)), toBool(call.Argument(1)), toBool(call.Argument(2)))
	e.viewSet, e.viewIsWindow = true, isWindow
	return true
}
