package css

// Easing functions. https://drafts.csswg.org/css-easing/ (2026-11-01)

import (
	"math"
	"strconv"
	"strings"
)

// EasingKind says which kind of easing function an Easing is.
type EasingKind uint8

const (
	EaseLinear  EasingKind = iota
	EaseDefault            // ease, as the initial value of transition-timing-function
	EaseCubic
	EaseSteps
)

// Easing is an <easing-function>: linear, a cubic Bézier or steps().
type Easing struct {
	Kind           EasingKind
	X1, Y1, X2, Y2 float64
	Steps          int
	JumpStart      bool // steps(n, jump-start) / step-start
	JumpEnd        bool
	Keyword        string // ease, ease-in, ease-out or ease-in-out: how it serialises
}

// ParseEasing parses an <easing-function>.
// https://drafts.csswg.org/css-easing/#easing-functions
func ParseEasing(s string) (Easing, bool) {
	switch s {
	case "linear":
		return Easing{Kind: EaseLinear}, true
	case "ease":
		return Easing{Kind: EaseCubic, X1: 0.25, Y1: 0.1, X2: 0.25, Y2: 1, Keyword: s}, true
	case "ease-in":
		return Easing{Kind: EaseCubic, X1: 0.42, Y1: 0, X2: 1, Y2: 1, Keyword: s}, true
	case "ease-out":
		return Easing{Kind: EaseCubic, X1: 0, Y1: 0, X2: 0.58, Y2: 1, Keyword: s}, true
	case "ease-in-out":
		return Easing{Kind: EaseCubic, X1: 0.42, Y1: 0, X2: 0.58, Y2: 1, Keyword: s}, true
	case "step-start":
		return Easing{Kind: EaseSteps, Steps: 1, JumpStart: true}, true
	case "step-end":
		return Easing{Kind: EaseSteps, Steps: 1, JumpEnd: true}, true
	}
	open := strings.IndexByte(s, '(')
	if open < 0 || s[len(s)-1] != ')' {
		return Easing{}, false
	}
	args := SplitCommas(s[open+1 : len(s)-1])
	switch strings.TrimSpace(s[:open]) {
	case "cubic-bezier":
		if len(args) != 4 {
			return Easing{}, false
		}
		var v [4]float64
		for i, a := range args {
			n, ok := ParseNumber(a)
			if !ok {
				return Easing{}, false
			}
			v[i] = n
		}
		if v[0] < 0 || v[0] > 1 || v[2] < 0 || v[2] > 1 {
			return Easing{}, false
		}
		return Easing{Kind: EaseCubic, X1: v[0], Y1: v[1], X2: v[2], Y2: v[3]}, true
	case "steps":
		if len(args) < 1 || len(args) > 2 {
			return Easing{}, false
		}
		n, ok := ParseNumber(args[0])
		if !ok || n < 1 || n != math.Trunc(n) {
			return Easing{}, false
		}
		f := Easing{Kind: EaseSteps, Steps: int(n), JumpEnd: true}
		if len(args) == 2 {
			switch args[1] {
			case "jump-start", "start":
				f.JumpStart, f.JumpEnd = true, false
			case "jump-end", "end":
			case "jump-none":
				f.JumpEnd = false
				if f.Steps < 2 {
					return Easing{}, false
				}
			case "jump-both":
				f.JumpStart = true
			default:
				return Easing{}, false
			}
		}
		return f, true
	}
	return Easing{}, false
}

// Apply maps input progress p in [0,1] to output progress.
func (f Easing) Apply(p float64) float64 {
	switch f.Kind {
	case EaseCubic:
		return cubicBezierAt(f.X1, f.Y1, f.X2, f.Y2, p)
	case EaseSteps:
		return stepsAt(f, p)
	case EaseDefault: // the zero value of a declared-but-unset function
		return cubicBezierAt(0.25, 0.1, 0.25, 1, p)
	}
	return p
}

// stepsAt evaluates a step easing function.
// https://drafts.csswg.org/css-easing/#step-easing-algo
func stepsAt(f Easing, p float64) float64 {
	step := math.Floor(p * float64(f.Steps))
	if f.JumpStart {
		step++
	}
	if p >= 0 && step < 0 {
		step = 0
	}
	jumps := f.Steps
	switch {
	case f.JumpStart && f.JumpEnd:
		jumps++
	case !f.JumpStart && !f.JumpEnd:
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

// String serialises an easing function as Chrome's getComputedStyle does: the ease
// keywords and linear as keywords, step-start as steps(1, start), step-end as steps(1).
// https://drafts.csswg.org/css-easing/#serialization
func (f Easing) String() string {
	switch f.Kind {
	case EaseLinear:
		return "linear"
	case EaseDefault:
		return "ease"
	case EaseCubic:
		if f.Keyword != "" {
			return f.Keyword
		}
		return "cubic-bezier(" + FormatNumber(f.X1) + ", " + FormatNumber(f.Y1) + ", " + FormatNumber(f.X2) + ", " + FormatNumber(f.Y2) + ")"
	}
	n := strconv.Itoa(f.Steps)
	switch {
	case f.JumpStart && f.JumpEnd:
		return "steps(" + n + ", jump-both)"
	case f.JumpStart:
		return "steps(" + n + ", start)"
	case !f.JumpEnd:
		return "steps(" + n + ", jump-none)"
	}
	return "steps(" + n + ")"
}
