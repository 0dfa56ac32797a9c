package loop

import (
	"encoding/json"
	"io"
)

// chromeEvent is one Chrome trace event (the JSON Object Format that Perfetto and
// chrome://tracing read).
type chromeEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat"`
	Ph   string         `json:"ph"`
	TS   float64        `json:"ts"`            // µs
	Dur  float64        `json:"dur,omitempty"` // µs
	PID  int            `json:"pid"`
	TID  int            `json:"tid"`
	S    string         `json:"s,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

// WriteChromeTrace writes the trace as Chrome trace events, with Chrome's own event names
// (RunTask, RunMicrotasks, TimerFire, EventDispatch, FireAnimationFrame, UpdateLayoutTree,
// Layout, Paint, FireIdleCallback) and a frame marker per rendering opportunity.
func (t *Trace) WriteChromeTrace(w io.Writer) error {
	spans := t.Spans()
	events := make([]chromeEvent, 0, len(spans)+2)
	events = append(events,
		chromeEvent{Name: "process_name", Ph: "M", PID: 1, TID: 1, Args: map[string]any{"name": "loopscope page"}},
		chromeEvent{Name: "thread_name", Ph: "M", PID: 1, TID: 1, Args: map[string]any{"name": "CrRendererMain"}})
	for _, s := range spans {
		e := chromeEvent{Name: s.Kind.ChromeName(), Cat: "devtools.timeline", Ph: "X", TS: s.Start * 1000, Dur: (s.End - s.Start) * 1000, PID: 1, TID: 1}
		args := map[string]any{}
		if s.Name != "" {
			args["name"] = s.Name
		}
		switch s.Kind {
		case KindTask, KindLongTask:
			args["source"] = s.Source.String()
		case KindFrame:
			e.Ph, e.Dur, e.S, e.Cat = "I", 0, "g", "disabled-by-default-devtools.timeline.frame"
		case KindTimerFire, KindConsole, KindScriptStopped:
			e.Ph, e.Dur, e.S = "I", 0, "t"
		case KindIdlePeriod:
			args["deadline_ms"], args["used_ms"] = s.Deadline, s.Used
		}
		if len(args) > 0 {
			e.Args = args
		}
		events = append(events, e)
	}
	return json.NewEncoder(w).Encode(map[string]any{"traceEvents": events, "displayTimeUnit": "ms"})
}
