package render

// Spec: CSS Transforms Module Level 1, W3C CR 2019-02-14
// https://www.w3.org/TR/2019/CR-css-transforms-1-20190214/ (the transform property's computed
// value) and Level 2, Editor's Draft 2026-11-01 https://drafts.csswg.org/css-transforms-2/
// (interpolation): the computed style's side of css/transform.go.

import "loopscope/css"

// A computed transform is kept in two forms. hasTransform, tx and ty are the sum of its
// translations: what the painter, hit testing and the observers place (DEPARTURE: the
// engine paints translation alone; a rotated, scaled or skewed box is painted unrotated).
// xform is the whole list, lengths in px, only when it holds a function other than a
// translation: getComputedStyle's matrix and the interpolation of animations and
// transitions use it.

// setComputedTransform sets s's transform from a declared list: translations' lengths
// become px (percentages stay, against the box).
func setComputedTransform(s *computedStyle, l css.TransformList, fb fontBasis, cx *computeContext) {
	if l == nil {
		s.hasTransform, s.tx, s.ty, s.xform = false, length{}, length{}, nil
		return
	}
	abs := func(t css.TranslateLength) css.TranslateLength {
		l, tree := computeLengthTree(t.L, fb, cx) // a math function: px, a percentage, or both
		switch l.u {
		case unitMath: // a min(), max() or clamp() of a percentage: its tree in px
			return css.TranslateLength{L: css.Length{U: css.Math, Calc: tree}, Pct: t.Pct}
		case unitPercent:
			return css.TranslateLength{Pct: t.Pct + l.v}
		case unitCalc:
			return css.TranslateLength{L: css.PxLength(l.v), Pct: t.Pct + float64(l.p)}
		}
		return css.TranslateLength{L: css.PxLength(l.v), Pct: t.Pct}
	}
	out := make(css.TransformList, len(l))
	for i, f := range l {
		if f.Op == css.OpTranslate {
			f.X, f.Y = abs(f.X), abs(f.Y)
		}
		out[i] = f
	}
	setTransformList(s, out)
}

// setTransformList sets s's transform from a computed list (lengths in px). A translation
// whose sum is a tree (css.TranslateLength.Tree) is unitMath in tx or ty, and the list is
// kept in xform, where translation reads it.
func setTransformList(s *computedStyle, l css.TransformList) {
	s.hasTransform, s.xform = l != nil, nil
	x, y := l.TranslationSum()
	s.tx, s.ty = translateToLength(x), translateToLength(y)
	if !l.OnlyTranslations() || x.Tree() || y.Tree() {
		s.xform = &l
	}
}

// translation is s's translation on a w × h box in px (truncated to 1/64 px, as a length's
// resolve).
func (s *computedStyle) translation(w, h float64) (x, y float64) {
	return translationOf(s.tx, s.ty, s.xform, w, h)
}

// translationOf is the translation (tx, ty) of a style whose transform is xform (read for
// a tree) on a w × h box.
func translationOf(tx, ty length, xform *css.TransformList, w, h float64) (x, y float64) {
	if tx.u != unitMath && ty.u != unitMath || xform == nil {
		return tx.resolve(w), ty.resolve(h)
	}
	sx, sy := xform.TranslationSum()
	return snap(sx.Resolve(w)), snap(sy.Resolve(h))
}

// sameTranslationTrees reports two styles whose translations' trees are the same (tx and
// ty compare the rest).
func sameTranslationTrees(a, b *computedStyle) bool {
	if a.tx.u != unitMath && a.ty.u != unitMath && b.tx.u != unitMath && b.ty.u != unitMath {
		return true
	}
	return a.xform != nil && b.xform != nil && a.xform.Equal(*b.xform)
}

// transformList is s's computed transform as a list: nil for none.
func (s *computedStyle) transformList() css.TransformList {
	switch {
	case s.xform != nil:
		return *s.xform
	case !s.hasTransform:
		return nil
	}
	return css.TransformList{{Op: css.OpTranslate, X: lengthToTranslate(s.tx), Y: lengthToTranslate(s.ty)}}
}

// transformMatrix is the resolved value getComputedStyle gives for s on a w × h box.
func (s *computedStyle) transformMatrix(w, h float64) css.Matrix {
	return s.transformList().Matrix(w, h, func(l css.Length) float64 { return l.V })
}

// translateToLength is a translation's length as the painter's length (px, %, or calc; a
// tree is unitMath, resolved from the style's list: translation).
func translateToLength(t css.TranslateLength) length {
	switch {
	case t.Tree():
		return length{u: unitMath}
	case t.Pct == 0:
		return px(t.L.V)
	case t.L.V == 0:
		return length{v: t.Pct, u: unitPercent}
	}
	return length{v: t.L.V, u: unitCalc, p: float32(t.Pct)}
}

// lengthToTranslate is the inverse of translateToLength.
func lengthToTranslate(l length) css.TranslateLength {
	switch l.u {
	case unitPercent:
		return css.TranslateLength{Pct: l.v}
	case unitCalc:
		return css.TranslateLength{L: css.PxLength(l.v), Pct: float64(l.p)}
	}
	return css.TranslateLength{L: css.PxLength(l.v)}
}
