// Spec: Pointer Events Level 3, W3C Candidate Recommendation 2025-06
// (https://w3c.github.io/pointerevents/), UI Events, W3C Working Draft 2024-09
// (https://w3c.github.io/uievents/#events-mouse-types, #event-type-wheel).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"math"

	"loopscope/dom"
	"loopscope/loop"
)

// The mouse: its moves with the boundary events they cause, its buttons, the wheel.

// buttonNumber is MouseEvent.button for an actions file's button name.
func buttonNumber(name string) (int, bool) {
	switch name {
	case "", "left":
		return 0, true
	case "middle":
		return 1, true
	case "right":
		return 2, true
	}
	return 0, false
}

// buttonName is the actions file's name of MouseEvent.button b ("" for the primary).
func buttonName(b int) string {
	switch b {
	case 1:
		return "middle"
	case 2:
		return "right"
	}
	return ""
}

// buttonsBit is button b's bit in MouseEvent.buttons.
// https://w3c.github.io/uievents/#dom-mouseevent-buttons
func buttonsBit(b int) int {
	switch b {
	case 1:
		return 4
	case 2:
		return 2
	}
	return 1
}

// The click count. CHROME: two presses of one button within 500 ms and 4 px (ui/events'
// double-click defaults on Linux) make a double click.
const (
	doubleClickMS = 500
	doubleClickPX = 4
)

// queuePointerTask queues the task of a press or a release of button at (x, y).
func (p *Page) queuePointerTask(k PointerKind, button int, x, y float64) {
	name := k.taskName()
	if k == PointerRelease && button != 0 {
		name = "auxclick"
	}
	mark := p.discreteInputMark()
	p.Loop.QueueTask(loop.SourceUserInteraction, name, func() {
		p.flushRAFAlignedInputBefore(mark)
		if k == PointerPress {
			p.pointerPress(button, x, y)
		} else {
			p.pointerRelease(button, x, y)
		}
	})
}

// mouseInit is the MouseEventInit of a trusted mouse event at (x, y). CHROME: a
// MouseEvent's coordinates are whole pixels (a PointerEvent's keep their fraction).
func (p *Page) mouseInit(x, y float64, button, detail int, boundary bool) dom.MouseEventInit {
	in := &p.input
	return dom.MouseEventInit{EventInit: dom.EventInit{Bubbles: !boundary, Cancelable: !boundary, Composed: true},
		ClientX: x, ClientY: y, ScreenX: x, ScreenY: y, Button: button, Buttons: in.buttons, Detail: detail,
		CtrlKey: in.ctrl, ShiftKey: in.shift, AltKey: in.alt, MetaKey: in.meta}
}

// pointerInit is the mouse's PointerEventInit (pressure 0.5 while a button is held).
func (p *Page) pointerInit() dom.PointerEventInit {
	ptr := dom.PointerEventInit{PointerID: 1, Width: 1, Height: 1, PointerType: "mouse", IsPrimary: true}
	if p.input.buttons != 0 {
		ptr.Pressure = 0.5
	}
	return ptr
}

func (p *Page) pointerEvent(typ string, x, y float64, button, detail int) *dom.Event {
	return dom.NewPointerEvent(typ, p.mouseInit(x, y, button, detail, false), p.pointerInit())
}

func (p *Page) mouseEvent(typ string, x, y float64, button, detail int) *dom.Event {
	return dom.NewMouseEvent(typ, p.mouseInit(math.Floor(x), math.Floor(y), button, detail, false))
}

// pointerMove dispatches one (coalesced) move: the boundary events if the pointer is over
// another element now, then pointermove (with its coalesced events) and mousemove.
// https://w3c.github.io/pointerevents/#the-pointermove-event
func (p *Page) pointerMove(points []movePoint) {
	last := points[len(points)-1]
	if !p.inViewport(last.x, last.y) {
		// The pointer left the page (CHROME: out, and leave up to the document, with
		// relatedTarget null; no move event).
		p.updateHover(nil, last.x, last.y)
		return
	}
	target, fx, fy := p.hitTestFrames(last.x, last.y)
	dx, dy := fx-last.x, fy-last.y // into the target's document's viewport
	p.updateHover(target, fx, fy)
	pm := p.pointerEvent("pointermove", fx, fy, -1, 0)
	pm.SetTimeStamp(last.t)
	list := make([]*dom.Event, len(points))
	for i, pt := range points {
		list[i] = p.pointerEvent("pointermove", pt.x+dx, pt.y+dy, -1, 0)
		list[i].SetTimeStamp(pt.t)
	}
	pm.SetCoalescedEvents(list)
	p.dispatchEvents(target, pm)
	if !p.input.preventMouse {
		mm := p.mouseEvent("mousemove", fx, fy, 0, 0)
		mm.SetTimeStamp(last.t)
		p.dispatchEvents(target, mm)
	}
}

// updateHover fires the boundary events of the pointer going to target (nil: out of the
// page) at (x, y) of target's document's viewport, and remembers target. Each document has
// the element the pointer is over in it (iframeinput.go hoverTargets): in the documents
// above an iframe's, the iframe. CHROME: the documents the pointer left get theirs first,
// the deepest first, then each document of target's chain from the page down.
func (p *Page) updateHover(target *dom.Node, x, y float64) {
	in := &p.input
	in.hover, in.hx, in.hy = target, x, y
	if in.hovers == nil {
		in.hovers = map[*dom.Document]*dom.Node{}
	}
	ox, oy := p.frameOrigin(p.docOf(target))
	px, py := x+ox, y+oy // in the page's viewport
	order, want := p.hoverTargets(target)
	for _, d := range p.docsLeft(want) {
		dx, dy := p.frameOrigin(d)
		p.updateHoverIn(d, nil, px-dx, py-dy)
	}
	for _, d := range order {
		dx, dy := p.frameOrigin(d)
		p.updateHoverIn(d, want[d], px-dx, py-dy)
	}
}

// updateHoverIn fires the boundary events of the pointer going from the element it was over
// in document d to target (nil: out of d; Chrome's order: the pointer events first, then
// the mouse events, each out, leave from the innermost, over, enter from the outermost).
// https://w3c.github.io/uievents/#events-mouseevent-event-order
//
// The document's hover state (:hover) follows target first (dom.SetHovered).
func (p *Page) updateHoverIn(d *dom.Document, target *dom.Node, x, y float64) {
	in := &p.input
	old := in.hovers[d]
	if old != nil && !old.IsConnected() {
		old = nil // FIXME(spec): Chrome sends out/leave to the removed node's parent chain
	}
	if target == nil {
		delete(in.hovers, d)
	} else {
		in.hovers[d] = target
	}
	d.SetHovered(target)
	if old == target {
		return
	}
	left, entered := leftAndEntered(old, target)
	for _, prefix := range []string{"pointer", "mouse"} {
		if prefix == "mouse" && in.preventMouse {
			break
		}
		ev := func(typ string, related *dom.Node, boundary bool) *dom.Event {
			var e *dom.Event
			if prefix == "pointer" {
				e = dom.NewPointerEvent(typ, p.mouseInit(x, y, -1, 0, boundary), p.pointerInit())
			} else {
				e = dom.NewMouseEvent(typ, p.mouseInit(math.Floor(x), math.Floor(y), 0, 0, boundary))
			}
			e.SetRelatedTarget(related)
			return e
		}
		if old != nil {
			p.dispatchEvents(old, ev(prefix+"out", target, false))
			for _, n := range left {
				p.dispatchEvents(n, ev(prefix+"leave", target, true))
			}
		}
		if target == nil {
			continue
		}
		p.dispatchEvents(target, ev(prefix+"over", old, false))
		for _, n := range entered {
			p.dispatchEvents(n, ev(prefix+"enter", old, true))
		}
	}
}

// leftAndEntered lists the nodes the pointer leaves (old and its ancestors that are not
// ancestors of target, innermost first) and enters (target's ancestors that are not
// ancestors of old, and target, outermost first). CHROME: the document is one of them: the
// pointer entering the viewport enters the document first, leaving it leaves the document
// last (case input/enter_leave_capture).
func leftAndEntered(old, target *dom.Node) (left, entered []*dom.Node) {
	inOld := map[*dom.Node]bool{}
	for n := old; hoverable(n); n = n.Parent() {
		inOld[n] = true
	}
	inTarget := map[*dom.Node]bool{}
	for n := target; hoverable(n); n = n.Parent() {
		inTarget[n] = true
		if !inOld[n] {
			entered = append([]*dom.Node{n}, entered...)
		}
	}
	for n := old; hoverable(n); n = n.Parent() {
		if !inTarget[n] {
			left = append(left, n)
		}
	}
	return left, entered
}

// hoverable: the pointer enters and leaves elements and documents.
func hoverable(n *dom.Node) bool {
	return n != nil && (n.Type() == dom.ElementNode || n.Type() == dom.DocumentNode)
}

// pointerPress is a press of button at (x, y): pointerdown (pointermove when another button
// is held: a chorded press), mousedown, focus as its default action, and contextmenu for
// the secondary button. CHROME (Linux): contextmenu follows mousedown.
// https://w3c.github.io/pointerevents/#the-pointerdown-event
func (p *Page) pointerPress(button int, px, py float64) {
	in := &p.input
	target, x, y := p.hitTestFrames(px, py) // (x, y) in target's document's viewport
	if target != in.hover || x != in.hx || y != in.hy {
		p.updateHover(target, x, y)
	}
	// CHROME: the active state (:active) is set before pointerdown is dispatched, for
	// any button, and cleared before pointerup.
	p.docOf(target).NoteInputModality(true)
	p.setPointerState(target, &in.activeDocs, (*dom.Document).SetActive)
	now := p.Loop.Now()
	if in.clickCount > 0 && button == in.lastButton && now-in.lastPress <= doubleClickMS &&
		math.Abs(px-in.lastX) <= doubleClickPX && math.Abs(py-in.lastY) <= doubleClickPX {
		in.clickCount++
	} else {
		in.clickCount = 1
	}
	in.lastPress, in.lastX, in.lastY, in.lastButton = now, px, py, button
	chorded := in.buttons != 0
	in.buttons |= buttonsBit(button)
	in.pressed[button] = target
	if chorded {
		p.dispatchEvents(target, p.pointerEvent("pointermove", x, y, button, 0))
	} else {
		if !p.dispatchEvents(target, p.pointerEvent("pointerdown", x, y, button, 0)) {
			in.preventMouse = true
		}
		// HTML's light dismiss activities follow pointerdown and pointerup (a dialog with
		// closedby=any closes on a click outside it; CHROME: after mouseup, before click).
		p.docOf(target).LightDismissOpenDialogs("pointerdown", target, x, y)
	}
	if in.preventMouse {
		return
	}
	if p.dispatchEvents(target, p.mouseEvent("mousedown", x, y, button, in.clickCount)) {
		// The mousedown's default action: focus what was clicked (or give the focus to
		// the viewport), in its document, whose window gets the focus first.
		p.focusFrame(target)
		if target == nil {
			p.Doc.Unfocus() // a document without a body
		} else if f := target.FocusableAncestor(); f != nil {
			f.Focus()
			if f.IsTextControl() && p.Doc.FocusedElement() == f {
				// CHROME: the caret goes where the click was, after the focus event.
				if b, ok := p.layoutOf(f.Document()).eng.CaretOffsetAt(f.HTML(), f.TextValue(), x, y); ok {
					f.SetCaretAtByte(b)
				}
			}
		} else {
			target.Document().Unfocus()
		}
	}
	if button == 2 {
		p.dispatchEvents(target, p.pointerEvent("contextmenu", x, y, button, 0))
	}
}

// pointerRelease is a release of button at (x, y): pointerup (pointermove while another
// button is held), mouseup, then click (primary) or auxclick at the nearest common
// ancestor of where the button went down and where it came up, and dblclick after a
// second click. https://w3c.github.io/uievents/#event-type-click
func (p *Page) pointerRelease(button int, px, py float64) {
	in := &p.input
	target, x, y := p.hitTestFrames(px, py)
	if target != in.hover || x != in.hx || y != in.hy {
		p.updateHover(target, x, y)
	}
	p.setPointerState(nil, &in.activeDocs, (*dom.Document).SetActive)
	if in.buttons&buttonsBit(button) == 0 {
		// A release without its press (a recording cut short): the events still go.
		in.pressed[button] = target
		if in.clickCount == 0 {
			in.clickCount = 1
		}
	}
	in.buttons &^= buttonsBit(button)
	if in.buttons != 0 {
		p.dispatchEvents(target, p.pointerEvent("pointermove", x, y, button, 0))
	} else {
		p.dispatchEvents(target, p.pointerEvent("pointerup", x, y, button, 0))
	}
	if !in.preventMouse {
		p.dispatchEvents(target, p.mouseEvent("mouseup", x, y, button, in.clickCount))
	}
	if in.buttons == 0 {
		p.docOf(target).LightDismissOpenDialogs("pointerup", target, x, y)
	}
	if in.buttons == 0 {
		in.preventMouse = false
	}
	clickTarget := commonAncestor(in.pressed[button], target)
	in.pressed[button] = nil
	if clickTarget == nil {
		return
	}
	typ := "click"
	if button != 0 {
		typ = "auxclick"
	}
	p.dispatchEvents(clickTarget, p.pointerEvent(typ, x, y, button, in.clickCount))
	if button == 0 && in.clickCount == 2 {
		p.dispatchEvents(clickTarget, p.mouseEvent("dblclick", x, y, button, 2))
	}
}

// commonAncestor is the nearest inclusive ancestor of a that is one of b (nil when a is).
func commonAncestor(a, b *dom.Node) *dom.Node {
	if a == nil || b == nil {
		return nil
	}
	inA := map[*dom.Node]bool{}
	for n := a; n != nil; n = n.Parent() {
		inA[n] = true
	}
	for n := b; n != nil; n = n.Parent() {
		if inA[n] {
			return n
		}
	}
	return nil
}

// wheelAction is an actions file's wheel: the pointer moved to the centre of the element
// At first (when given), then the tick at the pointer.
func (p *Page) wheelAction(a Action) error {
	x, y := p.input.x, p.input.y
	if a.At != "" {
		var err error
		if x, y, err = p.centreOf("wheel at", a.At); err != nil {
			return err
		}
		p.queueMove(x, y)
	}
	p.queueWheel(x, y, a.Wheel[0], a.Wheel[1])
	return nil
}

// pointerWheel dispatches one (coalesced) wheel event at (x, y); its default action, when
// nobody canceled it, scrolls. https://w3c.github.io/uievents/#event-type-wheel
func (p *Page) pointerWheel(px, py, dx, dy float64) {
	target, x, y := p.hitTestFrames(px, py)
	if target != p.input.hover {
		p.updateHover(target, x, y)
	}
	init := p.mouseInit(math.Floor(x), math.Floor(y), 0, 0, false)
	if target != nil && !target.HasBlockingListener("wheel") {
		// CHROME: with only passive listeners (as those on the window, the document and
		// the body are by default) the wheel does not block: the scroll is done first, then
		// the event is dispatched, not cancelable, its listeners seeing the new position.
		p.scrollByWheel(target, dx, dy)
		if d := p.docOf(target); d != p.Doc {
			// The listeners see the new position: an iframe's document where the scroll
			// of a document above it moved it.
			ox, oy := p.frameOrigin(d)
			init.ClientX, init.ClientY = math.Floor(px-ox), math.Floor(py-oy)
			init.ScreenX, init.ScreenY = init.ClientX, init.ClientY
		}
		init.Cancelable = false
		p.dispatchEvents(target, dom.NewWheelEvent(init, dom.WheelEventInit{DeltaX: dx, DeltaY: dy}))
		return
	}
	e := dom.NewWheelEvent(init, dom.WheelEventInit{DeltaX: dx, DeltaY: dy})
	if p.dispatchEvents(target, e) {
		p.scrollByWheel(target, dx, dy)
	}
}
