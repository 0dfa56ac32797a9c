package render

import (
	"slices"

	"loopscope/css"
)

// This file is damage levels: how far a change of an element's used style reaches down the
// pipeline (nothing, the display list, layout on the same boxes, or the box tree), and the
// engine's record of the furthest level a frame must redo (raiseDamage), for the changes a
// restyle makes (invalidation.go) and those an animation step makes (applyAnimationsTracked).
// What a paint-only change redoes is paintdamage.go's.

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
		a.visible != b.visible || a.listStyle != b.listStyle || !slices.Equal(a.transitions(), b.transitions())
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
		a.overflowClip != b.overflowClip || a.overflow != b.overflow ||
		a.sizing != b.sizing && a.sizes() != b.sizes() || // min/max sizes; object-fit places an img's image
		!mathEqual(a, b):
		return damageLayout
	case a.background != b.background || a.color != b.color || a.borderColor != b.borderColor ||
		a.borderStyle != b.borderStyle || a.opacity != b.opacity || a.hasTransform != b.hasTransform ||
		a.tx != b.tx || a.ty != b.ty || !sameTranslationTrees(a, b) || a.visible != b.visible || a.zAuto != b.zAuto || a.zIndex != b.zIndex ||
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

// raiseDamage records that the pipeline must redo at least level.
// A style change that reaches the boxes builds the whole box tree again (boxpatch.go
// patches it for content changes only).
func (e *Engine) raiseDamage(level damageLevel) {
	e.damage = max(e.damage, level)
	if level == damageBoxes {
		e.rebuildAll = true
	}
}

// applyAnimationsTracked applies the running transitions' values and records how far
// the used styles they change reach.
func (e *Engine) applyAnimationsTracked() {
	iv := &e.inv
	n := len(iv.snaps)
	e.snapMark++
	for _, s := range iv.snaps {
		s.st.snapMark = e.snapMark
	}
	snap := func(st *elementState) {
		if st.snapMark != e.snapMark {
			st.snapMark = e.snapMark
			iv.snaps = append(iv.snaps, styleSnap{st: st, old: st.used})
		}
	}
	for _, st := range e.animated {
		snap(st)
	}
	for _, t := range e.running {
		snap(t.st)
	}
	for _, a := range e.anims {
		if st := e.targetState(a); st != nil {
			snap(st)
		}
	}
	e.applyAnimations()
	for _, s := range iv.snaps[n:] {
		l := styleDamage(&s.old, &s.st.used)
		if l < damageBoxes && inheritedDiffer(&s.old, &s.st.used) {
			e.refreshAnonymousStyles(s.st)
		}
		if l == damagePaint {
			e.notePaintChange(s.st, &s.old)
		}
		if l == damageLayout {
			e.noteLayoutChange(s.st)
		}
		e.raiseDamage(l)
	}
	iv.snaps = iv.snaps[:0]
}
