// Spec: Selectors Level 4, W3C Working Draft 2022-11 (https://drafts.csswg.org/selectors-4/#useraction-pseudos),
// HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-hover
// and the following: :hover, :active, :focus, :focus-visible, :focus-within as HTML defines them).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import "golang.org/x/net/html"

// userActionState is the document's part of the user action pseudo-classes: the element
// the pointer is over (its inclusive ancestors are :hover), the element being activated
// (its inclusive ancestors are :active), and whether the focused element shows a focus ring
// (:focus-visible).
type userActionState struct {
	hovered, active *Node
	focusVisible    bool
	// pointerModality: the last user input was the mouse (else the keyboard, or none yet).
	pointerModality bool
}

// ElementState reports whether element h is in the user action state pseudo ("hover",
// "active", "focus", "focus-visible", "focus-within") or the element state "modal" or
// "open": css.ElementState, for the renderer and for selectors.
func (d *Document) ElementState(h *html.Node, pseudo string) bool {
	u := &d.userState
	switch pseudo {
	case "hover":
		return u.hovered != nil && inclusiveAncestor(h, u.hovered.h)
	case "active":
		return u.active != nil && inclusiveAncestor(h, u.active.h)
	case "focus":
		f := d.FocusedElement()
		return f != nil && f.h == h
	case "focus-visible":
		f := d.FocusedElement()
		return f != nil && f.h == h && u.focusVisible
	case "focus-within":
		f := d.FocusedElement()
		return f != nil && inclusiveAncestor(h, f.h)
	case "modal":
		// https://html.spec.whatwg.org/multipage/semantics-other.html#selector-modal: a
		// dialog whose is modal flag is set, or the fullscreen element.
		n := d.table.get(h)
		return n != nil && (n.isModalDialog() || d.realm != nil && d.realm.rs.fullscreenElement == n)
	case "open":
		// https://html.spec.whatwg.org/multipage/semantics-other.html#selector-open: a details
		// or dialog element with an open attribute. FIXME(spec): a select or input whose
		// picker is open (no pickers).
		return h.Namespace == "" && (h.Data == "details" || h.Data == "dialog") && hasAttr(h, "open")
	}
	return false
}

// inclusiveAncestor: a is d or one of its ancestors.
func inclusiveAncestor(a, d *html.Node) bool {
	for n := d; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}

// SetHovered makes n (nil: nothing) the element the pointer is over: n and its inclusive
// ancestors match :hover. The renderer hears of each element whose state changed.
// CHROME: the hover state changes as the pointer's boundary events are dispatched, before
// them.
func (d *Document) SetHovered(n *Node) {
	u := &d.userState
	old := u.hovered
	if old == n {
		return
	}
	u.hovered = n
	d.noteChainChange(old, n, "hover")
}

// SetActive makes n (nil: nothing) the element being activated (a primary button held
// down on it): n and its inclusive ancestors match :active.
func (d *Document) SetActive(n *Node) {
	u := &d.userState
	old := u.active
	if old == n {
		return
	}
	u.active = n
	d.noteChainChange(old, n, "active")
}

// NoteInputModality records whether the last user input was the mouse (pointer true) or
// the keyboard, for :focus-visible. CHROME: a key pressed while an element has the focus
// makes it match :focus-visible (a button clicked, then a key).
func (d *Document) NoteInputModality(pointer bool) {
	u := &d.userState
	u.pointerModality = pointer
	if f := d.FocusedElement(); !pointer && f != nil && !u.focusVisible {
		u.focusVisible = true
		d.changedNode(ChangeState, f.h, "focus")
	}
}

// noteChainChange tells the renderer of the elements entering or leaving a state held by
// an element and its inclusive ancestors, as the holder goes from old to new.
func (d *Document) noteChainChange(old, new *Node, state string) {
	in := map[*html.Node]bool{}
	if new != nil {
		for h := new.h; h != nil && h.Type == html.ElementNode; h = h.Parent {
			in[h] = true
		}
	}
	if old != nil {
		for h := old.h; h != nil && h.Type == html.ElementNode; h = h.Parent {
			if in[h] {
				delete(in, h) // in both chains: unchanged
				continue
			}
			d.changedNode(ChangeState, h, state)
		}
	}
	if new != nil {
		for h := new.h; h != nil && h.Type == html.ElementNode; h = h.Parent {
			if in[h] {
				d.changedNode(ChangeState, h, state)
			}
		}
	}
}

// focusVisibleFor decides whether n, being focused, shows a focus ring. CHROME (its
// heuristic, https://drafts.csswg.org/selectors-4/#the-focus-visible-pseudo): yes for a
// text control (it takes keyboard input) and after keyboard input or none; not after the
// mouse.
func (d *Document) focusVisibleFor(n *Node) bool {
	return n.IsTextControl() || !d.userState.pointerModality
}
