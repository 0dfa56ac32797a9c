// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events):
// "update animations and send events" (HTML's update the rendering, step 11), the
// pending animation event queue and the composite order; CSS Transitions Level 2
// (https://drafts.csswg.org/css-transitions-2/#transition-events) for the transition
// events. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"iter"
	"math"
	"sort"

	"golang.org/x/net/html"
)

// AnimationEvent is an event of the document's pending animation event queue: a
// TransitionEvent or an AnimationEvent at Target, or an AnimationPlaybackEvent (finish,
// cancel) at Animation.
type AnimationEvent struct {
	Type        string
	Target      *html.Node
	Animation   *Animation
	Name        string  // propertyName or animationName
	ElapsedTime float64 // seconds
	// CurrentTime and TimelineTime of a playback event (ms); a cancel event's current
	// time is null.
	CurrentTime, TimelineTime float64
	// Time is the scheduled event time (ms since the time origin); -Inf: unresolved.
	Time float64
	kind animKind
	seq  uint64
	sub  int
}

// MaxPendingAnimationEvents bounds the pending animation event queue: a page that
// cancels and replays animations in a loop queues an event each time.
const MaxPendingAnimationEvents = 100000

// SetAnimationEventFilter makes the engine queue only the events whose type listened
// accepts, asked when the event would be queued (CHROME: Blink's
// Document::HasListenerType, dom/listenertypes.go): an event nobody can see is not made.
func (e *Engine) SetAnimationEventFilter(listened func(typ string) bool) { e.listened = listened }

// queueAnimationEvent appends to the pending animation event queue.
func (e *Engine) queueAnimationEvent(ev AnimationEvent) {
	if e.listened != nil && !e.listened(ev.Type) {
		return
	}
	if len(e.pendingEvents) >= MaxPendingAnimationEvents {
		e.droppedEvents++
		return
	}
	e.pendingEvents = append(e.pendingEvents, ev)
}

// queueTransitionEvent queues a TransitionEvent whose elapsed time is ms.
func (e *Engine) queueTransitionEvent(t *transition, typ string, elapsed, when float64) {
	e.queueAnimationEvent(AnimationEvent{Type: typ, Target: t.st.node, Name: t.prop.String(),
		ElapsedTime: roundMicroseconds(elapsed / 1000), Time: when, kind: kindCSSTransition, seq: t.seq})
}

// roundMicroseconds rounds seconds to whole microseconds (times measured on the clock,
// such as a cancelled transition's, are whole microseconds in Chrome).
func roundMicroseconds(s float64) float64 { return math.Round(s*1e6) / 1e6 }

// UpdateAnimations is the first part of "update animations and send events" at now (ms
// since the time origin): it updates the document timeline's current time, which runs
// every animation's pending tasks and update steps and queues their events. It returns
// the script animations whose ready or finished promise settles (their Take methods say
// which): the caller settles them in a microtask checkpoint, then dispatches
// TakeAnimationEvents.
// https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events
func (e *Engine) UpdateAnimations(now float64) []*Animation {
	last := e.now
	e.now = now
	e.settled = e.settled[:0]
	clear(e.settledTransitions)
	e.settledTransitions = e.settledTransitions[:0]
	e.needFramesKnown = false
	// 1. "Update the current time of all timelines associated with doc passing now as the
	// timestamp."
	// The quiet spans hold while no animation changed since they were found and the
	// timeline went on (quietUntil: each animation's, in e.anims's order).
	quiet := e.quietEpoch == e.animEpoch && now >= last && len(e.quietUntil) == len(e.anims)
	kept := e.anims[:0]
	until := e.quietUntil[:0]
	for i, a := range e.anims {
		if quiet && now < e.quietUntil[i] {
			// Nothing due: the steps below would change nothing but the previous current
			// time, which is derived when read (Animation.prevFromTimeline). The animation
			// itself is not read.
			kept = append(kept, a)
			until = append(until, e.quietUntil[i])
			continue
		}
		a.settlePreviousCurrentTime(last)
		times := a.times()
		a.runPendingTasks()
		a.updateFinishedState(false, false)
		if a.times() != times {
			e.animStateGen++ // (the compositor's plan keeps a copy)
		}
		if a.kind == kindCSSAnimation {
			e.cssAnimationEvents(a)
		}
		if a.Owner != nil && (a.readyDue || a.finishDue) {
			e.settled = append(e.settled, a)
		} else if a.Owner == nil {
			a.TakeReady() // no promises to settle (a CSS animation no script has seen)
			a.TakeFinished()
		}
		if a.keepListed() {
			kept = append(kept, a)
			until = append(until, a.quietSpan(now))
		} else {
			a.listed = false
		}
	}
	clear(e.anims[len(kept):])
	e.anims, e.quietUntil, e.quietEpoch = kept, until, e.animEpoch
	e.updateTransitions(now)
	if len(e.running) > 0 || e.animatedLive || e.animationsNeedFrames() {
		e.animVersion++ // the animated values moved on (a forced style update must see them)
	}
	return e.settled
}

// quietSpan returns, after the update steps ran at timeline time now, until when they
// would change nothing and queue nothing: a running animation with nothing pending
// (no pending task, no promise to settle, no finish notification) keeps its phase and
// iteration until its local time reaches the next iteration boundary, the end of its
// active interval or its end, and the steps would only set its previous current time.
// The span ends a little before that time (the steps run early, never late); a change
// to the animation (animEpoch) ends it at once.
// Other animations (paused, finished, filling, playing backwards) get no span (-Inf): the
// steps run every frame.
func (a *Animation) quietSpan(now float64) float64 {
	none := math.Inf(-1)
	if !a.hasStart || a.hasHold || a.Pending() || a.hasPendingRate || a.readyDue || a.finishDue ||
		a.finishNotified || a.playbackRate <= 0 {
		return none
	}
	t := &a.effect.timing
	local := (now - a.startTime) * a.playbackRate
	end := t.endTime()
	beforeActive := math.Max(math.Min(t.delay, end), 0)
	activeAfter := math.Max(math.Min(t.delay+t.activeDuration(), end), 0)
	var next float64 // the local time at which something may happen
	switch {
	case local < beforeActive:
		next = beforeActive
	case local < activeAfter && t.duration > 0:
		next = activeAfter
		if !math.IsInf(t.duration, 1) {
			overall := (local-t.delay)/t.duration + t.iterationStart
			boundary := t.delay + (math.Floor(overall)+1-t.iterationStart)*t.duration
			next = math.Min(next, boundary)
		}
	default:
		return none // at or after the active interval's end (finishing), or no iterations
	}
	next = math.Min(next, end)
	if math.IsNaN(next) || math.IsInf(next, 0) {
		return none
	}
	until := a.startTime + next/a.playbackRate
	// Ends early by more than any rounding of the sums above.
	until -= 1e-3 + 1e-9*(math.Abs(a.startTime)+math.Abs(next)/a.playbackRate)
	if until <= now {
		return none
	}
	// Within the span the steps would set the previous current time to the current time
	// at each update: it is derived from the timeline's time when read.
	a.prevFromTimeline = true
	return until
}

// settlePreviousCurrentTime sets the previous current time that updates skipped in a
// quiet span would have set: the current time at the last update, at timeline time at
// (the start time and the playback rate are those of the span: any change to them
// settles it first, through list() or the update steps).
func (a *Animation) settlePreviousCurrentTime(at float64) {
	if a.prevFromTimeline {
		a.previousCurrentTime, a.hasPreviousCurrent = (at-a.startTime)*a.playbackRate+0, true
		a.prevFromTimeline = false
	}
}

// keepListed: the engine updates an animation each frame while it may still change,
// send an event, or apply a value (paused, or filling).
func (a *Animation) keepListed() bool {
	switch a.PlayState() {
	case "idle":
		return false
	case "finished":
		f := a.effect.timing.fill
		return a.kind == kindCSSAnimation && a.prevPhase != phaseAfter || f == 1 || f == 3 // css.FillForwards, css.FillBoth
	}
	return true
}

// updateTransitions samples each running transition and queues its events.
// https://drafts.csswg.org/css-transitions-2/#transition-events
func (e *Engine) updateTransitions(now float64) {
	kept := e.running[:0]
	root := e.src.Root()
	for _, t := range e.running {
		if t.paused { // a paused CSSTransition keeps its elapsed time
			t.start = now - t.hold
		}
		if !connectedTo(t.st.node, root) { // removed from the document: cancelled
			e.transitionEvents(t, phaseIdle, now)
			t.st.dropTransition(t)
			continue
		}
		ph := phaseActive
		switch {
		case now < t.start+t.delay:
			ph = phaseBefore
		case now >= t.endTime():
			ph = phaseAfter
		}
		e.transitionEvents(t, ph, now)
		if ph == phaseAfter {
			t.st.dropTransition(t)
			if t.owner != nil && !t.finishedSettled {
				t.finishDue = true // its CSSTransition's finished promise resolves
				e.settledTransitions = append(e.settledTransitions, t)
			}
			continue
		}
		kept = append(kept, t)
	}
	clear(e.running[len(kept):])
	e.running = kept
}

// transitionEvents queues the events of a transition's phase change.
// https://drafts.csswg.org/css-transitions-2/#transition-events
func (e *Engine) transitionEvents(t *transition, cur animPhase, now float64) {
	prev := t.prevPhase
	t.prevPhase = cur
	intervalStart := math.Max(math.Min(-t.delay, t.duration), 0)
	startAt := t.start + t.delay + intervalStart
	run := func() { e.queueTransitionEvent(t, "transitionrun", intervalStart, startAt) }
	start := func() { e.queueTransitionEvent(t, "transitionstart", intervalStart, startAt) }
	end := func() { e.queueTransitionEvent(t, "transitionend", t.duration, t.endTime()) }
	switch {
	case prev == phaseIdle && cur == phaseBefore:
		run()
	case prev == phaseIdle && cur == phaseActive:
		run()
		start()
	case prev == phaseIdle && cur == phaseAfter:
		run()
		start()
		end()
	case prev == phaseBefore && cur == phaseActive:
		start()
	case prev == phaseBefore && cur == phaseAfter:
		start()
		end()
	case prev == phaseActive && cur == phaseAfter:
		end()
	case (prev == phaseBefore || prev == phaseActive) && cur == phaseIdle:
		e.queueTransitionEvent(t, "transitioncancel", math.Max(math.Min(now-t.start-t.delay, t.duration), 0), math.Inf(-1))
	}
}

// TakeAnimationEvents is the rest of "update animations and send events": the pending
// animation event queue, emptied, sorted by scheduled event time (unresolved first) and
// then composite order (transitions, CSS animations, script animations, each in
// creation order), to be dispatched in that order. dropped counts the events the queue
// had no room for since the last call.
// https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events (steps 4-7)
func (e *Engine) TakeAnimationEvents() (events []AnimationEvent, dropped int) {
	// 4. "Let events to dispatch be a copy of doc's pending animation event queue."
	// 5. "Clear doc's pending animation event queue."
	events, e.pendingEvents = e.pendingEvents, nil
	dropped, e.droppedEvents = e.droppedEvents, 0
	// 6. "Perform a stable sort of the animation events in events to dispatch as follows:"
	sort.SliceStable(events, func(i, j int) bool {
		a, b := &events[i], &events[j]
		if a.Time != b.Time {
			return a.Time < b.Time
		}
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.seq != b.seq {
			return a.seq < b.seq
		}
		return a.sub < b.sub
	})
	return events, dropped
}

// AnimationVersion changes whenever an animation may have changed a value (the DOM's
// forced style updates compare it).
func (e *Engine) AnimationVersion() uint64 { return e.animVersion }

// applyAnimations sets each element's used style: its base style with the current
// value of every animation, in composite order: CSS animations, then script
// animations, then transitions (whose origin is above the animations').
// https://drafts.csswg.org/css-cascade/#cascade-origin
func (e *Engine) applyAnimations() { e.applyAnimationValues(false) }

// applyAnimationValues is applyAnimations; with composited, the animated elements' used
// styles are known to differ from their base styles only in opacity and transform
// (compositor.go), and only those are set back to the base styles' first.
func (e *Engine) applyAnimationValues(composited bool) {
	for _, st := range e.animated {
		if b := st.base; composited && b != nil {
			st.used.opacity = b.opacity
			st.used.hasTransform, st.used.tx, st.used.ty, st.used.xform = b.hasTransform, b.tx, b.ty, b.xform
		} else {
			st.useBase()
		}
		st.animMark = 0
		st.animProps = 0
	}
	e.animated = e.animated[:0]
	e.appliedAnimVersion = e.animVersion
	e.animatedLive = len(e.running) > 0
	e.compositedOnly = true
	e.animMark++
	if e.animMark == 0 {
		e.animMark = 1
	}
	for a, st := range e.targetedAnimations() {
		local, ok := a.localTime()
		s := a.effect.timing.sampleAt(local, ok)
		if !s.hasActive {
			continue
		}
		e.markAnimated(st)
		if !e.animatedLive && (a.Pending() || a.PlayState() == "running") {
			e.animatedLive = true
		}
		e.applyEffectValue(&a.effect, st, a.effect.timing.easing.Apply(s.progress))
		st.animProps |= a.effect.props
		if a.effect.props&^compositedProps != 0 {
			e.compositedOnly = false
		}
	}
	for _, t := range e.running {
		e.markAnimated(t.st)
		setAnim(&t.st.used, t.prop, t.valueAt(e.now))
		if !compositedProps.has(t.prop) {
			e.compositedOnly = false
		}
	}
}

// targetedAnimations are the animations that have a target with a style state, in
// composite order (CSS animations, then script-created ones, each in the order listed),
// with that state.
func (e *Engine) targetedAnimations() iter.Seq2[*Animation, *elementState] {
	return func(yield func(*Animation, *elementState) bool) {
		for _, kind := range [2]animKind{kindCSSAnimation, kindScriptAnimation} {
			for _, a := range e.anims {
				if a.kind != kind {
					continue
				}
				if st := e.targetState(a); st != nil && !yield(a, st) {
					return
				}
			}
		}
	}
}

// markAnimated lists st among the states whose used style carries animated values.
func (e *Engine) markAnimated(st *elementState) {
	st.ownBase()
	if st.animMark != e.animMark {
		st.animMark = e.animMark
		e.animated = append(e.animated, st)
	}
}

// targetState is the style state of an animation's target, nil when it has none (not
// styled by the last cascade: not in the document, or display: none).
func (e *Engine) targetState(a *Animation) *elementState {
	if st := a.st; st != nil && st.gen == e.gen {
		return st // a state the last cascade kept (a state that was dropped keeps its old gen)
	}
	st := e.states[a.node]
	if st == nil || st.gen != e.gen {
		return nil
	}
	a.st = st
	return st
}
