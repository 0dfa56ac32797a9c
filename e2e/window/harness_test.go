//go:build !headless

// Package window holds the end-to-end tests of the windowed binary: they build loopscope
// from the repository's root, start it under Xvfb, read its console lines, take screenshots
// of the X screen and send real OS input with xdotool. They use nothing of the binary's
// packages beyond the demo list and the actions file's types.
//
// This file is the harness; the tests are in window_test.go (opening pages, real clicks),
// gallery_test.go, predict_test.go, instruments_test.go, hostile_test.go (pages the
// watchdog stops) and one file per feature.
package window

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"loopscope/internal/testsupport"
)

// binDir holds the binaries the tests build (once each), removed after the run.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "loopscope-window")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// repoRoot is the repository's root, two folders up from this package: the binaries are
// built from it and run in it (tests open testdata/ pages by relative path), and
// LOOPSCOPE_UPDATE_DOCS writes the README's pictures into its docs/.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// builtBinary is a loopscope binary built once for the whole run.
type builtBinary struct {
	name, tags string
	once       sync.Once
	path       string
	err        error
}

var (
	windowBinary   = &builtBinary{name: "loopscope"}
	headlessBinary = &builtBinary{name: "loopscope-headless", tags: "headless"}
)

func (b *builtBinary) build(t *testing.T) string {
	t.Helper()
	b.once.Do(func() {
		b.path = filepath.Join(binDir, b.name)
		cmd := exec.Command("go", "build", "-tags", b.tags, "-o", b.path, ".")
		cmd.Dir = repoRoot(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// buildWindowBinary builds the default (windowed) binary once.
func buildWindowBinary(t *testing.T) string { return windowBinary.build(t) }

// buildHeadlessBinary builds the binary without the window (-tags headless) once.
func buildHeadlessBinary(t *testing.T) string { return headlessBinary.build(t) }

// runCLI runs bin in the repository's root and returns stdout, stderr and the exit status.
func runCLI(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	return testsupport.RunCommand(t, repoRoot(t), nil, bin, args...)
}

// lines splits a program's output into its lines.
func lines(s string) []string { return testsupport.Lines(s) }

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
	cmd.Dir = repoRoot(t)
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
	return screenshotEnv(t, nil)
}

// screenshotEnv is screenshot with import run in env (another display), or in ours if nil.
func screenshotEnv(t *testing.T, env []string) image.Image {
	t.Helper()
	p := filepath.Join(t.TempDir(), "screen.png")
	c := exec.Command("import", "-window", "root", p)
	c.Env = env
	if out, err := c.CombinedOutput(); err != nil {
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

// barOffset is the height of the window's top bar above the page view.
const barOffset = 26

// windowSize is the loopscope window's size (window/: 800×600 page, 480 pane, bars).
const windowW, windowH = 1280, 776

// key presses keys in the focused window with xdotool, each held long enough for a slow
// frame to see it (holdKeys).
func key(t *testing.T, keys ...string) {
	t.Helper()
	holdKeys(t, keys...)
}

// pressUntilLine presses key and waits up to 30 s (the harness's wait for one line) for a
// line on stderr matching re; a press that shows nothing in that time is taken as lost (a
// load of 10 once lost one) and made again, three times at most. Use it only where one press leads to the line: a press taken
// late would step twice.
func (w *windowRun) pressUntilLine(t *testing.T, key string, re *regexp.Regexp) []string {
	t.Helper()
	for try := 0; try < 3; try++ {
		holdKeys(t, key)
		if m := w.nextErrLine(re, 30*time.Second); m != nil {
			return m
		}
	}
	t.Fatalf("%s pressed three times: no line matching %v within 30 s of each", key, re)
	return nil
}

// nextErrLine waits up to timeout for a stderr line matching re (nil: none came).
func (w *windowRun) nextErrLine(re *regexp.Regexp, timeout time.Duration) []string {
	deadline := time.After(timeout)
	for {
		select {
		case ln, ok := <-w.errLines:
			if !ok {
				return nil
			}
			if m := re.FindStringSubmatch(ln); m != nil {
				return m
			}
		case <-deadline:
			return nil
		}
	}
}

// waitForPixel polls screenshots until the screen pixel at (x, y) has colour c (±3 a channel).
func waitForPixel(t *testing.T, x, y int, c color.RGBA, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		if pixelIs(t, x, y, c) {
			return
		}
		if time.Now().After(deadline) {
			r, g, b, _ := screenshot(t).At(x, y).RGBA()
			t.Fatalf("pixel (%d,%d) is (%d,%d,%d) after %v, want %v", x, y, r>>8, g>>8, b>>8, timeout, c)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// lineWaiter returns a function that reads the window's stdout until a line matches re
// (within a minute) and returns that line; shown collects every line read, in order.
func (w *windowRun) lineWaiter(t *testing.T, shown *[]string) func(re string) string {
	return func(re string) string {
		t.Helper()
		m := regexp.MustCompile(re)
		deadline := time.After(time.Minute)
		for {
			select {
			case ln, ok := <-w.lines:
				if !ok {
					t.Fatalf("loopscope exited before printing %v", re)
				}
				*shown = append(*shown, ln)
				if m.MatchString(ln) {
					return ln
				}
			case <-deadline:
				t.Fatalf("no line matching %v within a minute; got %q", re, *shown)
			}
		}
	}
}

// pixelIs reports whether the screen pixel at (x, y) has colour c now (±3 a channel).
func pixelIs(t *testing.T, x, y int, c color.RGBA) bool {
	t.Helper()
	p := pixelAt(t, x, y)
	near := func(v, w uint8) bool { d := int(v) - int(w); return d >= -3 && d <= 3 }
	return near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B)
}

// pixelAt reads one screen pixel: ImageMagick grabs the screen and writes that pixel alone
// as text, several times faster than a whole screenshot's PNG (which matters for watching
// something move on a loaded machine). Its text is "# ImageMagick pixel enumeration:
// 1,1,MAX,srgb" then "0,0: (R,G,B...)" with channels out of MAX.
func pixelAt(t *testing.T, x, y int) color.RGBA {
	t.Helper()
	out, err := exec.Command("import", "-window", "root", "-crop", fmt.Sprintf("1x1+%d+%d", x, y), "txt:-").Output()
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	head, body, _ := strings.Cut(string(out), "\n")
	fields := strings.Split(strings.TrimSpace(strings.TrimPrefix(head, "# ImageMagick pixel enumeration:")), ",")
	open, closing := strings.IndexByte(body, '('), strings.IndexByte(body, ')')
	if len(fields) < 3 || open < 0 || closing < open {
		t.Fatalf("import: unexpected output %q", out)
	}
	maxV, err := strconv.ParseFloat(fields[2], 64)
	if err != nil || maxV <= 0 {
		t.Fatalf("import: unexpected output %q", out)
	}
	var ch [3]uint8
	for i, v := range strings.SplitN(body[open+1:closing], ",", 4)[:3] {
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			t.Fatalf("import: unexpected output %q", out)
		}
		ch[i] = uint8(math.Round(f / maxV * 255))
	}
	return color.RGBA{ch[0], ch[1], ch[2], 0xff}
}

// xdo runs one xdotool command, then waits keyHold: a slow frame sees what it did (a
// button down, then up; see holdKeys).
func xdo(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		t.Fatalf("xdotool %v: %v %s", args, err, out)
	}
	time.Sleep(keyHold)
}

// osClick is a real OS-level click at screen coordinates.
func osClick(t *testing.T, x, y int) {
	t.Helper()
	xdo(t, "mousemove", fmt.Sprint(x), fmt.Sprint(y))
	xdo(t, "mousedown", "1")
	xdo(t, "mouseup", "1")
}

// writePage writes a test page as name in a fresh temporary folder, for the window to open;
// it returns the folder (for files the test writes beside it) and the page's path.
func writePage(t *testing.T, name, src string) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// windowShot is a screenshot of the loopscope window alone; with LOOPSCOPE_UPDATE_DOCS=1
// it is also saved as docs/NAME.png (the README's pictures).
func windowShot(t *testing.T, x0, y0 int, name string) *image.RGBA {
	t.Helper()
	full := screenshot(t)
	img := image.NewRGBA(image.Rect(0, 0, windowW, windowH))
	draw.Draw(img, img.Bounds(), full, image.Pt(x0, y0), draw.Src)
	if os.Getenv("LOOPSCOPE_UPDATE_DOCS") != "" {
		f, err := os.Create(filepath.Join(repoRoot(t), "docs", name+".png"))
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

// waitShot takes screenshots of the window (windowShot) until ok holds for one or timeout
// passes, and returns the last: a test waits for what it checks to be drawn, however slow
// the machine, then asserts on that screenshot.
func waitShot(t *testing.T, x0, y0 int, name string, timeout time.Duration, ok func(*image.RGBA) bool) *image.RGBA {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		img := windowShot(t, x0, y0, name)
		if ok(img) || time.Now().After(deadline) {
			return img
		}
		time.Sleep(200 * time.Millisecond)
	}
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
