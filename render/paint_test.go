package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"loopscope/css"
)

func loadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
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

// pixelDiff compares got with want over got's bounds (want may be taller, as Chrome's
// screenshots are) and counts the pixels where some channel differs by more than tol.
func pixelDiff(got *image.RGBA, want image.Image, tol int) (bad int, worst image.Point) {
	b := got.Rect
	maxd := -1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := got.RGBAAt(x, y)
			wr, wg, wb, _ := want.At(x, y).RGBA()
			d := max(absInt(int(g.R)-int(wr>>8)), absInt(int(g.G)-int(wg>>8)), absInt(int(g.B)-int(wb>>8)))
			if d > tol {
				bad++
				if d > maxd {
					maxd, worst = d, image.Pt(x, y)
				}
			}
		}
	}
	return bad, worst
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func renderFile(t testing.TB, path string, w, h int) (*staticSource, *Engine, *image.RGBA) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := parsePage(t, string(b))
	e := NewEngine(src, w, h)
	img := renderFrame(e, 0)
	if applyDataScroll(t, e, src) {
		img = renderFrame(e, 16)
	}
	return src, e, img
}

// applyDataScroll scrolls each element with a data-scroll="x y" attribute to (x, y), as
// the page's own script does in Chrome (testdata/chrome/scrolled.html); it reports
// whether there was one.
func applyDataScroll(t testing.TB, e *Engine, src *staticSource) bool {
	t.Helper()
	any := false
	for n := range src.doc.Descendants() {
		v, ok := attr(n, "data-scroll")
		if !ok {
			continue
		}
		var x, y float64
		if _, err := fmt.Sscan(v, &x, &y); err != nil {
			t.Fatalf("data-scroll %q: %v", v, err)
		}
		if !e.ScrollTo(n, x, y) {
			t.Fatalf("data-scroll %q did not scroll", v)
		}
		any = true
	}
	return any
}

// TestGoldenImages compares each test page's frame with its reviewed golden PNG
// (testdata/golden; regenerate with UPDATE_GOLDEN=1 and look at them before committing).
func TestGoldenImages(t *testing.T) {
	pages, _ := filepath.Glob("testdata/chrome/*.html")
	for _, page := range pages {
		name := strings.TrimSuffix(filepath.Base(page), ".html")
		t.Run(name, func(t *testing.T) {
			_, _, img := renderFile(t, page, 800, 600)
			golden := filepath.Join("testdata", "golden", name+".png")
			if os.Getenv("UPDATE_GOLDEN") != "" {
				savePNG(t, golden, img)
			}
			want := loadPNG(t, golden)
			if want.Bounds() != img.Rect {
				t.Fatalf("golden size %v, frame %v", want.Bounds(), img.Rect)
			}
			if bad, at := pixelDiff(img, want, 8); bad > 0 {
				t.Errorf("%d pixels differ from the golden (worst at %v)", bad, at)
			}
		})
	}
}

// chromeBudget is the share of pixels allowed to differ (by more than 96 in a channel)
// from Chrome's screenshot: glyph anti-aliasing and hinting differ, boxes must not.
var chromeBudget = map[string]float64{
	"blocks": 0, "positioned": 0.0001, "demo_rendering": 0.0003, "inline": 0.003, "stacking": 0.001, "more": 0.003, "lists": 0.001, "overflow": 0.002, "scrolled": 0.001,
}

// TestPaintMatchesChromeScreenshot compares frames with Chrome's screenshots of the same
// pages (testdata/chrome/NAME.png from gen.sh, Chromium 156, same Go fonts).
func TestPaintMatchesChromeScreenshot(t *testing.T) {
	pages, _ := filepath.Glob("testdata/chrome/*.html")
	for _, page := range pages {
		name := strings.TrimSuffix(filepath.Base(page), ".html")
		t.Run(name, func(t *testing.T) {
			_, _, img := renderFile(t, page, 800, 600)
			want := loadPNG(t, strings.TrimSuffix(page, ".html")+".png")
			bad, at := pixelDiff(img, want, 96)
			share := float64(bad) / float64(800*600)
			budget, ok := chromeBudget[name]
			if !ok {
				t.Fatalf("no budget for %s", name)
			}
			if os.Getenv("VERBOSE_DIFF") != "" {
				fmt.Printf("%s: %d pixels (%.4f%%), worst at %v\n", name, bad, share*100, at)
			}
			if share > budget {
				t.Errorf("%d pixels (%.3f%%) differ from Chrome, budget %.3f%%; worst at %v", bad, share*100, budget*100, at)
			}
		})
	}
}

func TestPixelFacts(t *testing.T) {
	src := parsePage(t, `<style>#red { width: 100px; height: 100px; background: red }
		#half { position: absolute; left: 200px; top: 10px; width: 50px; height: 50px; background: blue; opacity: 0.5 }
		#gone { position: absolute; left: 300px; top: 10px; width: 50px; height: 50px; background: blue; visibility: hidden }
		#moved { position: absolute; left: 400px; top: 10px; width: 50px; height: 50px; background: lime; transform: translate(100px, 100px) }
		#border { position: absolute; left: 600px; top: 10px; width: 20px; height: 20px; border: 5px solid black; background: yellow }
		#alpha { position: absolute; left: 700px; top: 10px; width: 20px; height: 20px; background: rgba(255, 0, 0, 0.5) }
	</style><div id=red></div><div id=half></div><div id=gone></div><div id=moved></div><div id=border></div><div id=alpha></div>`)
	e := NewEngine(src, 800, 600)
	img := renderFrame(e, 0)
	white, red := color.RGBA{255, 255, 255, 255}, color.RGBA{255, 0, 0, 255}
	facts := []struct {
		name string
		x, y int
		want color.RGBA
	}{
		{"red box centre (body margin 8)", 58, 58, red},
		{"red box top-left pixel", 8, 8, red},
		{"left of the red box", 7, 58, white},
		{"right of the red box", 108, 58, white},
		{"below the red box", 58, 108, white},
		{"opacity 0.5 blue over white", 225, 35, color.RGBA{127, 127, 255, 255}},
		{"visibility hidden paints nothing", 325, 35, white},
		{"translated box is not at its layout position", 425, 35, white},
		{"translated box is at +100,+100", 525, 135, color.RGBA{0, 255, 0, 255}},
		{"border", 602, 12, color.RGBA{0, 0, 0, 255}},
		{"inside the border", 607, 17, color.RGBA{255, 255, 0, 255}},
		{"semi-transparent red over white", 710, 20, color.RGBA{255, 127, 127, 255}},
	}
	for _, f := range facts {
		got := img.RGBAAt(f.x, f.y)
		if absInt(int(got.R)-int(f.want.R)) > 1 || absInt(int(got.G)-int(f.want.G)) > 1 || absInt(int(got.B)-int(f.want.B)) > 1 {
			t.Errorf("%s: pixel (%d,%d) = %v, want %v", f.name, f.x, f.y, got, f.want)
		}
	}
}

func TestCanvasBackgroundFromBody(t *testing.T) {
	src := parsePage(t, `<body style="background: #336699"><p>x</p></body>`)
	img := renderFrame(NewEngine(src, 100, 100), 0)
	if got := img.RGBAAt(99, 99); got != (color.RGBA{0x33, 0x66, 0x99, 255}) {
		t.Errorf("the body's background covers the canvas: %v", got)
	}
}

func TestTextIsDrawn(t *testing.T) {
	src := parsePage(t, `<body style="margin:0"><div id=t style="color: blue; font-size: 40px">HHHH</div></body>`)
	img := renderFrame(NewEngine(src, 200, 100), 0)
	blue := 0
	for y := 0; y < 60; y++ {
		for x := 0; x < 200; x++ {
			if c := img.RGBAAt(x, y); c.B > 200 && c.R < 60 && c.G < 60 {
				blue++
			}
		}
	}
	if blue < 200 {
		t.Errorf("only %d blue text pixels", blue)
	}
	if c := img.RGBAAt(199, 99); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("no text far away: %v", c)
	}
}

func TestPaintFramesAreNotReused(t *testing.T) {
	src := parsePage(t, `<div id=box style="width:10px;height:10px;background:red"></div>`)
	e := NewEngine(src, 50, 50)
	first := renderFrame(e, 0)
	before := first.RGBAAt(10, 10)
	setAttr(byID(src.doc, "box"), "style", "width:10px;height:10px;background:blue")
	src.bump()
	second := renderFrame(e, 16)
	if second == first || first.RGBAAt(10, 10) != before {
		t.Fatal("a returned frame must not be written again")
	}
	e.Recycle(first)
	setAttr(byID(src.doc, "box"), "style", "width:10px;height:10px;background:green")
	src.bump()
	third := renderFrame(e, 32)
	if third != first {
		t.Error("a recycled frame should be reused")
	}
	e.Recycle(third) // the newest frame is never taken back
	src.bump()
	if fourth := renderFrame(e, 48); fourth == third {
		t.Error("the newest frame must not be reused")
	}
}

// TestRecycleFromAnotherGoroutine runs the window's side (showing frames and handing
// them back) concurrently with painting: Paint never hands out a frame the window still
// shows, a shown frame never changes under the window, and handed-back frames are reused.
// test.sh also runs it under the race detector.
func TestRecycleFromAnotherGoroutine(t *testing.T) {
	src := parsePage(t, `<div id=box style="width:10px;height:10px;background:red"></div>`)
	e := NewEngine(src, 64, 64)
	red := color.RGBA{255, 0, 0, 255}
	var mu sync.Mutex
	held := map[*image.RGBA]bool{} // sent to the window and not handed back yet
	frames := make(chan *image.RGBA, 2)
	errs := make(chan string, 1)
	fail := func(msg string) {
		select {
		case errs <- msg:
		default:
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		var shown *image.RGBA
		for f := range frames {
			if c := f.RGBAAt(12, 12); c != red {
				fail(fmt.Sprintf("a received frame shows %v at the box, want red", c))
			}
			if shown != nil {
				if c := shown.RGBAAt(12, 12); c != red {
					fail(fmt.Sprintf("a shown frame changed under the window: %v at the box", c))
				}
				mu.Lock()
				delete(held, shown)
				mu.Unlock()
				e.Recycle(shown)
			}
			shown = f
		}
	}()
	distinct := map[*image.RGBA]bool{}
	const n = 200
	for i := 0; i < n; i++ {
		src.bump()
		f := renderFrame(e, float64(i)*16)
		mu.Lock()
		if held[f] {
			fail(fmt.Sprintf("frame %d: Paint returned a frame the window still shows", i))
		}
		held[f] = true
		mu.Unlock()
		distinct[f] = true
		frames <- f
	}
	close(frames)
	<-done
	select {
	case msg := <-errs:
		t.Fatal(msg)
	default:
	}
	// At most a handful are in flight at once (2 queued, 1 shown, 1 being painted, 3 pooled).
	if len(distinct) > n/2 {
		t.Errorf("%d frames painted into %d distinct images: handed-back frames are not reused", n, len(distinct))
	}
}

func TestStyleSheetChanges(t *testing.T) {
	src := parsePage(t, `<style id=s>#box { width: 10px; height: 10px }</style><div id=box></div>`)
	e := NewEngine(src, 100, 100)
	renderFrame(e, 0)
	if r, _ := e.BoxOf(byID(src.doc, "box")); r.W != 10 {
		t.Fatalf("width %v", r.W)
	}
	byID(src.doc, "s").FirstChild.Data = "#box { width: 20px; height: 10px }"
	src.bump()
	renderFrame(e, 16)
	if r, _ := e.BoxOf(byID(src.doc, "box")); r.W != 20 {
		t.Errorf("edited <style>: width %v, want 20", r.W)
	}
	s := byID(src.doc, "s")
	s.Parent.RemoveChild(s)
	src.bump()
	renderFrame(e, 32)
	if r, _ := e.BoxOf(byID(src.doc, "box")); r.W != 84 {
		t.Errorf("removed <style>: width %v, want 84 (auto)", r.W)
	}
	if len(e.sheets) != 0 {
		t.Errorf("stale sheet caches: %d", len(e.sheets))
	}
}

// TestHugeGlyphsOutsideTheClip: text at a huge size rasterises only the glyphs that can
// reach the clip (issue 14: every glyph of a run was rasterised, megabytes each, which
// stalled FuzzRenderGeometry), and the visible ones are still drawn.
func TestHugeGlyphsOutsideTheClip(t *testing.T) {
	src := parsePage(t, `<body style="margin:0"><p style="font-size:10000px; margin:-1200px 0 0 -100px; white-space:nowrap">labcdefghijkmnopqrstuvwxyz</p>`)
	e := NewEngine(src, 200, 150)
	img := renderFrame(e, 0)
	rasterised := 0
	for _, f := range e.fonts.faces {
		for r := range f.asciiGlyph {
			for _, g := range f.asciiGlyph[r] {
				if g != nil {
					rasterised++
				}
			}
		}
		rasterised += len(f.glyphs)
	}
	if rasterised == 0 || rasterised > 3 {
		t.Errorf("%d glyphs rasterised for a 200×150 view of 2,000 px text, want 1 to 3", rasterised)
	}
	ink := false
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] < 128 {
			ink = true
			break
		}
	}
	if !ink {
		t.Error("the visible part of the first glyph was not drawn")
	}
}

// TestFillGroupIsTheLayersPixels: a group of one fill (an animated box's opacity) is
// composited straight from the fill's colour (fillGroup); the pixels are those of the
// group rastered through its layer (the same group with a second, empty fill), for
// opaque and translucent colours, alphas from 0 to 1, clips, and partial areas.
func TestFillGroupIsTheLayersPixels(t *testing.T) {
	e := NewEngine(parsePage(t, `<body></body>`), 64, 48)
	bg := displayItem{op: opFill, r: image.Rect(0, 0, 64, 48), c: color.RGBA{40, 90, 30, 255}}
	half := displayItem{op: opFill, r: image.Rect(10, 5, 50, 30), c: color.RGBA{60, 0, 60, 128}}
	for _, alpha := range []float64{0, 0.002, 0.1, 1.0 / 3, 0.5, 0.77, 0.999, 1} {
		for _, c := range []color.RGBA{{0, 128, 128, 255}, {100, 20, 0, 200}, {3, 2, 1, 7}} {
			for _, area := range []image.Rectangle{image.Rect(0, 0, 64, 48), image.Rect(12, 9, 33, 20)} {
				group := image.Rect(4, 3, 40, 36)
				fill := displayItem{op: opFill, r: image.Rect(6, 2, 44, 30), c: c}
				clip := displayItem{op: opClip, r: image.Rect(0, 0, 37, 28)}
				push := displayItem{op: opPushLayer, r: group, alpha: alpha}
				pop := displayItem{op: opPopLayer, r: group, alpha: alpha}
				empty := displayItem{op: opFill, r: image.Rect(5, 5, 9, 9)} // transparent: nothing drawn
				lists := [2][]displayItem{
					{bg, half, clip, push, fill, pop, {op: opUnclip}},
					{bg, half, clip, push, fill, empty, pop, {op: opUnclip}},
				}
				var got [2]*image.RGBA
				for k, list := range lists {
					e.list = list
					e.listGen++
					got[k] = image.NewRGBA(image.Rect(0, 0, 64, 48))
					e.rasterise(got[k], area)
				}
				if !bytes.Equal(got[0].Pix, got[1].Pix) {
					t.Fatalf("alpha %v, colour %v, area %v: the fill group differs from its layer at %v", alpha, c, area, firstDiff(got[0], got[1]))
				}
			}
		}
	}
}

// TestAlphaByteIsRoundedClamp: alphaByte is uint32(math.Round(css.Clamp01(alpha) * 255))
// for alphas at and around every half step, random ones, and those outside [0, 1].
func TestAlphaByteIsRoundedClamp(t *testing.T) {
	ref := func(a float64) uint32 { return uint32(math.Round(css.Clamp01(a) * 255)) }
	alphas := []float64{0, math.Copysign(0, -1), 1, -1, 2, math.Inf(1), math.Inf(-1), 1e-300, 0.49999999999999994 / 255}
	for k := 0; k <= 255; k++ {
		for _, v := range []float64{float64(k) / 255, (float64(k) + 0.5) / 255} {
			alphas = append(alphas, v, math.Nextafter(v, 0), math.Nextafter(v, 1), math.Nextafter(math.Nextafter(v, 1), 1))
		}
	}
	rng := rand.New(rand.NewSource(29))
	for range 200000 {
		alphas = append(alphas, rng.Float64())
	}
	for _, a := range alphas {
		if got, want := alphaByte(a), ref(a); got != want {
			t.Fatalf("alphaByte(%v) = %d, want %d", a, got, want)
		}
	}
}

// TestFillGroupBlendsEachPixel: fillGroup gives every pixel the per-channel source-over
// of compositeLayer (written out here pixel by pixel), over frames of random pixels, of
// runs of equal pixels and of flat rows, for random colours, alphas and rectangles.
func TestFillGroupBlendsEachPixel(t *testing.T) {
	rng := rand.New(rand.NewSource(2029))
	for n := range 3000 {
		dst := image.NewRGBA(image.Rect(0, 0, 13, 9))
		run := [4]byte{}
		for i := 0; i < len(dst.Pix); i += 4 {
			switch n % 4 {
			case 0: // random pixels
				rng.Read(run[:])
			case 1: // runs of equal pixels
				if rng.Intn(4) == 0 {
					rng.Read(run[:])
				}
			case 2: // flat rows
				if i%dst.Stride == 0 {
					rng.Read(run[:])
				}
			case 3: // pixels that differ from the one before in one channel
				if rng.Intn(2) == 0 {
					run[rng.Intn(4)]++
				}
			}
			copy(dst.Pix[i:], run[:])
		}
		want := image.NewRGBA(dst.Rect)
		copy(want.Pix, dst.Pix)
		a := uint8(rng.Intn(256))
		c := color.RGBA{uint8(rng.Intn(int(a) + 1)), uint8(rng.Intn(int(a) + 1)), uint8(rng.Intn(int(a) + 1)), a}
		alpha := rng.Float64()
		if n%10 == 0 {
			alpha = float64(rng.Intn(256)) / 255
		}
		r := image.Rect(rng.Intn(15)-1, rng.Intn(11)-1, rng.Intn(15)-1, rng.Intn(11)-1).Canon()
		fillGroup(dst, r, c, alpha)
		al := uint32(math.Round(css.Clamp01(alpha) * 255))
		sa := (uint32(c.A)*al + 127) / 255
		for y := r.Min.Y; y < r.Max.Y && sa > 0; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if !(image.Point{x, y}.In(want.Rect)) {
					continue
				}
				d := want.Pix[want.PixOffset(x, y):]
				ia := 255 - sa
				d[0] = uint8((uint32(c.R)*al+127)/255 + (uint32(d[0])*ia+127)/255)
				d[1] = uint8((uint32(c.G)*al+127)/255 + (uint32(d[1])*ia+127)/255)
				d[2] = uint8((uint32(c.B)*al+127)/255 + (uint32(d[2])*ia+127)/255)
				d[3] = uint8(sa + (uint32(d[3])*ia+127)/255)
			}
		}
		if !bytes.Equal(dst.Pix, want.Pix) {
			t.Fatalf("case %d (colour %v, alpha %v, rect %v): pixel %v differs", n, c, alpha, r, firstDiff(dst, want))
		}
	}
}
