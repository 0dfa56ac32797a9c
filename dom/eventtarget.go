package dom

import "github.com/dop251/goja"

// Target is an EventTarget: a *Node, the *Window, an *AbortSignal or a plain EventTarget.
// https://dom.spec.whatwg.org/#interface-eventtarget
type Target interface {
	eventTargetData() *eventTarget
	// getTheParent returns the target's parent for event dispatch, or nil.
	getTheParent(e *Event) Target
	realmOf() *realm
}

// eventTarget is the state every EventTarget has.
type eventTarget struct {
	listeners []*listener
	handlers  map[string]*eventHandler // the event handler map, keyed by "onclick" etc.
}

// listener is an event listener. https://dom.spec.whatwg.org/#concept-event-listener
type listener struct {
	typ      string
	callback goja.Value    // the callback object (function, or object with handleEvent)
	fn       goja.Callable // callback as a function, when it is one
	capture  bool
	passive  bool
	once     bool
	removed  bool
	signal   *AbortSignal
	handler  *eventHandler // set for the listener of an event handler
}

func (n *Node) eventTargetData() *eventTarget { return &n.target }
func (n *Node) realmOf() *realm               { return n.doc.realm }

// getTheParent of a node is its parent; the document's parent is the window except for load.
// https://dom.spec.whatwg.org/#get-the-parent
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object (document's get the parent)
func (n *Node) getTheParent(e *Event) Target {
	if n.kind == DocumentNode {
		if e.typ == "load" || n.doc.window == nil || n.doc.realm == nil || n != n.doc.node {
			return nil
		}
		return n.doc.window
	}
	// "A node's get the parent algorithm, given an event, returns the node's assigned slot,
	// if node is assigned; otherwise node's parent."
	if s := n.assignedSlot(false); s != nil {
		return s
	}
	if p := n.h.Parent; p != nil {
		return n.doc.NodeFor(p)
	}
	// "A shadow root's get the parent algorithm, given an event, returns null if event's
	// composed flag is unset and shadow root is the root of event's path's first struct's
	// invocation target; otherwise shadow root's host."
	if n.isShadowRoot() {
		if !e.composed && len(e.path) > 0 {
			if first, ok := e.path[0].invocationTarget.(*Node); ok && first.rootNode() == n {
				return nil
			}
		}
		return n.shadow.host
	}
	return nil
}

// plainTarget is an object created by `new EventTarget()`.
type plainTarget struct {
	target eventTarget
	realm  *realm
	obj    *goja.Object
}

func (p *plainTarget) eventTargetData() *eventTarget { return &p.target }
func (p *plainTarget) getTheParent(*Event) Target    { return nil }
func (p *plainTarget) realmOf() *realm               { return p.realm }

// addEventListener adds l to t unless an equal listener exists.
// https://dom.spec.whatwg.org/#add-an-event-listener
func addEventListener(t Target, l *listener, passiveSet bool) {
	if l.signal != nil && l.signal.aborted {
		return
	}
	if l.callback == nil || goja.IsNull(l.callback) || goja.IsUndefined(l.callback) {
		return
	}
	if !passiveSet {
		l.passive = defaultPassiveValue(l.typ, t)
	}
	et := t.eventTargetData()
	for _, o := range et.listeners {
		if o.handler == nil && o.typ == l.typ && o.capture == l.capture && o.callback.SameAs(l.callback) {
			return
		}
	}
	et.listeners = append(et.listeners, l)
	noteListenerType(t, l.typ)
	if l.signal != nil {
		sig := l.signal
		sig.addAlgorithm(func() { removeEventListener(t, l) })
	}
}

// defaultPassiveValue is true for touch and wheel events on the window, document, html and body.
// https://dom.spec.whatwg.org/#default-passive-value
func defaultPassiveValue(typ string, t Target) bool {
	switch typ {
	case "touchstart", "touchmove", "wheel", "mousewheel":
	default:
		return false
	}
	switch v := t.(type) {
	case *Window:
		return true
	case *Node:
		if v.kind == DocumentNode && v == v.doc.node {
			return true
		}
		if v == v.doc.DocumentElement() || v == v.doc.Body() {
			return true
		}
	}
	return false
}

// findListener finds the listener equal to (typ, callback, capture).
func findListener(t Target, typ string, callback goja.Value, capture bool) *listener {
	for _, o := range t.eventTargetData().listeners {
		if o.handler == nil && o.typ == typ && o.capture == capture && o.callback.SameAs(callback) {
			return o
		}
	}
	return nil
}

// removeEventListener removes l from t.
// https://dom.spec.whatwg.org/#remove-an-event-listener
func removeEventListener(t Target, l *listener) {
	l.removed = true
	et := t.eventTargetData()
	for i, o := range et.listeners {
		if o == l {
			copy(et.listeners[i:], et.listeners[i+1:])
			et.listeners[len(et.listeners)-1] = nil
			et.listeners = et.listeners[:len(et.listeners)-1]
			return
		}
	}
}
