package dom

import "github.com/dop251/goja"

// eventKind is the JS interface of an event object.
type eventKind uint8

const (
	kindEvent eventKind = iota
	kindCustomEvent
	kindUIEvent
	kindMouseEvent
	kindPointerEvent
	kindKeyboardEvent
	kindFocusEvent
	kindErrorEvent
	kindPromiseRejectionEvent
	kindTransitionEvent
	kindMutationEvent
	kindMessageEvent
	kindToggleEvent
	kindWheelEvent
	kindAnimationEvent
	kindAnimationPlaybackEvent
	kindMediaQueryListEvent
	kindHashChangeEvent
	kindPopStateEvent
	kindInputEvent
	kindSubmitEvent
)

// Event phases (https://dom.spec.whatwg.org/#dom-event-eventphase).
const (
	phaseNone      = 0
	phaseCapturing = 1
	phaseAtTarget  = 2
	phaseBubbling  = 3
)

// Event is a DOM event. https://dom.spec.whatwg.org/#interface-event
type Event struct {
	typ  string
	kind eventKind

	target, currentTarget, relatedTarget Target
	path                                 []pathItem
	phase                                uint16
	timeStamp                            float64

	stopPropagation, stopImmediatePropagation, canceled, inPassiveListener bool
	composed, initialized, dispatching, bubbles, cancelable, trusted       bool
	plainDispatch                                                          bool // dispatched at a plain EventTarget (dispatch.go)

	// UIEvent.detail. viewSet: view was given by an init*Event call (viewIsWindow: the
	// window, else null).
	detail                int
	viewSet, viewIsWindow bool

	// TransitionEvent.
	propertyName, pseudoElement string
	elapsedTime                 float64

	// AnimationEvent (animationName, elapsedTime and pseudoElement above) and
	// AnimationPlaybackEvent.
	animationName                   string
	currentTime, timelineTime       float64
	hasCurrentTime, hasTimelineTime bool

	// The members of the other kinds of event, each event's own, made when first set or
	// read: an event of the kinds above (the many that a frame of animations fires) stays
	// small.
	uiMembers    *uiEventMembers
	otherMembers *otherEventMembers

	obj *goja.Object // JS wrapper, created on first use
}

// uiEventMembers holds the members of MouseEvent, PointerEvent, WheelEvent, KeyboardEvent
// and InputEvent.
type uiEventMembers struct {
	mouse   MouseEventInit
	pointer PointerEventInit
	key     KeyboardEventInit
	wheel   WheelEventInit
	input   InputEventInit
	// coalesced: a trusted pointermove's getCoalescedEvents() (inputevents.go).
	coalesced []*Event
}

// ui returns e's UI event members, made when first used.
func (e *Event) ui() *uiEventMembers {
	if e.uiMembers == nil {
		e.uiMembers = &uiEventMembers{}
	}
	return e.uiMembers
}

// otherEventMembers holds the members of CustomEvent, SubmitEvent, ErrorEvent,
// PromiseRejectionEvent, MessageEvent, ToggleEvent, HashChangeEvent, PopStateEvent,
// MediaQueryListEvent and the legacy MutationEvent.
type otherEventMembers struct {
	detailValue goja.Value // CustomEvent.detail
	submitter   *Node      // SubmitEvent.submitter

	// ErrorEvent.
	message, filename string
	lineno, colno     int
	errorValue        goja.Value

	// PromiseRejectionEvent.
	promise, reason goja.Value

	// MessageEvent.
	data     goja.Value
	origin   string
	source   goja.Value     // the WindowProxy that posted it (window.postMessage), nil: null
	ports    []*MessagePort // the transferred ports
	portsObj *goja.Object   // ports as one frozen array

	// ToggleEvent.
	oldState, newState string

	// HashChangeEvent and PopStateEvent (fragment.go).
	oldURL, newURL string
	state          goja.Value

	// MediaQueryListEvent.
	media   string
	matches bool

	// MutationEvent (legacy).
	relatedNode                   *Node
	prevValue, newValue, attrName string
	attrChange                    uint16
}

// other returns e's members of the other kinds, made when first used.
func (e *Event) other() *otherEventMembers {
	if e.otherMembers == nil {
		e.otherMembers = &otherEventMembers{}
	}
	return e.otherMembers
}

// EventInit holds the EventInit dictionary members.
type EventInit struct {
	Bubbles, Cancelable, Composed bool
}

// MouseEventInit holds MouseEventInit (and UIEventInit.detail) members.
// https://w3c.github.io/uievents/#dictdef-mouseeventinit
type MouseEventInit struct {
	EventInit
	Detail                             int
	ScreenX, ScreenY, ClientX, ClientY float64
	Button                             int
	Buttons                            int
	CtrlKey, ShiftKey, AltKey, MetaKey bool
	RelatedTarget                      *Node
}

// PointerEventInit holds the PointerEventInit members beyond MouseEventInit.
// https://w3c.github.io/pointerevents/#pointereventinit-dictionary
type PointerEventInit struct {
	PointerID       int
	Width, Height   float64
	Pressure        float64
	TiltX, TiltY    float64
	Twist           float64
	PointerType     string
	IsPrimary       bool
	TangentialPress float64
}

// KeyboardEventInit holds KeyboardEventInit members.
// https://w3c.github.io/uievents/#dictdef-keyboardeventinit
type KeyboardEventInit struct {
	EventInit
	Key, Code                          string
	Location                           int
	Repeat, IsComposing                bool
	CtrlKey, ShiftKey, AltKey, MetaKey bool
	// Legacy: KeyCode and CharCode are the legacy keyCode/charCode/which the user agent
	// gives a trusted event (otherwise keyCode is derived from key).
	Legacy            bool
	KeyCode, CharCode int
}

// createEvent creates an initialized event.
// https://dom.spec.whatwg.org/#concept-event-create
func createEvent(typ string, kind eventKind, init EventInit) *Event {
	return &Event{typ: typ, kind: kind, bubbles: init.Bubbles, cancelable: init.Cancelable, composed: init.Composed, initialized: true}
}

// NewMouseEvent creates a MouseEvent.
func NewMouseEvent(typ string, init MouseEventInit) *Event {
	e := createEvent(typ, kindMouseEvent, init.EventInit)
	e.ui().mouse = init
	e.detail = init.Detail
	return e
}

// NewPointerEvent creates a PointerEvent.
func NewPointerEvent(typ string, init MouseEventInit, p PointerEventInit) *Event {
	e := NewMouseEvent(typ, init)
	e.kind = kindPointerEvent
	e.ui().pointer = p
	return e
}

// NewKeyboardEvent creates a KeyboardEvent (for the shell's key input).
func NewKeyboardEvent(typ string, init KeyboardEventInit) *Event {
	e := createEvent(typ, kindKeyboardEvent, init.EventInit)
	e.ui().key = init
	return e
}

// NewTransitionEvent creates a TransitionEvent (transitionrun, transitionstart,
// transitionend, transitioncancel). CHROME: all four are cancelable (the spec: only
// transitionend). https://drafts.csswg.org/css-transitions/#interface-transitionevent
func NewTransitionEvent(typ, propertyName string, elapsedTime float64, pseudoElement string) *Event {
	e := createEvent(typ, kindTransitionEvent, EventInit{Bubbles: true, Cancelable: true})
	e.propertyName, e.elapsedTime, e.pseudoElement = propertyName, elapsedTime, pseudoElement
	return e
}

// RealClickEvents returns the trusted events of a primary-button mouse click at (x, y),
// as Chrome fires them: down = pointerdown, mousedown (one task); up = pointerup,
// mouseup, click (the next task). Dispatch each with DispatchTrusted.
// https://w3c.github.io/pointerevents/#the-primary-pointer
func RealClickEvents(x, y float64) (down, up []*Event) {
	base := MouseEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true, Composed: true},
		ClientX: x, ClientY: y, ScreenX: x, ScreenY: y}
	ptr := PointerEventInit{PointerID: 1, Width: 1, Height: 1, PointerType: "mouse", IsPrimary: true}
	pd, md := base, base
	pd.Buttons, md.Buttons, md.Detail = 1, 1, 1
	pdp := ptr
	pdp.Pressure = 0.5
	mu, ck := base, base
	mu.Detail, ck.Detail = 1, 1
	down = []*Event{NewPointerEvent("pointerdown", pd, pdp), NewMouseEvent("mousedown", md)}
	up = []*Event{NewPointerEvent("pointerup", base, ptr), NewMouseEvent("mouseup", mu), NewPointerEvent("click", ck, ptr)}
	return down, up
}

// Type returns the event type.
func (e *Event) Type() string { return e.typ }

// IsTrusted reports whether the user agent dispatched the event.
func (e *Event) IsTrusted() bool { return e.trusted }

// DefaultPrevented reports whether the canceled flag is set.
func (e *Event) DefaultPrevented() bool { return e.canceled }

// setCanceledFlag cancels the event if it is cancelable and not in a passive listener.
// https://dom.spec.whatwg.org/#set-the-canceled-flag
func (e *Event) setCanceledFlag() {
	if e.cancelable && !e.inPassiveListener {
		e.canceled = true
	}
}

// initEvent (re)initializes an event's type and flags.
// https://dom.spec.whatwg.org/#concept-event-initialize
func (e *Event) initialize(typ string, bubbles, cancelable bool) {
	e.initialized = true
	e.stopPropagation, e.stopImmediatePropagation, e.canceled = false, false, false
	e.trusted = false
	e.target = nil
	e.typ, e.bubbles, e.cancelable = typ, bubbles, cancelable
}
