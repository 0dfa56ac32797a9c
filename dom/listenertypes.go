package dom

// CHROME: a document sends its CSS animations' and transitions' events only for the types
// some listener was ever added for, on a node of the document or on its window (Blink's
// Document::HasListenerType, which CSSAnimations asks before it queues an event; the record
// is never cleared). An event no listener can see is not made at all: a page of ten
// thousand animations and no animationiteration listener dispatches nothing a frame. The
// spec dispatches every event (https://drafts.csswg.org/css-animations-1/#event-dispatch);
// with no listener for its type anywhere in the document, nothing can tell the difference.

// AnimationListenerTypes is a set of CSS animation and transition event types.
type AnimationListenerTypes uint8

// animationListenerType is typ's bit, 0 for a type that is not a CSS animation or
// transition event's.
func animationListenerType(typ string) AnimationListenerTypes {
	switch typ {
	case "animationstart":
		return 1 << 0
	case "animationiteration":
		return 1 << 1
	case "animationend":
		return 1 << 2
	case "animationcancel":
		return 1 << 3
	case "transitionrun":
		return 1 << 4
	case "transitionstart":
		return 1 << 5
	case "transitionend":
		return 1 << 6
	case "transitioncancel":
		return 1 << 7
	}
	return 0
}

// Has reports whether typ is in the set (every other type is).
func (s AnimationListenerTypes) Has(typ string) bool {
	bit := animationListenerType(typ)
	return bit == 0 || s&bit != 0
}

// AnimationListenerTypes returns the CSS animation and transition event types a listener
// was ever added for in the document (on a node of it or on its window).
func (d *Document) AnimationListenerTypes() AnimationListenerTypes { return d.listenerTypes }

// noteListenerType records that a listener of typ was added to t (Blink's
// AddListenerTypeIfNeeded).
func noteListenerType(t Target, typ string) {
	bit := animationListenerType(typ)
	if bit == 0 {
		return
	}
	switch x := t.(type) {
	case *Node:
		x.doc.listenerTypes |= bit
	case *Window:
		x.doc.listenerTypes |= bit
	}
}
