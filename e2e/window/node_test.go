//go:build !headless

package window

import (
	"image/color"
	"os/exec"
	"regexp"
	"slices"
	"testing"
	"time"
)

// The phase ring's geometry and colours (window/nodering.go): the top-left inside corner of
// each phase's box, in page coordinates, and the lit and unlit fills.
var (
	ringTimers  = [2]int{315 + 6, 70 + 6}
	ringPending = [2]int{555 + 6, 185 + 6}
	ringCheck   = [2]int{75 + 6, 345 + 6}
	ringLit     = color.RGBA{0xef, 0x8a, 0x17, 0xff}
	ringIdle    = color.RGBA{0xe4, 0xe7, 0xef, 0xff}
)

// TestWindowNodeRing (issue 16): seed 002's Node demo from the gallery, marked as Node, runs
// under Node's model after the prediction (its console is node 20's order); Space opens it
// again paused before its main module; queue-or-log steps (5) stop after setTimeout,
// setImmediate and process.nextTick and the queues view lists each; phase steps (3) light
// the timers phase, then the next one, in the ring in the page area.
func TestWindowNodeRing(t *testing.T) {
	needDisplay(t)
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1")
	w := startWindow(t)
	x0, y0 := windowOrigin(t)
	page := func(p [2]int) (int, int) { return x0 + p[0], y0 + barOffset + p[1] }
	rowCentre := func(row int) int { return y0 + galleryTop + row*galleryRowH + galleryRowH/2 }
	waitForPixel(t, x0+600, rowCentre(1), galleryPick, time.Minute)
	pointerForKeys(t, x0, y0)
	if out, err := exec.Command("xdotool", "type", "--delay", "150", "seed002_nexttick").CombinedOutput(); err != nil {
		t.Fatalf("xdotool type: %v %s", err, out)
	}
	// Filtered to one demo, marked as Node (the badge at the row's right end).
	waitForPixel(t, x0+600, rowCentre(2), color.RGBA{0xf3, 0xf3, 0xf3, 0xff}, 30*time.Second)
	waitForPixel(t, x0+760-52+3, rowCentre(1)-6, color.RGBA{0x2e, 0x7d, 0x32, 0xff}, 10*time.Second)
	holdKeys(t, "Return")
	runPrediction(t, x0, y0) // it opens paused on its prediction; Enter runs it
	// In real time the timeout against the immediate is node's main-module race (both orders
	// are node's: tools/node recorded both for the bare race); the tick always comes first.
	w.expectLines(t, "seed002_nexttick_bar", "bar 1")
	w.expectEither(t, "seed002_nexttick_bar", []string{"setTimeout", "setImmediate"}, []string{"setImmediate", "setTimeout"})

	holdKeys(t, "space", "q") // again from the start, paused; the queues view
	x, y := page(ringTimers)
	waitForPixel(t, x, y, ringIdle, 30*time.Second) // no phase lit: before the main module
	// Each step waits for the state it leads to: a key pressed before the window has drawn
	// a frame with the previous one released would not be seen as pressed again.
	dump := func(re string) { w.waitErrLine(t, regexp.MustCompile(re), 30*time.Second) }
	// A queue-or-log step, after setTimeout. The first step is pressed again if it shows
	// nothing in 30 s: a 5 pressed while the page was still opening again was lost at a load
	// of 10.
	w.pressUntilLine(t, "5", regexp.MustCompile(`^node: phase= ticks\[\] M\[\] timers\[\(anonymous\)\] immediates\[\] io=0/0$`))
	holdKeys(t, "5") // after setImmediate
	dump(`^node: phase= ticks\[\] M\[\] timers\[\(anonymous\)\] immediates\[\(anonymous\)\] io=0/0$`)
	holdKeys(t, "5") // after process.nextTick: the callback waits in the nextTick queue
	dump(`^node: phase= ticks\[\(anonymous\)\] M\[\] timers\[\(anonymous\)\] immediates\[\(anonymous\)\] io=0/0$`)

	holdKeys(t, "3") // to the end of the first timers phase (the tick ran before it)
	dump(`^node: phase=timers ticks\[\] M\[\] timers\[.*\] immediates\[\(anonymous\)\]`)
	waitForPixel(t, x, y, ringLit, 30*time.Second)
	w.expectLines(t, "the tick", "bar 1")
	holdKeys(t, "3") // pending callbacks: the lit phase moves on
	px, py := page(ringPending)
	waitForPixel(t, px, py, ringLit, 30*time.Second)
	waitForPixel(t, x, y, ringIdle, 30*time.Second)
	for _, ph := range []string{"idle,_prepare ", "poll ", `check ticks\[\] M\[\] timers\[.*\] immediates\[\]`} {
		holdKeys(t, "3")
		dump(`^node: phase=` + ph) // at the end of check, the immediate has run
	}
	cx, cy := page(ringCheck)
	waitForPixel(t, cx, cy, ringLit, 30*time.Second)
	holdKeys(t, "space") // run to the end
	w.expectEither(t, "stepped", []string{"setTimeout", "setImmediate"}, []string{"setImmediate", "setTimeout"})
}

// expectEither reads the next len(a) stdout lines and compares them with a and with b.
func (w *windowRun) expectEither(t *testing.T, what string, a, b []string) {
	t.Helper()
	var got []string
	for range a {
		got = append(got, w.waitLine(t, regexp.MustCompile(".*"), 30*time.Second)[0])
	}
	if !slices.Equal(got, a) && !slices.Equal(got, b) {
		t.Fatalf("%s: printed %q, want %q or %q", what, got, a, b)
	}
}
