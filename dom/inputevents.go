// Spec: UI Events, W3C Working Draft 2024-09 (https://w3c.github.io/uievents/) for
// WheelEvent and the trusted keyboard and focus events, and Pointer Events Level 3
// (https://w3c.github.io/pointerevents/#dom-pointerevent-getcoalescedevents) for
// getCoalescedEvents. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// WheelEventInit holds WheelEventInit's members beyond MouseEventInit.
// https://w3c.github.io/uievents/#idl-wheeleventinit
type WheelEventInit struct {
	DeltaX, DeltaY, DeltaZ float64
	DeltaMode              int // 0 pixels, 1 lines, 2 pages
}

// NewWheelEvent creates a wheel event (bubbles, cancelable, composed when the user agent
// fires it; the caller sets init's flags).
func NewWheelEvent(init MouseEventInit, w WheelEventInit) *Event {
	e := NewMouseEvent("wheel", init)
	e.kind = kindWheelEvent
	e.ui().wheel = w
	return e
}

// SetCoalescedEvents gives a trusted pointermove the pointer events it stands for, in the
// order they happened (the last is the event itself, as Chrome lists it): what
// getCoalescedEvents() returns. Each gets the event's target when it is dispatched.
// https://w3c.github.io/pointerevents/#dom-pointerevent-getcoalescedevents
func (e *Event) SetCoalescedEvents(list []*Event) {
	for _, c := range list {
		c.trusted = true
	}
	e.ui().coalesced = list
}

// SetTimeStamp sets the event's timeStamp (ms, the page's clock): a coalesced event keeps
// the time its input came.
func (e *Event) SetTimeStamp(ms float64) { e.timeStamp = ms }

// SetRelatedTarget sets a trusted mouse or pointer event's relatedTarget (the boundary
// events: the element the pointer left or entered).
func (e *Event) SetRelatedTarget(n *Node) {
	if n == nil {
		e.relatedTarget = nil
		return
	}
	e.relatedTarget = n
}

// installWheelEvent. https://w3c.github.io/uievents/#interface-wheelevent
func (r *realm) installWheelEvent(me *webidl.Interface) {
	we := r.idl.DefineInterface("WheelEvent", me, 1, r.eventCtor("WheelEvent", kindWheelEvent, func(e *Event, dict goja.Value, ctx string) {
		r.readMouseInit(e, dict, ctx)
		e.ui().wheel.DeltaX, e.ui().wheel.DeltaY = toDouble(dictGet(dict, "deltaX")), toDouble(dictGet(dict, "deltaY"))
		e.ui().wheel.DeltaZ = toDouble(dictGet(dict, "deltaZ"))
		e.ui().wheel.DeltaMode = toUnsignedLong(dictGet(dict, "deltaMode"))
	}))
	we.Constants(0, "DOM_DELTA_PIXEL", "DOM_DELTA_LINE", "DOM_DELTA_PAGE")
	m := webidl.On(we, r.thisEvent)
	m.Getter("deltaX", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().wheel.DeltaX) })
	m.Getter("deltaY", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().wheel.DeltaY) })
	m.Getter("deltaZ", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().wheel.DeltaZ) })
	m.Getter("deltaMode", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().wheel.DeltaMode) })
}

// HasBlockingListener reports whether an event of type typ dispatched at n would meet a
// listener that is not passive, on n, its ancestors, the document or the window (a
// listener's passive flag defaults to true for wheel and touch events on the window, the
// document, the root element and the body: DOM's default passive value). CHROME: an input
// event meeting only passive listeners is dispatched not cancelable, after its default
// action (the wheel's scroll) was done.
func (n *Node) HasBlockingListener(typ string) bool {
	e := createEvent(typ, kindEvent, EventInit{Bubbles: true, Composed: true})
	var t Target = n
	for depth := 0; t != nil && depth < 1<<16; depth++ {
		for _, l := range t.eventTargetData().listeners {
			if l.typ == typ && !l.passive && !l.removed {
				return true
			}
		}
		t = t.getTheParent(e)
	}
	return false
}
