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
	// unitMath: a math function that only its percentage's basis resolves (a min(), max()
	// or clamp() of a percentage, or an interpolation with one): v is the slot of its
	// computed tree in its style's mathTrees (computedStyle.resolveLength).
	unitMath
)

// length is a CSS <length-percentage> or auto. A computed style holds sixteen: it is 16
// bytes (BenchmarkMemoryPerDiv), so a math function's tree is kept beside them (mathTrees).
// CHROME: the percentage of a calc() length is a float32, as Blink's PixelsAndPercent
// keeps it.
type length struct {
	v float64
	p float32 // the percentage of a unitCalc length
	u unit
}

// hasPercent reports whether l depends on a percentage base.
func (l length) hasPercent() bool { return l.u == unitPercent || l.u == unitCalc || l.u == unitMath }

// The slots of a computed style's lengths that may hold a unitMath length: the property's
// own, so that styles copied whole keep their trees.
const (
	slotInset   = 0 // four: top, right, bottom, left
	slotWidth   = 4
	slotHeight  = 5
	slotMargin  = 6  // four
	slotPadding = 10 // four
	slotMinW    = 14 // min-width, min-height, max-width, max-height
	slotPos     = 18 // object-position's two
	numSlots    = 20
)

// mathTrees are the computed trees of a style's unitMath lengths, by slot (their lengths
// in px: css.Calc.Absolute), in its sizing record. Never changed once a style has them:
// setting one copies them.
type mathTrees [numSlots]*css.Calc

// mathSlot is the slot of longhand p's length.
func mathSlot(p css.Prop) int {
	switch {
	case p >= css.PropTop && p <= css.PropLeft:
		return slotInset + int(p-css.PropTop)
	case p == css.PropWidth:
		return slotWidth
	case p == css.PropHeight:
		return slotHeight
	case p >= css.PropMarginTop && p <= css.PropMarginLeft:
		return slotMargin + int(p-css.PropMarginTop)
	case p >= css.PropPaddingTop && p <= css.PropPaddingLeft:
		return slotPadding + int(p-css.PropPaddingTop)
	case p >= css.PropMinWidth && p <= css.PropMaxHeight:
		return slotMinW + int(p-css.PropMinWidth)
	}
	return slotPos
}

// tree is the computed tree of a unitMath length of s (nil for another length).
func (s *computedStyle) tree(l length) *css.Calc {
	if l.u != unitMath || s.sizing == nil || s.sizing.math == nil {
		return nil
	}
	return s.sizing.math[int(l.v)%numSlots]
}

// setLength stores a computed length (and its tree, for a unitMath one) in the field of
// slot; a min or max size or object-position, and a tree, in a sizing record of s's own
// (editSizing: callers set one only when it changes).
func (s *computedStyle) setLength(slot int, l length, tree *css.Calc) {
	if l.u != unitMath {
		tree = nil
	}
	if old := s.sizes().math; l.u == unitMath || slot >= slotMinW || old != nil && old[slot] != nil {
		z := s.editSizing()
		if tree != nil || z.math != nil && z.math[slot] != nil { // a tree set, or one no longer used
			m := new(mathTrees)
			if z.math != nil {
				*m = *z.math
			}
			m[slot], z.math = tree, m
		}
	}
	if l.u == unitMath {
		l.v = float64(slot)
	}
	*s.lengthAt(slot) = l
}

// lengthAt is the field of slot in s (in its sizing record for min and max sizes and
// object-position).
func (s *computedStyle) lengthAt(slot int) *length {
	switch {
	case slot < slotWidth:
		return &s.inset[slot-slotInset]
	case slot == slotWidth:
		return &s.width
	case slot == slotHeight:
		return &s.height
	case slot < slotPadding:
		return &s.margin[slot-slotMargin]
	case slot < slotMinW:
		return &s.padding[slot-slotPadding]
	case slot < slotPos:
		return s.sizing.limit(css.PropMinWidth + css.Prop(slot-slotMinW))
	}
	return &s.sizing.objectPos[slot-slotPos]
}

// resolveLength is l (a length of s) in px, its percentages of base: resolve, and a math
// function's tree evaluated as Chrome does (css.Calc.Used), truncated to 1/64 px.
func (s *computedStyle) resolveLength(l length, base float64) float64 {
	if l.u == unitMath {
		t := s.tree(l)
		if t == nil {
			return 0
		}
		return snap(t.Used(base))
	}
	return l.resolve(base)
}

// resolveUnsnapped is resolveLength without the truncation to 1/64 px.
func (s *computedStyle) resolveUnsnapped(l length, base float64) float64 {
	switch l.u {
	case unitPx:
		return l.v
	case unitPercent:
		return l.v * base / 100
	case unitCalc:
		return float64(float32(float32(l.v) + float32(float32(l.p/100)*float32(base))))
	case unitMath:
		if t := s.tree(l); t != nil {
			return t.Used(base)
		}
	}
	return 0
}

// resolveNonNeg is resolveLength for a property whose values are not negative: a math
// function that is (calc(10% - 20px)) is clamped where it is used.
// https://drafts.csswg.org/css-values-4/#calc-range
func (s *computedStyle) resolveNonNeg(l length, base float64) float64 {
	return max(0, s.resolveLength(l, base))
}

// mathEqual reports two styles whose unitMath lengths have the same trees.
func mathEqual(a, b *computedStyle) bool {
	am, bm := a.sizes().math, b.sizes().math
	if am == bm {
		return true
	}
	for i := 0; i < numSlots; i++ {
		var x, y *css.Calc
		if am != nil {
			x = am[i]
		}
		if bm != nil {
			y = bm[i]
		}
		if !x.Equal(y) {
			return false
		}
	}
	return true
}

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
	return 0 // auto, and a unitMath length, which its style resolves (resolveLength)
}

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
func computeLength(l css.Length, fb fontBasis, cx *computeContext) length {
	v, _ := computeLengthTree(l, fb, cx)
	return v
}

// computeLengthTree is computeLength with the computed tree of a unitMath length.
func computeLengthTree(l css.Length, fb fontBasis, cx *computeContext) (length, *css.Calc) {
	if l.U == css.Math {
		return computeMath(l.Calc, fb, cx)
	}
	switch l.U {
	case css.Percent:
		if l.V != l.V || math.IsInf(l.V, 0) {
			return length{u: unitPercent}, nil
		}
		return length{v: max(min(l.V, 1e9), -1e9), u: unitPercent}, nil
	case css.Auto:
		return autoLength, nil
	}
	return px(clampPx(absoluteLength(l, fb, cx))), nil
}

// computeMath simplifies a math function at computed-value time: its relative lengths
// become px, and a sum of lengths and percentages becomes one length and one percentage
// (a length when no percentage occurs). https://drafts.csswg.org/css-values-4/#calc-computed-value
func computeMath(c *css.Calc, fb fontBasis, cx *computeContext) (length, *css.Calc) {
	abs := func(l css.Length) float64 { return absoluteLength(l, fb, cx) }
	v, pct, linear := c.Simplify(abs)
	if !linear {
		return length{u: unitMath}, c.Absolute(abs)
	}
	if !c.Pct {
		return px(clampPx(v)), nil
	}
	if pct != pct || math.IsInf(pct, 0) {
		pct = 0
	}
	// CHROME: the length of calc(px + %) is a float (calc(infinity * 1px + 10%) computes
	// to calc(10% + 3.40282e+38px)); a length alone is a LayoutUnit's (clampPx).
	if v != v {
		v = 0
	}
	return calcLength(max(min(v, math.MaxFloat32), -math.MaxFloat32), float32(max(min(pct, 1e9), -1e9))), nil
}

// absoluteLength is a length other than a percentage in px, not clamped (a term of a sum).
func absoluteLength(l css.Length, fb fontBasis, cx *computeContext) float64 {
	switch l.U {
	case css.Em:
		return l.V * fb.size
	case css.Ex:
		return l.V * cx.xHeight(fb)
	case css.Ch:
		return l.V * cx.zeroAdvance(fb)
	case css.Rem:
		return l.V * cx.rootFontSize
	case css.Vw:
		return l.V * cx.viewportW / 100
	case css.Vh:
		return l.V * cx.viewportH / 100
	}
	return l.V
}

// xHeight is the used x-height of a font, the px of 1ex: its face's (OS/2 sxHeight),
// rounded to whole px as Chrome's is (testdata/dom/font_relative_units); 0.5em without
// faces. https://drafts.csswg.org/css-values-4/#ex
// DEPARTURE: the faces are the Go fonts, not Chromium's (DejaVu Sans and DejaVu Sans Mono
// on Debian), so 1ex and 1ch differ from Chrome's in px. Chromium 156's 1ex at 10, 13, 16
// and 20px is 6, 7, 9 and 11px, Go Regular's 5, 7, 8 and 11px (x-height 0.53em); 1ch is
// 0.636em in DejaVu Sans and 0.602em in DejaVu Sans Mono, 0.556em in Go Regular and
// 0.600em in Go Mono.
func (cx *computeContext) xHeight(fb fontBasis) float64 {
	if cx.fonts == nil {
		return fb.size / 2
	}
	return cx.fonts.faceOf(fb).xHeight
}

// zeroAdvance is the advance of "0" in a font, the px of 1ch (the advance text layout
// uses: 10ch holds ten zeros); 0.5em without faces. https://drafts.csswg.org/css-values-4/#ch
func (cx *computeContext) zeroAdvance(fb fontBasis) float64 {
	if cx.fonts == nil {
		return fb.size / 2
	}
	return cx.fonts.faceOf(fb).advance('0')
}

// calcLength is calc(pct% + v px). CHROME: a sum whose length part is zero is a
// percentage (calc(50% + 0px) computes to 50%; calc(0% + 10px) stays as it is).
func calcLength(v float64, pct float32) length {
	if v == 0 {
		return length{v: float64(pct), u: unitPercent}
	}
	return length{v: v, p: pct, u: unitCalc}
}
