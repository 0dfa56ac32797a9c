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

// TestWindowTimelineWorkerLane (issue 27): a page whose window stays idle while its worker
// spins 30 ms every 50 ms: T opens the timeline, and the workers' lane shows the worker's
// scripting (yellow) along the rows, where the window itself ran no script.
func TestWindowTimelineWorkerLane(t *testing.T) {
	needDisplay(t)
	pg := filepath.Join(t.TempDir(), "worker.html")
	os.WriteFile(pg, []byte(`<!doctype html><body style="margin:0">
<div style="width:800px;height:600px;background:#eee"></div>
<script>
const w = new Worker(URL.createObjectURL(new Blob([
  'setInterval(function spin() { const t = performance.now(); while (performance.now() - t < 30); }, 50); postMessage("spinning");'])));
w.onmessage = (e) => console.log(e.data);
</script>`), 0o644)
	w := startWindow(t, pg)
	x0, y0 := windowOrigin(t)
	w.waitLine(t, regexp.MustCompile(`^spinning$`), 20*time.Second)
	time.Sleep(1500 * time.Millisecond) // the worker's spins fill the rows
	key(t, "t")
	grid := image.Rect(800+60, barOffset+22+56, windowW, barOffset+22+56+464)
	yellow := color.RGBA{0xf2, 0xc7, 0x44, 0xff}
	img := waitShot(t, x0, y0, "timeline-worker-lane", 30*time.Second, func(img *image.RGBA) bool { return countColor(img, grid, yellow, 8) >= 100 })
	if n := countColor(img, grid, yellow, 8); n < 100 {
		t.Errorf("the timeline shows no worker lane (%d scripting px in the grid)", n)
	}
}

// TestWindowQueuesWorkerBoxes (issue 27): the queues view shows a worker's own boxes under
// the window's: while the worker spins through the first of five messages, the other four
// wait in its Tasks box.
func TestWindowQueuesWorkerBoxes(t *testing.T) {
	needDisplay(t)
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1")
	pg := filepath.Join(t.TempDir(), "worker-queues.html")
	os.WriteFile(pg, []byte(`<!doctype html><body style="margin:0">
<script>
const w = new Worker(URL.createObjectURL(new Blob([
  'onmessage = function spin(e) { const t = performance.now(); while (performance.now() - t < 400); postMessage("spun " + e.data); };'])),
  {name: 'spinner'});
w.onmessage = (e) => console.log(e.data);
addEventListener('click', () => { for (let i = 1; i <= 5; i++) w.postMessage(i); });
</script>`), 0o644)
	w := startWindow(t, pg)
	x0, y0 := windowOrigin(t)
	key(t, "q")
	time.Sleep(time.Second)
	osClick(t, x0+400, y0+barOffset+300)
	w.waitErrLine(t, regexp.MustCompile(`^worker spinner: T\[[^\]]+\]`), 20*time.Second)
	w.waitLine(t, regexp.MustCompile(`^spun 5$`), 20*time.Second)
}
