package page

// Step mode and speed (Options.Stepping; the window's Space, 1/2/3 and speed keys): the
// loop's stepper stops page time while the loop is paused and slows it down when asked, so
// pausing, stepping or slowing a page never changes what it prints. With a posted vsync
// (Options.PostedVsync) the page's frames then come from a grid in page time instead of the
// display's vsyncs (see vsyncDisplay). Every method here is safe from any goroutine and does
// nothing on a page without step mode.

// StepState is what the step controls show.
type StepState struct {
	Enabled        bool    // the page has step mode
	PauseRequested bool    // the user paused it (it may still be finishing a step or a task)
	Parked         bool    // the loop waits at a point between tasks or callbacks
	Speed          float64 // page time runs at this fraction of real time
	Live           Live    // what the loop runs now
}

// StepState reports the page's step mode now.
func (p *Page) StepState() StepState {
	st := p.Agent.Stepper()
	if st == nil {
		return StepState{Speed: 1}
	}
	return StepState{Enabled: true, PauseRequested: st.PauseRequested(), Parked: st.Parked(),
		Speed: st.Speed(), Live: st.Live()}
}

// Pause stops the page's loop at its next point between tasks or callbacks.
func (p *Page) Pause() {
	if st := p.Agent.Stepper(); st != nil {
		st.Pause()
		p.followStepper()
	}
}

// Resume lets a paused page run freely again.
func (p *Page) Resume() {
	if st := p.Agent.Stepper(); st != nil {
		st.Resume()
		p.followStepper()
	}
}

// Step lets a paused page run one step (a task, a callback with its microtask checkpoint,
// or a frame; for a Node script a phase instead of a frame), then pause again; a running
// page pauses first.
func (p *Page) Step(k StepKind) {
	switch {
	case p.node != nil && k == StepFrame:
		k = StepPhase // a Node script has phases, not frames
	case p.node == nil && k == StepPhase:
		k = StepFrame
	}
	if st := p.Agent.Stepper(); st != nil {
		st.Step(k)
		p.followStepper()
	}
}

// SetSpeed makes page time run at f times real time (clamped to [0.01, 1]).
func (p *Page) SetSpeed(f float64) {
	if st := p.Agent.Stepper(); st != nil {
		st.SetSpeed(f)
		p.followStepper()
	}
}

// followStepper puts the page's frames on the page-time grid while it is paused, stepped
// or slowed, and back on the display's vsyncs when it runs at full speed.
func (p *Page) followStepper() {
	st := p.Agent.Stepper()
	if p.vsync != nil && st != nil {
		p.vsync.grid.Store(st.PauseRequested() || st.Speed() != 1)
	}
}
