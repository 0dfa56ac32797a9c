package render

import "image"

// This file is paint damage: what a frame redoes when a change reaches no further than
// paint (damagelevel.go). Paint-only colour and opacity changes patch the kept display list
// in place (notePaintChange, patchDisplayList); otherwise the display list of the last
// painted frame is kept, the new list is compared with it item by item, and only the
// rectangles where they differ are rastered again, over a copy of the last frame (partial
// raster). Every display item draws inside its rectangle r (text items carry their ink
// bounds), so rastering the whole list clipped to a rectangle gives exactly the pixels a
// full raster gives there.

// maxDamageRects is how many separate rectangles a frame rasters before it merges them.
const maxDamageRects = 8

// startDisplayList starts a new display list, keeping the one the last frame was
// rastered from for damageRects.
func (e *Engine) startDisplayList() {
	e.listGen++
	if e.listFresh { // built before and not painted: the painted list is still e.painted
		e.list = e.list[:0]
		return
	}
	if e.inv.patched {
		// The list was patched in place since the last frame was rastered from it (a
		// forced layout's patch, not yet painted): the new list cannot be compared with it.
		e.inv.spoiled = true
	}
	e.painted, e.list = e.list, e.painted[:0]
	e.listFresh = true
}

// damageRects returns the rectangles of the viewport where the new display list paints
// differently from the one last rastered into last, or false when the whole frame must
// be rastered (no previous frame, another size or canvas colour, another list shape,
// or damage over most of the viewport).
func (e *Engine) damageRects(last *image.RGBA) ([]image.Rectangle, bool) {
	off := e.listOffset() // the list's coordinates are the viewport's plus off
	if e.inv.patched && !e.listFresh {
		ok := last != nil && last.Rect.Dx() == e.width && last.Rect.Dy() == e.height
		rects := make([]image.Rectangle, 0, len(e.inv.patchDamage))
		for _, r := range e.inv.patchDamage {
			rects = append(rects, r.Sub(off))
		}
		return rects, ok
	}
	if last == nil || !e.listFresh || e.inv.spoiled || last.Rect.Dx() != e.width || last.Rect.Dy() != e.height ||
		e.paintedBase != e.canvas || len(e.painted) != len(e.list) {
		return nil, false
	}
	view := image.Rect(0, 0, e.width, e.height).Add(e.listOffset()) // in the list's coordinates
	var rects []image.Rectangle
	for i := range e.list {
		a, b := &e.painted[i], &e.list[i]
		if *a == *b {
			continue
		}
		if a.op != b.op {
			return nil, false
		}
		for _, r := range [2]image.Rectangle{a.r.Intersect(view), b.r.Intersect(view)} {
			if r.Empty() {
				continue
			}
			rects = append(rects, r)
		}
	}
	rects = mergeDamageFor(rects, len(e.list))
	for i := range rects {
		rects[i] = rects[i].Sub(off) // to the viewport's coordinates
	}
	area := 0
	for _, r := range rects {
		area += r.Dx() * r.Dy()
	}
	if area*2 > e.width*e.height {
		return nil, false
	}
	return rects, true
}

// paintPatch is an element whose display items patchDisplayList patches: its background
// and borders painted again (colours), its opacity group's alpha, its translated stacking
// context placed again (compositor.go).
type paintPatch struct {
	st      *elementState
	colours bool // its background and borders (notePaintChange)
	moved   bool // its context's translation is known to have changed (compositeLayer)
	// placedAt is its context's index in placedAt when moved (compositeLayer found it).
	placedAt int32
	// planned: the compositor's plan made it, for its box (the box of the element's used
	// style, laid out in this box tree) and its group's items push and pop (-1: none).
	planned   bool
	box       *box
	push, pop int32
	alpha     float64 // the group's new alpha (its element's opacity)
}

// notePaintChange records an element whose style changed from old to its used style
// with paint damage only: when nothing but its background and border colours, the alpha
// of its opacity group or the translation of its stacking context changed, its display
// items can be patched in place (patchDisplayList).
func (e *Engine) notePaintChange(st *elementState, old *computedStyle) {
	iv := &e.inv
	probe := *old
	probe.background, probe.borderColor = st.used.background, st.used.borderColor
	if old.opacity < 1 && st.used.opacity < 1 {
		probe.opacity = st.used.opacity // the group's alpha: its two items (patchLayer)
	}
	if old.hasTransform && st.used.hasTransform {
		probe.tx, probe.ty = st.used.tx, st.used.ty // its context placed again (replaceContext)
	}
	if styleDamage(&probe, &st.used) != damageNone {
		iv.unpatchable = true
		return
	}
	if b := st.box; b != nil && st.boxGen == e.layoutGen && b.st == &st.used && old.hasTransform && st.used.hasTransform &&
		(old.tx != st.used.tx || old.ty != st.used.ty) && old.background == st.used.background && old.borderColor == st.used.borderColor {
		// Only its translation changed (and its group's alpha, patched below): its context
		// is placed again as the compositor places it, shifted when it can be.
		if i, ok := e.placed[b]; ok && e.placedAt[i].b == b {
			iv.patches = append(iv.patches, paintPatch{st: st, moved: true, placedAt: i})
			return
		}
	}
	iv.patches = append(iv.patches, paintPatch{st: st, colours: true})
}

// patchDisplayList repaints the background and borders of the elements notePaintChange
// recorded into their items of the current display list, instead of building a new list,
// and records the rectangles they cover for Paint. It changes nothing and returns false
// when an element's items cannot be replaced one for one (a colour became transparent, a
// box painted twice or not at all, the canvas's background, another list since).
func (e *Engine) patchDisplayList() bool {
	if e.patchDisplayItems() {
		return true
	}
	// Items patched before the one that failed changed the list the last frame was
	// rastered from: the next frame cannot be compared with it.
	e.inv.spoiled = e.inv.spoiled || len(e.inv.patchDamage) > 0
	return false
}

// patchDisplayItems is patchDisplayList's work; when it fails, the items it patched
// before (patchDamage) stay patched.
func (e *Engine) patchDisplayItems() bool {
	iv := &e.inv
	if iv.unpatchable || len(iv.patches) == 0 && !iv.direct || e.listFresh || e.lastFrame == nil || len(e.topLayer) > 0 {
		return false
	}
	view := image.Rect(0, 0, e.width, e.height).Add(e.listOffset()) // in the list's coordinates
	if !iv.patched {
		iv.patchDamage = iv.patchDamage[:0]
	} // else a patch not yet painted (a forced layout's): its damage is the next frame's too
	// Translated contexts first: painted again in place, with their colours.
	for _, p := range iv.patches {
		if !p.moved && !p.colours {
			continue // an opacity group's alpha (patchLayer, below)
		}
		if p.planned || p.moved && !p.colours { // only its translation changed: it may shift
			b := p.box
			if !p.planned && p.st.boxGen == e.layoutGen && p.st.box != nil && p.st.box.st == &p.st.used {
				b = p.st.box
			}
			if b != nil {
				tx, ty := b.st.translation(b.w, b.h)
				if d, ok := e.contextShift(p.placedAt, tx, ty); ok && e.placedAt[p.placedAt].b == b && e.shiftContext(p.placedAt, tx, ty, d, view) {
					continue
				}
			}
		}
		if p.planned {
			if !e.replaceContext(p.box, p.placedAt, true, view) {
				return false
			}
			continue
		}
		if b := p.st.box; b != nil && p.st.boxGen == e.layoutGen && b.st == &p.st.used && (p.moved || p.colours && e.placedMoved(b)) &&
			!e.replaceContext(b, p.placedAt, p.moved, view) {
			return false
		}
	}
	e.settleGroups() // (the bounds of groups the shifts above changed)
	base := len(e.list)
	for _, p := range iv.patches {
		st := p.st
		b := st.box
		if !p.colours {
			continue
		}
		if b == nil || st.boxGen != e.layoutGen || b.listGen != e.listGen || b.paintFrom < 0 || b.kind == kindInline ||
			e.canvas.from == b || !b.st.visible || b.st != &st.used {
			e.list = e.list[:base]
			return false
		}
		n := len(e.list)
		e.paintBackgroundAndBorders(b.st, b.ax+b.tx, b.ay+b.ty, b.w, b.h, b.border)
		if len(e.list)-n != int(b.paintTo-b.paintFrom) {
			e.list = e.list[:base]
			return false
		}
	}
	k := base
	for _, p := range iv.patches {
		if !p.colours {
			continue
		}
		b := p.st.box
		for i := b.paintFrom; i < b.paintTo; i++ {
			old := &e.list[i]
			if *old != e.list[k] {
				if r := old.r.Union(e.list[k].r).Intersect(view); !r.Empty() {
					iv.patchDamage = append(iv.patchDamage, r)
				}
				*old = e.list[k]
				e.noteItemChanged(int(i))
			}
			k++
		}
	}
	clear(e.list[base:])
	e.list = e.list[:base]
	for _, p := range iv.patches {
		if p.planned {
			if p.push >= 0 {
				e.patchLayerAt(p.push, p.pop, p.alpha, view)
			}
			continue
		}
		if b := p.st.box; b == nil || !e.patchLayer(b, view) {
			return false // (patchDisplayList: the next frame is rastered whole)
		}
	}
	if len(iv.patchDamage) > maxDamageRects {
		var u image.Rectangle
		for _, r := range iv.patchDamage {
			u = u.Union(r)
		}
		iv.patchDamage = append(iv.patchDamage[:0], u)
	}
	iv.patched = true
	return true
}

// patchLayer sets the alpha of b's opacity group to its opacity, and records the group's
// bounds as damage when it changed; false when b's group cannot be found in the list.
func (e *Engine) patchLayer(b *box, view image.Rectangle) bool {
	if b.st.opacity >= 1 {
		return true // no group (notePaintChange let no opacity change through)
	}
	if b.layerGen != e.listGen || b.layerAt < 0 {
		return false
	}
	push := &e.list[b.layerAt]
	if push.op != opPushLayer {
		return false
	}
	if push.alpha == b.st.opacity {
		return true
	}
	pop := skipLayer(e.list, int(b.layerAt))
	if pop >= len(e.list) {
		return false
	}
	e.patchLayerAt(b.layerAt, int32(pop), b.st.opacity, view)
	return true
}

// patchLayerAt sets the alpha of the group whose items are push and pop, and records
// the group's bounds as damage.
func (e *Engine) patchLayerAt(push, pop int32, alpha float64, view image.Rectangle) {
	it := &e.list[push]
	if it.alpha == alpha {
		return
	}
	it.alpha, e.list[pop].alpha = alpha, alpha
	if r := it.r.Intersect(view); !r.Empty() {
		e.inv.patchDamage = append(e.inv.patchDamage, r)
	}
}

// onlyDirectPatches reports whether Layout has nothing to do but take the display list
// the compositor's plan patched in place (or nothing at all): no layout, no list built,
// no patch of its own, no scroll; then it reads no used style, and a frame of the plan
// leaves its values in the plan (compositorPlan.flush).
func (e *Engine) onlyDirectPatches() bool {
	return e.laidOut && !e.resizedForLayout && !e.scrollDirty && len(e.inv.patches) == 0 && !e.inv.unpatchable &&
		(e.damage == damageNone || e.damage == damagePaint && e.inv.direct && !e.listFresh && e.lastFrame != nil)
}

// forgetPaintChanges drops the paint changes recorded for patching once Layout has
// used them (or built a new display list).
func (e *Engine) forgetPaintChanges() {
	clear(e.inv.patches)
	e.inv.patches, e.inv.unpatchable = e.inv.patches[:0], false
}
