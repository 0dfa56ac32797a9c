package agent

import (
	"sync"
	"unicode/utf8"
)

// Kind is what a trace span records.
type Kind uint8

// The span kinds. Their Chrome trace-event names are in ChromeName.
const (
	KindTask Kind = iota
	KindMicrotasks
	KindTimerFire
	KindEventDispatch
	KindAnimationFrame
	KindAnimations
	KindStyle
	KindLayout
	KindPaint
	KindRendering
	KindFrame
	KindIdlePeriod
	KindIdleCallback
	KindLongTask
	KindConsole
	KindFunctionCall
	KindScriptStopped // the watchdog stopped a call into JS (an instant; Name says why)
	KindUserMark      // performance.mark (an instant; Name is the mark's name)
	KindUserMeasure   // performance.measure (Name is the measure's name)
	// KindMicrotask is one microtask (microtask tracking): Name is Jake Archibald's name for
	// it ("Promise then", "Mutation observers", "async continuation: f", "queueMicrotask"),
	// Detail the handler's name and where it was queued from ("onClick page.html:12").
	KindMicrotask
	// KindRenderingStep is one of "update the rendering"'s other steps (Name is the spec's
	// name for it: "run the resize steps", "run the scroll steps", ...).
	KindRenderingStep
	// KindMessageSent is an instant inside the task that posted a message to another event
	// loop (a worker's, its owner's); Flow is the message's id, unique in its page.
	KindMessageSent
	// KindMessageReceived is an instant at the start of the task that delivered that message
	// on the receiving loop, with the same Flow: the pair is an arrow from one loop's task to
	// the other's.
	KindMessageReceived
)

// ChromeName is the name Chrome's own tracing uses for a kind of span.
func (k Kind) ChromeName() string {
	switch k {
	case KindTask:
		return "RunTask"
	case KindMicrotasks:
		return "RunMicrotasks"
	case KindTimerFire:
		return "TimerFire"
	case KindEventDispatch:
		return "EventDispatch"
	case KindAnimationFrame:
		return "FireAnimationFrame"
	case KindAnimations:
		return "Animation"
	case KindStyle:
		return "UpdateLayoutTree"
	case KindLayout:
		return "Layout"
	case KindPaint:
		return "Paint"
	case KindRendering:
		return "UpdateTheRendering"
	case KindFrame:
		return "BeginFrame"
	case KindIdlePeriod:
		return "IdlePeriod"
	case KindIdleCallback:
		return "FireIdleCallback"
	case KindLongTask:
		return "LongTask"
	case KindConsole:
		return "ConsoleMessage"
	case KindFunctionCall:
		return "FunctionCall"
	case KindScriptStopped:
		return "ScriptStopped"
	case KindUserMark, KindUserMeasure:
		return "UserTiming" // the export names the event after the mark or measure itself
	case KindMicrotask:
		return "RunMicrotask"
	case KindRenderingStep:
		return "RenderingStep" // the export names the event after the step itself
	case KindMessageSent, KindMessageReceived:
		return "postMessage" // a flow event's name: the export draws the pair as one arrow
	}
	return "Unknown"
}

// Span is one thing the loop did, from Start to End (ms since the time origin).
type Span struct {
	Kind Kind
	// Work is what a rendering step did, when the renderer counts it (RenderWork): elements
	// restyled (KindStyle), boxes laid out (KindLayout), pixels rastered (KindPaint); a
	// message mark's flow id (Flow). (Here, in Kind's padding, it costs the ring nothing.)
	Work   int32
	Source Source // for tasks
	Name   string
	Detail string // KindMicrotask: the handler and where it was queued from
	Start  float64
	End    float64
	// Deadline and Used describe an idle period (ms); Used is the time its callbacks took.
	Deadline, Used float64
}

// Flow is the message id that pairs a KindMessageSent with its KindMessageReceived (kept in
// Work, the span staying 80 bytes: ids are unique among a page's first 2**32 messages).
func (s Span) Flow() uint64 { return uint64(uint32(s.Work)) }

// Trace is a bounded ring buffer of spans: the newest spans are kept (Options.TraceCapacity). The loop's
// goroutine records; any goroutine may read (the window draws from it while the page runs).
type Trace struct {
	mu      sync.Mutex
	spans   []Span
	next    int
	full    bool
	enabled bool
	total   uint64
	names   map[string]string // interned span names (internSpanName)
}

// maxInternedNames bounds the interned span names: a page that makes endless distinct
// callback names gets its later names stored as they are.
const maxInternedNames = 4096

// NewTrace returns a trace keeping up to capacity spans (0 or less disables recording).
func NewTrace(capacity int) *Trace {
	if capacity <= 0 {
		return &Trace{}
	}
	return &Trace{spans: make([]Span, capacity), enabled: true, names: map[string]string{}}
}

// internSpanName returns one shared copy of a span name. Names are built per event
// ("requestAnimationFrame frame", "setInterval tick") but repeat endlessly: interned, a full
// ring holds a few hundred strings instead of one per span, and its memory stops growing
// once the ring is full of spans rather than once it has wrapped. Called with t.mu held.
func (t *Trace) internSpanName(name string) string {
	if n, ok := t.names[name]; ok {
		return n
	}
	if len(t.names) < maxInternedNames {
		t.names[name] = name
	}
	return name
}

// maxSpanText bounds a span's Name and Detail (bytes): with the ring's fixed number of
// spans, what the trace keeps is bounded in bytes whatever names a page makes (a function
// named with a megabyte string, endless distinct names past the interned ones).
const maxSpanText = 200

// boundSpanText cuts s to maxSpanText bytes on a rune boundary, marking the cut.
func boundSpanText(s string) string {
	if len(s) <= maxSpanText {
		return s
	}
	cut := maxSpanText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func (t *Trace) add(s Span) {
	if !t.enabled {
		return
	}
	s.Name, s.Detail = boundSpanText(s.Name), boundSpanText(s.Detail)
	t.mu.Lock()
	s.Name = t.internSpanName(s.Name)
	if s.Detail != "" {
		s.Detail = t.internSpanName(s.Detail)
	}
	t.total++
	t.spans[t.next] = s
	t.next++
	if t.next == len(t.spans) {
		t.next, t.full = 0, true
	}
	t.mu.Unlock()
}

func (t *Trace) instant(k Kind, name string, at float64) {
	t.add(Span{Kind: k, Name: name, Start: at, End: at})
}

// MessageSent records, at now (ms), that the running task posted message flow to another
// event loop.
func (t *Trace) MessageSent(flow uint64, now float64) {
	t.add(Span{Kind: KindMessageSent, Name: "postMessage", Start: now, End: now, Work: int32(uint32(flow))})
}

// MessageReceived records, at now (ms), that the running task delivers message flow.
func (t *Trace) MessageReceived(flow uint64, now float64) {
	t.add(Span{Kind: KindMessageReceived, Name: "message", Start: now, End: now, Work: int32(uint32(flow))})
}

// Add records a span (other packages: idle periods, event dispatch).
func (t *Trace) Add(s Span) { t.add(s) }

// Enabled reports whether the trace records anything.
func (t *Trace) Enabled() bool { return t.enabled }

// Spans returns the kept spans, oldest first.
func (t *Trace) Spans() []Span {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.full {
		return append([]Span(nil), t.spans[:t.next]...)
	}
	out := make([]Span, 0, len(t.spans))
	out = append(out, t.spans[t.next:]...)
	return append(out, t.spans[:t.next]...)
}

// Since appends to dst the kept spans that end at or after since (ms), oldest first, and
// returns it. Spans are recorded when they end, so it reads only the newest part of the
// buffer: the window calls it every frame without copying the whole trace. It returns
// at most max spans (the newest ones); max <= 0 means no limit.
func (t *Trace) Since(since float64, max int, dst []Span) []Span {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := t.next
	if t.full {
		n = len(t.spans)
	}
	// Walk back from the newest span to the first that ended before since. A frame marker is
	// recorded a little after its time (and an idle period up to its deadline), so keep
	// walking through a small slack before stopping.
	const slack = 100.0 // ms
	count := 0
	for count < n && (max <= 0 || count < max) {
		i := t.next - 1 - count
		if i < 0 {
			i += len(t.spans)
		}
		if t.spans[i].End < since-slack {
			break
		}
		count++
	}
	for k := count - 1; k >= 0; k-- {
		i := t.next - 1 - k
		if i < 0 {
			i += len(t.spans)
		}
		if t.spans[i].End >= since {
			dst = append(dst, t.spans[i])
		}
	}
	return dst
}

// Newest returns the newest kept span of kind k (ok false: none is kept). It walks back from
// the newest span: an instrument asks for it only when its own window of spans has none.
func (t *Trace) Newest(k Kind) (s Span, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := t.next
	if t.full {
		n = len(t.spans)
	}
	for c := 0; c < n; c++ {
		i := t.next - 1 - c
		if i < 0 {
			i += len(t.spans)
		}
		if t.spans[i].Kind == k {
			return t.spans[i], true
		}
	}
	return Span{}, false
}

// Total is how many spans were ever recorded (more than Spans returns once it wrapped).
func (t *Trace) Total() uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total
}

// Instant records an instant (a span with no duration) of kind k at time at.
func (t *Trace) Instant(k Kind, name string, at float64) { t.instant(k, name, at) }
