// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events):
// HTML's "update the rendering" step 11 for the page's document.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"fmt"

	"golang.org/x/net/html"

	"loopscope/dom"
	"loopscope/render"
)

// updateAnimationsAndSendEvents: the engine updates the document timeline (pending
// play and pause tasks, finished states, the events each animation and transition
// queues); the microtask checkpoint of step 3 settles the ready and finished promises;
// then the pending animation event queue is dispatched, sorted.
// https://drafts.csswg.org/web-animations-1/#update-animations-and-send-events
func (p *Page) updateAnimationsAndSendEvents(now float64) {
	p.updateAnimationsOf(p.Engine, p.Doc, now)
	for _, cf := range p.childFrames() {
		p.updateAnimationsOf(cf.eng, cf.doc, now)
	}
}

// updateAnimationsOf is updateAnimationsAndSendEvents for one document and its engine.
func (p *Page) updateAnimationsOf(eng *render.Engine, doc *dom.Document, now float64) {
	// 1. "Update the current time of all timelines associated with doc passing now as the
	// timestamp."
	settled := eng.UpdateAnimations(now)
	// 2. FIXME(spec): "Remove replaced animations for doc" (no composite modes here).
	// 3. "Perform a microtask checkpoint": the promises settle (their reactions run).
	handles := animationHandles(settled)
	for _, t := range eng.TakeSettledTransitions() {
		handles = append(handles, transitionHandle{t})
	}
	if len(handles) > 0 {
		doc.SettleAnimationPromises(handles)
	}
	// 4-7. Dispatch the events, sorted by scheduled event time then composite order.
	events, dropped := eng.TakeAnimationEvents()
	if dropped > 0 {
		p.Loop.Console().Error(fmt.Sprintf("%d animation events were dropped: more than %d were pending in one frame", dropped, render.MaxPendingAnimationEvents))
	}
	for i := range events {
		dispatchAnimationEvent(doc, &events[i])
	}
}

// dispatchAnimationEvent dispatches one event of the pending animation event queue at
// its target: an element, or for finish and cancel the script animation.
func dispatchAnimationEvent(doc *dom.Document, ev *render.AnimationEvent) {
	switch ev.Type {
	case "finish", "cancel":
		if h, ok := ev.Animation.Owner.(dom.AnimationOwner); ok {
			current := ev.CurrentTime
			doc.DispatchAnimationPlaybackEvent(h, ev.Type, current, ev.Type == "finish", ev.TimelineTime)
		}
		return
	}
	n := doc.NodeFor(ev.Target)
	if n == nil {
		return
	}
	if ev.Type[0] == 't' { // transitionrun, transitionstart, transitionend, transitioncancel
		doc.DispatchTrusted(n, dom.NewTransitionEvent(ev.Type, ev.Name, ev.ElapsedTime, ""))
		return
	}
	doc.DispatchTrusted(n, dom.NewAnimationEvent(ev.Type, ev.Name, ev.ElapsedTime, ""))
}

// animationHandles converts the engine's animations to the DOM's handles.
func animationHandles(list []*render.Animation) []dom.AnimationHandle {
	out := make([]dom.AnimationHandle, len(list))
	for i, a := range list {
		out[i] = animationHandle{a}
	}
	return out
}

// animationHandle is an engine animation as the DOM sees it.
type animationHandle struct{ *render.Animation }

func (h animationHandle) ComputedTiming() dom.ComputedTiming {
	return h.Animation.ComputedTiming()
}

// UpdateTiming replaces the effect's timing.
func (h animationHandle) UpdateTiming(t dom.EffectTiming) error {
	return h.Animation.UpdateTiming(render.TimingInput{Delay: t.Delay, EndDelay: t.EndDelay,
		Duration: t.Duration, Iterations: t.Iterations, IterationStart: t.IterationStart,
		Direction: t.Direction, Fill: t.Fill, Easing: t.Easing})
}

// SetEffect replaces the effect (Animation.effect's setter).
func (h animationHandle) SetEffect(el *dom.Node, frames []dom.Keyframe, t dom.EffectTiming) error {
	var target *html.Node
	if el != nil {
		target = el.HTML()
	}
	return h.Animation.SetEffect(target, keyframeInputs(frames), render.TimingInput{Delay: t.Delay, EndDelay: t.EndDelay,
		Duration: t.Duration, Iterations: t.Iterations, IterationStart: t.IterationStart,
		Direction: t.Direction, Fill: t.Fill, Easing: t.Easing})
}

// keyframeInputs converts the DOM's processed keyframes to the engine's.
func keyframeInputs(frames []dom.Keyframe) []render.KeyframeInput {
	in := make([]render.KeyframeInput, len(frames))
	for i, f := range frames {
		in[i] = render.KeyframeInput{Offset: f.Offset, HasOffset: f.HasOffset, Easing: f.Easing, Props: f.Props}
	}
	return in
}

// transitionHandle is a CSS transition as the DOM sees it.
type transitionHandle struct{ render.CSSTransition }

// UpdateTiming does nothing: a CSSTransition's timing is its transition-* values.
// DEPARTURE: (render/csstransition.go).
func (transitionHandle) UpdateTiming(dom.EffectTiming) error { return nil }

// SetEffect does nothing. FIXME(spec): a CSSTransition's effect cannot be replaced.
func (transitionHandle) SetEffect(*dom.Node, []dom.Keyframe, dom.EffectTiming) error { return nil }

// CSSTransitionProperty: an engine Animation is no CSS transition.
func (h animationHandle) CSSTransitionProperty() (string, bool) { return "", false }

// animator gives element.animate() a document's engine's animations.
type animator struct {
	eng *render.Engine
	doc *dom.Document
}

func (a animator) Animate(el *dom.Node, frames []dom.Keyframe, t dom.EffectTiming) (dom.AnimationHandle, error) {
	in := keyframeInputs(frames)
	var target *html.Node
	if el != nil {
		target = el.HTML()
	}
	anim, err := a.eng.Animate(target, in, render.TimingInput{Delay: t.Delay, EndDelay: t.EndDelay,
		Duration: t.Duration, Iterations: t.Iterations, IterationStart: t.IterationStart,
		Direction: t.Direction, Fill: t.Fill, Easing: t.Easing})
	if err != nil {
		return nil, err
	}
	return animationHandle{anim}, nil
}

func (a animator) Animations(el *dom.Node, subtree bool) []dom.AnimationHandle {
	// "flush pending style changes" (CSS animations start at a style change event)
	a.eng.Style()
	if el == nil { // the document's: those of its elements
		el, subtree = a.doc.Node(), true
	}
	// CSS transitions first: they come first in the composite order.
	var out []dom.AnimationHandle
	for _, t := range a.eng.Transitions(el.HTML(), subtree) {
		out = append(out, transitionHandle{t})
	}
	return append(out, animationHandles(a.eng.Animations(el.HTML(), subtree))...)
}

func (a animator) TimelineTime() float64 { return a.eng.TimelineTime() }
