// Spec: Input Events Level 2, W3C Working Draft 2024-09 (https://w3c.github.io/input-events/,
// beforeinput and input and their inputType values), UI Events, W3C Working Draft 2024-09
// (https://w3c.github.io/uievents/#events-keyboard-event-order), HTML Living Standard,
// 2025-09 (https://html.spec.whatwg.org/multipage/input.html#common-input-element-events).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"loopscope/dom"
)

// editTextControl is the default action of a key in a focused text control (after keydown,
// and keypress for a character, were not canceled): typing inserts, Backspace and Delete
// delete, the arrows, Home and End move the caret (with Shift they move the selection's
// focus), Control+A selects all, Enter inserts a line break in a textarea. It reports
// whether the control took the key (the page does not scroll).
//
// CHROME: each edit fires beforeinput (cancelable: canceling stops the edit), the edit,
// then input, in the key's task; a deletion with nothing to delete fires beforeinput only.
// Enter in an input fires beforeinput (insertLineBreak) and, when the user changed the
// value, change.
//
// Each change of the selection schedules selectionchange at the control; selecting (Shift
// with a movement, Control+A) queues select too (dom/textcontrol.go).
//
// FIXME(spec): implicit submission (Enter in a form's input), maxlength, word moves and
// deletions (Control with the arrows or Backspace) are missing.
func (p *Page) editTextControl(t *dom.Node, k keyDef) bool {
	in := &p.input
	start, end, backward := t.TextSelection()
	if in.ctrl || in.alt || in.meta {
		if in.ctrl && !in.alt && !in.meta && (k.key == "a" || k.key == "A") {
			t.SelectAllByUser()
			return true
		}
		return false
	}
	// CHROME: a readonly control keeps its caret and selection; a character still fires
	// beforeinput (the edit then does nothing), a deletion fires nothing.
	readOnly := t.HasAttribute("readonly")
	switch k.key {
	case "Enter":
		if t.IsTextArea() {
			if !readOnly {
				p.textEdit(t, "insertLineBreak", 0, "\n", nil)
			}
			return true
		}
		if !readOnly {
			p.dispatchEvents(t, dom.NewInputEvent("beforeinput", dom.InputEventInit{InputType: "insertLineBreak"}))
		}
		if t.UserEditedValueChanged() {
			t.FireChange()
		}
		return true
	case "Backspace", "Delete":
		if readOnly {
			return true
		}
		typ, dir := "deleteContentBackward", -1
		if k.key == "Delete" {
			typ, dir = "deleteContentForward", 1
		}
		p.textEdit(t, typ, dir, "", nil)
		return true
	case "ArrowLeft", "ArrowRight", "Home", "End", "ArrowUp", "ArrowDown":
		if !readOnly {
			p.moveCaret(t, k.key, start, end, backward)
		}
		return true
	}
	if k.char == 0 || k.char == '\r' {
		return false
	}
	data := string(k.char)
	if readOnly {
		p.dispatchEvents(t, dom.NewInputEvent("beforeinput", dom.InputEventInit{InputType: "insertText", Data: data, HasData: true}))
		return true
	}
	p.textEdit(t, "insertText", 0, data, &data)
	return true
}

// textEdit fires beforeinput, then replaces the selection of t's value with text (del -1
// or 1: deletes it, or with none the character before or after the caret), and fires
// input. The range is taken after beforeinput: CHROME: a listener that set the value (the
// caret then at its end) gets the edit there.
// https://w3c.github.io/input-events/#event-type-beforeinput
func (p *Page) textEdit(t *dom.Node, inputType string, del int, text string, data *string) {
	init := dom.InputEventInit{InputType: inputType}
	if data != nil {
		init.Data, init.HasData = *data, true
	}
	if !p.dispatchEvents(t, dom.NewInputEvent("beforeinput", init)) {
		return
	}
	start, end, _ := t.TextSelection()
	switch {
	case start != end || del == 0:
	case del < 0:
		start = t.PrevCaretOffset(start)
	default:
		end = t.NextCaretOffset(end)
	}
	if start == end && text == "" {
		return // nothing to delete
	}
	t.ReplaceTextByUser(start, end, text)
	p.dispatchEvents(t, dom.NewInputEvent("input", init))
}

// moveCaret moves the caret, or with Shift the selection's focus (its anchor stays), for
// an arrow, Home or End. Without Shift a selection collapses to its start (ArrowLeft) or
// end (ArrowRight). CHROME: in a one-line control ArrowUp goes to the start and
// ArrowDown to the end; in a textarea Home and End go to the line's ends, ArrowUp and
// ArrowDown to the line above or below at the same offset into it, or to the ends of the
// value from the first or last line.
func (p *Page) moveCaret(t *dom.Node, key string, start, end int, backward bool) {
	anchor, focus := start, end
	if backward {
		anchor, focus = end, start
	}
	shift := p.input.shift
	to := focus
	switch key {
	case "ArrowLeft":
		if !shift && start != end {
			t.SetTextSelection(start, start, false)
			return
		}
		to = t.PrevCaretOffset(focus)
	case "ArrowRight":
		if !shift && start != end {
			t.SetTextSelection(end, end, false)
			return
		}
		to = t.NextCaretOffset(focus)
	case "Home", "End":
		ls, le := 0, t.TextLength()
		if t.IsTextArea() {
			ls, le = t.LineBounds(focus)
		}
		to = ls
		if key == "End" {
			to = le
		}
	case "ArrowUp", "ArrowDown":
		to = 0
		if key == "ArrowDown" {
			to = t.TextLength()
		}
		if t.IsTextArea() {
			ls, le := t.LineBounds(focus)
			col := focus - ls
			if key == "ArrowUp" && ls > 0 {
				ps, _ := t.LineBounds(ls - 1)
				to = min(ps+col, ls-1)
			} else if key == "ArrowDown" && le < t.TextLength() {
				_, ne := t.LineBounds(le + 1)
				to = min(le+1+col, ne)
			}
		}
	}
	if !shift {
		t.SetTextSelection(to, to, false)
		return
	}
	// CHROME: the user's selecting fires select, as script's does.
	if to < anchor {
		t.SetSelectionRange(to, anchor, true)
	} else {
		t.SetSelectionRange(anchor, to, false)
	}
}
