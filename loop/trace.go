package loop

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
	}
	return "Unknown"
}

// Span is one thing the loop did, from Start to End (ms since the time origin).
type Span struct {
	Kind   Kind
	Source Source // for tasks
	Name   string
	Start  float64
	End    float64
	// Deadline and Used describe an idle period (ms); Used is the time its callbacks took.
	Deadline, Used float64
}

// Trace is a bounded ring buffer of spans: the newest Capacity spans are kept.
type Trace struct {
	spans   []Span
	next    int
	full    bool
	enabled bool
	total   uint64
}

// NewTrace returns a trace keeping up to capacity spans (0 disables recording).
func NewTrace(capacity int) *Trace {
	return &Trace{spans: make([]Span, capacity), enabled: capacity > 0}
}

func (t *Trace) add(s Span) {
	if !t.enabled {
		return
	}
	t.total++
	t.spans[t.next] = s
	t.next++
	if t.next == len(t.spans) {
		t.next, t.full = 0, true
	}
}

func (t *Trace) instant(k Kind, name string, at float64) {
	t.add(Span{Kind: k, Name: name, Start: at, End: at})
}

// Add records a span (other packages: idle periods, event dispatch).
func (t *Trace) Add(s Span) { t.add(s) }

// Spans returns the kept spans, oldest first.
func (t *Trace) Spans() []Span {
	if !t.full {
		return append([]Span(nil), t.spans[:t.next]...)
	}
	out := make([]Span, 0, len(t.spans))
	out = append(out, t.spans[t.next:]...)
	return append(out, t.spans[:t.next]...)
}

// Total is how many spans were ever recorded (more than Spans returns once it wrapped).
func (t *Trace) Total() uint64 { return t.total }
