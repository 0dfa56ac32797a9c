// Spec: requestIdleCallback, W3C Editor's Draft as of 2025-09 (https://w3c.github.io/requestidlecallback/),
// with the deadline of HTML Living Standard 2025-09 (event loop processing model step 5,
// computeDeadline); step numbers are those revisions'. Tags: FIXME(spec), DEPARTURE, CHROME
// (DESIGN.md).

// Package idle implements requestIdleCallback (https://w3c.github.io/requestidlecallback/)
// on the loop's facts: when the next timer is due, and when the display's next frame is
// expected while rendering is needed.
package idle

import (
	"math"
	"slices"

	"github.com/dop251/goja"

	"loopscope/agent"
	"loopscope/loop"
)

// maxDeadline is the longest idle period (the spec's 50 ms, so input stays responsive).
const maxDeadline = 50.0

type request struct {
	win     *window
	argWin  *window // the window of the callback's realm, whose IdleDeadline it is given
	handle  int
	fn      goja.Callable
	name    string
	timeout float64           // absolute time (ms) when it times out, 0: none
	errors  agent.ErrorTarget // where its exception is reported (loop.CallbackGlobal)
}

// window is one window's part of requestIdleCallback: its "idle callback identifier" (the
// handles are the window's: an iframe's first is 1 too), the IdleDeadline interface of its
// realm, and its document.
type window struct {
	realm        *goja.Realm         // nil: the top-level window's (the runtime's first)
	object       *goja.Object        // its global object
	doc          loop.WindowDocument // nil: the top-level window's, always fully active
	nextHandle   int
	makeDeadline goja.Callable
}

// Scheduler is the page's requestIdleCallback state: its windows' callbacks, in the order
// they were requested.
//
// FIXME(spec): the spec gives each window its lists and its idle periods; here the windows
// of a page share them (the callbacks of all run in the order they were requested, in one
// period), as Chrome's documents share their thread's idle tasks.
type Scheduler struct {
	l        *loop.Loop
	top      *window
	topRealm *goja.Realm
	// "list of idle request callbacks" and "list of runnable idle callbacks".
	idleRequest, runnable []*request
	iframes               int // iframe windows installed (InstallWindow)
	// byRealm are the iframe windows by realm, those whose documents are no longer fully
	// active forgotten (dropCallbacksOfInactiveDocuments).
	byRealm          map[*goja.Realm]*window
	lastDeadline     float64 // "last idle period deadline"
	periodStart      float64
	periodUsed       float64
	inPeriod         bool
	periodAfterFrame int           // the loop's frame count when the last period started
	postponedUntil   float64       // no idle period before this time (the loading phase)
	deadlineProgram  *goja.Program // idleDeadlineSource compiled
}

// Install defines requestIdleCallback, cancelIdleCallback and IdleDeadline on the loop's
// global object, and makes the loop call the scheduler when it is idle.
func Install(l *loop.Loop) *Scheduler {
	s := &Scheduler{l: l, lastDeadline: -1, top: &window{}, topRealm: l.Runtime().CurrentRealm()}
	s.install(s.top)
	l.SetIdleScheduler(s)
	return s
}

// InstallWindow defines requestIdleCallback, cancelIdleCallback and IdleDeadline on the
// global object of realm, an iframe's window whose document is doc, with callbacks of its
// own: a callback of a window whose document is no longer fully active (its iframe
// removed) never runs.
//
// It first forgets the callbacks of the windows whose documents are no longer fully active
// (dropCallbacksOfInactiveDocuments), the one way a page makes more windows to forget: a
// page that makes, uses and removes iframes over and over keeps none of them alive through
// their idle callbacks.
func (s *Scheduler) InstallWindow(realm *goja.Realm, doc loop.WindowDocument) {
	s.dropCallbacksOfInactiveDocuments()
	s.iframes++
	win := &window{realm: realm, doc: doc}
	if s.byRealm == nil {
		s.byRealm = map[*goja.Realm]*window{}
	}
	s.byRealm[realm] = win
	realm.Do(func() { s.install(win) })
}

// install defines requestIdleCallback, cancelIdleCallback and IdleDeadline on the running
// realm's global object, the window win.
func (s *Scheduler) install(win *window) {
	l := s.l
	rt := l.Runtime()
	g := rt.GlobalObject()
	win.object = g
	s.installIdleDeadline(win)
	ric := rt.ToValue(func(c goja.FunctionCall) goja.Value {
		const ctx = "Failed to execute 'requestIdleCallback' on 'Window': "
		win := s.thisWindow(c, win)
		if len(c.Arguments) == 0 {
			panic(rt.NewTypeError(ctx + "1 argument required, but only 0 present."))
		}
		fn, ok := goja.AssertFunction(c.Argument(0))
		if !ok {
			panic(rt.NewTypeError(ctx + "parameter 1 is not of type 'Function'."))
		}
		// options: IdleRequestOptions (a dictionary: an object, null or undefined), its
		// timeout an unsigned long (ToUint32: -1 is 4294967295 ms, NaN 0).
		timeout := 0.0
		opts := c.Argument(1)
		if o, ok := opts.(*goja.Object); ok {
			if t := o.Get("timeout"); t != nil && !goja.IsUndefined(t) {
				timeout = float64(toUint32(t.ToFloat()))
			}
		} else if !goja.IsUndefined(opts) && !goja.IsNull(opts) {
			panic(rt.NewTypeError(ctx + "The provided value is not of type 'IdleRequestOptions'."))
		}
		r := &request{win: win, argWin: s.windowOfCallback(win, c.Argument(0)), fn: fn, name: l.FunctionName(c.Argument(0)),
			errors: l.CallbackGlobal(c.Argument(0))}
		return rt.ToValue(s.requestIdleCallback(r, timeout))
	}).(*goja.Object)
	_ = ric.DefineDataProperty("name", rt.ToValue("requestIdleCallback"), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = ric.DefineDataProperty("length", rt.ToValue(1), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = g.DefineDataProperty("requestIdleCallback", ric, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	cic := rt.ToValue(func(c goja.FunctionCall) goja.Value {
		win := s.thisWindow(c, win)
		if len(c.Arguments) == 0 {
			panic(rt.NewTypeError("Failed to execute 'cancelIdleCallback' on 'Window': 1 argument required, but only 0 present."))
		}
		s.cancelIdleCallback(win, int(c.Argument(0).ToInteger()))
		return goja.Undefined()
	}).(*goja.Object)
	_ = cic.DefineDataProperty("name", rt.ToValue("cancelIdleCallback"), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = cic.DefineDataProperty("length", rt.ToValue(1), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = g.DefineDataProperty("cancelIdleCallback", cic, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

// requestIdleCallback is the requestIdleCallback() method's steps
// (https://w3c.github.io/requestidlecallback/#the-requestidlecallback-method).
func (s *Scheduler) requestIdleCallback(r *request, timeout float64) int {
	// 2-4. Increment the window's idle callback identifier, let handle be it, and push the
	// callback to the end of the list of idle request callbacks.
	r.win.nextHandle++
	r.handle = r.win.nextHandle
	s.idleRequest = append(s.idleRequest, r)
	// 6. "If the timeout property is present in options and has a positive value": after
	// timeout ms, queue a task that performs the invoke idle callback timeout algorithm.
	// DEPARTURE: the task is queued on the timer task source through the loop's heap of due
	// work, so it keeps (due, sequence) order with the page's timers (the spec says the
	// idle-task task source, and "wait until all invocations of this algorithm, whose timeout
	// added to their posted time occurred before this one's, have completed").
	if timeout > 0 {
		r.timeout = s.l.Now() + timeout
		s.l.QueueTimerTask(timeout, "requestIdleCallback timeout "+r.name, func() { s.invokeIdleCallbackTimeout(r) })
	}
	// 5. "Return handle".
	return r.handle
}

// https://w3c.github.io/requestidlecallback/#the-cancelidlecallback-method
func (s *Scheduler) cancelIdleCallback(win *window, handle int) {
	s.idleRequest = remove(s.idleRequest, win, handle)
	s.runnable = remove(s.runnable, win, handle)
}

func remove(list []*request, win *window, handle int) []*request {
	for i, r := range list {
		if r.handle == handle && r.win == win {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// StartAnIdlePeriod is the start an idle period algorithm
// (https://w3c.github.io/requestidlecallback/#start-an-idle-period-algorithm), called by the
// loop at its processing model step 5, with the deadline of computeDeadline.
func (s *Scheduler) StartAnIdlePeriod(now float64) {
	// CHROME: a new period starts only once the last one's deadline has passed (the spec lets
	// the event loop start one on every idle iteration).
	if s.lastDeadline > now {
		return
	}
	s.dropCallbacksOfInactiveDocuments()
	// Nothing to run: the invoke idle callbacks task would do nothing.
	if len(s.idleRequest) == 0 {
		return
	}
	// 1. "Optionally, if the user agent determines the idle period should be delayed, return
	// from this algorithm." CHROME: during the loading phase (see PostponeUntil), and while a
	// frame is pending (animation frame callbacks or a changed page): idle periods come
	// between frames, after the frame.
	if now < s.postponedUntil {
		return
	}
	frames := s.l.Stats().Frames
	if s.l.RenderingNeeded() && frames == s.periodAfterFrame {
		return
	}
	// CHROME: an animation frame requested outside a frame (by a task, not by the previous
	// frame's callbacks) runs before any idle callback, even one requested earlier
	// (testdata/idle/idle_waits_for_requested_frame). During an animation (each frame
	// requesting the next) idle periods still come between frames.
	if s.l.AnimationFrameRequestedOutsideFrame() {
		return
	}
	s.periodAfterFrame = frames
	// CHROME: the deadline is computed once, when the period starts, and stays (Chrome's
	// IdleDeadline keeps a fixed deadline); the spec's getDeadline computes it again each
	// time it is asked.
	deadline := s.computeDeadline(now)
	if deadline <= now {
		return
	}
	// 2-5. Append all entries of the list of idle request callbacks to the list of runnable
	// idle callbacks, preserving order, and clear the former.
	s.runnable = append(s.runnable, s.idleRequest...)
	s.idleRequest = nil
	s.lastDeadline = deadline
	s.periodStart, s.periodUsed, s.inPeriod = now, 0, true
	// 6. "Queue a task on the queue associated with the idle-task task source, which performs
	// the steps defined in the invoke idle callbacks algorithm".
	s.l.QueueTask(loop.SourceIdle, "idle period", func() { s.invokeIdleCallbacks(deadline) })
}

// computeDeadline is HTML's computeDeadline (event loop processing model step 5.2): the
// idle period ends 50 ms after it starts, before the next timer, and, when rendering is
// pending, at the next rendering opportunity.
func (s *Scheduler) computeDeadline(now float64) float64 {
	// 5.2.1. "Let deadline be this event loop's last idle period start time plus 50."
	deadline := now + maxDeadline
	// 5.2.3. "For each timeoutDeadline of timerCallbackEstimates, if timeoutDeadline is less
	// than deadline, set deadline to timeoutDeadline."
	if due, ok := s.l.NextTimerDue(); ok {
		deadline = math.Min(deadline, due)
	}
	// 5.2.4. "If hasPendingRenders is true": "Let nextRenderDeadline be [this event loop's]
	// last render opportunity time + (1000 / current refresh rate)", if it is earlier.
	if s.l.RenderingNeeded() {
		deadline = math.Min(deadline, s.l.NextFrameExpected())
	}
	return deadline
}

// invokeIdleCallbacks is the invoke idle callbacks algorithm
// (https://w3c.github.io/requestidlecallback/#invoke-idle-callbacks-algorithm).
func (s *Scheduler) invokeIdleCallbacks(deadline float64) {
	// 1. "If the user agent believes it should end the idle period early due to newly
	// scheduled high-priority work, return from the algorithm": a task of another source (or
	// a due timer) ends the period.
	// 2. "Let now be the current time."
	now := s.l.Now()
	// (A callback of a document that is no longer fully active is not runnable.)
	for len(s.runnable) > 0 && !s.runnable[0].win.fullyActive() {
		s.runnable = s.runnable[1:]
	}
	// 3. "If now is less than the result of calling getDeadline and the window's list of
	// runnable idle callbacks is not empty:"
	if now < deadline && !s.l.HasRunnableTaskOtherThan(loop.SourceIdle) && len(s.runnable) > 0 {
		// 3.1-3.3. Pop the top callback and call it with a new IdleDeadline.
		r := s.runnable[0]
		s.runnable = s.runnable[1:]
		start := s.l.Now()
		// "Call callback with deadline. If this throws an exception, report the exception"
		// (before the microtask checkpoint that ends the call, as Chrome); not a function of
		// a removed iframe's realm ("check if we can run script").
		if agent.ScriptsMayRun(r.errors) {
			s.l.InvokeAndReportAt(r.errors, r.name, r.fn, goja.Undefined(), r.argWin.newIdleDeadline(s.l, deadline, false))
		}
		end := s.l.Now()
		s.periodUsed += end - start
		s.l.Trace().Add(loop.Span{Kind: loop.KindIdleCallback, Name: "requestIdleCallback " + r.name, Start: start, End: end})
		// 3.4. "If window's list of runnable idle callbacks is not empty, queue a task which
		// performs the steps in the invoke idle callbacks algorithm".
		if len(s.runnable) > 0 {
			s.l.QueueTask(loop.SourceIdle, "idle period", func() { s.invokeIdleCallbacks(deadline) })
			return
		}
	}
	s.endIdlePeriod(deadline)
}

func (s *Scheduler) endIdlePeriod(deadline float64) {
	if !s.inPeriod {
		return
	}
	s.inPeriod = false
	s.l.Trace().Add(loop.Span{Kind: loop.KindIdlePeriod, Name: "idle period", Start: s.periodStart, End: math.Min(deadline, s.l.Now()), Deadline: deadline, Used: s.periodUsed})
	// Callbacks not run because the period ended early go back to wait for the next period.
	if len(s.runnable) > 0 {
		s.idleRequest = append(s.runnable, s.idleRequest...)
		s.runnable = nil
	}
	// A callback requested during this period waits for the next one: after this deadline.
}

// invokeIdleCallbackTimeout is the invoke idle callback timeout algorithm
// (https://w3c.github.io/requestidlecallback/#invoke-idle-callback-timeout-algorithm).
func (s *Scheduler) invokeIdleCallbackTimeout(r *request) {
	// 1. Find the callback in the list of idle request callbacks or of runnable idle
	// callbacks; 2. if it is there, 2.1. remove it from both lists,
	found := false
	for _, list := range []*[]*request{&s.idleRequest, &s.runnable} {
		for i, q := range *list {
			if q == r {
				*list = append((*list)[:i:i], (*list)[i+1:]...)
				found = true
				break
			}
		}
	}
	if !found || !r.win.fullyActive() {
		return
	}
	// 2.2-2.4. call it with an IdleDeadline whose didTimeout is true (not a function of a
	// removed iframe's realm).
	if !agent.ScriptsMayRun(r.errors) {
		return
	}
	now := s.l.Now()
	s.l.InvokeAndReportAt(r.errors, r.name, r.fn, goja.Undefined(), r.argWin.newIdleDeadline(s.l, now, true))
	s.l.Trace().Add(loop.Span{Kind: loop.KindIdleCallback, Name: "requestIdleCallback (timed out) " + r.name, Start: now, End: s.l.Now()})
}

// PostponeUntil delays idle periods until time t (ms). The page calls it at the load event:
// Chrome's scheduler treats the first moments after load as loading and runs no idle tasks
// then (measured with seed 000's demo: a 20 ms gap after load gets no idle callback, a 200 ms
// one does); loopscope models that as a 50 ms loading phase after load.
func (s *Scheduler) PostponeUntil(t float64) {
	if t > s.postponedUntil {
		s.postponedUntil = t
	}
}

// NextWake implements loop.IdleScheduler: while callbacks wait, wake when the last period's
// deadline passes so a new period can start.
func (s *Scheduler) NextWake() (float64, bool) {
	if len(s.idleRequest) == 0 {
		return 0, false
	}
	now := s.l.Now()
	if s.postponedUntil > now {
		return s.postponedUntil, true
	}
	return s.lastDeadline, s.lastDeadline > now
}

// IdleCallbackNames lists the waiting idle callbacks, runnable ones first (the queues view).
func (s *Scheduler) IdleCallbackNames() []string {
	var names []string
	for _, list := range [][]*request{s.runnable, s.idleRequest} {
		for _, r := range list {
			names = append(names, r.name)
		}
	}
	return names
}

// Pending implements loop.IdleScheduler.
func (s *Scheduler) Pending() bool { return len(s.idleRequest)+len(s.runnable) > 0 }

// thisWindow is the window an operation of own's global object acts on, called with c.This
// (as loop's thisGlobal): own for an undefined or null this, the window whose global object
// this is, else a TypeError ("Illegal invocation", Chrome's).
func (s *Scheduler) thisWindow(c goja.FunctionCall, own *window) *window {
	this := c.This
	if this == nil || goja.IsUndefined(this) || goja.IsNull(this) {
		return own
	}
	if o, ok := this.(*goja.Object); ok {
		if o == own.object {
			return own
		}
		if o == s.top.object {
			return s.top
		}
		for _, w := range s.byRealm { // (the iframe windows still fully active: a few)
			if o == w.object {
				return w
			}
		}
	}
	panic(s.l.Runtime().NewTypeError("Illegal invocation"))
}

// windowOfCallback is the window whose IdleDeadline callback fn of win's requestIdleCallback
// is given: the one of fn's realm (WebIDL converts a callback's arguments in its realm: a
// parent's function given to an iframe's requestIdleCallback gets the parent's IdleDeadline,
// as in Chrome); a function of a window that is gone gets win's.
func (s *Scheduler) windowOfCallback(win *window, fn goja.Value) *window {
	o, ok := fn.(*goja.Object)
	if !ok || s.iframes == 0 {
		return win
	}
	switch realm := o.Realm(); {
	case realm == s.topRealm:
		return s.top
	case s.byRealm[realm] != nil:
		return s.byRealm[realm]
	}
	return win
}

// fullyActive reports whether the window's document is fully active.
func (w *window) fullyActive() bool { return w.doc == nil || w.doc.FullyActive() }

// dropCallbacksOfInactiveDocuments forgets the callbacks of the windows whose documents are
// no longer fully active (their iframes removed): they would never run, as their tasks are
// not runnable, and such a document never becomes fully active again.
func (s *Scheduler) dropCallbacksOfInactiveDocuments() {
	if s.iframes == 0 {
		return
	}
	for realm, w := range s.byRealm {
		if !w.fullyActive() {
			delete(s.byRealm, realm)
		}
	}
	for _, list := range []*[]*request{&s.idleRequest, &s.runnable} {
		*list = slices.DeleteFunc(*list, func(r *request) bool {
			if r.win.fullyActive() {
				return false
			}
			// Its timeout's task still holds it: let it hold nothing of the window.
			*r = request{}
			return true
		})
	}
}

// toUint32 is WebIDL's unsigned long conversion (ECMAScript ToUint32).
func toUint32(f float64) uint32 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return uint32(int64(math.Trunc(math.Mod(f, 1<<32))))
}
