package render

import (
	"math"

	"loopscope/css"
)

// unit is the unit of a computed length: em, rem, vw and vh are resolved to px when
// values are computed, so only px, % and auto remain.
type unit uint8

const (
	unitPx unit = iota
	unitPercent
	unitAuto
	// unitCalc: calc(v px + p %), the interpolation of a length with a percentage.
	unitCalc
)

// length is a CSS <length-percentage> or auto. A computed style holds sixteen: it is 16
// bytes. CHROME: the percentage of a calc() length is a float32, as Blink's
// PixelsAndPercent keeps it.
type length struct {
	v float64
	p float32 // the percentage of a unitCalc length
	u unit
}

// hasPercent reports whether l depends on a percentage base.
func (l length) hasPercent() bool { return l.u == unitPercent || l.u == unitCalc }

var autoLength = length{u: unitAuto}

func px(v float64) length { return length{v: v} }

func (l length) isAuto() bool { return l.u == unitAuto }

// resolve returns the used value in px; percentages are of base, auto is 0. Like
// Chrome's LayoutUnit, the result is truncated to a multiple of 1/64 px.
func (l length) resolve(base float64) float64 {
	switch l.u {
	case unitPx:
		return snap(l.v)
	case unitPercent:
		return snap(l.v * base / 100)
	case unitCalc:
		// CHROME: Blink evaluates calc(px + %) in float (PixelsAndPercent: pixels + percent /
		// 100 * basis), so calc(75px - 7.5%) of 800px is 14.984375px, not 15px
		// (testdata/dom/calc_lengths). The conversions round each step to float32.
		frac := float32(l.p / 100)
		part := float32(frac * float32(base))
		return snap(float64(float32(float32(l.v) + part)))
	}
	return 0
}

// resolveNonNeg is resolve for a property whose values are not negative: a math function
// that is (calc(10% - 20px)) is clamped where it is used. https://drafts.csswg.org/css-values-4/#calc-range
func (l length) resolveNonNeg(base float64) float64 { return max(0, l.resolve(base)) }

// nonNeg clamps a computed length of a property whose values are not negative: a math
// function without a percentage is clamped when computed, one with a percentage when used.
func (l length) nonNeg() length {
	if (l.u == unitPx || l.u == unitPercent) && l.v < 0 {
		l.v = 0
	}
	return l
}

// snap truncates to Chrome's layout precision (1/64 px), within its range (clampPx).
func snap(v float64) float64 { return math.Trunc(clampPx(v)*64) / 64 }

// clampPx saturates a length to Chrome's layout range (LayoutUnit is a 32-bit count of
// 1/64 px: ±2^25 px), NaN to 0. Computed lengths and resolved ones go through it, so
// geometry stays finite and small enough for pixel arithmetic (top: -1e308px once
// overflowed paint's int conversions).
func clampPx(v float64) float64 {
	const limit = 1 << 25
	switch {
	case v != v:
		return 0
	case v > limit-1.0/64:
		return limit - 1.0/64
	case v < -limit:
		return -limit
	}
	return v
}

// computeLength turns a specified length into a computed one. Computed px lengths saturate
// to the layout range (clampPx), so that no later sum of them overflows.
// https://drafts.csswg.org/css-values/#lengths
func computeLength(l css.Length, fontSize float64, cx *computeContext) length {
	switch l.U {
	case css.Percent:
		if l.V != l.V || math.IsInf(l.V, 0) {
			return length{u: unitPercent}
		}
		return length{v: max(min(l.V, 1e9), -1e9), u: unitPercent}
	case css.Auto:
		return autoLength
	case css.Math:
		return computeMath(l.Calc, fontSize, cx)
	}
	return px(clampPx(absoluteLength(l, fontSize, cx)))
}

// computeMath simplifies a math function at computed-value time: its relative lengths
// become px, and a sum of lengths and percentages becomes one length and one percentage
// (a length when no percentage occurs). https://drafts.csswg.org/css-values-4/#calc-computed-value
func computeMath(c *css.Calc, fontSize float64, cx *computeContext) length {
	v, pct, _ := c.Simplify(func(l css.Length) float64 { return absoluteLength(l, fontSize, cx) })
	if !c.Pct {
		return px(clampPx(v))
	}
	if pct != pct || math.IsInf(pct, 0) {
		pct = 0
	}
	// CHROME: the length of calc(px + %) is a float (calc(infinity * 1px + 10%) computes
	// to calc(10% + 3.40282e+38px)); a length alone is a LayoutUnit's (clampPx).
	if v != v {
		v = 0
	}
	return calcLength(max(min(v, math.MaxFloat32), -math.MaxFloat32), float32(max(min(pct, 1e9), -1e9)))
}

// absoluteLength is a length other than a percentage in px, not clamped (a term of a sum).
func absoluteLength(l css.Length, fontSize float64, cx *computeContext) float64 {
	switch l.U {
	case css.Em:
		return l.V * fontSize
	case css.Rem:
		return l.V * cx.rootFontSize
	case css.Vw:
		return l.V * cx.viewportW / 100
	case css.Vh:
		return l.V * cx.viewportH / 100
	}
	return l.V
}

// calcLength is calc(pct% + v px). CHROME: a sum whose length part is zero is a
// percentage (calc(50% + 0px) computes to 50%; calc(0% + 10px) stays as it is).
func calcLength(v float64, pct float32) length {
	if v == 0 {
		return length{v: float64(pct), u: unitPercent}
	}
	return length{v: v, p: pct, u: unitCalc}
}
