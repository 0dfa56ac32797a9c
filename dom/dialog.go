// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/interactive-elements.html#the-dialog-element,
// §4.11.4 the dialog element; the top layer of CSS Positioned Layout 4,
// https://drafts.csswg.org/css-position-4/#top-layer; close watchers,
// https://html.spec.whatwg.org/multipage/interaction.html#close-requests-and-close-watchers).
// Step numbers below are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"loopscope/internal/webidl"

	"golang.org/x/net/html"
)

// dialogState is what a dialog element holds beyond its attributes.
type dialogState struct {
	isModal                 bool   // "is modal"
	returnValue             string // "returnValue", initially the empty string
	requestCloseReturnValue nullString
	previouslyFocused       *Node         // "previously focused element"
	toggle                  *dialogToggle // "dialog toggle task tracker"
	// closeWatcher: the dialog has a close watcher, made by show() or showModal ("set the
	// dialog close watcher"), enabled when its computed closed-by state is not none; its
	// actions are the dialog's (requestToCloseWatcher).
	closeWatcher bool
}

// dialogToggle is a pending "dialog toggle task tracker": the old state the toggle task
// will report. A tracker replaced before its task runs makes that task do nothing (the
// spec removes the task from its queue).
type dialogToggle struct{ oldState string }

// dialog returns n's dialog state, made on first use.
func (n *Node) dialog() *dialogState {
	js := n.jsData()
	if js.dialog == nil {
		js.dialog = &dialogState{}
	}
	return js.dialog
}

// isModalDialog: n is a dialog element whose is modal flag is set (:modal).
func (n *Node) isModalDialog() bool {
	return n.js != nil && n.js.dialog != nil && n.js.dialog.isModal
}

// show is the show() method steps.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-show
func (r *realm) show(n *Node) {
	s := n.dialog()
	// 1. "If this has an open attribute and is modal of this is false, then return."
	// 2. "If this has an open attribute, then throw an "InvalidStateError" DOMException."
	if n.HasAttribute("open") {
		if !s.isModal {
			return
		}
		panic(r.newDOMException("InvalidStateError", webidl.Failed("show", "HTMLDialogElement")+
			"The dialog is already open as a modal dialog, and therefore cannot be opened as a non-modal dialog."))
	}
	// 3. "If the result of firing an event named beforetoggle, using ToggleEvent, with the
	// cancelable attribute initialized to true, the oldState attribute initialized to
	// "closed", and the newState attribute initialized to "open" at this is false, then
	// return."
	if !n.fireBeforeToggle("closed", "open", true) {
		return
	}
	// 4. "If this has an open attribute, then return."
	if n.HasAttribute("open") {
		return
	}
	// 5. "Queue a dialog toggle event task given this, "closed", and "open"."
	n.queueDialogToggleEventTask("closed", "open")
	// 6. "Add an open attribute to this, whose value is the empty string."
	n.setAttributeValue("open", "")
	// "Add this to this's node document's open dialogs list." "Set the dialog close
	// watcher with this."
	n.doc.addOpenDialog(n)
	s.closeWatcher = true
	// 7. "Set this's previously focused element to the focused element."
	s.previouslyFocused = n.doc.FocusedElement()
	// 8-10. FIXME(spec): "hide all popovers until" (no popovers).
	// 11. "Run the dialog focusing steps given this."
	n.dialogFocusingSteps()
}

// showModal is the showModal() method steps.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-showmodal
func (r *realm) showModal(n *Node) {
	s := n.dialog()
	fail := func(msg string) {
		panic(r.newDOMException("InvalidStateError", webidl.Failed("showModal", "HTMLDialogElement")+msg))
	}
	// 1. "If this has an open attribute and is modal of this is true, then return."
	// 2. "If this has an open attribute, then throw an "InvalidStateError" DOMException."
	if n.HasAttribute("open") {
		if s.isModal {
			return
		}
		fail("The dialog is already open as a non-modal dialog, and therefore cannot be opened as a modal dialog.")
	}
	// 3. "If this's node document is not fully active, then throw ..." 4. "If this is not
	// connected, then throw ..."
	if !n.IsConnected() {
		fail("The element is not in a Document.")
	}
	// 5. FIXME(spec): "If this is in the popover showing state" (no popovers).
	// 6. beforetoggle, cancelable, "closed" to "open".
	if !n.fireBeforeToggle("closed", "open", true) {
		return
	}
	// 7. "If any of the following are true: this has an open attribute; this is not
	// connected; this is in the popover showing state, then return."
	if n.HasAttribute("open") || !n.IsConnected() {
		return
	}
	// 8. "Queue a dialog toggle event task given this, "closed", and "open"."
	n.queueDialogToggleEventTask("closed", "open")
	// 9. "Add an open attribute to this, whose value is the empty string."
	n.setAttributeValue("open", "")
	// 10. "Set is modal of this to true."
	s.isModal = true
	n.doc.changedNode(ChangeState, n.h, "modal")
	// 11. "Set this's node document to be blocked by the modal dialog this." (The topmost
	// modal dialog of the top layer blocks: Document.BlockingModalDialog.)
	// 12. "If this's node document's top layer does not already contain this, then add an
	// element to the top layer given this."
	n.doc.addToTopLayer(n)
	n.doc.addOpenDialog(n) // "Add this to this's node document's open dialogs list."
	// 13. "Set this's close watcher to the result of establishing a close watcher given
	// this's relevant global object", its cancelAction and closeAction the dialog's
	// (requestCloseWatcher).
	s.closeWatcher = true
	// 14. "Set this's previously focused element to the focused element."
	s.previouslyFocused = n.doc.FocusedElement()
	// 15-17. FIXME(spec): "hide all popovers until" (no popovers).
	// 18. "Run the dialog focusing steps given this."
	n.dialogFocusingSteps()
}

// closeMethod is the close(result) method steps: "If this does not have an open attribute,
// then return." "Close the dialog this with result." (A missing result is null.)
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-close
func (n *Node) closeMethod(result nullString) {
	if !n.HasAttribute("open") {
		return
	}
	n.closeTheDialog(result)
}

// requestClose is the requestClose(returnValue) method steps.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-requestclose
func (n *Node) requestClose(returnValue nullString) {
	// 1. "If this does not have an open attribute, then return."
	if !n.HasAttribute("open") {
		return
	}
	s := n.dialog()
	// 2-3. A dialog without a close watcher (a non-modal one, closedby none here): CHROME
	// fires cancel and closes it all the same, as a dialog whose close watcher is made for
	// requestClose() would ("enable close watcher for requestClose()").
	// 4. "Set this's request close return value to returnValue."
	s.requestCloseReturnValue = returnValue
	// 5. "Request to close dialog's close watcher with false" (no history-action
	// activation needed: the cancel event is cancelable).
	n.requestToCloseWatcher(false)
}

// requestToCloseWatcher is "request to close" the dialog's close watcher: its cancel action
// fires cancel at the dialog (cancelable when the close can be prevented), and unless that
// was canceled its close action closes the dialog with its request close return value.
// https://html.spec.whatwg.org/multipage/interaction.html#close-watcher-request-close
func (n *Node) requestToCloseWatcher(requireHistoryActionActivation bool) bool {
	s := n.dialog()
	r := n.doc.realm
	// 5. "Let canPreventClose be true if requireHistoryActionActivation is false, or if
	// window's close watcher manager's groups's size is less than window's close watcher
	// manager's allowed number of groups, and window has history-action activation."
	// FIXME(spec): close watcher groups are not kept: a modal dialog may prevent its close
	// when the window has history-action activation.
	canPrevent := !requireHistoryActionActivation || r != nil && r.hasHistoryActionActivation()
	// 6-8. The cancel action: "Fire an event named cancel at dialog, with the cancelable
	// attribute initialized to canPreventClose."
	e := createEvent("cancel", kindEvent, EventInit{Cancelable: canPrevent})
	e.trusted = true
	if r != nil {
		e.timeStamp = r.host.Now()
	}
	if !dispatch(e, n, false) {
		// 9. "If shouldContinue is false, then: ... Consume history-action user activation
		// given window. Return false."
		if r != nil {
			r.consumeHistoryActionActivation()
		}
		return false
	}
	// 10. "Note: Since these steps are not guarded, closeAction might be run for a close
	// watcher that has been destroyed." 11. "Close closeWatcher": the close action, "close
	// the dialog given dialog and dialog's request close return value".
	if n.HasAttribute("open") {
		n.closeTheDialog(s.requestCloseReturnValue)
	}
	return true
}

// closeTheDialog is "close the dialog" given subject and result.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#close-the-dialog
func (n *Node) closeTheDialog(result nullString) {
	s := n.dialog()
	// 1. "If subject does not have an open attribute, then return."
	if !n.HasAttribute("open") {
		return
	}
	// 2. beforetoggle, not cancelable, "open" to "closed".
	n.fireBeforeToggle("open", "closed", false)
	// 3. "If subject does not have an open attribute, then return."
	if !n.HasAttribute("open") {
		return
	}
	// 4. "Queue a dialog toggle event task given subject, "open", and "closed"."
	n.queueDialogToggleEventTask("open", "closed")
	// 5. "Remove subject's open attribute."
	n.RemoveAttribute("open")
	// "Remove subject from subject's node document's open dialogs list."
	n.doc.removeOpenDialog(n)
	// 6. "If is modal of subject is true, then request an element to be removed from the
	// top layer given subject." CHROME: it leaves at once (no overlay transition here).
	if s.isModal {
		n.doc.removeFromTopLayer(n)
	}
	// 7. "Let wasModal be the value of subject's is modal flag." 8. "Set is modal of subject
	// to false."
	wasModal := s.isModal
	if s.isModal {
		s.isModal = false
		n.doc.changedNode(ChangeState, n.h, "modal")
	}
	// 9. "If result is not null, then set subject's returnValue attribute to result."
	if result.valid {
		s.returnValue = result.s
	}
	// 10. "Set subject's request close return value to null."
	s.requestCloseReturnValue = nullString{}
	// 11. "If subject's previously focused element is not null, then: Let element be
	// subject's previously focused element. Set subject's previously focused element to
	// null. If subject's node document's focused area of the document's DOM anchor is a
	// shadow-including inclusive descendant of subject, or wasModal is true, then run the
	// focusing steps for element; the viewport should not be scrolled by doing this step."
	if el := s.previouslyFocused; el != nil {
		s.previouslyFocused = nil
		f := n.doc.FocusedElement()
		if f != nil && inclusiveAncestor(n.h, f.h) || wasModal {
			el.Focus()
		}
	}
	// 12. "Queue an element task on the user interaction task source given the subject
	// element to fire an event named close at subject."
	if r := n.doc.realm; r != nil {
		r.host.QueueTask("user-interaction", func() {
			e := createEvent("close", kindEvent, EventInit{})
			e.trusted, e.timeStamp = true, r.host.Now()
			dispatch(e, n, false)
		})
	}
	// 13. "If subject's close watcher is not null, then: Destroy subject's close watcher.
	// Set subject's close watcher to null."
	s.closeWatcher = false
}

// fireBeforeToggle fires beforetoggle (a ToggleEvent) at the dialog and reports whether it
// was not canceled.
func (n *Node) fireBeforeToggle(oldState, newState string, cancelable bool) bool {
	e := createEvent("beforetoggle", kindToggleEvent, EventInit{Cancelable: cancelable})
	e.other().oldState, e.other().newState, e.trusted = oldState, newState, true
	if r := n.doc.realm; r != nil {
		e.timeStamp = r.host.Now()
	}
	return dispatch(e, n, false)
}

// queueDialogToggleEventTask is "queue a dialog toggle event task" given element, oldState
// and newState.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#queue-a-dialog-toggle-event-task
func (n *Node) queueDialogToggleEventTask(oldState, newState string) {
	r := n.doc.realm
	if r == nil {
		return
	}
	s := n.dialog()
	// 1. "If element's dialog toggle task tracker is not null, then: Set oldState to
	// element's dialog toggle task tracker's old state. Remove element's dialog toggle task
	// tracker's task from its task queue. Set element's dialog toggle task tracker to null."
	if s.toggle != nil {
		oldState = s.toggle.oldState
	}
	// 2. "Queue an element task given the DOM manipulation task source and element to run
	// the following steps: Fire an event named toggle at element, using ToggleEvent, with
	// the oldState attribute initialized to oldState and the newState attribute initialized
	// to newState. Set element's dialog toggle task tracker to null."
	t := &dialogToggle{oldState: oldState}
	s.toggle = t
	r.host.QueueTask("dom-manipulation", func() {
		if s.toggle != t {
			return // removed from its queue by a later change
		}
		s.toggle = nil
		e := createEvent("toggle", kindToggleEvent, EventInit{})
		e.other().oldState, e.other().newState = oldState, newState
		e.trusted, e.timeStamp = true, r.host.Now()
		dispatch(e, n, false)
	})
	// 3. "Set element's dialog toggle task tracker to a struct with task set to the just-
	// queued task and old state set to oldState."
}

// dialogFocusingSteps is "the dialog focusing steps" given subject.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dialog-focusing-steps
func (n *Node) dialogFocusingSteps() {
	// 1. FIXME(spec): "If the allow focus steps given subject's node document return false,
	// then return." (No sandboxing or navigables here.)
	// 2. "Let control be subject's autofocus delegate given "other"." CHROME: without an
	// autofocus descendant, the first focusable area among its descendants in tree order
	// (Blink's focus delegate), else the dialog itself.
	// 3. "If control is null, then set control to subject."
	control := n.dialogFocusDelegate()
	if control == nil {
		control = n
	}
	// 4. "Run the focusing steps for control."
	control.Focus()
	// 5-7. FIXME(spec): the top document's autofocus candidates (no autofocus processing).
}

// dialogFocusDelegate is the descendant the dialog focusing steps focus: the first focusable
// descendant with an autofocus attribute, else the first focusable descendant (nil: none).
func (n *Node) dialogFocusDelegate() *Node {
	var first *Node
	for h := range n.h.Descendants() {
		c := n.doc.NodeFor(h)
		if c == nil || c.kind != ElementNode || !c.isFocusableArea() {
			continue
		}
		if c.HasAttribute("autofocus") {
			return c
		}
		if first == nil {
			first = c
		}
	}
	return first
}

// addToTopLayer is "add an element to the top layer": el is appended to the document's top
// layer (moved to its end when already in it).
// https://drafts.csswg.org/css-position-4/#add-an-element-to-the-top-layer
func (d *Document) addToTopLayer(el *Node) {
	d.removeFromTopLayer(el)
	d.topLayer = append(d.topLayer, el)
	d.changedNode(ChangeState, el.h, "top-layer")
}

// removeFromTopLayer is "remove an element from the top layer immediately".
func (d *Document) removeFromTopLayer(el *Node) {
	for i, x := range d.topLayer {
		if x == el {
			d.topLayer = append(d.topLayer[:i], d.topLayer[i+1:]...)
			d.changedNode(ChangeState, el.h, "top-layer")
			return
		}
	}
}

// TopLayerNodes lists the document's top layer, bottom first: the elements the renderer
// draws above everything else, each above its ::backdrop (render.TopLayerSource).
func (d *Document) TopLayerNodes() []*html.Node {
	out := make([]*html.Node, len(d.topLayer))
	for i, el := range d.topLayer {
		out[i] = el.h
	}
	return out
}

// BlockingModalDialog is the modal dialog the document is "blocked by" (nil: none): the
// topmost dialog of the top layer whose is modal flag is set. Every node outside it is
// inert: it takes no focus and no hit.
// https://html.spec.whatwg.org/multipage/interaction.html#blocked-by-a-modal-dialog
func (d *Document) BlockingModalDialog() *Node {
	for i := len(d.topLayer) - 1; i >= 0; i-- {
		if el := d.topLayer[i]; el.isModalDialog() {
			return el
		}
	}
	return nil
}

// blockedByModalDialog: n is outside the modal dialog its document is blocked by (inert).
func (n *Node) blockedByModalDialog() bool {
	if len(n.doc.topLayer) == 0 {
		return false
	}
	m := n.doc.BlockingModalDialog()
	return m != nil && !inclusiveAncestor(m.h, n.h)
}

// dialogRemovingSteps are the dialog element's removing steps, for the open dialogs and
// those of the top layer that a removal disconnected: "If removedNode's close watcher is
// not null, then destroy it and set it to null." "If removedNode's node document's open
// dialogs list contains removedNode, then remove it." "If removedNode's node document's
// top layer contains removedNode, then remove an element from the top layer immediately
// given removedNode." "Set is modal of removedNode to false." (Its open attribute stays, as
// in Chrome.)
// https://html.spec.whatwg.org/multipage/interactive-elements.html#the-dialog-element:html-element-removing-steps
func (d *Document) dialogRemovingSteps() {
	for _, list := range [2]*[]*Node{&d.topLayer, &d.openDialogs} {
		for i := 0; i < len(*list); {
			el := (*list)[i]
			if el.IsConnected() {
				i++
				continue
			}
			d.removeFromTopLayer(el)
			d.removeOpenDialog(el)
			s := el.dialog()
			s.closeWatcher = false
			if s.isModal {
				s.isModal = false
				d.changedNode(ChangeState, el.h, "modal")
			}
		}
	}
}

// addOpenDialog appends el to the document's open dialogs list; removeOpenDialog takes it
// out.
func (d *Document) addOpenDialog(el *Node) {
	d.removeOpenDialog(el)
	d.openDialogs = append(d.openDialogs, el)
}

func (d *Document) removeOpenDialog(el *Node) {
	if d.dialogPointerdown == el {
		d.dialogPointerdown = nil
	}
	for i, x := range d.openDialogs {
		if x == el {
			d.openDialogs = append(d.openDialogs[:i], d.openDialogs[i+1:]...)
			return
		}
	}
}

// computedClosedBy is the dialog's "computed closed-by state": its closedby attribute's
// state (any, closerequest, none), and for the Auto state (missing or invalid)
// closerequest when it is modal, none otherwise.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#computed-closed-by-state
func (n *Node) computedClosedBy() string {
	v, _ := n.GetAttribute("closedby")
	switch v = asciiLower(v); v {
	case "any", "closerequest", "none":
		return v
	}
	if n.isModalDialog() {
		return "closerequest"
	}
	return "none"
}

// ProcessCloseWatchers is what the page does with a close request (Escape, whose keydown
// nobody canceled): the close watcher of the dialog opened last is asked to close, with
// history-action activation required for its cancel event to be cancelable, when it is
// enabled (its computed closed-by state is not none: a modal dialog's by default, a
// non-modal one's with closedby). It reports whether it processed one.
// https://html.spec.whatwg.org/multipage/interaction.html#process-close-watchers
func (d *Document) ProcessCloseWatchers() bool {
	// 1-2. "Let processedACloseWatcher be false. If window's close watcher manager's groups
	// is not empty: Let group be the last item in window's close watcher manager's groups.
	// For each closeWatcher of group, in reverse order: If the result of running
	// closeWatcher's get enabled state is true, set processedACloseWatcher to true. Let
	// shouldProceed be the result of requesting to close closeWatcher with true. If
	// shouldProceed is false, then break."
	// FIXME(spec): close watcher groups are not kept: the last group is taken to be the
	// dialog opened last (as when each dialog was opened after a user activation).
	if len(d.openDialogs) == 0 {
		return false
	}
	el := d.openDialogs[len(d.openDialogs)-1]
	if !el.dialog().closeWatcher || !el.HasAttribute("open") || el.computedClosedBy() == "none" {
		return false
	}
	el.requestToCloseWatcher(true)
	// 3. FIXME(spec): "If window's close watcher manager's next user interaction allows a
	// new group is true, then ..." (no groups).
	return true
}

// LightDismissOpenDialogs is "light dismiss open dialogs", run by the page after it
// dispatched a trusted pointerdown or pointerup (typ) at target, at (x, y) in the
// viewport: a press and release outside the topmost open dialog whose closedby is any asks
// its close watcher to close it (cancel, then close).
// https://html.spec.whatwg.org/multipage/interactive-elements.html#light-dismiss-open-dialogs
func (d *Document) LightDismissOpenDialogs(typ string, target *Node, x, y float64) {
	// 3. "If document's open dialogs list is empty, then return."
	if len(d.openDialogs) == 0 || target == nil {
		return
	}
	// 4. "Let ancestor be the result of running nearest clicked dialog given event."
	ancestor := d.nearestClickedDialog(target, x, y)
	switch typ {
	case "pointerdown":
		// 5. "If event's type is "pointerdown", then set document's dialog pointerdown
		// target to ancestor."
		d.dialogPointerdown = ancestor
	case "pointerup":
		// 6. "Let sameTarget be true if ancestor is document's dialog pointerdown target."
		// "Set document's dialog pointerdown target to null." "If sameTarget is false, then
		// return." "Let topmostDialog be the last element of document's open dialogs
		// list." "If ancestor is topmostDialog, then return." "If topmostDialog's computed
		// closed-by state is not Any, then return." "Request to close topmostDialog's close
		// watcher with false."
		same := ancestor == d.dialogPointerdown
		d.dialogPointerdown = nil
		if !same {
			return
		}
		top := d.openDialogs[len(d.openDialogs)-1]
		if ancestor == top || top.computedClosedBy() != "any" || !top.dialog().closeWatcher {
			return
		}
		top.requestToCloseWatcher(false)
	}
}

// nearestClickedDialog is "nearest clicked dialog" given a pointer event at target, at
// (x, y): nil for a point on a modal dialog's backdrop (the event targets the dialog
// outside its box), else target's nearest inclusive ancestor dialog with an open attribute.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#nearest-clicked-dialog
func (d *Document) nearestClickedDialog(target *Node, x, y float64) *Node {
	if target.isHTML("dialog") && target.HasAttribute("open") && target.isModalDialog() {
		if w := d.window; w != nil && w.layout != nil {
			if bx, by, bw, bh, ok := w.layout.BorderBox(target); ok && (x < bx || y < by || x >= bx+bw || y >= by+bh) {
				return nil
			}
		}
	}
	for h := target.h; h != nil; h = h.Parent {
		if h.Type == html.ElementNode && h.Data == "dialog" && h.Namespace == "" && hasAttr(h, "open") {
			return d.NodeFor(h)
		}
	}
	return nil
}

// hasHistoryActionActivation: "the last history-action activation timestamp is not equal
// to the last activation timestamp" (an activation since the last one consumed by a close
// watcher or history).
// https://html.spec.whatwg.org/multipage/interaction.html#history-action-activation
func (r *realm) hasHistoryActionActivation() bool {
	return r.rs.everActivated && r.rs.lastActivation != r.rs.lastHistoryActionActivation
}

// consumeHistoryActionActivation is "consume history-action user activation".
func (r *realm) consumeHistoryActionActivation() {
	r.rs.lastHistoryActionActivation = r.rs.lastActivation
}
