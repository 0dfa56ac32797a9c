package window

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/page"
)

// The queues view of a Node script: Node's queues instead of Jake Archibald's task box —
// the process.nextTick queue beside the microtask queue (the two that drain between any
// two callbacks), the timers (for the timers phase) beside the immediates (for the check
// phase), the JS stack and the log, and the I/O requests for the poll phase. The Node
// queues come from the process (page.NodeSnapshot), the microtasks, stack and log from the
// loop's model (page.Snapshot's Boxes), both taken in one go on the loop's goroutine.

// nodeRows is how many items the Node boxes list.
const nodeRows = 4

func (q *queuesView) drawNode(screen *ebiten.Image, f *fonts, fr *frame) {
	x0, y0 := q.pane.x, q.pane.y
	textW := q.pane.w - 2*qPad
	snap, ns := fr.snap, fr.page.NodeSnapshot()
	if ns == nil {
		f.draw(screen, "waiting for the process's loop…", x0+qPad, y0+6, paneDim, false)
		return
	}
	b := &snap.Boxes
	q.dumpNode(ns, b)
	phase := ns.Phase.String()
	if phase == "" {
		phase = "no phase (main module, beforeExit, exit)"
	}
	status := "running in " + phase + " · Space pauses"
	if fr.steps.Parked {
		status = fmt.Sprintf("paused at %.2f ms in %s · 1 task, 2 callback, 3 phase, 4 microtask, 5 call", snap.Now, phase)
	}
	f.draw(screen, f.elide(f.regular, status, textW), x0+qPad, y0+4, paneDim, false)
	y := y0 + 4 + lineH + 4
	left, right := x0+qPad, x0+2*qPad+q.colW
	ticks := make([]page.BoxItem, len(ns.NextTickNames))
	for i, n := range ns.NextTickNames {
		ticks[i] = page.BoxItem{Name: n}
	}
	h := q.box(screen, f, left, y, fmt.Sprintf("process.nextTick queue (%d)", ns.NextTicks), ticks, nodeRows, snap.Now, time.Time{})
	microTitle := "Microtasks"
	if !b.Tracked {
		microTitle = "Microtasks (not tracked)"
	}
	q.box(screen, f, right, y, microTitle, b.Microtasks, nodeRows, snap.Now, time.Time{})
	y += h + qPad
	timers := make([]page.BoxItem, len(ns.Timers))
	for i, t := range ns.Timers {
		name := t.Name
		if t.Repeat {
			name += " (interval)"
		}
		if !t.Refed {
			name += " (unref)"
		}
		timers[i] = page.BoxItem{Name: name, Timer: true, Due: t.Due}
	}
	h = q.box(screen, f, left, y, "Timers (timers phase)", timers, nodeRows, snap.Now, time.Time{})
	imms := make([]page.BoxItem, len(ns.ImmediateNames))
	for i, n := range ns.ImmediateNames {
		imms[i] = page.BoxItem{Name: n}
	}
	q.box(screen, f, right, y, fmt.Sprintf("Immediates (check phase, %d)", ns.Immediates), imms, nodeRows, snap.Now, time.Time{})
	y += h + qPad
	h = q.stack(screen, f, left, y, b.Stack, y0)
	q.log(screen, f, right, y, b.Log)
	y += h + qPad
	io := fmt.Sprintf("Pending I/O (poll phase): %d running off the loop, %d done and waiting for the poll phase", ns.PendingIO, ns.DoneIO)
	for i, ln := range f.wrapPx(f.regular, io, textW) {
		if i > 0 {
			y += lineH
		}
		f.draw(screen, ln, x0+qPad, y, paneText, false)
	}
	if len(ns.Handles) > 0 {
		// The live handles (servers, sockets): what keeps the loop alive, and what closes
		// in the close-callbacks phase.
		hs := make([]string, len(ns.Handles))
		for i, h := range ns.Handles {
			hs[i] = h.String()
		}
		y += lineH
		f.draw(screen, f.elide(f.regular, "Handles: "+strings.Join(hs, ", "), textW), x0+qPad, y, paneText, false)
	}
	q.code(screen, f, x0+qPad, y+lineH+4, snap) // the script, the line that runs highlighted
}

// dumpNode writes each new state of the Node queues to stderr with LOOPSCOPE_QUEUES_DUMP
// set (as dumpBoxes does for pages), for the window tests:
// "node: phase=check ticks[…] M[…] timers[…] immediates[…] io=0/0".
func (q *queuesView) dumpNode(ns *page.NodeSnapshot, b *page.Boxes) {
	if q.dump == 0 {
		q.dump = 1
		if os.Getenv("LOOPSCOPE_QUEUES_DUMP") != "" {
			q.dump = 2
		}
	}
	if q.dump != 2 {
		return
	}
	list := func(names []string) string { return "[" + strings.Join(names, ", ") + "]" }
	var timers []string
	for _, t := range ns.Timers {
		timers = append(timers, t.Name)
	}
	s := fmt.Sprintf("phase=%s ticks%s M%s timers%s immediates%s io=%d/%d", strings.ReplaceAll(ns.Phase.String(), " ", "_"),
		list(ns.NextTickNames), list(page.Names(b.Microtasks)), list(timers), list(ns.ImmediateNames), ns.PendingIO, ns.DoneIO)
	if s != q.dumped {
		q.dumped = s
		fmt.Fprintln(os.Stderr, "node: "+s)
	}
}
