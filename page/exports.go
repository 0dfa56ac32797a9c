package page

import (
	"io"

	"loopscope/loop"
)

// What the window shell and the command line see of the event loop: its plain data types
// and constants, re-exported (type aliases: the same types), so that they import page only
// and every call that reaches a page's loop goes through page (see post.go).

// Mode is a browser behaviour mode (DESIGN.md "Browser behaviour modes").
type Mode = loop.Mode

// ModeSpec is the default mode: the spec, as Chrome does it.
const ModeSpec = loop.ModeSpec

// Modes lists every mode, the default first.
func Modes() []Mode { return loop.Modes() }

// ParseMode checks a mode name.
func ParseMode(s string) (Mode, error) { return loop.ParseMode(s) }

// DefaultMaxHeap is Options.MaxHeap's default (bytes).
const DefaultMaxHeap = loop.DefaultMaxHeap

// Console receives a page's console messages and uncaught errors.
type Console = loop.Console

// NewWriterConsole is a Console that prints messages to out and errors to errOut.
func NewWriterConsole(out, errOut io.Writer) Console { return loop.NewWriterConsole(out, errOut) }

// RunOptions say when Run returns.
type RunOptions = loop.RunOptions

// Stats are counters of what the page's loop did.
type Stats = loop.Stats

// Span is one thing the loop did (a trace entry); Kind says what.
type (
	Span = loop.Span
	Kind = loop.Kind
)

// The span kinds.
const (
	KindTask            = loop.KindTask
	KindMicrotasks      = loop.KindMicrotasks
	KindMicrotask       = loop.KindMicrotask
	KindTimerFire       = loop.KindTimerFire
	KindEventDispatch   = loop.KindEventDispatch
	KindAnimationFrame  = loop.KindAnimationFrame
	KindAnimations      = loop.KindAnimations
	KindStyle           = loop.KindStyle
	KindLayout          = loop.KindLayout
	KindPaint           = loop.KindPaint
	KindRendering       = loop.KindRendering
	KindFrame           = loop.KindFrame
	KindIdlePeriod      = loop.KindIdlePeriod
	KindIdleCallback    = loop.KindIdleCallback
	KindLongTask        = loop.KindLongTask
	KindConsole         = loop.KindConsole
	KindFunctionCall    = loop.KindFunctionCall
	KindScriptStopped   = loop.KindScriptStopped
	KindRenderingStep   = loop.KindRenderingStep
	KindMessageSent     = loop.KindMessageSent
	KindMessageReceived = loop.KindMessageReceived
)

// Source is a task source.
type Source = loop.Source

// The task sources the instruments name.
const (
	SourceUserInteraction = loop.SourceUserInteraction
	SourceTimer           = loop.SourceTimer
	SourceDOMManipulation = loop.SourceDOMManipulation
)

// Snapshot is what the loop's queues held at one moment (the queues view); Live is what it
// runs now.
type (
	Snapshot = loop.Snapshot
	Live     = loop.Live
)

// StepKind is how far one step of a paused page runs.
type StepKind = loop.StepKind

// The step kinds (loop.StepKind).
const (
	StepTask      = loop.StepTask
	StepCallback  = loop.StepCallback
	StepFrame     = loop.StepFrame
	StepMicrotask = loop.StepMicrotask
	StepHostCall  = loop.StepHostCall
	StepPhase     = loop.StepPhase // a Node script's phase (page.OpenNode); for a page, StepFrame
)

// Boxes are Jake Archibald's four boxes (Tasks, Microtasks, JS stack, Log) as the loop models
// them (Snapshot.Boxes); BoxItem is one entry of a box, StackFrame one frame of the JS stack.
type (
	Boxes      = loop.Boxes
	BoxItem    = loop.BoxItem
	StackFrame = loop.Frame
)

// Names are the names of box items.
func Names(items []BoxItem) []string { return loop.Names(items) }

// FrameNames are the names of stack frames.
func FrameNames(fs []StackFrame) []string { return loop.FrameNames(fs) }
