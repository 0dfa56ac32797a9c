package agent

// Source is a task source (HTML "generic task sources" plus the ones the loop itself uses).
// The trace records a task's source, so the vocabulary is the agent's; package loop keeps
// the task queues, one per source.
type Source int

// The task sources, each with its own task queue in an HTML event loop.
const (
	SourceUserInteraction Source = iota // picked first: input stays responsive
	SourceTimer
	SourceDOMManipulation
	SourcePostedMessage
	SourceNetworking
	SourceIdle
	NumSources
)

var sourceNames = [NumSources]string{"user-interaction", "timer", "dom-manipulation", "posted-message", "networking", "idle"}

func (s Source) String() string {
	if s < 0 || s >= NumSources {
		return "unknown"
	}
	return sourceNames[s]
}

// SourceByName maps a task source's name ("dom-manipulation", ...) to the Source.
func SourceByName(name string) (Source, bool) {
	for i, n := range sourceNames {
		if n == name {
			return Source(i), true
		}
	}
	return 0, false
}

// Task is what the agent knows of a task (HTML "task") while it runs (RunTask): what the
// watchdog's line, the trace, the JS stack's entry name and step mode's live view say.
type Task struct {
	Source Source
	Name   string  // what ran, for the trace and the queues view
	At     float64 // when it became runnable (ms)
	Seq    uint64  // the event loop's sequence number (0: a task of no queue)
	// TimerSeq is the sequence number of the timer that queued it (0: not a timer's task),
	// so the queues view keeps one identity from timer to task.
	TimerSeq uint64
}
