package render

import (
	"slices"

	"loopscope/css"
)

// How far a change of an element's used style reaches down the pipeline: nothing, the
// display list, layout on the same boxes, or the box tree (see invalidation.go).

// damageLevel is how far a style change reaches: each level includes the ones before.
type damageLevel uint8

const (
	damageNone   damageLevel = iota
	damagePaint              // the display list changes (colours, opacity, transform, stacking)
	damageLayout             // geometry changes on the same box tree
	damageBoxes              // the box tree itself changes (display, position, fonts, text)
)

// inheritedDiffer reports whether a property children inherit differs.
func inheritedDiffer(a, b *computedStyle) bool {
	return a.color != b.color || a.fontSize != b.fontSize || a.fontWeight != b.fontWeight || a.mono != b.mono ||
		a.monoGeneric != b.monoGeneric || a.sizeKeyword != b.sizeKeyword || a.lineHeight != b.lineHeight ||
		a.lineKind != b.lineKind || a.textAlign != b.textAlign || a.whiteSpace != b.whiteSpace ||
		a.visible != b.visible || a.listStyle != b.listStyle || !slices.Equal(a.transitions, b.transitions)
}

// styleDamage says how far the change from style a to style b reaches.
func styleDamage(a, b *computedStyle) damageLevel {
	switch {
	case a.display != b.display || a.position != b.position || a.listItem != b.listItem || a.whiteSpace != b.whiteSpace ||
		a.fontSize != b.fontSize || a.fontWeight != b.fontWeight || a.mono != b.mono ||
		b.display == css.DisplayInline && hasInlineEdges(a) != hasInlineEdges(b):
		return damageBoxes
	case a.inset != b.inset || a.width != b.width || a.height != b.height || a.margin != b.margin ||
		a.padding != b.padding || a.borderWidth != b.borderWidth || a.lineHeight != b.lineHeight ||
		a.lineKind != b.lineKind || a.textAlign != b.textAlign || a.boxSizing != b.boxSizing ||
		a.overflowClip != b.overflowClip || a.overflow != b.overflow:
		return damageLayout
	case a.background != b.background || a.color != b.color || a.borderColor != b.borderColor ||
		a.borderStyle != b.borderStyle || a.opacity != b.opacity || a.hasTransform != b.hasTransform ||
		a.tx != b.tx || a.ty != b.ty || a.visible != b.visible || a.zAuto != b.zAuto || a.zIndex != b.zIndex ||
		a.listStyle != b.listStyle:
		return damagePaint
	}
	return damageNone
}

// hasInlineEdges reports whether an inline element's start or end padding or border is
// not zero: content of its own that decides whether an inline run makes an anonymous
// block (box.go's inlineBuilder), so a change of it changes the box tree.
func hasInlineEdges(s *computedStyle) bool {
	return s.padding[1].v != 0 || s.padding[3].v != 0 || s.borderWidth[1] != 0 || s.borderWidth[3] != 0
}
