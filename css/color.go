package css

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/colornames"
)

// Colours. https://drafts.csswg.org/css-color/ (2026-11-01)

// ParseColor parses a CSS <color> except currentcolor, which the caller handles.
// https://drafts.csswg.org/css-color/#color-syntax
func ParseColor(s string) (color.NRGBA, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return color.NRGBA{}, false
	}
	if s[0] == '#' {
		return ParseHexColor(s[1:])
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
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// ParseHexColor parses the digits of a <hex-color>: 3, 4, 6 or 8 of them.
// https://drafts.csswg.org/css-color/#hex-notation
func ParseHexColor(h string) (color.NRGBA, bool) {
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

// parseAlpha parses an <alpha-value>: a number or a percentage.
func parseAlpha(s string) (uint8, bool) {
	v, ok := ParseNumberOrPercent(s, 1)
	if !ok {
		return 0, false
	}
	return uint8(math.Round(Clamp01(v) * 255)), true
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
		v, ok := ParseNumberOrPercent(f[i], 255)
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
	h, ok1 := ParseNumber(strings.TrimSuffix(f[0], "deg"))
	s, ok2 := ParseNumberOrPercent(f[1], 1)
	l, ok3 := ParseNumberOrPercent(f[2], 1)
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
	s, l = Clamp01(s), Clamp01(l)
	conv := func(n float64) uint8 {
		k := math.Mod(n+h/30, 12)
		v := l - s*math.Min(l, 1-l)*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))
		return uint8(math.Round(v * 255))
	}
	return color.NRGBA{conv(0), conv(8), conv(4), a}, true
}

// FormatColor serialises an sRGB colour as Chrome does: rgb() when opaque, else rgba()
// with the shortest alpha (two, else three decimals) that maps back to the same 8-bit
// value. https://drafts.csswg.org/css-color/#serializing-sRGB-values
func FormatColor(c color.NRGBA) string {
	rgb := strconv.Itoa(int(c.R)) + ", " + strconv.Itoa(int(c.G)) + ", " + strconv.Itoa(int(c.B))
	if c.A == 255 {
		return "rgb(" + rgb + ")"
	}
	a := math.Round(float64(c.A)/255*100) / 100
	if uint8(math.Round(a*255)) != c.A {
		a = math.Round(float64(c.A)/255*1000) / 1000
	}
	return "rgba(" + rgb + ", " + FormatNumber(a) + ")"
}
