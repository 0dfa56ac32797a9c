package window

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/loop"
)

// queuesView is the event loop as Jake Archibald draws it, live: the task queues by source,
// the microtask queue as far as the loop can see it, the JS stack, the animation frame and
// idle callback lists, and the console log. It shows only what the loop knows: goja keeps
// its promise job queue private, and the loop stops only between callbacks, so it never
// shows a queue it would have to guess.
type queuesView struct{}

func (q *queuesView) draw(screen *ebiten.Image, f *fonts, snap *loop.Snapshot, st *loop.Stepper, con *paneConsole, now float64) {
	x0, y0 := pageW, barH+tabH
	vector.DrawFilledRect(screen, float32(x0), float32(y0), paneW, pageH-tabH, paneBG, false)
	x, y := x0+8, y0+6
	heading := func(s string) {
		f.draw(screen, s, x, y, paneHeading, true)
		y += lineH + 1
	}
	text := func(s string, c color.Color) {
		f.draw(screen, clip(s, 72), x+10, y, c, false)
		y += lineH
	}
	box := func(items []string, total int, empty string) {
		if total == 0 {
			text(empty, paneDim)
			return
		}
		s := strings.Join(items, "  ·  ")
		if total > len(items) {
			s += fmt.Sprintf("  · … (%d in all)", total)
		}
		text(s, paneText)
	}
	if snap == nil || st == nil {
		text("waiting for the page's loop…", paneDim)
		return
	}
	// What runs now: live while the page runs, the parked position while paused.
	live := st.Live()
	heading("JS stack")
	switch {
	case st.Parked():
		text(fmt.Sprintf("empty: paused at %.2f ms (the loop stops only between callbacks)", snap.Now), paneDim)
	case live.Task != "" && live.Callback != "":
		text("task "+live.Task+" → "+live.Callback, paneText)
	case live.Task != "":
		text(fmt.Sprintf("task %q (%s) is running", live.Task, live.Source), paneText)
	default:
		text("empty between tasks", paneDim)
	}
	heading("Microtasks")
	text("goja keeps its promise job queue private: it cannot be listed.", paneDim)
	text(fmt.Sprintf("Host microtasks queued so far: %d (queueMicrotask, MutationObserver).", snap.HostMicrotasks), paneDim)
	text("Each checkpoint shows in the timeline as it runs (orange).", paneDim)
	heading("Task queues (user interaction first, then the oldest task)")
	for _, qv := range snap.Queues {
		items := qv.Tasks
		if qv.Len == 0 && qv.Source != loop.SourceUserInteraction && qv.Source != loop.SourceTimer && qv.Source != loop.SourceDOMManipulation {
			continue
		}
		f.drawMono(screen, fmt.Sprintf("%-16s %2d", qv.Source.String(), qv.Len), x+10, y, paneDim)
		s := strings.Join(items, " · ")
		if qv.Len > len(items) {
			s += " …"
		}
		f.draw(screen, clip(s, 46), x+170, y, paneText, false)
		y += lineH
	}
	heading("Timers (each becomes a timer task when due)")
	var ts []string
	for _, t := range snap.Timers {
		ts = append(ts, fmt.Sprintf("#%d %s in %.0f ms", t.ID, t.Name, t.Due-snap.Now))
	}
	box(ts, len(snap.Timers), "none")
	heading("Animation frame callbacks (run at the next rendering update)")
	box(snap.AnimationFrames, len(snap.AnimationFrames), "none")
	heading("Idle callbacks")
	if snap.IdleKnown {
		box(snap.IdleCallbacks, len(snap.IdleCallbacks), "none")
	} else {
		text("not listed by the idle scheduler (see idle periods in the timeline)", paneDim)
	}
	heading("Log")
	rest := (barH + pageH - y - 4) / lineH
	for _, ln := range con.tail(max(rest, 0)) {
		c := paneText
		if ln.err {
			c = paneErr
		}
		text(ln.text, c)
	}
}
