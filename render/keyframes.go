// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#keyframe-effects):
// §5.3 keyframe effects (computing missing offsets, the effect value of a keyframe effect);
// CSS Animations Level 1 §3 for the keyframes of a @keyframes rule.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"math"
	"math/bits"
	"sort"

	"loopscope/css"
)

// keyframe is one keyframe of a keyframe effect: its offset, the easing from it to the
// next keyframe, and its declarations (property values as specified).
type keyframe struct {
	offset    float64
	hasOffset bool
	easing    css.Easing
	decls     []css.Declaration
}

// keyframeEffect is a keyframe effect: its timing, its keyframes (computed offsets,
// sorted) and their values resolved against the target's style.
// https://drafts.csswg.org/web-animations-1/#keyframe-effects
type keyframeEffect struct {
	timing effectTiming
	frames []keyframe

	// The keyframes' computed values for the target's current style (resolve).
	resolvedGen, resolvedPass uint32
	resolved                  bool
	values                    [][]propValue // per keyframe, the values of the animProps it sets
	has                       []animPropSet // per keyframe, the animProps it sets
	props                     animPropSet   // the animProps any keyframe sets
}

// propValue is one property's value in a keyframe.
type propValue struct {
	p animProp
	v animValue
}

// animPropOf maps an engine longhand to an animatable property: every longhand but the
// transition and animation properties. The discrete ones flip at 50% (animatable.go).
func animPropOf(p css.Prop) (animProp, bool) { return p, p < numAnimProps }

// computeMissingKeyframeOffsets gives keyframes without an offset evenly spaced ones
// between their neighbours (the first 0, the last 1 when unset).
// https://drafts.csswg.org/web-animations-1/#compute-missing-keyframe-offsets
func computeMissingKeyframeOffsets(frames []keyframe) {
	n := len(frames)
	if n == 0 {
		return
	}
	if !frames[n-1].hasOffset {
		frames[n-1].offset, frames[n-1].hasOffset = 1, true
	}
	if n > 1 && !frames[0].hasOffset {
		frames[0].offset, frames[0].hasOffset = 0, true
	}
	prev := 0
	for i := 1; i < n; i++ {
		if !frames[i].hasOffset {
			continue
		}
		for j := prev + 1; j < i; j++ {
			frames[j].offset = frames[prev].offset + (frames[i].offset-frames[prev].offset)*float64(j-prev)/float64(i-prev)
			frames[j].hasOffset = true
		}
		prev = i
	}
}

// keyframesFromRule builds the keyframes of a @keyframes rule for an animation whose
// animation-timing-function is fn: blocks with the same offset are merged (later
// declarations win), sorted by offset; each keyframe's easing is its block's
// animation-timing-function, else fn.
// https://drafts.csswg.org/css-animations-1/#keyframes
func keyframesFromRule(rule *css.KeyframesRule, fn css.Easing) []keyframe {
	var frames []keyframe
	for bi := range rule.Blocks {
		b := &rule.Blocks[bi]
		for _, off := range b.Offsets {
			i := sort.Search(len(frames), func(i int) bool { return frames[i].offset >= off })
			if i == len(frames) || frames[i].offset != off {
				frames = append(frames, keyframe{})
				copy(frames[i+1:], frames[i:])
				frames[i] = keyframe{offset: off, hasOffset: true, easing: fn}
			}
			frames[i].decls = append(frames[i].decls, b.Decls...)
			if b.HasEasing {
				frames[i].easing = b.Easing
			}
		}
	}
	return frames
}

// resolve computes each keyframe's values against the target's base style (once per
// restyle of the target). FIXME(spec): inherit/initial in a keyframe are ignored.
func (e *Engine) resolve(eff *keyframeEffect, st *elementState) {
	if eff.resolved && eff.resolvedGen == st.gen && eff.resolvedPass == st.pass {
		return
	}
	eff.resolved, eff.resolvedGen, eff.resolvedPass = true, st.gen, st.pass
	n := len(eff.frames)
	eff.values = eff.values[:0]
	eff.has = eff.has[:0]
	eff.props = 0
	parent := e.parentStyle(st)
	cx := e.inv.cx
	for i := 0; i < n; i++ {
		tmp := *st.baseStyle()
		var has animPropSet
		// font-family and font-size first (em lengths depend on them), then color
		// (currentcolor does), then the rest, as the cascade computes them.
		for pass := 0; pass < 3; pass++ {
			for _, d := range eff.frames[i].decls {
				ap, ok := animPropOf(d.Prop)
				if !ok || d.Value.Global != css.GlobalNone || computePass(d.Prop) != pass {
					continue
				}
				computeKeyframeLonghand(&tmp, d.Prop, &d.Value, parent, &cx)
				has |= 1 << ap
			}
		}
		var vals []propValue
		for p := animProp(0); p < numAnimProps; p++ {
			if has.has(p) {
				vals = append(vals, propValue{p, getAnim(&tmp, p)})
			}
		}
		eff.values = append(eff.values, vals)
		eff.has = append(eff.has, has)
		eff.props |= has
	}
}

// parentStyle is the computed style an element inherits from.
func (e *Engine) parentStyle(st *elementState) *computedStyle {
	if p := st.node.Parent; p != nil {
		if ps := e.states[p]; ps != nil {
			return ps.baseStyle()
		}
	}
	return &e.rootStyle
}

// applyEffectValue sets, in st.used, the value of every property the effect animates at
// iteration progress x (the directed progress after the effect's easing).
// https://drafts.csswg.org/web-animations-1/#the-effect-value-of-a-keyframe-effect
func (e *Engine) applyEffectValue(eff *keyframeEffect, st *elementState, x float64) {
	e.resolve(eff, st)
	for set := eff.props; set != 0; set &= set - 1 {
		p := animProp(bits.TrailingZeros64(uint64(set)))
		setAnim(&st.used, p, eff.propertyValue(p, &st.used, x))
	}
}

// propertyValue interpolates one property's property-specific keyframes at iteration
// progress x; where the first (last) keyframe is not at offset 0 (1), a neutral keyframe
// with the underlying value (s's) is added.
func (eff *keyframeEffect) propertyValue(p animProp, s *computedStyle, x float64) animValue {
	type pk struct {
		offset float64
		easing css.Easing
		v      animValue
	}
	var buf [8]pk
	list := buf[:0]
	for i := range eff.frames {
		if eff.has[i].has(p) {
			for _, pv := range eff.values[i] {
				if pv.p == p {
					list = append(list, pk{eff.frames[i].offset, eff.frames[i].easing, pv.v})
				}
			}
		}
	}
	if len(list) == 0 {
		return getAnim(s, p)
	}
	if list[0].offset != 0 {
		list = append([]pk{{0, css.Easing{Kind: css.EaseLinear}, getAnim(s, p)}}, list...)
	}
	if list[len(list)-1].offset != 1 {
		list = append(list, pk{1, css.Easing{Kind: css.EaseLinear}, getAnim(s, p)})
	}
	var start, end int
	switch {
	case x < 0 && len(list) > 1 && list[1].offset == 0:
		start, end = 0, 1
	case x >= 1 && len(list) > 1 && list[len(list)-2].offset == 1:
		return list[len(list)-1].v
	default:
		start = 0
		for i := range list {
			if list[i].offset <= x && list[i].offset < 1 {
				start = i
			}
		}
		end = min(start+1, len(list)-1)
	}
	a, b := list[start], list[end]
	if b.offset == a.offset {
		return b.v
	}
	local := a.easing.Apply(math.Max(0, math.Min(1, (x-a.offset)/(b.offset-a.offset))))
	return interpolateAnim(a.v, b.v, p, local)
}

// computePass orders a keyframe's longhands as the cascade computes them.
func computePass(p css.Prop) int {
	switch p {
	case css.PropFontFamily, css.PropFontSize:
		return 0
	case css.PropColor:
		return 1
	}
	return 2
}

// computeKeyframeLonghand computes one keyframe declaration into st: computeLonghand, and
// the three longhands the cascade computes before the others (computeStyle).
func computeKeyframeLonghand(st *computedStyle, p css.Prop, v *css.Value, parent *computedStyle, cx *computeContext) {
	switch p {
	case css.PropFontFamily:
		st.mono, st.monoGeneric = v.Num >= 1, v.Num == 2
	case css.PropFontSize:
		computeFontSize(st, v, parent, cx)
		if st.sizeKeyword != 0 {
			st.fontSize = st.sizeKeyword
			if st.monoGeneric {
				st.fontSize = st.sizeKeyword * 13 / 16
			}
		}
		st.fontSize = min(max(st.fontSize, 0), 10000)
	case css.PropColor:
		if !v.Current {
			st.color = v.Color
		}
	default:
		computeLonghand(st, p, v, parent, cx)
	}
}
