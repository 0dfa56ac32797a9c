// Spec: Fullscreen API Standard, Living Standard 2025-06 (https://fullscreen.spec.whatwg.org/),
// and HTML's user activation (https://html.spec.whatwg.org/multipage/interaction.html#tracking-user-activation).
// Step numbers below are those revisions'. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// pendingFullscreenEvent is an entry of the document's list of pending fullscreen events.
type pendingFullscreenEvent struct {
	typ     string // "fullscreenchange" or "fullscreenerror"
	element *Node
}

// fullscreenRequest is a request to enter (element non-nil) or exit fullscreen that the
// host has not answered yet, with its promise's settle function.
type fullscreenRequest struct {
	element *Node // the element to make fullscreen; with exit, the one to leave
	exit    bool
	removed bool          // an exit because the element was removed (it is unfullscreened already)
	settle  goja.Callable // nil: no promise
}

// FullscreenHost is told when the page enters or leaves fullscreen (the window goes
// fullscreen; without a host nothing but the events happens).
type FullscreenHost func(on bool)

// SetFullscreenHost sets the host told of fullscreen changes.
func (w *Window) SetFullscreenHost(h FullscreenHost) {
	if r := w.doc.realm; r != nil {
		r.rs.fullscreenHost = h
	}
}

// transientActivationDuration is HTML's transient activation duration (ms).
// CHROME: 5 seconds.
const transientActivationDuration = 5000

// noteActivation records an activation-triggering input event: a trusted keydown (not
// Escape), mousedown, pointerdown of a mouse, pointerup of another pointer, or touchend
// (user activation's "last activation timestamp").
// https://html.spec.whatwg.org/multipage/interaction.html#activation-triggering-input-event
func (d *Document) noteActivation(ev *Event) {
	r := d.realm
	if r == nil || !ev.trusted {
		return
	}
	switch ev.typ {
	case "keydown":
		if ev.ui().key.Key == "Escape" {
			return
		}
	case "mousedown", "touchend":
	case "pointerdown", "pointerup":
		if (ev.ui().pointer.PointerType == "mouse") != (ev.typ == "pointerdown") {
			return
		}
	default:
		return
	}
	r.rs.activated, r.rs.everActivated, r.rs.lastActivation = true, true, r.host.Now()
}

// hasTransientActivation is "has transient activation" for the window.
func (r *realm) hasTransientActivation() bool {
	return r.rs.activated && r.host.Now()-r.rs.lastActivation < transientActivationDuration
}

// consumeUserActivation is "consume user activation".
func (r *realm) consumeUserActivation() { r.rs.activated = false }

// requestFullscreen is Element's requestFullscreen(): it returns the promise.
// https://fullscreen.spec.whatwg.org/#dom-element-requestfullscreen
func (r *realm) requestFullscreen(el *Node) goja.Value {
	// 1-2. "Let pendingDoc be this's node document." "Let promise be a new promise."
	promise, resolve, reject := r.rt.NewPromise()
	// 4-5. error is true when this is not connected (the "fullscreen element ready check"),
	// or "This's relevant global object does not have transient activation".
	// FIXME(spec): the checks for dialog, popover and the "fullscreen" policy (none here).
	err := !el.IsConnected() || !r.hasTransientActivation()
	// 6. "If error is false, then consume user activation given pendingDoc's relevant
	// global object."
	if !err {
		r.consumeUserActivation()
	}
	// 7. "Return promise, and run the remaining steps in parallel."
	if err {
		// 9. "append (fullscreenerror, this) to pendingDoc's list of pending fullscreen
		// events", "reject promise with a TypeError exception".
		// CHROME: the promise is rejected in a microtask (after one exitFullscreen()
		// rejects right away), the event waits for the fullscreen steps.
		r.appendPendingFullscreenEvent("fullscreenerror", el)
		r.host.QueueMicrotask(func() { _ = reject(r.idl.TypeError("Permissions check failed")) })
		return r.rt.ToValue(promise)
	}
	// 8, 10-13: the host resizes the viewport; see TakeFullscreenRequests.
	r.rs.fullscreenRequests = append(r.rs.fullscreenRequests, fullscreenRequest{element: el, settle: r.settleFunc(resolve)})
	return r.rt.ToValue(promise)
}

// exitFullscreen is Document's exitFullscreen(). https://fullscreen.spec.whatwg.org/#exit-fullscreen
func (r *realm) exitFullscreen() goja.Value {
	// 1. "Let promise be a new promise."
	promise, resolve, reject := r.rt.NewPromise()
	// 2. "If doc is not fully active or doc's fullscreen element is null, then reject
	// promise with a TypeError exception and return promise."
	if r.rs.fullscreenElement == nil {
		_ = reject(r.idl.TypeError(webidl.Failed("exitFullscreen", "Document") + "Document not active"))
		return r.rt.ToValue(promise)
	}
	// 3-5: the host leaves fullscreen; see TakeFullscreenRequests.
	r.rs.fullscreenRequests = append(r.rs.fullscreenRequests, fullscreenRequest{element: r.rs.fullscreenElement, exit: true, settle: r.settleFunc(resolve)})
	return r.rt.ToValue(promise)
}

// settleFunc wraps a promise's resolve function to be called from a task through the
// host (whose call then performs the microtask checkpoint).
func (r *realm) settleFunc(resolve func(any) error) goja.Callable {
	f, _ := goja.AssertFunction(r.rt.ToValue(func(goja.FunctionCall) goja.Value {
		_ = resolve(goja.Undefined())
		return goja.Undefined()
	}))
	return f
}

// AnswerFullscreenRequests sends the requests made since the last rendering update to the
// host and queues the task that answers them: the element enters (or the document leaves)
// fullscreen, fullscreenchange is appended to the pending events, the promise resolves.
// It reports whether there were any. The page calls it when it updates "the rendering or
// user interface" (update the rendering's last step).
//
// CHROME: the browser resizes the window and answers after the frame that follows a
// request: the promise resolves in a task after it, and fullscreenchange fires in the next
// frame's fullscreen steps (fullscreen_click pins the order).
func (d *Document) AnswerFullscreenRequests() bool {
	r := d.realm
	if r == nil || len(r.rs.fullscreenRequests) == 0 {
		return false
	}
	reqs := r.rs.fullscreenRequests
	r.rs.fullscreenRequests = nil
	for _, req := range reqs {
		if r.rs.fullscreenHost != nil {
			r.rs.fullscreenHost(!req.exit)
		}
	}
	r.host.QueueTask("fullscreen", func() {
		for _, req := range reqs {
			r.answerFullscreenRequest(req)
		}
	})
	return true
}

// answerFullscreenRequest is requestFullscreen()'s steps 10-13 (exitFullscreen()'s 6-13)
// once the host has answered.
func (r *realm) answerFullscreenRequest(req fullscreenRequest) {
	el := req.element
	switch {
	case !req.exit:
		// 10-12. "fullscreen an element" (the one element: no frames); "append
		// (fullscreenchange, element) to pendingDoc's list of pending fullscreen events".
		if el.IsConnected() && r.rs.fullscreenElement != el {
			r.rs.fullscreenElement = el
			r.appendPendingFullscreenEvent("fullscreenchange", el)
		}
	case req.removed:
		r.appendPendingFullscreenEvent("fullscreenchange", el) // fired at the document
	case el != nil && r.rs.fullscreenElement == el:
		// exit: "unfullscreen" the element, fullscreenchange appended for it.
		r.rs.fullscreenElement = nil
		r.appendPendingFullscreenEvent("fullscreenchange", el)
	}
	// 13. "Resolve promise with undefined."
	if req.settle == nil {
		return
	}
	if _, err := r.host.Call(req.settle, goja.Undefined()); err != nil {
		r.reportException(err)
	}
}

// maxPendingFullscreenEvents bounds the list of pending fullscreen events: a page that calls
// requestFullscreen() a million times in one task gets the first thousand fullscreenerror
// events (DEPARTURE: the spec's list is unbounded).
const maxPendingFullscreenEvents = 1000

// appendPendingFullscreenEvent appends (typ, el) to the list of pending fullscreen events.
func (r *realm) appendPendingFullscreenEvent(typ string, el *Node) {
	if len(r.rs.pendingFullscreenEvents) < maxPendingFullscreenEvents {
		r.rs.pendingFullscreenEvents = append(r.rs.pendingFullscreenEvents, pendingFullscreenEvent{typ, el})
	}
}

// fullscreenRemovingSteps is Fullscreen's removing steps for a node just removed: if the
// fullscreen element was in it, "exit fullscreen document": the element is unfullscreened at
// once (as in Chrome: document.fullscreenElement is null right after the removal) and the
// host is asked to leave fullscreen; fullscreenchange, at the document, follows its answer.
// https://fullscreen.spec.whatwg.org/#removing-steps
func fullscreenRemovingSteps(removed *Node) {
	r := removed.doc.realm
	if r == nil || r.rs.fullscreenElement == nil || r.rs.fullscreenElement.IsConnected() {
		return
	}
	el := r.rs.fullscreenElement
	r.rs.fullscreenElement = nil
	r.rs.fullscreenRequests = append(r.rs.fullscreenRequests, fullscreenRequest{element: el, exit: true, removed: true})
}

// RunTheFullscreenSteps is "run the fullscreen steps": the pending fullscreen events are
// fired, each at its element (or the document when the element left it). It reports
// whether it fired any.
// https://fullscreen.spec.whatwg.org/#run-the-fullscreen-steps
func (d *Document) RunTheFullscreenSteps() bool {
	r := d.realm
	if r == nil || len(r.rs.pendingFullscreenEvents) == 0 {
		return false
	}
	// 1. "Let pendingEvents be document's list of pending fullscreen events." 2. "Empty
	// document's list of pending fullscreen events."
	pending := r.rs.pendingFullscreenEvents
	r.rs.pendingFullscreenEvents = nil
	// 3. "For each (type, element) in pendingEvents:"
	for _, p := range pending {
		// 3.1-2. "Let target be element if element is connected and its node document is
		// document, and otherwise let target be document."
		var target Target = d.node
		if p.element.IsConnected() && p.element.doc == d {
			target = p.element
		}
		// 3.3. "Fire an event named type, with its bubbles and composed attributes set to
		// true, at target."
		d.fireTrusted(target, createEvent(p.typ, kindEvent, EventInit{Bubbles: true, Composed: true}), false)
	}
	return true
}

// FullscreenElement is the document's fullscreen element (nil: none).
//
// FIXME(spec): the top layer and the :fullscreen pseudo-class (the style engine's selectors
// match neither), so a fullscreen element keeps its own size and place in the page.
func (d *Document) FullscreenElement() *Node {
	if d.realm == nil {
		return nil
	}
	return d.realm.rs.fullscreenElement
}
