//go:build !headless

package window

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// The instruments in the window: HUD, timeline, filmstrip, queues view and step mode, toggled
// with real key presses and checked on the screen's pixels.

// instrumentsPage keeps every instrument busy: a box moved by rAF, an interval with a little
// work and a promise, idle callbacks, and a long task every 1.5 s.
const instrumentsPage = `<!doctype html>
<body style="margin:0; font-family: sans-serif">
<h2 style="margin:16px">Instruments</h2>
<div id="box" style="position:absolute; left:20px; top:120px; width:120px; height:120px; background:#3a7bd5"></div>
<script>
const box = document.getElementById('box');
function move(t) { box.style.left = (20 + (t / 4) % 600) + 'px'; requestAnimationFrame(move); }
requestAnimationFrame(move);
let n = 0;
setInterval(function work() {
  const s = performance.now(); while (performance.now() - s < 2) {}
  Promise.resolve().then(function afterWork() { n++ });
  if (n % 40 === 39) { const s2 = performance.now(); while (performance.now() - s2 < 60) {} }
}, 50);
function idle(d) { const s = performance.now(); while (performance.now() - s < 2 && d.timeRemaining() > 1) {} requestIdleCallback(idle); }
requestIdleCallback(idle);
document.addEventListener('click', function onClick() { console.log('clicked', n) });
</script>`

// TestWindowInstruments (issue 7): the HUD, the queues view, the timeline and the filmstrip
// toggle with their keys and draw what the loop does; step mode pauses the page.
func TestWindowInstruments(t *testing.T) {
	needDisplay(t)
	pg := filepath.Join(t.TempDir(), "instruments.html")
	os.WriteFile(pg, []byte(instrumentsPage), 0o644)
	w := startWindow(t, pg)
	x0, y0 := windowOrigin(t)
	time.Sleep(2500 * time.Millisecond)
	osClick(t, x0+400, y0+barOffset+450)
	w.waitLine(t, regexp.MustCompile(`^clicked \d+$`), 10*time.Second)
	paneRect := image.Rect(800, barOffset+22, windowW, barOffset+600)
	hudRect := image.Rect(800-338, barOffset+600-8-204, 800-8, barOffset+600-8) // its bottom right corner
	hudBG := color.RGBA{0x2d, 0x2f, 0x36, 0xff}                                 // the HUD's translucent background over white

	before := windowShot(t, x0, y0, "tmp-before")
	if n := countColor(before, hudRect, hudBG, 6); n > 1000 {
		t.Errorf("the HUD's background is there before H (%d px)", n)
	}
	key(t, "h")
	img := waitShot(t, x0, y0, "hud", time.Minute, func(img *image.RGBA) bool { return countColor(img, hudRect, hudBG, 12) >= 20000 })
	if n := countColor(img, hudRect, hudBG, 12); n < 20000 {
		t.Errorf("H: the HUD is not drawn (%d px of its background)", n)
	}
	key(t, "t")
	spanColours := []struct {
		name string
		c    color.RGBA
	}{{"scripting (yellow)", color.RGBA{0xf2, 0xc7, 0x44, 0xff}}, {"paint (green)", color.RGBA{0x5c, 0xb8, 0x5c, 0xff}}, {"style/layout (purple)", color.RGBA{0x8e, 0x6c, 0xe0, 0xff}}, {"vsync (blue)", color.RGBA{0x4d, 0xa3, 0xff, 0xff}}}
	grid := image.Rect(800+60, barOffset+22+56, windowW, barOffset+22+56+464) // tlHeader, tlGridH
	img = waitShot(t, x0, y0, "timeline", time.Minute, func(img *image.RGBA) bool {
		for _, c := range spanColours {
			if countColor(img, grid, c.c, 4) < 20 {
				return false
			}
		}
		return true
	})
	for _, c := range spanColours {
		if n := countColor(img, grid, c.c, 4); n < 20 {
			t.Errorf("T: the timeline shows no %s spans (%d px)", c.name, n)
		}
	}
	key(t, "f")
	img = waitShot(t, x0, y0, "filmstrip", time.Minute, func(img *image.RGBA) bool {
		return countColor(img, paneRect, color.RGBA{0x3a, 0x7b, 0xd5, 0xff}, 40) >= 200
	})
	if n := countColor(img, paneRect, color.RGBA{0x3a, 0x7b, 0xd5, 0xff}, 40); n < 200 {
		t.Errorf("F: no thumbnails of the page's blue box in the filmstrip (%d px)", n)
	}
	key(t, "q", "space")
	barRect := image.Rect(500, 0, 1000, barOffset)
	img = waitShot(t, x0, y0, "queues", time.Minute, func(img *image.RGBA) bool {
		return countColor(img, paneRect, color.RGBA{0x8c, 0xb4, 0xff, 0xff}, 10) >= 300 && countColor(img, barRect, color.RGBA{0xff, 0xd0, 0x60, 0xff}, 10) >= 50
	})
	if n := countColor(img, paneRect, color.RGBA{0x8c, 0xb4, 0xff, 0xff}, 10); n < 300 {
		t.Errorf("Q: the queues view's headings are not drawn (%d px)", n)
	}
	// Paused: the bar says so in amber, and the page's box stops moving.
	if n := countColor(img, barRect, color.RGBA{0xff, 0xd0, 0x60, 0xff}, 10); n < 50 {
		t.Errorf("Space: the bar does not show the paused state (%d amber px)", n)
	}
	// Paused, the page stops changing: two screenshots 400 ms apart are the same (the frame
	// that was on its way when the pause came may still be presented first).
	pageRect := image.Rect(0, barOffset, 800, barOffset+600)
	var a, b *image.RGBA
	for deadline := time.Now().Add(time.Minute); ; {
		a = windowShot(t, x0, y0, "tmp-paused-a")
		time.Sleep(400 * time.Millisecond)
		b = windowShot(t, x0, y0, "tmp-paused-b")
		if diffPixels(a, b, pageRect, hudRect) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if n := diffPixels(a, b, pageRect, hudRect); n > 0 {
		t.Errorf("paused: the page still changes (%d pixels differ)", n)
	}
	key(t, "3", "3", "3") // three frames: the box moves by three frames' worth
	c := waitShot(t, x0, y0, "tmp-paused-c", time.Minute, func(c *image.RGBA) bool { return diffPixels(b, c, pageRect, hudRect) > 0 })
	if n := diffPixels(b, c, pageRect, hudRect); n == 0 {
		t.Errorf("stepping three frames: the page did not change")
	}
	key(t, "space", "c")
	if os.Getenv("LOOPSCOPE_UPDATE_DOCS") != "" {
		for _, n := range []string{"tmp-before", "tmp-paused-a", "tmp-paused-b", "tmp-paused-c"} {
			os.Remove(filepath.Join(repoRoot(t), "docs", n+".png"))
		}
	}
}

// TestWindowQueuesBossfight (issue 13): paused, a real OS click on the bossfight's inner
// square, then one queue-or-log call at a time (key 5): the queues view's model reaches the
// first listener after its setAttribute (Microtasks: Promise then, Mutation observers; JS
// stack: onClick), then the stop between the two listeners (the same microtasks queued, the
// stack empty), and the page then prints what Chrome prints.
func TestWindowQueuesBossfight(t *testing.T) {
	needDisplay(t)
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1")
	w := startWindow(t, "bossfight_real_click")
	x0, y0 := windowOrigin(t)
	cx, cy := innerSquareCentre(t)
	sx, sy := x0+int(cx), y0+barOffset+int(cy)
	waitForPixel(t, sx, sy, color.RGBA{0xad, 0xad, 0xad, 0xff}, 20*time.Second)
	// Without a window manager, X sends keys to the window under the pointer.
	if out, err := exec.Command("xdotool", "mousemove", fmt.Sprint(sx), fmt.Sprint(sy)).CombinedOutput(); err != nil {
		t.Fatalf("xdotool mousemove: %v %s", err, out)
	}
	key(t, "q", "space")
	w.waitErrLine(t, regexp.MustCompile(`^queues: T\[\] M\[\] S\[\]`), 10*time.Second)
	osClick(t, sx, sy)
	w.waitErrLine(t, regexp.MustCompile(`^queues: T\[Dispatch mousedown, Dispatch click\]`), 10*time.Second)
	inListener := regexp.MustCompile(`^queues: T\[Dispatch click, setTimeout callback\] M\[Promise then, Mutation observers\] S\[onClick\]`)
	between := regexp.MustCompile(`^queues: T\[Dispatch click, setTimeout callback\] M\[Promise then, Mutation observers\] S\[\] L\[click\]$`)
	// One step at a time, each given 5 s to be drawn: the dump shows drawn states only, and
	// two steps between two frames skip one (as they did at a load of 10 when each step had
	// 2 s). A step that changes nothing drawn dumps nothing, so the wait cannot be for a line.
	stepUntil := func(re *regexp.Regexp, what string) {
		t.Helper()
		for i := 0; i < 30; i++ {
			key(t, "5")
			deadline := time.After(5 * time.Second)
		read:
			for {
				select {
				case ln := <-w.errLines:
					if re.MatchString(ln) {
						return
					}
				case <-deadline:
					break read
				}
			}
		}
		t.Fatalf("30 steps by queue or log call never showed %s", what)
	}
	stepUntil(inListener, "the first listener after setAttribute")
	stepUntil(between, "the stop between the two listeners")
	time.Sleep(300 * time.Millisecond) // the frame that drew the dumped state is presented
	windowShot(t, x0, y0, "queues-bossfight")
	key(t, "space")
	for _, line := range []string{"click", "promise", "mutate", "click", "promise", "mutate", "timeout", "timeout"} {
		w.waitLine(t, regexp.MustCompile("^"+line+"$"), 10*time.Second)
	}
}
