package window

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/page"
)

// A page's dedicated workers in the queues view: each worker is an event loop of its own
// (seed 001: loops talk only through messages), so it gets its own Tasks and Microtasks
// boxes and its own JS stack, under the window's. Pausing and stepping drive the window's
// loop only: a worker's boxes keep moving while the window is paused (DESIGN.md, Threads).

// workerRows is how many items a worker's boxes list.
const workerRows = 2

// workers draws each running worker's boxes from y on and returns the y below them.
func (q *queuesView) workers(screen *ebiten.Image, f *fonts, y int, ws []page.WorkerSnapshot, now float64) int {
	x0 := q.pane.x
	left, right := x0+qPad, x0+2*qPad+q.colW
	for _, w := range ws {
		if y+2*lineH > q.pane.y+q.pane.h-4*lineH {
			f.draw(screen, fmt.Sprintf("+%d more workers", len(ws)), left, y, paneDim, false)
			return y + lineH
		}
		b := &w.Snap.Boxes
		q.dumpWorker(w.Name, b)
		micro := "Microtasks"
		if !b.Tracked {
			micro += " (not tracked)"
		}
		h := q.box(screen, f, left, y, "worker "+w.Name+" · Tasks", b.Tasks, workerRows, now, time.Time{})
		q.box(screen, f, right, y, "worker "+w.Name+" · "+micro, b.Microtasks, workerRows, now, time.Time{})
		y += h + 2
		stack := "empty"
		if len(b.Stack) > 0 {
			stack = strings.Join(page.FrameNames(b.Stack), " < ")
		}
		f.draw(screen, f.elide(f.regular, "JS stack: "+stack, q.pane.w-2*qPad), left, y, paneText, false)
		y += lineH + qPad
	}
	return y
}

// dumpWorker writes each new state of a worker's boxes to stderr with LOOPSCOPE_QUEUES_DUMP
// set, as dumpBoxes does for the window's: "worker NAME: T[…] M[…] S[…]".
func (q *queuesView) dumpWorker(name string, b *page.Boxes) {
	if q.dump != 2 {
		return
	}
	list := func(names []string) string { return "[" + strings.Join(names, ", ") + "]" }
	s := "T" + list(page.Names(b.Tasks)) + " M" + list(page.Names(b.Microtasks)) + " S" + list(page.FrameNames(b.Stack))
	if q.dumpedWork == nil {
		q.dumpedWork = map[string]string{}
	}
	if q.dumpedWork[name] != s {
		q.dumpedWork[name] = s
		fmt.Fprintln(os.Stderr, "worker "+name+": "+s)
	}
}
