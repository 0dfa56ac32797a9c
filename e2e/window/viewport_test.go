//go:build !headless

package window

import (
	"fmt"
	"image"
	"image/color"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// viewportPage is a long page of 100 px stripes (even ones red, odd ones blue) that logs
// its scroll and resize events and a media query's changes.
const viewportPage = `<!doctype html>
<style>body { margin: 0 } div { height: 100px }</style>
<body><script>
for (let i = 0; i < 60; i++) {
  const d = document.body.appendChild(document.createElement('div'));
  d.style.background = i % 2 ? 'rgb(0, 0, 255)' : 'rgb(255, 0, 0)';
}
addEventListener('scroll', () => console.log('scroll', scrollY));
addEventListener('resize', () => console.log('resize', innerWidth, innerHeight));
matchMedia('(max-width: 700px)').addEventListener('change', (e) => console.log('narrow', e.matches));
</script>`

// TestWindowViewport (issue 18): real OS input under Xvfb scrolls a long page and resizes
// its viewport. Three wheel notches (xdotool button 5) scroll the document by 300 px: one
// scroll event a frame, and the screenshot shows the fourth stripe (blue) at the top of the
// page area where the first (red) was; the window resized by xdotool to 3/4 is laid out
// again and its page area, 560×440, is the page's viewport: resize and the media query's
// change reach it; shrunk to 8×8 px and
// back, the page lives and has its 800×600 viewport again.
func TestWindowViewport(t *testing.T) {
	needDisplay(t)
	_, pagePath := writePage(t, "viewport.html", viewportPage)
	w := startWindow(t, pagePath)
	x0, y0 := windowOrigin(t)
	px, py := x0, y0+barOffset
	red, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}
	waitForPixel(t, px+300, py+20, red, 2*time.Minute)
	var shown []string
	wait := w.lineWaiter(t, &shown)
	xdo(t, "mousemove", fmt.Sprint(px+300), fmt.Sprint(py+300))
	for i := 0; i < 3; i++ {
		xdo(t, "click", "5")
	}
	wait(`^scroll 300$`)
	for _, ln := range shown {
		if !strings.HasPrefix(ln, "scroll ") {
			t.Errorf("unexpected line %q", ln)
		}
	}
	// Painting honours the scroll offset: stripe 3 (blue) is at the top now.
	img := waitShot(t, x0, y0, "viewport-scrolled", 30*time.Second, func(img *image.RGBA) bool {
		return img.RGBAAt(300, barOffset+20) == blue
	})
	if c := img.RGBAAt(300, barOffset+20); c != blue {
		t.Errorf("the page area's top after scrolling 300 px is %v, want the fourth stripe's blue", c)
	}
	if c := img.RGBAAt(300, barOffset+120); c != red {
		t.Errorf("100 px lower it is %v, want the fifth stripe's red", c)
	}

	out, err := exec.Command("xdotool", "search", "--name", "loopscope").Output()
	ids := strings.Fields(string(out))
	if err != nil || len(ids) == 0 {
		t.Fatalf("no window: %v", err)
	}
	// 960×582: the layout gives the pane 400 px and the strip below 116, the page area
	// 560×440, one CSS pixel to a pixel (issue 25: not the 800×600 layout scaled by 3/4).
	xdo(t, "windowsize", ids[0], fmt.Sprint(windowW*3/4), fmt.Sprint(windowH*3/4))
	wait(`^resize 560 440$`)
	wait(`^narrow true$`)
	// A window shrunk to a few pixels gives a tiny viewport, not a crash; back to its size,
	// the viewport is 800×600 again.
	xdo(t, "windowsize", ids[0], "8", "8")
	wait(`^resize \d+ \d+$`)
	xdo(t, "windowsize", ids[0], fmt.Sprint(windowW), fmt.Sprint(windowH))
	wait(`^resize 800 600$`)
	wait(`^narrow false$`)
}
