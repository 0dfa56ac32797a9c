// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/interactive-elements.html#the-details-element).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

// detailsToggle is a details element's pending "details toggle task tracker": the toggle
// task queued and the old state it will report.
type detailsToggle struct {
	oldState string
	event    *Event // the pending task's event, whose newState a later change updates
}

// detailsOpenChanged is the details element's attribute change steps for open ("the details
// notification task steps"): "If the open attribute is added, queue a details toggle event
// task given the details element, "closed", and "open". Otherwise, ... "open" and "closed"."
// FIXME(spec): exclusive accordions (the name attribute) are not implemented.
func (n *Node) detailsOpenChanged(old nullString, present bool) {
	if old.valid == present {
		return // the attribute's value changed, not its presence
	}
	if present {
		n.queueDetailsToggleEventTask("closed", "open")
	} else {
		n.queueDetailsToggleEventTask("open", "closed")
	}
}

// queueDetailsToggleEventTask is "queue a details toggle event task": when a toggle task is
// already pending, only its newState changes (one event for several changes); otherwise a
// task on the DOM manipulation task source fires a ToggleEvent named toggle.
func (n *Node) queueDetailsToggleEventTask(oldState, newState string) {
	r := n.doc.realm
	if r == nil {
		return
	}
	// 1. "If element's details toggle task tracker is not null": set oldState to the
	// tracker's old state, remove its task, and set the tracker to null.
	if t := n.jsData().detailsToggle; t != nil {
		t.event.other().newState = newState
		return
	}
	e := createEvent("toggle", kindToggleEvent, EventInit{})
	e.other().oldState, e.other().newState, e.trusted = oldState, newState, true
	t := &detailsToggle{oldState: oldState, event: e}
	n.jsData().detailsToggle = t
	// 2. "Queue an element task given the DOM manipulation task source and element to run":
	// "Fire an event named toggle at element, using ToggleEvent, with the oldState attribute
	// initialized to oldState and the newState attribute initialized to newState"; "Set
	// element's details toggle task tracker to null."
	r.host.QueueTask("dom-manipulation", func() {
		n.jsData().detailsToggle = nil
		e.timeStamp = r.host.Now()
		dispatch(e, n, false)
	})
}
