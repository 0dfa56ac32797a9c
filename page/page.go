// Package page is one browsing context: it wires a document (dom), its event loop (loop),
// the rendering engine (render) and requestIdleCallback (idle) together, loads a page from
// a file and feeds it input.
package page

import (
	"fmt"
	"image"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"

	"loopscope/agent"
	"loopscope/dom"
	"loopscope/idle"
	"loopscope/loop"
	"loopscope/render"
)

// Options configure a page.
type Options struct {
	Mode        loop.Mode
	VirtualTime bool         // skip idle waits (headless, deterministic)
	Console     loop.Console // nil: stdout/stderr
	// PostedVsync: rendering opportunities are a real display's vsyncs, given with PostVsync
	// (the window); otherwise a simulated 60 Hz display gives them.
	PostedVsync bool
	// Stepping gives the page step mode and the speed control (stepping.go).
	Stepping bool
	// TrackMicrotasks makes every microtask a trace span of its own and, with Stepping, lets
	// the queues view list the microtask queue (loop.EnableMicrotaskTracking).
	TrackMicrotasks bool
	Width, Height   int // viewport; 0: 800×600
	ScriptTimeout   time.Duration
	MaxHeap         int64 // stop a script that grows the Go heap past it, in bytes (0: 1 GiB; <0: never)
	TraceCapacity   int
	MaxTimers       int // active timers a page may keep (0: loop.MaxActiveTimers)
	// OnFrame receives every painted frame with its frame time (ms) and where it differs
	// from the frame before it (damage; the whole frame for the first). The image is not
	// written to again by the engine.
	OnFrame func(img *image.RGBA, frameTime float64, damage image.Rectangle)
	// OnInput receives, on the page's goroutine, every input posted from another goroutine
	// (PostPointer, PostPointerButton, PostPointerMove, PostWheel, PostKey, PostViewportSize,
	// PostSyntheticClick) as the action that replays it (the window's -record).
	OnInput func(Action)
	// OnFullscreen is told, on the page's goroutine, when the page enters (true) or leaves
	// fullscreen (the window goes fullscreen; nil: only the page's events happen).
	OnFullscreen func(on bool)

	pageFile string // set by Open: the page's HTML file
}

// The viewport's size when Options do not give one.
const DefaultWidth, DefaultHeight = 800, 600

// Page is a loaded page with its loop. Everything runs on the goroutine that calls Run,
// except the entry points of post.go and stepping.go, which are safe from any goroutine.
type Page struct {
	// Agent is the page's agent: its window event loop's, or a Node script's process's.
	Agent *agent.Agent
	// Loop is the page's window event loop (nil for a Node script: OpenNode).
	Loop   *loop.Loop
	Doc    *dom.Document
	Window *dom.Window
	Engine *render.Engine
	Idle   *idle.Scheduler

	opts      Options
	dir       string   // the page's folder: external scripts must be inside it
	files     []string // the page's file and the external scripts it loads (Files)
	loaded    bool
	loadEnd   float64 // ms: when the load event finished
	pending   []Action
	afterLoad []func(loadEnd float64)
	lastFrame *image.RGBA
	input     inputState // the mouse and the keyboard (input.go)

	vsync     *vsyncDisplay // Options.PostedVsync
	snap      atomic.Pointer[Snapshot]
	snapAsked atomic.Bool
	node      *nodeState // a Node script (OpenNode, node.go); nil for a page
	// The document at a stop, painted for the window (preview.go).
	preview        atomic.Pointer[Preview]
	previewAsked   atomic.Bool
	paintedVersion atomic.Uint64 // the document's version the last frame painted (0: none yet)

	console     *syncConsole // the page's console: its window's and its workers' lines
	workers     workers      // the dedicated workers (runaworker.go)
	workerInbox *mailbox     // messages from the window's workers

	lay        *layout                       // the layout the DOM's APIs use
	frames     map[*dom.Document]*childFrame // the iframes' documents' renderings (iframes.go)
	viewportWH atomic.Uint64                 // the viewport's width<<32 | height, for other goroutines
	view       viewportState                 // scrolling and resizing (scroll.go, viewport.go)
}

// Open loads the HTML file at path (which may end in a query, "demo.html?span=200").
func Open(path string, opts Options) (*Page, error) {
	file, query, _ := strings.Cut(path, "?")
	src, err := readRegularFile(file, MaxPageBytes, "the page")
	if err != nil {
		return nil, fmt.Errorf("cannot read page: %w", err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: query}
	opts.pageFile = abs
	return New(src, u.String(), filepath.Dir(abs), opts)
}

// Files are the files the page was read from: its HTML file and each external script it
// loads (the window reloads the page when one of them changes). None for a page from memory.
func (p *Page) Files() []string { return p.files }

// New prepares a page from its HTML source: the document is parsed, the realm set up, and
// the loading tasks (each classic script, DOMContentLoaded, load) are queued. dir is where
// external scripts are read from ("" refuses them).
func New(src []byte, docURL, dir string, opts Options) (*Page, error) {
	if opts.Mode == "" {
		opts.Mode = loop.ModeSpec
	}
	if opts.Width == 0 || opts.Height == 0 {
		opts.Width, opts.Height = DefaultWidth, DefaultHeight
	}
	opts.Width, opts.Height = clampViewport(opts.Width, opts.Height)
	var clock loop.Clock = loop.NewRealClock()
	p := &Page{opts: opts, dir: dir}
	p.workers.blobs = dom.NewBlobURLStore()
	if opts.VirtualTime {
		// One page time for the window and its workers (agent.SharedVirtualClock; alone,
		// the window's member is a VirtualClock).
		p.workers.clock = agent.NewSharedVirtualClock()
		p.workers.window = p.workers.clock.Join()
		clock = p.workers.window
	}
	if opts.Console == nil {
		opts.Console = loop.NewWriterConsole(os.Stdout, os.Stderr)
	}
	p.console = &syncConsole{c: opts.Console}
	opts.Console = p.console
	doc, parser, err := dom.ParseDocumentIncrementally(src, docURL)
	if err != nil {
		return nil, fmt.Errorf("cannot parse page: %w", err)
	}
	p.Doc, p.opts = doc, opts
	if opts.pageFile != "" {
		p.files = []string{opts.pageFile}
	}
	var display loop.Display // nil: the loop's simulated 60 Hz display
	if opts.PostedVsync {
		p.vsync = newVsyncDisplay()
		display = p.vsync
	}
	l := loop.New(loop.Options{Clock: clock, Display: display, Mode: opts.Mode, Console: opts.Console,
		ScriptTimeout: opts.ScriptTimeout, TraceCapacity: opts.TraceCapacity, MaxHeap: opts.MaxHeap,
		MaxTimers: opts.MaxTimers})
	p.Loop, p.Agent = l, l.Agent
	l.SetDocumentURL(doc.URL())
	doc.SetResourceLoader(p.readImage)
	p.workerInbox = newMailbox(l, &p.workers.activity)
	p.Window, err = dom.Install(host{l}, doc, dom.Options{MutationEvents: opts.Mode == loop.ModeMutationEvents,
		Workers: &workerHost{p: p, owner: l, inbox: p.workerInbox}, BlobURLs: p.workers.blobs,
		PostToRealm: p.workerInbox.run, Messages: messageMarks{p, l}, Navigator: navigator{p},
		WindowGlobals: p.installWindowGlobals})
	if err != nil {
		return nil, fmt.Errorf("cannot set up the page's window: %w", err)
	}
	l.SetErrorReporter(p.Window)
	l.Agent.SetErrorDescriber(p.Window.DescribeException)
	l.SetKeepAlive(func() bool { return !p.quiescent() })
	if opts.OnFullscreen != nil {
		p.Window.SetFullscreenHost(opts.OnFullscreen)
	}
	p.Idle = idle.Install(l)
	p.Engine = render.NewEngine(doc, opts.Width, opts.Height)
	// CHROME: only the animation events of the types a listener was added for are made, as
	// the types stand when an event is queued (a listener added by an earlier event's
	// listener does not bring back one queued before it).
	p.Engine.SetAnimationEventFilter(func(typ string) bool { return doc.AnimationListenerTypes().Has(typ) })
	tellEngineOfChanges(doc, p.Engine)
	p.Engine.SetFrameSource(p.frameOf)
	l.SetRenderer(renderer{p})
	p.lay = &layout{p: p, eng: p.Engine, doc: doc}
	p.view.lastW, p.view.lastH = opts.Width, opts.Height // the first size is no change
	p.viewportWH.Store(uint64(opts.Width)<<32 | uint64(opts.Height))
	p.Window.SetLayout(p.lay)
	p.Window.SetAnimator(animator{p.Engine, doc})
	l.ResetTimeOrigin()
	p.queueLoading(src, &documentLoad{doc: doc, parser: parser, win: p.Window, loaded: p.fireLoad})
	if opts.Stepping {
		l.EnableStepping()
	}
	if opts.TrackMicrotasks {
		l.EnableMicrotaskTracking() // after EnableStepping: the queue model needs step mode
	}
	return p, nil
}

// documentLoad is a document the page loads: the top-level one, or one an iframe
// navigated to (navigation.go), whose scripts run in its window's realm.
type documentLoad struct {
	doc    *dom.Document
	parser *dom.Parser
	win    *dom.Window
	realm  *goja.Realm // the window's realm; nil: the top-level window's
	// loaded runs the load event's task: fireLoad, or an iframe document's fireChildLoad.
	loaded func()
}

// runScript runs a classic script of the document, in its window's realm.
func (ld *documentLoad) runScript(l *loop.Loop, name, text string) {
	if ld.realm == nil {
		l.RunScript(name, text)
		return
	}
	l.RunScriptIn(ld.realm, ld.win, name, text)
}

// queueLoading queues what the HTML parser does: for each classic script, a task in which
// the parser inserts what comes up to the script's end tag, performs a microtask checkpoint
// (so a MutationObserver on the document receives those insertions first) and runs the
// script, which sees only what is above it (each its own task, so a checkpoint follows it);
// then a task that inserts the rest and runs "the end": DOMContentLoaded, then, once
// nothing delays the load event (an iframe's navigation), load, each a task queued when the
// previous step finished (so a setTimeout(0) set by a script runs before
// DOMContentLoaded, as in Chrome). The tasks of a document whose iframe was removed do
// nothing (it is no longer fully active).
// https://html.spec.whatwg.org/multipage/parsing.html#scriptEndTag
// https://html.spec.whatwg.org/multipage/parsing.html#the-end
func (p *Page) queueLoading(src []byte, ld *documentLoad) {
	l, doc, parser := p.Loop, ld.doc, ld.parser
	task := func(source loop.Source, name string, fn func()) {
		l.QueueTask(source, name, func() {
			if doc.FullyActive() {
				fn()
			}
		})
	}
	pos := newScriptPositions(src)
	for _, s := range parser.Scripts() {
		s := s
		if !s.IsClassic() {
			continue // the parser inserts it with the nodes before the next script
		}
		name, text := doc.URL(), s.Text
		run := func() { ld.runScript(l, name, text) }
		if s.HasSrc && strings.Trim(s.Src, " \t\n\f\r") == "" {
			// "prepare the script element": "If el has a src content attribute, then: Let src
			// be the value of el's src attribute. If src is the empty string, then queue an
			// element task on the DOM manipulation task source given el to fire an event named
			// error at el, and return." CHROME: after stripping ASCII whitespace (src=" "),
			// and the error task comes after the load event (readyState is "complete").
			// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element
			task(loop.SourceNetworking, "script "+shorten(name), func() {
				p.parseThrough(doc, parser, s.Node)
				// FIXME(spec): an iframe's document queues it after the page's load event,
				// not its own document's (AfterLoad is the top-level page's).
				p.AfterLoad(func(float64) {
					task(loop.SourceDOMManipulation, "script error", func() { doc.FireSimpleEvent(s.Node, "error") })
				})
			})
			continue
		}
		if s.Src == "" {
			text = pos.inFile(text) // its errors give lines of the file
		} else {
			// Its frames and errors name its URL (file:///…/x.js), as the page's name its own.
			name = doc.ResolveURL(s.Src)
			l.MuteErrorsOf(name)
			fetch := s.Src // the top-level page's: relative to its folder
			if ld.realm != nil {
				fetch = name // an iframe's document's: relative to its URL
			}
			b, err := p.readScript(fetch)
			if err != nil {
				// "Execute the script element": "If el's result is null, then fire an event
				// named error at el, and return" (the parser then goes on). The line is
				// loopscope's equivalent of the network error Chrome's console shows.
				run = func() {
					l.Console().Error(fmt.Sprintf("Failed to load script %q: %v", s.Src, err))
					doc.FireSimpleEvent(s.Node, "error")
				}
			} else {
				text = string(b)
			}
		}
		// The source pane shows the script from the start, before its task runs: a page
		// opened paused is stepped from a first line the learner can read (issue 25).
		l.Sources().Add(name, text)
		task(loop.SourceNetworking, "script "+shorten(name), func() {
			p.parseThrough(doc, parser, s.Node)
			doc.SetCurrentScript(s.Node)
			run()
			doc.SetCurrentScript(nil)
		})
	}
	task(loop.SourceNetworking, "end of parsing", func() {
		p.parseThrough(doc, parser, nil)
		task(loop.SourceDOMManipulation, "DOMContentLoaded", func() {
			doc.SetReadyState("interactive")
			doc.FireDOMContentLoaded()
			p.updateStyleOf(doc)
			doc.AfterLoadEventDelay(func() { task(loop.SourceDOMManipulation, "load", ld.loaded) })
		})
	})
}

// updateStyleOf computes the document's style outside a frame, where Blink does: once its
// parser has finished, after DOMContentLoaded (Document::FinishedParsing), and after its
// load event (Document::ImplicitClose). CHROME: so an element's style set by a load
// listener has a before-change style and its transition starts before the first frame,
// whose update of the animations sends its transitionrun before the animation frame
// callbacks (case animations/transition_after_parsing); a DOMContentLoaded listener's
// change has none.
func (p *Page) updateStyleOf(doc *dom.Document) {
	a := p.layoutOf(doc)
	if a == nil {
		return // an iframe's document whose rendering is not made yet: its first frame styles it
	}
	if a.child != nil {
		p.fit(a.child) // its viewport first: media queries read it
	}
	a.eng.Style()
}

// parseThrough lets the parser insert what it has parsed when it reaches script's end tag
// (nil: the end of the input). Its insertions are one batch of mutation records, delivered
// by the microtask checkpoint that follows ("If the JavaScript execution context stack is
// empty, perform a microtask checkpoint", the script end tag's step before the script runs).
func (p *Page) parseThrough(doc *dom.Document, parser *dom.Parser, script *dom.Node) {
	insert := func() {
		if script == nil {
			parser.Finish()
		} else {
			parser.InsertThrough(script)
		}
	}
	if !doc.MutationObserved() {
		insert() // nobody to notify: no call into JS (none in the trace either)
		return
	}
	p.Loop.RunNested(insert)
}

// idleAfterLoad is how long after the load event idle periods wait (Chrome's loading phase,
// see idle.Scheduler.PostponeUntil).
const idleAfterLoad = 50

// fireLoad is the load task: readyState complete, load at the window, then the scripted
// input and the deadlines that count from the end of load.
func (p *Page) fireLoad() {
	p.Doc.SetReadyState("complete")
	p.Doc.FireLoad()
	p.updateStyleOf(p.Doc)
	p.loaded, p.loadEnd = true, p.Loop.Now()
	p.Idle.PostponeUntil(p.loadEnd + idleAfterLoad)
	for _, a := range p.pending {
		p.schedule(a)
	}
	for _, f := range p.afterLoad {
		f(p.loadEnd)
	}
	p.pending, p.afterLoad = nil, nil
}

func shorten(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// AfterLoad calls f with the time the load event finished, once it has (at once if it has).
func (p *Page) AfterLoad(f func(loadEnd float64)) {
	if p.loaded {
		f(p.loadEnd)
		return
	}
	p.afterLoad = append(p.afterLoad, f)
}

// Run runs the page's loop (see loop.RunOptions).
func (p *Page) Run(opts loop.RunOptions) {
	if p.node != nil {
		p.runNode() // a Node script runs until its process ends (opts do not apply)
		return
	}
	p.Loop.Run(opts)
}

// Close ends what the page runs beside its loop: its workers are terminated ("a browsing
// context is discarded": its workers' loops end, a running script is interrupted), and
// Close returns once their goroutines have ended. Call it when the page is done with (the
// end of a headless run, a reload, the window closing).
func (p *Page) Close() { p.terminateWorkers() }

// Loaded reports whether the load event has fired, and when it finished (ms).
func (p *Page) Loaded() (bool, float64) { return p.loaded, p.loadEnd }

// LastFrame is the last painted frame (nil before the first paint). Without
// Options.OnFrame the engine paints the next frame but one into the same memory: read it
// before the page runs on, or copy it.
func (p *Page) LastFrame() *image.RGBA { return p.lastFrame }

// host adapts the loop to the DOM's Host interface.
type host struct{ *loop.Loop }

func (h host) QueueTask(source string, fn func()) {
	src, ok := loop.SourceByName(source)
	if !ok {
		src = loop.SourceDOMManipulation
	}
	h.Loop.QueueTask(src, source, fn)
}

// renderer adapts the rendering engine to the loop's "update the rendering" steps.
type renderer struct{ p *Page }

func (r renderer) NeedsUpdate(now float64) (needed bool) {
	defer r.recoverStep("deciding whether to render")
	if !r.p.Loop.JSOnStack() {
		r.p.Doc.SweepDetachedNodes() // a safe point between tasks (cheap unless due)
	}
	// Continuous input waiting for a frame needs one (rafaligned.go), as do new observations
	// and fullscreen requests (dom.Document.ObserversNeedRendering), and pending scroll events.
	return r.p.Engine.NeedsUpdate(now) || r.p.hasRAFAlignedInput() || r.p.Doc.ObserversNeedRendering() || r.p.scrollPending() ||
		r.p.childFramesNeedUpdate(now)
}

func (r renderer) UpdateAnimations(now float64) {
	defer r.recoverStep("update animations")
	r.p.updateAnimationsAndSendEvents(now)
}

// Work implements loop.RenderWork: the engine's counts for the trace.
func (r renderer) Work() (restyled, laidOut, rastered int) {
	w := r.p.Engine.Work()
	return w.Restyled, w.LaidOut, w.Rastered
}

func (r renderer) Style() {
	defer r.recoverStep("style")
	r.p.Engine.Style()
}

func (r renderer) Layout() {
	defer r.recoverStep("layout")
	r.p.Engine.Layout()
	r.p.layOutChildFrames() // (after their parents': each is sized to its iframe's box)
}

// recoverStep turns a Go panic in a rendering step (a bug) into one internal error line:
// the frame is skipped, the page goes on.
func (r renderer) recoverStep(step string) {
	if v := recover(); v != nil {
		r.p.Loop.Console().Error(fmt.Sprintf("internal error in rendering (%s): %v; the page goes on", step, v))
	}
}

func (r renderer) Paint(frameTime float64) {
	defer r.recoverStep("paint")
	r.p.Doc.AnswerFullscreenRequests() // the window goes fullscreen with this frame
	r.p.paintChildFrames(r.p.Engine, r.p.Doc)
	img := r.p.Engine.Paint()
	r.p.recycleChildFrames()
	r.p.paintedVersion.Store(r.p.Doc.Version() + 1) // +1: 0 says nothing was painted
	if r.p.opts.OnFrame == nil && r.p.lastFrame != img {
		// Nobody else has the previous frame: let the engine paint into it again rather
		// than allocate 1.9 MB a frame (measured by BenchmarkSoakPageFrame).
		r.p.Engine.Recycle(r.p.lastFrame)
	}
	r.p.lastFrame = img
	if r.p.opts.OnFrame != nil {
		r.p.opts.OnFrame(img, frameTime, r.p.Engine.FrameDamage())
	}
}

// layout answers the DOM's layout-dependent APIs (getBoundingClientRect, elementFromPoint,
// innerWidth, ...) from the engine, laying the page out first when it changed since: a
// forced synchronous layout, as in browsers (which also starts CSS transitions). An
// iframe's document has one of its own (iframes.go), which lays its parent out first.
type layout struct {
	p           *Page
	eng         *render.Engine
	doc         *dom.Document
	child       *childFrame // nil: the top-level document's
	version     uint64
	animVersion uint64 // the engine's AnimationVersion (script animations seek, pause, ...)
	valid       bool
}

func (a *layout) update() {
	if a.child != nil {
		// Its viewport is its iframe's content box in its parent's layout (CHROME: Blink
		// lays the parent out first too: LocalDOMWindow::GetViewportSize).
		a.p.fit(a.child)
	}
	v, av := a.doc.Version(), a.eng.AnimationVersion()
	if !a.valid || v != a.version || av != a.animVersion {
		a.eng.Style()
		a.eng.Layout()
		a.version, a.animVersion, a.valid = v, av, true
	}
}

func (a *layout) BorderBox(n *dom.Node) (x, y, w, h float64, ok bool) {
	a.update()
	r, ok := a.eng.BoxOf(n.HTML())
	return r.X, r.Y, r.W, r.H, ok
}

func (a *layout) ComputedStyle(n *dom.Node, property string) string {
	a.update()
	v, _ := a.eng.ComputedValue(n.HTML(), property)
	return v
}

func (a *layout) Viewport() (float64, float64) {
	if a.child != nil {
		a.p.fit(a.child)
		return float64(a.child.w), float64(a.child.h)
	}
	return float64(a.p.opts.Width), float64(a.p.opts.Height)
}

func (a *layout) ElementAt(x, y float64) *dom.Node {
	a.update()
	return a.doc.NodeFor(a.eng.HitTest(x, y))
}

// PaintNow lays out and paints the page as it is now (for a screenshot of a page that
// never needed a frame).
func (p *Page) PaintNow() *image.RGBA {
	p.Engine.Style()
	p.Engine.Layout()
	p.layOutChildFrames()
	p.paintChildFrames(p.Engine, p.Doc)
	p.lastFrame = p.Engine.Paint()
	return p.lastFrame
}
