// Spec: UI Events, W3C Working Draft 2024-09 (https://w3c.github.io/uievents/#events-keyboardevents,
// the key and code values of https://w3c.github.io/uievents-key/ and
// https://w3c.github.io/uievents-code/), HTML Living Standard, 2025-09 (sequential focus
// navigation). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"fmt"
	"strings"

	"loopscope/dom"
	"loopscope/loop"
)

// keyDef is one physical key as the page sees it: key, code, the legacy keyCode, the
// location, and the character it types (0: none; no keypress).
type keyDef struct {
	key, code string
	keyCode   int
	location  int
	char      rune
}

// keyPress is a key press as Playwright's keyboard.press names it: modifiers held
// ("Shift+Tab"), then the key.
type keyPress struct {
	mods []keyDef
	key  keyDef
}

// namedKeys are the named keys an actions file or the window may press.
var namedKeys = map[string]keyDef{
	"Enter": {"Enter", "Enter", 13, 0, '\r'}, "Tab": {"Tab", "Tab", 9, 0, 0},
	"Escape": {"Escape", "Escape", 27, 0, 0}, "Backspace": {"Backspace", "Backspace", 8, 0, 0},
	"Delete": {"Delete", "Delete", 46, 0, 0}, "Insert": {"Insert", "Insert", 45, 0, 0},
	"ArrowLeft": {"ArrowLeft", "ArrowLeft", 37, 0, 0}, "ArrowUp": {"ArrowUp", "ArrowUp", 38, 0, 0},
	"ArrowRight": {"ArrowRight", "ArrowRight", 39, 0, 0}, "ArrowDown": {"ArrowDown", "ArrowDown", 40, 0, 0},
	"Home": {"Home", "Home", 36, 0, 0}, "End": {"End", "End", 35, 0, 0},
	"PageUp": {"PageUp", "PageUp", 33, 0, 0}, "PageDown": {"PageDown", "PageDown", 34, 0, 0},
	"Shift": {"Shift", "ShiftLeft", 16, 1, 0}, "Control": {"Control", "ControlLeft", 17, 1, 0},
	"Alt": {"Alt", "AltLeft", 18, 1, 0}, "Meta": {"Meta", "MetaLeft", 91, 1, 0},
	" ": {" ", "Space", 32, 0, ' '}, "Space": {" ", "Space", 32, 0, ' '},
}

// punctuation: the US layout's keys for characters (unshifted, shifted), with their code
// and legacy keyCode.
var punctuation = map[rune]struct {
	code    string
	keyCode int
}{
	'-': {"Minus", 189}, '_': {"Minus", 189}, '=': {"Equal", 187}, '+': {"Equal", 187},
	'[': {"BracketLeft", 219}, '{': {"BracketLeft", 219}, ']': {"BracketRight", 221}, '}': {"BracketRight", 221},
	'\\': {"Backslash", 220}, '|': {"Backslash", 220}, ';': {"Semicolon", 186}, ':': {"Semicolon", 186},
	'\'': {"Quote", 222}, '"': {"Quote", 222}, ',': {"Comma", 188}, '<': {"Comma", 188},
	'.': {"Period", 190}, '>': {"Period", 190}, '/': {"Slash", 191}, '?': {"Slash", 191},
	'`': {"Backquote", 192}, '~': {"Backquote", 192},
	'!': {"Digit1", 49}, '@': {"Digit2", 50}, '#': {"Digit3", 51}, '$': {"Digit4", 52}, '%': {"Digit5", 53},
	'^': {"Digit6", 54}, '&': {"Digit7", 55}, '*': {"Digit8", 56}, '(': {"Digit9", 57}, ')': {"Digit0", 48},
}

// lookupKey is the key a name gives: a named key, F1-F12, or one character of the US
// layout (a letter of either case, a digit, punctuation).
func lookupKey(name string) (keyDef, bool) {
	if k, ok := namedKeys[name]; ok {
		return k, true
	}
	var f int
	if n, _ := fmt.Sscanf(name, "F%d", &f); n == 1 && f >= 1 && f <= 12 && name == fmt.Sprintf("F%d", f) {
		return keyDef{name, name, 111 + f, 0, 0}, true
	}
	r := []rune(name)
	if len(r) != 1 {
		return keyDef{}, false
	}
	c := r[0]
	switch {
	case c >= 'a' && c <= 'z':
		return keyDef{name, "Key" + strings.ToUpper(name), int(c - 'a' + 'A'), 0, c}, true
	case c >= 'A' && c <= 'Z':
		return keyDef{name, "Key" + name, int(c), 0, c}, true
	case c >= '0' && c <= '9':
		return keyDef{name, "Digit" + name, int(c), 0, c}, true
	}
	if p, ok := punctuation[c]; ok {
		return keyDef{name, p.code, p.keyCode, 0, c}, true
	}
	return keyDef{}, false
}

// parseKeyPress reads a Playwright key name: "a", "Enter", " ", "Shift+Tab", "Control+a".
func parseKeyPress(name string) (keyPress, error) {
	var kp keyPress
	parts := []string{name}
	if len(name) > 1 && strings.Contains(name[:len(name)-1], "+") {
		i := strings.LastIndex(name[:len(name)-1], "+")
		parts = append(strings.Split(name[:i], "+"), name[i+1:])
	}
	for i, part := range parts {
		k, ok := lookupKey(part)
		if !ok {
			return kp, fmt.Errorf(`key %q: %q is not a key name (want a character, or Enter, Tab, Escape, Backspace, Delete, Arrow{Left,Up,Right,Down}, Home, End, PageUp, PageDown, F1-F12, Shift, Control, Alt, Meta; modifiers joined with +, e.g. "Shift+Tab")`, name, part)
		}
		if i < len(parts)-1 {
			if k.location != 1 {
				return kp, fmt.Errorf("key %q: %q is not a modifier (Shift, Control, Alt, Meta)", name, part)
			}
			kp.mods = append(kp.mods, k)
			continue
		}
		kp.key = k
	}
	return kp, nil
}

// queueKeyPress queues a key press: each modifier's keydown, the key's keydown (with
// keypress and the default action), the key's keyup, the modifiers' keyups, each a task on
// the user-interaction task source, as separate OS key events are. CHROME: each is queued
// when the one before it has run (Playwright's keyboard.press awaits each key event, which
// the browser acknowledges once the page handled it), so a task the keydown queued on the
// user interaction task source (a dialog's close event after Escape) runs before the keyup.
// A press made while another's events are still to come waits for them (keySteps), as does
// an actions file's next input (afterKeys): one press never interleaves with another input.
func (p *Page) queueKeyPress(kp keyPress) {
	in := &p.input
	mark := p.discreteInputMark()
	for _, m := range kp.mods {
		in.keySteps = append(in.keySteps, keyStep{m, true, mark})
	}
	in.keySteps = append(in.keySteps, keyStep{kp.key, true, mark}, keyStep{kp.key, false, mark})
	for i := len(kp.mods) - 1; i >= 0; i-- {
		in.keySteps = append(in.keySteps, keyStep{kp.mods[i], false, mark})
	}
	if !in.keyChain {
		in.keyChain = true
		p.queueNextKeyStep()
	}
}

// keyStep is one key event of a key press: the key going down or up, with the press's
// discreteInputMark.
type keyStep struct {
	k    keyDef
	down bool
	mark uint64
}

// queueNextKeyStep queues the task of the next key event waiting, which queues the one
// after it when it has run; with none left, the input that waited for the keys goes on.
func (p *Page) queueNextKeyStep() {
	in := &p.input
	if len(in.keySteps) == 0 {
		in.keyChain = false
		for len(in.afterKeys) > 0 && !in.keyChain {
			f := in.afterKeys[0]
			in.afterKeys = in.afterKeys[1:]
			f() // (a key press starts a chain again: the rest waits for it)
		}
		return
	}
	s := in.keySteps[0]
	in.keySteps = in.keySteps[1:]
	p.Loop.QueueTask(loop.SourceUserInteraction, keyEventName(s.down), func() {
		defer p.queueNextKeyStep()
		p.flushRAFAlignedInputBefore(s.mark)
		if s.down {
			p.keyDown(s.k)
		} else {
			p.keyUp(s.k)
		}
	})
}

// whenKeysDone runs f now, or once the key events still to come have run.
func (p *Page) whenKeysDone(f func()) {
	in := &p.input
	if !in.keyChain {
		f()
		return
	}
	in.afterKeys = append(in.afterKeys, f)
}

func keyEventName(down bool) string {
	if down {
		return "keydown"
	}
	return "keyup"
}

// setModifier notes a modifier key going down or up.
func (p *Page) setModifier(k keyDef, down bool) {
	in := &p.input
	switch k.key {
	case "Shift":
		in.shift = down
	case "Control":
		in.ctrl = down
	case "Alt":
		in.alt = down
	case "Meta":
		in.meta = down
	}
}

func (p *Page) keyEvent(typ string, k keyDef) *dom.Event {
	in := &p.input
	init := dom.KeyboardEventInit{EventInit: dom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
		Key: k.key, Code: k.code, Location: k.location, Legacy: true, KeyCode: k.keyCode,
		CtrlKey: in.ctrl, ShiftKey: in.shift, AltKey: in.alt, MetaKey: in.meta}
	if typ == "keypress" {
		init.KeyCode, init.CharCode = int(k.char), int(k.char)
	}
	return dom.NewKeyboardEvent(typ, init)
}

// keyTarget is the focused element of the document whose window has the focus (the page's,
// or an iframe's a press went into: keyDocument), else its body (the root element without
// one, the document without either).
func (p *Page) keyTarget() *dom.Node {
	d := p.keyDocument()
	if t := d.ActiveElement(); t != nil {
		return t
	}
	if t := d.DocumentElement(); t != nil {
		return t
	}
	return d.Node()
}

// keyDocument is the document whose window has the focus: the iframe's document a press
// went into last (iframeinput.go), while it is fully active, else the page's.
func (p *Page) keyDocument() *dom.Document {
	if d := p.input.focusedFrame; d != nil && d.FullyActive() {
		return d
	}
	return p.Doc
}

// keyDown dispatches keydown at the focused element; when nobody canceled it, keypress
// for a key that types a character (Enter included; CHROME: not with Control, Alt or
// Meta held), then the key's default action: a focused text control edits
// (textediting.go), Escape is a close request (a modal dialog's cancel, then its close),
// Enter clicks a focused button or link, Space arms a focused button for its keyup, Tab
// moves the focus, the scrolling keys scroll.
// https://w3c.github.io/uievents/#keydown
func (p *Page) keyDown(k keyDef) {
	p.setModifier(k, true)
	p.keyDocument().NoteInputModality(false)
	target := p.keyTarget()
	in := &p.input
	in.spaceArmed = nil
	if !p.dispatchEvents(target, p.keyEvent("keydown", k)) {
		return
	}
	if k.key == "Escape" {
		// A close request: "If the user agent ... a potential close request, fire keydown;
		// if it was not canceled, process close watchers" (the topmost modal dialog's).
		// https://html.spec.whatwg.org/multipage/interaction.html#close-requests
		p.keyDocument().ProcessCloseWatchers()
		return
	}
	if k.char != 0 && !in.ctrl && !in.alt && !in.meta {
		if !p.dispatchEvents(p.keyTarget(), p.keyEvent("keypress", k)) {
			return
		}
	}
	if t := p.keyTarget(); k.key != "Tab" && t.IsTextControl() && p.editTextControl(t, k) {
		return
	}
	if t := p.keyTarget(); k.key == "Enter" && activatedBy(t, "Enter") {
		p.keyboardClick(t)
		return
	}
	if t := p.keyTarget(); k.key == " " && activatedBy(t, " ") {
		in.spaceArmed = t
		return
	}
	switch k.key {
	case "Tab":
		p.sequentialFocusNavigation(in.shift)
	case "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End", " ":
		if k.key == " " && takesSpace(target) || keepsKey(target, k.key) {
			return
		}
		p.scrollByKey(target, k.key)
	}
}

// activatedBy: the element's activation behaviour runs for the key (Enter: buttons, links,
// <summary>; Space: buttons, checkboxes, radio buttons, <summary>). CHROME: the click
// follows Enter's keypress, and Space's keyup.
func activatedBy(n *dom.Node, key string) bool {
	switch n.LocalName() {
	case "button", "summary":
		return true
	case "a":
		return key == "Enter" && n.HasAttribute("href")
	case "input":
		t, _ := n.GetAttribute("type")
		switch strings.ToLower(t) {
		case "button", "submit", "reset", "image":
			return true
		case "checkbox", "radio":
			return key == " "
		}
	}
	return false
}

// keyboardClick fires the click of a key's activation. CHROME: a trusted PointerEvent
// with pointerId -1, an empty pointerType, detail 0 and coordinates 0.
func (p *Page) keyboardClick(target *dom.Node) {
	in := &p.input
	init := dom.MouseEventInit{EventInit: dom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
		CtrlKey: in.ctrl, ShiftKey: in.shift, AltKey: in.alt, MetaKey: in.meta}
	p.dispatchEvents(target, dom.NewPointerEvent("click", init, dom.PointerEventInit{PointerID: -1, Width: 1, Height: 1}))
}

// takesSpace: a focused control whose own default action is Space's (a button, a form
// control, a text field): the page does not scroll.
func takesSpace(n *dom.Node) bool {
	switch n.LocalName() {
	case "button", "input", "select", "textarea", "summary":
		return true
	}
	return false
}

// keepsKey: a focused text field, <select> or editable element keeps the key for itself (a
// caret, an option): the page does not scroll. CHROME: a one-line text field keeps the
// arrows, Home and End but not PageUp and PageDown, which scroll the page.
func keepsKey(n *dom.Node, key string) bool {
	switch n.LocalName() {
	case "textarea", "select":
		return true
	case "input":
		t, _ := n.GetAttribute("type")
		switch strings.ToLower(t) {
		case "", "text", "search", "email", "url", "tel", "password", "number":
			return key != "PageUp" && key != "PageDown"
		}
		return false
	}
	return n.HasAttribute("contenteditable")
}

// keyUp dispatches keyup at the focused element (after a Tab, the newly focused one).
func (p *Page) keyUp(k keyDef) {
	p.setModifier(k, false)
	target := p.keyTarget()
	notCanceled := p.dispatchEvents(target, p.keyEvent("keyup", k))
	in := &p.input
	if armed := in.spaceArmed; k.key == " " && armed != nil {
		in.spaceArmed = nil
		if notCanceled && armed == p.keyTarget() {
			p.keyboardClick(armed)
		}
	}
}
