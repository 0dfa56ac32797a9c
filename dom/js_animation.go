// Spec: Web Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/web-animations-1/#the-animatable-interface-mixin):
// Element.animate() (processing a keyframes argument, the EffectTiming options) and the
// Animation interface. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// maxKeyframes bounds the keyframes one animate() call takes (a hostile page could pass
// an array of millions).
const maxKeyframes = 10000

// installAnimations defines Element.animate and Animation.
func (r *realm) installAnimations() {
	if p, ok := r.rt.Get("Promise").(*goja.Object); ok {
		if proto, ok := p.Get("prototype").(*goja.Object); ok {
			r.promiseThen, _ = goja.AssertFunction(proto.Get("then"))
		}
	}
	r.noop = r.rt.ToValue(func(goja.FunctionCall) goja.Value { return goja.Undefined() })

	et := r.iface("EventTarget")
	ai := r.idl.DefineInterface("Animation", et, 0, r.newAnimation)
	this := func(call goja.FunctionCall) *Animation { return webidl.This[*Animation](r.idl, call) }
	m := webidl.On(ai, this)
	m.LenientMethod("play", 0, func(a *Animation, _ goja.FunctionCall) goja.Value {
		if err := a.h.Play(); err != nil {
			panic(r.domError("InvalidStateError", "Failed to execute 'play' on 'Animation': Cannot play reversed Animation with infinite target effect end."))
		}
		a.afterOperation(false)
		return goja.Undefined()
	})
	m.LenientMethod("reverse", 0, func(a *Animation, _ goja.FunctionCall) goja.Value {
		if err := a.h.Reverse(); err != nil {
			panic(r.domError("InvalidStateError", "Failed to execute 'reverse' on 'Animation': Cannot play reversed Animation with infinite target effect end."))
		}
		a.afterOperation(false)
		return goja.Undefined()
	})
	m.Method("updatePlaybackRate", 1, func(a *Animation, call goja.FunctionCall) goja.Value {
		rate := toDouble(call.Argument(0))
		if math.IsNaN(rate) || math.IsInf(rate, 0) {
			panic(r.idl.TypeError("Failed to execute 'updatePlaybackRate' on 'Animation': The provided double value is non-finite."))
		}
		a.h.UpdatePlaybackRate(rate)
		a.afterOperation(false)
		return goja.Undefined()
	})
	m.LenientMethod("commitStyles", 0, func(a *Animation, _ goja.FunctionCall) goja.Value {
		// 2.1 "If target is not an element capable of having a style attribute (for
		// example, it is a pseudo-element or is an element in a document format for which
		// style attributes are not defined) throw a "NoModificationAllowedError"."
		n := a.el
		if n == nil {
			n = r.doc.NodeFor(a.h.Target())
		}
		if n == nil || n.kind != ElementNode {
			panic(r.domError("NoModificationAllowedError", "Failed to execute 'commitStyles' on 'Animation': Target element is not an element capable of having a style attribute."))
		}
		props, rendered := a.h.CommittedStyles()
		if !rendered {
			panic(r.domError("InvalidStateError", "Failed to execute 'commitStyles' on 'Animation': Target element is not rendered."))
		}
		// 2.5.5 "Set a CSS declaration property for effect value in inline style." 2.6
		// "Update style attribute for inline style."
		for _, p := range props {
			n.inlineStyle().setProperty(p[0], p[1], "", func(string) bool { return true })
		}
		return goja.Undefined()
	})
	m.LenientMethod("pause", 0, func(a *Animation, _ goja.FunctionCall) goja.Value {
		a.h.Pause()
		a.afterOperation(false)
		return goja.Undefined()
	})
	m.LenientMethod("finish", 0, func(a *Animation, _ goja.FunctionCall) goja.Value {
		if err := a.h.Finish(); err != nil {
			panic(r.domError("InvalidStateError", "Failed to execute 'finish' on 'Animation': Cannot finish Animation with an infinite target effect end."))
		}
		a.afterOperation(true)
		return goja.Undefined()
	})
	m.LenientMethod("cancel", 0, func(a *Animation, _ goja.FunctionCall) goja.Value {
		a.cancel()
		return goja.Undefined()
	})
	m.Accessor("currentTime", func(a *Animation) goja.Value {
		return r.nullableTime(a.h.CurrentTime())
	}, func(a *Animation, v goja.Value) {
		if goja.IsNull(v) || goja.IsUndefined(v) {
			// https://drafts.csswg.org/web-animations-1/#setting-the-current-time-of-an-animation (step 1)
			if _, ok := a.h.CurrentTime(); ok {
				panic(r.idl.TypeError("Failed to set the 'currentTime' property on 'Animation': currentTime may not be changed from resolved to unresolved"))
			}
			return
		}
		a.h.SetCurrentTime(toDouble(v))
		a.afterOperation(false)
	})
	m.Accessor("startTime", func(a *Animation) goja.Value { return r.nullableTime(a.h.StartTime()) }, func(a *Animation, v goja.Value) {
		if isNullish(v) {
			a.h.SetStartTime(0, false)
		} else {
			t := toDouble(v)
			if math.IsNaN(t) || math.IsInf(t, 0) {
				panic(r.idl.TypeError("Failed to set the 'startTime' property on 'Animation': The provided double value is non-finite."))
			}
			a.h.SetStartTime(t, true)
		}
		a.afterOperation(false)
	})
	m.Getter("playState", func(a *Animation) goja.Value { return r.str(a.h.PlayState()) })
	m.Getter("pending", func(a *Animation) goja.Value { return r.rt.ToValue(a.h.Pending()) })
	m.Accessor("playbackRate", func(a *Animation) goja.Value { return r.rt.ToValue(a.h.PlaybackRate()) }, func(a *Animation, v goja.Value) {
		rate := toDouble(v)
		if math.IsNaN(rate) || math.IsInf(rate, 0) {
			panic(r.idl.TypeError("Failed to set the 'playbackRate' property on 'Animation': The provided double value is non-finite."))
		}
		a.h.SetPlaybackRate(rate)
		a.afterOperation(false)
	})
	m.Getter("ready", func(a *Animation) goja.Value { return a.readyObj })
	m.Getter("finished", func(a *Animation) goja.Value { return a.currentFinished() })
	m.Accessor("id", func(a *Animation) goja.Value { return r.str(a.id) }, func(a *Animation, v goja.Value) { a.id = toDOMString(v) })
	r.handlerAttr(ai, "onfinish", func(call goja.FunctionCall) Target { return this(call) })
	r.handlerAttr(ai, "oncancel", func(call goja.FunctionCall) Target { return this(call) })
	r.handlerAttr(ai, "onremove", func(call goja.FunctionCall) Target { return this(call) })

	// The document timeline. https://drafts.csswg.org/web-animations-1/#the-documenttimeline-interface
	at := r.idl.DefineInterface("AnimationTimeline", nil, 0, nil)
	dt := r.idl.DefineInterface("DocumentTimeline", at, 0, nil)
	timeline := r.idl.NewObject(dt.Proto, r)
	webidl.On(at, func(call goja.FunctionCall) *realm { return webidl.This[*realm](r.idl, call) }).Getter("currentTime", func(*realm) goja.Value {
		if r.win.animator == nil {
			return goja.Null()
		}
		return r.rt.ToValue(r.win.animator.TimelineTime())
	})
	webidl.On(r.iface("Document"), r.thisKinds(DocumentNode)).Getter("timeline", func(*Node) goja.Value { return timeline })
	m.Getter("timeline", func(*Animation) goja.Value { return timeline })
	r.installKeyframeEffect(m)

	// https://drafts.csswg.org/css-transitions-2/#the-CSSTransition-interface
	ct := r.idl.DefineInterface("CSSTransition", ai, 0, nil)
	webidl.On(ct, this).Getter("transitionProperty", func(a *Animation) goja.Value {
		p, _ := a.h.CSSTransitionProperty()
		return r.str(p)
	})
	css := r.idl.DefineInterface("CSSAnimation", ai, 0, nil)
	webidl.On(css, this).Getter("animationName", func(a *Animation) goja.Value {
		name, _ := a.h.CSSAnimationName()
		return r.str(name)
	})
	list := func(el *Node, subtree bool) goja.Value {
		var out []any
		if r.win.animator != nil {
			for _, h := range r.win.animator.Animations(el, subtree) {
				out = append(out, r.wrapAnimation(h))
			}
		}
		return r.rt.NewArray(out...)
	}
	webidl.On(r.iface("Document"), r.thisKinds(DocumentNode)).LenientMethod("getAnimations", 0, func(*Node, goja.FunctionCall) goja.Value {
		return list(nil, true)
	})

	el := webidl.On(r.iface("Element"), r.thisElement)
	el.LenientMethod("getAnimations", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		return list(n, toBool(dictGet(call.Argument(0), "subtree")))
	})
	el.Method("animate", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		const ctx = "Failed to execute 'animate' on 'Element': "
		frames := r.processKeyframes(call.Argument(0), ctx)
		timing, id := r.effectTimingOptions(call.Argument(1), ctx)
		if r.win.animator == nil {
			panic(r.idl.TypeError(ctx + "animations are not available."))
		}
		h, err := r.win.animator.Animate(n, frames, timing)
		if err != nil {
			panic(r.idl.TypeError(ctx + err.Error()))
		}
		a := &Animation{realm: r, h: h, el: n, id: id, frames: frames, indexed: isPropertyIndexed(call.Argument(0))}
		a.obj = r.idl.NewObject(ai.Proto, a)
		h.SetOwner(a)
		a.newFinishedPromise()
		a.newReadyPromise(false)
		// "Run the procedure to play an animation for animation with the auto-rewind flag
		// set to true."
		h.Play()
		a.afterOperation(false)
		return a.obj
	})
}

// domError makes a DOMException to throw.
func (r *realm) domError(name, message string) goja.Value { return r.newDOMException(name, message) }

// processKeyframes is "process a keyframes argument" for an array of keyframes or a
// property-indexed keyframe object. DEPARTURE: a property-indexed object's offset and
// easing must be single values; composite is ignored.
// https://drafts.csswg.org/web-animations-1/#processing-a-keyframes-argument
func (r *realm) processKeyframes(v goja.Value, ctx string) []Keyframe {
	o, ok := v.(*goja.Object)
	if !ok {
		if goja.IsNull(v) || goja.IsUndefined(v) {
			return nil
		}
		panic(r.idl.TypeError(ctx + "The provided value is not of type '(sequence<object> or object)'."))
	}
	if o.ClassName() == "Array" {
		n := o.Get("length").ToInteger()
		if n > maxKeyframes {
			panic(r.newRangeError(ctx + "too many keyframes."))
		}
		frames := make([]Keyframe, 0, n)
		for i := int64(0); i < n; i++ {
			ko, ok := o.Get(strconv.FormatInt(i, 10)).(*goja.Object)
			if !ok {
				panic(r.idl.TypeError(ctx + "Keyframes must be objects."))
			}
			frames = append(frames, r.keyframeOf(ko, ctx))
		}
		return frames
	}
	// A property-indexed keyframe: each property's values spaced evenly.
	var frames []Keyframe
	at := func(off float64) *Keyframe {
		for i := range frames {
			if frames[i].Offset == off {
				return &frames[i]
			}
		}
		frames = append(frames, Keyframe{Offset: off, HasOffset: true})
		return &frames[len(frames)-1]
	}
	for _, key := range o.Keys() {
		if key == "offset" || key == "easing" || key == "composite" {
			continue
		}
		vals := []goja.Value{o.Get(key)}
		if vo, ok := vals[0].(*goja.Object); ok && vo.ClassName() == "Array" {
			n := vo.Get("length").ToInteger()
			if n > maxKeyframes {
				panic(r.newRangeError(ctx + "too many keyframes."))
			}
			vals = vals[:0]
			for i := int64(0); i < n; i++ {
				vals = append(vals, vo.Get(strconv.FormatInt(i, 10)))
			}
		}
		for i, val := range vals {
			off := 1.0
			if len(vals) > 1 {
				off = float64(i) / float64(len(vals)-1)
			}
			k := at(off)
			k.Props = append(k.Props, [2]string{cssPropertyName(key), toDOMString(val)})
		}
	}
	// sort by offset (insertion sort: a few keyframes)
	for i := 1; i < len(frames); i++ {
		for j := i; j > 0 && frames[j].Offset < frames[j-1].Offset; j-- {
			frames[j], frames[j-1] = frames[j-1], frames[j]
		}
	}
	if e := o.Get("easing"); e != nil && !goja.IsUndefined(e) {
		for i := range frames {
			frames[i].Easing = toDOMString(e)
		}
	}
	return frames
}

// keyframeOf reads one keyframe object: offset, easing and the property values.
func (r *realm) keyframeOf(o *goja.Object, ctx string) Keyframe {
	k := Keyframe{}
	for _, key := range o.Keys() {
		v := o.Get(key)
		switch key {
		case "offset":
			if goja.IsNull(v) || goja.IsUndefined(v) {
				continue
			}
			k.Offset, k.HasOffset = toDouble(v), true
			if !(k.Offset >= 0 && k.Offset <= 1) {
				panic(r.idl.TypeError(ctx + "Offsets must be null or in the range [0,1]."))
			}
		case "easing":
			k.Easing = toDOMString(v)
		case "composite":
		default:
			k.Props = append(k.Props, [2]string{cssPropertyName(key), toDOMString(v)})
		}
	}
	return k
}

// effectTimingOptions reads animate()'s options: a duration, or a
// KeyframeAnimationOptions dictionary. https://drafts.csswg.org/web-animations-1/#dictdef-effecttiming
func (r *realm) effectTimingOptions(v goja.Value, ctx string) (EffectTiming, string) {
	return r.readEffectTiming(EffectTiming{Iterations: 1, Direction: "normal", Fill: "auto", Easing: "linear"}, v, ctx, false)
}

// readEffectTiming reads the members of an EffectTiming dictionary (or a duration) given
// in v over t. update: updateTiming()'s OptionalEffectTiming, whose messages Chrome words
// a little differently from animate()'s KeyframeAnimationOptions.
func (r *realm) readEffectTiming(t EffectTiming, v goja.Value, ctx string, update bool) (EffectTiming, string) {
	dictName, end, enumType := "KeyframeAnimationOptions", ".", map[string]string{}
	if update {
		dictName, end = "OptionalEffectTiming", ""
		enumType = map[string]string{"direction": " of type PlaybackDirection", "fill": " of type FillMode"}
	}
	num := func(v goja.Value, name string) float64 {
		f := toDouble(v)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			panic(r.idl.TypeError(ctx + "Failed to read the '" + name + "' property from '" + dictName + "': The provided double value is non-finite."))
		}
		return f
	}
	o, ok := v.(*goja.Object)
	if !ok {
		if goja.IsUndefined(v) || goja.IsNull(v) {
			return t, ""
		}
		t.Duration = toDouble(v)
		if math.IsNaN(t.Duration) || t.Duration < 0 {
			panic(r.idl.TypeError(ctx + "duration must be non-negative or auto" + end))
		}
		return t, ""
	}
	if d := o.Get("duration"); d != nil && !goja.IsUndefined(d) {
		if s, ok := d.Export().(string); ok && s == "auto" {
			t.Duration = 0
		} else {
			t.Duration = toDouble(d)
			if math.IsNaN(t.Duration) || t.Duration < 0 {
				panic(r.idl.TypeError(ctx + "duration must be non-negative or auto" + end))
			}
		}
	}
	if d := o.Get("delay"); d != nil && !goja.IsUndefined(d) {
		t.Delay = num(d, "delay")
	}
	if d := o.Get("endDelay"); d != nil && !goja.IsUndefined(d) {
		t.EndDelay = num(d, "endDelay")
	}
	if d := o.Get("iterations"); d != nil && !goja.IsUndefined(d) {
		t.Iterations = toDouble(d)
		if math.IsNaN(t.Iterations) || t.Iterations < 0 {
			panic(r.idl.TypeError(ctx + "iterationCount must be non-negative" + end))
		}
	}
	if d := o.Get("iterationStart"); d != nil && !goja.IsUndefined(d) {
		t.IterationStart = num(d, "iterationStart")
		if t.IterationStart < 0 {
			panic(r.idl.TypeError(ctx + "iterationStart must be non-negative" + end))
		}
	}
	enum := func(key string, allowed string, into *string) {
		if d := o.Get(key); d != nil && !goja.IsUndefined(d) {
			s := toDOMString(d)
			if !isHandlerName(allowed, s) {
				panic(r.idl.TypeError(ctx + "Failed to read the '" + key + "' property from '" + dictName + "': The provided value '" + s + "' is not a valid enum value" + enumType[key] + "."))
			}
			*into = s
		}
	}
	enum("direction", "normal reverse alternate alternate-reverse", &t.Direction)
	enum("fill", "none forwards backwards both auto", &t.Fill)
	if d := o.Get("easing"); d != nil && !goja.IsUndefined(d) {
		t.Easing = toDOMString(d)
	}
	id := ""
	if d := o.Get("id"); d != nil && !goja.IsUndefined(d) {
		id = toDOMString(d)
	}
	return t, id
}

// installKeyframeEffect defines KeyframeEffect (its constructor, target, getTiming() and
// getComputedTiming()), Animation.effect and the Animation constructor.
// FIXME(spec): no getKeyframes(), setKeyframes() or updateTiming(); an effect is bound to
// its first animation (a second new Animation(effect) makes a copy).
// https://drafts.csswg.org/web-animations-1/#the-keyframeeffect-interface
func (r *realm) installKeyframeEffect(m webidl.Members[*Animation]) {
	ae := r.idl.DefineInterface("AnimationEffect", nil, 0, nil)
	ke := r.idl.DefineInterface("KeyframeEffect", ae, 1, func(call goja.ConstructorCall) *goja.Object {
		// new KeyframeEffect(target, keyframes, options)
		// https://drafts.csswg.org/web-animations-1/#dom-keyframeeffect-keyframeeffect
		const ctx = "Failed to construct 'KeyframeEffect': "
		if len(call.Arguments) < 2 {
			panic(r.idl.TypeError(ctx + "2 arguments required, but only " + strconv.Itoa(len(call.Arguments)) + " present."))
		}
		k := &keyframeEffect{}
		if t := call.Argument(0); !isNullish(t) {
			n, ok := r.idl.Unwrap(t).(*Node)
			if !ok || n.kind != ElementNode {
				panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'Element'."))
			}
			k.target = n
		}
		k.frames = r.processKeyframes(call.Argument(1), ctx)
		k.indexed = isPropertyIndexed(call.Argument(1))
		k.timing, _ = r.effectTimingOptions(call.Argument(2), ctx)
		r.idl.SetSlot(call.This, k)
		k.obj = call.This
		return call.This
	})
	thisEffect := func(call goja.FunctionCall) *keyframeEffect { return webidl.This[*keyframeEffect](r.idl, call) }
	timing := func(k *keyframeEffect, computed bool) goja.Value {
		var c ComputedTiming
		if k.a != nil {
			c = k.a.h.ComputedTiming()
		} else {
			t := k.timing
			c = ComputedTiming{Delay: t.Delay, EndDelay: t.EndDelay, Duration: t.Duration, Iterations: t.Iterations,
				IterationStart: t.IterationStart, Direction: t.Direction, Fill: t.Fill, Easing: t.Easing}
			c.ActiveDuration = t.Duration * t.Iterations
			if t.Duration == 0 || t.Iterations == 0 {
				c.ActiveDuration = 0
			}
			c.EndTime = math.Max(t.Delay+c.ActiveDuration+t.EndDelay, 0)
		}
		o := r.rt.NewObject()
		num := func(k string, v float64) { _ = o.Set(k, v) }
		num("delay", c.Delay)
		_ = o.Set("direction", c.Direction)
		num("duration", c.Duration)
		_ = o.Set("easing", c.Easing)
		num("endDelay", c.EndDelay)
		_ = o.Set("fill", c.Fill)
		num("iterationStart", c.IterationStart)
		num("iterations", c.Iterations)
		if computed {
			if c.Fill == "auto" {
				_ = o.Set("fill", "none") // the computed fill of a keyframe effect
			}
			num("activeDuration", c.ActiveDuration)
			_ = o.Set("currentIteration", r.nullableTime(c.CurrentIteration, c.HasIteration))
			num("endTime", c.EndTime)
			_ = o.Set("localTime", r.nullableTime(c.LocalTime, c.HasLocalTime))
			_ = o.Set("progress", r.nullableTime(c.Progress, c.HasProgress))
		}
		return o
	}
	em := webidl.On(ae, thisEffect)
	em.LenientMethod("getTiming", 0, func(k *keyframeEffect, _ goja.FunctionCall) goja.Value { return timing(k, false) })
	em.LenientMethod("getComputedTiming", 0, func(k *keyframeEffect, _ goja.FunctionCall) goja.Value { return timing(k, true) })
	// updateTiming(optional OptionalEffectTiming timing = {}).
	// https://drafts.csswg.org/web-animations-1/#dom-animationeffect-updatetiming
	em.LenientMethod("updateTiming", 0, func(k *keyframeEffect, call goja.FunctionCall) goja.Value {
		const ctx = "Failed to execute 'updateTiming' on 'AnimationEffect': "
		r.checkDict(call.Argument(0), ctx, "OptionalEffectTiming")
		cur := k.timing
		if k.a != nil {
			c := k.a.h.ComputedTiming()
			cur = EffectTiming{Delay: c.Delay, EndDelay: c.EndDelay, Duration: c.Duration, Iterations: c.Iterations,
				IterationStart: c.IterationStart, Direction: c.Direction, Fill: c.Fill, Easing: c.Easing}
		}
		if _, ok := call.Argument(0).(*goja.Object); !ok {
			return goja.Undefined()
		}
		t, _ := r.readEffectTiming(cur, call.Argument(0), ctx, true)
		if k.a == nil {
			k.timing = t
			return goja.Undefined()
		}
		if err := k.a.h.UpdateTiming(t); err != nil {
			panic(r.idl.TypeError(ctx + err.Error()))
		}
		k.a.afterOperation(false)
		return goja.Undefined()
	})
	// getKeyframes(): the keyframes as given, with their computed offsets.
	// FIXME(spec): a CSS animation's or transition's keyframes are not given (an empty list).
	// https://drafts.csswg.org/web-animations-1/#dom-keyframeeffect-getkeyframes
	webidl.On(ke, thisEffect).LenientMethod("getKeyframes", 0, func(k *keyframeEffect, _ goja.FunctionCall) goja.Value {
		frames, indexed := k.frames, k.indexed
		if k.a != nil {
			frames, indexed = k.a.frames, k.a.indexed
		}
		return r.computedKeyframes(frames, indexed)
	})
	webidl.On(ke, thisEffect).Getter("target", func(k *keyframeEffect) goja.Value {
		if k.a != nil {
			return r.wrapNodeOrNull(r.doc.NodeFor(k.a.h.Target()))
		}
		return r.wrapNodeOrNull(k.target)
	})
	m.Accessor("effect", func(a *Animation) goja.Value {
		if a.noEffect {
			return goja.Null()
		}
		if a.effect == nil {
			k := &keyframeEffect{a: a}
			a.effect = r.idl.NewObject(ke.Proto, k)
			k.obj = a.effect
		}
		return a.effect
	}, func(a *Animation, v goja.Value) {
		var k *keyframeEffect
		if !isNullish(v) {
			var ok bool
			if k, ok = r.idl.Unwrap(v).(*keyframeEffect); !ok {
				panic(r.idl.TypeError("Failed to set the 'effect' property on 'Animation': The provided value is not of type 'AnimationEffect'."))
			}
		}
		r.setAssociatedEffect(a, k)
	})
}

// setAssociatedEffect is Animation.effect's setter: the old effect (when script holds it)
// keeps its target, keyframes and timing but no animation; an effect taken from another
// animation leaves that one without an effect.
// https://drafts.csswg.org/web-animations-1/#setting-the-associated-effect
func (r *realm) setAssociatedEffect(a *Animation, k *keyframeEffect) {
	// 2. "If new effect is the same object as old effect, return (skipping all remaining
	// steps)."
	if k != nil && k.a == a || k == nil && a.noEffect {
		return
	}
	// 5. "If new effect is not null and if new effect is the associated effect of another
	// animation, previous animation, run the procedure to set the associated effect of an
	// animation (this procedure) on previous animation passing null as new effect."
	if k != nil && k.a != nil {
		r.setAssociatedEffect(k.a, nil)
	}
	// The old effect, as script may hold it, is an effect with no animation now.
	if a.effect != nil {
		if old, ok := r.idl.Unwrap(a.effect).(*keyframeEffect); ok && old.a == a {
			c := a.h.ComputedTiming()
			old.target, old.frames, old.indexed = r.doc.NodeFor(a.h.Target()), a.frames, a.indexed
			old.timing = EffectTiming{Delay: c.Delay, EndDelay: c.EndDelay, Duration: c.Duration, Iterations: c.Iterations,
				IterationStart: c.IterationStart, Direction: c.Direction, Fill: c.Fill, Easing: c.Easing}
			old.a = nil
		}
	}
	// 6. "Let the associated effect of animation be new effect."
	if k == nil {
		_ = a.h.SetEffect(nil, nil, EffectTiming{Iterations: 1, Direction: "normal", Fill: "auto", Easing: "linear"})
		a.effect, a.noEffect, a.frames, a.indexed, a.el = nil, true, nil, false, nil
	} else {
		if err := a.h.SetEffect(k.target, k.frames, k.timing); err != nil {
			panic(r.idl.TypeError("Failed to set the 'effect' property on 'Animation': " + err.Error()))
		}
		k.a = a
		a.effect, a.noEffect, a.frames, a.indexed, a.el = k.obj, false, k.frames, k.indexed, k.target
	}
	// 7. "Run the procedure to update an animation's finished state for animation with the
	// did seek flag set to false, and the synchronously notify flag set to false."
	a.afterOperation(false)
}

// newAnimation is the Animation constructor: new Animation(effect, timeline).
// FIXME(spec): a timeline other than the document's is taken as the document's; an effect
// without a target makes an animation whose effect applies nowhere.
// https://drafts.csswg.org/web-animations-1/#dom-animation-animation
func (r *realm) newAnimation(call goja.ConstructorCall) *goja.Object {
	const ctx = "Failed to construct 'Animation': "
	var k *keyframeEffect
	if e := call.Argument(0); !isNullish(e) {
		var ok bool
		if k, ok = r.idl.Unwrap(e).(*keyframeEffect); !ok {
			panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'AnimationEffect'."))
		}
	}
	if r.win.animator == nil {
		panic(r.idl.TypeError(ctx + "animations are not available."))
	}
	var target *Node
	frames, timing := []Keyframe(nil), EffectTiming{Iterations: 1, Direction: "normal", Fill: "auto", Easing: "linear"}
	if k != nil {
		if k.a != nil { // an effect already associated: its own keyframes and timing
			target = r.doc.NodeFor(k.a.h.Target())
			frames, timing = k.frames, k.timing
		} else {
			target, frames, timing = k.target, k.frames, k.timing
		}
	}
	h, err := r.win.animator.Animate(target, frames, timing)
	if err != nil {
		panic(r.idl.TypeError(ctx + err.Error()))
	}
	a := &Animation{realm: r, h: h, el: target, noEffect: k == nil, frames: frames}
	if k != nil {
		a.indexed = k.indexed
	}
	r.idl.SetSlot(call.This, a)
	a.obj = call.This
	h.SetOwner(a)
	a.newFinishedPromise()
	a.newReadyPromise(false)
	if k != nil && k.a == nil {
		k.a = a
		a.effect = k.obj
	}
	return a.obj
}

// keyframeEffect is a KeyframeEffect: the effect of an Animation (a), or one made by its
// constructor and not yet given to an animation (target, frames, timing).
type keyframeEffect struct {
	a       *Animation
	obj     *goja.Object
	target  *Node
	frames  []Keyframe
	indexed bool // the keyframes were property-indexed (their offsets were not given)
	timing  EffectTiming
}

// isPropertyIndexed reports whether a keyframes argument is a property-indexed object.
func isPropertyIndexed(v goja.Value) bool {
	o, ok := v.(*goja.Object)
	return ok && o.ClassName() != "Array"
}

// computedKeyframes is getKeyframes()'s list: each keyframe's offset (null when not
// given), easing, composite, its property values in code point order of their IDL names,
// then its computed offset.
// https://drafts.csswg.org/web-animations-1/#dom-keyframeeffect-getkeyframes
func (r *realm) computedKeyframes(frames []Keyframe, indexed bool) goja.Value {
	computed := make([]float64, len(frames))
	given := make([]bool, len(frames))
	for i, f := range frames {
		computed[i], given[i] = f.Offset, f.HasOffset && !indexed
	}
	// "compute missing keyframe offsets"
	n := len(frames)
	if n > 0 {
		if !frames[n-1].HasOffset {
			computed[n-1] = 1
		}
		if n > 1 && !frames[0].HasOffset {
			computed[0] = 0
		}
		prev := 0
		for i := 1; i < n; i++ {
			if !frames[i].HasOffset && i != n-1 {
				continue
			}
			for j := prev + 1; j < i; j++ {
				computed[j] = computed[prev] + (computed[i]-computed[prev])*float64(j-prev)/float64(i-prev)
			}
			prev = i
		}
	}
	out := make([]any, len(frames))
	for i, f := range frames {
		o := r.rt.NewObject()
		if given[i] {
			_ = o.Set("offset", f.Offset)
		} else {
			_ = o.Set("offset", goja.Null())
		}
		easing := f.Easing
		if easing == "" {
			easing = "linear"
		}
		_ = o.Set("easing", easing)
		_ = o.Set("composite", "auto")
		props := make([][2]string, 0, len(f.Props))
		for _, p := range f.Props {
			props = append(props, [2]string{cssIDLName(p[0]), p[1]})
		}
		slices.SortStableFunc(props, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
		for _, p := range props {
			_ = o.Set(p[0], p[1])
		}
		_ = o.Set("computedOffset", computed[i])
		out[i] = o
	}
	return r.rt.NewArray(out...)
}

// cssIDLName is a property's IDL attribute name: background-color → backgroundColor.
// https://drafts.csswg.org/cssom/#css-property-to-idl-attribute
func cssIDLName(p string) string {
	if p == "float" {
		return "cssFloat"
	}
	var b strings.Builder
	up := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '-':
			up = true
		case up && c >= 'a' && c <= 'z':
			b.WriteByte(c - 'a' + 'A')
			up = false
		default:
			b.WriteByte(c)
			up = false
		}
	}
	return b.String()
}
