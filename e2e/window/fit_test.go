//go:build !headless

package window

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWindowFitsSmallScreen (issue 17): on a 1366×768 screen the whole window, with room
// for a title bar and a panel, fits (the shell is scaled down as a whole); I hides the strip
// below the page and the window shrinks with it instead of leaving a blank strip. It runs its
// own X server of that size.
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
	size := func() (int, int) {
		var w, h int
		for _, ln := range strings.Split(xdo("getwindowgeometry", "--shell", id), "\n") {
			if v, ok := strings.CutPrefix(ln, "WIDTH="); ok {
				w, _ = strconv.Atoi(v)
			}
			if v, ok := strings.CutPrefix(ln, "HEIGHT="); ok {
				h, _ = strconv.Atoi(v)
			}
		}
		return w, h
	}
	waitSize := func(what string, ok func(w, h int) bool) (int, int) {
		t.Helper()
		deadline := time.Now().Add(time.Minute)
		for {
			w, h := size()
			if ok(w, h) {
				return w, h
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the window is %d×%d", what, w, h)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	w, h := waitSize("on 1366×768", func(w, h int) bool { return w > 0 && w <= 1366 && h > 0 && h <= 768-60 })
	// Scaled, not cut: the layout's proportions (1280×776) are kept.
	if ratio := float64(w) / float64(h); ratio < 1280.0/776-0.02 || ratio > 1280.0/776+0.02 {
		t.Errorf("the window is %d×%d, not the layout's 1280×776 scaled", w, h)
	}
	xdo("mousemove", "--window", id, "400", "300")
	for _, k := range []string{"keydown", "keyup"} {
		xdo(k, "i")
		time.Sleep(150 * time.Millisecond)
	}
	w2, h2 := waitSize("after I", func(w2, h2 int) bool { return h2 < h })
	if w2 != w || h2 > h-h*150/776+2 {
		t.Errorf("after I the window is %d×%d, want %d wide and the strip (150 of 776) shorter than %d", w2, h2, w, h)
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
