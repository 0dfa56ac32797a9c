// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/interaction.html#focus):
// focusable areas, the focusing steps, the unfocusing steps, the focus update steps and
// sequential focus navigation. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"sort"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// FocusedElement is the element of the document's focused area, or nil when the viewport
// (the body, for activeElement) has it.
func (d *Document) FocusedElement() *Node {
	if d.focused != nil && !d.focused.IsConnected() {
		d.focused = nil
	}
	return d.focused
}

// focusedElementRemoved: the focused element f is being removed (it or an ancestor).
// CHROME: the focus goes to the viewport at once, blur and focusout firing at f with
// relatedTarget null while it is still in the document (HTML's "focus fixup rule" would
// wait for the next rendering update and fire nothing).
func (d *Document) focusedElementRemoved(f *Node) {
	d.focused = nil
	d.noteFocusChange(f)
	d.fireFocusEvent(f, "blur", nil)
	d.fireFocusEvent(f, "focusout", nil)
}

// ActiveElement is document.activeElement: the focused element, else the body (null when
// there is none). https://html.spec.whatwg.org/multipage/interaction.html#dom-document-activeelement
func (d *Document) ActiveElement() *Node {
	if f := d.FocusedElement(); f != nil {
		return f
	}
	return d.Body()
}

// tabIndexValue is the element's tabindex attribute parsed as an integer ("rules for
// parsing integers"), ok false when absent or not a number.
func (n *Node) tabIndexValue() (int, bool) {
	v, ok := n.GetAttribute("tabindex")
	if !ok {
		return 0, false
	}
	v = strings.TrimLeft(v, " \t\n\f\r")
	end := 0
	for end < len(v) && (v[end] >= '0' && v[end] <= '9' || end == 0 && (v[end] == '-' || v[end] == '+')) {
		end++
	}
	i, err := strconv.Atoi(v[:end])
	return i, err == nil
}

// TabIndex is the tabIndex IDL attribute: the attribute's value, else 0 for a, button,
// input, select and textarea (whether or not they can be focused: Chrome's values) and -1
// for the others.
//
// CHROME: 0 too for a <summary> that is its details element's summary, and for an SVG
// <a> (as for its focusability).
func (n *Node) TabIndex() int {
	if i, ok := n.tabIndexValue(); ok {
		return i
	}
	if n.kind == ElementNode && n.h.Namespace == "" {
		switch n.h.Data {
		case "a", "button", "input", "select", "textarea", "iframe":
			return 0
		case "summary":
			if n.isSummaryForDetails() {
				return 0
			}
		}
	}
	if n.kind == ElementNode && n.h.Namespace == "svg" && n.h.Data == "a" {
		return 0
	}
	return -1
}

// isSummaryForDetails: n is the summary of its parent details element (the first summary
// element child of a details element): the only focusable, activating <summary>.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#summary-for-its-parent-details
func (n *Node) isSummaryForDetails() bool {
	p := n.h.Parent
	if p == nil || p.Type != html.ElementNode || p.Namespace != "" || p.Data != "details" {
		return false
	}
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Namespace == "" && c.Data == "summary" {
			return c == n.h
		}
	}
	return false
}

// focusableByDefault: the elements the platform makes focusable without a tabindex
// (HTML's "suggested focusable areas": a[href], buttons, form controls).
func (n *Node) focusableByDefault() bool {
	if n.kind == ElementNode && n.h.Namespace == "svg" && n.h.Data == "a" {
		return n.HasAttribute("href") || n.attrIndexNS(nullable("http://www.w3.org/1999/xlink"), "href") >= 0 // SVG 2's focusable a
	}
	if n.kind != ElementNode || n.h.Namespace != "" {
		return false
	}
	switch n.h.Data {
	case "a", "area":
		return n.HasAttribute("href")
	case "button", "select", "textarea":
		return !n.actuallyDisabled()
	case "input":
		return !n.actuallyDisabled() && n.inputType() != "hidden"
	case "summary":
		return n.isSummaryForDetails()
	case "iframe":
		return true
	case "dialog":
		// CHROME: a dialog is focusable (tabIndex -1, out of the sequential order): the
		// dialog focusing steps focus it when it has no focusable descendant, and a click
		// on it or on a modal dialog's backdrop focuses it.
		return true
	}
	return n.isEditingHost()
}

// isEditingHost: a contenteditable attribute whose state is not false (the empty string,
// "true", "plaintext-only").
// https://html.spec.whatwg.org/multipage/interaction.html#attr-contenteditable
func (n *Node) isEditingHost() bool {
	v, ok := n.GetAttribute("contenteditable")
	if !ok {
		return false
	}
	switch asciiLower(v) {
	case "", "true", "plaintext-only":
		return true
	}
	return false
}

// actuallyDisabled: a form control with the disabled attribute, or a descendant of a
// disabled fieldset not inside that fieldset's first legend.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fe-disabled
func (n *Node) actuallyDisabled() bool {
	if n.HasAttribute("disabled") {
		return true
	}
	child := n.h
	for p := n.h.Parent; p != nil && p.Type == html.ElementNode; child, p = p, p.Parent {
		if p.Namespace != "" || p.Data != "fieldset" || !hasAttr(p, "disabled") {
			continue
		}
		var legend *html.Node
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Namespace == "" && c.Data == "legend" {
				legend = c
				break
			}
		}
		if child != legend {
			return true
		}
	}
	return false
}

func hasAttr(h *html.Node, name string) bool {
	for _, a := range h.Attr {
		if a.Namespace == "" && a.Key == name {
			return true
		}
	}
	return false
}

// isFocusableArea: an element that is being rendered, not inert, and focusable by
// default or with a tabindex. A node outside the modal dialog its document is blocked by
// is inert (dialog.go).
//
// FIXME(spec): the inert attribute and disabled fieldsets are not looked at.
func (n *Node) isFocusableArea() bool {
	if n.kind != ElementNode || !n.IsConnected() || n.blockedByModalDialog() {
		return false
	}
	if _, ok := n.tabIndexValue(); !ok && !n.focusableByDefault() {
		return false
	}
	return n.beingRendered()
}

// beingRendered: the element has a box in the last layout (display: none has none), and
// is visible. CHROME: an element with visibility other than visible is not focusable
// (the spec's "being rendered" keeps it). An SVG element counts as its outermost <svg>
// element does (the renderer lays out no SVG content).
func (n *Node) beingRendered() bool {
	w := n.doc.window
	if w == nil || w.layout == nil {
		return true // no renderer (pure-Go use): every connected element counts
	}
	box := n
	for h := n.h; h != nil && h.Type == html.ElementNode && h.Namespace == "svg"; h = h.Parent {
		if h.Data == "svg" {
			box = n.doc.NodeFor(h)
		}
	}
	if _, _, _, _, ok := w.layout.BorderBox(box); !ok {
		return false
	}
	return w.layout.ComputedStyle(box, "visibility") == "visible"
}

// RunTheFocusFixupRule is "update the rendering"'s focus fixup: when the focused element is
// no longer a focusable area (display: none, disabled, ...), the focusing steps run for
// the viewport, firing change, blur and focusout as for blur(). It reports whether it did.
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering (step 17)
func (d *Document) RunTheFocusFixupRule() bool {
	f := d.FocusedElement()
	if f == nil || f.isFocusableArea() || d.navigables[f.h] != nil {
		return false // (an iframe whose document has the focus: FocusContainer)
	}
	d.focusUpdateSteps(f, nil)
	return true
}

// focusAttributeChanged: tabindex, hidden, contenteditable or disabled changed on n.
// CHROME: the focused element loses the focus at once (blur and focusout fire inside
// setAttribute) when tabindex is removed from an element not focusable without it,
// hidden is set on it (not on an ancestor), contenteditable stops making it an editing
// host, or a fieldset around it is disabled; for other changes (style, its own disabled)
// it waits for the focus fixup rule of the next rendering update.
func (d *Document) focusAttributeChanged(n *Node, name string, present bool) {
	f := d.FocusedElement()
	if f == nil {
		return
	}
	switch {
	case name == "tabindex" && n == f && !present && !f.focusableByDefault():
	case name == "hidden" && present && n == f:
	case name == "contenteditable" && n == f && !f.focusableByDefault():
		if _, ok := f.tabIndexValue(); ok {
			return
		}
	case name == "disabled" && n != f && n.h.Data == "fieldset" && inclusiveAncestor(n.h, f.h) && f.actuallyDisabled():
	default:
		return
	}
	d.focusUpdateSteps(f, nil)
}

// focusChildrenChanged: parent's children changed. CHROME: when that makes the focused
// element disabled (a legend inserted before the one holding it in a disabled fieldset),
// it loses the focus at once.
func (d *Document) focusChildrenChanged(parent *Node) {
	f := d.FocusedElement()
	if f == nil || parent.h.Data != "fieldset" || !inclusiveAncestor(parent.h, f.h) || !f.actuallyDisabled() {
		return
	}
	d.focusUpdateSteps(f, nil)
}

// FocusableAncestor is the element a click at n focuses: n or its nearest ancestor that
// is a focusable area (nil: none, the click leaves focus to the viewport).
func (n *Node) FocusableAncestor() *Node {
	for h := n.h; h != nil; h = h.Parent {
		if h.Type != html.ElementNode {
			continue
		}
		if e := n.doc.NodeFor(h); e != nil && e.isFocusableArea() {
			return e
		}
	}
	return nil
}

// Focus runs the focusing steps for n (element.focus(), a click, Tab).
// https://html.spec.whatwg.org/multipage/interaction.html#focusing-steps
func (n *Node) Focus() {
	// 1. "If new focus target is not a focusable area, ..., then return." (Its
	// focus delegate is itself: no shadow hosts, dialogs or navigables here.)
	if !n.isFocusableArea() {
		return
	}
	d := n.doc
	// 4. "If new focus target is the currently focused area of a top-level traversable,
	// then return."
	old := d.FocusedElement()
	if old == n {
		return
	}
	// 5-8. The old chain and the new chain are each one element (no navigables).
	d.tabStart = n
	d.focusUpdateSteps(old, n)
	if d.FocusedElement() == n {
		d.selectionOnFocus(n)
	}
}

// Blur runs the unfocusing steps for n (element.blur()): the viewport gets the focus.
// https://html.spec.whatwg.org/multipage/interaction.html#unfocusing-steps
func (n *Node) Blur() {
	d := n.doc
	if d.FocusedElement() != n {
		return
	}
	d.focusUpdateSteps(n, nil)
}

// Unfocus gives the focus to the viewport (a click on nothing focusable, Tab past the
// last element).
func (d *Document) Unfocus() {
	if f := d.FocusedElement(); f != nil {
		d.focusUpdateSteps(f, nil)
	}
}

// focusUpdateSteps moves the focus from old to new (either nil: the viewport), firing blur
// and focusout at old, then focus and focusin at new, each with the other as relatedTarget.
// CHROME: focusout right after blur and focusin right after focus (UI Events' order);
// activeElement is the body while blur and focusout run.
// https://html.spec.whatwg.org/multipage/interaction.html#focus-update-steps
func (d *Document) focusUpdateSteps(old, new *Node) {
	if old != nil && old.IsTextControl() && old.UserEditedValueChanged() {
		// CHROME: change fires before blur (HTMLFormControlElement::DispatchBlurEvent).
		old.FireChange()
	}
	d.focused = nil
	d.noteFocusChange(old)
	d.noteFocusChange(new)
	if old != nil {
		d.fireFocusEvent(old, "blur", new)
		d.fireFocusEvent(old, "focusout", new)
	}
	if new == nil || !new.IsConnected() {
		return
	}
	d.focused = new
	d.userState.focusVisible = d.focusVisibleFor(new)
	d.fireFocusEvent(new, "focus", old)
	d.fireFocusEvent(new, "focusin", old)
}

// FocusContainer makes iframe, whose document gets the focus (a press into it), d's focused
// area, as the focus update steps do for the chain of a navigable's containers: d's focused
// element loses it first (blur, focusout), and the iframe gets no focus event (CHROME:
// activeElement is the iframe, as in Chrome).
// https://html.spec.whatwg.org/multipage/interaction.html#focus-update-steps
func (d *Document) FocusContainer(iframe *Node) {
	if d.FocusedElement() == iframe {
		return
	}
	d.ReleaseContainerFocus() // another iframe whose document had it: no event
	if old := d.FocusedElement(); old != nil {
		d.focusUpdateSteps(old, nil)
	}
	if iframe.doc != d || !iframe.IsConnected() {
		return
	}
	d.focused = iframe
	d.noteFocusChange(iframe)
}

// ReleaseContainerFocus gives up, without events, a focused area that is an iframe (the
// focus has come back from its document to d).
func (d *Document) ReleaseContainerFocus() {
	if f := d.FocusedElement(); f != nil && isIframe(f.h) {
		d.focused = nil
		d.noteFocusChange(f)
	}
}

// FireFocusChange fires focus (focus true) or blur at w: its document's navigable got or
// lost the focus (a press into an iframe's document focuses its window, the window that had
// the focus is blurred first). https://html.spec.whatwg.org/multipage/interaction.html#focus-update-steps
func (w *Window) FireFocusChange(focus bool) {
	typ := "blur"
	if focus {
		typ = "focus"
	}
	w.doc.fireTrusted(w, createEvent(typ, kindFocusEvent, EventInit{Composed: true}), false)
}

// fireFocusEvent fires a trusted FocusEvent: blur and focus do not bubble, focusin and
// focusout do. https://w3c.github.io/uievents/#events-focusevent
func (d *Document) fireFocusEvent(at *Node, typ string, related *Node) {
	e := createEvent(typ, kindFocusEvent, EventInit{Bubbles: typ == "focusin" || typ == "focusout", Composed: true})
	if related != nil {
		e.relatedTarget = related
	}
	d.fireTrusted(at, e, false)
}

// SequentialFocusNavigation is Tab (backward: Shift+Tab): the focus moves to the next
// focusable area in sequential focus navigation order (positive tabindex values first, in
// order, then tabindex 0 and the default-focusable elements, in tree order), from the
// focused element or the starting point. Past the last (before the first) the focus
// leaves the document: the viewport has it and the next Tab starts over.
// https://html.spec.whatwg.org/multipage/interaction.html#sequential-focus-navigation
// CHROME: leaving the document fires blur and focusout with relatedTarget null.
func (d *Document) SequentialFocusNavigation(backward bool) {
	order := d.sequentialOrder()
	from := d.FocusedElement()
	if from == nil {
		from = d.tabStart
		d.tabStart = nil
	}
	next := sequentialNext(order, from, backward)
	if next == nil {
		// The focus leaves the document: the next Tab starts over from the first (Shift+Tab
		// from the last), not from the element that had it (whose focusing set tabStart).
		d.Unfocus()
		d.tabStart = nil
		return
	}
	next.FocusBySequentialNavigation()
}

// SequentialNext is the focusable area after from (before it, backward) in d's sequential
// navigation order: the first (last) for a nil from, nil past the end. An iframe is one of
// them: the page enters its document (package page's sequential navigation across frames).
func (d *Document) SequentialNext(from *Node, backward bool) *Node {
	return sequentialNext(d.sequentialOrder(), from, backward)
}

// TakeSequentialStart is the sequential focus navigation starting point of d the last
// focused element left (nil: none), forgotten once taken.
// https://html.spec.whatwg.org/multipage/interaction.html#sequential-focus-navigation-starting-point
func (d *Document) TakeSequentialStart() *Node {
	s := d.tabStart
	d.tabStart = nil
	return s
}

// FocusBySequentialNavigation focuses n as Tab does. CHROME: focusing an input by Tab
// selects its whole value, before the focus event.
func (n *Node) FocusBySequentialNavigation() {
	if n.IsTextControl() && !n.IsTextArea() && n.isFocusableArea() {
		n.SetTextSelection(0, n.TextLength(), false)
	}
	n.Focus()
}

// sequentialNext is SequentialNext in order.
func sequentialNext(order []*Node, from *Node, backward bool) *Node {
	i := -1
	for j, n := range order {
		if n == from {
			i = j
		}
	}
	var next *Node
	switch {
	case from == nil:
		if len(order) > 0 {
			next = order[0]
			if backward {
				next = order[len(order)-1]
			}
		}
	case i < 0:
		// FIXME(spec): a starting point outside the order (a focused tabindex=-1 element)
		// goes to the first or the last, not to its neighbour in tree order.
		if len(order) > 0 && !backward {
			next = order[0]
		} else if len(order) > 0 {
			next = order[len(order)-1]
		}
	case backward && i > 0:
		next = order[i-1]
	case !backward && i+1 < len(order):
		next = order[i+1]
	}
	return next
}

// sequentialOrder lists the document's focusable areas in sequential navigation order.
func (d *Document) sequentialOrder() []*Node {
	var positive, rest []*Node
	for h := range d.node.h.Descendants() {
		if h.Type != html.ElementNode {
			continue
		}
		n := d.NodeFor(h)
		ti := n.TabIndex()
		if ti < 0 || !n.isFocusableArea() {
			continue
		}
		if ti > 0 {
			positive = append(positive, n)
		} else {
			rest = append(rest, n)
		}
	}
	// Stable by tabindex: equal values keep tree order.
	sort.SliceStable(positive, func(i, j int) bool { return positive[i].TabIndex() < positive[j].TabIndex() })
	return append(positive, rest...)
}

// noteFocusChange tells the renderer that n gained or lost the focus (its caret, and the
// styles of :focus, :focus-visible, and :focus-within of it and its ancestors).
func (d *Document) noteFocusChange(n *Node) {
	if n != nil && n.kind == ElementNode {
		d.changedNode(ChangeState, n.h, "focus")
	}
}
