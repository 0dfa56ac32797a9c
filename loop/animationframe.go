// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animation-frames);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package loop

import (
	"github.com/dop251/goja"
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
	dead   bool // cancelled
	// outsideFrame: requested by a task, not by an animation frame callback.
	outsideFrame bool
}

func (l *Loop) installAnimationFrames() {
	g := l.rt.GlobalObject()
	l.DefineFunc(g, "requestAnimationFrame", 1, func(c goja.FunctionCall) goja.Value {
		fn, ok := goja.AssertFunction(c.Argument(0))
		if !ok {
			panic(l.rt.NewTypeError("Failed to execute 'requestAnimationFrame' on 'Window': The callback provided as parameter 1 is not a function."))
		}
		h := l.requestAnimationFrame(fn, l.FunctionName(c.Argument(0)))
		l.StepDoneAt(StepHostCall, "requestAnimationFrame")
		return l.rt.ToValue(h)
	})
	l.DefineFunc(g, "cancelAnimationFrame", 1, func(c goja.FunctionCall) goja.Value {
		l.cancelAnimationFrame(webIDLLong(c.Argument(0)))
		return goja.Undefined()
	})
}

// requestAnimationFrame adds a callback to the map of animation frame callbacks and returns
// its handle (https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-animationframeprovider-requestanimationframe).
func (l *Loop) requestAnimationFrame(fn goja.Callable, name string) int {
	a := &l.animationFrames
	a.nextHandle++
	a.entries = append(a.entries, animationFrame{handle: a.nextHandle, fn: fn, name: name, outsideFrame: a.running == nil})
	return a.nextHandle
}

// cancelAnimationFrame removes a callback from the map of animation frame callbacks.
func (l *Loop) cancelAnimationFrame(handle int) {
	for _, list := range [][]animationFrame{l.animationFrames.entries, l.animationFrames.running} {
		for i := range list {
			if list[i].handle == handle {
				list[i].dead = true
			}
		}
	}
}

// hasAnimationFrameCallbacks reports whether callbacks wait for the next frame.
func (l *Loop) hasAnimationFrameCallbacks() bool {
	for _, e := range l.animationFrames.entries {
		if !e.dead {
			return true
		}
	}
	return false
}

// AnimationFrameRequestedOutsideFrame reports whether a callback requested by a task (rather
// than by the last frame's callbacks) waits for the next frame.
func (l *Loop) AnimationFrameRequestedOutsideFrame() bool {
	for _, e := range l.animationFrames.entries {
		if !e.dead && e.outsideFrame {
			return true
		}
	}
	return false
}

// runTheAnimationFrameCallbacks is "run the animation frame callbacks" for the window with the
// timestamp now (update the rendering, step 14).
func (l *Loop) runTheAnimationFrameCallbacks(now float64) {
	// 1. "Let callbacks be target's map of animation frame callbacks." 2. "Let
	// callbackHandles be the result of getting the keys of callbacks." Ones requested while
	// they run get later handles and wait for the next frame.
	callbacks := l.animationFrames.entries
	l.animationFrames.entries = nil
	l.animationFrames.running = callbacks
	defer func() { l.animationFrames.running = nil }()
	ts := l.rt.ToValue(now)
	for i := range callbacks {
		// 3. "For each handle in callbackHandles, if handle exists in callbacks": one cancelled
		// by an earlier callback of this frame does not run. 3.1-3.2: taken out above.
		if callbacks[i].dead {
			continue
		}
		// 3.3. "Invoke callback with « now » and "report"." (The call ends with a microtask
		// checkpoint, "clean up after running script", after the report.)
		start := l.Now()
		l.InvokeAndReport(callbacks[i].name, callbacks[i].fn, goja.Undefined(), ts)
		l.Trace().Add(Span{Kind: KindAnimationFrame, Name: "requestAnimationFrame " + callbacks[i].name, Start: start, End: l.Now()})
	}
}
