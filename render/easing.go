package render

import (
	"math"
	"strings"
)

type timingKind uint8

const (
	timingLinear timingKind = iota
	timingEase
	timingCubic
	timingSteps
)

// timingFunction is an <easing-function>: linear, a cubic Bézier or steps().
type timingFunction struct {
	kind           timingKind
	x1, y1, x2, y2 float64
	steps          int
	jumpStart      bool // steps(n, jump-start) / step-start
	jumpEnd        bool
}

// parseTimingFunction parses an <easing-function>.
// https://drafts.csswg.org/css-easing/#easing-functions
func parseTimingFunction(s string) (timingFunction, bool) {
	switch s {
	case "linear":
		return timingFunction{kind: timingLinear}, true
	case "ease":
		return timingFunction{kind: timingCubic, x1: 0.25, y1: 0.1, x2: 0.25, y2: 1}, true
	case "ease-in":
		return timingFunction{kind: timingCubic, x1: 0.42, y1: 0, x2: 1, y2: 1}, true
	case "ease-out":
		return timingFunction{kind: timingCubic, x1: 0, y1: 0, x2: 0.58, y2: 1}, true
	case "ease-in-out":
		return timingFunction{kind: timingCubic, x1: 0.42, y1: 0, x2: 0.58, y2: 1}, true
	case "step-start":
		return timingFunction{kind: timingSteps, steps: 1, jumpStart: true}, true
	case "step-end":
		return timingFunction{kind: timingSteps, steps: 1, jumpEnd: true}, true
	}
	open := strings.IndexByte(s, '(')
	if open < 0 || s[len(s)-1] != ')' {
		return timingFunction{}, false
	}
	args := splitCommas(s[open+1 : len(s)-1])
	switch strings.TrimSpace(s[:open]) {
	case "cubic-bezier":
		if len(args) != 4 {
			return timingFunction{}, false
		}
		var v [4]float64
		for i, a := range args {
			n, ok := parseNumber(a)
			if !ok {
				return timingFunction{}, false
			}
			v[i] = n
		}
		if v[0] < 0 || v[0] > 1 || v[2] < 0 || v[2] > 1 {
			return timingFunction{}, false
		}
		return timingFunction{kind: timingCubic, x1: v[0], y1: v[1], x2: v[2], y2: v[3]}, true
	case "steps":
		if len(args) < 1 || len(args) > 2 {
			return timingFunction{}, false
		}
		n, ok := parseNumber(args[0])
		if !ok || n < 1 || n != math.Trunc(n) {
			return timingFunction{}, false
		}
		f := timingFunction{kind: timingSteps, steps: int(n), jumpEnd: true}
		if len(args) == 2 {
			switch args[1] {
			case "jump-start", "start":
				f.jumpStart, f.jumpEnd = true, false
			case "jump-end", "end":
			case "jump-none":
				f.jumpEnd = false
				if f.steps < 2 {
					return timingFunction{}, false
				}
			case "jump-both":
				f.jumpStart = true
			default:
				return timingFunction{}, false
			}
		}
		return f, true
	}
	return timingFunction{}, false
}

// apply maps input progress p in [0,1] to output progress.
func (f timingFunction) apply(p float64) float64 {
	switch f.kind {
	case timingCubic:
		return cubicBezierAt(f.x1, f.y1, f.x2, f.y2, p)
	case timingSteps:
		return stepsAt(f, p)
	case timingEase: // the zero value of a declared-but-unset function
		return cubicBezierAt(0.25, 0.1, 0.25, 1, p)
	}
	return p
}

// stepsAt evaluates a step easing function.
// https://drafts.csswg.org/css-easing/#step-easing-algo
func stepsAt(f timingFunction, p float64) float64 {
	step := math.Floor(p * float64(f.steps))
	if f.jumpStart {
		step++
	}
	if p >= 0 && step < 0 {
		step = 0
	}
	jumps := f.steps
	switch {
	case f.jumpStart && f.jumpEnd:
		jumps++
	case !f.jumpStart && !f.jumpEnd:
		jumps--
	}
	if p <= 1 && step > float64(jumps) {
		step = float64(jumps)
	}
	return step / float64(jumps)
}

// cubicBezierAt evaluates the cubic Bézier easing function at x: solve x(t) = x with
// Newton's method (bisection as a fallback), then return y(t).
// https://drafts.csswg.org/css-easing/#cubic-bezier-algo
func cubicBezierAt(x1, y1, x2, y2, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	bez := func(a, b, t float64) float64 { // B(t) with P0=0, P3=1
		u := 1 - t
		return 3*u*u*t*a + 3*u*t*t*b + t*t*t
	}
	deriv := func(a, b, t float64) float64 {
		u := 1 - t
		return 3*u*u*a + 6*u*t*(b-a) + 3*t*t*(1-b)
	}
	t := x
	for i := 0; i < 8; i++ {
		e := bez(x1, x2, t) - x
		if math.Abs(e) < 1e-7 {
			return bez(y1, y2, t)
		}
		d := deriv(x1, x2, t)
		if math.Abs(d) < 1e-6 {
			break
		}
		t -= e / d
	}
	lo, hi := 0.0, 1.0
	t = x
	for i := 0; i < 60 && hi-lo > 1e-9; i++ {
		if bez(x1, x2, t) < x {
			lo = t
		} else {
			hi = t
		}
		t = (lo + hi) / 2
	}
	return bez(y1, y2, t)
}
