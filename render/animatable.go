// Spec: CSS Values and Units Level 4, Editor's Draft 2026-10 (https://drafts.csswg.org/css-values-4/#combining-values),
// §3 "Combining values: interpolation, addition and accumulation", and each property's
// "Animation type" line (CSS Box, Backgrounds, Color, Fonts, Inline, Positioning, Sizing,
// Transforms, Display): the engine's animatable longhands and how each type interpolates.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"image/color"
	"math"
	"sort"

	"loopscope/css"
)

// animProp is an animatable longhand of the engine: a css.Prop before the transition and
// animation properties (which are not animatable).
type animProp = css.Prop

// numAnimProps counts the animatable longhands (css.Prop values below it).
const numAnimProps = css.PropTransitionProperty

// animPropsByName lists the animatable longhands in code point order of their names (set
// once, never written).
var animPropsByName = func() []animProp {
	ps := make([]animProp, numAnimProps)
	for i := range ps {
		ps[i] = animProp(i)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].String() < ps[j].String() })
	return ps
}()

// animPropSet is a set of animProps, a bit each.
type animPropSet uint64

func (s animPropSet) has(p animProp) bool { return s&(1<<p) != 0 }

// animType is an animation type, as each property's definition names it.
// https://drafts.csswg.org/web-animations-1/#animation-type
type animType uint8

const (
	// typeDiscrete: "the property's value cannot be meaningfully combined": it flips at
	// 50%, and a transition does not start (no transition-behavior: allow-discrete here).
	typeDiscrete animType = iota
	// typeLength: <length-percentage> or auto ("by computed value type"; auto is discrete).
	typeLength
	// typeNonNegativeLength: the same, clamped at 0 (width, height, padding).
	typeNonNegativeLength
	// typePx: a <length> stored in px, not negative (border widths, font-size).
	typePx
	// typeNumber: opacity, clamped to [0, 1].
	typeOpacity
	// typeInteger: interpolated as a real and rounded (font-weight; z-index but auto).
	typeInteger
	// typeColor: in premultiplied sRGB.
	typeColor
	// typeTransform: a transform list (css/transform.go).
	typeTransform
	// typeVisibility: "visible" for every progress strictly between 0 and 1 when one
	// endpoint is visible; otherwise discrete.
	typeVisibility
	// typeLineHeight: by computed value type: normal is discrete, a number and a length do
	// not interpolate with each other.
	typeLineHeight
	// typePosition: a <position>, its two <length-percentage>s each (object-position).
	typePosition
)

// animTypeOf is the animation type of an engine longhand.
func animTypeOf(p animProp) animType {
	switch {
	case p >= css.PropTop && p <= css.PropLeft, p >= css.PropMarginTop && p <= css.PropMarginLeft:
		return typeLength
	case p == css.PropWidth || p == css.PropHeight, p >= css.PropPaddingTop && p <= css.PropPaddingLeft,
		p >= css.PropMinWidth && p <= css.PropMaxHeight: // auto and none are discrete
		return typeNonNegativeLength
	case p >= css.PropBorderTopWidth && p <= css.PropBorderLeftWidth, p == css.PropFontSize:
		return typePx
	case p >= css.PropBorderTopColor && p <= css.PropBorderLeftColor, p == css.PropBackgroundColor, p == css.PropColor:
		return typeColor
	case p == css.PropOpacity:
		return typeOpacity
	case p == css.PropFontWeight, p == css.PropZIndex:
		return typeInteger
	case p == css.PropTransform:
		return typeTransform
	case p == css.PropVisibility:
		return typeVisibility
	case p == css.PropLineHeight:
		return typeLineHeight
	case p == css.PropObjectPosition:
		return typePosition
	}
	// display, position, border styles, font-family, text-align, white-space, box-sizing,
	// list-style-type, overflow-x, overflow-y and object-fit.
	return typeDiscrete
}

// animValue is one animatable longhand's computed value, in the field its type uses.
type animValue struct {
	n   float64           // opacity, px values, integers, line-height's number or px
	l   length            // lengths
	l2  length            // a position's vertical length (l is its horizontal one)
	e   *css.Calc         // l's tree when it is a unitMath length
	e2  *css.Calc         // l2's
	c   color.NRGBA       // colours
	has bool              // transform is not none; z-index is auto; visibility is visible
	xf  css.TransformList // transform
	k   int64             // a discrete value's keyword(s); line-height's kind
}

// getAnim reads longhand p of s.
func getAnim(s *computedStyle, p animProp) animValue {
	switch {
	case p >= css.PropTop && p <= css.PropLeft:
		return s.lengthValue(s.inset[p-css.PropTop])
	case p == css.PropWidth:
		return s.lengthValue(s.width)
	case p == css.PropHeight:
		return s.lengthValue(s.height)
	case p >= css.PropMarginTop && p <= css.PropMarginLeft:
		return s.lengthValue(s.margin[p-css.PropMarginTop])
	case p >= css.PropPaddingTop && p <= css.PropPaddingLeft:
		return s.lengthValue(s.padding[p-css.PropPaddingTop])
	case p >= css.PropBorderTopWidth && p <= css.PropBorderLeftWidth:
		return animValue{n: s.borderWidth[p-css.PropBorderTopWidth]}
	case p >= css.PropBorderTopStyle && p <= css.PropBorderLeftStyle:
		return animValue{k: int64(s.borderStyle[p-css.PropBorderTopStyle])}
	case p >= css.PropBorderTopColor && p <= css.PropBorderLeftColor:
		return animValue{c: s.borderColor[p-css.PropBorderTopColor]}
	case p == css.PropBackgroundColor:
		return animValue{c: s.background}
	case p == css.PropColor:
		return animValue{c: s.color}
	case p == css.PropFontSize:
		return animValue{n: s.fontSize, k: int64(math.Float64bits(s.sizeKeyword))}
	case p == css.PropFontWeight:
		return animValue{n: float64(s.fontWeight)}
	case p == css.PropFontFamily:
		return animValue{k: b2i(s.mono) | b2i(s.monoGeneric)<<1}
	case p == css.PropLineHeight:
		return animValue{n: s.lineHeight, k: int64(s.lineKind)}
	case p == css.PropTextAlign:
		return animValue{k: int64(s.textAlign)}
	case p == css.PropWhiteSpace:
		return animValue{k: int64(s.whiteSpace)}
	case p == css.PropOpacity:
		return animValue{n: s.opacity}
	case p == css.PropTransform:
		return animValue{xf: s.transformList()}
	case p == css.PropVisibility:
		return animValue{has: s.visible}
	case p == css.PropZIndex:
		return animValue{has: s.zAuto, n: float64(s.zIndex)}
	case p == css.PropBoxSizing:
		return animValue{k: int64(s.boxSizing)}
	case p == css.PropListStyleType:
		return animValue{k: int64(s.listStyle)}
	case p == css.PropOverflowX || p == css.PropOverflowY:
		i := p - css.PropOverflowX
		return animValue{k: int64(s.overflow[i]) | b2i(s.overflowClip[i])<<8 | b2i(s.overflowScroll[i])<<9}
	case p == css.PropDisplay:
		return animValue{k: int64(s.display) | b2i(s.listItem)<<16}
	case p == css.PropPosition:
		return animValue{k: int64(s.position)}
	case p >= css.PropMinWidth && p <= css.PropMaxHeight:
		z := s.sizes()
		return s.lengthValue(*z.limit(p))
	case p == css.PropObjectFit:
		return animValue{k: int64(s.sizes().objectFit)}
	case p == css.PropObjectPosition:
		pos := s.sizes().objectPos
		return animValue{l: pos[0], l2: pos[1], e: s.tree(pos[0]), e2: s.tree(pos[1])}
	}
	return animValue{}
}

// lengthValue is a length of s as an animated value, with its tree.
func (s *computedStyle) lengthValue(l length) animValue { return animValue{l: l, e: s.tree(l)} }

// lengthProp reports a longhand whose value is a length of a slot (mathSlot).
func lengthProp(p css.Prop) bool {
	return p >= css.PropTop && p <= css.PropLeft || p == css.PropWidth || p == css.PropHeight ||
		p >= css.PropMarginTop && p <= css.PropMarginLeft || p >= css.PropPaddingTop && p <= css.PropPaddingLeft ||
		p >= css.PropMinWidth && p <= css.PropMaxHeight || p == css.PropObjectPosition
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// setAnim writes longhand p of s.
func setAnim(s *computedStyle, p animProp, v animValue) {
	switch {
	case p >= css.PropTop && p <= css.PropLeft:
		s.setLength(mathSlot(p), v.l, v.e)
	case p == css.PropWidth:
		s.setLength(slotWidth, v.l, v.e)
	case p == css.PropHeight:
		s.setLength(slotHeight, v.l, v.e)
	case p >= css.PropMarginTop && p <= css.PropMarginLeft:
		s.setLength(mathSlot(p), v.l, v.e)
	case p >= css.PropPaddingTop && p <= css.PropPaddingLeft:
		s.setLength(mathSlot(p), v.l, v.e)
	case p >= css.PropBorderTopWidth && p <= css.PropBorderLeftWidth:
		s.borderWidth[p-css.PropBorderTopWidth] = v.n
	case p >= css.PropBorderTopStyle && p <= css.PropBorderLeftStyle:
		s.borderStyle[p-css.PropBorderTopStyle] = css.BorderStyle(v.k)
	case p >= css.PropBorderTopColor && p <= css.PropBorderLeftColor:
		s.borderColor[p-css.PropBorderTopColor] = v.c
	case p == css.PropBackgroundColor:
		s.background = v.c
	case p == css.PropColor:
		s.color = v.c
	case p == css.PropFontSize:
		s.fontSize, s.sizeKeyword = v.n, math.Float64frombits(uint64(v.k))
	case p == css.PropFontWeight:
		s.fontWeight = int16(v.n)
	case p == css.PropFontFamily:
		s.mono, s.monoGeneric = v.k&1 != 0, v.k&2 != 0
	case p == css.PropLineHeight:
		s.lineHeight, s.lineKind = v.n, lineHeightKind(v.k)
	case p == css.PropTextAlign:
		s.textAlign = css.TextAlign(v.k)
	case p == css.PropWhiteSpace:
		s.whiteSpace = uint8(v.k)
	case p == css.PropOpacity:
		s.opacity = v.n
	case p == css.PropTransform:
		setTransformList(s, v.xf)
	case p == css.PropVisibility:
		s.visible = v.has
	case p == css.PropZIndex:
		s.zAuto, s.zIndex = v.has, int32(v.n)
	case p == css.PropBoxSizing:
		s.boxSizing = uint8(v.k)
	case p == css.PropListStyleType:
		s.listStyle = css.MarkerStyle(v.k)
	case p == css.PropOverflowX || p == css.PropOverflowY:
		i := p - css.PropOverflowX
		s.overflow[i], s.overflowClip[i], s.overflowScroll[i] = uint8(v.k&0xff), v.k&(1<<8) != 0, v.k&(1<<9) != 0
	case p == css.PropDisplay:
		s.display, s.listItem = css.Display(v.k&0xffff), v.k&(1<<16) != 0
	case p == css.PropPosition:
		s.position = css.Position(v.k)
	case p >= css.PropMinWidth && p <= css.PropMaxHeight:
		if z := s.sizes(); v.e != nil || *z.limit(p) != v.l {
			s.setLength(mathSlot(p), v.l, v.e)
		}
	case p == css.PropObjectFit:
		if s.sizes().objectFit != uint8(v.k) {
			s.editSizing().objectFit = uint8(v.k)
		}
	case p == css.PropObjectPosition:
		if pos := [2]length{v.l, v.l2}; v.e != nil || v.e2 != nil || s.sizes().objectPos != pos {
			s.setLength(slotPos, v.l, v.e)
			s.setLength(slotPos+1, v.l2, v.e2)
		}
	}
}

// animEqual reports whether two computed values of p are the same.
func animEqual(a, b animValue, p animProp) bool {
	switch animTypeOf(p) {
	case typeTransform:
		return a.xf.Equal(b.xf)
	case typeLength, typeNonNegativeLength:
		return a.l == b.l && a.e.Equal(b.e)
	case typePosition:
		return a.l == b.l && a.l2 == b.l2 && a.e.Equal(b.e) && a.e2.Equal(b.e2)
	case typeColor:
		return a.c == b.c
	case typePx, typeOpacity:
		return a.n == b.n
	case typeInteger:
		return a.n == b.n && a.has == b.has
	case typeVisibility:
		return a.has == b.has
	case typeLineHeight:
		return a.n == b.n && a.k == b.k
	}
	return a.k == b.k
}

// lengthsInterpolable reports whether two lengths interpolate: any two
// <length-percentage>s do (a length and a percentage through calc()); auto does not.
// https://drafts.csswg.org/css-values-4/#combine-math
func lengthsInterpolable(a, b length) bool { return a.u != unitAuto && b.u != unitAuto }

// animInterpolable reports whether two values of p interpolate (else they flip at 50%).
func animInterpolable(a, b animValue, p animProp) bool {
	switch animTypeOf(p) {
	case typeDiscrete:
		return false
	case typeTransform:
		return true // any two lists interpolate (through matrices where their functions differ)
	case typeLength, typeNonNegativeLength:
		return lengthsInterpolable(a.l, b.l)
	case typeInteger:
		return a.has == b.has && !(p == css.PropZIndex && a.has) // z-index: auto is discrete
	case typeVisibility:
		return a.has != b.has // one of them visible
	case typeLineHeight:
		return a.k == b.k && lineHeightKind(a.k) != lineHeightNormal
	}
	return true
}

// transitionable reports whether a change of p between a and b starts a transition: the
// property is not discrete and the values interpolate.
// https://drafts.csswg.org/css-transitions/#starting (step 2: "the element does not have a
// completed transition ... and ... the before-change style is different from the
// after-change style ... and the values are transitionable")
func transitionable(a, b animValue, p animProp) bool {
	return animTypeOf(p) != typeDiscrete && animInterpolable(a, b, p)
}

// lerpLength interpolates two <length-percentage>s: the same unit stays, a length and a
// percentage give calc(px + %) (CHROME: calc(0% + 7.5px) between 10px and 0%, a
// percentage where the length part is zero: 37.5% between 50% and 0px;
// testdata/dom/calc_lengths). https://drafts.csswg.org/css-values-4/#combine-math
func lerpLength(a, b length, ae, be *css.Calc, t float64) (length, *css.Calc) {
	if a.u == unitMath || b.u == unitMath {
		return length{u: unitMath}, css.Blend(a.calc(ae), b.calc(be), t)
	}
	if a.u == b.u && a.u != unitCalc {
		return length{v: a.v + (b.v-a.v)*t, u: b.u}, nil
	}
	ap, apct := a.components()
	bp, bpct := b.components()
	return calcLength(ap+(bp-ap)*t, float32(apct+(bpct-apct)*t)), nil
}

// calc is a length as a math function's tree (tree: a unitMath length's).
func (l length) calc(tree *css.Calc) *css.Calc {
	switch {
	case l.u == unitMath && tree != nil:
		return tree
	case l.u == unitPercent:
		return &css.Calc{Len: css.Length{V: l.v, U: css.Percent}, Pct: true}
	case l.u == unitCalc:
		return &css.Calc{Op: css.CalcSum, Pct: true, Args: []*css.Calc{
			{Len: css.Length{V: float64(l.p), U: css.Percent}, Pct: true}, {Len: css.PxLength(l.v)}}}
	}
	return &css.Calc{Len: css.PxLength(l.v)}
}

// components splits a length into its px and percentage parts.
func (l length) components() (px, pct float64) {
	switch l.u {
	case unitPercent:
		return 0, l.v
	case unitCalc:
		return l.v, float64(l.p)
	}
	return l.v, 0
}

// interpolateAnim blends two values of p at progress t (values that do not interpolate
// flip at 50%). https://drafts.csswg.org/css-values-4/#interpolation
func interpolateAnim(a, b animValue, p animProp, t float64) animValue {
	if !animInterpolable(a, b, p) {
		if t < 0.5 {
			return a
		}
		return b
	}
	switch animTypeOf(p) {
	case typeOpacity:
		return animValue{n: css.Clamp01(a.n + (b.n-a.n)*t)}
	case typeTransform:
		return animValue{xf: css.InterpolateTransformLists(a.xf, b.xf, t)}
	case typeColor:
		return animValue{c: interpolateColor(a.c, b.c, t)}
	case typeLength:
		l, e := lerpLength(a.l, b.l, a.e, b.e, t)
		return animValue{l: l, e: e}
	case typePosition:
		l, e := lerpLength(a.l, b.l, a.e, b.e, t)
		l2, e2 := lerpLength(a.l2, b.l2, a.e2, b.e2, t)
		return animValue{l: l, l2: l2, e: e, e2: e2}
	case typeNonNegativeLength:
		l, e := lerpLength(a.l, b.l, a.e, b.e, t)
		return animValue{l: l.nonNeg(), e: e}
	case typePx:
		v := a
		v.n = math.Max(a.n+(b.n-a.n)*t, 0)
		if p == css.PropFontSize {
			v.k = 0 // no longer an absolute-size keyword
		}
		return v
	case typeInteger:
		v := a
		v.n = math.Round(a.n + (b.n-a.n)*t)
		if p == css.PropFontWeight {
			v.n = math.Max(1, math.Min(1000, v.n))
		}
		return v
	case typeVisibility:
		// "values of p between 0 and 1 map to visible and other values map to the closer
		// endpoint".
		switch {
		case t <= 0:
			return a
		case t >= 1:
			return b
		}
		return animValue{has: true}
	case typeLineHeight:
		v := a
		v.n = math.Max(a.n+(b.n-a.n)*t, 0)
		return v
	}
	return b
}
