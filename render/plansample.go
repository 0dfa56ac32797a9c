// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#timing-model):
// §4.6-4.8, the timing model's active phase (timing.go), as the compositor's plan samples
// it (compositor.go). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"math"

	"loopscope/css"
)

// planSample is what the compositor's plan samples an animation with every frame, kept
// apart from the rest of its planEffect (compact: one frame reads 10,000 of them): its
// times, its active phase's bounds and the numbers the active phase's progress is
// computed from, precomputed when the plan is made (fastSample). In the active phase of an
// animation with a start time and no hold time, a frame computes the directed progress
// from these (progressAt) with the same arithmetic as sampleAt there; anywhere else, or
// with other times, it takes sampleAt.
type planSample struct {
	start, rate float64 // the animation's start time and playback rate (animTimes)
	from, until float64 // the active phase is local times in [from, until) (phaseAt, forwards)
	delay       float64
	duration    float64 // > 0
	iterStart   float64
	activeDur   float64
	op0, dop    float64 // a simple effect's opacity keyframes: op0 and op1 - op0
	// A simple effect's translations of px alone (planEffect.pxLerp): x0 and x1 - x0,
	// y0 and y1 - y0 (translation).
	x0, dx, y0, dy float64
	fast           bool  // progressAt applies
	opacity        bool  // the effect is simple and sets opacity alone
	translate      bool  // the effect is simple and sets a translation of px alone
	linear         bool  // the timing's easing and the simple effect's keyframe easing are linear
	dir            uint8 // css.Direction*
}

// fastSample is the planSample of an effect with timing tm and times at, and of a simple
// effect's opacity keyframes or px translations.
func fastSample(tm *effectTiming, at animTimes, pe *planEffect) planSample {
	s := planSample{start: at.startTime, rate: at.playbackRate, delay: tm.delay, duration: tm.duration,
		iterStart: tm.iterationStart, activeDur: tm.activeDuration(), op0: pe.op0, dop: pe.op1 - pe.op0,
		dir: uint8(tm.direction)}
	s.from, s.until = tm.activeInterval()
	s.opacity = pe.simple && pe.props == animPropSet(1<<css.PropOpacity)
	if pe.pxLerp {
		s.x0, s.dx, s.y0, s.dy = pe.x0.L.V, pe.x1.L.V-pe.x0.L.V, pe.y0.L.V, pe.y1.L.V-pe.y0.L.V
	}
	s.translate = pe.simple && pe.props == animPropSet(1<<css.PropTransform) && pe.pxLerp
	s.linear = tm.easing.Kind == css.EaseLinear && pe.easing.Kind == css.EaseLinear
	// Only a positive, finite duration and a positive iteration count give an active
	// phase whose overall progress is active time / duration (overallProgress).
	s.fast = at.hasStart && !at.hasHold && tm.duration > 0 && !math.IsInf(tm.duration, 0) && tm.iterations > 0 &&
		tm.direction >= css.DirectionNormal && tm.direction <= css.DirectionAlternateReverse
	return s
}

// progressAt is the directed progress (sample.progress) at timeline time now, when the
// effect is in its active phase there; false, and the caller samples with sampleAt, when
// it is not, or when the fast path does not apply. Each step is sampleAt's for the active
// phase (TestPlanSampleIsSampleAt compares them over random timings):
// currentTime, activeTime, overallProgress, simpleIterationProgress (x - floor(x) where
// it is math.Mod(x, 1)), currentIteration and directedProgress (the parity of a whole
// iteration below 2^52 is its low bit).
func (s *planSample) progressAt(now float64) (float64, bool) {
	local := (now-s.start)*s.rate + 0
	if !s.fast || !(local >= s.from && local < s.until) {
		return 0, false
	}
	active := local - s.delay
	overall := active/s.duration + s.iterStart
	if !(overall > 0 && overall < 1<<52) {
		return 0, false
	}
	iteration := math.Floor(overall)
	simple := overall - iteration
	if simple == 0 && active == s.activeDur {
		simple, iteration = 1, iteration-1
	}
	switch s.dir {
	case css.DirectionNormal:
		return simple, true
	case css.DirectionReverse:
		return 1 - simple, true
	case css.DirectionAlternateReverse:
		iteration++
	}
	if int64(iteration)&1 == 0 {
		return simple, true
	}
	return 1 - simple, true
}

// translation is a px translation's x and y at keyframe progress t: x0 + (x1 - x0)·t, the
// number css.InterpolatedTranslation gives for two translations of px alone.
func (s *planSample) translation(t float64) (x, y length) {
	return px(s.x0 + s.dx*t), px(s.y0 + s.dy*t)
}

// clampUnit is css.Clamp01 (math.Max(0, math.Min(1, v))) bit for bit, inlined: 1 above 1,
// +0 at or below 0 (-0 included), NaN for NaN (TestClampUnitIsClamp01).
func clampUnit(v float64) float64 {
	switch {
	case v > 0 && v <= 1:
		return v
	case v > 1:
		return 1
	case v != v:
		return v
	}
	return 0
}
