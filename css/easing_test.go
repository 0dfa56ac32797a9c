package css

import (
	"math"
	"testing"
)

func TestCubicBezierEasing(t *testing.T) {
	ease, _ := ParseEasing("ease")
	easeInOut, _ := ParseEasing("ease-in-out")
	linear, _ := ParseEasing("linear")
	steps, _ := ParseEasing("steps(4)")
	stepStart, _ := ParseEasing("step-start")
	cases := []struct {
		name string
		f    Easing
		in   float64
		want float64
	}{
		{"ease(0.5)", ease, 0.5, 0.8024033877399112}, // the well-known value of cubic-bezier(.25,.1,.25,1) at 0.5
		{"ease(0)", ease, 0, 0},
		{"ease(1)", ease, 1, 1},
		{"ease-in-out(0.5) is symmetric", easeInOut, 0.5, 0.5},
		{"linear", linear, 0.37, 0.37},
		{"steps(4) at 0.3", steps, 0.3, 0.25},
		{"steps(4) at 0.99", steps, 0.99, 0.75},
		{"step-start at 0.01", stepStart, 0.01, 1},
	}
	for _, c := range cases {
		if got := c.f.Apply(c.in); math.Abs(got-c.want) > 1e-5 {
			t.Errorf("%s = %v, want %v", c.name, got, c.want)
		}
	}
	// ease-in-out(t) + ease-in-out(1-t) == 1 by symmetry of its control points.
	for _, x := range []float64{0.1, 0.25, 0.4} {
		if s := easeInOut.Apply(x) + easeInOut.Apply(1-x); math.Abs(s-1) > 1e-6 {
			t.Errorf("ease-in-out asymmetric at %v: %v", x, s)
		}
	}
	for _, bad := range []string{"cubic-bezier(1.5, 0, 0, 1)", "cubic-bezier(0, 0, 1)", "steps(0)", "steps(2, sideways)", "bounce"} {
		if _, ok := ParseEasing(bad); ok {
			t.Errorf("%q must be invalid", bad)
		}
	}
}

// transitionPage is a page whose #box has the given inline style.
