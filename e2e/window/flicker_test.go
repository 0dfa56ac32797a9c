//go:build !headless

package window

import (
	"image"
	"image/color"
	"regexp"
	"testing"
	"time"
)

// TestWindowLegacyRafFlashIsPresented (issue 25, item 13): at full speed, the one frame in
// which legacy-raf paints rAF_compatibility's red square (the old Safari/Edge flicker) is
// presented: the filmstrip, which keeps the frames the window presented, has it. (The
// window used to present only the newest frame at each Draw: under Xvfb, which presents at
// 30 fps while the page paints at 60 Hz, the flash was skipped: "+2 unseen".)
func TestWindowLegacyRafFlashIsPresented(t *testing.T) {
	needDisplay(t)
	w := startWindow(t, "-mode", "legacy-raf", "rAF_compatibility")
	w.waitLine(t, regexp.MustCompile(`^rAF: red square hidden$`), 20*time.Second)
	x0, y0 := windowOrigin(t)
	time.Sleep(time.Second)
	key(t, "f")
	paneRect := image.Rect(800, barOffset+22, windowW, barOffset+600)
	red := color.RGBA{0xe0, 0x20, 0x20, 0xff}
	img := waitShot(t, x0, y0, "flash-filmstrip", 30*time.Second, func(img *image.RGBA) bool { return countColor(img, paneRect, red, 40) >= 200 })
	if n := countColor(img, paneRect, red, 40); n < 200 {
		t.Errorf("no presented frame in the filmstrip shows the red square (%d red px)", n)
	}
}
