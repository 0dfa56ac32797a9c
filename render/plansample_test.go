package render

import (
	"math"
	"math/rand"
	"testing"

	"loopscope/css"
)

// TestPlanSampleIsSampleAt: where the plan's fast sampling answers (progressAt), its
// progress is sampleAt's at the animation's current time, bit for bit, and the effect is
// in its active phase there; over random timings (delays and end delays, negative ones
// too, durations, iteration counts whole, fractional and infinite, iteration starts,
// directions, fills), times (start times, playback rates, holds: paused and seeked
// animations) and timeline times, with times at the phases' and iterations' boundaries.
// It also checks that the fast path answers every sample of a running animation of the
// usual timing (infinite iterations, a negative delay) after its start (at a finite time).
func TestPlanSampleIsSampleAt(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	pick := func(vs ...float64) float64 { return vs[rng.Intn(len(vs))] }
	fast, common, commonFast := 0, 0, 0
	for n := range 20000 {
		tm := effectTiming{
			delay:          pick(0, 0, -500, 250, -1000*rng.Float64(), 300*rng.Float64(), -1e-9),
			endDelay:       pick(0, 0, 0, 100, -300, 1000*rng.Float64()-500),
			duration:       pick(1000, 1000, 16.7, 0, 1e-300, 3*rng.Float64(), 1e300, math.Inf(1), 2000*rng.Float64()),
			iterations:     pick(math.Inf(1), math.Inf(1), 1, 3, 0, 2.5, 0.25, 10*rng.Float64()),
			iterationStart: pick(0, 0, 0, 0.5, 2, 3*rng.Float64()),
			direction:      rng.Intn(4),
			fill:           rng.Intn(4),
		}
		at := animTimes{startTime: pick(0, 100, -2000, 5000*rng.Float64()), playbackRate: pick(1, 1, 1, 2, 0.5, -1, 0, -0.25),
			hasStart: rng.Intn(8) != 0}
		if rng.Intn(6) == 0 { // paused, or seeked before it plays
			at.holdTime, at.hasHold = pick(0, 500, -100, 3000*rng.Float64()), true
		}
		// The benchmark's timing: running, infinite iterations of 1 s, a negative delay.
		isCommon := at.hasStart && !at.hasHold && at.playbackRate == 1 && tm.delay <= 0 && tm.duration == 1000 &&
			math.IsInf(tm.iterations, 1) && tm.endDelay == 0
		pe := planEffect{simple: true, props: animPropSet(1 << css.PropOpacity), op0: rng.Float64(), op1: rng.Float64()}
		s := fastSample(&tm, at, &pe)
		for range 20 {
			now := pick(0, 100, 200, 16.7*float64(rng.Intn(1000)), 10000*rng.Float64()-1000)
			if rng.Intn(4) == 0 { // at a boundary: the active phase's, an iteration's
				b := at.startTime + (tm.delay+tm.duration*float64(rng.Intn(5)))/at.playbackRate
				now = pick(b, math.Nextafter(b, math.Inf(1)), math.Nextafter(b, math.Inf(-1)), at.startTime+s.from, at.startTime+s.until)
			}
			local, ok := at.currentTime(now)
			want := tm.sampleAt(local, ok)
			got, answered := s.progressAt(now)
			if isCommon && local > 0 && local < 1e12 {
				common++
			}
			if !answered {
				continue
			}
			fast++
			if isCommon && local > 0 && local < 1e12 {
				commonFast++
			}
			if want.phase != phaseActive || !want.hasActive || math.Float64bits(got) != math.Float64bits(want.progress) {
				t.Fatalf("case %d: timing %+v, times %+v at %v (local %v): fast progress %v, sampleAt %+v", n, tm, at, now, local, got, want)
			}
		}
	}
	if fast < 50000 || common < 500 || commonFast != common {
		t.Fatalf("the fast path answered %d of 400,000 samples, %d of %d with the common timings", fast, commonFast, common)
	}
	t.Logf("the fast path answered %d of 400,000 samples, %d of %d with the common timings", fast, commonFast, common)
}

// TestClampUnitIsClamp01: clampUnit is css.Clamp01 bit for bit.
func TestClampUnitIsClamp01(t *testing.T) {
	vs := []float64{0, math.Copysign(0, -1), 1, math.Nextafter(1, 2), math.Nextafter(0, -1), math.Nextafter(0, 1), -1, 2,
		math.Inf(1), math.Inf(-1), math.NaN(), 0.5, 5e-324, -5e-324}
	rng := rand.New(rand.NewSource(7))
	for range 10000 {
		vs = append(vs, rng.Float64()*3-1)
	}
	for _, v := range vs {
		if got, want := clampUnit(v), css.Clamp01(v); math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("clampUnit(%v) = %v, want %v", v, got, want)
		}
	}
}
