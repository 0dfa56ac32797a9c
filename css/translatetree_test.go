package css

import "testing"

// TestTranslateKeepsItsTree: a translation's min(), max() or clamp() of a percentage parses
// (it was dropped as invalid), resolves against the reference box in the list's matrix (x of
// its width, y of its height), sums with the list's other translations, blends with another
// translation as Chrome's calc() blend, and two parses of it are equal lists. The numbers
// are Chromium 156's (testdata/dom/math_percent_translate).
func TestTranslateKeepsItsTree(t *testing.T) {
	px := func(l Length) float64 { return l.V }
	parse := func(s string) TransformList {
		t.Helper()
		l, ok := ParseTransformList(s)
		if !ok {
			t.Fatalf("%s: invalid", s)
		}
		return l
	}
	for _, c := range []struct {
		list string
		w, h float64
		want Matrix
	}{
		{"translateX(clamp(10px, 50%, 200px))", 300, 100, Matrix{A: 1, D: 1, E: 150}},
		{"translateX(clamp(10px, 50%, 200px))", 500, 100, Matrix{A: 1, D: 1, E: 200}},
		{"translateY(min(50%, 30px))", 300, 100, Matrix{A: 1, D: 1, F: 30}},
		{"translate(max(10%, 5px), calc(10px + min(20%, 16px)))", 300, 100, Matrix{A: 1, D: 1, E: 30, F: 26}},
		{"translateX(calc(min(50%, 100px) / 2 + 10%)) translateY(max(-10%, -5px))", 300, 100, Matrix{A: 1, D: 1, E: 80, F: -5}},
		{"rotate(90deg) translateX(min(50%, 100px)) scale(2)", 300, 100, Matrix{B: 2, C: -2, F: 100}},
	} {
		if got := parse(c.list).Matrix(c.w, c.h, px); got != c.want {
			t.Errorf("%s on %gx%g: %+v, want %+v", c.list, c.w, c.h, got, c.want)
		}
	}
	// The sum the painter places: a tree plus a percentage and a length.
	x, y := parse("translate(min(50%, 100px), 10%) translateX(calc(10% + 5px))").TranslationSum()
	if !x.Tree() || y.Tree() || x.Resolve(300) != 135 || y.Resolve(100) != 10 {
		t.Errorf("sum: %+v %+v, x of 300px %g, y of 100px %g", x, y, x.Resolve(300), y.Resolve(100))
	}
	// translateX(0) to translateX(min(50%, 100px)) of a 150px box.
	from, to := parse("translateX(0)"), parse("translateX(min(50%, 100px))")
	for _, c := range []struct{ p, want float64 }{{0, 0}, {0.25, 18.75}, {0.75, 56.25}, {1, 75}} {
		if got := InterpolateTransformLists(from, to, c.p).Matrix(150, 10, px).E; got != c.want {
			t.Errorf("blend at %g: %g, want %g", c.p, got, c.want)
		}
	}
	if _, _, ok := InterpolatedTranslationSum(from, to, 0.5); ok {
		t.Error("InterpolatedTranslationSum took a tree (the compositor's plan resolves px and percentages only)")
	}
	if !to.Equal(parse("translateX(min(50%, 100px))")) || to.Equal(parse("translateX(min(50%, 101px))")) {
		t.Error("Equal compares the trees' pointers, not their values")
	}
	if s, ok := SerializeMathIn("translateX(calc(min(50%, 100px) / 2 + 10%))"); !ok || s != "translateX(calc(10% + (0.5 * min(50%, 100px))))" {
		t.Errorf("serialised %q %v", s, ok)
	}
}
