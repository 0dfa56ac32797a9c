// Spec: DOM Standard, 2025-09 (https://dom.spec.whatwg.org/#concept-event-dispatch, the
// activation steps of dispatch) and HTML Living Standard, 2025-09 (the input element's
// activation behaviour, https://html.spec.whatwg.org/multipage/input.html#the-input-element,
// checkbox and radio states). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import "golang.org/x/net/html"

// activation is what dispatch keeps about its activation target: the element, and what its
// legacy-pre-activation behaviour changed (so a canceled click can restore it).
type activation struct {
	target *Node
	// The checkbox's or radio's checkedness before the click, and for a radio the button
	// of its group that was checked then.
	oldChecked      bool
	previousInGroup *Node
}

// isActivationEvent: "event is a MouseEvent object and event's type attribute is "click""
// (dispatch step 5.3).
func isActivationEvent(e *Event) bool {
	return e.typ == "click" && (e.kind == kindMouseEvent || e.kind == kindPointerEvent)
}

// hasActivationBehavior reports whether t is an element with activation behaviour that
// loopscope implements: an <input> in the checkbox or radio state, an <a> with an href, a
// <summary>.
// FIXME(spec): the other activation behaviours (buttons and forms, labels) are not
// implemented.
func hasActivationBehavior(t Target) (*Node, bool) {
	n, ok := t.(*Node)
	if ok && (n.isHyperlink() || n.isHTML("summary") || n.isSubmitButton()) {
		return n, true
	}
	if !ok || n.kind != ElementNode || n.h.Namespace != "" || n.h.Data != "input" {
		return nil, false
	}
	switch n.inputType() {
	case "checkbox", "radio":
		return n, true
	}
	return nil, false
}

// inputType is the input element's type attribute's state keyword: "text" when absent
// or not a known keyword (the missing and invalid value default).
// https://html.spec.whatwg.org/multipage/input.html#attr-input-type
func (n *Node) inputType() string {
	v, _ := n.GetAttribute("type")
	switch v = asciiLower(v); v {
	case "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
		"datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image",
		"reset", "button":
		return v
	}
	return "text"
}

// checkedness is the input's checkedness: its dirty value once set, else the checked
// content attribute.
func (n *Node) checkedness() bool {
	if n.form.dirtyChecked {
		return n.form.checked
	}
	return n.HasAttribute("checked")
}

// setCheckedness sets the checkedness (and the dirty checkedness flag); a radio button
// that becomes checked unchecks the others of its group.
// https://html.spec.whatwg.org/multipage/input.html#radio-button-state-(type=radio)
func (n *Node) setCheckedness(v bool) {
	n.form.checked, n.form.dirtyChecked = v, true
	if v && n.inputType() == "radio" {
		for _, o := range n.radioGroup() {
			if o != n {
				o.form.checked, o.form.dirtyChecked = false, true
			}
		}
	}
	n.doc.changed()
}

// radioGroup returns the radio buttons of n's group: inputs of type radio in the same tree
// with the same non-empty name and the same form owner.
// https://html.spec.whatwg.org/multipage/input.html#radio-button-group
// DEPARTURE: the form owner is the nearest <form> ancestor (no form attribute).
func (n *Node) radioGroup() []*Node {
	name, _ := n.GetAttribute("name")
	if name == "" {
		return []*Node{n}
	}
	form := formAncestor(n.h)
	var out []*Node
	for c := range root(n.h).Descendants() {
		if c.Type != html.ElementNode || c.Data != "input" || c.Namespace != "" {
			continue
		}
		o := n.doc.NodeFor(c)
		if on, _ := o.GetAttribute("name"); on == name && o.inputType() == "radio" && formAncestor(c) == form {
			out = append(out, o)
		}
	}
	return out
}

func formAncestor(h *html.Node) *html.Node {
	for p := h.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.Data == "form" && p.Namespace == "" {
			return p
		}
	}
	return nil
}

// legacyPreActivation is the input's legacy-pre-activation behaviour: a checkbox toggles its
// checkedness, a radio button becomes checked (remembering what to restore).
func (a *activation) legacyPreActivation() {
	n := a.target
	if n.isHyperlink() || n.isHTML("summary") || n.isSubmitButton() {
		return // an <a>, a <summary> and a submit button have none
	}
	a.oldChecked = n.checkedness()
	switch n.inputType() {
	case "checkbox":
		n.setCheckedness(!a.oldChecked)
	case "radio":
		for _, o := range n.radioGroup() {
			if o.checkedness() {
				a.previousInGroup = o
			}
		}
		n.setCheckedness(true)
	}
}

// legacyCanceledActivation restores what legacyPreActivation changed.
func (a *activation) legacyCanceledActivation() {
	n := a.target
	if n.isHyperlink() || n.isHTML("summary") || n.isSubmitButton() {
		return
	}
	switch n.inputType() {
	case "checkbox":
		n.setCheckedness(a.oldChecked)
	case "radio":
		if a.previousInGroup != nil && a.previousInGroup.inputType() == "radio" {
			a.previousInGroup.setCheckedness(true)
		} else {
			n.setCheckedness(a.oldChecked)
		}
	}
}

// activationBehavior is the checkbox's and radio's activation behaviour: "If the element is
// not connected, then return. Fire an event named input at the element with the bubbles and
// composed attributes initialized to true. Fire an event named change at the element with
// the bubbles attribute initialized to true." (A radio that was already checked fires
// neither: its checkedness did not change.)
func (a *activation) activationBehavior() {
	n := a.target
	if n.isHyperlink() {
		n.followTheHyperlink()
		return
	}
	if n.isHTML("summary") {
		n.summaryActivationBehavior()
		return
	}
	if n.isSubmitButton() {
		// "If element is disabled, then return. ... If element has a form owner ... Submit
		// Button: Submit element's form owner from element with userInvolvement set to
		// event's user navigation involvement."
		// https://html.spec.whatwg.org/multipage/form-elements.html#the-button-element
		if n.HasAttribute("disabled") {
			return
		}
		if form := formAncestor(n.h); form != nil {
			n.doc.NodeFor(form).submitForm(n, false)
		}
		return
	}
	if !n.IsConnected() {
		return
	}
	if n.inputType() == "radio" && a.oldChecked {
		return
	}
	n.fireSimple("input", EventInit{Bubbles: true, Composed: true})
	n.fireSimple("change", EventInit{Bubbles: true})
}

// FireSimpleEvent fires a trusted Event named typ (not bubbling, not cancelable) at n:
// HTML's "fire an event" (a script element's error event).
func (d *Document) FireSimpleEvent(n *Node, typ string) { n.fireSimple(typ, EventInit{}) }

// fireSimple fires a trusted Event named typ at n ("fire an event").
func (n *Node) fireSimple(typ string, init EventInit) {
	e := createEvent(typ, kindEvent, init)
	e.trusted = true
	if r := n.doc.realm; r != nil {
		e.timeStamp = r.host.Now()
	}
	dispatch(e, n, false)
}

// isHTML reports whether n is the HTML element localName.
func (n *Node) isHTML(localName string) bool {
	return n.kind == ElementNode && n.h.Namespace == "" && n.h.Data == localName
}

// summaryActivationBehavior: "If this summary element is not the summary for its parent
// details, then return. Let parent be this summary element's parent. If the open attribute
// is present on parent, then remove it. Otherwise, set parent's open attribute to the empty
// string."
// https://html.spec.whatwg.org/multipage/interactive-elements.html#the-summary-element
func (n *Node) summaryActivationBehavior() {
	p := n.h.Parent
	if p == nil || p.Type != html.ElementNode || p.Data != "details" || p.Namespace != "" {
		return
	}
	// "the summary for its parent details": the parent's first summary element child.
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "summary" && c.Namespace == "" {
			if c != n.h {
				return
			}
			break
		}
	}
	parent := n.doc.NodeFor(p)
	if parent.HasAttribute("open") {
		parent.RemoveAttribute("open")
	} else {
		parent.setAttributeValue("open", "")
	}
}

// isSubmitButton reports whether n is a submit button: a button whose type is submit (the
// missing and invalid value default), or an input whose type is submit or image.
// https://html.spec.whatwg.org/multipage/forms.html#concept-submit-button
func (n *Node) isSubmitButton() bool {
	switch {
	case n.isHTML("button"):
		t, _ := n.GetAttribute("type")
		switch asciiLower(t) {
		case "reset", "button":
			return false
		}
		return true
	case n.isHTML("input"):
		t := n.inputType()
		return t == "submit" || t == "image"
	}
	return false
}

// submitForm is "submit" a form from submitter (the form itself for requestSubmit()
// without one), up to its submit event: the navigation that follows is not done
// (DEPARTURE: loopscope navigates only to fragments).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-submit
func (form *Node) submitForm(submitter *Node, fromSubmitMethod bool) {
	// 1. "If form cannot navigate, then return." (Not connected.)
	if !form.IsConnected() {
		return
	}
	// 2. "If form's constructing entry list is true, then return."
	// 5. "If submitted from submit() method is false, then:" 5.1 "If form's firing
	// submission events is true, then return." 5.2 "Set form's firing submission events to
	// true." 5.3 FIXME(spec): "interactively validate the constraints of form" (no
	// constraint validation). 5.4 "Let submitterButton be null if submitter is form.
	// Otherwise, let submitterButton be submitter." 5.5 "Let shouldContinue be the result of
	// firing an event named submit at form using SubmitEvent, with the submitter attribute
	// initialized to submitterButton, the bubbles attribute initialized to true, and the
	// cancelable attribute initialized to true." 5.6 "Set form's firing submission events to
	// false." 5.7 "If shouldContinue is false, then return."
	if !fromSubmitMethod {
		if form.firingSubmission {
			return
		}
		form.firingSubmission = true
		e := createEvent("submit", kindSubmitEvent, EventInit{Bubbles: true, Cancelable: true})
		e.trusted = true
		if submitter != form {
			e.other().submitter = submitter
		}
		if r := form.doc.realm; r != nil {
			e.timeStamp = r.host.Now()
		}
		shouldContinue := dispatch(e, form, false)
		form.firingSubmission = false
		if !shouldContinue {
			return
		}
	}
	// 11-14. "Let method be the submitter element's method": its formmethod attribute when
	// submitter is a submit button that has one, else the form's method attribute.
	// 16. "If method is dialog, then: If form does not have an ancestor dialog element,
	// return. Let subject be form's nearest ancestor dialog element. Let result be null. If
	// submitter is an input element whose type attribute is in the Image Button state, then
	// set result to the string formed by concatenating the selected coordinate's x-component,
	// expressed as a base-ten number using ASCII digits, U+002C (,), and the selected
	// coordinate's y-component, expressed in the same way. Otherwise, if submitter has a
	// value, then set result to that value. Close the dialog subject with result. Return."
	if form.formMethod(submitter) == "dialog" {
		subject := dialogAncestor(form)
		if subject == nil {
			return
		}
		var result nullString
		if submitter != form {
			if submitter.isHTML("input") && submitter.inputType() == "image" {
				// FIXME(spec): the selected coordinate is not kept: 0,0.
				result = nullable("0,0")
			} else if v, ok := submitter.GetAttribute("value"); ok {
				result = nullable(v)
			}
		}
		subject.closeTheDialog(result)
		return
	}
	// 17-... DEPARTURE: the form's navigation is not done.
}

// formMethod is the submitter's method: its formmethod attribute when submitter is a
// submit button with one, else the form's method attribute, as a keyword ("get", "post",
// "dialog"; the missing and invalid value default is "get").
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fs-method
func (form *Node) formMethod(submitter *Node) string {
	v, ok := "", false
	if submitter != form {
		v, ok = submitter.GetAttribute("formmethod")
	}
	if !ok {
		v, _ = form.GetAttribute("method")
	}
	switch v = asciiLower(v); v {
	case "post", "dialog":
		return v
	}
	return "get"
}

// dialogAncestor is n's nearest ancestor dialog element (nil: none).
func dialogAncestor(n *Node) *Node {
	for p := n.h.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.Data == "dialog" && p.Namespace == "" {
			return n.doc.NodeFor(p)
		}
	}
	return nil
}
