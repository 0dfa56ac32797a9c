package render

import (
	"image"
	"math/rand/v2"
	"testing"
)

// TestCopyExcept: copyExcept copies every pixel of the rectangle that no rectangle left out
// covers, and only those, with rectangles left out that overlap, cross its edges, lie
// outside it or are empty, and says how many it copied.
func TestCopyExcept(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 7))
	b := image.Rect(0, 0, 64, 48)
	randRect := func() image.Rectangle {
		x0, y0 := rng.IntN(80)-8, rng.IntN(64)-8
		return image.Rect(x0, y0, x0+rng.IntN(40), y0+rng.IntN(30))
	}
	for n := 0; n < 500; n++ {
		src, dst := image.NewRGBA(b), image.NewRGBA(b)
		for i := range src.Pix {
			src.Pix[i], dst.Pix[i] = byte(rng.IntN(255)+1), 0
		}
		r := randRect()
		except := make([]image.Rectangle, rng.IntN(8))
		for i := range except {
			except[i] = randRect()
		}
		got := copyExcept(dst, src, r, except)
		want := 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				p := image.Pt(x, y)
				copied := p.In(r)
				for _, e := range except {
					copied = copied && !p.In(e)
				}
				if copied {
					want++
				}
				i := dst.PixOffset(x, y)
				if was := dst.Pix[i] != 0; was != copied {
					t.Fatalf("case %d: copy %v except %v: pixel %v copied %v, want %v", n, r, except, p, was, copied)
				}
			}
		}
		if got != want {
			t.Fatalf("case %d: copy %v except %v says %d pixels copied, want %d", n, r, except, got, want)
		}
	}
}

// TestCatchUpLeavesOutWhatIsRastered: a recycled frame is not given the pixels the frame
// rasters anyway. A div whose colour changes every frame damages the same rectangle each
// time: a frame handed back two frames late lacks only that rectangle, which it rasters,
// so catching up copies nothing; each frame is still a full render's.
func TestCatchUpLeavesOutWhatIsRastered(t *testing.T) {
	const page = `<!DOCTYPE html><style>body { margin: 0 } div { height: 20px; margin: 4px }</style><body>
<div id=a>one</div><div id=b>two</div>`
	doc, src, inc, full := incrementalAndFull(t, page)
	colours := []string{"#f00", "#0a0", "#00f", "#fa0"}
	var shown []*image.RGBA
	caughtUp := 0
	for i := 0; i < 20; i++ {
		setAttr(byID(doc, "a"), "style", "background-color: "+colours[i%4])
		src.change(ChangeAttribute, byID(doc, "a"), "style")
		partial := inc.ages.partial
		got := renderFrame(inc, float64(i)*16)
		full.lastFrame = nil
		want := renderFrame(full, float64(i)*16)
		if p := firstDiff(got, want); p.X >= 0 {
			t.Fatalf("frame %d: differs from a full render at %v", i, p)
		}
		if inc.ages.partial > partial {
			caughtUp++
			if inc.ages.copied != 0 {
				t.Errorf("frame %d: catching up copied %d pixels, all of them rastered again", i, inc.ages.copied)
			}
		}
		shown = append(shown, got)
		if len(shown) > 2 {
			inc.Recycle(shown[0])
			shown = shown[1:]
		}
	}
	if caughtUp == 0 {
		t.Error("no frame was caught up from a recycled one")
	}
}
