// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#timing-model):
// §4.6-4.8, the timing model of an animation effect (active duration, phases, progress,
// iterations, direction). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"math"

	"loopscope/css"
)

// effectTiming is an animation effect's timing properties (EffectTiming), in ms.
// https://drafts.csswg.org/web-animations-1/#the-effecttiming-dictionaries
type effectTiming struct {
	delay, endDelay float64
	duration        float64 // the iteration duration
	iterations      float64 // may be +Inf
	iterationStart  float64
	direction       int // css.Direction*
	fill            int // css.Fill*
	easing          css.Easing
}

// animPhase is an animation effect's phase. https://drafts.csswg.org/web-animations-1/#animation-effect-phases-and-states
type animPhase uint8

const (
	phaseIdle animPhase = iota // no local time (also: not yet sampled, for events)
	phaseBefore
	phaseActive
	phaseAfter
)

// activeDuration is "iteration duration × iteration count", 0 when either is 0.
// https://drafts.csswg.org/web-animations-1/#active-duration
func (t *effectTiming) activeDuration() float64 {
	if t.duration == 0 || t.iterations == 0 {
		return 0
	}
	return t.duration * t.iterations
}

// endTime is the effect's end time: max(delay + active duration + end delay, 0).
// https://drafts.csswg.org/web-animations-1/#end-time
func (t *effectTiming) endTime() float64 {
	return math.Max(t.delay+t.activeDuration()+t.endDelay, 0)
}

// phaseAt is the effect's phase at a resolved local time, for a forward playback rate.
// https://drafts.csswg.org/web-animations-1/#animation-effect-phases-and-states
func (t *effectTiming) phaseAt(local float64, forwards bool) animPhase {
	beforeActive, activeAfter := t.activeInterval()
	switch {
	case local < beforeActive || !forwards && local == beforeActive:
		return phaseBefore
	case local > activeAfter || forwards && local == activeAfter:
		return phaseAfter
	}
	return phaseActive
}

// activeInterval is the before-active boundary time and the active-after boundary time.
// https://drafts.csswg.org/web-animations-1/#before-active-boundary-time
func (t *effectTiming) activeInterval() (beforeActive, activeAfter float64) {
	end := t.endTime()
	return math.Max(math.Min(t.delay, end), 0), math.Max(math.Min(t.delay+t.activeDuration(), end), 0)
}

// activeTime is the effect's active time in a phase; ok is false when it is unresolved
// (no fill in that phase). https://drafts.csswg.org/web-animations-1/#calculating-the-active-time
func (t *effectTiming) activeTime(local float64, ph animPhase) (float64, bool) {
	switch ph {
	case phaseBefore:
		if t.fill == css.FillBackwards || t.fill == css.FillBoth {
			return math.Max(local-t.delay, 0), true
		}
		return 0, false
	case phaseActive:
		return local - t.delay, true
	case phaseAfter:
		if t.fill == css.FillForwards || t.fill == css.FillBoth {
			return math.Max(math.Min(local-t.delay, t.activeDuration()), 0), true
		}
		return 0, false
	}
	return 0, false
}

// overallProgress. https://drafts.csswg.org/web-animations-1/#calculating-the-overall-progress
func (t *effectTiming) overallProgress(active float64, ph animPhase) float64 {
	var p float64
	if t.duration == 0 {
		if ph != phaseBefore {
			p = t.iterations
		}
	} else {
		p = active / t.duration
	}
	return p + t.iterationStart
}

// simpleIterationProgress. https://drafts.csswg.org/web-animations-1/#calculating-the-simple-iteration-progress
func (t *effectTiming) simpleIterationProgress(overall, active float64, ph animPhase) float64 {
	var p float64
	switch {
	case math.IsInf(overall, 1):
		p = math.Mod(t.iterationStart, 1)
	case overall > 0 && overall < 1<<52:
		p = overall - math.Floor(overall) // math.Mod(overall, 1), exactly (and faster: every animation every frame)
	default:
		p = math.Mod(overall, 1)
	}
	if p == 0 && (ph == phaseActive || ph == phaseAfter) && active == t.activeDuration() && t.iterations != 0 {
		p = 1
	}
	return p
}

// currentIteration. https://drafts.csswg.org/web-animations-1/#calculating-the-current-iteration
func (t *effectTiming) currentIteration(overall, simple float64, ph animPhase) float64 {
	if ph == phaseAfter && math.IsInf(t.iterations, 1) {
		return math.Inf(1)
	}
	if simple == 1 {
		return math.Floor(overall) - 1
	}
	return math.Floor(overall)
}

// directedProgress. https://drafts.csswg.org/web-animations-1/#calculating-the-directed-progress
func (t *effectTiming) directedProgress(simple, iteration float64) float64 {
	forwards := true
	switch t.direction {
	case css.DirectionReverse:
		forwards = false
	case css.DirectionAlternate, css.DirectionAlternateReverse:
		d := iteration
		if t.direction == css.DirectionAlternateReverse {
			d++
		}
		forwards = math.IsInf(d, 0) || math.Mod(d, 2) == 0
	}
	if forwards {
		return simple
	}
	return 1 - simple
}

// sample is where an effect is at one local time.
type sample struct {
	phase     animPhase
	active    float64
	hasActive bool
	iteration float64 // the current iteration
	progress  float64 // the directed progress (before the effect's easing)
}

// sampleAt computes the phase, active time, current iteration and directed progress at
// a local time (hasLocal false: the phase is idle).
func (t *effectTiming) sampleAt(local float64, hasLocal bool) sample {
	if !hasLocal {
		return sample{phase: phaseIdle}
	}
	ph := t.phaseAt(local, true)
	active, ok := t.activeTime(local, ph)
	s := sample{phase: ph, active: active, hasActive: ok}
	if ph == phaseActive || ok {
		overall := t.overallProgress(active, ph)
		simple := t.simpleIterationProgress(overall, active, ph)
		s.iteration = t.currentIteration(overall, simple, ph)
		s.progress = t.directedProgress(simple, s.iteration)
	} else {
		// No active time: the iteration is still needed for animationiteration's bookkeeping.
		s.iteration = math.Max(0, math.Floor(t.iterationStart))
	}
	return s
}

// ComputedTiming is an effect's timing and where it is now (getComputedTiming()): times
// in ms; HasLocalTime, HasProgress and HasIteration are false for null.
// https://drafts.csswg.org/web-animations-1/#dom-animationeffect-getcomputedtiming
type ComputedTiming = css.ComputedTiming

// ComputedTiming returns the animation's effect timing and its state at the timeline's
// current time.
func (a *Animation) ComputedTiming() ComputedTiming {
	t := &a.effect.timing
	c := ComputedTiming{Delay: t.delay, EndDelay: t.endDelay, Duration: t.duration, Iterations: t.iterations,
		IterationStart: t.iterationStart, Direction: directionNames[t.direction&3], Fill: a.fillName(),
		Easing: t.easing.String(), ActiveDuration: t.activeDuration(), EndTime: t.endTime()}
	local, ok := a.localTime()
	c.LocalTime, c.HasLocalTime = local, ok
	s := t.sampleAt(local, ok)
	if s.phase == phaseActive || s.hasActive {
		c.Progress, c.HasProgress = t.easing.Apply(s.progress), true
		c.CurrentIteration, c.HasIteration = s.iteration, true
	}
	return c
}

// fillName is the fill as given: a script animation's default is "auto".
func (a *Animation) fillName() string {
	if a.kind == kindScriptAnimation && a.fillAuto {
		return "auto"
	}
	return fillNames[a.effect.timing.fill&3]
}
