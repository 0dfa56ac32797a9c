package css

import "testing"

// TestMathFunctionsKeepTheirPercentage: a min(), max() or clamp() with a percentage is a
// length whose value waits for its basis (it was dropped as invalid), in every property that
// takes a length-percentage, and not in a border width.
func TestMathFunctionsKeepTheirPercentage(t *testing.T) {
	for _, tc := range []struct {
		v    string
		base float64
		want float64
	}{
		{"min(50%, 100px)", 400, 100},
		{"min(50%, 100px)", 150, 75},
		{"clamp(100px, 10%, 150px)", 400, 100},
		{"calc(2 * clamp(10%, 30px, 20%) + 10px)", 400, 90},
		{"calc((min(100%, 500px) - max(10%, 20px)) / 3)", 400, 120},
		{"max(calc(50% - 100px), min(20%, 60px))", 120, 24},
	} {
		l, ok := ParseLength(tc.v, true, false, true)
		if !ok || l.U != Math || l.Calc.Linear() {
			t.Fatalf("%s: parsed %v %+v", tc.v, ok, l)
		}
		if got := l.Calc.Used(tc.base); got != tc.want {
			t.Errorf("%s of %g: %g, want %g", tc.v, tc.base, got, tc.want)
		}
	}
	if v, ok := parseLonghand(PropBorderLeftWidth, "min(10%, 5px)"); ok {
		t.Errorf("border-left-width: min(10%%, 5px) parsed: %+v", v)
	}
	if v, ok := NormalizeSpecified("border-left-width", "min(10%, 5px)"); ok {
		t.Errorf("el.style kept border-left-width: %q", v)
	}
	for _, p := range []Prop{PropWidth, PropMarginLeft, PropPaddingTop, PropTop, PropMinWidth, PropMaxHeight, PropFontSize, PropObjectPosition} {
		if _, ok := parseLonghand(p, "min(10%, 5px)"); !ok {
			t.Errorf("%v: min(10%%, 5px) refused", p)
		}
	}
}

// TestBlendResolves: an interpolation with such a value resolves to the blend of the two
// used values, and serialises in Chrome's form.
func TestBlendResolves(t *testing.T) {
	a := &Calc{Len: PxLength(100)}
	b, _ := ParseCalc("clamp(10px, 50%, 300px)", true)
	for _, tc := range []struct{ t, base, want float64 }{{0, 400, 100}, {0.25, 400, 125}, {0.5, 400, 150}, {0.5, 100, 75}, {1, 1000, 300}} {
		if got := Blend(a, b, tc.t).Used(tc.base); got != tc.want {
			t.Errorf("at %g of %g: %g, want %g", tc.t, tc.base, got, tc.want)
		}
	}
	if got, want := Blend(a, b, 0.25).SerializeComputed(), "calc(0% + 75px + (0.25 * clamp(10px, 50%, 300px)))"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
