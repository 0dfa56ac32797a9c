package page

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loopscope/loop"
	"loopscope/render"
)

// TestIframeRenderingCasesRealTime runs the cases of iframes' documents rendered and of
// input into them (geometry, observers, the focus fixup rule, animations, a smooth scroll;
// clicks, focus, moves, keys, scrolling keys, Tab and the wheel), recorded from Chromium, in
// real time; TestCorpus runs them in virtual time.
func TestIframeRenderingCasesRealTime(t *testing.T) {
	for _, name := range []string{"dom/iframe_layout", "dom/iframe_intersection", "dom/iframe_observers",
		"dom/iframe_focus_fixup", "dom/iframe_animations", "dom/iframe_smooth_scroll",
		"input/iframe_click", "input/iframe_focus", "input/iframe_hover", "input/iframe_keys",
		"input/iframe_scroll_keys", "input/iframe_scroll_keys_chain", "input/iframe_tab",
		"input/iframe_wheel"} {
		t.Run(name, func(t *testing.T) {
			runCaseFileWith(t, filepath.Join("..", "testdata", name+".json"), false)
		})
	}
}

// TestIframesDrawnAsChromeDrawsThem paints testdata/iframes/iframes.html (iframes' documents
// in their content boxes: opaque and transparent ones, borders and padding, one wider than
// its box, in a translucent group, in a translated one, nested, a loaded file, display:
// none) and compares the frame with Chromium 156's screenshot of the same page (gen.sh).
func TestIframesDrawnAsChromeDrawsThem(t *testing.T) {
	p, err := Open(filepath.Join("testdata", "iframes", "iframes.html"), Options{VirtualTime: true, Console: loop.NewWriterConsole(io.Discard, io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Run(loop.RunOptions{Until: 500})
	got := p.LastFrame()
	if got == nil {
		t.Fatal("no frame painted")
	}
	f, err := os.Open(filepath.Join("testdata", "iframes", "iframes.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bad, at := 0, image.Point{-1, -1}
	for y := got.Rect.Min.Y; y < got.Rect.Max.Y; y++ {
		for x := got.Rect.Min.X; x < got.Rect.Max.X; x++ {
			g := got.RGBAAt(x, y)
			r, gg, b, _ := want.At(x, y).RGBA()
			if d := max(absDiff(int(g.R), int(r>>8)), absDiff(int(g.G), int(gg>>8)), absDiff(int(g.B), int(b>>8))); d > 8 {
				if bad == 0 {
					at = image.Pt(x, y)
				}
				bad++
			}
		}
	}
	if os.Getenv("VERBOSE_DIFF") != "" {
		out, _ := os.Create(filepath.Join(os.TempDir(), "iframes-got.png"))
		png.Encode(out, got)
		out.Close()
	}
	if bad > 0 {
		t.Errorf("%d pixels differ from Chrome's by more than 8 in a channel; the first at %v", bad, at)
	}
}

func absDiff(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}

// TestIframeFramesMatchFullRenders runs a page whose iframes' documents change every frame
// (a colour, a position, a size, a nested iframe's colour) while the parent changes too
// (a colour patched in place, an iframe moved, one resized, one in a translucent group):
// each painted frame must be byte for byte what a new engine renders for the parent as it is
// then, with the same frames of its iframes' documents.
func TestIframeFramesMatchFullRenders(t *testing.T) {
	const src = `<!doctype html>
<style>body { margin: 0; background: rgb(230, 230, 230); } iframe { border: 0; position: absolute; }</style>
<div id=d style="position: absolute; left: 0; top: 300px; width: 50px; height: 50px; background: rgb(0, 0, 0)"></div>
<iframe id=a style="left: 10px; top: 10px; width: 200px; height: 100px"
  srcdoc="<body style='margin: 0'><div id=x style='position: absolute; width: 30px; height: 30px; background: rgb(0, 0, 255)'></div><script>
  let n = 0; requestAnimationFrame(function f() { n++; x.style.left = (n * 7 % 180) + 'px'; x.style.background = 'rgb(' + (n * 40 % 256) + ', 0, 255)'; requestAnimationFrame(f); });
  </script>"></iframe>
<div id=g style="position: absolute; left: 250px; top: 10px; opacity: 0.6">
<iframe id=b style="position: static; display: block; width: 150px; height: 120px"
  srcdoc="<body style='margin: 3px; background: rgb(255, 255, 0)'><iframe style='border: 0; width: 80px; height: 40px' srcdoc=&quot;<body style='margin: 0'><script>let k = 0; requestAnimationFrame(function f() { k++; document.body.style.background = 'rgb(0, ' + (k * 30 % 256) + ', 0)'; requestAnimationFrame(f); });</script>&quot;></iframe>"></iframe>
</div>
<script>
let i = 0;
requestAnimationFrame(function f() {
  i++;
  d.style.background = 'rgb(' + (i * 20 % 256) + ', 0, 0)';
  if (i % 3 === 0) a.style.left = (10 + i % 40) + 'px';
  if (i % 5 === 0) a.style.width = (150 + i % 60) + 'px';
  if (i % 4 === 0) g.style.opacity = String(0.3 + (i % 5) / 10);
  requestAnimationFrame(f);
});
</script>`
	var p *Page
	frames, checked := 0, 0
	p, err := New([]byte(src), "file:///frames.html", "", Options{VirtualTime: true, Console: loop.NewWriterConsole(io.Discard, io.Discard),
		OnFrame: func(img *image.RGBA, _ float64, _ image.Rectangle) {
			frames++
			full := render.NewEngine(p.Doc, p.opts.Width, p.opts.Height)
			full.SetFrameSource(p.frameOf)
			full.Style()
			full.Layout()
			want := full.Paint()
			if !bytes.Equal(img.Pix, want.Pix) {
				t.Errorf("frame %d differs from a full render", frames)
			}
			checked++
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Run(loop.RunOptions{Until: 1500})
	if checked < 60 || len(p.childFrames()) != 3 {
		t.Fatalf("%d frames checked, %d iframe documents", checked, len(p.childFrames()))
	}
}

// TestSixtyFourIframesRender: a page of 64 iframes (as many as a page may give a document,
// dom's maxChildNavigables) renders each one's document in its box.
func TestSixtyFourIframesRender(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("<!doctype html><style>body { margin: 0 } iframe { border: 0; position: absolute; width: 100px; height: 75px }</style>")
	for i := 0; i < 64; i++ {
		fmt.Fprintf(&sb, "<iframe style='left: %dpx; top: %dpx' srcdoc=\"<body style='background: rgb(%d, %d, 128)'>\"></iframe>",
			i%8*100, i/8*75, i*4, 255-i*4)
	}
	p, err := New([]byte(sb.String()), "file:///many.html", "", Options{VirtualTime: true, Console: loop.NewWriterConsole(io.Discard, io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Run(loop.RunOptions{Until: 1000})
	if n := len(p.childFrames()); n != 64 {
		t.Fatalf("%d iframe documents rendered, want 64", n)
	}
	img := p.LastFrame()
	for i := 0; i < 64; i++ {
		want := color.RGBA{uint8(i * 4), uint8(255 - i*4), 128, 255}
		if got := img.RGBAAt(i%8*100+50, i/8*75+37); got != want {
			t.Errorf("iframe %d shows %v at its centre, want %v", i, got, want)
		}
	}
}

// TestIframeChangeDamagesOnlyItsBox: when only an iframe's document changes, the page's
// frame is rastered again only where the iframe's content box is (its FrameDamage), and
// Rastered counts only those pixels; a full frame would be 800 × 600.
func TestIframeChangeDamagesOnlyItsBox(t *testing.T) {
	const src = `<!doctype html><style>body { margin: 0 } iframe { border: 0; position: absolute; left: 100px; top: 60px; width: 200px; height: 100px }</style>
<div style="height: 40px; background: rgb(0, 0, 255)"></div>
<iframe srcdoc="<body style='margin: 0'><div id=x style='width: 20px; height: 20px; background: rgb(255, 0, 0)'></div><script>
let n = 0; requestAnimationFrame(function f() { n++; x.style.marginLeft = (n * 3 % 150) + 'px'; requestAnimationFrame(f); });
</script>"></iframe>`
	box := image.Rect(100, 60, 300, 160)
	var damages []image.Rectangle
	p, err := New([]byte(src), "file:///damage.html", "", Options{VirtualTime: true, Console: loop.NewWriterConsole(io.Discard, io.Discard),
		OnFrame: func(_ *image.RGBA, _ float64, damage image.Rectangle) { damages = append(damages, damage) }})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Run(loop.RunOptions{Until: 1000})
	if len(damages) < 30 {
		t.Fatalf("%d frames", len(damages))
	}
	for i, d := range damages[10:] {
		if d.Empty() || !d.In(box) {
			t.Fatalf("frame %d: damage %v, want a part of the iframe's box %v", i+10, d, box)
		}
	}
	if r := p.Engine.Work().Rastered; r > box.Dx()*box.Dy() {
		t.Errorf("the last frame rastered %d pixels, more than the iframe's box", r)
	}
}
