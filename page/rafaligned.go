// Spec: UI Events, W3C Working Draft 2024-09 (https://w3c.github.io/uievents/) and Pointer
// Events Level 3 (https://w3c.github.io/pointerevents/#coalesced-events); the timing is
// Chrome's (HTML's "update the rendering" has no step for input).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"fmt"
	"math"

	"loopscope/loop"
)

// CHROME: continuous input (mouse moves, wheel ticks) is rAF-aligned: it waits for the
// next frame, consecutive events of one kind coalesced into one (a move's points kept for
// getCoalescedEvents(), wheel deltas summed), and is dispatched at the start of "update
// the rendering", before the resize and scroll steps and the animation frame callbacks
// (content/renderer's MainThreadEventQueue). Discrete input (a press, a key) dispatches
// what is waiting first, in its own task, so the order of the user's input is kept.

// rafInput is one entry of the queue: a move with its coalesced points, or a wheel tick.
type rafInput struct {
	seq    uint64 // its place among the entries ever queued (a discrete input's mark)
	wheel  bool
	points []movePoint // a move: the pointer's positions, oldest first
	x, y   float64     // a wheel tick: where, and its deltas (summed when coalesced)
	dx, dy float64
}

// movePoint is one position of the pointer and when it was sampled (page ms).
type movePoint struct{ x, y, t float64 }

// Bounds of the queue: a flood of input (a million wheel ticks in one frame) costs at
// most this much memory; what does not fit is dropped and reported once a frame.
const (
	maxQueuedInput     = 1024 // entries waiting for a frame
	maxCoalescedPoints = 256  // points of one coalesced move (the newest are kept)
)

// queueMove queues a pointer move to (x, y) for the next frame (the window's mouse, a
// move action's step).
func (p *Page) queueMove(x, y float64) {
	in := &p.input
	in.x, in.y = x, y
	pt := movePoint{x, y, p.Loop.Now()}
	if n := len(in.queue); n > 0 && !in.barrier && !in.queue[n-1].wheel {
		last := &in.queue[n-1]
		if len(last.points) == maxCoalescedPoints {
			copy(last.points, last.points[1:])
			last.points = last.points[:len(last.points)-1]
		}
		last.points = append(last.points, pt)
		return
	}
	p.queueRAFAligned(rafInput{points: []movePoint{pt}})
}

// queueWheel queues a wheel tick at (x, y) for the next frame, summed into the one
// waiting when the pointer has not moved since.
func (p *Page) queueWheel(x, y, dx, dy float64) {
	in := &p.input
	if n := len(in.queue); n > 0 && !in.barrier && in.queue[n-1].wheel && in.queue[n-1].x == x && in.queue[n-1].y == y {
		in.queue[n-1].dx += dx
		in.queue[n-1].dy += dy
		return
	}
	p.queueRAFAligned(rafInput{wheel: true, x: x, y: y, dx: dx, dy: dy})
}

func (p *Page) queueRAFAligned(e rafInput) {
	in := &p.input
	if len(in.queue) >= maxQueuedInput {
		in.dropped++
		return
	}
	e.seq = in.seq
	in.seq++
	in.barrier = false
	in.queue = append(in.queue, e)
	if len(in.queue) == 1 && p.opts.Mode == loop.ModeLegacyRAF {
		// DEPARTURE (legacy-raf mode): the browsers it models dispatched continuous input
		// in tasks of its own, not at the start of a frame (rAF-aligned input came with
		// Chrome 60), and their update the rendering has no such step.
		p.Loop.QueueTask(loop.SourceUserInteraction, "mousemove", func() { p.flushRAFAlignedInput() })
	}
}

// hasRAFAlignedInput reports whether continuous input waits for a frame (then the next
// rendering opportunity is needed).
func (p *Page) hasRAFAlignedInput() bool { return len(p.input.queue) > 0 || p.input.dropped > 0 }

// discreteInputMark is called when a discrete input's task is queued: the continuous input
// that came before it is dispatched first (flushRAFAlignedInputBefore with the mark), and
// what comes after it is coalesced only with what comes after it, as in Chrome's one queue
// of input events.
func (p *Page) discreteInputMark() uint64 {
	p.input.barrier = true
	return p.input.seq
}

// flushRAFAlignedInput dispatches all the continuous input waiting, in the order it came
// (at the start of a frame); it reports whether there was any.
func (p *Page) flushRAFAlignedInput() bool { return p.flushRAFAlignedInputBefore(math.MaxUint64) }

// flushRAFAlignedInputBefore dispatches, in the order it came, the continuous input queued
// before mark (a discrete input's: its task dispatches them before its own events).
func (p *Page) flushRAFAlignedInputBefore(mark uint64) bool {
	in := &p.input
	if in.dropped > 0 {
		p.Loop.Console().Error(fmt.Sprintf("loopscope: %d continuous input events dropped: more than %d were waiting for one frame", in.dropped, maxQueuedInput))
		in.dropped = 0
	}
	n := 0
	for n < len(in.queue) && in.queue[n].seq < mark {
		n++
	}
	if n == 0 {
		return false
	}
	queue := in.queue[:n]
	in.queue = append([]rafInput(nil), in.queue[n:]...) // what came later waits
	for _, e := range queue {
		if e.wheel {
			p.pointerWheel(e.x, e.y, e.dx, e.dy)
		} else {
			p.pointerMove(e.points)
		}
	}
	return true
}
