package render

import (
	"image"
	"math"
	"sort"

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
// (notePaintChange). A context placed again is shifted when its boxes lie at whole
// coordinates (its items moved by its rounded offset's change, none when that rounds the
// same: shiftContext), else painted again in place, from the offset and clip it was first
// painted with, so the frame is the one a full render gives, byte for byte, whatever the
// fractions of its translation (TestIncrementalFramesMatchFullFrames,
// TestShiftedContextsMatchFullFrames).
//
// The two views of time meet at UpdateAnimations: the compositor samples each animation
// at the timeline time of the frame (e.now), the time script reads from
// document.timeline.currentTime, and the values go into the elements' used styles, so
// getComputedStyle, getAnimations() and the events see the values the frame shows. A frame
// of the compositor's plan keeps them in the plan, and they go into the used styles when
// anything else reads one (compositorPlan.flush).

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
	grouped        bool  // inside an opacity group (whose bounds it counts in)
	group          int32 // when inside one group only: its push item, else -1
	twice          bool  // painted twice in one list: not placed again
	// shift says that its paint is a function of its offset alone, one that shifts
	// (shiftContext): its items are fills and groups of boxes at whole coordinates,
	// painted at the offset, with nothing clipped, no text and no context of its own
	// inside; boxes is how many boxes it painted.
	shift shiftKind
	boxes int32
}

// shiftKind says whether a translated context shifts (placedContext.shift).
type shiftKind uint8

const (
	shiftNone  shiftKind = iota
	shiftLeaf            // it shifts, and paints one box, with no boxes under it
	shiftBoxes           // it shifts, and paints its box and the boxes under it
)

// shiftCheck is what painting a translated stacking context found out about whether it
// shifts (placedContext.shift), while it is painted.
type shiftCheck struct {
	on, ok bool
	dx, dy float64 // its offset, translation included
	from   int     // its first item in the display list
	boxes  int32
}

// startPlacing records where a translated stacking context starts in the display list.
func (e *Engine) startPlacing(b *box, dx, dy float64) placedContext {
	pc := placedContext{b: b, from: int32(len(e.list)) - e.relocate, hitFrom: int32(len(e.hits)) - e.hitRelocate,
		dx: dx, dy: dy, grouped: e.layerDepth > 0, group: -1}
	pc.tx, pc.ty = b.st.translation(b.w, b.h)
	if e.layerDepth == 1 {
		pc.group = e.outerLayer
	}
	if k := len(e.clips); k > 0 {
		pc.clip, pc.clipped = e.clips[k-1], true
	}
	return pc
}

// endPlacing keeps what a translated stacking context was painted with.
func (e *Engine) endPlacing(b *box, pc placedContext) {
	pc.to, pc.hitTo = int32(len(e.list))-e.relocate, int32(len(e.hits))-e.hitRelocate
	e.placings++
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
// known says at is b's index in placedAt (compositeLayer found it), else it is looked up.
func (e *Engine) replaceContext(b *box, at int32, known bool, view image.Rectangle) bool {
	if !known || int(at) >= len(e.placedAt) || at < 0 || e.placedAt[at].b != b {
		var ok bool
		if at, ok = e.placed[b]; !ok {
			return false
		}
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
	if same {
		e.inv.work.Repainted++
	}
	return same
}

// A shift (issue 29) places a translated context again without painting it: where every
// box it paints lies at whole coordinates before its offset (its offset: where it was
// placed, its translation included), each of its device rectangles is a whole rectangle
// plus the offset rounded (round(A + D) = A + round(D) when A is whole, as far as D's
// fraction is not about a half, the sums' float errors far under the margin, or D is a
// number of 64ths, as a translation's length is, the sums exact), so the
// items at a new offset are the old ones moved by the change of the rounded offset, and
// a change of translation that rounds the same moves none. Its hit areas and its boxes'
// paint offsets (BoxOf) are not rounded: they are set to what painting gives (whole
// coordinates plus the new offset). What paints otherwise (text, whose pen position is
// kept in float; clips, which cut the hit areas; images, controls, a focus ring; a
// context inside, whose own translation rounds with the offset; two opacity groups or
// more around it) is painted again (replaceContext). Inside one group, the group's
// bounds are set again once its items moved (settleGroups).

// startShiftCheck starts checking whether the context pc, painted at (dx, dy), shifts,
// and returns the check of the context around it.
func (e *Engine) startShiftCheck(pc *placedContext, dx, dy float64) shiftCheck {
	outer := e.shifting
	e.shifting = shiftCheck{on: true, ok: !pc.clipped, dx: dx, dy: dy, from: len(e.list)}
	return outer
}

// endShiftCheck records in pc whether its context shifts, and takes up the check of the
// context around it, which, holding a context, does not.
func (e *Engine) endShiftCheck(pc *placedContext, outer shiftCheck) {
	sc := &e.shifting
	pc.shift, pc.boxes = shiftNone, sc.boxes
	if sc.ok {
		pc.shift = shiftBoxes
		if sc.boxes == 1 && len(pc.b.children) == 0 {
			pc.shift = shiftLeaf
		}
	}
	for _, it := range e.list[sc.from:] {
		if it.op != opFill && it.op != opPushLayer && it.op != opPopLayer {
			pc.shift = shiftNone
			break
		}
	}
	e.shifting = outer
	e.shifting.ok = false
}

// noteShiftedBox checks a box painted at (dx, dy) inside a context that may shift: at
// the context's offset, its edges whole.
func (e *Engine) noteShiftedBox(b *box, dx, dy float64) {
	sc := &e.shifting
	sc.boxes++
	if dx != sc.dx || dy != sc.dy || !whole(b.ax) || !whole(b.ay) || !whole(b.w) || !whole(b.h) ||
		!whole(b.border[0]) || !whole(b.border[1]) || !whole(b.border[2]) || !whole(b.border[3]) {
		sc.ok = false
	}
}

// whole reports whether v is a whole number, small enough that sums of a few of them
// and an offset keep the offset's fraction far within shiftMargin.
func whole(v float64) bool { return v == math.Trunc(v) && math.Abs(v) < 1<<24 }

// shiftMargin is how far from a half an offset's fraction must be for a shift, unless
// the offset is a whole number of 64ths of a pixel (a length's unit, translateToLength),
// which whole numbers under 2^24 are summed with exactly.
const shiftMargin = 1.0 / 1024

// roundApart returns round(v), and whether a whole number plus v, summed in float,
// rounds to the number plus round(v): v small enough, and its fraction far enough from a
// half or a number of 64ths (then the sum is exact).
func roundApart(v float64) (int, bool) {
	f := math.Floor(v + 0.5)
	g := v + 0.5 - f // (a fraction of a half: 0 or 1)
	return int(f), math.Abs(v) < 1<<24 && (g > shiftMargin && g < 1-shiftMargin || v*64 == math.Trunc(v*64))
}

// contextShift returns how far the items of the context at placedAt[at] move at the
// translation (tx, ty) (zero: they stay), and whether it shifts (shiftContext). An axis
// whose translation is the same moves nothing, whatever its offset. Inside opacity
// groups it moves only when inside one (whose bounds settleGroups then sets again).
func (e *Engine) contextShift(at int32, tx, ty float64) (image.Point, bool) {
	if at < 0 || int(at) >= len(e.placedAt) {
		return image.Point{}, false
	}
	pc := &e.placedAt[at]
	if pc.shift == shiftNone || pc.twice || pc.from < 0 || int(pc.to) > len(e.list) || int(pc.hitTo) > len(e.hits) {
		return image.Point{}, false
	}
	var d image.Point
	if tx != pc.tx {
		o, ok := roundApart(pc.dx + pc.tx) // (paintStackingContext's offset)
		n, ok2 := roundApart(pc.dx + tx)
		if !ok || !ok2 {
			return image.Point{}, false
		}
		d.X = n - o
	}
	if ty != pc.ty {
		o, ok := roundApart(pc.dy + pc.ty)
		n, ok2 := roundApart(pc.dy + ty)
		if !ok || !ok2 {
			return image.Point{}, false
		}
		d.Y = n - o
	}
	if pc.grouped && d != (image.Point{}) && (pc.group < 0 || int(pc.group) >= len(e.list) || e.list[pc.group].op != opPushLayer) {
		return image.Point{}, false // the bounds of the groups around it would change
	}
	return d, true
}

// beginDirectPatch marks the display list patched in place by the compositor's plan this
// frame (the first patch since the last paint starts the patches' damage afresh).
func (e *Engine) beginDirectPatch() {
	if !e.inv.patched {
		e.inv.patchDamage = e.inv.patchDamage[:0]
	}
	e.inv.patched, e.inv.direct = true, true
}

// settleGroups sets the bounds of the groups shifts changed (dirtyGroups) to the union
// of their items', as painting sets them.
func (e *Engine) settleGroups() {
	for push := range e.dirtyGroups {
		if int(push) >= len(e.list) || e.list[push].op != opPushLayer {
			continue
		}
		pop := skipLayer(e.list, int(push))
		if pop >= len(e.list) {
			continue
		}
		var bounds image.Rectangle
		for _, it := range e.list[push+1 : pop] {
			bounds = bounds.Union(it.r)
		}
		e.list[push].r, e.list[pop].r = bounds, bounds
		e.noteItemChanged(int(push))
		e.noteItemChanged(pop)
	}
	clear(e.dirtyGroups)
}

// shiftContext places the context at placedAt[at] at the translation (tx, ty) by moving
// its items by d (contextShift's) and recording the rectangles they left and reached as
// damage, and setting its hit areas and its boxes' paint offsets to its new offset: what
// painting it again there would give (replaceContext). It returns false, having changed
// nothing, when its boxes are not those it painted.
func (e *Engine) shiftContext(at int32, tx, ty float64, d image.Point, view image.Rectangle) bool {
	pc := &e.placedAt[at]
	if !e.placeShifted(pc, tx, ty) {
		return false
	}
	e.placings++
	if d != (image.Point{}) {
		if pc.grouped {
			if e.dirtyGroups == nil {
				e.dirtyGroups = map[int32]struct{}{}
			}
			e.dirtyGroups[pc.group] = struct{}{}
		}
		for i := pc.from; i < pc.to; i++ {
			it := &e.list[i]
			if it.r.Empty() {
				continue // (a group's bounds with nothing inside)
			}
			old := it.r
			it.r = old.Add(d)
			if r := old.Union(it.r).Intersect(view); !r.Empty() {
				e.inv.patchDamage = append(e.inv.patchDamage, r)
			}
			e.noteItemChanged(int(i))
		}
	}
	if d == (image.Point{}) {
		e.inv.work.Kept++
	} else {
		e.inv.work.Shifted++
	}
	return true
}

// placeShifted sets the hit areas and the boxes' paint offsets of the shifting context pc
// to its offset at the translation (tx, ty), as painting it there gives them, and records
// the translation; false, having changed nothing, when its boxes are not those it painted.
func (e *Engine) placeShifted(pc *placedContext, tx, ty float64) bool {
	b := pc.b
	ox, oy := pc.dx+pc.tx, pc.dy+pc.ty
	nx, ny := pc.dx+tx, pc.dy+ty
	if pc.shift == shiftLeaf {
		// Painted at (ox, oy) with the list, and nothing else paints it: written, not
		// read (a store does not wait for the box's line; its children are not read).
		b.tx, b.ty = nx, ny
	} else if paintedAt(b, ox, oy) == pc.boxes {
		placeBoxes(b, nx, ny)
	} else {
		return false
	}
	for i := pc.hitFrom; i < pc.hitTo; i++ {
		r := &e.hits[i].r // (paintBox's b.ax + dx, b.ax whole)
		r.X, r.Y = math.Round(r.X-ox)+nx, math.Round(r.Y-oy)+ny
	}
	pc.tx, pc.ty = tx, ty
	return true
}

// paintedAt counts b and the boxes under it, or returns -1 when one of them was not
// painted at (x, y).
func paintedAt(b *box, x, y float64) int32 {
	if b.tx != x || b.ty != y {
		return -1
	}
	n := int32(1)
	for _, c := range b.children {
		k := paintedAt(c, x, y)
		if k < 0 {
			return -1
		}
		n += k
	}
	return n
}

// placeBoxes sets the paint offset of b and the boxes under it.
func placeBoxes(b *box, x, y float64) {
	b.tx, b.ty = x, y
	for _, c := range b.children {
		placeBoxes(c, x, y)
	}
}

// placedMoved reports whether b was painted as a translated stacking context of the
// current display list with another translation than its style's now.
func (e *Engine) placedMoved(b *box) bool {
	i, ok := e.placed[b]
	return ok && e.placedAt[i].movedFrom(b)
}

// movedFrom reports whether b's translation is another than the one pc was painted with.
func (pc *placedContext) movedFrom(b *box) bool {
	tx, ty := b.st.translation(b.w, b.h)
	return pc.tx != tx || pc.ty != ty
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
	if e.runCompositorPlan() { // (the checks below held when the plan was made)
		e.inv.work.Planned = true
		return true
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
	e.flushPlan() // (runCompositorPlan flushed, dropping it; before any value is set again)
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
	e.makeCompositorPlan()
	return true
}

// compositeLayer compares an element's opacity and transform with its layers in the
// display list and notes the patch or the new list they need.
func (e *Engine) compositeLayer(st *elementState) { e.compositeLayerAt(st, -2) }

// compositeLayerAt is compositeLayer with the index of the element's translated context
// in placedAt when known (-1: it has none; -2: not known, looked up).
func (e *Engine) compositeLayerAt(st *elementState, at int32) {
	b := st.box
	if b == nil || st.boxGen != e.layoutGen || b.st != &st.used {
		if st.box != nil {
			e.inv.unpatchable = true
			e.raiseDamage(damagePaint)
		}
		return
	}
	grouped := b.layerGen == e.listGen
	layerAt := int(b.layerAt)
	i, placed := at, at >= 0
	if at < -1 || placed && (int(at) >= len(e.placedAt) || e.placedAt[at].b != b) {
		i, placed = 0, false
		if len(e.placed) > 0 {
			i, placed = e.placed[b]
		}
	}
	moved := placed && e.placedAt[i].movedFrom(b)
	switch {
	case (st.used.opacity < 1) != grouped || st.used.hasTransform != placed ||
		grouped && (layerAt < 0 || layerAt >= len(e.list) || e.list[layerAt].op != opPushLayer):
		// It starts or stops being a stacking context or a group (or its group is not
		// found): a new display list.
		e.inv.unpatchable = true
		e.raiseDamage(damagePaint)
	case grouped && e.list[layerAt].alpha != st.used.opacity || moved:
		e.inv.patches = append(e.inv.patches, paintPatch{st: st, moved: moved, placedAt: i})
		e.raiseDamage(damagePaint)
	}
}

// compositorPlan is the compositor's frame made ready for the frames that follow one:
// the animated elements and, for each, its animations in composite order, with the
// keyframes of the simple effects (two keyframes, at 0 and 1, of opacity and of
// translations) at hand. While nothing but the timeline's time changed since (the
// animations, the cascade, the display list and the box tree are those it was made
// for), a frame samples each animation, sets the element's opacity and transform (kept
// in the plan until read: flush) and compares them with its layers (runCompositorPlan),
// without the checks and the per-property machinery of applyAnimationValues, and without
// allocating.
type compositorPlan struct {
	valid                   bool
	epoch                   uint64 // Engine.animEpoch
	gen, listGen, layoutGen uint32
	geomGen                 uint32
	stateGen                uint64 // Engine.animStateGen
	styledVersion           uint64
	anims                   int // len(Engine.anims)
	elements                []planElement
	bases                   []planValues // elements[i]'s base opacity and transform are bases[i]
	effects                 []planEffect
	samples                 []planSample            // effects[i]'s is samples[i]
	index                   map[*elementState]int32 // while making it
	made                    []planMade
	placing                 bool // an element has a translated context (placed again in the pass)
	// stale says that the animated elements' used styles may not hold the values the
	// plan's frames gave them (planElement.cur): a frame of the plan keeps them in its
	// elements alone (each element's style is a cache miss), and they are written into the
	// used styles when anything else may read one (flush).
	stale bool
	// placings is Engine.placings when the elements' kept copies were made (notePlaced).
	placings uint64
}

// planValues are an animated element's opacity and transform as a frame of the plan gives
// them: its used style's once flushed.
type planValues struct {
	opacity      float64
	hasTransform bool
	tx, ty       length
	xform        *css.TransformList
}

// planElement is an animated element of the plan: its effects are effects[from:to],
// applied over its base style's opacity and transform (kept here: the base style is not
// read again).
type planElement struct {
	// What a frame reads and writes comes first (the rest is read when the frame takes
	// another path than the usual ones).
	from, to   int32
	placedAt   int32 // its translated context in Engine.placedAt, -1: none
	push, pop  int32 // its opacity group's push and pop items (-1: no group)
	transforms bool  // an effect may set its transform (else its used transform is its base's)
	// simple: its effects are all simple, so a frame sets whatever they set, over the
	// values they do not set (cur's: its base's; else a frame starts from its base's
	// values, compositorPlan.bases).
	simple bool
	// leaf: its context shifts as a leaf (shiftLeaf), and kept below is what the plan
	// reads of it (notePlaced), which the plan's frames keep equal to its placedContext.
	// lag: that context's hit areas and box are at kept's translation, not at the one
	// a frame found its items stay at, (lagX, lagY): a frame leaves them, and they are
	// placed when read (placeLag).
	leaf, lag  bool
	lagX, lagY float64
	w, h       float64 // its box's size (the geometry is the same while the plan holds)
	// cur are its values at the last frame, which its used style holds unless the plan is
	// stale (flush).
	cur  planValues
	kept keptPlace
	// Its group's alpha and bounds in the display list, kept by the plan when no context
	// is placed again in its pass (compositorPlan.placing): only the plan sets the alpha
	// then, and nothing moves the group, so a frame compares and sets them without
	// reading the list (each group's items are cache misses).
	alpha float64
	group image.Rectangle
	// Its state and its box when the plan was made (the display list is the same while
	// the plan holds).
	st  *elementState
	box *box
}

// keptPlace is what the plan reads of a leaf context's placedContext: where it was placed
// (dx, dy), its translation (tx, ty) and its rounded offset (ox, oy, and whether its
// fraction is clear of a half: roundApart), so that a frame finds whether its items stay
// (keeps) without reading the placedContext.
type keptPlace struct {
	dx, dy, tx, ty float64
	ox, oy         int32
	okx, oky       bool
}

// keeps reports whether the items of the context kp copies stay where they are at the
// translation (tx, ty): contextShift's answer of no move, with the same sums.
func (kp *keptPlace) keeps(tx, ty float64) bool {
	if tx != kp.tx {
		if n, ok := roundApart(kp.dx + tx); !ok || !kp.okx || n != int(kp.ox) {
			return false
		}
	}
	if ty != kp.ty {
		if n, ok := roundApart(kp.dy + ty); !ok || !kp.oky || n != int(kp.oy) {
			return false
		}
	}
	return true
}

// notePlaced copies what the plan reads of pl's context into pl.kept, and marks pl.leaf
// when the context shifts as a leaf (the checks contextShift makes, which hold while the
// display list is the same).
func (e *Engine) notePlaced(pl *planElement) {
	pl.leaf = false
	if pl.placedAt < 0 || int(pl.placedAt) >= len(e.placedAt) {
		return
	}
	pc := &e.placedAt[pl.placedAt]
	if pc.b != pl.box || pc.shift != shiftLeaf || pc.twice || pc.from < 0 || int(pc.to) > len(e.list) || int(pc.hitTo) > len(e.hits) {
		return
	}
	pl.kept.dx, pl.kept.dy = pc.dx, pc.dy
	pl.kept.placed(pc.tx, pc.ty)
	pl.leaf = true
}

// placed records that the context kp copies is placed at the translation (tx, ty).
func (kp *keptPlace) placed(tx, ty float64) {
	ox, okx := roundApart(kp.dx + tx)
	oy, oky := roundApart(kp.dy + ty)
	kp.tx, kp.ty, kp.ox, kp.oy, kp.okx, kp.oky = tx, ty, int32(ox), int32(oy), okx, oky
}

// planEffect is one animation of an element: its keyframes' values when the effect is
// simple (opacity and translations from offset 0 to 1), else applied as
// applyAnimationValues does.
type planEffect struct {
	a        *Animation
	simple   bool
	props    animPropSet
	easing   css.Easing // the first keyframe's
	o0, o1   float64    // the keyframes' offsets (0 and 1)
	op0, op1 float64    // opacity
	tf0, tf1 css.TransformList
	one      bool // tf0 and tf1 are one translation each: (x0, y0) and (x1, y1)
	x0, y0   css.TranslateLength
	x1, y1   css.TranslateLength
	// pxLerp: the two translations are of px alone (no percentage, no math), so a
	// translation is x0 + (x1 - x0)·t in px, the number InterpolatedTranslation gives.
	pxLerp bool
	// The animation's timing and times, copied (the animation is not read every frame:
	// they change only with animEpoch or animStateGen).
	tm    effectTiming
	times animTimes
}

// planMade is an animation while the plan is made, with its element's index.
type planMade struct {
	el  int32
	eff planEffect
}

// makeCompositorPlan makes the plan after the compositor's frame set the values of
// every animation: only when no transition runs and every animation that has a target
// applies a value (one that does not yet, or no longer, would change which elements are
// animated).
func (e *Engine) makeCompositorPlan() {
	p := &e.plan
	e.dropPlan()
	if len(e.running) > 0 || len(e.animated) == 0 {
		return
	}
	if p.index == nil {
		p.index = map[*elementState]int32{}
	}
	clear(p.index)
	p.elements, p.bases, p.placing = p.elements[:0], p.bases[:0], false
	p.made = p.made[:0]
	for i, st := range e.animated {
		bx := st.box
		if st.base == nil || bx == nil || st.boxGen != e.layoutGen || bx.st != &st.used {
			return
		}
		p.index[st] = int32(i)
		at := int32(-1)
		if i, ok := e.placed[bx]; ok {
			at = i
		}
		push, pop := int32(-1), int32(-1)
		if bx.layerGen == e.listGen {
			push = bx.layerAt
			if push < 0 || int(push) >= len(e.list) || e.list[push].op != opPushLayer {
				return
			}
			pop = int32(skipLayer(e.list, int(push)))
			if int(pop) >= len(e.list) {
				return
			}
		}
		b := st.base
		p.placing = p.placing || at >= 0
		p.elements = append(p.elements, planElement{st: st, placedAt: at, box: bx, push: push, pop: pop, w: bx.w, h: bx.h,
			cur: planValues{opacity: st.used.opacity, hasTransform: st.used.hasTransform, tx: st.used.tx, ty: st.used.ty, xform: st.used.xform}})
		p.bases = append(p.bases, planValues{opacity: b.opacity, hasTransform: b.hasTransform, tx: b.tx, ty: b.ty, xform: b.xform})
		if push >= 0 {
			// The alpha its group has once this frame's patches are made (the used opacity:
			// a patch that fails builds a new list, which ends the plan).
			pl := &p.elements[len(p.elements)-1]
			pl.alpha, pl.group = st.used.opacity, e.list[push].r
		}
	}
	for a, st := range e.targetedAnimations() {
		local, ok := a.localTime()
		if !a.effect.timing.sampleAt(local, ok).hasActive {
			return // it may come to apply a value: the set of animated elements may change
		}
		el, ok := p.index[st]
		if !ok {
			return
		}
		p.made = append(p.made, planMade{el: el, eff: simpleEffect(a)})
	}
	sort.SliceStable(p.made, func(i, j int) bool { return p.made[i].el < p.made[j].el })
	p.effects, p.samples = p.effects[:0], p.samples[:0]
	for i := range p.elements {
		pl := &p.elements[i]
		pl.from, pl.simple = int32(len(p.effects)), true
		for len(p.made) > 0 && p.made[0].el == int32(i) {
			pe := &p.made[0].eff
			p.effects = append(p.effects, *pe)
			p.samples = append(p.samples, fastSample(&pe.tm, pe.times, pe))
			pl.transforms = pl.transforms || !pe.simple || pe.props.has(css.PropTransform)
			pl.simple = pl.simple && pe.simple
			p.made = p.made[1:]
		}
		pl.to = int32(len(p.effects))
		e.notePlaced(pl)
	}
	p.placings = e.placings
	p.made = p.made[:0]
	clear(p.index)
	p.valid, p.epoch, p.gen, p.listGen, p.layoutGen = true, e.animEpoch, e.gen, e.listGen, e.layoutGen
	p.geomGen, p.stateGen = e.geomGen, e.animStateGen
	p.styledVersion, p.anims = e.styledVersion, len(e.anims)
}

// dropPlan forgets the plan and what it points to (elements and animations the document
// may have dropped since).
func (e *Engine) dropPlan() {
	e.flushPlan() // (the values of the frames it made go into the used styles first)
	p := &e.plan
	if p.valid || len(p.elements) > 0 {
		clear(p.elements)
		clear(p.bases)
		clear(p.effects)
		p.elements, p.bases, p.effects, p.samples, p.valid = p.elements[:0], p.bases[:0], p.effects[:0], p.samples[:0], false
	}
}

// flushPlan writes the values the plan's frames gave the animated elements into their
// used styles, and places the contexts whose items stayed (lag) at their translations,
// when the plan is stale. Every exported method of the engine calls it first, but those
// of a frame that read no used style, hit area or box (UpdateAnimations,
// TakeAnimationEvents, Paint's raster, Layout when it only takes the display list the plan
// patched: onlyDirectPatches) and getters of the engine's own state; Style calls it unless
// it takes the plan's frame, and the plan's pass before what reads them in it.
func (e *Engine) flushPlan() {
	p := &e.plan
	if !p.stale {
		return
	}
	p.stale = false
	for i := range p.elements {
		pl := &p.elements[i]
		pl.writeUsed()
		if pl.lag {
			e.placeLag(pl)
		}
	}
}

// placeLag places the hit areas and box of pl's context at the translation a frame found
// its items stay at (lag).
func (e *Engine) placeLag(pl *planElement) {
	pl.lag = false
	if pc := &e.placedAt[pl.placedAt]; !e.placeShifted(pc, pl.lagX, pl.lagY) {
		// (Its boxes moved since the plan copied it: not seen. A new display list places
		// them again.)
		e.inv.unpatchable = true
		e.raiseDamage(damagePaint)
	}
	e.notePlaced(pl)
}

// writeUsed writes the element's values (cur) into its used style: its opacity, and its
// transform when an effect may set it (else the used transform is its base's, untouched).
func (pl *planElement) writeUsed() {
	st := pl.st
	st.used.opacity = pl.cur.opacity
	if pl.transforms {
		st.used.hasTransform, st.used.tx, st.used.ty, st.used.xform = pl.cur.hasTransform, pl.cur.tx, pl.cur.ty, pl.cur.xform
	}
}

// pxTranslation reports whether a translation interpolated from a to b is of px alone at
// every point, and lerpTranslate's first case: x0 + (x1 - x0)·t.
func pxTranslation(a, b css.TranslateLength) bool {
	return a.Pct == 0 && b.Pct == 0 && a.L.Calc == nil && b.L.Calc == nil && a.L.U == css.Px && b.L.U == css.Px
}

// simpleEffect is a's effect for the plan (its values resolved by the last application).
func simpleEffect(a *Animation) planEffect {
	pe := planEffect{a: a, tm: a.effect.timing, times: a.times()}
	eff := &a.effect
	if len(eff.frames) != 2 || len(eff.values) != 2 || eff.frames[0].offset != 0 || eff.frames[1].offset != 1 ||
		eff.has[0] != eff.props || eff.has[1] != eff.props || eff.props&^compositedProps != 0 {
		return pe // (not simple)
	}
	pe.props, pe.easing, pe.o0, pe.o1 = eff.props, eff.frames[0].easing, eff.frames[0].offset, eff.frames[1].offset
	for k, vals := range eff.values {
		for _, pv := range vals {
			switch pv.p {
			case css.PropOpacity:
				if k == 0 {
					pe.op0 = pv.v.n
				} else {
					pe.op1 = pv.v.n
				}
			case css.PropTransform:
				if k == 0 {
					pe.tf0 = pv.v.xf
				} else {
					pe.tf1 = pv.v.xf
				}
			}
		}
	}
	if pe.props.has(css.PropTransform) {
		if _, _, ok := css.InterpolatedTranslationSum(pe.tf0, pe.tf1, 0.5); !ok {
			return planEffect{a: a, tm: pe.tm, times: pe.times}
		}
		if len(pe.tf0) == 1 {
			pe.one, pe.x0, pe.y0, pe.x1, pe.y1 = true, pe.tf0[0].X, pe.tf0[0].Y, pe.tf1[0].X, pe.tf1[0].Y
			pe.pxLerp = pxTranslation(pe.x0, pe.x1) && pxTranslation(pe.y0, pe.y1)
		}
	}
	pe.simple = true
	return pe
}

// runCompositorPlan is the compositor's frame from the plan; false, with the layers
// untouched, when there is no plan for this frame or an animation no longer applies a
// value (the caller then takes the general path, which sets every value again). The
// values it gives each element are kept in the plan (planElement.cur), not written into
// the used styles: the plan is stale until something reads a used style (flush). What in
// the pass reads one (an effect applied the general way, a layer that starts or stops, a
// context painted again) flushes first, and the pass writes the used styles too from
// then on.
func (e *Engine) runCompositorPlan() bool {
	p := &e.plan
	if !p.valid || p.epoch != e.animEpoch || p.gen != e.gen || p.listGen != e.listGen || p.layoutGen != e.layoutGen || p.geomGen != e.geomGen || p.stateGen != e.animStateGen ||
		p.styledVersion != e.styledVersion || p.anims != len(e.anims) || len(e.running) > 0 {
		e.dropPlan()
		return false
	}
	if p.placings != e.placings { // a context was placed since, not by the plan's frames
		for i := range p.elements {
			e.notePlaced(&p.elements[i])
		}
		p.placings = e.placings
	}
	// An animation that stops applying a value sends the frame down the general path:
	// what this one noted is taken back (the values it set are set again there).
	patches, damage, unpatchable := len(e.inv.patches), e.damage, e.inv.unpatchable
	// A group's new alpha is set in the display list here, its damage noted as a patch's
	// (patchLayerAt), when the list is the one the last frame was rastered from (patched
	// or not): a list built again before the paint rasters the frame whole
	// (startDisplayList), and Layout's patch takes the rest.
	direct := !e.listFresh && e.lastFrame != nil
	var view image.Rectangle
	if direct {
		view = image.Rect(0, 0, e.width, e.height).Add(e.listOffset())
	}
	live := false
	p.stale = true   // (the elements' values change below)
	through := false // the used styles were flushed in the pass: written too from then on
	for i := range p.elements {
		pl := &p.elements[i]
		// The element's values are set once, from its base's and its effects' (over the
		// last frame's when its effects set the same values every frame).
		v := pl.cur
		if !pl.simple {
			v = p.bases[i]
		}
		for k := pl.from; k < pl.to; k++ {
			ps := &p.samples[k]
			x, fast := ps.progressAt(e.now)
			if fast && live && ps.opacity && ps.linear {
				// A simple opacity effect in its active phase, its easings linear:
				// propertyValue's interpolation with each easing the identity.
				v.opacity = clampUnit(ps.op0 + ps.dop*clampUnit(x))
				continue
			}
			if fast && live && ps.translate && ps.linear {
				// The same for a translation of px alone (the keyframes at 0 and 1: t is
				// x clamped), without reading the effect.
				v.hasTransform, v.xform = true, nil
				v.tx, v.ty = ps.translation(clampUnit(x))
				continue
			}
			pe := &p.effects[k]
			a := pe.a
			if !fast {
				local, ok := pe.times.currentTime(e.now) // a.localTime()
				smp := pe.tm.sampleAt(local, ok)
				if !smp.hasActive {
					e.dropPlan() // (the values of the elements before this one flushed)
					clear(e.inv.patches[patches:])
					e.inv.patches, e.inv.unpatchable = e.inv.patches[:patches], unpatchable
					if !e.inv.direct {
						e.damage = damage
					} // else the alphas set stay set, and their damage stays noted
					e.settleGroups()
					return false
				}
				x = smp.progress
			}
			if !live && (a.Pending() || a.PlayState() == "running") {
				live = true
			}
			if pe.tm.easing.Kind != css.EaseLinear {
				x = pe.tm.easing.Apply(x)
			}
			if !pe.simple {
				// Applied to the used style (with the values so far), read back.
				pl.cur = v
				if !through {
					e.flushPlan()
					through = true
				} else {
					pl.writeUsed()
				}
				st := pl.st
				e.applyEffectValue(&a.effect, st, x)
				v = planValues{opacity: st.used.opacity, hasTransform: st.used.hasTransform, tx: st.used.tx, ty: st.used.ty, xform: st.used.xform}
				continue
			}
			// propertyValue's interpolation between the two keyframes.
			t := clampUnit((x - pe.o0) / (pe.o1 - pe.o0))
			if pe.easing.Kind != css.EaseLinear {
				t = pe.easing.Apply(t)
			}
			if pe.props.has(css.PropOpacity) {
				v.opacity = clampUnit(pe.op0 + (pe.op1-pe.op0)*t)
			}
			if pe.props.has(css.PropTransform) {
				v.hasTransform, v.xform = true, nil
				switch {
				case pe.pxLerp:
					v.tx, v.ty = ps.translation(t)
				case pe.one:
					tx, ty := css.InterpolatedTranslation(pe.x0, pe.y0, pe.x1, pe.y1, t)
					v.tx, v.ty = translateToLength(tx), translateToLength(ty)
				default:
					tx, ty, _ := css.InterpolatedTranslationSum(pe.tf0, pe.tf1, t)
					v.tx, v.ty = translateToLength(tx), translateToLength(ty)
				}
			}
		}
		pl.cur = v
		if through {
			pl.writeUsed()
		}
		opacity := v.opacity
		// compositeLayer, with the element's layers known.
		grouped, placed := pl.push >= 0, pl.placedAt >= 0
		if (opacity < 1) != grouped || v.hasTransform != placed {
			// It starts or stops being a layer: a new display list (what builds it reads
			// the used styles).
			if !through {
				e.flushPlan()
				through = true
			}
			e.compositeLayerAt(pl.st, pl.placedAt)
			continue
		}
		moved := false
		var tx, ty float64
		if placed {
			tx, ty = translationOf(v.tx, v.ty, v.xform, pl.w, pl.h)
			if pl.leaf && direct && !through {
				// Its context's copy, not its placedContext (a cache miss).
				switch kp := &pl.kept; {
				case tx == kp.tx && ty == kp.ty:
					pl.lag = false // (its hit areas and box are at this translation)
				case kp.keeps(tx, ty):
					// Its items stay (shiftContext's keep): its hit areas and box are
					// placed when something reads them (flushPlan).
					pl.lag, pl.lagX, pl.lagY = true, tx, ty
					e.inv.work.Kept++
				default:
					moved = true
				}
			} else {
				if pl.lag {
					e.placeLag(pl) // (first: what follows reads its placedContext)
				}
				pc := &e.placedAt[pl.placedAt]
				moved = pc.tx != tx || pc.ty != ty // movedFrom
			}
		}
		if direct && moved {
			// Its context placed again now: shifted, or painted again (replaceContext
			// paints its group too, inside it).
			d, shifts := e.contextShift(pl.placedAt, tx, ty)
			stays := d == (image.Point{})
			if shifts && stays && e.shiftContext(pl.placedAt, tx, ty, d, view) {
				moved = false // its items stay where they are (its group's alpha below)
				pl.lag = false
				pl.kept.placed(tx, ty) // (its copy, when it is a leaf)
			} else {
				if !e.inv.patched {
					e.inv.patchDamage = e.inv.patchDamage[:0] // (before a shift's damage)
				}
				e.raiseDamage(damagePaint)
				// (a shift that stays was tried above)
				if shifts && !stays && e.shiftContext(pl.placedAt, tx, ty, d, view) {
					pl.lag = false
					pl.kept.placed(tx, ty)
					if grouped {
						e.patchLayerAt(pl.push, pl.pop, opacity, view)
					}
				} else {
					// Painted again: it reads the used styles of what it holds.
					if !through {
						e.flushPlan()
						through = true
					}
					if !e.replaceContext(pl.box, pl.placedAt, true, view) {
						e.inv.unpatchable = true // another number of items: a new display list
						continue
					}
				}
				e.inv.patched, e.inv.direct = true, true
				continue
			}
		}
		if direct && grouped {
			// Its group's alpha set in the list: from the alpha and bounds the plan keeps
			// when no context is placed again in the pass, else from the list
			// (patchLayerAt).
			keep := !p.placing
			if keep && pl.alpha != opacity || !keep && e.list[pl.push].alpha != opacity {
				e.beginDirectPatch()
				if keep {
					pl.alpha, e.list[pl.push].alpha, e.list[pl.pop].alpha = opacity, opacity, opacity
					if r := pl.group.Intersect(view); !r.Empty() {
						e.inv.patchDamage = append(e.inv.patchDamage, r)
					}
				} else {
					e.patchLayerAt(pl.push, pl.pop, opacity, view)
				}
				e.raiseDamage(damagePaint)
			}
			continue
		}
		if grouped {
			pl.alpha = opacity // (set in the list by this patch, or already)
		}
		if grouped && e.list[pl.push].alpha != opacity || moved {
			// compositeLayer's patch, with the group's items known (Layout flushes the
			// used styles before it patches).
			e.inv.patches = append(e.inv.patches, paintPatch{st: pl.st, moved: moved, placedAt: pl.placedAt,
				push: pl.push, pop: pl.pop, box: pl.box, planned: true, alpha: opacity})
			e.raiseDamage(damagePaint)
		}
	}
	p.stale = !through
	if !through { // (else a context may have been painted again: its copies are made again)
		p.placings = e.placings
	}
	e.settleGroups()
	e.appliedAnimVersion = e.animVersion
	e.animatedLive = live
	return true
}
