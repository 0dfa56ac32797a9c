// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#dom-animatable-animate):
// the engine's side of Element.animate(): a keyframe effect from processed keyframes
// and EffectTiming. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import (
	"errors"
	"math"
	"sort"
	"strings"

	"golang.org/x/net/html"

	"loopscope/css"
)

// KeyframeInput is one keyframe of element.animate(): its offset, its easing and its
// property values (dashed names, values as written).
type KeyframeInput struct {
	Offset    float64
	HasOffset bool
	Easing    string
	Props     [][2]string
}

// TimingInput is element.animate()'s EffectTiming (ms; Iterations may be +Inf).
type TimingInput struct {
	Delay, EndDelay, Duration, Iterations, IterationStart float64
	Direction, Fill, Easing                               string
}

// MaxAnimations bounds the animations the engine keeps (a page that calls animate() in
// a loop gets a RangeError-worthy error past it).
const MaxAnimations = 200000

// Animate creates a script animation of element n with a keyframe effect; it is idle
// until played. The error says why the arguments are invalid (a TypeError's message).
// https://drafts.csswg.org/web-animations-1/#dom-animatable-animate
func (e *Engine) Animate(n *html.Node, frames []KeyframeInput, t TimingInput) (*Animation, error) {
	e.flushPlan()
	if len(e.anims) >= MaxAnimations {
		return nil, errors.New("too many animations are running (" + itoa(MaxAnimations) + ").")
	}
	timing, err := timingOf(t)
	if err != nil {
		return nil, err
	}
	kf, err := keyframesOf(frames)
	if err != nil {
		return nil, err
	}
	a := e.newAnimation(kindScriptAnimation, e.states[n], n)
	a.effect = keyframeEffect{timing: timing, frames: kf}
	a.fillAuto = t.Fill == "auto" || t.Fill == ""
	return a, nil
}

// keyframesOf parses element.animate()'s processed keyframes (the error: a TypeError's
// message).
func keyframesOf(frames []KeyframeInput) ([]keyframe, error) {
	kf := make([]keyframe, 0, len(frames))
	last := math.Inf(-1)
	for _, f := range frames {
		k := keyframe{offset: f.Offset, hasOffset: f.HasOffset, easing: css.Easing{Kind: css.EaseLinear}}
		if f.HasOffset {
			if f.Offset < last {
				return nil, errors.New("Offsets must be monotonically non-decreasing.")
			}
			last = f.Offset
		}
		if f.Easing != "" {
			ke, ok := css.ParseEasing(strings.ToLower(strings.TrimSpace(f.Easing)))
			if !ok {
				return nil, errors.New("'" + f.Easing + "' is not a valid value for easing")
			}
			k.easing = ke
		}
		for _, p := range f.Props {
			k.decls = css.ParseDeclaration(p[0], strings.TrimSpace(p[1]), false, k.decls)
		}
		kf = append(kf, k)
	}
	computeMissingKeyframeOffsets(kf)
	return kf, nil
}

// SetEffect is Animation.effect's setter for a script animation: its effect becomes a
// keyframe effect of n with the keyframes and timing given, or none (n nil and no frames:
// no target, nothing applied, an associated effect end of 0); then the finished state is
// updated. FIXME(spec): the steps of a pending task that would complete with the new
// effect ("If new effect is null and old effect is not null, ... reset the pending tasks")
// are not run.
// https://drafts.csswg.org/web-animations-1/#setting-the-associated-effect
func (a *Animation) SetEffect(n *html.Node, frames []KeyframeInput, t TimingInput) error {
	timing, err := timingOf(t)
	if err != nil {
		return err
	}
	kf, err := keyframesOf(frames)
	if err != nil {
		return err
	}
	a.node, a.st = n, nil
	a.effect = keyframeEffect{timing: timing, frames: kf}
	a.fillAuto = t.Fill == "auto" || t.Fill == ""
	a.list()
	// "Run the procedure to update an animation's finished state for animation with the did
	// seek flag set to false, and the synchronously notify flag set to false."
	a.updateFinishedState(false, false)
	return nil
}

// timingOf converts EffectTiming to the engine's (the error: a TypeError's message).
func timingOf(t TimingInput) (effectTiming, error) {
	timing := effectTiming{delay: t.Delay, endDelay: t.EndDelay, duration: t.Duration, iterations: t.Iterations,
		iterationStart: t.IterationStart}
	timing.direction = map[string]int{"reverse": css.DirectionReverse, "alternate": css.DirectionAlternate,
		"alternate-reverse": css.DirectionAlternateReverse}[t.Direction]
	timing.fill = map[string]int{"forwards": css.FillForwards, "backwards": css.FillBackwards, "both": css.FillBoth}[t.Fill]
	fn, ok := css.ParseEasing(strings.ToLower(strings.TrimSpace(t.Easing)))
	if !ok {
		return timing, errors.New("'" + t.Easing + "' is not a valid value for easing")
	}
	timing.easing = fn
	if math.IsNaN(timing.duration) || math.IsNaN(timing.iterations) {
		return timing, errors.New("invalid timing")
	}
	return timing, nil
}

// UpdateTiming is the effect's updateTiming(): its timing replaced by t (the caller merged
// the members given with the current ones), then the finished state updated.
// https://drafts.csswg.org/web-animations-1/#update-the-timing-properties-of-an-animation-effect
func (a *Animation) UpdateTiming(t TimingInput) error {
	timing, err := timingOf(t)
	if err != nil {
		return err
	}
	a.effect.timing = timing
	a.effect.resolved = false
	if a.kind == kindScriptAnimation {
		a.fillAuto = t.Fill == "auto" || t.Fill == ""
	}
	a.list()
	// "If animation effect is associated with an animation, run the procedure to update an
	// animation's finished state for that animation with the did seek flag set to false, and
	// the synchronously notify flag set to false."
	a.updateFinishedState(false, false)
	return nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// Animations lists the animations of element n (with subtree, of its descendants too;
// nil n: the whole document) that are relevant: not idle, and not finished unless they
// fill forwards. They come in composite order: CSS animations by element in tree order
// and then by their place in animation-name, then script animations in creation order.
// DEPARTURE: CSS transitions are not listed (they are not Animation objects here).
// https://drafts.csswg.org/web-animations-1/#dom-animatable-getanimations
func (e *Engine) Animations(n *html.Node, subtree bool) []*Animation {
	e.flushPlan()
	var css, script []*Animation
	for _, a := range e.anims {
		if !a.relevant() || !within(a.node, n, subtree) {
			continue
		}
		if a.kind == kindCSSAnimation {
			css = append(css, a)
		} else {
			script = append(script, a)
		}
	}
	if len(css) > 1 {
		order := map[*html.Node]int{}
		i := 0
		var walk func(*html.Node)
		walk = func(x *html.Node) {
			for c := x.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode {
					order[c] = i
					i++
					walk(c)
				}
			}
		}
		if root := e.src.Root(); root != nil {
			walk(root)
		}
		sort.SliceStable(css, func(i, j int) bool {
			a, b := css[i], css[j]
			if a.node != b.node {
				return order[a.node] < order[b.node]
			}
			return a.nameIndex < b.nameIndex
		})
	}
	return append(css, script...)
}

// relevant: current or in effect. https://drafts.csswg.org/web-animations-1/#relevant-animation
func (a *Animation) relevant() bool {
	switch a.PlayState() {
	case "idle":
		return false
	case "finished":
		f := a.effect.timing.fill
		return f == css.FillForwards || f == css.FillBoth
	}
	return true
}

// within reports whether x is n (or, with subtree, a descendant of n); nil n: anything.
func within(x, n *html.Node, subtree bool) bool {
	if n == nil {
		return true
	}
	if !subtree {
		return x == n
	}
	for ; x != nil; x = x.Parent {
		if x == n {
			return true
		}
	}
	return false
}

// TimelineTime is the document timeline's current time: the time of the last update of
// animations (ms since the time origin).
func (e *Engine) TimelineTime() float64 { return e.now }
