package render

import (
	"math"

	"golang.org/x/net/html"

	"loopscope/css"
)

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

	// As a CSSTransition object sees it (csstransition.go).
	owner                      any
	canceled, paused           bool
	hold                       float64 // the elapsed time while paused
	finishDue, finishedSettled bool
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
	name := p.String()
	for i := len(specs) - 1; i >= 0; i-- {
		s := specs[i].prop
		if s == name || s == "all" {
			return specs[i], true
		}
		// A shorthand matches its longhands.
		for _, l := range css.Longhands(s) {
			if l == p {
				return specs[i], true
			}
		}
	}
	return transitionSpec{}, false
}

// startTransitions runs the "starting of transitions" steps for one element between
// its before-change style and its new after-change style (its base style).
// https://drafts.csswg.org/css-transitions/#starting
func (e *Engine) startTransitions(st *elementState, before *computedStyle) {
	base := st.baseStyle()
	if len(base.transitions()) == 0 {
		e.cancelTransitions(st)
		return
	}
	// By property name: the transitions one style change starts are in composite order
	// (their seq) by "the Unicode codepoints that make up the expanded transition property
	// name". https://drafts.csswg.org/css-transitions-2/#animation-composite-order
	for _, p := range animPropsByName {
		if st.animProps.has(p) {
			// An animation sets the property: the before- and after-change styles both
			// carry its value at the current time, so no transition starts.
			// https://drafts.csswg.org/css-transitions/#after-change-style
			continue
		}
		after := getAnim(base, p)
		running := st.transition(p)
		spec, ok := matchingTransition(base.transitions(), p)
		ok = ok && math.Max(spec.duration, 0)+spec.delay > 0
		if running == nil {
			from := getAnim(before, p)
			if ok && !animEqual(from, after, p) && transitionable(from, after, p) {
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
		if animEqual(cur, after, p) || !transitionable(cur, after, p) {
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
	st.setTransition(p, t)
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
	t.st.dropTransition(t)
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
	for len(st.trans) > 0 {
		e.removeTransition(st.trans[len(st.trans)-1])
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

// transition returns the running transition of p on the element, or nil.
func (st *elementState) transition(p animProp) *transition {
	for _, t := range st.trans {
		if t.prop == p {
			return t
		}
	}
	return nil
}

// setTransition makes t the running transition of p (replacing any).
func (st *elementState) setTransition(p animProp, t *transition) {
	for i, o := range st.trans {
		if o.prop == p {
			st.trans[i] = t
			return
		}
	}
	st.trans = append(st.trans, t)
}

// dropTransition forgets t if it is the element's running transition of its property.
func (st *elementState) dropTransition(t *transition) {
	for i, o := range st.trans {
		if o == t {
			st.trans = append(st.trans[:i], st.trans[i+1:]...)
			if len(st.trans) == 0 {
				st.trans = nil
			}
			return
		}
	}
}
