package render

import (
	"image/color"
	"math"
	"strings"

	"golang.org/x/image/colornames"
)

// parseColor parses a CSS <color> except currentcolor, which the caller handles.
// https://drafts.csswg.org/css-color/#color-syntax
func parseColor(s string) (color.NRGBA, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return color.NRGBA{}, false
	}
	if s[0] == '#' {
		return parseHexColor(s[1:])
	}
	if i := strings.IndexByte(s, '('); i > 0 && s[len(s)-1] == ')' {
		name, args := strings.TrimSpace(s[:i]), s[i+1:len(s)-1]
		switch name {
		case "rgb", "rgba":
			return parseRGBFunction(args)
		case "hsl", "hsla":
			return parseHSLFunction(args)
		}
		return color.NRGBA{}, false
	}
	switch s {
	case "transparent":
		return color.NRGBA{}, true
	case "rebeccapurple":
		return color.NRGBA{0x66, 0x33, 0x99, 0xff}, true
	}
	c, ok := colornames.Map[s]
	if !ok {
		return color.NRGBA{}, false
	}
	return color.NRGBA(c), true
}

func hexVal(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// parseHexColor parses the digits of a <hex-color>: 3, 4, 6 or 8 of them.
// https://drafts.csswg.org/css-color/#hex-notation
func parseHexColor(h string) (color.NRGBA, bool) {
	var d [8]uint8
	if len(h) != 3 && len(h) != 4 && len(h) != 6 && len(h) != 8 {
		return color.NRGBA{}, false
	}
	for i := 0; i < len(h); i++ {
		v, ok := hexVal(h[i])
		if !ok {
			return color.NRGBA{}, false
		}
		d[i] = v
	}
	switch len(h) {
	case 3:
		return color.NRGBA{d[0] * 17, d[1] * 17, d[2] * 17, 255}, true
	case 4:
		return color.NRGBA{d[0] * 17, d[1] * 17, d[2] * 17, d[3] * 17}, true
	case 6:
		return color.NRGBA{d[0]<<4 | d[1], d[2]<<4 | d[3], d[4]<<4 | d[5], 255}, true
	}
	return color.NRGBA{d[0]<<4 | d[1], d[2]<<4 | d[3], d[4]<<4 | d[5], d[6]<<4 | d[7]}, true
}

// colorArgs splits the arguments of rgb()/hsl() in the legacy comma syntax or the modern
// space syntax with an optional "/ alpha".
func colorArgs(args string) ([]string, bool) {
	if strings.Contains(args, ",") {
		parts := strings.Split(args, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts, len(parts) == 3 || len(parts) == 4
	}
	args = strings.Replace(args, "/", " / ", 1)
	f := strings.Fields(args)
	switch {
	case len(f) == 3:
		return f, true
	case len(f) == 5 && f[3] == "/":
		return []string{f[0], f[1], f[2], f[4]}, true
	}
	return nil, false
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// parseAlpha parses an <alpha-value>: a number or a percentage.
func parseAlpha(s string) (uint8, bool) {
	v, ok := parseNumberOrPercent(s, 1)
	if !ok {
		return 0, false
	}
	return uint8(math.Round(clamp01(v) * 255)), true
}

// parseNumberOrPercent returns a number, or a percentage scaled so that 100% is full.
func parseNumberOrPercent(s string, full float64) (float64, bool) {
	if strings.HasSuffix(s, "%") {
		v, ok := parseNumber(s[:len(s)-1])
		return v / 100 * full, ok
	}
	return parseNumber(s)
}

// parseRGBFunction parses the arguments of rgb() and rgba().
// https://drafts.csswg.org/css-color/#rgb-functions
func parseRGBFunction(args string) (color.NRGBA, bool) {
	f, ok := colorArgs(args)
	if !ok {
		return color.NRGBA{}, false
	}
	var c [3]uint8
	for i := 0; i < 3; i++ {
		v, ok := parseNumberOrPercent(f[i], 255)
		if !ok {
			return color.NRGBA{}, false
		}
		c[i] = uint8(math.Round(math.Max(0, math.Min(255, v))))
	}
	a := uint8(255)
	if len(f) == 4 {
		if a, ok = parseAlpha(f[3]); !ok {
			return color.NRGBA{}, false
		}
	}
	return color.NRGBA{c[0], c[1], c[2], a}, true
}

// parseHSLFunction parses the arguments of hsl() and hsla().
// https://drafts.csswg.org/css-color/#the-hsl-notation
func parseHSLFunction(args string) (color.NRGBA, bool) {
	f, ok := colorArgs(args)
	if !ok {
		return color.NRGBA{}, false
	}
	h, ok1 := parseNumber(strings.TrimSuffix(f[0], "deg"))
	s, ok2 := parseNumberOrPercent(f[1], 1)
	l, ok3 := parseNumberOrPercent(f[2], 1)
	if !ok1 || !ok2 || !ok3 {
		return color.NRGBA{}, false
	}
	a := uint8(255)
	if len(f) == 4 {
		if a, ok = parseAlpha(f[3]); !ok {
			return color.NRGBA{}, false
		}
	}
	h = math.Mod(math.Mod(h, 360)+360, 360)
	s, l = clamp01(s), clamp01(l)
	conv := func(n float64) uint8 {
		k := math.Mod(n+h/30, 12)
		v := l - s*math.Min(l, 1-l)*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))
		return uint8(math.Round(v * 255))
	}
	return color.NRGBA{conv(0), conv(8), conv(4), a}, true
}

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
