// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#the-animation-interface):
// the Animation interface's promises (current ready promise, current finished promise)
// and events, over an animation the renderer runs. Tags: FIXME(spec), DEPARTURE, CHROME.

package dom

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html"

	"loopscope/css"
)

// AnimationHandle is an animation the renderer runs (its timing model): the Web
// Animations procedures the Animation interface calls.
type AnimationHandle interface {
	Play() error // an error: it cannot rewind (InvalidStateError)
	Pause()
	Finish() error // an error: the animation never ends (InvalidStateError)
	Cancel() bool  // false: it was idle already
	CurrentTime() (float64, bool)
	SetCurrentTime(ms float64)
	StartTime() (float64, bool)
	SetStartTime(ms float64, resolved bool)
	PlaybackRate() float64
	SetPlaybackRate(rate float64)
	UpdatePlaybackRate(rate float64)
	Reverse() error // an error: it cannot rewind (InvalidStateError)
	// UpdateTiming replaces the effect's timing (the error: a TypeError's message).
	UpdateTiming(t EffectTiming) error
	// SetEffect replaces the effect: a keyframe effect of el, or none (el nil, no frames).
	SetEffect(el *Node, frames []Keyframe, t EffectTiming) error
	// CommittedStyles is commitStyles()'s values (dashed name, value) of the properties
	// the effect targets; rendered false: the target is not being rendered.
	CommittedStyles() (props [][2]string, rendered bool)
	PlayState() string
	Pending() bool
	// TakeReady reports whether a pending task completed since the last call (the ready
	// promise resolves); TakeFinished whether the finish notification steps ran (the
	// finished promise resolves; the finish event is the renderer's to queue).
	TakeReady() bool
	TakeFinished() bool
	SetOwner(owner any)
	// CSSAnimationName is the animation-name of a CSS animation (ok false otherwise);
	// CSSTransitionProperty the property of a CSS transition.
	CSSAnimationName() (name string, ok bool)
	CSSTransitionProperty() (property string, ok bool)
	// Target is the element the effect targets; ComputedTiming its timing and state.
	Target() *html.Node
	ComputedTiming() ComputedTiming
}

// ComputedTiming is an effect's timing and where it is now (css.ComputedTiming, which the
// engine computes).
type ComputedTiming = css.ComputedTiming

// Keyframe is one keyframe given to element.animate(): property values as strings
// (dashed names).
type Keyframe struct {
	Offset    float64
	HasOffset bool
	Easing    string
	Props     [][2]string
}

// EffectTiming is element.animate()'s options. https://drafts.csswg.org/web-animations-1/#dictdef-effecttiming
type EffectTiming struct {
	Delay, EndDelay, Duration, Iterations, IterationStart float64
	Direction, Fill, Easing                               string
}

// Animator creates script animations (the renderer implements it).
type Animator interface {
	// Animate creates an animation of el with a keyframe effect (not yet playing); the
	// error's text is the TypeError's message.
	Animate(el *Node, frames []Keyframe, timing EffectTiming) (AnimationHandle, error)
	// Animations lists the relevant animations of el (with subtree, and of its
	// descendants; nil el: of the document), in composite order.
	Animations(el *Node, subtree bool) []AnimationHandle
	// TimelineTime is the document timeline's current time (ms): the time of the last
	// update of animations.
	TimelineTime() float64
}

// SetAnimator connects element.animate() to the renderer.
func (w *Window) SetAnimator(a Animator) { w.animator = a }

// Animation is a script animation's Animation object: an EventTarget with its promises.
type Animation struct {
	target eventTarget
	realm  *realm
	obj    *goja.Object
	h      AnimationHandle
	el     *Node
	id     string

	ready, finished          *goja.Promise
	readyObj, finishedObj    *goja.Object
	resolveReady             func(any) error
	resolveFinished          func(any) error
	rejectReady, rejectFinal func(any) error
	readyPending             bool
	finishedSettled          bool
	effect                   *goja.Object // its KeyframeEffect, made on first use
	noEffect                 bool         // made by new Animation(null)
	frames                   []Keyframe   // its keyframes as given (getKeyframes)
	indexed                  bool         // given property-indexed
}

func (a *Animation) eventTargetData() *eventTarget { return &a.target }
func (a *Animation) getTheParent(*Event) Target    { return nil }
func (a *Animation) realmOf() *realm               { return a.realm }

// newFinishedPromise makes a new pending current finished promise.
func (a *Animation) newFinishedPromise() {
	p, res, rej := a.realm.rt.NewPromise()
	a.finished, a.finishedObj = p, a.realm.rt.ToValue(p).(*goja.Object)
	a.resolveFinished, a.rejectFinal = res, rej
	a.finishedSettled = false
}

// newReadyPromise makes a new current ready promise, pending or resolved with the
// animation.
func (a *Animation) newReadyPromise(pending bool) {
	p, res, rej := a.realm.rt.NewPromise()
	a.ready, a.readyObj = p, a.realm.rt.ToValue(p).(*goja.Object)
	a.resolveReady, a.rejectReady = res, rej
	a.readyPending = pending
	if !pending {
		_ = res(a.obj)
	}
}

// afterOperation keeps the promises in step with the handle after a procedure: a
// pending task gets a pending ready promise, a completed one resolves it. syncNotify is
// the procedure's "synchronously notify" flag (finish() alone sets it): its finish
// notification ran synchronously and resolves the finished promise now; otherwise one
// that is due is a microtask, which does nothing if the animation left the finished state
// meanwhile ("If animation's play state is not equal to finished, abort these steps").
// https://drafts.csswg.org/web-animations-1/#updating-the-finished-state (step 5)
// https://drafts.csswg.org/web-animations-1/#finish-notification-steps
func (a *Animation) afterOperation(syncNotify bool) {
	a.settleReady()
	if a.h.Pending() && !a.readyPending {
		a.newReadyPromise(true)
	}
	if syncNotify && a.h.TakeFinished() {
		a.resolveFinishedPromise()
		return
	}
	a.realm.host.QueueMicrotask(func() {
		if a.h.TakeFinished() {
			a.resolveFinishedPromise()
		}
	})
}

func (a *Animation) settleReady() {
	if a.h.TakeReady() && a.readyPending {
		a.readyPending = false
		_ = a.resolveReady(a.obj)
	}
}

func (a *Animation) resolveFinishedPromise() {
	if a.finishedSettled {
		a.newFinishedPromise()
	}
	a.finishedSettled = true
	_ = a.resolveFinished(a.obj)
}

// currentFinished is the current finished promise: a new one once the animation has
// left the finished state since the last one resolved.
// https://drafts.csswg.org/web-animations-1/#updating-the-finished-state (step 6)
func (a *Animation) currentFinished() *goja.Object {
	if a.finishedSettled && a.h.PlayState() != "finished" {
		a.newFinishedPromise()
	}
	return a.finishedObj
}

// cancel is "cancel an animation": the pending tasks are reset (the ready promise is
// rejected and replaced by a resolved one), the finished promise is rejected and
// replaced, and the renderer queues the cancel event.
// https://drafts.csswg.org/web-animations-1/#cancel-an-animation
func (a *Animation) cancel() {
	if !a.h.Cancel() {
		return
	}
	r := a.realm
	if a.readyPending {
		_ = a.rejectReady(r.newDOMException("AbortError", "The user aborted a request."))
		r.markHandled(a.readyObj)
		a.newReadyPromise(false)
	}
	if !a.finishedSettled {
		_ = a.rejectFinal(r.newDOMException("AbortError", "The user aborted a request."))
		r.markHandled(a.finishedObj)
	}
	a.newFinishedPromise()
}

// markHandled sets a rejected promise's [[PromiseIsHandled]] (no unhandled rejection).
func (r *realm) markHandled(p *goja.Object) {
	if r.promiseThen == nil || r.noop == nil {
		return
	}
	_, _ = r.promiseThen(p, goja.Undefined(), r.noop)
}

// SettleAnimationPromises is step 3 of "update animations and send events", the
// microtask checkpoint, for the script animations whose pending task completed or that
// finished: their ready, then their finished promises resolve in one call into JS, at
// whose end the reactions run.
func (d *Document) SettleAnimationPromises(list []AnimationHandle) {
	r := d.realm
	if r == nil {
		return
	}
	var anims []*Animation
	for _, h := range list {
		if a, ok := ownerOf(h); ok {
			anims = append(anims, a)
		}
	}
	if len(anims) == 0 {
		return
	}
	settle := r.rt.ToValue(func(goja.FunctionCall) goja.Value {
		for _, a := range anims {
			a.settleReady()
		}
		for _, a := range anims {
			if a.h.TakeFinished() {
				a.resolveFinishedPromise()
			}
		}
		return goja.Undefined()
	})
	fn, _ := goja.AssertFunction(settle)
	call := r.host.Call
	if nh, ok := r.host.(namingHost); ok { // named in the trace and in a watchdog's report
		call = func(fn goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, error) {
			return nh.CallNamed("settle animation promises", fn, this, args...)
		}
	}
	if _, err := call(fn, goja.Undefined()); err != nil {
		r.reportException(err)
	}
}

// wrapAnimation returns the Animation object of a handle, made on first use (a CSS
// animation becomes a CSSAnimation when a script first sees it).
func (r *realm) wrapAnimation(h AnimationHandle) *goja.Object {
	if a, ok := ownerOf(h); ok && a.obj != nil {
		return a.obj
	}
	proto := r.iface("Animation").Proto
	if _, css := h.CSSAnimationName(); css {
		proto = r.iface("CSSAnimation").Proto
	} else if _, tr := h.CSSTransitionProperty(); tr {
		proto = r.iface("CSSTransition").Proto
	}
	a := &Animation{realm: r, h: h}
	a.obj = r.idl.NewObject(proto, a)
	h.SetOwner(a)
	a.newFinishedPromise()
	a.newReadyPromise(h.Pending())
	if h.PlayState() == "finished" {
		a.finishedSettled = true
		_ = a.resolveFinished(a.obj)
	}
	return a.obj
}

// ownerOf finds the Animation object of a handle.
func ownerOf(h AnimationHandle) (*Animation, bool) {
	o, ok := h.(interface{ OwnerOf() any })
	if !ok {
		return nil, false
	}
	a, ok := o.OwnerOf().(*Animation)
	return a, ok
}

// AnimationOwner is what a renderer's animation keeps of its Animation object.
type AnimationOwner = *Animation

// DispatchAnimationPlaybackEvent dispatches a finish or cancel event at a script
// animation (a cancel event's currentTime is null).
// https://drafts.csswg.org/web-animations-1/#the-animationplaybackevent-interface
func (d *Document) DispatchAnimationPlaybackEvent(a *Animation, typ string, current float64, hasCurrent bool, timeline float64) {
	if d.realm == nil || a == nil {
		return
	}
	ev := newAnimationPlaybackEvent(typ, current, hasCurrent, timeline, true)
	ev.trusted = true
	ev.timeStamp = d.realm.host.Now()
	dispatch(ev, a, false)
}
