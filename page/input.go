package page

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/andybalholm/cascadia"

	"loopscope/dom"
	"loopscope/loop"
)

// Action is one scripted input at AtMS after the end of page load: a click on an element
// (Click, Kind), or one half of a recorded mouse click at page coordinates (Pointer, XY), as
// the window's -record writes it.
type Action struct {
	AtMS  float64 `json:"at_ms"`
	Click string  `json:"click,omitempty"` // a selector
	Kind  string  `json:"kind,omitempty"`  // "real" (default) or "synthetic"
	// Pointer is "press" (pointerdown, mousedown) or "release" (pointerup, mouseup, click)
	// at XY (page coordinates): exactly the task the window queues for the mouse.
	Pointer string      `json:"pointer,omitempty"`
	XY      *[2]float64 `json:"xy,omitempty"`
}

// Actions is the actions file: {"duration_ms": 1500, "actions": [...]}. A recorded session
// also says what it ran: the page (a demo name or a path) and the mode.
type Actions struct {
	DurationMS float64  `json:"duration_ms,omitempty"`
	Page       string   `json:"page,omitempty"`
	Mode       Mode     `json:"mode,omitempty"`
	Actions    []Action `json:"actions"`
}

// MaxDuration is the longest run a duration (-duration, duration_ms) or an action's time
// may ask for: beyond it virtual time's steps are lost to float precision.
const MaxDuration = 7 * 24 * time.Hour

var maxDurationMS = float64(MaxDuration / time.Millisecond)

// ReadActions reads and checks an actions file: a regular file of at most MaxActionsBytes
// holding one JSON object, each value in range.
func ReadActions(path string) (Actions, error) {
	var a Actions
	b, err := readRegularFile(path, MaxActionsBytes, "the actions file")
	if err != nil {
		return a, fmt.Errorf("cannot read actions file: %w", err)
	}
	var raw struct {
		DurationMS json.RawMessage   `json:"duration_ms"`
		Page       *string           `json:"page"`
		Mode       *string           `json:"mode"`
		Actions    []json.RawMessage `json:"actions"`
	}
	if err := decodeStrict(b, &raw); err != nil {
		return a, fmt.Errorf("actions file %s: %w", path, err)
	}
	if raw.DurationMS != nil {
		var d float64
		if err := decodeStrict(raw.DurationMS, &d); err != nil {
			return a, fmt.Errorf("actions file %s: duration_ms %s: want a number of ms", path, raw.DurationMS)
		}
		if d <= 0 || d > maxDurationMS {
			return a, fmt.Errorf("actions file %s: duration_ms %v: want more than 0 and at most %v (%s)", path, d, maxDurationMS, MaxDuration)
		}
		a.DurationMS = d
	}
	if raw.Page != nil {
		a.Page = *raw.Page
	}
	if raw.Mode != nil {
		m, err := ParseMode(*raw.Mode)
		if err != nil {
			return a, fmt.Errorf("actions file %s: %w", path, err)
		}
		a.Mode = m
	}
	for i, m := range raw.Actions {
		var act struct {
			AtMS    *float64    `json:"at_ms"`
			Click   *string     `json:"click"`
			Kind    *string     `json:"kind"`
			Pointer *string     `json:"pointer"`
			XY      *[2]float64 `json:"xy"`
		}
		if err := decodeStrict(m, &act); err != nil {
			return a, fmt.Errorf("actions file %s: action %d: %w", path, i+1, err)
		}
		if act.AtMS == nil || (act.Click == nil) == (act.Pointer == nil) {
			return a, fmt.Errorf("actions file %s: action %d: want at_ms and either click or pointer", path, i+1)
		}
		x := Action{AtMS: *act.AtMS, XY: act.XY}
		if act.Click != nil {
			x.Click = *act.Click
		}
		if act.Pointer != nil {
			x.Pointer = *act.Pointer
		}
		if act.Kind != nil {
			x.Kind = *act.Kind
		}
		if err := x.Check(); err != nil {
			return a, fmt.Errorf("actions file %s: action %d: %w", path, i+1, err)
		}
		a.Actions = append(a.Actions, x)
	}
	return a, nil
}

// decodeStrict decodes exactly one JSON value: no unknown field, no null where a value is
// wanted (null decodes to nothing), nothing after it.
func decodeStrict(b []byte, v any) error {
	if t := strings.TrimSpace(string(b)); t == "null" {
		return fmt.Errorf("null: want a value")
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("unexpected text after the JSON object")
	}
	return nil
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
	if err != nil || math.IsNaN(ms) || math.IsInf(ms, 0) || ms < 0 {
		return Action{}, fmt.Errorf("-click %q: %q is not a time in ms", s, msPart)
	}
	a.AtMS = ms
	if err := a.Check(); err != nil {
		return Action{}, fmt.Errorf("-click %q: %w", s, err)
	}
	return a, nil
}

// Check validates an action: a selector that parses (or a pointer half with its
// coordinates), a known kind, a time in range.
func (a Action) Check() error {
	if a.Pointer != "" {
		if _, ok := pointerKind(a.Pointer); !ok {
			return fmt.Errorf("pointer %q: want press or release", a.Pointer)
		}
		if a.XY == nil || a.Click != "" || a.Kind != "" {
			return fmt.Errorf("pointer %q: want xy [x, y] and no click or kind", a.Pointer)
		}
		for _, v := range a.XY {
			if math.IsNaN(v) || math.Abs(v) > maxCoordinate {
				return fmt.Errorf("pointer xy %v: want coordinates within ±%v", *a.XY, maxCoordinate)
			}
		}
		return a.checkTime()
	}
	if a.XY != nil {
		return fmt.Errorf("xy goes with pointer")
	}
	if a.Click == "" {
		return fmt.Errorf("no selector to click")
	}
	if _, err := cascadia.ParseGroup(a.Click); err != nil {
		return fmt.Errorf("%q is not a valid CSS selector: %v", a.Click, err)
	}
	if a.Kind != "" && a.Kind != "real" && a.Kind != "synthetic" {
		return fmt.Errorf("kind %q: want real or synthetic", a.Kind)
	}
	return a.checkTime()
}

func (a Action) checkTime() error {
	if math.IsNaN(a.AtMS) || a.AtMS < 0 || a.AtMS > maxDurationMS {
		return fmt.Errorf("at_ms %v: want 0 to %v", a.AtMS, maxDurationMS)
	}
	return nil
}

// maxCoordinate bounds a recorded pointer's page coordinates (a page is at most a few
// thousand pixels; the hit test takes any value, this only refuses nonsense).
const maxCoordinate = 1e6

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
		if k, ok := pointerKind(a.Pointer); ok {
			p.Loop.QueueTask(loop.SourceUserInteraction, k.taskName(), p.pointerTask(k, a.XY[0], a.XY[1]))
			return
		}
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
	name, run := p.syntheticClickTask(selector)
	p.Loop.QueueTask(loop.SourceDOMManipulation, name, run)
}

// syntheticClickTask is the task of a synthetic click: its name and its steps.
func (p *Page) syntheticClickTask(selector string) (string, func()) {
	src := "document.querySelector(" + strconv.Quote(selector) + ").click()"
	return "script: " + src, func() { p.Loop.RunScript("synthetic click", src) }
}

// RealClickElement clicks at the centre of the element's box, exactly as a mouse click in
// the window: the topmost element there gets the trusted events.
func (p *Page) RealClickElement(selector string) error {
	n, err := p.Doc.QuerySelector(selector)
	if err != nil {
		return fmt.Errorf("click %q: not a valid CSS selector: %v", selector, err)
	}
	if n == nil {
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
	p.Loop.QueueTask(loop.SourceUserInteraction, PointerPress.taskName(), p.pointerTask(PointerPress, x, y))
	p.Loop.QueueTask(loop.SourceUserInteraction, PointerRelease.taskName(), p.pointerTask(PointerRelease, x, y))
}

// pointerTask is the steps of an input task: dispatch the trusted events of a press or a
// release at (x, y) to the element there (PostPointer queues it from the window).
func (p *Page) pointerTask(k PointerKind, x, y float64) func() {
	return func() {
		down, up := dom.RealClickEvents(x, y)
		if k == PointerPress {
			p.dispatchInput(x, y, down)
		} else {
			p.dispatchInput(x, y, up)
		}
	}
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
