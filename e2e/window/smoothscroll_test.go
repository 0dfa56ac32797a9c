//go:build !headless

package window

import (
	"image/color"
	"testing"
	"time"
)

// smoothPage is 200 bands 50 px high, band i in rgb(i, 255-i, 128), and a fixed button that
// smooth-scrolls the page down 8,000 px (1.5 s in Chrome's duration).
const smoothPage = `<!doctype html>
<body style="margin:0">
<button id="go" style="position:fixed; left:600px; top:10px; width:150px; height:40px">go</button>
<script>
for (let i = 0; i < 200; i++) {
  const d = document.createElement('div');
  d.style.cssText = 'height:50px; background: rgb(' + i + ',' + (255 - i) + ',128)';
  document.body.appendChild(d);
}
document.getElementById('go').addEventListener('click', () => scrollTo({ top: 8000, behavior: 'smooth' }));
addEventListener('scrollend', () => console.log('scrollend', scrollY));
</script>`

// TestWindowSmoothScroll: a real click starts a smooth scroll, and the window shows the
// page moving over several frames: screenshots taken meanwhile show bands between the
// first and the last, before scrollend at 8,000.
func TestWindowSmoothScroll(t *testing.T) {
	needDisplay(t)
	_, pagePath := writePage(t, "smooth.html", smoothPage)
	w := startWindow(t, pagePath)
	x0, y0 := windowOrigin(t)
	px, py := x0, y0+barOffset
	waitForPixel(t, px+100, py+300, color.RGBA{6, 249, 128, 0xff}, 2*time.Minute) // band 6 at y 300
	var shown []string
	wait := w.lineWaiter(t, &shown)
	osClick(t, px+675, py+30)
	seen := map[int]bool{}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		c := pixelAt(t, px+100, py+300) // one pixel: quick enough to see the scroll move under load
		band := int(c.R)
		if int(c.G) == 255-band && c.B == 128 {
			seen[band] = true
		}
		if seen[166] { // 8000/50 + 6: the end
			break
		}
	}
	wait(`^scrollend 8000$`)
	between := 0
	for band := range seen {
		if band > 6 && band < 166 {
			between++
		}
	}
	t.Logf("%d positions seen between the start and the end", between)
	if between < 2 {
		t.Errorf("the screenshots during the smooth scroll showed %d positions between the start and the end (bands %v); want it seen moving", between, seen)
	}
}
