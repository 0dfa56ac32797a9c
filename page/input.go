// Spec: UI Events, W3C Working Draft 2024-09 (https://w3c.github.io/uievents/), Pointer
// Events Level 3 (https://w3c.github.io/pointerevents/), HTML Living Standard, 2025-09
// (https://html.spec.whatwg.org/multipage/webappapis.html#user-interaction-task-source).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"fmt"
	"strconv"

	"loopscope/dom"
	"loopscope/loop"
)

// Real input, from the window or the actions file, takes one path: discrete input (a
// press, a release, a key) is a task on the user-interaction task source that first
// dispatches the continuous input still waiting (rafaligned.go), then its own trusted
// events; continuous input (moves, wheel ticks) waits, coalesced, for the next frame.
// Events are hit-tested against the last layout when they are dispatched.

// inputState is the page's side of the mouse and the keyboard.
type inputState struct {
	// x, y: where the pointer was last sent (the start of the next stepped move).
	x, y float64
	// hover is the element under the pointer as the last dispatched event saw it (nil
	// before the first); hx, hy where that was.
	hover  *dom.Node
	hx, hy float64
	// buttons is the mask of the buttons held (1 left, 2 right, 4 middle); pressed the
	// element each button went down on (its click goes to the common ancestor).
	buttons int
	pressed [3]*dom.Node
	// preventMouse: pointerdown was canceled, so the compatibility mouse events wait for
	// the pointer's release (Pointer Events' PREVENT MOUSE EVENT flag).
	preventMouse bool
	// the click count: the last press's button, place and time.
	lastPress              float64
	lastX, lastY           float64
	lastButton, clickCount int
	// modifiers held by the keyboard (keyboard.go); spaceArmed: the button a Space keydown
	// went to (its keyup clicks it).
	shift, ctrl, alt, meta bool
	spaceArmed             *dom.Node
	// The key events still to come and the input waiting for them (keyboard.go): keyChain
	// is set while a key event's task is queued or running.
	keySteps  []keyStep
	keyChain  bool
	afterKeys []func()
	// Across iframes (iframeinput.go): the documents whose hover and active states hold the
	// pointer's target chain, and the document whose window has the focus (nil: the page's).
	// hovers is the element under the pointer in each document it is over (in a document
	// above an iframe's, the iframe).
	hovers       map[*dom.Document]*dom.Node
	activeDocs   []*dom.Document
	focusedFrame *dom.Document

	queue   []rafInput // continuous input waiting for the next frame (rafaligned.go)
	dropped int        // continuous input dropped since the last frame (the queue was full)
	seq     uint64     // the next entry's seq
	barrier bool       // a discrete input was queued since the last entry: no coalescing over it
}

// Schedule arranges an action at its time after the end of page load.
func (p *Page) Schedule(a Action) {
	if !p.loaded {
		p.pending = append(p.pending, a)
		return
	}
	p.schedule(a)
}

// schedule arranges a at its time: the input goes the way the window's real input goes
// (input.go, pointer.go, keyboard.go), a resize to SetViewportSize.
func (p *Page) schedule(a Action) {
	at := p.loadEnd + a.AtMS
	switch {
	case a.Move != nil:
		p.scheduleMove(at, a)
		return
	case a.Resize != nil:
		p.Loop.At(at, func() { p.SetViewportSize(int(a.Resize[0]), int(a.Resize[1])) })
		return
	}
	p.Loop.At(at, func() { p.whenKeysDone(func() { p.perform(a) }) })
}

// perform does a discrete action at its time (once the key events before it have run).
func (p *Page) perform(a Action) {
	button, _ := buttonNumber(a.Button)
	switch {
	case a.Pointer != "":
		k, _ := pointerKind(a.Pointer)
		p.queuePointerTask(k, button, a.XY[0], a.XY[1])
	case a.Wheel != nil:
		if err := p.wheelAction(a); err != nil {
			p.Loop.Console().Error(err.Error())
		}
	case a.Key != "":
		kp, _ := parseKeyPress(a.Key)
		p.queueKeyPress(kp)
	case a.Kind == "synthetic":
		p.SyntheticClick(a.Click)
	default:
		if err := p.realClickElement(a.Click, button, max(a.Count, 1)); err != nil {
			p.Loop.Console().Error(err.Error())
		}
	}
}

// scheduleMove arranges a move action: Steps moves on a straight line from the pointer's
// position when the action starts, one a frame interval apart (a mouse is sampled once a
// frame), or with Burst all at its time.
func (p *Page) scheduleMove(at float64, a Action) {
	steps := max(a.Steps, 1)
	var from [2]float64
	step := func(i int) func() {
		return func() {
			if i == 1 {
				from = [2]float64{p.input.x, p.input.y}
			}
			f := float64(i) / float64(steps)
			p.queueMove(from[0]+(a.Move[0]-from[0])*f, from[1]+(a.Move[1]-from[1])*f)
		}
	}
	if a.Burst {
		p.Loop.At(at, func() {
			for i := 1; i <= steps; i++ {
				step(i)()
			}
		})
		return
	}
	for i := 1; i <= steps; i++ {
		p.Loop.At(at+float64(i-1)*p.Loop.FrameInterval(), step(i))
	}
}

// SyntheticClick queues a task that runs element.click() from script, as a page would.
func (p *Page) SyntheticClick(selector string) {
	name, run := p.syntheticClickTask(selector)
	p.Loop.QueueTask(loop.SourceDOMManipulation, name, run)
}

// syntheticClickTask is the task of a synthetic click: its name and its steps.
func (p *Page) syntheticClickTask(selector string) (string, func()) {
	src := "document.querySelector(" + strconv.Quote(selector) + ").click()"
	return "script: " + src, func() { p.Loop.RunScript("synthetic click", src) }
}

// RealClickElement clicks at the centre of the element's box, exactly as a mouse in the
// window: the pointer moves there, then a press and a release (the topmost element there
// gets the trusted events).
func (p *Page) RealClickElement(selector string) error {
	return p.realClickElement(selector, 0, 1)
}

// realClickElement is a click of button (count times: 2 is a double click) at the centre
// of the first element matching selector, the pointer moved there first (as Playwright's
// mouse.click does in the Chrome oracle).
func (p *Page) realClickElement(selector string, button, count int) error {
	x, y, err := p.centreOf("click", selector)
	if err != nil {
		return err
	}
	p.queueMove(x, y)
	for range count {
		p.queuePointerTask(PointerPress, button, x, y)
		p.queuePointerTask(PointerRelease, button, x, y)
	}
	return nil
}

// centreOf is the centre of the first element matching selector's box, in page coordinates.
func (p *Page) centreOf(what, selector string) (x, y float64, err error) {
	n, err := p.Doc.QuerySelector(selector)
	if err != nil {
		return 0, 0, fmt.Errorf("%s %q: not a valid CSS selector: %v", what, selector, err)
	}
	if n == nil {
		return 0, 0, fmt.Errorf("%s %q: no element matches", what, selector)
	}
	p.ensureLayout()
	box, ok := p.Engine.BoxOf(n.HTML())
	if !ok {
		return 0, 0, fmt.Errorf("%s %q: the element has no box (display: none?)", what, selector)
	}
	return box.X + box.W/2, box.Y + box.H/2, nil
}

// ensureLayout lays the page out if it never was (a click before the first frame).
func (p *Page) ensureLayout() {
	if p.lastFrame == nil {
		p.Engine.Style()
		p.Engine.Layout()
	}
}

// RealClick is a primary-button mouse click at (x, y) in page coordinates: a press task
// (pointerdown, mousedown) and a release task (pointerup, mouseup, click) on the user
// interaction task source, hit-tested against the last layout, each listener called from
// an empty JS stack (so a microtask checkpoint follows every listener).
func (p *Page) RealClick(x, y float64) {
	p.queuePointerTask(PointerPress, 0, x, y)
	p.queuePointerTask(PointerRelease, 0, x, y)
}

// hitTest is the element at (x, y) in the last layout (the body outside the page).
func (p *Page) hitTest(x, y float64) *dom.Node {
	p.ensureLayout()
	target := p.Doc.NodeFor(p.Engine.HitTest(x, y))
	if target == nil {
		target = p.Doc.Body()
	}
	return target
}

// inViewport reports whether (x, y) is inside the viewport.
func (p *Page) inViewport(x, y float64) bool {
	return x >= 0 && y >= 0 && x < float64(p.opts.Width) && y < float64(p.opts.Height)
}

// dispatchEvents dispatches trusted events at target in order, each a trace span; it
// reports whether the last one was not canceled. Listeners are called from an empty JS
// stack (a microtask checkpoint after each), except in legacy-edge-listeners mode.
func (p *Page) dispatchEvents(target *dom.Node, events ...*dom.Event) (notCanceled bool) {
	dispatch := func() {
		for _, ev := range events {
			start := p.Loop.Now()
			notCanceled = p.docOf(target).DispatchTrusted(target, ev)
			p.Loop.Trace().Add(loop.Span{Kind: loop.KindEventDispatch, Name: ev.Type(), Start: start, End: p.Loop.Now()})
		}
	}
	if p.opts.Mode == loop.ModeLegacyEdgeListeners {
		// Old Edge: no checkpoint between listeners; microtasks run after the whole dispatch.
		p.Loop.RunNested(dispatch)
		return notCanceled
	}
	dispatch()
	return notCanceled
}
