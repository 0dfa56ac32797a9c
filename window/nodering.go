package window

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// The page area of a Node script: seed 002's picture of Node's event loop, libuv's six
// phases in a ring (timers → pending callbacks → idle, prepare → poll → check → close
// callbacks → timers), the phase the loop is in lit, what waits for each phase beside it,
// and in the middle what runs between any two callbacks: the whole nextTick queue, then the
// microtasks. The phase comes from the process (page.NodePhase, safe from any goroutine);
// the queues from the newest snapshot (page.NodeSnapshot, page.Snapshot).

// nodeKeyHelp is the keys line under a Node script (info.go): no page to click, phases
// instead of frames.
const nodeKeyHelp = "Keys: R run again, M mode (spec, node10, legacy-await; Shift+M pins it), N next demo, Esc gallery · H HUD, Q queues, T timeline, C console · " +
	"Space pause/run, 1 step a callback with its ticks and microtasks, 2 a callback, 3 a phase, 4 a microtask, 5 a queue or log call, −/= speed, E save a Chrome trace · I hide this"

// pauseOrRestart is Space: pause or run the page; a Node script whose process has exited
// opens again, paused before its main module, so that it can be stepped from the start.
func (g *game) pauseOrRestart() {
	p := g.runningPage()
	if p != nil {
		if exited, _ := p.NodeExited(); exited {
			g.endPrediction()
			g.openPaused(g.session.currentTarget(), true)
			return
		}
	}
	g.controls.togglePause(p)
}

// ringBoxes are the phases' boxes in the page area (page coordinates), in the ring's order.
// The window tests sample the top-left inside corner of each (ringSample).
var ringBoxes = [...]struct {
	phase page.NodePhase
	r     rect
}{
	{page.PhaseTimers, rect{315, 70, 170, 48}},
	{page.PhasePending, rect{555, 185, 170, 48}},
	{page.PhaseIdlePrepare, rect{555, 345, 170, 48}},
	{page.PhasePoll, rect{315, 460, 170, 48}},
	{page.PhaseCheck, rect{75, 345, 170, 48}},
	{page.PhaseClose, rect{75, 185, 170, 48}},
}

var (
	ringLit    = color.RGBA{0xef, 0x8a, 0x17, 0xff} // the phase the loop is in
	ringIdle   = color.RGBA{0xe4, 0xe7, 0xef, 0xff}
	ringEdge   = color.RGBA{0x6a, 0x70, 0x88, 0xff}
	ringArrow  = color.RGBA{0x9a, 0xa0, 0xb8, 0xff}
	ringInk    = color.RGBA{0x22, 0x22, 0x22, 0xff}
	ringDim    = color.RGBA{0x66, 0x66, 0x66, 0xff}
	ringCentre = color.RGBA{0xfb, 0xf3, 0xdc, 0xff}
	ringTicks  = color.RGBA{0x3d, 0x7e, 0xd6, 0xff} // nextTick and microtasks waiting
)

// ringCaption is the line under a phase's name: what waits for it.
func ringCaption(ph page.NodePhase, ns *page.NodeSnapshot) string {
	switch ph {
	case page.PhasePending:
		return "deferred I/O callbacks"
	case page.PhaseIdlePrepare:
		return "libuv's own handles"
	case page.PhaseClose:
		return "'close' callbacks"
	}
	if ns == nil {
		return ""
	}
	switch ph {
	case page.PhaseTimers:
		if len(ns.Timers) == 0 {
			return "no timer"
		}
		return fmt.Sprintf("%s, next %s", plural(len(ns.Timers), "timer"), dueIn(ns.Timers[0].Due-ns.Now))
	case page.PhasePoll:
		return fmt.Sprintf("I/O: %d in flight, %d done", ns.PendingIO, ns.DoneIO)
	case page.PhaseCheck:
		return plural(ns.Immediates, "immediate")
	}
	return ""
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// drawNodeRing fills the page area with the ring.
func drawNodeRing(dst *ebiten.Image, f *fonts, fr *frame) {
	p := fr.page
	a := fr.lay.page
	vector.DrawFilledRect(dst, float32(a.x), float32(a.y), float32(a.w), float32(a.h), color.White, false)
	ns := p.NodeSnapshot()
	phase := p.NodePhase()
	exited, status := p.NodeExited()
	f.draw(dst, f.elide(f.bold, "Node's event loop: libuv's phases (seed 002)", a.w-32), a.x+16, a.y+10, ringInk, true)
	f.draw(dst, f.elide(f.regular, ringState(phase, exited, status, fr.steps), a.w-32), a.x+16, a.y+10+lineH+2, ringDim, false)
	boxes, centre := ringPlaces(a)
	// The ring: an arrow from each phase to the next.
	for i := range ringBoxes {
		drawRingArrow(dst, boxes[i], boxes[(i+1)%len(ringBoxes)])
	}
	for i, rb := range ringBoxes {
		r := boxes[i]
		x, y := float32(r.x), float32(r.y)
		fill, ink := ringIdle, ringInk
		if rb.phase == phase && !exited {
			fill, ink = ringLit, color.RGBA{0xff, 0xff, 0xff, 0xff}
		}
		vector.DrawFilledRect(dst, x, y, float32(r.w), float32(r.h), fill, false)
		vector.StrokeRect(dst, x, y, float32(r.w), float32(r.h), 1.5, ringEdge, false)
		f.draw(dst, f.elide(f.bold, rb.phase.String(), r.w-20), r.x+10, r.y+6, ink, true)
		f.draw(dst, f.elide(f.regular, ringCaption(rb.phase, ns), r.w-20), r.x+10, r.y+6+lineH+2, ink, false)
	}
	drawRingCentre(dst, f, fr, ns, centre)
}

// ringPlaces places the ring's boxes (in ringBoxes' order) and its centre in the page area
// a: as seed 002 draws it in an 800×600 area (ringBoxes), centred in a larger one; in a
// smaller one the side columns move in (the boxes narrow to 120 px at least) and the rows
// closer, the text keeping its size.
func ringPlaces(a rect) (boxes [len(ringBoxes)]rect, centre rect) {
	const centreW, centreH = 264, 134
	cx := a.x + a.w/2
	bw := max(120, min(170, (a.w-16-centreW-24)/2))
	leftX, rightX := max(a.x+8, cx-325), min(a.x+a.w-8-bw, cx+155)
	y := func(dy int) int { // a design row's y
		if a.h >= 600 {
			return a.y + dy + (a.h-600)/2
		}
		return a.y + 50 + (dy-70)*(a.h-106)/390
	}
	for i, rb := range ringBoxes {
		x := cx - bw/2
		switch {
		case rb.r.x < 300:
			x = leftX
		case rb.r.x > 500:
			x = rightX
		}
		boxes[i] = rect{x, y(rb.r.y), bw, rb.r.h}
	}
	mid := (y(70)+y(460)+48)/2 - 17
	return boxes, rect{cx - centreW/2, mid - centreH/2, centreW, centreH}
}

// ringState is the line under the title: where the loop is.
func ringState(phase page.NodePhase, exited bool, status int, st page.StepState) string {
	switch {
	case exited:
		return fmt.Sprintf("the process has exited (status %d): nothing keeps the loop alive · R runs it again, Space steps it from the start", status)
	case phase == page.PhaseNone && st.Parked:
		return "paused outside the phases (the main module, or 'beforeExit' / 'exit' at the end) · 3 steps a phase"
	case phase == page.PhaseNone:
		return "outside the phases: the main module, or 'beforeExit' / 'exit' at the end"
	case st.Parked:
		return "paused in the " + phase.String() + " phase · 3 runs to the end of the next phase, 1 a callback"
	}
	return "in the " + phase.String() + " phase"
}

// drawRingArrow draws the arc from box a to box b as a line between their edges, with a head.
func drawRingArrow(dst *ebiten.Image, a, b rect) {
	ax, ay := float32(a.x+a.w/2), float32(a.y+a.h/2)
	bx, by := float32(b.x+b.w/2), float32(b.y+b.h/2)
	// Start and end where the line leaves and enters the boxes (clip to their half-sizes).
	shrink := func(x, y, tx, ty float32, r rect) (float32, float32) {
		dx, dy := tx-x, ty-y
		t := float32(math.Min(float64(float32(r.w/2+6)/float32(math.Abs(float64(dx))+1e-6)), float64(float32(r.h/2+6)/float32(math.Abs(float64(dy))+1e-6))))
		return x + dx*t, y + dy*t
	}
	sx, sy := shrink(ax, ay, bx, by, a)
	ex, ey := shrink(bx, by, ax, ay, b)
	vector.StrokeLine(dst, sx, sy, ex, ey, 2, ringArrow, false)
	dx, dy := ex-sx, ey-sy
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	// The head: two strokes back from the end.
	vector.StrokeLine(dst, ex, ey, ex-10*ux-5*uy, ey-10*uy+5*ux, 2, ringArrow, false)
	vector.StrokeLine(dst, ex, ey, ex-10*ux+5*uy, ey-10*uy-5*ux, 2, ringArrow, false)
}

// drawRingCentre is the middle of the ring: after every callback, the nextTick queue, then
// the microtasks, until both are empty.
func drawRingCentre(dst *ebiten.Image, f *fonts, fr *frame, ns *page.NodeSnapshot, cr rect) {
	x, y, w, h := cr.x, cr.y, cr.w, cr.h
	vector.DrawFilledRect(dst, float32(x), float32(y), float32(w), float32(h), ringCentre, false)
	vector.StrokeRect(dst, float32(x), float32(y), float32(w), float32(h), 1, ringEdge, false)
	f.draw(dst, "between any two callbacks:", x+10, y+8, ringInk, true)
	f.draw(dst, "1. the whole process.nextTick queue", x+10, y+8+lineH+4, ringInk, false)
	f.draw(dst, "2. the microtasks (promise jobs)", x+10, y+8+2*lineH+4, ringInk, false)
	f.draw(dst, "…again until both are empty", x+10, y+8+3*lineH+4, ringDim, false)
	ticks, micro := 0, 0
	if ns != nil {
		ticks = ns.NextTicks
	}
	if fr.snap != nil {
		micro = len(fr.snap.Boxes.Microtasks)
	}
	c := ringDim
	if ticks+micro > 0 {
		c = ringTicks
	}
	f.draw(dst, fmt.Sprintf("waiting now: %s, %s", plural(ticks, "tick"), plural(micro, "microtask")), x+10, y+8+5*lineH, c, true)
}
