//go:build !headless

package window

import (
	"image"
	"image/color"
	"regexp"
	"testing"
	"time"
)

// Hostile pages in the window: the watchdog's stops reach the window and its HUD, and a page
// whose realm breaks is reloaded once; the window stays open.

// TestWindowMaxHeap: -max-heap reaches the window's page. A runaway allocation is stopped
// at the given limit (not the 1 GiB default), the page's next script and a timer queued
// before the trouble still run, and the window stays open.
func TestWindowMaxHeap(t *testing.T) {
	needDisplay(t)
	w := startWindow(t, "-max-heap", "64MiB", "testdata/hostile/runaway_alloc.html")
	w.waitErrLine(t, regexp.MustCompile(`^Script stopped: .* past the 64 MiB limit \(-max-heap\)`), time.Minute)
	w.waitLine(t, regexp.MustCompile(`^the next script runs$`), 30*time.Second)
	w.waitLine(t, regexp.MustCompile(`^timer queued before$`), 30*time.Second)
	if w.cmd.ProcessState != nil {
		t.Fatalf("the window exited: %v", w.cmd.ProcessState)
	}
}

// TestWindowScriptStoppedInHUD: a script the watchdog stops is shown in the HUD (in red:
// "script stopped after 1s (-script-timeout)" and the task), as well as in the console.
func TestWindowScriptStoppedInHUD(t *testing.T) {
	needDisplay(t)
	w := startWindow(t, "-script-timeout", "1s", "testdata/hostile/endless_loop.html")
	x0, y0 := windowOrigin(t)
	w.waitErrLine(t, regexp.MustCompile(`^Script stopped: task "script endless_loop.html" ran for more than 1s`), time.Minute)
	w.waitLine(t, regexp.MustCompile(`^timer queued before$`), 30*time.Second)
	hudRect := image.Rect(800-338, barOffset+600-8-250, 800-8, barOffset+600-8) // its bottom right corner
	stopRed := color.RGBA{0xff, 0x60, 0x60, 0xff}
	if n := countColor(windowShot(t, x0, y0, "tmp-nohud"), hudRect, stopRed, 10); n > 0 {
		t.Errorf("red text before the HUD is open (%d px)", n)
	}
	key(t, "h")
	img := waitShot(t, x0, y0, "hud-stopped", time.Minute, func(img *image.RGBA) bool { return countColor(img, hudRect, stopRed, 10) >= 40 })
	if n := countColor(img, hudRect, stopRed, 10); n < 40 {
		t.Errorf("the HUD does not show the stopped script in red (%d px)", n)
	}
}

// TestWindowReloadsBrokenPage: a page whose realm cannot go on (it keeps more than -max-heap
// reachable) is reloaded in a fresh realm, once, with a line saying so; when the reloaded
// page breaks again it stays stopped, and the window stays open.
func TestWindowReloadsBrokenPage(t *testing.T) {
	needDisplay(t)
	// A script timeout far past the heap stop: on a loaded machine the page once took more
	// than the default 5 s to allocate 64 MiB and was stopped by the clock instead.
	w := startWindow(t, "-max-heap", "64MiB", "-script-timeout", "2m", "testdata/hostile/retained_heap.html")
	w.waitLine(t, regexp.MustCompile(`^page starts$`), 3*time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^Script stopped: .*The page still keeps .* the page stops here`), 3*time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^loopscope: the page's JS realm was left unusable: the page was reloaded in a fresh realm$`), 30*time.Second)
	w.waitLine(t, regexp.MustCompile(`^page starts$`), 3*time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^Script stopped: .*the page stops here`), 3*time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^loopscope: the reloaded page broke its realm again: it stays stopped`), 30*time.Second)
	if w.cmd.ProcessState != nil {
		t.Fatalf("the window exited: %v", w.cmd.ProcessState)
	}
}
