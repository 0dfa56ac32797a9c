// Spec: CSS Transitions Level 2, Editor's Draft 2026-10 (https://drafts.csswg.org/css-transitions-2/#the-CSSTransition-interface):
// a running CSS transition as the CSSTransition object of getAnimations() sees it, over the
// engine's transitions (which are not Animations here). Tags: FIXME(spec), DEPARTURE, CHROME.

package render

import (
	"math"

	"golang.org/x/net/html"
)

// CSSTransition is a CSS transition as an Animation object drives it: the Web Animations
// procedures over the transition's own clock (its start, a hold while paused).
// DEPARTURE: transitions are not Animations in the engine; a CSSTransition's procedures are
// these approximations: play() resumes a paused one (an idle or finished one is not
// replayed), the playback rate stays 1 (playbackRate, updatePlaybackRate() and reverse()
// do nothing), startTime is the style change's time and never pending, cancel() fires
// transitioncancel and no cancel event, commitStyles() is refused as for an unrendered
// target.
type CSSTransition struct {
	e *Engine
	t *transition
}

// Transitions lists the CSS transitions of element n (with subtree, of its descendants;
// nil n: the whole document) that are running or waiting for their delay, in their
// composite order (creation). FIXME(spec): by generation, not first by tree order.
// https://drafts.csswg.org/web-animations-1/#dom-animatable-getanimations
func (e *Engine) Transitions(n *html.Node, subtree bool) []CSSTransition {
	e.flushPlan()
	var out []CSSTransition
	for _, t := range e.running {
		if !t.canceled && within(t.st.node, n, subtree) && e.now-t.start < t.delay+t.duration {
			out = append(out, CSSTransition{e, t})
		}
	}
	return out
}

// TakeSettledTransitions lists the CSSTransitions that finished at the last
// UpdateAnimations (their finished promises resolve).
func (e *Engine) TakeSettledTransitions() []CSSTransition {
	out := make([]CSSTransition, len(e.settledTransitions))
	for i, t := range e.settledTransitions {
		out[i] = CSSTransition{e, t}
	}
	return out
}

func (c CSSTransition) elapsed() float64 {
	if c.t.paused {
		return c.t.hold
	}
	return c.e.now - c.t.start
}

func (c CSSTransition) running() bool {
	for _, t := range c.e.running {
		if t == c.t {
			return true
		}
	}
	return false
}

// TransitionProperty is the transition's property (CSSTransition.transitionProperty).
func (c CSSTransition) TransitionProperty() string { return c.t.prop.String() }

// Play resumes a paused transition.
func (c CSSTransition) Play() error {
	if c.t.paused {
		c.t.start, c.t.paused = c.e.now-c.t.hold, false
		c.e.animVersion++
	}
	return nil
}

// Pause holds the transition's elapsed time.
func (c CSSTransition) Pause() {
	if !c.t.paused && c.running() {
		c.t.hold, c.t.paused = c.e.now-c.t.start, true
	}
}

// Finish moves the transition to its end (its transitionend comes at the next update).
func (c CSSTransition) Finish() error {
	end := c.t.delay + c.t.duration
	if c.t.paused {
		c.t.hold = end
	}
	c.t.start = c.e.now - end
	c.e.animVersion++
	return nil
}

// Cancel cancels the transition (transitioncancel when it had started running).
func (c CSSTransition) Cancel() bool {
	if c.t.canceled || !c.running() {
		return false
	}
	c.t.canceled = true
	// CHROME: a transition canceled before its first update still fires transitioncancel
	// (removeTransition fires it only for one the update saw before or active).
	if c.t.prevPhase == phaseIdle {
		c.t.prevPhase = phaseBefore
	}
	c.e.removeTransition(c.t)
	c.e.animVersion++
	return true
}

// CurrentTime is the time since the style change that started it (unresolved once
// canceled).
func (c CSSTransition) CurrentTime() (float64, bool) {
	if c.t.canceled {
		return 0, false
	}
	return math.Min(c.elapsed(), c.t.delay+c.t.duration), true
}

// SetCurrentTime seeks the transition.
func (c CSSTransition) SetCurrentTime(ms float64) {
	if math.IsNaN(ms) || math.IsInf(ms, 0) || c.t.canceled {
		return
	}
	if c.t.paused {
		c.t.hold = ms
	}
	c.t.start = c.e.now - ms
	c.e.animVersion++
}

// StartTime is the time of the style change that started it.
func (c CSSTransition) StartTime() (float64, bool) {
	if c.t.canceled || c.t.paused {
		return 0, false
	}
	return c.t.start, true
}

// SetStartTime moves the transition's start.
func (c CSSTransition) SetStartTime(ms float64, resolved bool) {
	if resolved && !c.t.canceled {
		c.t.start, c.t.paused = ms, false
		c.e.animVersion++
	}
}

// PlaybackRate is 1.
func (c CSSTransition) PlaybackRate() float64 { return 1 }

// SetPlaybackRate does nothing (DEPARTURE above).
func (c CSSTransition) SetPlaybackRate(float64) {}

// UpdatePlaybackRate does nothing (DEPARTURE above).
func (c CSSTransition) UpdatePlaybackRate(float64) {}

// Reverse does nothing (DEPARTURE above).
func (c CSSTransition) Reverse() error { return nil }

// CommittedStyles is refused (DEPARTURE above).
func (c CSSTransition) CommittedStyles() ([][2]string, bool) { return nil, false }

// PlayState is idle once canceled, paused, finished after its end, else running.
func (c CSSTransition) PlayState() string {
	switch {
	case c.t.canceled:
		return "idle"
	case c.t.paused:
		return "paused"
	case c.elapsed() >= c.t.delay+c.t.duration:
		return "finished"
	}
	return "running"
}

// Pending is false: a transition starts at its style change.
func (c CSSTransition) Pending() bool { return false }

// TakeReady is false: the ready promise is resolved from the start.
func (c CSSTransition) TakeReady() bool { return false }

// TakeFinished reports, once, that the transition reached its end.
func (c CSSTransition) TakeFinished() bool {
	if !c.t.finishDue {
		return false
	}
	c.t.finishDue, c.t.finishedSettled = false, true
	return true
}

// SetOwner records the CSSTransition's script object; OwnerOf returns it.
func (c CSSTransition) SetOwner(owner any) { c.t.owner = owner }

// OwnerOf returns what SetOwner recorded.
func (c CSSTransition) OwnerOf() any { return c.t.owner }

// CSSAnimationName: not a CSS animation.
func (c CSSTransition) CSSAnimationName() (string, bool) { return "", false }

// CSSTransitionProperty is the transition's property.
func (c CSSTransition) CSSTransitionProperty() (string, bool) { return c.t.prop.String(), true }

// Target is the transitioning element.
func (c CSSTransition) Target() *html.Node { return c.t.st.node }

// ComputedTiming is the transition's effect timing: its delay and duration, one
// iteration, fill backwards, linear effect easing (the timing function is the keyframes').
// https://drafts.csswg.org/css-transitions-2/#the-transition-effect
func (c CSSTransition) ComputedTiming() ComputedTiming {
	t := c.t
	ct := ComputedTiming{Delay: t.delay, Duration: t.duration, Iterations: 1, Direction: "normal", Fill: "backwards",
		Easing: "linear", ActiveDuration: t.duration, EndTime: t.delay + t.duration}
	if local, ok := c.CurrentTime(); ok {
		ct.LocalTime, ct.HasLocalTime = local, true
		// Before the delay, fill backwards gives progress 0; after the end, no progress.
		if local < t.delay+t.duration {
			if t.duration > 0 && local > t.delay {
				ct.Progress = (local - t.delay) / t.duration
			}
			ct.HasProgress, ct.HasIteration = true, true
		}
	}
	return ct
}
