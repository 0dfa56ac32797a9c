package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// paintedFrames runs a built-in demo headless (virtual time) with -filmstrip and returns its
// painted frames in order.
func paintedFrames(t *testing.T, demo string, args ...string) []*image.RGBA {
	t.Helper()
	dir := t.TempDir()
	all := append([]string{"-headless", "-virtual-time", "-script-timeout", "120s", "-filmstrip", dir}, args...)
	all = append(all, demo)
	_, stderr, code := runCLI(t, nil, headlessBin, all...)
	if code != 0 || stderr != "" {
		t.Fatalf("%s: exit %d, stderr %q", demo, code, stderr)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	sort.Strings(names)
	var frames []*image.RGBA
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		rgba, ok := img.(*image.RGBA)
		if !ok {
			rgba = image.NewRGBA(img.Bounds())
			for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
				for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
					rgba.Set(x, y, img.At(x, y))
				}
			}
		}
		frames = append(frames, rgba)
	}
	if len(frames) == 0 {
		t.Fatalf("%s: no frame painted", demo)
	}
	return frames
}

// colorBox counts the pixels of exactly the colour (r, g, b) and returns their bounding box.
func colorBox(img *image.RGBA, r, g, b uint8) (int, image.Rectangle) {
	n, box := 0, image.Rectangle{}
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		row := img.Pix[(y-bd.Min.Y)*img.Stride:]
		for x := 0; x < bd.Dx(); x++ {
			p := row[x*4:]
			if p[0] == r && p[1] == g && p[2] == b {
				if n == 0 {
					box = image.Rect(x, y, x+1, y+1)
				} else {
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
				n++
			}
		}
	}
	return n, box
}

// distinct collapses runs of identical consecutive frames.
func distinct(frames []*image.RGBA) []*image.RGBA {
	var out []*image.RGBA
	for _, f := range frames {
		if len(out) == 0 || !bytes.Equal(out[len(out)-1].Pix, f.Pix) {
			out = append(out, f)
		}
	}
	return out
}

// Seed 000 "rendering": changes inside one task never reach the screen. Every painted frame
// shows the 200×200 blue square; none shows it red or missing.
func TestFilmstripRendering(t *testing.T) {
	for i, f := range paintedFrames(t, "rendering") {
		if n, _ := colorBox(f, 0xe0, 0x20, 0x20); n > 0 {
			t.Errorf("frame %d shows %d red pixels", i, n)
		}
		if n, box := colorBox(f, 0x2f, 0x6f, 0xd6); n != 200*200 || box.Dx() != 200 || box.Dy() != 200 {
			t.Errorf("frame %d: blue square %d px in %v, want 200×200", i, n, box)
		}
	}
}

// Seed 000 "rAF_compatibility": a box shown by the script and hidden in rAF is never painted
// in spec mode (rAF runs before paint), and is painted for a frame in legacy-raf mode (old
// Safari/Edge ran rAF after paint).
func TestFilmstripRAFCompatibility(t *testing.T) {
	for i, f := range paintedFrames(t, "rAF_compatibility") {
		if n, _ := colorBox(f, 0xe0, 0x20, 0x20); n > 0 {
			t.Errorf("spec: frame %d shows %d red pixels: the square flashed", i, n)
		}
	}
	frames := paintedFrames(t, "rAF_compatibility", "-mode", "legacy-raf")
	flashed := 0
	for _, f := range frames {
		if n, box := colorBox(f, 0xe0, 0x20, 0x20); n == 200*200 && box.Dx() == 200 {
			flashed++
		}
	}
	if flashed == 0 {
		t.Error("legacy-raf: no frame shows the red square")
	}
	if n, _ := colorBox(frames[len(frames)-1], 0xe0, 0x20, 0x20); n > 0 {
		t.Error("legacy-raf: the last frame still shows the red square")
	}
}

// Seed 000 "async_task_is_before_rendering": button 1 hides the square and a microtask shows
// it again (no frame without it); button 2 moves it 300 px and a microtask moves it to 100 px:
// the transition slides it 100 px, never further.
func TestFilmstripAsyncTaskBeforeRendering(t *testing.T) {
	frames := paintedFrames(t, "async_task_is_before_rendering")
	var left []int
	for i, f := range frames {
		n, box := colorBox(f, 0xe0, 0x20, 0x20)
		if n != 100*100 {
			t.Fatalf("frame %d: the square has %d px, want 100×100 (it must never disappear)", i, n)
		}
		left = append(left, box.Min.X)
	}
	start, end := left[0], left[len(left)-1]
	if end-start != 100 {
		t.Errorf("the square ends %d px right of its start, want 100", end-start)
	}
	moving := 0
	for i, x := range left {
		if x-start > 100 || x < start {
			t.Errorf("frame %d: square at +%d px, outside [0, 100]", i, x-start)
		}
		if x != start && x != end {
			moving++
		}
	}
	if moving < 30 {
		t.Errorf("only %d frames between the start and the end: the square did not slide over about 1 s", moving)
	}
}

// Seed 003 "long_microtasks": a task writes task1 and queues 250,000 promise callbacks; no
// frame can be painted until they all ran, so the screen goes 0 → 250000 → task2, never task1.
func TestFilmstripLongMicrotasks(t *testing.T) {
	if testing.Short() {
		t.Skip("250,000 promise callbacks take seconds in goja")
	}
	if d := distinct(paintedFrames(t, "long_microtasks")); len(d) != 3 {
		t.Errorf("%d distinct painted states, want 3 (0, 250000, task2)", len(d))
	}
}

// Seed 003 "frames_of_timeouts" through -filmstrip: every value the rAF probe says a frame
// shows is a distinct painted frame (nothing is painted that the probe did not see), and the
// values are one of the outputs a 60 Hz display allows (page/frames_test.go checks each phase).
func TestFilmstripFramesOfTimeouts(t *testing.T) {
	dir := t.TempDir()
	stdout, stderr, code := runCLI(t, nil, headlessBin, "-headless", "-virtual-time", "-filmstrip", dir, "frames_of_timeouts")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	shown := lines(stdout)
	allowed := map[string]bool{
		"frame shows 1\nframe shows 2\nframe shows 3\nframe shows 4": true,
		"frame shows 1\nframe shows 3\nframe shows 4":                true,
		"frame shows 2\nframe shows 3\nframe shows 4":                true,
	}
	if !allowed[stdout[:max(len(stdout)-1, 0)]] {
		t.Errorf("probe output %q is not one a 60 Hz display allows", shown)
	}
	var frames []*image.RGBA
	names, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	sort.Strings(names)
	for _, n := range names {
		b, _ := os.ReadFile(n)
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		frames = append(frames, img.(*image.RGBA))
	}
	if got := len(distinct(frames)); got != len(shown)+1 {
		t.Errorf("%d distinct painted frames, want %d (the initial 0, then each value the probe saw)", got, len(shown)+1)
	}
}
