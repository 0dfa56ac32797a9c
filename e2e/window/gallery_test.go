//go:build !headless

package window

import (
	"fmt"
	"image/color"
	"os/exec"
	"regexp"
	"testing"
	"time"

	"loopscope/demos"
)

// Gallery geometry (window/gallery.go): rows start below the bar and the filter line.
const galleryTop, galleryRowH = barOffset + 34, 22

// galleryPick is the colour of the selected row.
var galleryPick = color.RGBA{0xd6, 0xe4, 0xff, 0xff}

// galleryRow is the row (group headers included) of a demo in the unfiltered gallery.
func galleryRow(t *testing.T, name string) int {
	list, _ := demos.All()
	row := 0
	for _, g := range demos.Lessons(list) {
		row++ // the header
		for _, d := range g.Demos {
			if d.Name == name {
				return row
			}
			row++
		}
	}
	t.Fatalf("no demo %s", name)
	return 0
}

// lessonOrder is the demos in the gallery's order.
func lessonOrder(list []demos.Demo) []demos.Demo {
	var out []demos.Demo
	for _, g := range demos.Lessons(list) {
		out = append(out, g.Demos...)
	}
	return out
}

// expectLines reads the next stdout lines and compares them with want, line by line.
func (w *windowRun) expectLines(t *testing.T, what string, want ...string) {
	t.Helper()
	for i, line := range want {
		if got := w.waitLine(t, regexp.MustCompile(".*"), 30*time.Second)[0]; got != line {
			t.Fatalf("%s: line %d is %q, want %q (of %q)", what, i+1, got, line, want)
		}
	}
}

var (
	syntheticOrder = []string{"click", "click", "promise", "mutate", "promise", "timeout", "timeout"}
	realOrder      = []string{"click", "promise", "mutate", "click", "promise", "mutate", "timeout", "timeout"}
)

// TestWindowGalleryFilterAndClick, with real keys and clicks: the gallery opens on the first
// lesson (its first demo row selected); typing filters it and Enter opens the bossfight; back
// in the gallery, Esc clears the filter, and a click on the bossfight's row, right where the
// demo's inner square will be drawn, opens it without reaching the page: the synthetic click
// that follows prints exactly the synthetic order, with no real-click lines before it; a real
// click then prints the real order.
func TestWindowGalleryFilterAndClick(t *testing.T) {
	needDisplay(t)
	w := startWindow(t)
	x0, y0 := windowOrigin(t)
	rowCentre := func(row int) int { return y0 + galleryTop + row*galleryRowH + galleryRowH/2 }
	waitForPixel(t, x0+600, rowCentre(1), galleryPick, time.Minute) // the first lesson's first demo
	windowShot(t, x0, y0, "gallery")
	// Without a window manager, X sends keys to the window under the pointer: below the rows.
	if out, err := exec.Command("xdotool", "mousemove", fmt.Sprint(x0+600), fmt.Sprint(y0+windowH-20)).CombinedOutput(); err != nil {
		t.Fatalf("xdotool mousemove: %v %s", err, out)
	}
	// Typed one key at a time, each held for a slow frame to see (holdKeys).
	holdKeys(t, "b", "o", "s", "s", "f", "i", "g", "h", "t", "shift+minus", "r", "e", "a", "l")
	// Filtered to one demo: its row is selected and the row after it is empty.
	waitForPixel(t, x0+600, rowCentre(2), color.RGBA{0xf3, 0xf3, 0xf3, 0xff}, 30*time.Second)
	waitForPixel(t, x0+600, rowCentre(1), galleryPick, time.Minute)
	key(t, "Return")
	runPrediction(t, x0, y0)
	cx, cy := innerSquareCentre(t)
	sx, sy := x0+int(cx), y0+barOffset+int(cy)
	waitForPixel(t, sx, sy, color.RGBA{0xad, 0xad, 0xad, 0xff}, time.Minute)
	key(t, "s")
	w.expectLines(t, "the filtered demo, synthetic click", syntheticOrder...)

	key(t, "Escape") // to the gallery
	waitForPixel(t, x0+600, rowCentre(1), galleryPick, 30*time.Second)
	key(t, "Escape")                             // clears the filter
	row := galleryRow(t, "bossfight_real_click") // still selected: the filter kept it
	waitForPixel(t, x0+600, rowCentre(row), galleryPick, 30*time.Second)
	if y := rowCentre(row); y < sy-90 || y > sy+90 {
		t.Fatalf("the bossfight's row (y %d) is not over the demo's inner square (y %d): the test cannot tell", y, sy)
	}
	osClick(t, sx, rowCentre(row))
	runPrediction(t, x0, y0)
	waitForPixel(t, sx, sy, color.RGBA{0xad, 0xad, 0xad, 0xff}, time.Minute)
	key(t, "s")
	w.expectLines(t, "opened by a click, then a synthetic click", syntheticOrder...)
	osClick(t, sx, sy)
	w.expectLines(t, "a real click", realOrder...)
}

// runPrediction waits for a demo opened from the gallery to show its prediction (paused
// before its first task) and runs it with Enter. Enter is pressed again while the prediction
// is still on screen 10 s later: on a loaded machine a key pressed while the pointer had just
// moved was lost now and then (Enter does nothing once the demo runs, so pressing it again
// cannot change what the test sees).
func runPrediction(t *testing.T, x0, y0 int) {
	t.Helper()
	px, py, panel := x0+predictX+300, y0+predictTop+8, color.RGBA{0x33, 0x44, 0x66, 0xff}
	waitForPixel(t, px, py, panel, 2*time.Minute)
	pointerForKeys(t, x0, y0)
	for try := 0; ; try++ {
		holdKeys(t, "Return")
		deadline := time.Now().Add(10 * time.Second)
		for pixelIs(t, px, py, panel) {
			if time.Now().After(deadline) {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		if !pixelIs(t, px, py, panel) {
			return
		}
		if try == 5 {
			t.Fatalf("the prediction is still on screen after Enter was pressed %d times", try+1)
		}
	}
}
