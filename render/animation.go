// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#animations):
// §4.4 animations: the current time, playing, pausing, finishing and cancelling an
// animation, the pending play and pause tasks, updating the finished state and the play
// state, the playback rate (setting it, seamlessly updating it, reversing), setting the
// start time. One timeline (the document timeline).
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
	playbackRate              float64 // 1 unless set
	pendingRate               float64 // the pending playback rate, when hasPendingRate
	hasPendingRate            bool
	pendingPlay, pendingPause bool
	previousCurrentTime       float64
	hasPreviousCurrent        bool
	finishNotified            bool // the finish notification steps ran for the current finished state
	finishDue                 bool // a finish notification is queued (a microtask)
	readyDue                  bool // a pending task completed: the ready promise resolves
	listed                    bool // in e.anims
	// prevFromTimeline: in a quiet span (quietSpan) the previous current time is the
	// current time at the last update of animations (settlePreviousCurrentTime).
	prevFromTimeline bool

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

// ErrInvalidState is the error of a procedure that cannot run (finish() of an animation
// that never ends, reverse() of one that cannot rewind).
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
	// "(timeline time - start time) × playback rate" (never -0)
	return (a.timelineTime()-a.startTime)*a.playbackRate + 0, true
}

// PlaybackRate is the animation's playback rate.
func (a *Animation) PlaybackRate() float64 { return a.playbackRate }

// effectivePlaybackRate is the pending playback rate if any, else the playback rate.
// https://drafts.csswg.org/web-animations-1/#effective-playback-rate
func (a *Animation) effectivePlaybackRate() float64 {
	if a.hasPendingRate {
		return a.pendingRate
	}
	return a.playbackRate
}

// applyPendingPlaybackRate: "If animation does not have a pending playback rate, abort
// these steps. Set animation's playback rate to its pending playback rate. Clear
// animation's pending playback rate."
// https://drafts.csswg.org/web-animations-1/#apply-any-pending-playback-rate
func (a *Animation) applyPendingPlaybackRate() {
	if a.hasPendingRate {
		a.playbackRate, a.hasPendingRate = a.pendingRate, false
	}
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
	case ok && (a.effectivePlaybackRate() > 0 && cur >= a.effectEnd() || a.effectivePlaybackRate() < 0 && cur <= 0):
		return "finished"
	}
	return "running"
}

// Play is "play an animation" with auto-rewind; the error is InvalidStateError.
// https://drafts.csswg.org/web-animations-1/#playing-an-animation-section
func (a *Animation) Play() error { return a.play(true) }

// play is "play an animation" with the auto-rewind flag.
func (a *Animation) play(autoRewind bool) error {
	// 1. "Let aborted pause be a boolean flag that is true if animation has a pending pause
	// task, and false otherwise." 2. "Let has pending ready promise be a boolean flag that is
	// initially false." 3. "Let seek time be a time value that is initially unresolved."
	abortedPause := a.pendingPause
	hasPendingReadyPromise := false
	seek, hasSeek := 0.0, false
	// 4. "If the auto-rewind flag is true, perform the steps corresponding to the first
	// matching condition from the following, if any:"
	if autoRewind {
		cur, ok := a.CurrentTime()
		end := a.effectEnd()
		rate := a.effectivePlaybackRate()
		switch {
		case rate >= 0 && (!ok || cur < 0 || cur >= end):
			// "If animation's effective playback rate ≥ 0, and animation's current time is
			// either: unresolved, or less than zero, or greater than or equal to associated
			// effect end, Set seek time to zero."
			seek, hasSeek = 0, true
		case rate < 0 && (!ok || cur <= 0 || cur > end):
			// "If animation's effective playback rate < 0, and animation's current time is
			// either: unresolved, or less than or equal to zero, or greater than associated
			// effect end, If associated effect end is positive infinity, throw an
			// "InvalidStateError" DOMException and abort these steps. Otherwise, Set seek time
			// to animation's associated effect end."
			if math.IsInf(end, 1) {
				return ErrInvalidState
			}
			seek, hasSeek = end, true
		}
	}
	// 5. "If the following three conditions are all satisfied: seek time is unresolved, and
	// animation's start time is unresolved, and animation's current time is unresolved, set
	// seek time to zero."
	if _, ok := a.CurrentTime(); !hasSeek && !a.hasStart && !ok {
		seek, hasSeek = 0, true
	}
	// 6. "Let has finite timeline be true if animation has an associated timeline that is not
	// monotonically increasing." (The document timeline is: false.)
	// 7. "If seek time is resolved," "Otherwise, set animation's hold time to seek time."
	if hasSeek {
		a.holdTime, a.hasHold = seek, true
	}
	// 8. "If animation's hold time is resolved, let its start time be unresolved."
	if a.hasHold {
		a.hasStart = false
	}
	// 9. "If animation has a pending play task or a pending pause task, Cancel that task.
	// Set has pending ready promise to true."
	if a.pendingPlay || a.pendingPause {
		a.pendingPause = false
		hasPendingReadyPromise = true
	}
	// 10. "If the following four conditions are all satisfied: animation's hold time is
	// unresolved, and seek time is unresolved, and aborted pause is false, and animation
	// does not have a pending playback rate, abort this procedure."
	if !a.hasHold && !hasSeek && !abortedPause && !a.hasPendingRate {
		return nil
	}
	// 11-12. A new ready promise unless one is pending (the DOM side). 13. "Schedule a task
	// to run as soon as animation is ready."
	_ = hasPendingReadyPromise
	a.pendingPlay = true
	a.list()
	// 14. "Run the procedure to update an animation's finished state for animation with the
	// did seek flag set to false, and the synchronously notify flag set to false."
	a.updateFinishedState(false, false)
	return nil
}

// Pause is "pause an animation".
// https://drafts.csswg.org/web-animations-1/#pausing-an-animation-section
func (a *Animation) Pause() {
	if a.pendingPause || a.PlayState() == "paused" {
		return
	}
	// 3. "Let seek time be a time value that is initially unresolved." 4. "If the
	// animation's current time is unresolved, perform the steps according to the first
	// matching condition below: If animation's playback rate is ≥ 0, Set seek time to zero.
	// Otherwise, If associated effect end for animation is positive infinity, throw an
	// "InvalidStateError"... Otherwise, Set seek time to animation's associated effect end."
	// 5. "If seek time is resolved, ... set animation's hold time to seek time."
	if _, ok := a.CurrentTime(); !ok {
		if a.playbackRate >= 0 {
			a.holdTime, a.hasHold = 0, true
		} else if end := a.effectEnd(); !math.IsInf(end, 1) {
			a.holdTime, a.hasHold = end, true
		}
	}
	a.pendingPlay = false
	a.pendingPause = true
	a.list()
	a.updateFinishedState(false, false)
}

// silentlySetCurrentTime is "silently set the current time".
// https://drafts.csswg.org/web-animations-1/#silently-set-the-current-time
func (a *Animation) silentlySetCurrentTime(t float64) {
	// "If any of the following conditions are true: animation's hold time is resolved, or
	// animation's start time is unresolved, or animation has no associated timeline or the
	// associated timeline is inactive, or animation's playback rate is 0, Set animation's
	// hold time to seek time. Otherwise, Set animation's start time to the result of
	// evaluating timeline time - (seek time / playback rate)."
	if a.hasHold || !a.hasStart || a.playbackRate == 0 {
		a.holdTime, a.hasHold = t, true
	} else {
		a.startTime = a.timelineTime() - t/a.playbackRate
	}
	// "If animation has no associated timeline ... make animation's start time unresolved."
	// "Make animation's previous current time unresolved."
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
	// 1. "If animation's effective playback rate is zero, or if animation's effective
	// playback rate > 0 and associated effect end is infinity, throw an
	// "InvalidStateError" DOMException and abort these steps."
	end := a.effectEnd()
	rate := a.effectivePlaybackRate()
	if rate == 0 || rate > 0 && math.IsInf(end, 1) {
		return ErrInvalidState
	}
	// 2. "Apply any pending playback rate to animation."
	a.applyPendingPlaybackRate()
	// 3. "Set limit as follows: If playback rate > 0, Let limit be associated effect end.
	// Otherwise, Let limit be zero."
	limit := 0.0
	if a.playbackRate > 0 {
		limit = end
	}
	// 4. "Silently set the current time to limit."
	a.silentlySetCurrentTime(limit)
	// 5. "If animation's start time is unresolved and animation has an associated active
	// timeline, let the start time be the result of evaluating timeline time - (limit /
	// playback rate) where timeline time is the current time value of the associated
	// timeline."
	if !a.hasStart {
		a.startTime, a.hasStart = a.timelineTime()-limit/a.playbackRate, true
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
	a.settlePreviousCurrentTime(a.e.now)
	a.e.animEpoch++
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
	// 1. "Let the unconstrained current time be the result of calculating the current time
	// substituting an unresolved time value for the hold time if did seek is false."
	if !didSeek && a.hasStart {
		cur, ok = (a.timelineTime()-a.startTime)*a.playbackRate, true
	}
	// 2. "If all three of the following conditions are true, the unconstrained current
	// time is resolved, and animation's start time is resolved, and animation does not have
	// a pending play task or a pending pause task, then update animation's hold time based
	// on the first matching condition for animation from below, if any:"
	if ok && a.hasStart && !a.Pending() {
		switch {
		case a.playbackRate > 0 && cur >= end:
			// "If did seek is true, let the hold time be the value of unconstrained current
			// time. If did seek is false, let the hold time be the maximum value of previous
			// current time and associated effect end. If the previous current time is
			// unresolved, let the hold time be associated effect end."
			if didSeek {
				a.holdTime = cur
			} else if a.hasPreviousCurrent {
				a.holdTime = math.Max(a.previousCurrentTime, end)
			} else {
				a.holdTime = end
			}
			a.hasHold = true
		case a.playbackRate < 0 && cur <= 0:
			// "If playback rate < 0 and unconstrained current time is less than or equal to
			// 0, ... the minimum value of previous current time and zero ..."
			if didSeek {
				a.holdTime = cur
			} else if a.hasPreviousCurrent {
				a.holdTime = math.Min(a.previousCurrentTime, 0)
			} else {
				a.holdTime = 0
			}
			a.hasHold = true
		case a.playbackRate != 0:
			// "If playback rate ≠ 0, and animation is associated with an active timeline,
			// Perform the following steps: If did seek is true and the hold time is resolved,
			// let animation's start time be equal to the result of evaluating timeline time -
			// (hold time / playback rate) ... Let the hold time be unresolved."
			if didSeek && a.hasHold {
				a.startTime = a.timelineTime() - a.holdTime/a.playbackRate
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
	// The scheduled event time: when the current time reached the end (or 0 playing
	// backwards).
	limit := a.effectEnd()
	if a.playbackRate < 0 {
		limit = 0
	}
	at := a.startTime + limit/a.playbackRate
	if a.playbackRate == 0 || !a.hasStart {
		at = a.timelineTime()
	}
	e.queueAnimationEvent(AnimationEvent{Type: "finish", Animation: a, Time: at,
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
		// "1. Assert that at least one of animation's start time or hold time is resolved."
		a.pendingPlay = false
		// "2. Let ready time be the time value of the timeline associated with animation at
		// the moment when animation became ready." 3. "Perform the steps corresponding to
		// the first matching condition below, if any:"
		switch {
		case a.hasHold:
			// "If animation's hold time is resolved, Apply any pending playback rate on
			// animation. Let new start time be the result of evaluating ready time - hold time
			// / playback rate for animation. If the playback rate is zero, let new start time
			// be simply ready time. Set the start time of animation to new start time. If
			// animation's playback rate is not 0, make animation's hold time unresolved."
			a.applyPendingPlaybackRate()
			start := now
			if a.playbackRate != 0 {
				start = now - a.holdTime/a.playbackRate
			}
			a.startTime, a.hasStart = start, true
			if a.playbackRate != 0 {
				a.hasHold = false
			}
		case a.hasStart && a.hasPendingRate:
			// "If animation's start time is resolved and animation has a pending playback
			// rate, Let current time to match be the result of evaluating (ready time - start
			// time) × playback rate for animation. Apply any pending playback rate on
			// animation. If animation's playback rate is zero, let animation's hold time be
			// current time to match. Let new start time be the result of evaluating ready
			// time - current time to match / playback rate for animation. If the playback rate
			// is zero, let new start time be simply ready time. Set the start time of
			// animation to new start time."
			match := (now - a.startTime) * a.playbackRate
			a.applyPendingPlaybackRate()
			if a.playbackRate == 0 {
				a.holdTime, a.hasHold = match, true
				a.startTime = now
			} else {
				a.startTime = now - match/a.playbackRate
			}
		case !a.hasStart:
			a.startTime, a.hasStart = now, true
		}
		// 4. "Resolve animation's current ready promise with animation." 5. "Run the
		// procedure to update an animation's finished state ..."
		a.readyDue = true
		a.updateFinishedState(false, false)
	case a.pendingPause:
		// "1. Let ready time be the time value of the timeline associated with animation at
		// the moment when the user agent completed processing necessary to suspend playback
		// of animation's associated effect." 2. "If animation's start time is resolved and
		// its hold time is not resolved, let animation's hold time be the result of
		// evaluating (ready time - start time) × playback rate."
		a.pendingPause = false
		if a.hasStart && !a.hasHold {
			a.holdTime, a.hasHold = (now-a.startTime)*a.playbackRate, true
		}
		// 3. "Apply any pending playback rate on animation." 4. "Make animation's start time
		// unresolved."
		a.applyPendingPlaybackRate()
		a.hasStart = false
		a.readyDue = true
		a.updateFinishedState(false, false)
	}
}

// animTimes are what an animation's current time is computed from.
type animTimes struct {
	startTime, holdTime, playbackRate float64
	hasStart, hasHold                 bool
}

// times returns the animation's animTimes.
func (a *Animation) times() animTimes {
	return animTimes{a.startTime, a.holdTime, a.playbackRate, a.hasStart, a.hasHold}
}

// currentTime is CurrentTime for an animation with these times, at timeline time now.
func (t *animTimes) currentTime(now float64) (float64, bool) {
	if t.hasHold {
		return t.holdTime, true
	}
	if !t.hasStart {
		return 0, false
	}
	return (now-t.startTime)*t.playbackRate + 0, true
}

// localTime is the effect's local time: the animation's current time.
func (a *Animation) localTime() (float64, bool) { return a.CurrentTime() }

// list keeps the animation among those the engine updates.
func (a *Animation) list() {
	a.settlePreviousCurrentTime(a.e.now)
	a.e.animVersion++
	a.e.animEpoch++
	a.e.needFramesKnown = false
	if !a.listed {
		a.listed = true
		a.e.anims = append(a.e.anims, a)
		a.e.quietUntil = append(a.e.quietUntil, math.Inf(-1))
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

// SetPlaybackRate is "set the playback rate": the current time is kept.
// https://drafts.csswg.org/web-animations-1/#setting-the-playback-rate-of-an-animation
func (a *Animation) SetPlaybackRate(rate float64) {
	// 1. "Clear any pending playback rate on animation." 2. "Let previous time be the value
	// of the current time of animation before changing the playback rate." 3. "Let previous
	// play state be animation's play state." 4. "Set the playback rate to new playback rate."
	a.hasPendingRate = false
	prev, ok := a.CurrentTime()
	prevState := a.PlayState()
	a.playbackRate = rate
	a.list()
	// 5. "Perform the steps corresponding to the first matching condition below: If
	// animation is associated with a monotonically increasing timeline and the previous
	// time is resolved, set the current time of animation to previous time. ..."
	if ok {
		a.SetCurrentTime(prev)
	}
	_ = prevState
}

// UpdatePlaybackRate is "seamlessly update the playback rate".
// https://drafts.csswg.org/web-animations-1/#seamlessly-updating-the-playback-rate-of-an-animation
func (a *Animation) UpdatePlaybackRate(rate float64) {
	// 1. "Let previous play state be animation's play state." 2. "Let animation's pending
	// playback rate be new playback rate."
	prev := a.PlayState()
	a.pendingRate, a.hasPendingRate = rate, true
	a.list()
	// 3. "Perform the steps corresponding to the first matching condition below:"
	switch {
	case a.Pending():
		// "If animation has a pending play task or a pending pause task, Abort these steps."
		return
	case prev == "idle" || prev == "paused":
		// "If previous play state is idle or paused, or animation's current time is
		// unresolved, Apply any pending playback rate on animation."
		a.applyPendingPlaybackRate()
	case prev == "finished":
		// "If previous play state is finished, Let the unconstrained current time be the
		// result of calculating the current time of animation substituting an unresolved
		// time value for the hold time. Let animation's start time be the result of
		// evaluating the following expression: timeline time - (unconstrained current time /
		// pending playback rate) ... If pending playback rate is zero, let animation's start
		// time be timeline time. Apply any pending playback rate on animation. Run the
		// procedure to update an animation's finished state for animation with the did seek
		// flag set to false, and the synchronously notify flag set to false."
		unconstrained := (a.timelineTime() - a.startTime) * a.playbackRate
		if rate == 0 {
			a.startTime = a.timelineTime()
		} else {
			a.startTime = a.timelineTime() - unconstrained/rate
		}
		a.applyPendingPlaybackRate()
		a.updateFinishedState(false, false)
	default:
		// "Otherwise, Run the procedure to play an animation for animation with the
		// auto-rewind flag set to false."
		_ = a.play(false)
	}
}

// Reverse is "reverse an animation"; the error is InvalidStateError.
// https://drafts.csswg.org/web-animations-1/#reversing-an-animation-section
func (a *Animation) Reverse() error {
	// 1. (A timeline: the document's.) 2. "Let original pending playback rate be
	// animation's pending playback rate." 3. "Let animation's pending playback rate be the
	// additive inverse of its effective playback rate."
	origRate, hadRate := a.pendingRate, a.hasPendingRate
	a.pendingRate, a.hasPendingRate = -a.effectivePlaybackRate(), true
	// 4. "Run the steps to play an animation for animation with the auto-rewind flag set to
	// true. If the steps to play an animation throw an exception, set animation's pending
	// playback rate to original pending playback rate and propagate the exception."
	if err := a.play(true); err != nil {
		a.pendingRate, a.hasPendingRate = origRate, hadRate
		return err
	}
	return nil
}

// SetStartTime is "set the start time" (ok false: unresolved).
// https://drafts.csswg.org/web-animations-1/#setting-the-start-time-of-an-animation
func (a *Animation) SetStartTime(t float64, ok bool) {
	// 1-2. (The document timeline is active.) 3. "Let previous current time be animation's
	// current time." 4. "Apply any pending playback rate on animation." 5. "Set animation's
	// start time to new start time."
	prev, prevOK := a.CurrentTime()
	a.applyPendingPlaybackRate()
	a.startTime, a.hasStart = t, ok
	// 6. "Update animation's hold time based on the first matching condition from the
	// following: If new start time is resolved, If animation's playback rate is not zero,
	// make animation's hold time unresolved. Otherwise (new start time is unresolved), Set
	// animation's hold time to previous current time even if previous current time is
	// unresolved."
	if ok {
		if a.playbackRate != 0 {
			a.hasHold = false
		}
	} else {
		a.holdTime, a.hasHold = prev, prevOK
	}
	// 7. "If animation has a pending play task or a pending pause task, cancel that task and
	// resolve animation's current ready promise with animation."
	if a.Pending() {
		a.pendingPlay, a.pendingPause = false, false
		a.readyDue = true
	}
	a.list()
	// 8. "Run the procedure to update an animation's finished state for animation with the
	// did seek flag set to true, and the synchronously notify flag set to false."
	a.updateFinishedState(true, false)
}

// CommittedStyles is commitStyles()'s effect value of each property the animation's effect
// targets, as computed values to write into the target's inline style (names dashed, in
// property order). rendered is false when the target is not being rendered (the caller
// throws InvalidStateError).
// FIXME(spec): step 2.5's effect stack holds only this animation's effect over the target's
// computed style (the animations below it in composite order are left out).
// https://drafts.csswg.org/web-animations-1/#dom-animation-commitstyles
func (a *Animation) CommittedStyles() (props [][2]string, rendered bool) {
	e := a.e
	// 2.2 "If, after applying any pending style changes, target is not being rendered,
	// throw an "InvalidStateError" DOMException."
	e.Style()
	e.flushPlan()
	st := e.states[a.node]
	if st == nil || st.gen != e.gen || st.baseStyle().display == css.DisplayNone || !connectedTo(a.node, e.src.Root()) {
		return nil, false
	}
	e.resolve(&a.effect, st)
	// 2.5.4 "Let effect value be the result of calculating the result of
	// partialEffectStack for property using target's computed style."
	s := *st.baseStyle()
	if local, ok := a.localTime(); ok {
		if smp := a.effect.timing.sampleAt(local, ok); smp.hasActive {
			x := a.effect.timing.easing.Apply(smp.progress)
			for p := animProp(0); p < numAnimProps; p++ {
				if a.effect.props.has(p) {
					setAnim(&s, p, a.effect.propertyValue(p, &s, x))
				}
			}
		}
	}
	// CHROME: in property-name order.
	for _, p := range animPropsByName {
		if !a.effect.props.has(p) {
			continue
		}
		v, ok := e.usedGeometry(&s, nil, p.String())
		if !ok {
			v, ok = computedValue(&s, nil, p.String())
		}
		if ok {
			props = append(props, [2]string{p.String(), v})
		}
	}
	return props, true
}
