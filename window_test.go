//go:build !headless

package main

import (
	"bufio"
	"fmt"
	"image"
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

// windowRun is a running windowed loopscope whose stdout is read line by line.
type windowRun struct {
	cmd   *exec.Cmd
	lines chan string
}

func startWindow(t *testing.T, args ...string) *windowRun {
	cmd := exec.Command(buildWindowBinary(t), args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := &windowRun{cmd: cmd, lines: make(chan string, 100)}
	go func() {
		s := bufio.NewScanner(out)
		for s.Scan() {
			w.lines <- s.Text()
		}
		close(w.lines)
	}()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return w
}

// waitLine waits for a stdout line matching re.
func (w *windowRun) waitLine(t *testing.T, re *regexp.Regexp, timeout time.Duration) []string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case ln, ok := <-w.lines:
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
// 60 ± 5 times a second, and an OS-level click reaches the page as a trusted event.
func TestWindow(t *testing.T) {
	needDisplay(t)
	page := filepath.Join(t.TempDir(), "red.html")
	os.WriteFile(page, []byte(windowTestPage), 0o644)
	w := startWindow(t, page)
	x0, y0 := windowOrigin(t)

	m := w.waitLine(t, regexp.MustCompile(`^raf per second (\d+)$`), 20*time.Second)
	if rate, _ := strconv.Atoi(m[1]); rate < 55 || rate > 65 {
		t.Errorf("requestAnimationFrame ran %d times a second, want 60 ± 5", rate)
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
