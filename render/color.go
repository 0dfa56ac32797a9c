package render

import (
	"image/color"
	"math"
)

// premultiplied converts to premultiplied 8-bit RGBA.
func premultiplied(c color.NRGBA) color.RGBA {
	a := uint32(c.A)
	return color.RGBA{uint8((uint32(c.R)*a + 127) / 255), uint8((uint32(c.G)*a + 127) / 255), uint8((uint32(c.B)*a + 127) / 255), c.A}
}

// interpolateColor interpolates in premultiplied sRGB, as CSS transitions do.
// https://drafts.csswg.org/css-color/#interpolation-alpha
func interpolateColor(a, b color.NRGBA, p float64) color.NRGBA {
	aa, ba := float64(a.A)/255, float64(b.A)/255
	alpha := aa + (ba-aa)*p
	if alpha <= 0 {
		return color.NRGBA{}
	}
	ch := func(x, y uint8) uint8 {
		v := (float64(x)*aa + (float64(y)*ba-float64(x)*aa)*p) / alpha
		return uint8(math.Round(math.Max(0, math.Min(255, v))))
	}
	return color.NRGBA{ch(a.R, b.R), ch(a.G, b.G), ch(a.B, b.B), uint8(math.Round(alpha * 255))}
}
