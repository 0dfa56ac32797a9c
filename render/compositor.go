package render

import (
	"image"

	"loopscope/css"
)

// This file is the compositor's side of rendering (issue 29), after Chrome's composited
// animations: the layers are the display list's opacity groups (each box's layerAt) and
// its translated stacking contexts (placed: what each was painted with), and a frame that
// only advances animations of opacity and transform (CSS animations, script animations,
// transitions) updates each layer's alpha or places its context again, without a cascade,
// a layout, a display list built again or a per-element style snapshot
// (compositeAnimations); only the damaged area is rastered. A transform change made by a
// restyle (a style attribute, a class) places its context again the same way
// (notePaintChange). A context placed again is painted again in place, from the offset and
// clip it was first painted with, so the frame is the one a full render gives, byte for
// byte, whatever the fractions of its translation (TestIncrementalFramesMatchFullFrames).
//
// The two views of time meet at UpdateAnimations: the compositor samples each animation
// at the timeline time of the frame (e.now), the time script reads from
// document.timeline.currentTime, and writes the values into the elements' used styles,
// so getComputedStyle, getAnimations() and the events see the values the frame shows.

// compositedProps are the properties the compositor animates.
const compositedProps = animPropSet(1<<css.PropOpacity | 1<<css.PropTransform)

// placedContext is what a translated stacking context was painted with, kept for the
// display list it is in (Engine.placed), so a change of its translation paints it again
// in place (replaceContext).
type placedContext struct {
	b              *box
	from, to       int32   // its items in the display list, from its first to after its last
	hitFrom, hitTo int32   // its hit-test areas
	dx, dy         float64 // the offset it was painted at (before its translation)
	tx, ty         float64 // its translation, resolved
	clip           Rect    // the clip it was painted inside, when clipped
	clipped        bool
	grouped        bool // inside an opacity group (whose bounds it counts in)
	twice          bool // painted twice in one list: not placed again
}

// startPlacing records where a translated stacking context starts in the display list.
func (e *Engine) startPlacing(b *box, dx, dy float64) placedContext {
	pc := placedContext{b: b, from: int32(len(e.list)) - e.relocate, hitFrom: int32(len(e.hits)) - e.hitRelocate,
		dx: dx, dy: dy, tx: b.st.tx.resolve(b.w), ty: b.st.ty.resolve(b.h), grouped: e.layerDepth > 0}
	if k := len(e.clips); k > 0 {
		pc.clip, pc.clipped = e.clips[k-1], true
	}
	return pc
}

// endPlacing keeps what a translated stacking context was painted with.
func (e *Engine) endPlacing(b *box, pc placedContext) {
	pc.to, pc.hitTo = int32(len(e.list))-e.relocate, int32(len(e.hits))-e.hitRelocate
	if i := e.repaintAt; i >= 0 && b == e.placedAt[i].b { // the context painted again (no lookup)
		e.placedAt[i] = pc
		return
	}
	i, ok := e.placed[b]
	switch {
	case !ok:
		e.placed[b] = int32(len(e.placedAt))
		e.placedAt = append(e.placedAt, pc)
	case !e.repainting || e.placedAt[i].twice:
		pc.twice = true
		fallthrough
	default:
		e.placedAt[i] = pc
	}
}

// replaceContext paints b's stacking context again in place, with its new translation
// and whatever else of its paint changed, and records the rectangles where its items
// changed as damage. It returns false when it cannot: another number of items or hit
// areas, the focus ring moved, an opacity group around it (its bounds would change), a
// context painted twice; the caller then builds the display list again (the boxes'
// records may be half updated: only a new list is right).
func (e *Engine) replaceContext(b *box, view image.Rectangle) bool {
	at, ok := e.placed[b]
	if !ok {
		return false
	}
	pc := e.placedAt[at]
	if pc.twice || pc.grouped || pc.from < 0 || int(pc.to) > len(e.list) || int(pc.hitTo) > len(e.hits) {
		return false
	}
	base, hitBase := len(e.list), len(e.hits)
	ring := e.focusRing
	e.relocate, e.hitRelocate, e.repainting, e.repaintAt = int32(base)-pc.from, int32(hitBase)-pc.hitFrom, true, at
	e.clips = e.clips[:0]
	if pc.clipped {
		e.clips = append(e.clips, pc.clip)
	}
	e.paintStackingContext(b, pc.dx, pc.dy)
	e.relocate, e.hitRelocate, e.repainting, e.repaintAt = 0, 0, false, -1
	e.clips = e.clips[:0]
	same := len(e.list)-base == int(pc.to-pc.from) && len(e.hits)-hitBase == int(pc.hitTo-pc.hitFrom) && e.focusRing == ring
	if same {
		for i, it := range e.list[base:] {
			old := &e.list[int(pc.from)+i]
			if *old != it {
				if r := old.r.Union(it.r).Intersect(view); !r.Empty() {
					e.inv.patchDamage = append(e.inv.patchDamage, r)
				}
				*old = it
				e.noteItemChanged(int(pc.from) + i)
			}
		}
		copy(e.hits[pc.hitFrom:pc.hitTo], e.hits[hitBase:])
	}
	clear(e.list[base:])
	e.list = e.list[:base]
	clear(e.hits[hitBase:])
	e.hits = e.hits[:hitBase]
	return same
}

// placedMoved reports whether b was painted as a translated stacking context of the
// current display list with another translation than its style's now.
func (e *Engine) placedMoved(b *box) bool {
	i, ok := e.placed[b]
	return ok && e.placedAt[i].movedFrom(b)
}

// movedFrom reports whether b's translation is another than the one pc was painted with.
func (pc *placedContext) movedFrom(b *box) bool {
	return pc.tx != b.st.tx.resolve(b.w) || pc.ty != b.st.ty.resolve(b.h)
}

// compositeAnimations is the compositor's frame: when no DOM change waits for a restyle
// and every animation and transition that applies sets only opacity and transform (and
// those the last application set did too), it sets each animated element's opacity and
// transform in its used style from its base style and the animations, and compares them
// with its layers: an alpha to set, a context to place again (the display list is patched
// in Layout), or, when an element starts or stops being a layer, a new display list. It
// returns false, having changed nothing, when it cannot.
func (e *Engine) compositeAnimations() bool {
	if !e.compositedOnly || !e.laidOut {
		return false
	}
	for _, t := range e.running {
		if !compositedProps.has(t.prop) {
			return false
		}
	}
	for _, a := range e.anims {
		if st := e.targetState(a); st != nil {
			e.resolve(&a.effect, st)
			if a.effect.props&^compositedProps != 0 {
				return false
			}
		}
	}
	e.wasAnimated = append(e.wasAnimated[:0], e.animated...)
	e.applyAnimationValues(true)
	// The elements whose layers may have changed: those animated now (marked with
	// animMark) and those that were.
	for _, st := range e.animated {
		e.compositeLayer(st)
	}
	for _, st := range e.wasAnimated {
		if st.animMark != e.animMark {
			e.compositeLayer(st)
		}
	}
	clear(e.wasAnimated)
	e.wasAnimated = e.wasAnimated[:0]
	return true
}

// compositeLayer compares an element's opacity and transform with its layers in the
// display list and notes the patch or the new list they need.
func (e *Engine) compositeLayer(st *elementState) {
	b := st.box
	if b == nil || st.boxGen != e.layoutGen || b.st != &st.used {
		if st.box != nil {
			e.inv.unpatchable = true
			e.raiseDamage(damagePaint)
		}
		return
	}
	grouped := b.layerGen == e.listGen
	at := int(b.layerAt)
	var i int32
	placed := false
	if len(e.placed) > 0 {
		i, placed = e.placed[b]
	}
	moved := placed && e.placedAt[i].movedFrom(b)
	switch {
	case (st.used.opacity < 1) != grouped || st.used.hasTransform != placed ||
		grouped && (at < 0 || at >= len(e.list) || e.list[at].op != opPushLayer):
		// It starts or stops being a stacking context or a group (or its group is not
		// found): a new display list.
		e.inv.unpatchable = true
		e.raiseDamage(damagePaint)
	case grouped && e.list[at].alpha != st.used.opacity || moved:
		e.inv.patches = append(e.inv.patches, paintPatch{st: st, moved: moved})
		e.raiseDamage(damagePaint)
	}
}
