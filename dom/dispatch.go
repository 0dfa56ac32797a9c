package dom

import (
	"github.com/dop251/goja"
)

// pathItem is one struct of an event path. https://dom.spec.whatwg.org/#concept-event-path
type pathItem struct {
	invocationTarget     Target
	shadowAdjustedTarget Target // non-nil for the target itself (and each retargeted host)
	relatedTarget        Target
	// invocation-target-in-shadow-tree, root-of-closed-tree, slot-in-closed-tree
	inShadowTree, rootOfClosedTree, slotInClosedTree bool
}

// dispatch dispatches event to target and returns false if it was canceled.
// With legacyTargetOverride (window load) the event's target is the document.
// https://dom.spec.whatwg.org/#concept-event-dispatch
func dispatch(event *Event, target Target, legacyTargetOverride bool) bool {
	event.dispatching = true
	// CHROME: an event dispatched at a target that is neither a node nor a window (a plain
	// EventTarget, AbortSignal, MessagePort, ...) runs its listeners even when its stop
	// propagation flag is already set (Blink checks that flag only between the targets of a
	// path), and keeps its propagation flags after the dispatch (event_target_plain_and_init).
	event.plainDispatch = isPlainTarget(target)
	var targetOverride Target = target
	if legacyTargetOverride {
		if w, ok := target.(*Window); ok {
			targetOverride = w.doc.node
		}
	}
	// 5.2 "Let relatedTarget be the result of retargeting event's relatedTarget against
	// target."
	relatedTarget := retarget(event.relatedTarget, target)
	event.path = event.path[:0]
	if event.path == nil {
		event.path = make([]pathItem, 0, 8) // a usual tree's depth: one allocation, not four
	}
	// 5.4 "Let isActivationEvent be true, if event is a MouseEvent object and event's
	// type attribute is "click"; otherwise false." 5.5 "If isActivationEvent is true and
	// target has activation behavior, then set activationTarget to target."
	var act *activation
	isActivation := isActivationEvent(event)
	if isActivation {
		if n, ok := hasActivationBehavior(target); ok {
			act = &activation{target: n}
		}
	}
	// 5.3 "Append to an event path with event, target, targetOverride, relatedTarget,
	// touchTargets, and false."
	appendToEventPath(event, target, targetOverride, relatedTarget)
	// 5.6 "Let slottable be target, if target is a slottable and is assigned, and null
	// otherwise." 5.7 "Let slot-in-closed-tree be false."
	var slottable *Node
	if n, ok := target.(*Node); ok && n.assignedSlot(false) != nil {
		slottable = n
	}
	slotInClosedTree := false
	// 5.8 "Let parent be the result of invoking target's get the parent with event."
	parent := target.getTheParent(event)
	// 5.9 "While parent is non-null:"
	for parent != nil {
		pn, parentIsNode := parent.(*Node)
		// 5.9.1 "If slottable is non-null: ... Set slottable to null. If parent's root is a
		// shadow root whose mode is "closed", then set slot-in-closed-tree to true."
		if slottable != nil {
			slottable = nil
			if parentIsNode {
				if r := pn.rootNode(); r.isShadowRoot() && r.shadow.closed {
					slotInClosedTree = true
				}
			}
		}
		// 5.9.2 "If parent is a slottable and is assigned, then set slottable to parent."
		if parentIsNode && pn.assignedSlot(false) != nil {
			slottable = pn
		}
		// 5.9.3 "Let relatedTarget be the result of retargeting event's relatedTarget
		// against parent."
		relatedTarget = retarget(event.relatedTarget, parent)
		tn, targetIsNode := target.(*Node)
		switch {
		case !parentIsNode || targetIsNode && shadowIncludingInclusiveAncestor(tn.rootNode(), pn):
			// 5.9.5 "If parent is a Window object, or parent is a node and target's root is a
			// shadow-including inclusive ancestor of parent, then: If isActivationEvent is
			// true, event's bubbles attribute is true, activationTarget is null, and parent
			// has activation behavior, then set activationTarget to parent. Append to an
			// event path with event, parent, null, relatedTarget, touchTargets, and
			// slot-in-closed-tree."
			if isActivation && event.bubbles && act == nil {
				if n, ok := hasActivationBehavior(parent); ok {
					act = &activation{target: n}
				}
			}
			appendToEventPath(event, parent, nil, relatedTarget)
		case parent == relatedTarget:
			// 5.9.6 "Otherwise, if parent is relatedTarget, then set parent to null."
			parent = nil
		default:
			// 5.9.7 "Otherwise: Set target to parent. If isActivationEvent is true,
			// activationTarget is null, and target has activation behavior, then set
			// activationTarget to target. Append to an event path with event, parent,
			// target, relatedTarget, touchTargets, and slot-in-closed-tree."
			target = parent
			if isActivation && act == nil {
				if n, ok := hasActivationBehavior(target); ok {
					act = &activation{target: n}
				}
			}
			appendToEventPath(event, parent, target, relatedTarget)
		}
		if len(event.path) > 0 {
			event.path[len(event.path)-1].slotInClosedTree = slotInClosedTree && parent != nil
		}
		// 5.9.8 "If parent is non-null, then set parent to the result of invoking parent's
		// get the parent with event." 5.9.9 "Set slot-in-closed-tree to false."
		if parent != nil {
			parent = parent.getTheParent(event)
		}
		slotInClosedTree = false
	}
	// 5.10 "Let clearTargetsStruct be the last struct in event's path whose shadow-adjusted
	// target is non-null." 5.11 "Let clearTargets be true if clearTargetsStruct's
	// shadow-adjusted target, clearTargetsStruct's relatedTarget, or an EventTarget object
	// in clearTargetsStruct's touch target list is a node and its root is a shadow root;
	// otherwise false."
	clearTargets := false
	for i := len(event.path) - 1; i >= 0; i-- {
		if t := event.path[i].shadowAdjustedTarget; t != nil {
			for _, x := range []Target{t, event.path[i].relatedTarget} {
				if n, ok := x.(*Node); ok && n != nil && n.rootNode().isShadowRoot() {
					clearTargets = true
				}
			}
			break
		}
	}
	// "If activationTarget is non-null and activationTarget has legacy-pre-activation
	// behavior, then run activationTarget's legacy-pre-activation behavior."
	if act != nil {
		act.legacyPreActivation()
	}
	for i := len(event.path) - 1; i >= 0; i-- {
		if event.path[i].shadowAdjustedTarget != nil {
			event.phase = phaseAtTarget
		} else {
			event.phase = phaseCapturing
		}
		invoke(event, i, phaseCapturing)
	}
	for i := range event.path {
		if event.path[i].shadowAdjustedTarget != nil {
			event.phase = phaseAtTarget
		} else {
			if !event.bubbles {
				continue
			}
			event.phase = phaseBubbling
		}
		invoke(event, i, phaseBubbling)
	}
	event.phase = phaseNone
	event.currentTarget = nil
	event.path = event.path[:0]
	// 9. "If clearTargets is true, then: Set event's target to null. Set event's
	// relatedTarget to null."
	if clearTargets {
		event.target, event.relatedTarget = nil, nil
	}
	// "If activationTarget is non-null": "If event's canceled flag is unset, then run
	// activationTarget's activation behavior with event"; "Otherwise, if activationTarget
	// has legacy-canceled-activation behavior, then run [it]" -- after the event's phase,
	// path and flags are cleared (deferred to the end of this function).
	defer func() {
		if act != nil {
			if event.canceled {
				act.legacyCanceledActivation()
			} else {
				act.activationBehavior()
			}
		}
	}()
	event.dispatching = false
	if !event.plainDispatch {
		event.stopPropagation = false
		event.stopImmediatePropagation = false
	}
	return !event.canceled
}

// isPlainTarget reports whether t is neither a node nor a window.
func isPlainTarget(t Target) bool {
	switch t.(type) {
	case *Node, *Window:
		return false
	}
	return true
}

// appendToEventPath appends a struct to event's path.
// https://dom.spec.whatwg.org/#concept-event-path-append
func appendToEventPath(event *Event, invocationTarget, shadowAdjustedTarget, relatedTarget Target) {
	// "Let invocationTargetInShadowTree be false. If invocationTarget is a node and its root
	// is a shadow root, then set invocationTargetInShadowTree to true. Let
	// root-of-closed-tree be false. If invocationTarget is a shadow root whose mode is
	// "closed", then set root-of-closed-tree to true."
	item := pathItem{invocationTarget: invocationTarget, shadowAdjustedTarget: shadowAdjustedTarget, relatedTarget: relatedTarget}
	// (A node whose document has no shadow root is in no shadow tree: a node inserted into
	// a shadow tree is adopted into its root's document, where the root was attached.)
	if n, ok := invocationTarget.(*Node); ok && n != nil && n.doc.shadowHosts > 0 {
		item.inShadowTree = n.rootNode().isShadowRoot()
		item.rootOfClosedTree = n.isShadowRoot() && n.shadow.closed
	}
	event.path = append(event.path, item)
}

// invoke runs the listeners of path item i for the given phase.
// https://dom.spec.whatwg.org/#concept-event-listener-invoke
func invoke(event *Event, i int, phase uint16) {
	// The target is the shadow-adjusted target of the last item at or before i that has one.
	for j := i; j >= 0; j-- {
		if t := event.path[j].shadowAdjustedTarget; t != nil {
			event.target = t
			break
		}
	}
	event.relatedTarget = event.path[i].relatedTarget
	if event.stopPropagation && !event.plainDispatch {
		return
	}
	ct := event.path[i].invocationTarget
	event.currentTarget = ct
	ls := ct.eventTargetData().listeners
	if len(ls) == 0 {
		return
	}
	listeners := make([]*listener, len(ls))
	copy(listeners, ls)
	innerInvoke(event, ct, listeners, phase)
}

// innerInvoke calls the matching listeners of a clone of currentTarget's listener list.
// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke
func innerInvoke(event *Event, currentTarget Target, listeners []*listener, phase uint16) bool {
	found := false
	r := currentTarget.realmOf()
	for _, l := range listeners {
		// CHROME: a plain target's event keeps its flags after a dispatch, and Blink checks
		// the stop immediate propagation flag before each listener: a re-dispatched event
		// whose listener stopped it runs none.
		if event.plainDispatch && event.stopImmediatePropagation {
			break
		}
		if l.removed || l.typ != event.typ {
			continue
		}
		found = true
		if (phase == phaseCapturing && !l.capture) || (phase == phaseBubbling && l.capture) {
			continue
		}
		if l.once {
			removeEventListener(currentTarget, l)
		}
		if r == nil {
			continue
		}
		// 2.6-2.8. "Let global be listener callback's associated realm's global object": the
		// window, whatever the target. "If global is a Window object: set currentEvent to
		// global's current event; if invocationTargetInShadowTree is false, set global's
		// current event to event" (there are no shadow trees).
		prevEvent := r.currentEvent
		r.currentEvent = event
		if l.passive {
			event.inPassiveListener = true
		}
		var err error
		if l.handler != nil {
			err = l.handler.processEvent(r, currentTarget, event)
		} else {
			err = callUserObjectOperation(r, l, currentTarget, event)
		}
		if err != nil {
			r.reportException(err)
			if isInterrupt(err) { // the watchdog stopped the script: run no more listeners
				event.stopPropagation, event.stopImmediatePropagation = true, true
			}
		}
		event.inPassiveListener = false
		// 2.13. "If global is a Window object, then set global's current event to currentEvent."
		r.currentEvent = prevEvent
		if event.stopImmediatePropagation {
			break
		}
	}
	return found
}

// namingHost is a Host whose trace names each call after its function (loop.Loop).
type namingHost interface {
	FunctionName(v goja.Value) string
	CallNamed(name string, fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error)
}

// callUserObjectOperation calls a listener's callback (a function, or the handleEvent
// method of an object) and returns the exception to report.
// https://webidl.spec.whatwg.org/#call-a-user-objects-operation
func callUserObjectOperation(r *realm, l *listener, currentTarget Target, event *Event) error {
	evObj := r.wrapEvent(event)
	if l.fn != nil {
		// A host that names calls in its trace (the loop) gets the listener's name.
		if nh, ok := r.host.(namingHost); ok {
			_, err := nh.CallNamed(nh.FunctionName(l.callback), l.fn, r.wrapTarget(currentTarget), evObj)
			return err
		}
		_, err := r.host.Call(l.fn, r.wrapTarget(currentTarget), evObj)
		return err
	}
	obj, ok := l.callback.(*goja.Object)
	if !ok {
		return nil
	}
	// Getting handleEvent runs page code (a getter, a Proxy trap): it happens inside the
	// call, under the watchdog, as the spec's step "Let X be ? Get(O, opName)" does.
	call := r.rt.ToValue(func(goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(obj.Get("handleEvent"))
		if !ok {
			panic(r.idl.TypeError("The provided callback is no longer runnable."))
		}
		v, err := r.host.Call(fn, obj, evObj)
		if err != nil {
			panic(err) // an exception is rethrown, an interrupt goes on unwinding
		}
		return v
	})
	fn, _ := goja.AssertFunction(call)
	_, err := r.host.Call(fn, obj)
	return err
}

// isInterrupt reports whether err is goja's interruption (the loop's watchdog). Not
// errors.As: goja's Exception.Unwrap runs the thrown value's Proxy traps and getters.
func isInterrupt(err error) bool {
	_, ok := err.(*goja.InterruptedError)
	return ok
}

// DispatchTrusted dispatches a trusted event (one the user agent fires, isTrusted true) at
// target and reports whether it was not canceled. Listeners are called through Host.Call,
// so when called with no JS on the stack each listener ends with a microtask checkpoint.
func (d *Document) DispatchTrusted(target *Node, ev *Event) (notCanceled bool) {
	if target == nil {
		target = d.node
	}
	return d.fireTrusted(target, ev, false)
}

// fireTrusted dispatches a trusted event.
// https://dom.spec.whatwg.org/#concept-event-fire
func (d *Document) fireTrusted(target Target, ev *Event, legacyTargetOverride bool) bool {
	if ev.dispatching {
		return false
	}
	ev.trusted = true
	if ev.timeStamp == 0 && d.realm != nil {
		ev.timeStamp = d.realm.host.Now()
	}
	d.noteActivation(ev)
	return dispatch(ev, target, legacyTargetOverride)
}
