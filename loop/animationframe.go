// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animation-frames);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import (
	"github.com/dop251/goja"

	"loopscope/agent"
)

// animationFrameList is the window's "map of animation frame callbacks", in insertion order.
type animationFrameList struct {
	nextHandle int
	entries    []animationFrame
	running    []animationFrame // the callbacks of the frame being run
}

type animationFrame struct {
	handle int
	fn     goja.Callable
	name   string
	errors agent.ErrorTarget // where its exception is reported (CallbackGlobal)
	dead   bool              // cancelled
	// outsideFrame: requested by a task, not by an animation frame callback.
	outsideFrame bool
}

// installAnimationFrames defines requestAnimationFrame and cancelAnimationFrame on obj, the
// global object of own (called on another window's, they act on its callbacks).
func (l *Loop) installAnimationFrames(obj *goja.Object, own *global) {
	l.DefineFunc(obj, "requestAnimationFrame", 1, func(c goja.FunctionCall) goja.Value {
		window := l.thisGlobal(c, own)
		fn, ok := goja.AssertFunction(c.Argument(0))
		if !ok {
			panic(l.rt.NewTypeError("Failed to execute 'requestAnimationFrame' on 'Window': The callback provided as parameter 1 is not a function."))
		}
		if !window.fullyActive() {
			return l.rt.ToValue(0) // CHROME: a removed iframe's window gives 0, and no callback
		}
		h := l.requestAnimationFrame(window, fn, l.FunctionName(c.Argument(0)), l.CallbackGlobal(c.Argument(0)))
		l.StepDoneAt(StepHostCall, "requestAnimationFrame")
		return l.rt.ToValue(h)
	})
	l.DefineFunc(obj, "cancelAnimationFrame", 1, func(c goja.FunctionCall) goja.Value {
		l.thisGlobal(c, own).cancelAnimationFrame(webIDLLong(c.Argument(0)))
		return goja.Undefined()
	})
}

// requestAnimationFrame adds a callback to window's document's map of animation frame
// callbacks and returns its handle: "Increment target's animation frame callback
// identifier by one, and let handle be the result" (the handles are the document's: an
// iframe's first is 1 too)
// (https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-animationframeprovider-requestanimationframe).
func (l *Loop) requestAnimationFrame(window *global, fn goja.Callable, name string, errors agent.ErrorTarget) int {
	a := &window.animationFrames
	a.nextHandle++
	a.entries = append(a.entries, animationFrame{handle: a.nextHandle, fn: fn, name: name, errors: errors, outsideFrame: l.runningFrame == nil})
	if window != l.window && !window.waitsForFrame {
		window.waitsForFrame = true
		l.frameWindows = append(l.frameWindows, window)
	}
	return a.nextHandle
}

// cancelAnimationFrame removes a callback from the window's map of animation frame
// callbacks.
func (window *global) cancelAnimationFrame(handle int) {
	for _, list := range [][]animationFrame{window.animationFrames.entries, window.animationFrames.running} {
		for i := range list {
			if list[i].handle == handle {
				list[i].dead = true
			}
		}
	}
}

// hasAnimationFrameCallbacks reports whether callbacks wait for the next frame, in the
// top-level window or a fully active iframe's.
func (l *Loop) hasAnimationFrameCallbacks() bool {
	return l.anyAnimationFrame(false)
}

// AnimationFrameRequestedOutsideFrame reports whether a callback requested by a task (rather
// than by the last frame's callbacks) waits for the next frame.
func (l *Loop) AnimationFrameRequestedOutsideFrame() bool {
	return l.anyAnimationFrame(true)
}

// anyAnimationFrame reports whether a live callback (requested outside a frame, if
// outsideFrame) waits in a window whose callbacks the next frame runs.
func (l *Loop) anyAnimationFrame(outsideFrame bool) bool {
	for i := -1; i < len(l.frameWindows); i++ {
		w := l.window
		if i >= 0 {
			if w = l.frameWindows[i]; !w.fullyActive() {
				continue
			}
		}
		for _, e := range w.animationFrames.entries {
			if !e.dead && (e.outsideFrame || !outsideFrame) {
				return true
			}
		}
	}
	return false
}

// runTheAnimationFrameCallbacks is update the rendering's step 14, "For each doc of docs,
// run the animation frame callbacks for doc", with the timestamp now: the top-level
// window's, then each fully active iframe window's that had callbacks as the frame started,
// at its turn, in Chrome's frame tree order (windowsForFrame).
func (l *Loop) runTheAnimationFrameCallbacks(now float64) {
	order := l.windowsForFrame()
	l.runTheAnimationFrameCallbacksFor(l.window, now)
	for _, w := range order {
		w.waitsForFrame = false
		// (A callback of an earlier window may have removed this one's iframe.)
		if !w.fullyActive() {
			w.forgetAnimationFrames()
			continue
		}
		l.runTheAnimationFrameCallbacksFor(w, now)
	}
}

// runTheAnimationFrameCallbacksFor is "run the animation frame callbacks" for window's
// document with the timestamp now.
func (l *Loop) runTheAnimationFrameCallbacksFor(window *global, now float64) {
	// 1. "Let callbacks be target's map of animation frame callbacks." 2. "Let
	// callbackHandles be the result of getting the keys of callbacks." Ones requested while
	// they run get later handles and wait for the next frame.
	callbacks := window.animationFrames.entries
	window.animationFrames.entries = nil
	window.animationFrames.running = callbacks
	l.runningFrame = window
	defer func() { window.animationFrames.running, l.runningFrame = nil, nil }()
	// "the relative high resolution time given frameTimestamp and doc's relevant global
	// object": from the window's time origin.
	ts := l.rt.ToValue(now - window.timeOrigin)
	for i := range callbacks {
		// 3. "For each handle in callbackHandles, if handle exists in callbacks": one cancelled
		// by an earlier callback of this frame does not run. 3.1-3.2: taken out above.
		if callbacks[i].dead || !agent.ScriptsMayRun(callbacks[i].errors) {
			continue // (or a function of a removed iframe's realm: "check if we can run script")
		}
		// 3.3. "Invoke callback with « now » and "report"." (The call ends with a microtask
		// checkpoint, "clean up after running script", after the report.)
		start := l.Now()
		l.InvokeAndReportAt(callbacks[i].errors, callbacks[i].name, callbacks[i].fn, goja.Undefined(), ts)
		l.Trace().Add(Span{Kind: KindAnimationFrame, Name: "requestAnimationFrame " + callbacks[i].name, Start: start, End: l.Now()})
	}
}
