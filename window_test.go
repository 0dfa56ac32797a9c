//go:build !headless

package main

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"loopscope/demos"
	"loopscope/page"
)

var (
	windowBinOnce sync.Once
	windowBin     string
	windowBinErr  error
)

// buildWindowBinary builds the default (windowed) binary once.
func buildWindowBinary(t *testing.T) string {
	windowBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "loopscope-window")
		if err != nil {
			windowBinErr = err
			return
		}
		windowBin = filepath.Join(dir, "loopscope")
		if out, err := exec.Command("go", "build", "-o", windowBin, ".").CombinedOutput(); err != nil {
			windowBinErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if windowBinErr != nil {
		t.Fatal(windowBinErr)
	}
	return windowBin
}

// needDisplay skips a window test without a display, except in CI, where the test command
// runs under xvfb-run and a missing display is a failure.
func needDisplay(t *testing.T) {
	if os.Getenv("DISPLAY") != "" {
		for _, tool := range []string{"xdotool", "import"} {
			if _, err := exec.LookPath(tool); err != nil {
				t.Fatalf("window tests need %s (./test.sh installs it)", tool)
			}
		}
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no DISPLAY in CI: run the tests through ./test.sh (xvfb-run)")
	}
	t.Skip("no display: run ./test.sh, which uses xvfb-run")
}

// windowRun is a running windowed loopscope whose stdout and stderr are read line by line.
type windowRun struct {
	cmd             *exec.Cmd
	lines, errLines chan string
}

func startWindow(t *testing.T, args ...string) *windowRun {
	cmd := exec.Command(buildWindowBinary(t), args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	errOut, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := &windowRun{cmd: cmd, lines: make(chan string, 100), errLines: make(chan string, 100)}
	go func() { // stdout: every line, in order (a test that waits reads them all)
		s := bufio.NewScanner(out)
		for s.Scan() {
			w.lines <- s.Text()
		}
		close(w.lines)
	}()
	go func() { // stderr: echoed; kept for waitErrLine while there is room
		s := bufio.NewScanner(errOut)
		for s.Scan() {
			fmt.Fprintln(os.Stderr, s.Text())
			select {
			case w.errLines <- s.Text():
			default: // no test reads stderr: never block the app's writes
			}
		}
		close(w.errLines)
	}()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return w
}

// waitLine waits for a stdout line matching re.
func (w *windowRun) waitLine(t *testing.T, re *regexp.Regexp, timeout time.Duration) []string {
	t.Helper()
	return waitStreamLine(t, w.lines, re, timeout)
}

// waitErrLine waits for a stderr line matching re.
func (w *windowRun) waitErrLine(t *testing.T, re *regexp.Regexp, timeout time.Duration) []string {
	t.Helper()
	return waitStreamLine(t, w.errLines, re, timeout)
}

func waitStreamLine(t *testing.T, lines chan string, re *regexp.Regexp, timeout time.Duration) []string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case ln, ok := <-lines:
			if !ok {
				t.Fatalf("loopscope exited before printing %v", re)
			}
			if m := re.FindStringSubmatch(ln); m != nil {
				return m
			}
		case <-deadline:
			t.Fatalf("no line matching %v within %v", re, timeout)
		}
	}
}

// windowOrigin finds the loopscope window's top-left corner on the X screen.
func windowOrigin(t *testing.T) (int, int) {
	t.Helper()
	var id string
	for i := 0; i < 50 && id == ""; i++ {
		out, _ := exec.Command("xdotool", "search", "--name", "loopscope").Output()
		if f := strings.Fields(string(out)); len(f) > 0 {
			id = f[0]
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if id == "" {
		t.Fatal("no window titled loopscope appeared")
	}
	out, err := exec.Command("xdotool", "getwindowgeometry", "--shell", id).Output()
	if err != nil {
		t.Fatal(err)
	}
	var x, y int
	for _, ln := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(ln, "X="); ok {
			x, _ = strconv.Atoi(v)
		}
		if v, ok := strings.CutPrefix(ln, "Y="); ok {
			y, _ = strconv.Atoi(v)
		}
	}
	return x, y
}

func screenshot(t *testing.T) image.Image {
	t.Helper()
	p := filepath.Join(t.TempDir(), "screen.png")
	if out, err := exec.Command("import", "-window", "root", p).CombinedOutput(); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

const windowTestPage = `<!doctype html>
<body style="margin:0">
<div id="red" style="position:fixed; left:0; top:0; width:800px; height:600px; background:red"></div>
<script>
let n = 0, start = 0;
function tick(t) {
  // Count over two seconds after a settling half second.
  if (t > 500) { if (!start) start = t; n++; }
  if (!start || t - start < 2000) requestAnimationFrame(tick);
  else console.log('raf per second', Math.round((n - 1) * 1000 / (t - start)));
}
requestAnimationFrame(tick);
document.getElementById('red').addEventListener('click', e => console.log('click isTrusted', e.isTrusted));
</script>`

// TestWindow: the app opens a page, its red full-page element is on the X screen, rAF runs
// about 60 times a second, and an OS-level click reaches the page as a trusted event.
func TestWindow(t *testing.T) {
	needDisplay(t)
	page := filepath.Join(t.TempDir(), "red.html")
	os.WriteFile(page, []byte(windowTestPage), 0o644)
	w := startWindow(t, page)
	x0, y0 := windowOrigin(t)

	// A bound that a slow or loaded machine cannot break but a broken pacer does (no frames,
	// two posts per vsync, frames only when the software renderer presents): the pacing itself
	// is measured by BenchmarkWindow* and the loop's frame tests, not timed here.
	m := w.waitLine(t, regexp.MustCompile(`^raf per second (\d+)$`), 2*time.Minute)
	if rate, _ := strconv.Atoi(m[1]); rate < 20 || rate > 80 {
		t.Errorf("requestAnimationFrame ran %d times a second, want about 60 (20 to 80 on a loaded machine)", rate)
	}
	img := screenshot(t)
	for _, p := range []image.Point{{x0 + 400, y0 + barOffset + 300}, {x0 + 20, y0 + barOffset + 20}, {x0 + 780, y0 + barOffset + 580}} {
		r, g, b, _ := img.At(p.X, p.Y).RGBA()
		if r>>8 < 240 || g>>8 > 20 || b>>8 > 20 {
			t.Errorf("pixel at %v is (%d,%d,%d), want red", p, r>>8, g>>8, b>>8)
		}
	}
	// An OS-level click in the middle of the page view.
	cx, cy := x0+400, y0+barOffset+300
	for _, args := range [][]string{{"mousemove", fmt.Sprint(cx), fmt.Sprint(cy)}, {"mousedown", "1"}, {"mouseup", "1"}} {
		if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %v: %v %s", args, err, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	m = w.waitLine(t, regexp.MustCompile(`^click isTrusted (\w+)$`), 10*time.Second)
	if m[1] != "true" {
		t.Errorf("click isTrusted = %s, want true", m[1])
	}
}

// barOffset is the height of the window's top bar above the page view.
const barOffset = 26

// windowSize is the loopscope window's size (window/: 800×600 page, 480 pane, bars).
const windowW, windowH = 1280, 776

// key presses keys in the focused window with xdotool.
func key(t *testing.T, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if out, err := exec.Command("xdotool", "key", k).CombinedOutput(); err != nil {
			t.Fatalf("xdotool key %s: %v %s", k, err, out)
		}
		time.Sleep(150 * time.Millisecond)
	}
}

// waitForPixel polls screenshots until the screen pixel at (x, y) has colour c (±3 a channel).
func waitForPixel(t *testing.T, x, y int, c color.RGBA, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		r, g, b, _ := screenshot(t).At(x, y).RGBA()
		near := func(v uint32, w uint8) bool { d := int(v>>8) - int(w); return d >= -3 && d <= 3 }
		if near(r, c.R) && near(g, c.G) && near(b, c.B) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pixel (%d,%d) is (%d,%d,%d) after %v, want %v", x, y, r>>8, g>>8, b>>8, timeout, c)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// osClick is a real OS-level click at screen coordinates.
func osClick(t *testing.T, x, y int) {
	t.Helper()
	for _, args := range [][]string{{"mousemove", fmt.Sprint(x), fmt.Sprint(y)}, {"mousedown", "1"}, {"mouseup", "1"}} {
		if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
			t.Fatalf("xdotool %v: %v %s", args, err, out)
		}
		time.Sleep(60 * time.Millisecond)
	}
}

// windowShot is a screenshot of the loopscope window alone; with LOOPSCOPE_UPDATE_DOCS=1
// it is also saved as docs/NAME.png (the README's pictures).
func windowShot(t *testing.T, x0, y0 int, name string) *image.RGBA {
	t.Helper()
	full := screenshot(t)
	img := image.NewRGBA(image.Rect(0, 0, windowW, windowH))
	draw.Draw(img, img.Bounds(), full, image.Pt(x0, y0), draw.Src)
	if os.Getenv("LOOPSCOPE_UPDATE_DOCS") != "" {
		f, err := os.Create(filepath.Join("docs", name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
	return img
}

// countColor counts the pixels in r within tol of c.
func countColor(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if abs(int(p.R)-int(c.R)) <= tol && abs(int(p.G)-int(c.G)) <= tol && abs(int(p.B)-int(c.B)) <= tol {
				n++
			}
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// textLines counts the console lines shown in the pane: lines are drawn every 16 px from
// the pane's top (window/), so it counts the 16-px slots holding light pixels until
// the first empty one.
func textLines(img *image.RGBA, r image.Rectangle) int {
	lines := 0
	for y := r.Min.Y; y+16 <= r.Max.Y; y += 16 {
		light := false
		for yy := y; yy < y+16 && !light; yy++ {
			for x := r.Min.X; x < r.Max.X && !light; x++ {
				p := img.RGBAAt(x, yy)
				light = p.R > 0xa0 && p.G > 0xa0 && p.B > 0xa0
			}
		}
		if !light {
			break
		}
		lines++
	}
	return lines
}

// innerSquareCentre is where bossfight_real_click's .inner is, from the same layout engine.
func innerSquareCentre(t *testing.T) (float64, float64) {
	t.Helper()
	d, err := demos.Get("bossfight_real_click")
	if err != nil {
		t.Fatal(err)
	}
	p, err := page.New(d.HTML, d.URL(), "", page.Options{Console: &page.CollectingConsole{}})
	if err != nil {
		t.Fatal(err)
	}
	p.PaintNow()
	n, err := p.Doc.QuerySelector(".inner")
	if err != nil || n == nil {
		t.Fatal("no .inner in bossfight_real_click")
	}
	box, ok := p.Engine.BoxOf(n.HTML())
	if !ok {
		t.Fatal(".inner has no box")
	}
	return box.X + box.W/2, box.Y + box.H/2
}

// TestWindowGalleryBossfight (issue 6): open the gallery, open bossfight_real_click with the
// keyboard, click the inner square with an OS-level click: the console shows the real-click
// order (Jake Archibald's article; Chrome): a microtask checkpoint after each listener.
func TestWindowGalleryBossfight(t *testing.T) {
	needDisplay(t)
	// The gallery opens on the first demo; Down moves one demo (group headers are skipped).
	index := -1
	list, _ := demos.All()
	for i, d := range lessonOrder(list) {
		if d.Name == "bossfight_real_click" {
			index = i
		}
	}
	if index < 0 {
		t.Fatal("no bossfight_real_click demo")
	}
	w := startWindow(t)
	x0, y0 := windowOrigin(t)
	time.Sleep(time.Second)
	windowShot(t, x0, y0, "gallery")
	// Without a window manager, X sends keys to the window under the pointer.
	if out, err := exec.Command("xdotool", "mousemove", fmt.Sprint(x0+600), fmt.Sprint(y0+700)).CombinedOutput(); err != nil {
		t.Fatalf("xdotool mousemove: %v %s", err, out)
	}
	for i := 0; i < index; i++ {
		key(t, "Down")
	}
	key(t, "Return")
	// Click only once the demo is on screen: its inner square (#adadad) at its centre.
	cx, cy := innerSquareCentre(t)
	sx, sy := x0+int(cx), y0+barOffset+int(cy)
	waitForPixel(t, sx, sy, color.RGBA{0xad, 0xad, 0xad, 0xff}, 2*time.Minute) // a condition, not a time limit: generous for a loaded machine
	osClick(t, sx, sy)
	want := []string{"click", "promise", "mutate", "click", "promise", "mutate", "timeout", "timeout"}
	for _, line := range want {
		w.waitLine(t, regexp.MustCompile("^"+line+"$"), 10*time.Second)
	}
	time.Sleep(500 * time.Millisecond)
	img := windowShot(t, x0, y0, "demo")
	// The console pane shows the eight lines (and nothing else).
	pane := image.Rect(800+4, barOffset+22+4, windowW-4, barOffset+600-4)
	if n := textLines(img, pane); n != len(want) {
		t.Errorf("the console pane shows %d lines of text, want %d", n, len(want))
	}
}

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
	hudRect := image.Rect(800-338, barOffset+8, 800-8, barOffset+8+204)
	hudBG := color.RGBA{0x2d, 0x2f, 0x36, 0xff} // the HUD's translucent background over white

	before := windowShot(t, x0, y0, "tmp-before")
	if n := countColor(before, hudRect, hudBG, 6); n > 1000 {
		t.Errorf("the HUD's background is there before H (%d px)", n)
	}
	key(t, "h")
	time.Sleep(700 * time.Millisecond)
	img := windowShot(t, x0, y0, "hud")
	if n := countColor(img, hudRect, hudBG, 12); n < 20000 {
		t.Errorf("H: the HUD is not drawn (%d px of its background)", n)
	}
	key(t, "t")
	time.Sleep(1500 * time.Millisecond)
	img = windowShot(t, x0, y0, "timeline")
	for _, c := range []struct {
		name string
		c    color.RGBA
	}{{"scripting (yellow)", color.RGBA{0xf2, 0xc7, 0x44, 0xff}}, {"paint (green)", color.RGBA{0x5c, 0xb8, 0x5c, 0xff}}, {"style/layout (purple)", color.RGBA{0x8e, 0x6c, 0xe0, 0xff}}, {"vsync (blue)", color.RGBA{0x4d, 0xa3, 0xff, 0xff}}} {
		if n := countColor(img, image.Rect(800+52, barOffset+22+40, windowW, barOffset+22+40+480), c.c, 4); n < 20 {
			t.Errorf("T: the timeline shows no %s spans (%d px)", c.name, n)
		}
	}
	key(t, "f")
	time.Sleep(700 * time.Millisecond)
	img = windowShot(t, x0, y0, "filmstrip")
	if n := countColor(img, paneRect, color.RGBA{0x3a, 0x7b, 0xd5, 0xff}, 40); n < 200 {
		t.Errorf("F: no thumbnails of the page's blue box in the filmstrip (%d px)", n)
	}
	key(t, "q", "space")
	time.Sleep(700 * time.Millisecond)
	img = windowShot(t, x0, y0, "queues")
	if n := countColor(img, paneRect, color.RGBA{0x8c, 0xb4, 0xff, 0xff}, 10); n < 300 {
		t.Errorf("Q: the queues view's headings are not drawn (%d px)", n)
	}
	// Paused: the bar says so in amber, and the page's box stops moving.
	if n := countColor(img, image.Rect(500, 0, 1000, barOffset), color.RGBA{0xff, 0xd0, 0x60, 0xff}, 10); n < 50 {
		t.Errorf("Space: the bar does not show the paused state (%d amber px)", n)
	}
	a := windowShot(t, x0, y0, "tmp-paused-a")
	time.Sleep(400 * time.Millisecond)
	b := windowShot(t, x0, y0, "tmp-paused-b")
	pageRect := image.Rect(0, barOffset, 800, barOffset+600)
	if n := diffPixels(a, b, pageRect, hudRect); n > 0 {
		t.Errorf("paused: the page still changes (%d pixels differ)", n)
	}
	key(t, "3", "3", "3") // three frames: the box moves by three frames' worth
	time.Sleep(400 * time.Millisecond)
	c := windowShot(t, x0, y0, "tmp-paused-c")
	if n := diffPixels(b, c, pageRect, hudRect); n == 0 {
		t.Errorf("stepping three frames: the page did not change")
	}
	key(t, "space", "c")
	if os.Getenv("LOOPSCOPE_UPDATE_DOCS") != "" {
		for _, n := range []string{"tmp-before", "tmp-paused-a", "tmp-paused-b", "tmp-paused-c"} {
			os.Remove(filepath.Join("docs", n+".png"))
		}
	}
}

// diffPixels counts the pixels of r, outside except, that differ between a and b.
func diffPixels(a, b *image.RGBA, r, except image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if image.Pt(x, y).In(except) {
				continue
			}
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}

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
	hudRect := image.Rect(800-338, barOffset+8, 800-8, barOffset+8+240)
	stopRed := color.RGBA{0xff, 0x60, 0x60, 0xff}
	if n := countColor(windowShot(t, x0, y0, "tmp-nohud"), hudRect, stopRed, 10); n > 0 {
		t.Errorf("red text before the HUD is open (%d px)", n)
	}
	key(t, "h")
	time.Sleep(700 * time.Millisecond)
	if n := countColor(windowShot(t, x0, y0, "hud-stopped"), hudRect, stopRed, 10); n < 40 {
		t.Errorf("the HUD does not show the stopped script in red (%d px)", n)
	}
}

// TestWindowReloadsBrokenPage: a page whose realm cannot go on (it keeps more than -max-heap
// reachable) is reloaded in a fresh realm, once, with a line saying so; when the reloaded
// page breaks again it stays stopped, and the window stays open.
func TestWindowReloadsBrokenPage(t *testing.T) {
	needDisplay(t)
	w := startWindow(t, "-max-heap", "64MiB", "testdata/hostile/retained_heap.html")
	w.waitLine(t, regexp.MustCompile(`^page starts$`), time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^Script stopped: .*The page still keeps .* the page stops here`), time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^loopscope: the page's JS realm was left unusable: the page was reloaded in a fresh realm$`), 30*time.Second)
	w.waitLine(t, regexp.MustCompile(`^page starts$`), time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^Script stopped: .*the page stops here`), time.Minute)
	w.waitErrLine(t, regexp.MustCompile(`^loopscope: the reloaded page broke its realm again: it stays stopped`), 30*time.Second)
	if w.cmd.ProcessState != nil {
		t.Fatalf("the window exited: %v", w.cmd.ProcessState)
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
	stepUntil := func(re *regexp.Regexp, what string) {
		t.Helper()
		for i := 0; i < 30; i++ {
			key(t, "5")
			deadline := time.After(2 * time.Second)
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
