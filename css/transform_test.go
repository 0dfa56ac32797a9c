package css

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestTransformListsAsChromium computes the lines of testdata/animations/transform_lists
// (recorded from Chromium 156) from the parser, the current transformation matrix and the
// interpolation alone: every static list's matrix, and every pair at 0, 25, 50 and 75 % on a
// 100 × 50 box.
func TestTransformListsAsChromium(t *testing.T) {
	raw, err := os.ReadFile("../testdata/animations/transform_lists.json")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Runs []struct{ Expected []string }
	}
	if err := json.Unmarshal(raw, &c); err != nil || len(c.Runs) == 0 {
		t.Fatal(err)
	}
	px := func(l Length) float64 { return l.V }
	serialize := func(l TransformList) string {
		if l == nil {
			return "none"
		}
		return l.Matrix(100, 50, px).Serialize()
	}
	parse := func(s string) TransformList {
		l, ok := ParseTransformList(s)
		if !ok {
			t.Fatalf("%q does not parse", s)
		}
		return l
	}
	checked := 0
	for _, line := range c.Runs[0].Expected {
		switch {
		case strings.HasPrefix(line, "static "):
			src, want, _ := strings.Cut(strings.TrimPrefix(line, "static "), " -> ")
			if got := serialize(parse(src)); got != want {
				t.Errorf("%s: got %s, Chromium %s", src, got, want)
			}
		case strings.HasPrefix(line, "lerp "):
			pair, want, _ := strings.Cut(strings.TrimPrefix(line, "lerp "), " : ")
			a, b, _ := strings.Cut(pair, " => ")
			var got []string
			for _, p := range []float64{0, 0.25, 0.5, 0.75} {
				got = append(got, serialize(InterpolateTransformLists(parse(a), parse(b), p)))
			}
			if g := strings.Join(got, " | "); g != want {
				t.Errorf("%s => %s:\n got      %s\n Chromium %s", a, b, g, want)
			}
		default:
			continue
		}
		checked++
	}
	if checked < 40 {
		t.Errorf("only %d lines checked", checked)
	}
}

// TestTransformListParsing: what is not a transform list.
func TestTransformListParsing(t *testing.T) {
	for _, s := range []string{"", "rotate(10px)", "translate()", "scale(1, 2, 3)", "matrix(1, 2, 3)", "skewx(1deg, 2deg)", "foo(1)", "translate(1px 2px)", "rotate(5)"} {
		if _, ok := ParseTransformList(s); ok {
			t.Errorf("%q parsed", s)
		}
	}
	if l, ok := ParseTransformList("rotate(0)"); !ok || len(l) != 1 {
		t.Errorf("rotate(0): %v %v", l, ok)
	}
}

// TestInterpolatedTranslationSum: for lists of translations of as many functions, the
// sum without the list is the list's sum, bit for bit (px, %, calc, em, mixed units that
// flip at 50%, zeros taking the other's unit), and other lists are refused.
func TestInterpolatedTranslationSum(t *testing.T) {
	pairs := [][2]string{
		{"translateX(0)", "translateX(3.5px)"},
		{"translate(0.3px, 0.1px)", "translate(7.7px, 3.35px)"},
		{"translate(10%, 2px) translateY(1.5em)", "translate(calc(5px + 20%), -3px) translateY(2px)"},
		{"translate(1em, 2px)", "translate(3px, 0)"},
		{"translate(-0%, 1px)", "translate(0%, -2px)"},
		{"translateY(-2.25px) translateX(50%)", "translateY(5.5px) translateX(0)"},
	}
	for _, pr := range pairs {
		from, ok1 := ParseTransformList(pr[0])
		to, ok2 := ParseTransformList(pr[1])
		if !ok1 || !ok2 {
			t.Fatalf("%q or %q does not parse", pr[0], pr[1])
		}
		for _, p := range []float64{0, 0.1, 1.0 / 3, 0.5, 0.49999, 0.77, 1, -0.2, 1.3} {
			x, y, ok := InterpolatedTranslationSum(from, to, p)
			wx, wy := InterpolateTransformLists(from, to, p).TranslationSum()
			if !ok || x != wx || y != wy {
				t.Errorf("%q to %q at %v: %v %v %v, want %v %v", pr[0], pr[1], p, x, y, ok, wx, wy)
			}
			if len(from) == 1 {
				if x1, y1 := InterpolatedTranslation(from[0].X, from[0].Y, to[0].X, to[0].Y, p); x1 != wx || y1 != wy {
					t.Errorf("%q to %q at %v: one translation %v %v, want %v %v", pr[0], pr[1], p, x1, y1, wx, wy)
				}
			}
		}
	}
	for _, pr := range [][2]string{{"none", "translateX(2px)"}, {"translateX(1px)", "translate(1px) translateY(2px)"},
		{"rotate(10deg)", "rotate(20deg)"}, {"none", "none"}} {
		from, _ := ParseTransformList(pr[0])
		to, _ := ParseTransformList(pr[1])
		if _, _, ok := InterpolatedTranslationSum(from, to, 0.5); ok {
			t.Errorf("%q to %q: summed, want refused", pr[0], pr[1])
		}
	}
}
