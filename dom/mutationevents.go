package dom

// Legacy mutation events (Options.MutationEvents), fired synchronously during the
// mutation as browsers did in 2018 (Chrome removed them in version 127).
// https://w3c.github.io/uievents/#legacy-mutationevent-events

// MutationEvent.attrChange values.
const (
	attrModification = 1
	attrAddition     = 2
	attrRemoval      = 3
)

// mutationEventsOn reports whether legacy mutation events are enabled for d.
func (d *Document) mutationEventsOn() bool {
	return d.realm != nil && d.realm.opts.MutationEvents
}

// fireMutationEvent dispatches a legacy MutationEvent (bubbling, not cancelable) at target.
func fireMutationEvent(target *Node, typ string, related *Node, prev, next, attrName string, change uint16) {
	e := createEvent(typ, kindMutationEvent, EventInit{Bubbles: true})
	e.other().relatedNode, e.other().prevValue, e.other().newValue, e.other().attrName, e.other().attrChange = related, prev, next, attrName, change
	target.doc.fireTrusted(target, e, false)
}

// fireInsertionMutationEvents fires DOMNodeInserted at each inserted node (relatedNode is
// the parent), then DOMSubtreeModified at the parent.
// https://w3c.github.io/uievents/#event-type-DOMNodeInserted
func fireInsertionMutationEvents(parent *Node, nodes []*Node) {
	if !parent.doc.mutationEventsOn() {
		return
	}
	for _, n := range nodes {
		if n.h.Parent == parent.h {
			fireMutationEvent(n, "DOMNodeInserted", parent, "", "", "", 0)
		}
	}
	fireSubtreeModifiedEvent(parent)
}

// fireNodeRemovedEvent fires DOMNodeRemoved at node before it is removed.
// https://w3c.github.io/uievents/#event-type-DOMNodeRemoved
func fireNodeRemovedEvent(node *Node) {
	if !node.doc.mutationEventsOn() || node.h.Parent == nil {
		return
	}
	fireMutationEvent(node, "DOMNodeRemoved", node.Parent(), "", "", "", 0)
}

// fireSubtreeModifiedEvent fires DOMSubtreeModified at target after a change below it.
// https://w3c.github.io/uievents/#event-type-DOMSubtreeModified
func fireSubtreeModifiedEvent(target *Node) {
	if !target.doc.mutationEventsOn() {
		return
	}
	fireMutationEvent(target, "DOMSubtreeModified", nil, "", "", "", 0)
}

// fireAttrModifiedEvent fires DOMAttrModified at the element, then DOMSubtreeModified.
// https://w3c.github.io/uievents/#event-type-DOMAttrModified
func fireAttrModifiedEvent(n *Node, name string, old nullString, value string, present bool) {
	if !n.doc.mutationEventsOn() {
		return
	}
	change := uint16(attrModification)
	switch {
	case !present:
		change, value = attrRemoval, ""
	case !old.valid:
		change = attrAddition
	}
	fireMutationEvent(n, "DOMAttrModified", nil, old.s, value, name, change)
	fireSubtreeModifiedEvent(n)
}

// fireCharacterDataModifiedEvent fires DOMCharacterDataModified at the node, then
// DOMSubtreeModified. https://w3c.github.io/uievents/#event-type-DOMCharacterDataModified
func fireCharacterDataModifiedEvent(n *Node, prev, next string) {
	if !n.doc.mutationEventsOn() {
		return
	}
	fireMutationEvent(n, "DOMCharacterDataModified", nil, prev, next, "", 0)
	fireSubtreeModifiedEvent(n)
}
