package loop

import "loopscope/agent"

// The agent's vocabulary, under the names the loop's users (page, dom, idle, the shell)
// know it by: the loop runs over an agent, and its trace, clocks, console, modes, task
// sources and step kinds are the agent's.

type (
	Clock        = agent.Clock
	RealClock    = agent.RealClock
	VirtualClock = agent.VirtualClock
	Console      = agent.Console
	Trace        = agent.Trace
	Span         = agent.Span
	Kind         = agent.Kind
	Source       = agent.Source
	Mode         = agent.Mode
	StepKind     = agent.StepKind
	Stepper      = agent.Stepper
	Live         = agent.Live
	Sources      = agent.Sources
	Snapshot     = agent.Snapshot
	QueueView    = agent.QueueView
	TimerView    = agent.TimerView
	Boxes        = agent.Boxes
	BoxItem      = agent.BoxItem
	Frame        = agent.Frame
)

// The span kinds (agent.Kind).
const (
	KindTask            = agent.KindTask
	KindMicrotasks      = agent.KindMicrotasks
	KindTimerFire       = agent.KindTimerFire
	KindEventDispatch   = agent.KindEventDispatch
	KindAnimationFrame  = agent.KindAnimationFrame
	KindAnimations      = agent.KindAnimations
	KindStyle           = agent.KindStyle
	KindLayout          = agent.KindLayout
	KindPaint           = agent.KindPaint
	KindRendering       = agent.KindRendering
	KindFrame           = agent.KindFrame
	KindIdlePeriod      = agent.KindIdlePeriod
	KindIdleCallback    = agent.KindIdleCallback
	KindLongTask        = agent.KindLongTask
	KindConsole         = agent.KindConsole
	KindFunctionCall    = agent.KindFunctionCall
	KindScriptStopped   = agent.KindScriptStopped
	KindUserMark        = agent.KindUserMark
	KindUserMeasure     = agent.KindUserMeasure
	KindMicrotask       = agent.KindMicrotask
	KindRenderingStep   = agent.KindRenderingStep
	KindMessageSent     = agent.KindMessageSent
	KindMessageReceived = agent.KindMessageReceived
)

// The task sources (agent.Source), each with its own task queue.
const (
	SourceUserInteraction = agent.SourceUserInteraction
	SourceTimer           = agent.SourceTimer
	SourceDOMManipulation = agent.SourceDOMManipulation
	SourcePostedMessage   = agent.SourcePostedMessage
	SourceNetworking      = agent.SourceNetworking
	SourceIdle            = agent.SourceIdle
	numSources            = agent.NumSources
)

// The modes (agent.Mode).
const (
	ModeSpec                = agent.ModeSpec
	ModeLegacyRAF           = agent.ModeLegacyRAF
	ModeLegacyEdgeListeners = agent.ModeLegacyEdgeListeners
	ModeLegacyPromiseTasks  = agent.ModeLegacyPromiseTasks
	ModeMutationEvents      = agent.ModeMutationEvents
	ModeLegacyAwait         = agent.ModeLegacyAwait
	ModeNode10              = agent.ModeNode10
)

// The step kinds (agent.StepKind).
const (
	StepTask      = agent.StepTask
	StepCallback  = agent.StepCallback
	StepFrame     = agent.StepFrame
	StepMicrotask = agent.StepMicrotask
	StepHostCall  = agent.StepHostCall
	StepPhase     = agent.StepPhase
)

// DefaultMaxHeap is the Go heap size at which a running script is stopped (Options.MaxHeap).
const DefaultMaxHeap = agent.DefaultMaxHeap

// ErrHalted is what a call into JS returns after Halt.
var ErrHalted = agent.ErrHalted

var (
	NewRealClock        = agent.NewRealClock
	NewVirtualClock     = agent.NewVirtualClock
	NewWriterConsole    = agent.NewWriterConsole
	NewTrace            = agent.NewTrace
	SourceByName        = agent.SourceByName
	Modes               = agent.Modes
	ParseMode           = agent.ParseMode
	TransformAwait      = agent.TransformAwait
	BoundRegexpMatching = agent.BoundRegexpMatching
	Names               = agent.Names
	FrameNames          = agent.FrameNames
)
