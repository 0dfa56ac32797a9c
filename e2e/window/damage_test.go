//go:build !headless

package window

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// damagePage moves a box over text and stripes for 90 frames, changing its colour every
// frame, then leaves it still. It prints nothing: every window frame while it moves changes
// the page's frame alone, so the window copies and draws only the damaged part of it.
const damagePage = `<!doctype html>
<style>
body { margin: 0; font: 16px sans-serif }
.stripe { height: 40px } .stripe:nth-child(odd) { background: rgb(250, 230, 200) }
#box { position: absolute; left: 0; top: 30px; width: 60px; height: 120px; background: rgb(200, 0, 0) }
</style>
<div class=stripe>Tasks, microtasks and the rendering update, one frame after another</div>
<div class=stripe>requestAnimationFrame runs right before style, layout and paint</div>
<div class=stripe>The quick brown fox jumps over the lazy dog, 0123456789</div>
<div class=stripe>A long task delays every frame behind it</div>
<div id=box></div>
<script>
const box = document.getElementById('box');
let n = 0;
requestAnimationFrame(function step() {
  n++;
  box.style.transform = 'translate(' + (n * 7) + 'px, ' + (n % 5) * 3 + 'px)';
  box.style.background = 'rgb(' + (n * 40 % 256) + ', ' + (n * 90 % 256) + ', 60)';
  if (n < 90) requestAnimationFrame(step);
});
</script>`

// TestWindowDrawsOnlyTheDamage (issue 15): while only the page's frame changes, the window
// copies and draws only the rectangles that changed (accumulated over the page frames it
// did not present). Whatever it skipped, the page area it ends with is the page's own last
// frame, pixel for pixel: the same page run headless with -screenshot.
func TestWindowDrawsOnlyTheDamage(t *testing.T) {
	needDisplay(t)
	dir, pagePath := writePage(t, "damage.html", damagePage)
	refPath := filepath.Join(dir, "ref.png")
	if out, err := exec.Command(buildWindowBinary(t), "-headless", "-virtual-time", "-duration", "3s",
		"-screenshot", refPath, pagePath).CombinedOutput(); err != nil {
		t.Fatalf("headless reference: %v %s", err, out)
	}
	f, err := os.Open(refPath)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	ref := image.NewRGBA(decoded.Bounds())
	draw.Draw(ref, ref.Bounds(), decoded, image.Point{}, draw.Src)
	// The box's last colour where it ends (n = 90): the reference has it too.
	final := color.RGBA{90 * 40 % 256, 90 * 90 % 256, 60, 255}
	if c := ref.RGBAAt(90*7+30, 30+60); c != final {
		t.Fatalf("the headless reference has %v where the box ends, want %v", c, final)
	}

	startWindow(t, pagePath)
	x0, y0 := windowOrigin(t)
	pageArea := func(img *image.RGBA) *image.RGBA {
		out := image.NewRGBA(ref.Bounds())
		draw.Draw(out, out.Bounds(), img, image.Pt(0, barOffset), draw.Src)
		return out
	}
	// The box stops after 90 frames: wait for its last colour where it ends, then for the
	// page area to stop changing.
	waitForPixel(t, x0+90*7+30, y0+barOffset+30+60, final, 2*time.Minute)
	var got *image.RGBA
	waitShot(t, x0, y0, "damage", 30*time.Second, func(img *image.RGBA) bool {
		prev := got
		got = pageArea(img)
		return prev != nil && diffPixels(prev, got, got.Bounds(), image.Rectangle{}) == 0
	})
	// The window's own border covers the page area's last column and row.
	inner := image.Rect(0, 0, ref.Bounds().Dx()-1, ref.Bounds().Dy()-1)
	if n := diffPixels(ref, got, inner, image.Rectangle{}); n != 0 {
		save := filepath.Join(os.TempDir(), "loopscope-damage-window.png")
		if f, err := os.Create(save); err == nil {
			png.Encode(f, got)
			f.Close()
		}
		t.Errorf("%d pixels of the window's page area differ from the page's own last frame (window's saved to %s)", n, save)
	}
}
