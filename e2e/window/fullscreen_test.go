//go:build !headless

package window

import (
	"image/color"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fullscreenPage goes fullscreen on the first click on the pad and back on the second.
const fullscreenPage = `<!doctype html>
<body style="margin:0; background:#c0e0c0">
<div id="pad" style="position:absolute; left:100px; top:100px; width:300px; height:200px; background:#8090a0"></div>
<script>
const pad = document.getElementById('pad');
document.addEventListener('fullscreenchange', () => {
  const el = document.fullscreenElement;
  console.log('fullscreenchange', el === null ? 'null' : el.id);
});
console.log('width', innerWidth);
addEventListener('resize', () => console.log('resize', innerWidth));
pad.addEventListener('click', (e) => {
  if (document.fullscreenElement === null) {
    pad.requestFullscreen().then(() => console.log('entered', e.isTrusted));
  } else {
    document.exitFullscreen().then(() => console.log('left'));
  }
});
</script>`

// windowSize is the loopscope window's size on the X screen.
func windowSize(t *testing.T) (int, int) {
	t.Helper()
	out, err := exec.Command("xdotool", "search", "--name", "loopscope").Output()
	f := strings.Fields(string(out))
	if err != nil || len(f) == 0 {
		t.Fatalf("no loopscope window: %v", err)
	}
	geo, err := exec.Command("xdotool", "getwindowgeometry", f[0]).Output()
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Geometry: (\d+)x(\d+)`).FindStringSubmatch(string(geo))
	if m == nil {
		t.Fatalf("no geometry in %q", geo)
	}
	w, _ := strconv.Atoi(m[1])
	h, _ := strconv.Atoi(m[2])
	return w, h
}

// TestWindowFullscreen (issue 18): a real click on the page calls requestFullscreen(): the
// window really becomes fullscreen (the X screen's size), the page gets fullscreenchange,
// its promise resolves and, the viewport following the window, a resize to a wider
// viewport; a second click leaves fullscreen and the window gets its size back.
func TestWindowFullscreen(t *testing.T) {
	needDisplay(t)
	_, pagePath := writePage(t, "fullscreen.html", fullscreenPage)
	w := startWindow(t, pagePath)
	x0, y0 := windowOrigin(t)
	px, py := x0, y0+barOffset
	waitForPixel(t, px+250, py+200, color.RGBA{0x80, 0x90, 0xa0, 0xff}, 2*time.Minute)
	w0, h0 := windowSize(t)
	vw0, _ := strconv.Atoi(w.waitLine(t, regexp.MustCompile(`^width (\d+)$`), time.Minute)[1])
	osClick(t, px+250, py+200)
	// In any order: the promise, the event, the viewport's resize (the window's size comes
	// from the X server whenever it comes).
	for want := map[string]bool{"entered": false, "fullscreenchange": false, "resize": false}; ; {
		m := w.waitLine(t, regexp.MustCompile(`^(entered) true$|^(fullscreenchange) pad$|^(resize) (\d+)$`), time.Minute)
		if m[4] != "" {
			if vw, _ := strconv.Atoi(m[4]); vw <= vw0 {
				t.Fatalf("resized to a viewport %d wide, not wider than %d", vw, vw0)
			}
		}
		want[m[1]+m[2]+m[3]] = true
		if want["entered"] && want["fullscreenchange"] && want["resize"] {
			break
		}
	}
	var wf, hf int
	for i := 0; i < 100; i++ { // the X server resizes the window a little later
		if wf, hf = windowSize(t); wf != w0 || hf != h0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if wf <= w0 || hf <= h0 {
		t.Fatalf("fullscreen window %dx%d, not larger than %dx%d", wf, hf, w0, h0)
	}
	// The page is now at the screen's top-left corner, still drawn below the window's bar.
	waitForPixel(t, 250, barOffset+200, color.RGBA{0x80, 0x90, 0xa0, 0xff}, time.Minute)
	osClick(t, 250, barOffset+200)
	w.waitLine(t, regexp.MustCompile(`^left$`), time.Minute)
	w.waitLine(t, regexp.MustCompile(`^fullscreenchange null$`), time.Minute)
	for i := 0; i < 100; i++ {
		if wf, hf = windowSize(t); wf == w0 && hf == h0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("after exitFullscreen the window is %dx%d, want %dx%d", wf, hf, w0, h0)
}
