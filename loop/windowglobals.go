// Spec: HTML Living Standard, 2026-11-01: §8.6 "Timers" (a global's map of active timers),
// §8.10 "Animation frames" (a document's map of animation frame callbacks), §8.1.7.3 the
// event loop processing model ("update the rendering": docs, "run the animation frame
// callbacks" for each), §8.1.7.1 a task's runnability ("a task is runnable if its document
// is either null or fully active").
// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers

package loop

import (
	"slices"

	"github.com/dop251/goja"

	"loopscope/agent"
)

// A WindowDocument is a window's document as the event loop asks about it (package dom's
// *Document): whether it is fully active (a task of a document that is not, its iframe
// removed, is not runnable, and its animation frame callbacks do not run), and its place in
// the frame tree, the order in which a frame runs the documents' animation frame callbacks.
type WindowDocument interface {
	FullyActive() bool
	// URL is the document's URL: what a syntax error of a string given to its window's
	// setTimeout names.
	URL() string
	// FramePath orders documents as Chrome's frame tree: compared with slices.Compare, a
	// document before the documents of its navigable's descendants, which come before its
	// next sibling's (the top-level document's is empty).
	FramePath() []uint64
}

// global is one global object's share of its event loop: its map of active timers, the
// counter their ids come from, and (a window's) its document's map of animation frame
// callbacks. The top-level window's (or a worker's) is the loop's own; each iframe's window
// gets one from InstallWindowGlobals, so timer ids and animation frame handles start at 1 in
// each window and clearTimeout in one window never clears another's timer, as in Chrome.
type global struct {
	realm  *goja.Realm    // nil: the runtime's first realm (the top-level window's, a worker's)
	object *goja.Object   // its global object
	doc    WindowDocument // nil: always fully active (the top-level window, a worker)
	// errors is where the exceptions of a string handler of its setTimeout are reported
	// (nil: the loop's window); syntaxError its realm's SyntaxError, taken before any of
	// its scripts ran (nil: the loop's window's).
	errors      agent.ErrorTarget
	syntaxError goja.Constructor
	// timeOrigin is the global's time origin, in ms of the agent's clock (0: the page's):
	// its animation frame callbacks' timestamps count from it, as its performance.now().
	timeOrigin float64
	framePath  []uint64 // doc's FramePath, read when a frame orders the windows

	activeTimers    map[int]*timer // "map of active timers"
	nextTimerID     int
	animationFrames animationFrameList
	waitsForFrame   bool // in the loop's frameWindows
	hasTimers       bool // in the loop's timerWindows
}

func newGlobal(realm *goja.Realm, doc WindowDocument) *global {
	return &global{realm: realm, doc: doc, activeTimers: map[int]*timer{}}
}

// forgetAnimationFrames drops the callbacks of a window whose document is no longer fully
// active (it leaves the loop's frameWindows).
func (g *global) forgetAnimationFrames() {
	g.waitsForFrame = false
	g.animationFrames = animationFrameList{nextHandle: g.animationFrames.nextHandle}
}

// fullyActive reports whether the global's document is fully active (always, for the
// top-level window's and a worker's).
func (g *global) fullyActive() bool { return g.doc == nil || g.doc.FullyActive() }

// InstallWindowGlobals defines the event loop's globals on the global object of realm, the
// window of doc (an iframe's, not the top-level window's, which New installs), which
// errors is, whose time origin is timeOrigin ms of the loop's clock (HR Time's: the
// creation of its document's environment): its
// queueMicrotask, setTimeout, setInterval, clearTimeout, clearInterval,
// requestAnimationFrame, cancelAnimationFrame, console and performance, each created in
// realm (a function is a built-in of the realm it was created in), with timers and animation
// frame callbacks of its own. Its console lines go to the page's console.
func (l *Loop) InstallWindowGlobals(realm *goja.Realm, doc WindowDocument, errors agent.ErrorTarget, timeOrigin float64) {
	l.forgetInactiveWindows()
	g := newGlobal(realm, doc)
	g.errors = errors
	l.windowsMade++
	g.timeOrigin = timeOrigin
	realm.Do(func() {
		obj := l.rt.GlobalObject()
		g.object = obj
		if l.windowsByObject == nil {
			l.windowsByObject = map[*goja.Object]*global{}
		}
		l.windowsByObject[obj] = g
		g.syntaxError, _ = goja.AssertConstructor(obj.Get("SyntaxError"))
		l.installQueueMicrotask(obj, g)
		l.installTimers(obj, g)
		l.installAnimationFrames(obj, g)
		l.Agent.InstallConsoleWhile(g.fullyActive)
		l.Agent.InstallFramePerformance(g.timeOrigin, g.fullyActive)
	})
}

// forgetInactiveWindows drops the timers and animation frame callbacks of the iframe
// windows whose documents are no longer fully active: none of them would ever run, and each
// keeps its window (a realm with every interface, megabytes) alive until it is due or until
// the next frame. It runs as a window is made, the one way a page makes more windows to
// drop, so that a page that makes, uses and removes iframes over and over keeps at most the
// last one's; it costs a look at each iframe window that has timers or callbacks.
func (l *Loop) forgetInactiveWindows() {
	kept := l.timerWindows[:0]
	for _, g := range l.timerWindows {
		if g.fullyActive() {
			kept = append(kept, g)
			continue
		}
		for _, t := range g.activeTimers {
			l.unschedule(&t.entry)
			l.removeTimer(t)
		}
		g.hasTimers = false
	}
	clear(l.timerWindows[len(kept):])
	l.timerWindows = kept
	l.frameWindows = keepFrameWindows(l.frameWindows)
	for obj, g := range l.windowsByObject {
		if !g.fullyActive() {
			delete(l.windowsByObject, obj)
		}
	}
}

// thisGlobal is the global whose timers or callbacks an operation of own's global object
// acts on, called with c.This: WebIDL's "this" of an operation of a [Global] interface, own
// for an undefined or null this (a plain setTimeout(...) call), the window whose global object
// this is (w.setTimeout.call(window, ...) sets a timer of the page, as in Chrome), and a
// TypeError for any other object ("Illegal invocation", Chrome's message). A window no
// longer fully active that is not own is no longer known: an illegal invocation too.
// https://webidl.spec.whatwg.org/#dfn-create-operation-function
func (l *Loop) thisGlobal(c goja.FunctionCall, own *global) *global {
	this := c.This
	if this == nil || goja.IsUndefined(this) || goja.IsNull(this) {
		return own
	}
	if o, ok := this.(*goja.Object); ok {
		switch {
		case o == own.object:
			return own
		case o == l.window.object:
			return l.window
		case l.windowsByObject[o] != nil:
			return l.windowsByObject[o]
		}
	}
	panic(l.rt.NewTypeError("Illegal invocation"))
}

// windowsForFrame takes the iframe windows whose animation frame callbacks "run the
// animation frame callbacks" runs in this frame after the top-level window's: the fully
// active ones that have callbacks as the frame starts, in order (byFramePath). A window
// that is no longer fully active leaves the list, its callbacks never run (a removed
// iframe's document never becomes fully active again: inserted again, the iframe gets a new
// document). The windows taken stay waitsForFrame until their turn, whose callbacks are
// taken then: one requested for them meanwhile runs in this frame.
//
// CHROME: the windows are those that have callbacks as the frame starts: one that gets its
// first callbacks from another's in this frame waits for the next frame (the spec's docs are
// all the fully active documents). And they are in Blink's frame tree order
// (WindowDocument.FramePath: each frame's children in the order they were made, a child
// right after its parent, a navigated iframe's new window in its old one's place), not in
// the tree order of the iframes, which the spec's docs keep ("the order of A and B in the
// list must match the shadow-including tree order of their respective navigable
// containers"): an iframe inserted before an older one runs its callbacks after it, one
// made inside the first iframe after the second before the second
// (testdata/dom/iframe_frame_order).
func (l *Loop) windowsForFrame() []*global {
	kept := keepFrameWindows(l.frameWindows)
	l.frameWindows = nil
	slices.SortFunc(kept, byFramePath)
	return kept
}

// keepFrameWindows keeps, in place, the windows waiting for a frame whose documents are
// fully active, and forgets the callbacks of the others.
func keepFrameWindows(windows []*global) []*global {
	kept := windows[:0]
	for _, g := range windows {
		if g.fullyActive() {
			kept = append(kept, g)
		} else {
			g.forgetAnimationFrames()
		}
	}
	clear(windows[len(kept):])
	return kept
}

// path is the window's document's FramePath (read once: a document keeps its navigable).
func (g *global) path() []uint64 {
	if g.framePath == nil {
		g.framePath = g.doc.FramePath()
	}
	return g.framePath
}

// byFramePath orders iframe windows in Chrome's frame tree order.
func byFramePath(a, b *global) int { return slices.Compare(a.path(), b.path()) }

// CallbackGlobal is the global object an exception of callback fn is reported at (nil: the
// loop's window): WebIDL's "invoke" reports it "for realm's global object", realm being the
// callback's associated realm, the realm fn was created in, not the realm of the window whose
// setTimeout or requestAnimationFrame took it (Chrome reports the exception of a parent's
// function given to an iframe window's setTimeout at the parent). The global object's host
// slot holds the window (package dom's platform object).
// https://webidl.spec.whatwg.org/#invoke-a-callback-function
func (l *Loop) CallbackGlobal(fn goja.Value) agent.ErrorTarget {
	if l.windowsMade == 0 {
		return nil // no window but the top-level one (the common case: asked at every call)
	}
	o, ok := fn.(*goja.Object)
	if !ok {
		return nil
	}
	realm := o.Realm()
	if realm == nil || realm == l.topRealm {
		return nil
	}
	target, _ := realm.GlobalObject().HostSlot().(agent.ErrorTarget)
	return target
}
