// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#textFieldSelection,
// the value of input and textarea elements, https://html.spec.whatwg.org/multipage/input.html#concept-fe-value),
// Input Events Level 2, W3C Working Draft 2024-09 (https://w3c.github.io/input-events/#interface-InputEvent).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strings"
	"unicode/utf16"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// A text control's selection is kept in UTF-16 code units, as selectionStart and
// selectionEnd count; the caret is the collapsed selection.
type textSelection struct {
	start, end int
	backward   bool
	// beforeEdit is the value before the user's first edit since the last change event
	// (edited: there was one). CHROME: change fires on blur (and on Enter in an input)
	// when the value differs from it (TextControlElement's value_before_first_user_edit_).
	beforeEdit string
	edited     bool
	// selectionchangeScheduled: the element's "has scheduled selectionchange event" flag.
	selectionchangeScheduled bool
}

// IsTextControl: a textarea, or an input whose type state edits text (Text, Search, URL,
// Telephone, Email, Password; Number is edited as text too).
func (n *Node) IsTextControl() bool {
	if n == nil || n.kind != ElementNode || n.h.Namespace != "" {
		return false
	}
	switch n.h.Data {
	case "textarea":
		return true
	case "input":
		switch n.inputType() {
		case "text", "search", "url", "tel", "email", "password", "number":
			return true
		}
	}
	return false
}

// IsTextArea: n is a textarea (Enter inserts a line break).
func (n *Node) IsTextArea() bool {
	return n != nil && n.kind == ElementNode && n.h.Namespace == "" && n.h.Data == "textarea"
}

// TextValue is the control's value (the API value): the dirty value, else the default
// value (the value attribute; a textarea's child text).
func (n *Node) TextValue() string {
	if n.form.dirtyValue {
		return n.form.value
	}
	if n.h.Data == "textarea" {
		return normalizeNewlines(childTextContent(n.h))
	}
	v, _ := n.GetAttribute("value")
	return sanitizeLine(v)
}

// normalizeNewlines: a textarea's raw value with CRLF and CR as LF.
func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// sanitizeLine is the text input's value sanitization algorithm: "strip newlines from
// the value". https://html.spec.whatwg.org/multipage/input.html#text-(type=text)-state-and-search-state-(type=search)
func sanitizeLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r", "", "\n", "").Replace(s)
}

// byteOffset is the byte index in s of UTF-16 offset i (clamped to s).
func byteOffset(s string, i int) int {
	u := 0
	for b, r := range s {
		if u >= i {
			return b
		}
		u += utf16.RuneLen(r)
	}
	return len(s)
}

// TextLength is the value's length in UTF-16 code units.
func (n *Node) TextLength() int { return utf16Len(n.TextValue()) }

// TextSelection is the selection (UTF-16 offsets, start <= end) and its direction.
func (n *Node) TextSelection() (start, end int, backward bool) {
	l := n.TextLength()
	s := &n.form.sel
	return min(s.start, l), min(s.end, l), s.backward
}

// SetTextSelection sets the selection, clamped to the value, start at most end ("set the
// selection range"). It reports whether it changed and notes the change for the renderer.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#set-the-selection-range
func (n *Node) SetTextSelection(start, end int, backward bool) bool {
	l := n.TextLength()
	end = max(0, min(end, l))
	start = max(0, min(start, end))
	s := &n.form.sel
	if s.start == start && s.end == end && s.backward == backward {
		return false
	}
	s.start, s.end, s.backward = start, end, backward
	n.doc.changedNode(ChangeState, n.h, "value")
	n.scheduleSelectionChange()
	return true
}

// SetSelectionRange is "set the selection range" from script (setSelectionRange(),
// select(), the selection attributes) or the user selecting: when the selection changed,
// a select event is queued (and selectionchange scheduled).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#set-the-selection-range
func (n *Node) SetSelectionRange(start, end int, backward bool) {
	if n.SetTextSelection(start, end, backward) {
		n.queueSelectEvent()
	}
}

// scheduleSelectionChange is the Selection API's "schedule a selectionchange event" for a
// text control: one queued task fires selectionchange (bubbling) at n, however many
// changes come before it. https://w3c.github.io/selection-api/#scheduling-selectionchange-event
func (n *Node) scheduleSelectionChange() {
	r := n.doc.realm
	s := &n.form.sel
	if r == nil || s.selectionchangeScheduled {
		return
	}
	s.selectionchangeScheduled = true
	r.host.QueueTask("user-interaction", func() {
		s.selectionchangeScheduled = false
		n.fireSimple("selectionchange", EventInit{Bubbles: true})
	})
}

// queueSelectEvent queues an element task on the user interaction task source to fire
// select (bubbling) at n.
func (n *Node) queueSelectEvent() {
	if r := n.doc.realm; r != nil {
		r.host.QueueTask("user-interaction", func() { n.fireSimple("select", EventInit{Bubbles: true}) })
	}
}

// setValueFromScript is the value setter: the value is sanitized and becomes dirty; when
// it changed, the caret goes to its end ("set the selection range to the end").
// CHROME: selectionDirection reads "forward" for "none" (not on macOS).
// https://html.spec.whatwg.org/multipage/input.html#dom-input-value-value
func (n *Node) setValueFromScript(v string) {
	if n.h.Data == "textarea" {
		v = normalizeNewlines(v)
	} else if n.IsTextControl() {
		v = sanitizeLine(v)
	}
	old := n.TextValue()
	n.form.value, n.form.dirtyValue = v, true
	if old != v {
		l := utf16Len(v)
		n.form.sel.start, n.form.sel.end, n.form.sel.backward = l, l, false
		n.doc.changedNode(ChangeState, n.h, "value")
		n.scheduleSelectionChange()
	}
}

// ReplaceTextByUser replaces the UTF-16 range [start, end) of the value with text as the
// user's edit (typing, a deletion), the caret after the inserted text.
func (n *Node) ReplaceTextByUser(start, end int, text string) {
	v := n.TextValue()
	s := &n.form.sel
	if !s.edited {
		s.beforeEdit, s.edited = v, true
	}
	a, b := byteOffset(v, start), byteOffset(v, end)
	n.form.value, n.form.dirtyValue = v[:a]+text+v[b:], true
	c := start + utf16Len(text)
	s.start, s.end, s.backward = c, c, false
	n.doc.changedNode(ChangeState, n.h, "value")
	n.scheduleSelectionChange()
}

// PrevCaretOffset is the caret offset one character before i (a surrogate pair is one).
// FIXME(spec): grapheme clusters of several code points are stepped through one by one.
func (n *Node) PrevCaretOffset(i int) int {
	v := n.TextValue()
	if i <= 0 {
		return 0
	}
	r := []rune(v[:byteOffset(v, i)])
	if len(r) == 0 {
		return 0
	}
	return i - utf16.RuneLen(r[len(r)-1])
}

// NextCaretOffset is the caret offset one character after i.
func (n *Node) NextCaretOffset(i int) int {
	v := n.TextValue()
	b := byteOffset(v, i)
	for _, r := range v[b:] {
		return i + utf16.RuneLen(r)
	}
	return i
}

// LineBounds are the offsets of the start and end of the line (a textarea's text
// between line feeds) holding offset i.
func (n *Node) LineBounds(i int) (start, end int) {
	v := n.TextValue()
	b := byteOffset(v, i)
	ls := strings.LastIndexByte(v[:b], '\n') + 1
	le := strings.IndexByte(v[b:], '\n')
	if le < 0 {
		le = len(v)
	} else {
		le += b
	}
	return utf16Len(v[:ls]), utf16Len(v[:le])
}

// UserEditedValueChanged reports, and forgets, whether the user edited the value since
// the last change event and it differs from the value before those edits: the change
// event is due. CHROME: on blur and on Enter in an input.
func (n *Node) UserEditedValueChanged() bool {
	s := &n.form.sel
	if !s.edited {
		return false
	}
	s.edited = false
	return s.beforeEdit != n.TextValue()
}

// FireChange fires change at n (bubbles, not cancelable).
func (n *Node) FireChange() { n.fireSimple("change", EventInit{Bubbles: true}) }

// InputEventInit holds InputEventInit's members beyond EventInit.
// https://w3c.github.io/input-events/#dom-inputeventinit
type InputEventInit struct {
	InputType   string
	Data        string
	HasData     bool // data is a string, not null
	IsComposing bool
}

// NewInputEvent creates an InputEvent: beforeinput (cancelable) or input, both bubbling
// and composed when the user agent fires them.
func NewInputEvent(typ string, init InputEventInit) *Event {
	e := createEvent(typ, kindInputEvent, EventInit{Bubbles: true, Cancelable: typ == "beforeinput", Composed: true})
	e.ui().input = init
	return e
}

// installInputEvent. https://w3c.github.io/input-events/#interface-InputEvent
func (r *realm) installInputEvent(ui *webidl.Interface) {
	ie := r.idl.DefineInterface("InputEvent", ui, 1, r.eventCtor("InputEvent", kindInputEvent, func(e *Event, dict goja.Value, _ string) {
		e.detail = toLong(dictGet(dict, "detail"))
		if d := dictGet(dict, "data"); !isNullish(d) {
			e.ui().input.Data, e.ui().input.HasData = toDOMString(d), true
		}
		e.ui().input.InputType = dictString(dict, "inputType", "")
		e.ui().input.IsComposing = toBool(dictGet(dict, "isComposing"))
	}))
	m := webidl.On(ie, r.thisEvent)
	m.Getter("data", func(e *Event) goja.Value {
		if !e.ui().input.HasData {
			return goja.Null()
		}
		return r.str(e.ui().input.Data)
	})
	m.Getter("inputType", func(e *Event) goja.Value { return r.str(e.ui().input.InputType) })
	m.Getter("isComposing", func(e *Event) goja.Value { return r.rt.ToValue(e.ui().input.IsComposing) })
	m.Getter("dataTransfer", func(e *Event) goja.Value { return goja.Null() })
	m.LenientMethod("getTargetRanges", 0, func(*Event, goja.FunctionCall) goja.Value { return r.rt.NewArray() })
}

// installTextSelectionAPIs defines selectionStart, selectionEnd, selectionDirection,
// setSelectionRange() and select() on HTMLInputElement or HTMLTextAreaElement.
// FIXME(spec): setRangeText() is missing; on an input type that does not apply, these
// throw nothing (the spec: null and InvalidStateError).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#textFieldSelection
func (r *realm) installTextSelectionAPIs(iface *webidl.Interface) {
	m := webidl.On(iface, r.thisHTMLElement)
	m.Accessor("selectionStart", func(n *Node) goja.Value {
		s, _, _ := n.TextSelection()
		return r.rt.ToValue(s)
	}, func(n *Node, v goja.Value) {
		s := toUnsignedLong(v)
		_, e, back := n.TextSelection()
		n.SetSelectionRange(s, max(s, e), back)
	})
	m.Accessor("selectionEnd", func(n *Node) goja.Value {
		_, e, _ := n.TextSelection()
		return r.rt.ToValue(e)
	}, func(n *Node, v goja.Value) {
		s, _, back := n.TextSelection()
		e := toUnsignedLong(v)
		n.SetSelectionRange(min(s, e), e, back)
	})
	m.Accessor("selectionDirection", func(n *Node) goja.Value {
		if _, _, back := n.TextSelection(); back {
			return r.str("backward")
		}
		return r.str("forward")
	}, func(n *Node, v goja.Value) {
		s, e, _ := n.TextSelection()
		n.SetSelectionRange(s, e, toDOMString(v) == "backward")
	})
	m.Method("setSelectionRange", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		s, e := toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1))
		dir := call.Argument(2)
		n.SetSelectionRange(s, e, !isNullish(dir) && toDOMString(dir) == "backward")
		return goja.Undefined()
	})
	m.Method("select", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		n.SetSelectionRange(0, n.TextLength(), false)
		return goja.Undefined()
	})
}

// TextControl tells the renderer about text control h: its value, its selection as byte
// offsets into the value, and whether it has the focus (render.TextControls).
func (d *Document) TextControl(h *html.Node) (value string, start, end int, focused, ok bool) {
	n := d.NodeFor(h)
	if n == nil || !n.IsTextControl() {
		return "", 0, 0, false, false
	}
	v := n.TextValue()
	s, e, _ := n.TextSelection()
	return v, byteOffset(v, s), byteOffset(v, e), d.FocusedElement() == n, true
}

// SetCaretAtByte collapses the selection at byte offset b of the value (a click's caret).
func (n *Node) SetCaretAtByte(b int) {
	v := n.TextValue()
	c := utf16Len(v[:max(0, min(b, len(v)))])
	n.SetTextSelection(c, c, false)
}

// SelectAllByUser is the user's select all (Control+A). CHROME: select and selectionchange
// come even when all was selected already.
func (n *Node) SelectAllByUser() {
	if !n.SetTextSelection(0, n.TextLength(), false) {
		n.scheduleSelectionChange()
	}
	n.queueSelectEvent()
}
