package render

import (
	"image/color"
	"math"

	"golang.org/x/net/html"

	"loopscope/css"
)

// animProp is a property that CSS transitions animate here.
type animProp uint8

const (
	animOpacity animProp = iota
	animTransform
	animTop
	animRight
	animBottom
	animLeft
	animWidth
	animHeight
	animBackground
	numAnimProps
)

var animPropNames = [numAnimProps]string{"opacity", "transform", "top", "right", "bottom", "left", "width", "height", "background-color"}

// animValue is a value of one animated property.
type animValue struct {
	n      float64     // opacity
	l      length      // insets, width, height
	has    bool        // transform is not none
	tx, ty length      // transform
	c      color.NRGBA // background-color
}

// transition is a running CSS transition of one property of one element.
// https://drafts.csswg.org/css-transitions/#transition
type transition struct {
	st             *elementState
	prop           animProp
	from, to       animValue
	reversingStart animValue
	factor         float64 // reversing shortening factor
	start          float64 // ms, the style change event's time
	delay          float64
	duration       float64
	fn             css.Easing
	seq            uint64    // creation order (the transition generation)
	prevPhase      animPhase // at the last update (events)
}

func getAnim(s *computedStyle, p animProp) animValue {
	switch p {
	case animOpacity:
		return animValue{n: s.opacity}
	case animTransform:
		return animValue{has: s.hasTransform, tx: s.tx, ty: s.ty}
	case animTop, animRight, animBottom, animLeft:
		return animValue{l: s.inset[p-animTop]}
	case animWidth:
		return animValue{l: s.width}
	case animHeight:
		return animValue{l: s.height}
	}
	return animValue{c: s.background}
}

func setAnim(s *computedStyle, p animProp, v animValue) {
	switch p {
	case animOpacity:
		s.opacity = v.n
	case animTransform:
		s.hasTransform, s.tx, s.ty = v.has, v.tx, v.ty
	case animTop, animRight, animBottom, animLeft:
		s.inset[p-animTop] = v.l
	case animWidth:
		s.width = v.l
	case animHeight:
		s.height = v.l
	default:
		s.background = v.c
	}
}

func animEqual(a, b animValue, p animProp) bool {
	switch p {
	case animOpacity:
		return a.n == b.n
	case animTransform:
		if !a.has && !b.has {
			return true
		}
		return a.tx.v == b.tx.v && a.ty.v == b.ty.v && (a.tx.u == b.tx.u || a.tx.v == 0) && (a.ty.u == b.ty.u || a.ty.v == 0)
	case animBackground:
		return a.c == b.c
	}
	return a.l == b.l
}

// lengthsInterpolable reports whether two lengths can be interpolated without calc():
// same unit, or one of them zero.
func lengthsInterpolable(a, b length) bool {
	if a.u == unitAuto || b.u == unitAuto {
		return false
	}
	return a.u == b.u || a.v == 0 || b.v == 0
}

func animInterpolable(a, b animValue, p animProp) bool {
	switch p {
	case animOpacity, animBackground:
		return true
	case animTransform:
		return lengthsInterpolable(a.tx, b.tx) && lengthsInterpolable(a.ty, b.ty)
	}
	return lengthsInterpolable(a.l, b.l)
}

func lerpLength(a, b length, t float64) length {
	u := a.u
	if a.v == 0 {
		u = b.u
	}
	return length{a.v + (b.v-a.v)*t, u}
}

// interpolateAnim blends two values. https://drafts.csswg.org/css-values/#interpolation
func interpolateAnim(a, b animValue, p animProp, t float64) animValue {
	switch p {
	case animOpacity:
		return animValue{n: css.Clamp01(a.n + (b.n-a.n)*t)}
	case animTransform:
		return animValue{has: a.has || b.has, tx: lerpLength(a.tx, b.tx, t), ty: lerpLength(a.ty, b.ty, t)}
	case animBackground:
		return animValue{c: interpolateColor(a.c, b.c, t)}
	}
	l := lerpLength(a.l, b.l, t)
	if (p == animWidth || p == animHeight) && l.v < 0 {
		l.v = 0
	}
	return animValue{l: l}
}

// progressAt returns the eased progress at time now (0 before the delay ends, 1 after).
func (t *transition) progressAt(now float64) float64 {
	if t.duration <= 0 {
		if now >= t.start+t.delay {
			return 1
		}
		return 0
	}
	p := (now - t.start - t.delay) / t.duration
	if p <= 0 {
		return t.fn.Apply(0)
	}
	if p >= 1 {
		return 1
	}
	return t.fn.Apply(p)
}

func (t *transition) valueAt(now float64) animValue {
	return interpolateAnim(t.from, t.to, t.prop, t.progressAt(now))
}

func (t *transition) endTime() float64 { return t.start + t.delay + t.duration }

// matchingTransition finds the last item of transition-property that names p (or all).
// https://drafts.csswg.org/css-transitions/#matching-transition-property-value
func matchingTransition(specs []transitionSpec, p animProp) (transitionSpec, bool) {
	name := animPropNames[p]
	for i := len(specs) - 1; i >= 0; i-- {
		s := specs[i].prop
		if s == name || s == "all" || s == "background" && p == animBackground ||
			s == "inset" && p >= animTop && p <= animLeft {
			return specs[i], true
		}
	}
	return transitionSpec{}, false
}

// startTransitions runs the "starting of transitions" steps for one element between
// its before-change style and its new after-change style (st.base).
// https://drafts.csswg.org/css-transitions/#starting
func (e *Engine) startTransitions(st *elementState, before *computedStyle) {
	if len(st.base.transitions) == 0 {
		e.cancelTransitions(st)
		return
	}
	for p := animProp(0); p < numAnimProps; p++ {
		if st.animProps&(1<<p) != 0 {
			// An animation sets the property: the before- and after-change styles both
			// carry its value at the current time, so no transition starts.
			// https://drafts.csswg.org/css-transitions/#after-change-style
			continue
		}
		after := getAnim(&st.base, p)
		running := st.trans[p]
		spec, ok := matchingTransition(st.base.transitions, p)
		ok = ok && math.Max(spec.duration, 0)+spec.delay > 0
		if running == nil {
			from := getAnim(before, p)
			if ok && !animEqual(from, after, p) && animInterpolable(from, after, p) {
				e.addTransition(st, p, spec, from, after, from, 1)
			}
			continue
		}
		if !ok {
			e.removeTransition(running)
			continue
		}
		if animEqual(running.to, after, p) {
			continue
		}
		cur := running.valueAt(e.now)
		e.removeTransition(running)
		if animEqual(cur, after, p) || !animInterpolable(cur, after, p) {
			continue
		}
		if animEqual(running.reversingStart, after, p) {
			// Reversing an interrupted transition: shorten it by how far the old one got.
			f := math.Abs(running.progressAt(e.now)*running.factor + 1 - running.factor)
			f = css.Clamp01(f)
			rs := spec
			rs.duration *= f
			if rs.delay < 0 {
				rs.delay *= f
			}
			e.addTransition(st, p, rs, cur, after, running.to, f)
			continue
		}
		e.addTransition(st, p, spec, cur, after, cur, 1)
	}
}

func (e *Engine) addTransition(st *elementState, p animProp, spec transitionSpec, from, to, reversingStart animValue, factor float64) {
	e.animSeq++
	t := &transition{st: st, prop: p, from: from, to: to, reversingStart: reversingStart, factor: factor,
		start: e.now, delay: spec.delay, duration: math.Max(spec.duration, 0), fn: spec.fn, seq: e.animSeq}
	st.trans[p] = t
	e.running = append(e.running, t)
}

// removeTransition cancels a transition (it is replaced, or no longer wanted): a
// transitioncancel event unless it was never sampled or has ended.
// https://drafts.csswg.org/css-transitions-2/#transition-events
func (e *Engine) removeTransition(t *transition) {
	if t.prevPhase == phaseBefore || t.prevPhase == phaseActive {
		e.queueTransitionEvent(t, "transitioncancel", math.Max(math.Min(e.now-t.start-t.delay, t.duration), 0), math.Inf(-1))
		t.prevPhase = phaseIdle
	}
	if t.st.trans[t.prop] == t {
		t.st.trans[t.prop] = nil
	}
	for i, r := range e.running {
		if r == t {
			e.running = append(e.running[:i], e.running[i+1:]...)
			break
		}
	}
}

// cancelTransitions cancels every running transition of an element.
// https://drafts.csswg.org/css-transitions/#cancel-a-transition
func (e *Engine) cancelTransitions(st *elementState) {
	for _, t := range st.trans {
		if t != nil {
			e.removeTransition(t)
		}
	}
}

// connectedTo reports whether n is in the document whose node is root.
// https://dom.spec.whatwg.org/#connected
func connectedTo(n, root *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == root {
			return true
		}
	}
	return false
}
