package node

import (
	"math"

	"loopscope/agent"
)

// The event loop: libuv 1.46's uv_run(UV_RUN_DEFAULT) as node 20 drives it
// (src/unix/core.c, 2023-06), then node's SpinEventLoop (beforeExit, exit):
//
//	if alive: update time; run timers
//	while alive:
//	    pending callbacks; idle, prepare
//	    poll (timeout: 0 with immediates, pending callbacks or closing handles, else the next timer, else none)
//	    pending callbacks again, up to 8 times while any (libuv >= 1.45)
//	    check (immediates); close callbacks
//	    update time; run timers
//	then 'beforeExit' (it may make the loop alive again: run again), then 'exit'.

var inf = math.Inf(1)

// Phase is a phase of libuv's loop.
type Phase int

// The phases, in the order of seed 002's ring.
const (
	PhaseNone Phase = iota
	PhaseTimers
	PhasePending
	PhaseIdlePrepare
	PhasePoll
	PhaseCheck
	PhaseClose
)

var phaseNames = [...]string{"", "timers", "pending callbacks", "idle, prepare", "poll", "check", "close callbacks"}

func (ph Phase) String() string { return phaseNames[ph] }

// CurrentPhase is the phase the loop is in (PhaseNone: the main module, beforeExit, exit).
// It is safe to call from any goroutine.
func (p *Process) CurrentPhase() Phase { return Phase(p.phase.Load()) }

// ended reports whether the process must not run anything more: process.exit, a fatal
// exception (Halt), or a stop asked from outside (agent.Stop, e.g. the window closing it).
func (p *Process) ended() bool { return p.proc.stopped || p.l.Halted() || p.l.Stopped() }

// updateTime is uv__update_time: the loop's cached time, in whole ms.
func (p *Process) updateTime() { p.now = math.Floor(p.l.Now()) }

// alive is uv__loop_alive: refed handles (timers, the immediate idle handle) or requests.
func (p *Process) alive() bool {
	if p.ended() {
		return false
	}
	return p.timers.refed > 0 || p.immediates.refed > 0 || p.io.inflight > 0 || p.handlesAlive()
}

// runTheEventLoop runs uv_run until the loop is not alive, then beforeExit and exit.
func (p *Process) runTheEventLoop() {
	for {
		p.uvRun()
		if p.ended() {
			return
		}
		// node: EmitProcessBeforeExit, unless process.exit() was called.
		p.emitEvent("beforeExit", p.rt.ToValue(p.proc.exitCode))
		if !p.alive() {
			break
		}
	}
	if p.ended() {
		return
	}
	p.setExiting()
	p.emitEvent("exit", p.rt.ToValue(p.proc.exitCode))
}

// emitEvent emits a process event from the loop, as a callback (ticks and microtasks after).
func (p *Process) emitEvent(name string, args ...any) {
	emit := p.proc.obj.Get("emit")
	p.macrotask("process.emit('"+name+"')", emit, p.proc.obj, p.rt.NewArray(append([]any{name}, args...)...))
}

func (p *Process) uvRun() {
	if p.alive() {
		p.updateTime()
		p.phaseIf(PhaseTimers, p.timersDue(), p.runTimers)
	}
	for p.alive() {
		p.l.DrainInbox()
		p.phaseIf(PhasePending, len(p.handles.pending) > 0, p.runPending)
		p.phaseIf(PhaseIdlePrepare, false, func() {}) // node's own idle handle: keeps poll from waiting
		p.phaseSpan(PhasePoll, p.poll)
		// libuv 1.45+: "Process immediate callbacks (e.g. write_cb) a small fixed number
		// of times to avoid loop starvation": the pending queue again, up to 8 times.
		for r := 0; r < 8 && len(p.handles.pending) > 0 && !p.ended(); r++ {
			p.phaseSpan(PhasePending, p.runPending)
		}
		p.phaseIf(PhaseCheck, len(p.immediates.queue) > 0, p.runImmediates)
		p.phaseIf(PhaseClose, len(p.handles.closing) > 0, p.runClosing)
		p.updateTime()
		p.phaseIf(PhaseTimers, p.timersDue(), p.runTimers)
	}
	p.phase.Store(int32(PhaseNone))
}

// poll is the poll phase.
func (p *Process) poll() { p.pollIO(p.backendTimeout()) }

// phaseIf runs a phase that has work, or every phase in step mode (its end is a stop).
// Without step mode a phase with nothing to run is passed over: no clock read, no trace
// check (nothing would run in it, and nothing would be recorded).
func (p *Process) phaseIf(ph Phase, work bool, fn func()) {
	if work || p.stepping {
		p.phaseSpan(ph, fn)
	}
}

// timersDue reports whether a timer is due at the loop's time (the timers phase would run it).
func (p *Process) timersDue() bool {
	return len(p.timers.heap) > 0 && p.timers.heap[0].at <= p.now
}

// backendTimeout is uv_backend_timeout: how long the poll phase may wait (ms; <0: no limit).
func (p *Process) backendTimeout() float64 {
	if p.pendingImmediates() || len(p.handles.closing) > 0 || len(p.handles.pending) > 0 || !p.alive() {
		return 0
	}
	if due, ok := p.nextTimerDue(); ok {
		return math.Max(0, due-math.Floor(p.l.Now()))
	}
	return -1
}

// phaseSpan runs one phase and records it in the trace when something ran in it. In step
// mode the phase's end is a stop for a phase step (the ring keeps it lit while paused).
func (p *Process) phaseSpan(ph Phase, fn func()) {
	p.phase.Store(int32(ph))
	start := p.l.Now()
	before := p.l.Trace().Total()
	fn()
	if p.l.Trace().Total() != before || ph == PhasePoll && p.l.Now()-start >= 1 {
		p.l.Trace().Add(agent.Span{Kind: agent.KindTask, Source: agent.SourceTimer, Name: ph.String() + " phase", Start: start, End: p.l.Now()})
	}
	p.l.StepDone(agent.StepPhase)
}
