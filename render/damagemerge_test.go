package render

import (
	"image"
	"math/rand"
	"testing"
)

// TestMergeDamage: merged damage covers every pixel of the rectangles it merged, keeps to
// its limit, and adds no area where rectangles only overlap.
func TestMergeDamage(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		n := 1 + rng.Intn(300)
		rects := make([]image.Rectangle, n)
		for i := range rects {
			x, y := rng.Intn(400), rng.Intn(600)
			rects[i] = image.Rect(x, y, x+1+rng.Intn(60), y+1+rng.Intn(20))
		}
		in := append([]image.Rectangle(nil), rects...)
		limit := 1 + rng.Intn(20)
		out := mergeDamage(rects, limit, rng.Intn(3000))
		if len(out) > limit {
			t.Fatalf("round %d: %d rectangles, limit %d", round, len(out), limit)
		}
		for _, r := range in {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					if !covered(out, image.Pt(x, y)) {
						t.Fatalf("round %d: %v of %v not covered by %v", round, image.Pt(x, y), r, out)
					}
				}
			}
		}
	}
	// The old and new rectangles of boxes far apart stay apart, each pair one rectangle.
	var rects []image.Rectangle
	for i := 0; i < 10; i++ {
		rects = append(rects, image.Rect(0, 60*i, 100, 60*i+3), image.Rect(0, 60*i, 120, 60*i+3))
	}
	if out := mergeDamage(rects, 16, 1000); len(out) != 10 || rectArea(out[0]) != 360 {
		t.Errorf("merged into %v, want the 10 rows of 120×3", out)
	}
}

func covered(rects []image.Rectangle, p image.Point) bool {
	for _, r := range rects {
		if p.In(r) {
			return true
		}
	}
	return false
}
