package agent

import (
	"encoding/json"
	"io"
)

// chromeEvent is one Chrome trace event (the JSON Object Format that Perfetto and
// chrome://tracing read).
type chromeEvent struct {
	Name string   `json:"name"`
	Cat  string   `json:"cat"`
	Ph   string   `json:"ph"`
	TS   float64  `json:"ts"`            // µs
	Dur  *float64 `json:"dur,omitempty"` // µs; every complete ("X") event has one, 0 included
	PID  int      `json:"pid"`
	TID  int      `json:"tid"`
	S    string   `json:"s,omitempty"`
	// A flow event's id (and bind_id, which Perfetto's importer also reads) and binding
	// point ("e": the enclosing slice).
	ID     uint64         `json:"id,omitempty"`
	BindID uint64         `json:"bind_id,omitempty"`
	BP     string         `json:"bp,omitempty"`
	Args   map[string]any `json:"args,omitempty"`
}

// WriteChromeTrace writes the trace as Chrome trace events, with Chrome's own event names
// (RunTask, RunMicrotasks, TimerFire, EventDispatch, FireAnimationFrame, UpdateLayoutTree,
// Layout, Paint, FireIdleCallback) and a frame marker per rendering opportunity. Function
// calls carry the JS function's name (args.name), and performance.mark and measure appear
// as Chrome records them: under blink.user_timing, named after the mark or measure.
// A microtask is an event named as Jake Archibald names it ("Promise then", "Mutation
// observers", ...) with its handler and position in args, inside its RunMicrotasks.
func (t *Trace) WriteChromeTrace(w io.Writer) error {
	return WriteChromeTraceThreads(w, []TraceThread{{Name: "CrRendererMain", Spans: t.Spans()}})
}

// TraceThread is one event loop's spans for WriteChromeTraceThreads: its thread's name (the
// window's is Chrome's "CrRendererMain", a worker's "DedicatedWorker thread") and where its
// time origin is on the first thread's clock (ms).
type TraceThread struct {
	Name   string
	Offset float64
	Spans  []Span
}

// WriteChromeTraceThreads writes several event loops' traces as one Chrome trace: one
// process, a thread per loop (tid 1, 2, ...), as Chrome's trace has a thread per worker.
func WriteChromeTraceThreads(w io.Writer, threads []TraceThread) error {
	n := 1
	for _, th := range threads {
		n += len(th.Spans) + 1
	}
	events := make([]chromeEvent, 0, n)
	events = append(events, chromeEvent{Name: "process_name", Ph: "M", PID: 1, TID: 1, Args: map[string]any{"name": "loopscope page"}})
	for i, th := range threads {
		events = append(events, chromeEvent{Name: "thread_name", Ph: "M", PID: 1, TID: i + 1, Args: map[string]any{"name": th.Name}})
		events = appendSpanEvents(events, th.Spans, i+1, th.Offset)
	}
	return json.NewEncoder(w).Encode(map[string]any{"traceEvents": events, "displayTimeUnit": "ms"})
}

// appendSpanEvents appends the events of one thread's spans.
func appendSpanEvents(events []chromeEvent, spans []Span, tid int, offset float64) []chromeEvent {
	durs := make([]float64, len(spans)) // backing store for the events' dur fields
	for i, s := range spans {
		durs[i] = (s.End - s.Start) * 1000
		e := chromeEvent{Name: s.Kind.ChromeName(), Cat: "devtools.timeline", Ph: "X", TS: (s.Start + offset) * 1000, Dur: &durs[i], PID: 1, TID: tid}
		args := map[string]any{}
		if s.Name != "" {
			args["name"] = s.Name
		}
		switch s.Kind {
		case KindTask, KindLongTask:
			args["source"] = s.Source.String()
		case KindFrame:
			e.Ph, e.Dur, e.S, e.Cat = "I", nil, "g", "disabled-by-default-devtools.timeline.frame"
		case KindTimerFire, KindConsole, KindScriptStopped:
			e.Ph, e.Dur, e.S = "I", nil, "t"
		case KindUserMark:
			e.Name, e.Cat, e.Ph, e.Dur, e.S = s.Name, "blink.user_timing", "I", nil, "t"
			delete(args, "name")
		case KindUserMeasure:
			e.Name, e.Cat = s.Name, "blink.user_timing"
			delete(args, "name")
		case KindMicrotask:
			e.Name, e.Cat = s.Name, "devtools.timeline,v8.microtask"
			delete(args, "name")
			if s.Detail != "" {
				args["function"] = s.Detail
			}
		case KindMessageSent, KindMessageReceived:
			// A message from one loop's task to another's: a flow start ("s") inside the
			// sending task and a flow end ("f", bound to its enclosing slice) at the start
			// of the receiving task, which Perfetto and chrome://tracing draw as an arrow.
			e.Ph, e.Dur, e.Cat, e.ID, e.BindID = "s", nil, "loopscope.message", s.Flow(), s.Flow()
			if s.Kind == KindMessageReceived {
				e.Ph, e.BP = "f", "e"
			}
			delete(args, "name")
		case KindIdlePeriod:
			args["deadline_ms"], args["used_ms"] = s.Deadline, s.Used
		case KindStyle:
			args["elements_restyled"] = s.Work
		case KindLayout:
			args["boxes_laid_out"] = s.Work
		case KindPaint:
			args["pixels_rastered"] = s.Work
		}
		if len(args) > 0 {
			e.Args = args
		}
		events = append(events, e)
	}
	return events
}
