// Spec: CSS Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/css-animations-1/#interface-animationevent)
// and Web Animations Level 1, Editor's Draft 2026-10
// (https://drafts.csswg.org/web-animations-1/#the-animationplaybackevent-interface).

package dom

import (
	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// NewAnimationEvent creates an AnimationEvent (animationstart, animationiteration,
// animationend, animationcancel): it bubbles. CHROME: it is cancelable (the spec: not).
// https://drafts.csswg.org/css-animations-1/#events
func NewAnimationEvent(typ, animationName string, elapsedTime float64, pseudoElement string) *Event {
	e := createEvent(typ, kindAnimationEvent, EventInit{Bubbles: true, Cancelable: true})
	e.animationName, e.elapsedTime, e.pseudoElement = animationName, elapsedTime, pseudoElement
	return e
}

// newAnimationPlaybackEvent creates an AnimationPlaybackEvent (finish, cancel); a time
// that is not resolved is null.
func newAnimationPlaybackEvent(typ string, current float64, hasCurrent bool, timeline float64, hasTimeline bool) *Event {
	e := createEvent(typ, kindAnimationPlaybackEvent, EventInit{})
	e.currentTime, e.hasCurrentTime = current, hasCurrent
	e.timelineTime, e.hasTimelineTime = timeline, hasTimeline
	return e
}

// installAnimationEvents defines AnimationEvent and AnimationPlaybackEvent.
func (r *realm) installAnimationEvents(ev *webidl.Interface) {
	ae := r.idl.DefineInterface("AnimationEvent", ev, 1, r.eventCtor("AnimationEvent", kindAnimationEvent, func(e *Event, dict goja.Value, _ string) {
		e.animationName = dictString(dict, "animationName", "")
		e.elapsedTime = toDouble(dictGet(dict, "elapsedTime"))
		e.pseudoElement = dictString(dict, "pseudoElement", "")
	}))
	m := webidl.On(ae, r.thisEvent)
	m.Getter("animationName", func(e *Event) goja.Value { return r.str(e.animationName) })
	m.Getter("elapsedTime", func(e *Event) goja.Value { return r.rt.ToValue(e.elapsedTime) })
	m.Getter("pseudoElement", func(e *Event) goja.Value { return r.str(e.pseudoElement) })

	pe := r.idl.DefineInterface("AnimationPlaybackEvent", ev, 1, r.eventCtor("AnimationPlaybackEvent", kindAnimationPlaybackEvent, func(e *Event, dict goja.Value, _ string) {
		if v := dictGet(dict, "currentTime"); v != nil && !goja.IsUndefined(v) && !goja.IsNull(v) {
			e.currentTime, e.hasCurrentTime = toDouble(v), true
		}
		if v := dictGet(dict, "timelineTime"); v != nil && !goja.IsUndefined(v) && !goja.IsNull(v) {
			e.timelineTime, e.hasTimelineTime = toDouble(v), true
		}
	}))
	pm := webidl.On(pe, r.thisEvent)
	pm.Getter("currentTime", func(e *Event) goja.Value { return r.nullableTime(e.currentTime, e.hasCurrentTime) })
	pm.Getter("timelineTime", func(e *Event) goja.Value { return r.nullableTime(e.timelineTime, e.hasTimelineTime) })
}

// nullableTime is a CSSNumberish time: a number of ms, or null when unresolved.
func (r *realm) nullableTime(t float64, ok bool) goja.Value {
	if !ok {
		return goja.Null()
	}
	return r.rt.ToValue(t)
}
