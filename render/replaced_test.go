package render

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/html"
)

// imageSource is a staticSource whose img elements all show one image (or none).
type imageSource struct {
	*staticSource
	pixels image.Image
	w, h   int
	broken bool
}

func (s *imageSource) Image(n *html.Node) (image.Image, int, int, bool, bool) {
	if !isImageElement(n) {
		return nil, 0, 0, false, false
	}
	return s.pixels, s.w, s.h, s.broken, true
}

// halves is a w × h image, its left half red and its right half blue.
func halves(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{255, 0, 0, 255}
			if x >= w/2 {
				c = color.RGBA{0, 0, 255, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// An img is painted scaled into its content box: a 40 × 20 image given width 80 covers
// (10, 10)-(90, 50) inside its 1px border and 4px padding, red on the left, blue on the
// right, and nothing outside it.
func TestImagePaintedIntoItsContentBox(t *testing.T) {
	src := &imageSource{staticSource: parsePage(t, `<body style="margin: 5px">
		<img width="80" style="display: block; border: 1px solid transparent; padding: 4px" src="x.png"></body>`),
		pixels: halves(40, 20), w: 40, h: 20}
	e := NewEngine(src, 200, 100)
	frame := renderFrame(e, 0)
	for _, c := range []struct {
		x, y int
		want color.RGBA
	}{
		{12, 12, color.RGBA{255, 0, 0, 255}}, {48, 48, color.RGBA{255, 0, 0, 255}},
		{52, 12, color.RGBA{0, 0, 255, 255}}, {88, 48, color.RGBA{0, 0, 255, 255}},
		{9, 30, color.RGBA{255, 255, 255, 255}}, {91, 30, color.RGBA{255, 255, 255, 255}},
		{50, 51, color.RGBA{255, 255, 255, 255}},
	} {
		if got := frame.RGBAAt(c.x, c.y); got != c.want {
			t.Errorf("(%d, %d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	// A damaged area rastered alone matches the full raster.
	part := image.NewRGBA(frame.Rect)
	e.rasterise(part, image.Rect(30, 20, 70, 40))
	for y := 20; y < 40; y++ {
		for x := 30; x < 70; x++ {
			if part.RGBAAt(x, y) != frame.RGBAAt(x, y) {
				t.Fatalf("(%d, %d): damaged raster %v, full %v", x, y, part.RGBAAt(x, y), frame.RGBAAt(x, y))
			}
		}
	}
}

// An image that is not available takes no room; a broken one takes the icon's 16 × 16
// inline (and paints nothing).
func TestImageSizeWithoutPixels(t *testing.T) {
	for _, c := range []struct {
		name   string
		broken bool
		w, h   float64
	}{{"unavailable", false, 0, 0}, {"broken", true, 16, 16}} {
		src := &imageSource{staticSource: parsePage(t, `<body><img id="i" src="x.png"></body>`), broken: c.broken}
		e := NewEngine(src, 200, 100)
		renderFrame(e, 0)
		r, ok := e.BoxOf(byID(src.doc, "i"))
		if !ok || r.W != c.w || r.H != c.h {
			t.Errorf("%s: %+v %v, want %vx%v", c.name, r, ok, c.w, c.h)
		}
	}
}

// The rules for parsing dimension values.
func TestParseDimensionValue(t *testing.T) {
	for in, want := range map[string]string{"80": "80px", " 12.5px": "12.5px", "50%": "50%", "7abc": "7px", "0": "0px", "3.": "3px"} {
		l, ok := parseDimensionValue(in)
		got := ""
		if ok {
			got = (&computedStyle{}).lengthString(computeLength(l, fontBasis{size: 16}, &computeContext{}))
		}
		if got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"", "abc", "-5", ".5", "%"} {
		if _, ok := parseDimensionValue(in); ok {
			t.Errorf("%q parsed", in)
		}
	}
}

// TestObjectFitMatchesChrome: object-fit (fill, contain, cover, none, scale-down) and
// object-position (keywords, percentages, lengths, negative ones) place a 40 × 20 image in
// its content box as Chromium 156 paints them, clipped to the content box
// (testdata/objectfit/object_fit.png, its screenshot of the same page: testdata/objectfit/gen.sh).
// Chrome scales without blending at the colours' edges and the engine bilinearly, so a
// pixel may differ where two colours meet, and only there: a misplaced or unclipped image
// differs over whole rows and columns of pixels.
func TestObjectFitMatchesChrome(t *testing.T) {
	b, err := os.ReadFile("testdata/objectfit/object_fit.html")
	if err != nil {
		t.Fatal(err)
	}
	pixels := loadPNG(t, "testdata/objectfit/quarters.png")
	src := &imageSource{staticSource: parsePage(t, string(b)), pixels: pixels, w: 40, h: 20}
	got := renderFrame(NewEngine(src, 800, 600), 0)
	want := loadPNG(t, "testdata/objectfit/object_fit.png")
	bad, at := pixelDiff(got, want, 96)
	if os.Getenv("VERBOSE_DIFF") != "" {
		savePNG(t, filepath.Join(t.TempDir(), "got.png"), got)
		t.Logf("%d pixels differ, worst at %v", bad, at)
	}
	if bad > 20 { // 0 today
		t.Errorf("%d pixels differ from Chrome's (at most 20 at the colours' edges); worst at %v", bad, at)
	}
}
