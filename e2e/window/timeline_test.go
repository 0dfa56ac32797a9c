//go:build !headless

package window

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// TestWindowTimelineJumpToClick (issue 25, item 11): after a real click, T and then J show
// the click on the timeline: zoomed in with the click in the middle, marked in cyan (a
// click's task is a fraction of a pixel at a frame a row).
func TestWindowTimelineJumpToClick(t *testing.T) {
	needDisplay(t)
	pg := filepath.Join(t.TempDir(), "click.html")
	os.WriteFile(pg, []byte(`<!doctype html><body style="margin:0">
<div style="width:800px;height:600px;background:#eee"></div>
<script>
document.addEventListener('click', function onClick() { console.log('clicked') });
setInterval(function tick() {}, 100);
</script>`), 0o644)
	w := startWindow(t, pg)
	x0, y0 := windowOrigin(t)
	time.Sleep(1500 * time.Millisecond)
	osClick(t, x0+400, y0+barOffset+300)
	w.waitLine(t, regexp.MustCompile(`^clicked$`), 10*time.Second)
	time.Sleep(2 * time.Second) // the click scrolls up the live timeline
	key(t, "t", "j")
	grid := image.Rect(800+60, barOffset+22+56, windowW, barOffset+22+56+464)
	cyan := color.RGBA{0x20, 0xd8, 0xff, 0xff}
	img := waitShot(t, x0, y0, "timeline-jump", 30*time.Second, func(img *image.RGBA) bool { return countColor(img, grid, cyan, 8) >= 30 })
	if n := countColor(img, grid, cyan, 8); n < 30 {
		t.Errorf("after J, the click's mark is not on the timeline (%d cyan px)", n)
	}
}
