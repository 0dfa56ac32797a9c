// Package node runs a script as a Node.js main module on an agent (package agent: the
// realm, Call with the watchdog, the clocks, the trace, the console), with the processing
// model of libuv and Node 20 instead of HTML's (package loop, which node does not import):
// the six phases (phases.go), timers (timers.go), immediates (immediates.go),
// process.nextTick between callbacks (nexttick.go), file I/O completing in the poll phase
// (fs.go), process and its events (process.go), require and the core modules (modules.go),
// console.log as util.inspect.
//
// References, pinned: Node.js v20 (lib/internal/timers.js, lib/internal/process/
// task_queues.js, src/api/callback.cc InternalCallbackScope::Close) and libuv 1.46
// (src/unix/core.c uv_run), as of 2024-04.
package node

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"

	"github.com/dop251/goja_nodejs/require"

	"loopscope/agent"
)

//go:embed js/*.js
var jsFiles embed.FS

// Options configure a run.
type Options struct {
	Mode          agent.Mode // spec (Node 20), node10, legacy-await
	VirtualTime   bool       // skip idle waits; I/O takes no page time
	Stdout        io.Writer
	Stderr        io.Writer
	ScriptTimeout time.Duration // watchdog for one callback with its ticks and microtasks
	MaxHeap       int64
	TraceCapacity int
	// Clock overrides the clock VirtualTime chooses (tests, step mode).
	Clock agent.Clock
	// AnyAddress lets net listen on and connect to any address; without it only loopback
	// (127.0.0.0/8, ::1, localhost) is allowed (tcp.go).
	AnyAddress bool
	// Console receives console output and uncaught errors instead of Stdout/Stderr (the
	// window's console pane); process.stdout.write still goes to Stdout.
	Console agent.Console
	// Stepping gives the process step mode (Agent.EnableStepping): it waits before the main
	// module and after each task, callback and phase while paused (StepPhase steps by phase).
	Stepping bool
	// TrackMicrotasks names each microtask in the trace and, with Stepping, models the
	// microtask queue for a queues view (Agent.EnableMicrotaskTracking).
	TrackMicrotasks bool
}

// Process is one Node process: its agent, its queues and its process object.
type Process struct {
	l    *agent.Agent
	rt   *goja.Runtime
	opts Options
	file string // the main module, absolute

	now float64 // libuv's loop time (uv_now): whole ms, updated at the start of an iteration

	timers     timers
	immediates immediates
	io         ioQueue
	handles    handleSet // libuv's handles: sockets and servers (handles.go)
	net        netState  // the sockets' shared state (tcp.go)
	ticks      ticks
	rej        rejections
	proc       *processState
	fn         hostFuncs // the JS half's functions (js/host.js)
	// phase is the phase running now (a Phase), for the instruments: written on the loop's
	// goroutine, read from any (CurrentPhase).
	phase    atomic.Int32
	req      *require.RequireModule
	stepping bool // step mode: every nextTick is a stop (StepHostCall)
}

// ErrNotFound is a main module that cannot be read.
var ErrNotFound = errors.New("cannot find module")

// New prepares a process for the script at file: the realm with Node's globals. It does
// not run anything yet. A missing file is ErrNotFound; a syntax error is returned as one line.
func New(file string, opts Options) (*Process, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	src, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", ErrNotFound, file, unwrapPathError(err))
	}
	if opts.Stdout == nil {
		opts.Stdout = os.Stdout
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	if opts.Mode == "" {
		opts.Mode = agent.ModeSpec
	}
	if err := checkSyntax(abs, string(src), opts.Mode); err != nil {
		return nil, err
	}
	clock := opts.Clock
	if clock == nil {
		if opts.VirtualTime {
			clock = agent.NewVirtualClock()
		} else {
			clock = agent.NewRealClock()
		}
	}
	p := &Process{opts: opts, file: abs}
	console := opts.Console
	if console == nil {
		console = agent.NewWriterConsole(opts.Stdout, opts.Stderr)
	}
	p.l = agent.New(agent.Options{
		Clock:         clock,
		Mode:          opts.Mode,
		Console:       console,
		ScriptTimeout: opts.ScriptTimeout,
		MaxHeap:       opts.MaxHeap,
		TraceCapacity: opts.TraceCapacity,
	})
	p.rt = p.l.Runtime()
	p.l.SetHooks(agent.Hooks{
		// The host work the agent queues (a PerformanceObserver's delivery) is an immediate,
		// as node queues it (lib/internal/perf/observe.js queuePending: setImmediate).
		QueueTask: func(name string, fn func()) {
			run := p.rt.ToValue(func(goja.FunctionCall) goja.Value {
				fn()
				return goja.Undefined()
			})
			p.setImmediate(run, goja.Undefined())
		},
	})
	p.l.SetStopNote(" The process ends (exit status 1).")
	if opts.Stepping {
		p.l.EnableStepping()
	}
	if opts.TrackMicrotasks {
		p.l.EnableMicrotaskTracking() // after EnableStepping: the queue model needs step mode
	}
	p.install()
	return p, nil
}

// Agent is the agent the process runs on (trace, clock, stepping, the queues' snapshot).
func (p *Process) Agent() *agent.Agent { return p.l }

// Run runs the main module and then the event loop until nothing keeps it alive, and
// returns the exit status as node's: process.exitCode, process.exit(code), 1 after an
// uncaught exception or an unhandled rejection, 1 when the watchdog stopped a script.
func (p *Process) Run() int {
	stop := p.l.StartWatchdog()
	defer stop()
	p.l.ResetTimeOrigin()
	p.updateTime()
	p.l.StepGate() // step mode: a process opened paused waits before its main module
	if p.ended() {
		return p.proc.exitCode
	}
	p.runMainModule()
	if p.opts.VirtualTime {
		// DEPARTURE: node's own work between the main module and the loop's first
		// iteration takes time; virtual time counts only JS, so it models it as 1 ms. From
		// the main module setTimeout(0) then beats setImmediate, node's more frequent order
		// here (a race in node: both orders are in the recordings).
		p.l.SleepUntil(p.l.Now()+1, true)
	}
	p.runTheEventLoop()
	p.closeAllHandles()
	return p.proc.exitCode
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
