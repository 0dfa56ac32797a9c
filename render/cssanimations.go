// Spec: CSS Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/css-animations-1/):
// §3 declaring keyframes, §4 the animation-* properties (creating, updating and
// cancelling CSS animations as styles change), §4.2 event dispatch (animationstart,
// animationiteration, animationend, animationcancel). Tags: FIXME(spec), DEPARTURE, CHROME.

package render

import (
	"math"

	"golang.org/x/net/html"

	"loopscope/css"
)

// animationSpec is one item of the animation-* lists after they are combined.
type animationSpec struct {
	name                        string
	duration, delay, iterations float64
	fn                          css.Easing
	direction, fill, playState  int
}

// combineAnimations pairs the animation-* lists: animation-name sets the count and the
// other lists repeat. https://drafts.csswg.org/css-animations-1/#animation-name
func combineAnimations(w *[css.NumProps]*css.Value) []animationSpec {
	nv := w[css.PropAnimationName]
	if nv == nil || nv.Global != css.GlobalNone || len(nv.Names) == 0 {
		return nil // initial (none), or inherit/initial/unset of a non-inherited property
	}
	times := func(p css.Prop) []float64 {
		if v := w[p]; v != nil && v.Global == css.GlobalNone && len(v.Times) > 0 {
			return v.Times
		}
		return []float64{0}
	}
	nums := func(p css.Prop, initial float64) []float64 {
		if v := w[p]; v != nil && v.Global == css.GlobalNone && len(v.Nums) > 0 {
			return v.Nums
		}
		return []float64{initial}
	}
	durs, delays := times(css.PropAnimationDuration), times(css.PropAnimationDelay)
	counts := nums(css.PropAnimationIterationCount, 1)
	dirs, fills, states := nums(css.PropAnimationDirection, 0), nums(css.PropAnimationFillMode, 0), nums(css.PropAnimationPlayState, 0)
	fns := []css.Easing{{Kind: css.EaseDefault}}
	if v := w[css.PropAnimationTimingFunction]; v != nil && v.Global == css.GlobalNone && len(v.Easings) > 0 {
		fns = v.Easings
	}
	out := make([]animationSpec, 0, len(nv.Names))
	for i, name := range nv.Names {
		out = append(out, animationSpec{name: name, duration: durs[i%len(durs)], delay: delays[i%len(delays)],
			iterations: counts[i%len(counts)], fn: fns[i%len(fns)], direction: int(dirs[i%len(dirs)]),
			fill: int(fills[i%len(fills)]), playState: int(states[i%len(states)])})
	}
	return out
}

// cssAnimationState is what an element keeps of its CSS animations.
type cssAnimationState struct {
	list []*Animation // in animation-name order
}

// updateCSSAnimations runs when an element's style was computed: an animation-name
// that names a @keyframes rule and was not there before starts an animation; one that
// is gone (or display: none) cancels its animation; a changed animation-* value updates
// the running animation's timing, and animation-play-state pauses or plays it.
// https://drafts.csswg.org/css-animations-1/#animations
func (e *Engine) updateCSSAnimations(st *elementState) {
	specs := st.baseStyle().animations()
	if st.baseStyle().display == css.DisplayNone {
		specs = nil
	}
	if len(specs) == 0 && (st.css == nil || len(st.css.list) == 0) {
		return
	}
	var old []*Animation
	if st.css != nil {
		old = st.css.list
	}
	var next []*Animation
	for i, spec := range specs {
		rule := e.keyframes[spec.name]
		if spec.name == "none" || rule == nil {
			continue // no @keyframes rule: no animation, no events
		}
		var a *Animation
		for j, o := range old {
			if o != nil && o.name == spec.name {
				a, old[j] = o, nil
				break
			}
		}
		if a == nil {
			a = e.newAnimation(kindCSSAnimation, st, st.node)
			a.name = spec.name
			a.Play()
		}
		a.nameIndex = i
		e.setCSSAnimationTiming(a, spec, rule)
		next = append(next, a)
	}
	for _, o := range old {
		if o != nil {
			o.Cancel()
		}
	}
	if st.css == nil {
		st.css = &cssAnimationState{}
	}
	st.css.list = next
}

// setCSSAnimationTiming brings an animation's timing, keyframes and play state in line
// with its animation-* values.
func (e *Engine) setCSSAnimationTiming(a *Animation, spec animationSpec, rule *css.KeyframesRule) {
	a.settlePreviousCurrentTime(a.e.now)
	t := &a.effect.timing
	a.e.needFramesKnown = false
	a.e.animEpoch++
	t.delay, t.duration, t.iterations = spec.delay, spec.duration, spec.iterations
	t.direction, t.fill = spec.direction, spec.fill
	t.easing = css.Easing{Kind: css.EaseLinear} // the easing applies per keyframe
	if a.rule != rule || a.ruleEasing != spec.fn {
		a.rule, a.ruleEasing = rule, spec.fn
		a.effect.frames = keyframesFromRule(rule, spec.fn)
		a.effect.resolved = false
	}
	paused := spec.playState == css.PlayStatePaused
	if paused != a.cssPaused {
		a.cssPaused = paused
		if paused {
			a.Pause()
		} else {
			a.Play()
		}
	}
	a.updateFinishedState(false, false)
}

// cancelCSSAnimations cancels every CSS animation of an element (it left the document).
func (e *Engine) cancelCSSAnimations(st *elementState) {
	if st.css == nil {
		return
	}
	for _, a := range st.css.list {
		a.Cancel()
	}
	st.css.list = nil
}

// newAnimation creates an animation of a kind whose effect targets st's element.
func (e *Engine) newAnimation(kind animKind, st *elementState, n *html.Node) *Animation {
	e.animSeq++
	return &Animation{e: e, kind: kind, seq: e.animSeq, st: st, node: n, playbackRate: 1}
}

// cssAnimationEvents queues the events of a CSS animation's phase change since the
// last update. https://drafts.csswg.org/css-animations-1/#event-dispatch
func (e *Engine) cssAnimationEvents(a *Animation) {
	if a.Pending() {
		return
	}
	local, ok := a.localTime()
	t := &a.effect.timing
	s := t.sampleAt(local, ok)
	prev, cur := a.prevPhase, s.phase
	// CHROME: elapsed times are computed in seconds (600 ms × 3 is 1.7999999999999998 s).
	dur, delay := t.duration/1000, t.delay/1000
	active := 0.0
	if dur != 0 && t.iterations != 0 {
		active = dur * t.iterations
	}
	intervalStart := math.Max(math.Min(-delay, active), 0)
	intervalEnd := math.Max(math.Min(t.endTime()/1000-delay, active), 0)
	start := func() { a.queueCSSAnimationEvent("animationstart", intervalStart) }
	end := func() { a.queueCSSAnimationEvent("animationend", intervalEnd) }
	switch {
	case (prev == phaseIdle || prev == phaseBefore) && cur == phaseActive:
		start()
	case (prev == phaseIdle || prev == phaseBefore) && cur == phaseAfter:
		start()
		end()
	case prev == phaseActive && cur == phaseBefore:
		end()
	case prev == phaseActive && cur == phaseActive && a.prevIteration != s.iteration:
		a.queueCSSAnimationEvent("animationiteration", (s.iteration-t.iterationStart)*dur)
	case prev == phaseActive && cur == phaseAfter:
		end()
	case prev == phaseAfter && cur == phaseActive:
		start()
	case prev == phaseAfter && cur == phaseBefore:
		start()
		end()
	}
	a.prevPhase, a.prevIteration = cur, s.iteration
}

// queueCSSAnimationEvent queues an AnimationEvent whose elapsed time is s seconds; its
// scheduled event time is the start time plus the delay plus that elapsed time.
func (a *Animation) queueCSSAnimationEvent(typ string, s float64) {
	a.e.queueAnimationEvent(AnimationEvent{Type: typ, Target: a.node, Name: a.name, ElapsedTime: s,
		Time: a.startTime + a.effect.timing.delay + s*1000, kind: a.kind, seq: a.seq, sub: a.nameIndex})
}

// queueCSSAnimationCancel queues animationcancel with the active time at cancellation.
// https://drafts.csswg.org/css-animations-1/#eventdef-globaleventhandlers-animationcancel
func (a *Animation) queueCSSAnimationCancel() {
	local, ok := a.localTime()
	s := a.effect.timing.sampleAt(local, ok)
	elapsed := 0.0
	if s.hasActive {
		elapsed = s.active
	}
	a.e.queueAnimationEvent(AnimationEvent{Type: "animationcancel", Target: a.node, Name: a.name,
		ElapsedTime: roundMicroseconds(elapsed / 1000), Time: math.Inf(-1), kind: a.kind, seq: a.seq, sub: a.nameIndex})
	a.prevPhase = phaseIdle
}
