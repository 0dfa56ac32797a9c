package page

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"loopscope/dom"
	"loopscope/loop"
)

// Action is one scripted input: a click at AtMS after the end of page load.
type Action struct {
	AtMS  float64 `json:"at_ms"`
	Click string  `json:"click"` // a selector
	Kind  string  `json:"kind"`  // "real" (default) or "synthetic"
}

// Actions is the actions file: {"duration_ms": 1500, "actions": [...]}.
type Actions struct {
	DurationMS float64  `json:"duration_ms"`
	Actions    []Action `json:"actions"`
}

// ReadActions reads and checks an actions file.
func ReadActions(path string) (Actions, error) {
	var a Actions
	b, err := os.ReadFile(path)
	if err != nil {
		return a, fmt.Errorf("cannot read actions file: %w", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return a, fmt.Errorf("actions file %s: %w", path, err)
	}
	for i, act := range a.Actions {
		if err := act.Check(); err != nil {
			return a, fmt.Errorf("actions file %s: action %d: %w", path, i+1, err)
		}
	}
	return a, nil
}

// ParseClick parses the -click flag's SELECTOR@MS[:synthetic].
func ParseClick(s string) (Action, error) {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 {
		return Action{}, fmt.Errorf("-click %q: want SELECTOR@MS[:synthetic], e.g. .inner@200", s)
	}
	a := Action{Click: s[:at], Kind: "real"}
	msPart := s[at+1:]
	if rest, ok := strings.CutSuffix(msPart, ":synthetic"); ok {
		msPart, a.Kind = rest, "synthetic"
	} else if rest, ok := strings.CutSuffix(msPart, ":real"); ok {
		msPart = rest
	}
	ms, err := strconv.ParseFloat(strings.TrimSuffix(msPart, "ms"), 64)
	if err != nil || ms < 0 {
		return Action{}, fmt.Errorf("-click %q: %q is not a time in ms", s, msPart)
	}
	a.AtMS = ms
	return a, a.Check()
}

// Check validates an action.
func (a Action) Check() error {
	if a.Click == "" {
		return fmt.Errorf("no selector to click")
	}
	if a.Kind != "" && a.Kind != "real" && a.Kind != "synthetic" {
		return fmt.Errorf("kind %q: want real or synthetic", a.Kind)
	}
	if a.AtMS < 0 {
		return fmt.Errorf("at_ms %v is negative", a.AtMS)
	}
	return nil
}

// Schedule arranges an action at its time after the end of page load.
func (p *Page) Schedule(a Action) {
	if !p.loaded {
		p.pending = append(p.pending, a)
		return
	}
	p.schedule(a)
}

func (p *Page) schedule(a Action) {
	p.Loop.At(p.loadEnd+a.AtMS, func() {
		if a.Kind == "synthetic" {
			p.SyntheticClick(a.Click)
			return
		}
		if err := p.RealClickElement(a.Click); err != nil {
			p.Loop.Console().Error(err.Error())
		}
	})
}

// SyntheticClick queues a task that runs element.click() from script, as a page would.
func (p *Page) SyntheticClick(selector string) {
	src := "document.querySelector(" + strconv.Quote(selector) + ").click()"
	p.Loop.QueueTask(loop.SourceDOMManipulation, "script: "+src, func() { p.Loop.RunScript("synthetic click", src) })
}

// RealClickElement clicks at the centre of the element's box, exactly as a mouse click in
// the window: the topmost element there gets the trusted events.
func (p *Page) RealClickElement(selector string) error {
	n, err := p.Doc.QuerySelector(selector)
	if err != nil || n == nil {
		return fmt.Errorf("click %q: no element matches", selector)
	}
	p.ensureLayout()
	box, ok := p.Engine.BoxOf(n.HTML())
	if !ok {
		return fmt.Errorf("click %q: the element has no box (display: none?)", selector)
	}
	p.RealClick(box.X+box.W/2, box.Y+box.H/2)
	return nil
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
	p.PointerDown(x, y)
	p.PointerUp(x, y)
}

// PointerDown queues the press half of a real click (the window calls it on mouse down).
func (p *Page) PointerDown(x, y float64) {
	down, _ := dom.RealClickEvents(x, y)
	p.Loop.QueueTask(loop.SourceUserInteraction, "mousedown", func() { p.dispatchInput(x, y, down) })
}

// PointerUp queues the release half of a real click: pointerup, mouseup, click.
func (p *Page) PointerUp(x, y float64) {
	_, up := dom.RealClickEvents(x, y)
	p.Loop.QueueTask(loop.SourceUserInteraction, "click", func() { p.dispatchInput(x, y, up) })
}

func (p *Page) dispatchInput(x, y float64, events []*dom.Event) {
	p.ensureLayout()
	target := p.Doc.NodeFor(p.Engine.HitTest(x, y))
	if target == nil {
		target = p.Doc.Body()
	}
	dispatch := func() {
		for _, ev := range events {
			start := p.Loop.Now()
			p.Doc.DispatchTrusted(target, ev)
			p.Loop.Trace().Add(loop.Span{Kind: loop.KindEventDispatch, Name: ev.Type(), Start: start, End: p.Loop.Now()})
		}
	}
	if p.opts.Mode == loop.ModeLegacyEdgeListeners {
		// Old Edge: no checkpoint between listeners; microtasks run after the whole dispatch.
		p.Loop.RunNested(dispatch)
		return
	}
	dispatch()
}
