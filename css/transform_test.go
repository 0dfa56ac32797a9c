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
