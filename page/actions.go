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
)

// Action is one scripted input at AtMS after the end of page load, exactly one of:
//   - a click on an element (Click; Kind real or synthetic; Button, Count for real ones);
//   - one half of a mouse click at page coordinates (Pointer, XY, Button), as the window's
//     -record writes it;
//   - a mouse move to Move (Steps moves on a straight line from where the pointer is, one a
//     frame, or all at once with Burst);
//   - a wheel tick of Wheel (dx, dy) CSS pixels, at the centre of the element At (the
//     pointer moved there first) or where the pointer is;
//   - a key press (Key, a Playwright key name: "a", "Enter", " ", "Shift+Tab");
//   - a viewport resize to Resize (width, height).
type Action struct {
	AtMS  float64 `json:"at_ms"`
	Click string  `json:"click,omitempty"` // a selector
	Kind  string  `json:"kind,omitempty"`  // "real" (default) or "synthetic"
	// Button is the mouse button of a real click or a pointer half: "left" (the default),
	// "middle" or "right". Count is a real click's click count (2: a double click).
	Button string `json:"button,omitempty"`
	Count  int    `json:"count,omitempty"`
	// Pointer is "press" (pointerdown, mousedown) or "release" (pointerup, mouseup, click)
	// at XY (page coordinates): exactly the task the window queues for the mouse.
	Pointer string      `json:"pointer,omitempty"`
	XY      *[2]float64 `json:"xy,omitempty"`
	Move    *[2]float64 `json:"move,omitempty"`
	Steps   int         `json:"steps,omitempty"`
	Burst   bool        `json:"burst,omitempty"`
	Wheel   *[2]float64 `json:"wheel,omitempty"`
	At      string      `json:"at,omitempty"`
	Key     string      `json:"key,omitempty"`
	Resize  *[2]float64 `json:"resize,omitempty"`
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

// Bounds of the actions' values: they only refuse nonsense (a page is at most a few
// thousand pixels; the hit test takes any value).
const (
	maxCoordinate = 1e6   // a pointer's page coordinates, ±
	maxWheelDelta = 1e6   // a wheel tick's CSS pixels, ±
	maxMoveSteps  = 1000  // moves of one move action
	MaxViewport   = 16384 // a resize's width and height, in CSS pixels
)

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
		x, err := decodeAction(m)
		if err != nil {
			return a, fmt.Errorf("actions file %s: action %d: %w", path, i+1, err)
		}
		a.Actions = append(a.Actions, x)
	}
	return a, nil
}

// decodeAction decodes one action strictly: no unknown key, no null, at_ms and exactly one
// kind of input.
func decodeAction(m json.RawMessage) (Action, error) {
	var act struct {
		AtMS    *float64    `json:"at_ms"`
		Click   *string     `json:"click"`
		Kind    *string     `json:"kind"`
		Button  *string     `json:"button"`
		Count   *int        `json:"count"`
		Pointer *string     `json:"pointer"`
		XY      *[2]float64 `json:"xy"`
		Move    *[2]float64 `json:"move"`
		Steps   *int        `json:"steps"`
		Burst   *bool       `json:"burst"`
		Wheel   *[2]float64 `json:"wheel"`
		At      *string     `json:"at"`
		Key     *string     `json:"key"`
		Resize  *[2]float64 `json:"resize"`
	}
	if err := decodeStrict(m, &act); err != nil {
		return Action{}, err
	}
	kinds := 0
	for _, set := range []bool{act.Click != nil, act.Pointer != nil, act.Move != nil, act.Wheel != nil, act.Key != nil, act.Resize != nil} {
		if set {
			kinds++
		}
	}
	if act.AtMS == nil || kinds != 1 {
		return Action{}, fmt.Errorf("want at_ms and one kind of input: either click or pointer or move or wheel or key or resize")
	}
	x := Action{AtMS: *act.AtMS, XY: act.XY, Move: act.Move, Wheel: act.Wheel, Resize: act.Resize}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	x.Click, x.Kind, x.Button, x.Pointer, x.At = str(act.Click), str(act.Kind), str(act.Button), str(act.Pointer), str(act.At)
	if act.Key != nil {
		if *act.Key == "" {
			return Action{}, fmt.Errorf(`key "": want a key name such as "a", "Enter", " " or "Shift+Tab"`)
		}
		x.Key = *act.Key
	}
	if act.Count != nil {
		if *act.Count < 1 {
			return Action{}, fmt.Errorf("count %d: want 1 or 2", *act.Count)
		}
		x.Count = *act.Count
	}
	if act.Steps != nil {
		if *act.Steps < 1 {
			return Action{}, fmt.Errorf("steps %d: want 1 to %d", *act.Steps, maxMoveSteps)
		}
		x.Steps = *act.Steps
	}
	if act.Burst != nil {
		x.Burst = *act.Burst
	}
	return x, x.Check()
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

// Check validates an action: exactly one kind of input, each of its values in range and
// nothing that belongs to another kind.
func (a Action) Check() error {
	switch {
	case a.Pointer != "":
		if err := a.only("pointer", a.XY != nil, a.Button != ""); err != nil {
			return err
		}
		if _, ok := pointerKind(a.Pointer); !ok {
			return fmt.Errorf("pointer %q: want press or release", a.Pointer)
		}
		if a.XY == nil {
			return fmt.Errorf("pointer %q: want xy [x, y]", a.Pointer)
		}
		if err := checkPoint("pointer xy", *a.XY, maxCoordinate); err != nil {
			return err
		}
	case a.Move != nil:
		if err := a.only("move", a.Steps != 0, a.Burst); err != nil {
			return err
		}
		if err := checkPoint("move", *a.Move, maxCoordinate); err != nil {
			return err
		}
		if a.Steps < 0 || a.Steps > maxMoveSteps {
			return fmt.Errorf("steps %d: want 1 to %d", a.Steps, maxMoveSteps)
		}
	case a.Wheel != nil:
		if err := a.only("wheel", a.At != ""); err != nil {
			return err
		}
		if err := checkPoint("wheel deltas", *a.Wheel, maxWheelDelta); err != nil {
			return err
		}
		if a.At != "" {
			if _, err := cascadia.ParseGroup(a.At); err != nil {
				return fmt.Errorf("wheel at %q is not a valid CSS selector: %v", a.At, err)
			}
		}
	case a.Key != "":
		if err := a.only("key"); err != nil {
			return err
		}
		if _, err := parseKeyPress(a.Key); err != nil {
			return err
		}
	case a.Resize != nil:
		if err := a.only("resize"); err != nil {
			return err
		}
		for _, v := range a.Resize {
			if v != math.Trunc(v) || v < 1 || v > MaxViewport {
				return fmt.Errorf("resize %v: want a width and a height in whole CSS pixels from 1 to %d", *a.Resize, MaxViewport)
			}
		}
	default:
		if err := a.only("click", a.Kind != "", a.Button != "", a.Count != 0); err != nil {
			return err
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
		if a.Kind == "synthetic" && (a.Button != "" || a.Count != 0) {
			return fmt.Errorf("a synthetic click takes no button or count")
		}
		if a.Count < 0 || a.Count > 2 {
			return fmt.Errorf("count %d: want 1 or 2", a.Count)
		}
	}
	if a.Button != "" {
		if _, ok := buttonNumber(a.Button); !ok {
			return fmt.Errorf("button %q: want left, middle or right", a.Button)
		}
	}
	return a.checkTime()
}

// only checks that an action of kind sets no field but those given as set (present).
func (a Action) only(kind string, own ...bool) error {
	n := 0
	for _, set := range own {
		if set {
			n++
		}
	}
	fields := 0
	for _, set := range []bool{a.Click != "", a.Kind != "", a.Button != "", a.Count != 0, a.Pointer != "", a.XY != nil,
		a.Move != nil, a.Steps != 0, a.Burst, a.Wheel != nil, a.At != "", a.Key != "", a.Resize != nil} {
		if set {
			fields++
		}
	}
	if fields != n+1 {
		return fmt.Errorf("%s: a field of another kind of action is set (%s takes %s)", kind, kind, ownFields[kind])
	}
	return nil
}

var ownFields = map[string]string{
	"pointer": "xy and button", "move": "steps and burst", "wheel": "at", "key": "nothing else",
	"resize": "nothing else", "click": "kind, button and count",
}

func checkPoint(what string, v [2]float64, bound float64) error {
	for _, c := range v {
		if math.IsNaN(c) || math.Abs(c) > bound {
			return fmt.Errorf("%s %v: want coordinates within ±%v", what, v, bound)
		}
	}
	return nil
}

func (a Action) checkTime() error {
	if math.IsNaN(a.AtMS) || a.AtMS < 0 || a.AtMS > maxDurationMS {
		return fmt.Errorf("at_ms %v: want 0 to %v", a.AtMS, maxDurationMS)
	}
	return nil
}
