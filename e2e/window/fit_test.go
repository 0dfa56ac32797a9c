//go:build !headless

package window

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWindowFitsSmallScreen (issue 17; issue 25, item 12): on a 1366×768 screen the whole
// window, with room for a title bar and a panel, fits, and it is laid out for its size, not
// the 1280×776 layout scaled down: the top bar is its 26 px (scaled, it was 22) and the
// window is not 1280×776's proportions. I hides the strip below the page: the window keeps
// its size and the page area takes the strip's room. It runs its own X server of that size.
func TestWindowFitsSmallScreen(t *testing.T) {
	needDisplay(t)
	display := startXvfb(t, "1366x768x24")
	env := append(os.Environ(), "DISPLAY="+display)
	cmd := exec.Command(buildWindowBinary(t), "rendering")
	cmd.Env = env
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	xdo := func(args ...string) string {
		t.Helper()
		c := exec.Command("xdotool", args...)
		c.Env = env
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("xdotool %v: %v %s", args, err, out)
		}
		return string(out)
	}
	var id string
	for deadline := time.Now().Add(2 * time.Minute); id == ""; time.Sleep(200 * time.Millisecond) {
		c := exec.Command("xdotool", "search", "--name", "loopscope")
		c.Env = env
		out, _ := c.Output()
		if f := strings.Fields(string(out)); len(f) > 0 {
			id = f[0]
		}
		if id == "" && time.Now().After(deadline) {
			t.Fatal("no loopscope window on the 1366×768 screen")
		}
	}
	geometry := func() (x, y, w, h int) {
		for _, ln := range strings.Split(xdo("getwindowgeometry", "--shell", id), "\n") {
			k, v, _ := strings.Cut(ln, "=")
			n, _ := strconv.Atoi(v)
			switch k {
			case "X":
				x = n
			case "Y":
				y = n
			case "WIDTH":
				w = n
			case "HEIGHT":
				h = n
			}
		}
		return
	}
	shot := func() image.Image {
		t.Helper()
		return screenshotEnv(t, env)
	}
	near := func(c color.Color, want color.RGBA) bool {
		r, g, b, _ := c.RGBA()
		return abs(int(r>>8)-int(want.R)) <= 3 && abs(int(g>>8)-int(want.G)) <= 3 && abs(int(b>>8)-int(want.B)) <= 3
	}
	bar := color.RGBA{0x2b, 0x2d, 0x42, 0xff}
	strip := color.RGBA{0xfa, 0xfa, 0xfa, 0xff}
	var x0, y0, w, h int
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
		x0, y0, w, h = geometry()
		if w > 0 && w <= 1366 && h > 0 && h <= 768-60 {
			if img := shot(); near(img.At(x0+w-400, y0+25), bar) && !near(img.At(x0+w-400, y0+27), bar) {
				break // the bar is drawn, 26 px tall
			}
		}
		if time.Now().After(deadline) {
			img := shot()
			t.Fatalf("on 1366×768 the window is %d×%d; at its bar's last row %v, two rows below %v (want the bar's colour, then not)",
				w, h, img.At(x0+w-400, y0+25), img.At(x0+w-400, y0+27))
		}
	}
	if ratio := float64(w) / float64(h); ratio > 1280.0/776-0.02 && ratio < 1280.0/776+0.02 {
		t.Errorf("the window is %d×%d: the 1280×776 layout's proportions, as if scaled", w, h)
	}
	if !near(shot().At(x0+8, y0+h-3), strip) {
		t.Fatalf("no strip below the page at the window's bottom: %v", shot().At(x0+8, y0+h-3))
	}
	xdo("mousemove", "--window", id, "400", "300")
	for _, k := range []string{"keydown", "keyup"} {
		xdo(k, "i")
		time.Sleep(150 * time.Millisecond)
	}
	for deadline := time.Now().Add(time.Minute); near(shot().At(x0+8, y0+h-3), strip); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("after I the strip below the page is still drawn")
		}
	}
	if _, _, w2, h2 := geometry(); w2 != w || h2 != h {
		t.Errorf("after I the window is %d×%d, want it to keep its %d×%d", w2, h2, w, h)
	}
}

// startXvfb starts an X server with one screen of the given geometry and returns its
// display name; it is stopped when the test ends.
func startXvfb(t *testing.T, geometry string) string {
	t.Helper()
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", geometry, "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{wr}
	if err := cmd.Start(); err != nil {
		t.Skipf("no Xvfb to run a screen of %s: %v", geometry, err)
	}
	wr.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb did not start")
		}
		return fmt.Sprintf(":%s", n)
	case <-time.After(time.Minute):
		t.Fatal("Xvfb did not say its display number")
	}
	return ""
}
