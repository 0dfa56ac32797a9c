// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#animations):
// §4.4 animations: the current time, playing, pausing, finishing and cancelling an
// animation, the pending play and pause tasks, updating the finished state and the play
// state. One timeline (the document timeline), playback rate 1.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"errors"
	"math"

	"golang.org/x/net/html"

	"loopscope/css"
)

// animKind is the class of an animation in the composite order.
// https://drafts.csswg.org/web-animations-1/#animation-composite-order
type animKind uint8

const (
	kindCSSTransition animKind = iota
	kindCSSAnimation
	kindScriptAnimation
)

// Animation is an animation on the document timeline: a CSS animation or one made by
// element.animate(). Its methods are the Web Animations API's, called from the engine's
// goroutine. https://drafts.csswg.org/web-animations-1/#the-animation-interface
type Animation struct {
	e      *Engine
	kind   animKind
	seq    uint64 // creation order (the composite order within a class)
	st     *elementState
	node   *html.Node
	effect keyframeEffect

	startTime, holdTime       float64
	hasStart, hasHold         bool
	pendingPlay, pendingPause bool
	previousCurrentTime       float64
	hasPreviousCurrent        bool
	finishNotified            bool // the finish notification steps ran for the current finished state
	finishDue                 bool // a finish notification is queued (a microtask)
	readyDue                  bool // a pending task completed: the ready promise resolves
	listed                    bool // in e.anims

	// CSS animations: the name and the state of the last event check.
	name          string
	nameIndex     int
	prevPhase     animPhase
	prevIteration float64
	cssPaused     bool // animation-play-state: paused was applied
	rule          *css.KeyframesRule
	ruleEasing    css.Easing
	fillAuto      bool // a script animation's fill was "auto"

	// Owner is the script object of the animation (set by the DOM side).
	Owner any
}

// ErrInvalidState is finish()'s error for an animation that cannot finish.
var ErrInvalidState = errors.New("InvalidStateError")

// timelineTime is the document timeline's current time: the time of the last update
// of animations (ms since the time origin).
func (a *Animation) timelineTime() float64 { return a.e.now }

// Target returns the element the animation's effect targets.
func (a *Animation) Target() *html.Node { return a.node }

// Name is a CSS animation's animation-name ("" for a script animation).
func (a *Animation) Name() string { return a.name }

// IsCSSAnimation reports whether the animation comes from animation-name.
func (a *Animation) IsCSSAnimation() bool { return a.kind == kindCSSAnimation }

// CurrentTime is the animation's current time; ok is false when it is unresolved.
// https://drafts.csswg.org/web-animations-1/#the-current-time-of-an-animation
func (a *Animation) CurrentTime() (float64, bool) {
	if a.hasHold {
		return a.holdTime, true
	}
	if !a.hasStart {
		return 0, false
	}
	return a.timelineTime() - a.startTime, true
}

// StartTime is the animation's start time; ok is false when it is unresolved.
func (a *Animation) StartTime() (float64, bool) { return a.startTime, a.hasStart }

// Pending reports a pending play or pause task.
func (a *Animation) Pending() bool { return a.pendingPlay || a.pendingPause }

// effectEnd is the associated effect end.
func (a *Animation) effectEnd() float64 { return a.effect.timing.endTime() }

// PlayState is "idle", "running", "paused" or "finished".
// https://drafts.csswg.org/web-animations-1/#play-states
func (a *Animation) PlayState() string {
	cur, ok := a.CurrentTime()
	switch {
	case !ok && !a.hasStart && !a.Pending():
		return "idle"
	case a.pendingPause || !a.hasStart && !a.pendingPlay:
		return "paused"
	case ok && cur >= a.effectEnd():
		return "finished"
	}
	return "running"
}

// Play is "play an animation" with auto-rewind.
// https://drafts.csswg.org/web-animations-1/#playing-an-animation-section
func (a *Animation) Play() {
	abortedPause := a.pendingPause
	hasPendingReadyPromise := false
	cur, ok := a.CurrentTime()
	end := a.effectEnd()
	if !ok || cur < 0 || cur >= end {
		a.holdTime, a.hasHold = 0, true
	}
	if a.hasHold {
		a.hasStart = false
	}
	if a.pendingPlay || a.pendingPause {
		a.pendingPause = false
		hasPendingReadyPromise = true
	}
	if !a.hasHold && !abortedPause && !hasPendingReadyPromise {
		return
	}
	a.pendingPlay = true
	a.list()
	a.updateFinishedState(false, false)
}

// Pause is "pause an animation".
// https://drafts.csswg.org/web-animations-1/#pausing-an-animation-section
func (a *Animation) Pause() {
	if a.pendingPause || a.PlayState() == "paused" {
		return
	}
	if _, ok := a.CurrentTime(); !ok {
		a.holdTime, a.hasHold = 0, true
	}
	a.pendingPlay = false
	a.pendingPause = true
	a.list()
	a.updateFinishedState(false, false)
}

// silentlySetCurrentTime is "silently set the current time".
// https://drafts.csswg.org/web-animations-1/#silently-set-the-current-time
func (a *Animation) silentlySetCurrentTime(t float64) {
	if a.hasHold || !a.hasStart {
		a.holdTime, a.hasHold = t, true
	} else {
		a.startTime = a.timelineTime() - t
	}
	a.hasPreviousCurrent = false
}

// SetCurrentTime is "set the current time": silently, then a pending pause completes at
// once and the finished state is updated with did seek.
// https://drafts.csswg.org/web-animations-1/#setting-the-current-time-of-an-animation
func (a *Animation) SetCurrentTime(t float64) {
	if math.IsNaN(t) || math.IsInf(t, 0) {
		return
	}
	a.silentlySetCurrentTime(t)
	if a.pendingPause {
		a.holdTime, a.hasHold = t, true
		a.hasStart = false
		a.pendingPause = false
		a.readyDue = true
	}
	a.list()
	a.updateFinishedState(true, false)
}

// Finish is "finish an animation": it returns ErrInvalidState for an animation that
// never ends. The finish notification steps run at once (synchronously notify).
// https://drafts.csswg.org/web-animations-1/#finishing-an-animation-section
func (a *Animation) Finish() error {
	// 1. "If ... playback rate > 0 and associated effect end is infinity, throw an
	// InvalidStateError."
	end := a.effectEnd()
	if math.IsInf(end, 1) {
		return ErrInvalidState
	}
	// 4. "Silently set the current time to limit."
	a.silentlySetCurrentTime(end)
	// 5. "If animation's start time is unresolved and animation has an associated active
	// timeline, let the start time be ... timeline time - (limit / playback rate)."
	if !a.hasStart {
		a.startTime, a.hasStart = a.timelineTime()-end, true
	}
	// 6. A pending pause is cancelled (the ready promise resolves).
	if a.pendingPause {
		a.hasHold = false
		a.pendingPause = false
		a.readyDue = true
	}
	// 7. So is a pending play.
	if a.pendingPlay {
		a.pendingPlay = false
		a.readyDue = true
	}
	a.list()
	// 8. "Run the procedure to update an animation's finished state ... with the did seek
	// flag set to true, and the synchronously notify flag set to true."
	a.updateFinishedState(true, true)
	return nil
}

// Cancel is "cancel an animation": it queues a cancel event for a script animation and
// makes the animation idle; it reports whether the animation was not idle (the finished
// promise is then rejected by the caller).
// https://drafts.csswg.org/web-animations-1/#cancel-an-animation
func (a *Animation) Cancel() bool {
	if a.PlayState() == "idle" {
		return false
	}
	a.pendingPlay, a.pendingPause = false, false
	a.finishNotified, a.finishDue = false, false
	if a.Owner != nil { // a script animation, or a CSS animation a script has seen
		a.e.queueAnimationEvent(AnimationEvent{Type: "cancel", Animation: a, Time: math.Inf(-1),
			TimelineTime: a.timelineTime(), kind: a.kind, seq: a.seq})
	}
	if a.kind == kindCSSAnimation && a.prevPhase != phaseIdle {
		a.queueCSSAnimationCancel()
	}
	a.hasStart, a.hasHold = false, false
	a.hasPreviousCurrent = false
	return true
}

// updateFinishedState is "update an animation's finished state".
// https://drafts.csswg.org/web-animations-1/#updating-the-finished-state
func (a *Animation) updateFinishedState(didSeek, sync bool) {
	cur, ok := a.CurrentTime()
	end := a.effectEnd()
	if ok && a.hasStart && !a.Pending() {
		if cur >= end {
			if didSeek {
				a.holdTime = cur
			} else if a.hasPreviousCurrent {
				a.holdTime = math.Max(a.previousCurrentTime, end)
			} else {
				a.holdTime = end
			}
			a.hasHold = true
		} else {
			if didSeek && a.hasHold {
				a.startTime = a.timelineTime() - a.holdTime
			}
			a.hasHold = false
		}
	}
	a.previousCurrentTime, a.hasPreviousCurrent = a.CurrentTime()
	finished := a.PlayState() == "finished"
	if finished && !a.finishNotified {
		a.finishDue = true
		if sync {
			a.e.finishNotificationSteps(a)
		}
	}
	if !finished {
		a.finishNotified, a.finishDue = false, false
	}
}

// TakeFinished reports whether the animation's finish notification steps ran since the
// last call (the finished promise resolves), and TakeReady whether a pending task
// completed (the ready promise resolves).
// A finish notification queued as a microtask runs here.
func (a *Animation) TakeFinished() bool {
	if !a.finishDue {
		return false
	}
	a.finishDue = false
	if !a.finishNotified {
		a.e.finishNotificationSteps(a)
	}
	return a.finishNotified
}

// TakeReady: see TakeFinished.
func (a *Animation) TakeReady() bool {
	r := a.readyDue
	a.readyDue = false
	return r
}

// finishNotificationSteps: the animation is finished; the finish event is queued with
// the effect end as its scheduled time (the caller resolves the finished promise).
// https://drafts.csswg.org/web-animations-1/#finish-notification-steps
func (e *Engine) finishNotificationSteps(a *Animation) {
	if a.PlayState() != "finished" {
		return
	}
	a.finishNotified = true
	if a.Owner == nil {
		return // a CSS animation no script has seen: nobody can listen
	}
	cur, _ := a.CurrentTime()
	e.queueAnimationEvent(AnimationEvent{Type: "finish", Animation: a, Time: a.startTime + a.effectEnd(),
		CurrentTime: cur, TimelineTime: a.timelineTime(), kind: a.kind, seq: a.seq})
}

// runPendingTasks completes the pending play or pause task when the animation is
// ready: at the frame after it was requested.
// CHROME: the start time is the timeline time of that frame (Chrome's is the time the
// compositor commits it, a little later).
// https://drafts.csswg.org/web-animations-1/#playing-an-animation-section (pending play task)
func (a *Animation) runPendingTasks() {
	now := a.timelineTime()
	switch {
	case a.pendingPlay:
		a.pendingPlay = false
		if a.hasHold {
			a.startTime, a.hasStart = now-a.holdTime, true
			a.hasHold = false
		} else if !a.hasStart {
			a.startTime, a.hasStart = now, true
		}
		a.readyDue = true
		a.updateFinishedState(false, false)
	case a.pendingPause:
		a.pendingPause = false
		if a.hasStart && !a.hasHold {
			a.holdTime, a.hasHold = now-a.startTime, true
		}
		a.hasStart = false
		a.readyDue = true
		a.updateFinishedState(false, false)
	}
}

// localTime is the effect's local time: the animation's current time.
func (a *Animation) localTime() (float64, bool) { return a.CurrentTime() }

// list keeps the animation among those the engine updates.
func (a *Animation) list() {
	a.e.animVersion++
	a.e.needFramesKnown = false
	if !a.listed {
		a.listed = true
		a.e.anims = append(a.e.anims, a)
	}
}

// animationsNeedFrames reports whether an animation will change or send an event at a
// coming frame (a paused or filling one only applies its value: no frame is needed).
// The answer is kept from the last update of animations until an animation changes
// (NeedsUpdate asks it many times between frames; a page may hold 10,000 paused ones).
func (e *Engine) animationsNeedFrames() bool {
	if len(e.pendingEvents) > 0 {
		return true
	}
	if !e.needFramesKnown {
		e.needFrames, e.needFramesKnown = false, true
		for _, a := range e.anims {
			if a.needsFrames() {
				e.needFrames = true
				break
			}
		}
	}
	return e.needFrames
}

// needsFrames: the animation will change, or has an event or a promise to settle, at a
// coming frame.
func (a *Animation) needsFrames() bool {
	return a.Pending() || a.readyDue || a.finishDue || a.PlayState() == "running" ||
		a.kind == kindCSSAnimation && a.PlayState() == "finished" && a.prevPhase != phaseAfter
}

// SetOwner records the animation's script object; OwnerOf returns it.
func (a *Animation) SetOwner(owner any) { a.Owner = owner }

// OwnerOf returns what SetOwner recorded.
func (a *Animation) OwnerOf() any { return a.Owner }

// CSSAnimationName is a CSS animation's animation-name; ok is false for a script
// animation.
func (a *Animation) CSSAnimationName() (string, bool) { return a.name, a.kind == kindCSSAnimation }
