package render

import (
	"image/color"
	"testing"

	"loopscope/css"
)

// Each animation type interpolates as css-values-4 says: lengths (a length with a
// percentage through calc()), non-negative lengths clamped, integers rounded, visibility
// visible strictly inside (0, 1), colours premultiplied, and discrete values flipping at 50%.
func TestInterpolateByType(t *testing.T) {
	pct := func(v float64) length { return length{v: v, u: unitPercent} }
	for _, c := range []struct {
		name string
		p    css.Prop
		a, b animValue
		t    float64
		want animValue
	}{
		{"px", css.PropMarginLeft, animValue{l: px(0)}, animValue{l: px(100)}, 0.25, animValue{l: px(25)}},
		{"px to %", css.PropMarginLeft, animValue{l: px(10)}, animValue{l: pct(50)}, 0.25, animValue{l: length{v: 7.5, u: unitCalc, p: 12.5}}},
		{"0 to %", css.PropMarginLeft, animValue{l: px(0)}, animValue{l: pct(50)}, 0.5, animValue{l: pct(25)}},
		{"auto flips", css.PropWidth, animValue{l: autoLength}, animValue{l: px(10)}, 0.49, animValue{l: autoLength}},
		{"auto flips at 50%", css.PropWidth, animValue{l: autoLength}, animValue{l: px(10)}, 0.5, animValue{l: px(10)}},
		{"non-negative", css.PropPaddingTop, animValue{l: px(0)}, animValue{l: px(10)}, -0.5, animValue{l: px(0)}},
		{"integer", css.PropZIndex, animValue{n: 1}, animValue{n: 5}, 0.3, animValue{n: 2}},
		{"z-index auto", css.PropZIndex, animValue{has: true}, animValue{n: 5}, 0.6, animValue{n: 5}},
		{"visibility", css.PropVisibility, animValue{}, animValue{has: true}, 0.01, animValue{has: true}},
		{"visibility at 0", css.PropVisibility, animValue{has: true}, animValue{}, 1, animValue{}},
		{"colour", css.PropColor, animValue{c: color.NRGBA{255, 0, 0, 255}}, animValue{c: color.NRGBA{0, 0, 255, 255}}, 0.25, animValue{c: color.NRGBA{191, 0, 64, 255}}},
		{"discrete", css.PropTextAlign, animValue{k: 1}, animValue{k: 2}, 0.49, animValue{k: 1}},
		{"discrete at 50%", css.PropTextAlign, animValue{k: 1}, animValue{k: 2}, 0.5, animValue{k: 2}},
	} {
		if got := interpolateAnim(c.a, c.b, c.p, c.t); !animEqual(got, c.want, c.p) || got.n != c.want.n || got.l != c.want.l || got.has != c.want.has || got.k != c.want.k {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	if transitionable(animValue{k: 1}, animValue{k: 2}, css.PropDisplay) {
		t.Error("display transitions")
	}
	if !transitionable(animValue{l: px(0)}, animValue{l: pct(10)}, css.PropMarginLeft) {
		t.Error("margin-left from a length to a percentage does not transition")
	}
	if got := (&computedStyle{}).lengthString(length{v: 7.5, u: unitCalc, p: 12.5}); got != "calc(12.5% + 7.5px)" {
		t.Errorf("calc serialises as %q", got)
	}
	if got := (&computedStyle{}).lengthString(length{v: -7.5, u: unitCalc, p: 12.5}); got != "calc(12.5% - 7.5px)" {
		t.Errorf("calc serialises as %q", got)
	}
}
