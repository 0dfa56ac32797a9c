package render

import (
	"image"
	"math/rand"
	"testing"

	"golang.org/x/image/draw"
)

func TestDrawOverRGBAIsDrawOver(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 20; k++ {
		src := image.NewRGBA(image.Rect(3, 5, 40, 30))
		for i := 0; i < len(src.Pix); i += 4 {
			a := uint8(rng.Intn(256))
			switch rng.Intn(3) {
			case 0:
				a = 0
			case 1:
				a = 255
			}
			src.Pix[i+3] = a
			for c := 0; c < 3; c++ {
				src.Pix[i+c] = uint8(rng.Intn(int(a) + 1))
			}
		}
		a, b := image.NewRGBA(image.Rect(0, 0, 60, 50)), image.NewRGBA(image.Rect(0, 0, 60, 50))
		for i := range a.Pix {
			a.Pix[i] = uint8(rng.Intn(256))
		}
		copy(b.Pix, a.Pix)
		r := image.Rect(7, 4, 44, 29)
		drawOverRGBA(a, r, src, src.Rect.Min)
		draw.Copy(b, r.Min, src, src.Rect, draw.Over, nil)
		for i := range a.Pix {
			if a.Pix[i] != b.Pix[i] {
				t.Fatalf("round %d: byte %d: %d, draw.Over gives %d", k, i, a.Pix[i], b.Pix[i])
			}
		}
	}
}
