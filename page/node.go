package page

import (
	"fmt"
	"sync/atomic"

	"loopscope/loop"
	"loopscope/node"
)

// A Node script as the shell sees a page. The window (and anything else that drives a page
// through post.go and stepping.go) opens a Node script with OpenNode and gets a Page whose
// agent is the Node process's (package node: libuv's phases over an agent): stepping,
// speed, the trace, the console, stop and snapshots of the queues work as for a page. It has
// no document, no rendering and no input: the pointer and click entry points do nothing, and
// no frame is ever painted (the window draws Node's phase ring instead).

// NodeSnapshot is what a Node process's queues hold (node.Snapshot): the phase, the
// nextTick queue, timers, immediates, pending I/O.
type NodeSnapshot = node.Snapshot

// NodePhase is a phase of libuv's loop (node.Phase).
type NodePhase = node.Phase

// The phases, in the order of seed 002's ring.
const (
	PhaseNone        = node.PhaseNone
	PhaseTimers      = node.PhaseTimers
	PhasePending     = node.PhasePending
	PhaseIdlePrepare = node.PhaseIdlePrepare
	PhasePoll        = node.PhasePoll
	PhaseCheck       = node.PhaseCheck
	PhaseClose       = node.PhaseClose
)

// nodeState is the Node half of a Page opened with OpenNode.
type nodeState struct {
	proc   *node.Process
	snap   atomic.Pointer[node.Snapshot]
	exited atomic.Bool
	status atomic.Int32 // the exit status, once exited
}

// NodeModes are the modes a Node script runs in, the default first.
func NodeModes() []Mode { return []Mode{loop.ModeSpec, loop.ModeNode10, loop.ModeLegacyAwait} }

// OpenNode prepares the script at file as a Node main module (node.New) behind a Page.
// Options used: Mode (spec, node10 or legacy-await), VirtualTime, Console, Stepping,
// TrackMicrotasks, ScriptTimeout, MaxHeap, TraceCapacity. A missing file, a syntax error or
// a browser mode is an error.
func OpenNode(file string, opts Options) (*Page, error) {
	if opts.Mode == "" {
		opts.Mode = loop.ModeSpec
	}
	ok := false
	for _, m := range NodeModes() {
		ok = ok || m == opts.Mode
	}
	if !ok {
		return nil, fmt.Errorf("mode %s is a browser mode; a Node script runs in spec, node10 or legacy-await", opts.Mode)
	}
	proc, err := node.New(file, node.Options{Mode: opts.Mode, VirtualTime: opts.VirtualTime, Console: opts.Console,
		Stepping: opts.Stepping, TrackMicrotasks: opts.TrackMicrotasks,
		ScriptTimeout: opts.ScriptTimeout, MaxHeap: opts.MaxHeap, TraceCapacity: opts.TraceCapacity})
	if err != nil {
		return nil, err
	}
	return &Page{Agent: proc.Agent(), opts: opts, node: &nodeState{proc: proc}}, nil
}

// IsNode reports whether the page is a Node script (OpenNode).
func (p *Page) IsNode() bool { return p.node != nil }

// runNode runs the Node process to its end (Run for a Node page).
func (p *Page) runNode() {
	code := p.node.proc.Run()
	// The last state of the queues, for a view asked after the loop stopped answering.
	ns := p.node.proc.Inspect(snapshotMax)
	p.node.snap.Store(&ns)
	p.snap.Store(p.Agent.Inspect(snapshotMax))
	p.node.status.Store(int32(code))
	p.node.exited.Store(true)
}

// snapshotMax is how many entries a list of the final snapshot keeps.
const snapshotMax = 8

// NodePhase is the phase a Node page's loop is in now (PhaseNone: the main module,
// beforeExit, exit, or not a Node page). Safe from any goroutine.
func (p *Page) NodePhase() NodePhase {
	if p.node == nil {
		return PhaseNone
	}
	return p.node.proc.CurrentPhase()
}

// NodeExited reports whether a Node page's process has ended, and its exit status. Safe
// from any goroutine.
func (p *Page) NodeExited() (bool, int) {
	if p.node == nil || !p.node.exited.Load() {
		return false, 0
	}
	return true, int(p.node.status.Load())
}

// NodeSnapshot is the newest snapshot of a Node page's own queues that RequestSnapshot got
// (nil before the first, or for a page).
func (p *Page) NodeSnapshot() *NodeSnapshot {
	if p.node == nil {
		return nil
	}
	return p.node.snap.Load()
}
