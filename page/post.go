package page

import (
	"fmt"
	"image"
	"io"

	"loopscope/agent"
	"loopscope/loop"
)

// The page's entry points for other goroutines. Run owns the page on its goroutine; the
// window (Ebiten's thread, its vsync clock) and the command line talk to a running page only
// through the methods in this file, which are safe from any goroutine: input and rendering
// opportunities are queued into the loop, step controls and reads go through the loop's own
// synchronised parts (its stepper, its trace, the engine's frame pool).

// PointerKind is which half of a primary-button click the pointer did.
type PointerKind uint8

// The halves of a click.
const (
	PointerPress   PointerKind = iota // pointerdown, mousedown
	PointerRelease                    // pointerup, mouseup, click
)

// taskName names the input task in the trace and the queues view.
func (k PointerKind) taskName() string {
	if k == PointerPress {
		return "mousedown"
	}
	return "click"
}

// actionName is the pointer half's name in an actions file.
func (k PointerKind) actionName() string {
	if k == PointerPress {
		return "press"
	}
	return "release"
}

// pointerKind is the pointer half an actions file names.
func pointerKind(name string) (PointerKind, bool) {
	switch name {
	case "press":
		return PointerPress, true
	case "release":
		return PointerRelease, true
	}
	return 0, false
}

// PostPointer queues the trusted events of a mouse press or release at (x, y) (page
// coordinates) as one task on the user-interaction task source, hit-tested when it runs.
func (p *Page) PostPointer(k PointerKind, x, y float64) {
	if p.node != nil {
		return // a Node script has no document
	}
	p.PostPointerButton(k, 0, x, y)
}

// PostPointerButton queues the press or release of a mouse button (0 primary, 1 middle,
// 2 secondary) at (x, y) as one task on the user-interaction task source.
func (p *Page) PostPointerButton(k PointerKind, button int, x, y float64) {
	if p.node != nil || button < 0 || button > 2 {
		return
	}
	p.Loop.Post(func() {
		p.noteInput(Action{Pointer: k.actionName(), XY: &[2]float64{x, y}, Button: buttonName(button)})
		p.queuePointerTask(k, button, x, y)
	})
}

// PostPointerMove moves the pointer to (x, y): a move that waits, coalesced, for the next
// frame (rAF-aligned, rafaligned.go).
func (p *Page) PostPointerMove(x, y float64) {
	if p.node != nil {
		return
	}
	p.Loop.Post(func() {
		p.noteInput(Action{Move: &[2]float64{x, y}})
		p.queueMove(x, y)
	})
}

// PostWheel is a wheel tick of (dx, dy) CSS pixels where the pointer is: rAF-aligned.
func (p *Page) PostWheel(dx, dy float64) {
	if p.node != nil {
		return
	}
	p.Loop.Post(func() {
		p.noteInput(Action{Wheel: &[2]float64{dx, dy}})
		p.queueWheel(p.input.x, p.input.y, dx, dy)
	})
}

// PostKey presses a key given by its Playwright name ("a", "Enter", "Shift+Tab"): its
// keydown, keypress and keyup tasks. An unknown name is an error and nothing is queued.
func (p *Page) PostKey(name string) error {
	kp, err := parseKeyPress(name)
	if err != nil || p.node != nil {
		return err
	}
	p.Loop.Post(func() {
		p.noteInput(Action{Key: name})
		p.queueKeyPress(kp)
	})
	return nil
}

// PostViewportSize resizes the viewport (the window was resized) to w×h CSS pixels, each
// from 1 to MaxViewport (other sizes are an error and change nothing).
func (p *Page) PostViewportSize(w, h int) error {
	if w < 1 || h < 1 || w > MaxViewport || h > MaxViewport {
		return fmt.Errorf("viewport %dx%d: want a width and a height from 1 to %d", w, h, MaxViewport)
	}
	if p.node != nil {
		return nil
	}
	p.Loop.Post(func() {
		p.noteInput(Action{Resize: &[2]float64{float64(w), float64(h)}})
		p.SetViewportSize(w, h)
	})
	return nil
}

// PostSyntheticClick queues a task that runs element.click() on the first element matching
// selector, from script, as a page would.
func (p *Page) PostSyntheticClick(selector string) {
	if p.node != nil {
		return
	}
	name, run := p.syntheticClickTask(selector)
	p.Loop.Post(func() {
		p.noteInput(Action{Click: selector, Kind: "synthetic"})
		p.Loop.QueueTask(loop.SourceDOMManipulation, name, run)
	})
}

// noteInput hands input the user gave to Options.OnInput as an action of an actions file:
// its page time counted from the end of load (0 before it), taken on the page's goroutine
// when its task is queued, so a replay queues the same task at the same page time.
func (p *Page) noteInput(a Action) {
	if p.opts.OnInput == nil {
		return
	}
	if p.loaded {
		a.AtMS = max(p.Agent.Now()-p.loadEnd, 0)
	}
	p.opts.OnInput(a)
}

// PostVsync gives the page a rendering opportunity: a display refresh stamped with the page
// time of this call, not of when the loop gets to it. It never blocks (a busy page's full
// inbox drops it: the next vsync supersedes it). Only with Options.PostedVsync, and not
// while the page's frames come from its page-time grid (paused, stepped or slowed).
func (p *Page) PostVsync() {
	d := p.vsync
	if d == nil || d.grid.Load() {
		return
	}
	t := p.Agent.Now()
	p.Agent.TryPost(func() { d.Vsync(t) })
}

// PostStop ends Run after the current step; a paused page is let go so that it can stop.
func (p *Page) PostStop() {
	p.Agent.Post(p.Agent.Stop)
	if st := p.Agent.Stepper(); st != nil {
		st.Resume()
	}
}

// Now is the page's time (ms since its time origin).
func (p *Page) Now() float64 { return p.Agent.Now() }

// Tracing reports whether the page's trace records anything.
func (p *Page) Tracing() bool { return p.Agent.Trace().Enabled() }

// Spans returns the spans the trace keeps, oldest first (a copy).
func (p *Page) Spans() []Span { return p.Agent.Trace().Spans() }

// SpansSince appends to dst the kept spans that end at or after since (ms), at most max of
// them (the newest; max <= 0: all), oldest first. It reads only the newest part of the
// trace, so the window can call it every frame.
func (p *Page) SpansSince(since float64, max int, dst []Span) []Span {
	return p.Agent.Trace().Since(since, max, dst)
}

// NewestSpan is the newest span of kind k the trace keeps (ok false: none), safe from any
// goroutine: the HUD's newest frame and idle period once they are older than its window.
func (p *Page) NewestSpan(k Kind) (Span, bool) { return p.Agent.Trace().Newest(k) }

// SpansRecorded is how many spans the trace ever recorded: it changes whenever a span is.
func (p *Page) SpansRecorded() uint64 { return p.Agent.Trace().Total() }

// WriteChromeTrace writes the page's whole trace as Chrome trace events (Perfetto,
// chrome://tracing).
// A page with workers: a thread per worker beside the window's (CrRendererMain), as
// Chrome's trace has, each named "DedicatedWorker thread" and its worker's name or script.
func (p *Page) WriteChromeTrace(w io.Writer) error {
	threads := []agent.TraceThread{{Name: "CrRendererMain", Spans: p.Agent.Trace().Spans()}}
	for _, r := range p.workerRuns() {
		threads = append(threads, agent.TraceThread{Name: "DedicatedWorker thread (" + r.label() + ")",
			Offset: r.offset, Spans: r.loop.Trace().Spans()})
	}
	return agent.WriteChromeTraceThreads(w, threads)
}

// WorkerSpans are the spans of the page's workers (running or ended), all together, placed
// on the window's clock: the timeline's worker lane. Safe from any goroutine.
func (p *Page) WorkerSpans() []Span {
	var out []Span
	for _, r := range p.workerRuns() {
		for _, s := range r.loop.Trace().Spans() {
			s.Start += r.offset
			s.End += r.offset
			out = append(out, s)
		}
	}
	return out
}

// WriteChromeTrace writes spans (e.g. a part of a page's trace) as Chrome trace events.
func WriteChromeTrace(w io.Writer, spans []Span) error {
	t := loop.NewTrace(max(len(spans), 1))
	for _, s := range spans {
		t.Add(s)
	}
	return t.WriteChromeTrace(w)
}

// Stats are the counters of what the page's loop did. Read them when Run has returned.
func (p *Page) Stats() Stats {
	if p.Loop == nil {
		return p.Agent.Stats() // a Node script
	}
	return p.Loop.Stats()
}

// Broken reports whether the page's JS realm was left unusable (then Run returned and the
// page cannot go on). Read it when Run has returned.
func (p *Page) Broken() bool { return p.Agent.Broken() }

// RequestSnapshot asks the loop for a snapshot of its queues, at most max entries a list,
// taken between tasks or while paused; Snapshot returns it once taken. At most one request
// is in flight: asking again before it is taken does nothing.
func (p *Page) RequestSnapshot(max int) {
	if !p.snapAsked.CompareAndSwap(false, true) {
		return
	}
	if !p.Agent.TryPost(func() {
		if p.node != nil {
			ns := p.node.proc.Inspect(max)
			p.node.snap.Store(&ns) // before the agent's: a new Snapshot means both are new
			p.snap.Store(p.Agent.Inspect(max))
		} else {
			p.snap.Store(p.Loop.Inspect(max))
		}
		p.snapAsked.Store(false)
	}) {
		p.snapAsked.Store(false)
	}
	for _, r := range p.workerRuns() {
		r.requestSnapshot(max)
	}
}

// requestSnapshot asks a worker's loop for a snapshot of its queues, as RequestSnapshot
// asks the window's (a worker runs on while the window is paused: it answers between its
// own tasks).
func (r *workerRun) requestSnapshot(max int) {
	if r.ended.Load() || !r.snapAsked.CompareAndSwap(false, true) {
		return
	}
	if !r.loop.TryPost(func() {
		r.snap.Store(r.loop.Inspect(max))
		r.snapAsked.Store(false)
	}) {
		r.snapAsked.Store(false)
	}
}

// Snapshot is the newest snapshot of the queues RequestSnapshot got (nil before the first).
func (p *Page) Snapshot() *Snapshot { return p.snap.Load() }

// WorkerSnapshot is the newest snapshot of a running worker's queues (its own Tasks,
// Microtasks and JS stack boxes).
type WorkerSnapshot struct {
	Name string
	Snap *Snapshot
}

// WorkerSnapshots are the running workers' newest snapshots, oldest worker first (a worker
// not yet answered is left out).
func (p *Page) WorkerSnapshots() []WorkerSnapshot {
	var out []WorkerSnapshot
	for _, r := range p.workerRuns() {
		if s := r.snap.Load(); s != nil && !r.ended.Load() {
			out = append(out, WorkerSnapshot{Name: r.label(), Snap: s})
		}
	}
	return out
}

// RecycleFrame hands a frame that Options.OnFrame delivered back to the engine once nothing
// reads it any more, so that a later frame is painted into its memory (no 1.9 MB
// allocation a frame). The newest frame is never reused.
func (p *Page) RecycleFrame(img *image.RGBA) {
	if p.Engine != nil {
		p.Engine.Recycle(img)
	}
}
