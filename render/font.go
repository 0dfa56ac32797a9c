package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// subpixelPhases is how many horizontal sub-pixel positions each glyph is cached at.
const subpixelPhases = 4

// fontKey identifies a face: weight class and size in 1/64 px.
type fontKey struct {
	bold bool
	mono bool
	size int32
}

// glyphKey identifies a cached glyph bitmap.
type glyphKey struct {
	r     rune
	phase uint8
}

// cachedGlyph is a rasterised glyph: its coverage mask and the mask's offset from the
// pen position (dot) on the baseline.
type cachedGlyph struct {
	mask   *image.Alpha
	offset image.Point
}

// face is one font at one size with its metrics and caches of advances and glyphs.
type face struct {
	f          font.Face
	ascent     float64 // rounded, as Chrome rounds font metrics
	descent    float64
	lineGap    float64
	normalLine float64 // line-height: normal
	xHeight    float64 // rounded, as Chrome rounds it (the px of 1ex)
	space      float64 // advance of U+0020
	ascii      [128]float64
	advances   map[rune]float64
	glyphs     map[glyphKey]*cachedGlyph
	asciiGlyph [128][subpixelPhases]*cachedGlyph
}

// fontCache holds the parsed Go fonts and every face made from them.
type fontCache struct {
	regular, bold  *opentype.Font
	mono, monoBold *opentype.Font
	faces          map[fontKey]*face
}

func newFontCache() (*fontCache, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("render: parse Go Regular: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("render: parse Go Bold: %w", err)
	}
	mono, err := opentype.Parse(gomono.TTF)
	if err != nil {
		return nil, fmt.Errorf("render: parse Go Mono: %w", err)
	}
	monoBold, err := opentype.Parse(gomonobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("render: parse Go Mono Bold: %w", err)
	}
	return &fontCache{regular: reg, bold: bold, mono: mono, monoBold: monoBold, faces: make(map[fontKey]*face)}, nil
}

// faceFor returns the face for a computed style (Go Bold from weight 600 up, as font
// matching picks the bold face). https://drafts.csswg.org/css-fonts/#font-style-matching
func (fc *fontCache) faceFor(st *computedStyle) *face { return fc.faceOf(st.fontBasis()) }

// faceOf returns the face of a font.
func (fc *fontCache) faceOf(fb fontBasis) *face {
	size := fb.size
	if size <= 0 || math.IsNaN(size) {
		size = 0.01
	}
	if size > 2000 {
		size = 2000
	}
	key := fontKey{bold: fb.bold, mono: fb.mono, size: int32(math.Round(size * 64))}
	if f, ok := fc.faces[key]; ok {
		return f
	}
	src := fc.regular
	switch {
	case key.mono && key.bold:
		src = fc.monoBold
	case key.mono:
		src = fc.mono
	case key.bold:
		src = fc.bold
	}
	var ff font.Face
	var err error
	if src != nil {
		ff, err = opentype.NewFace(src, &opentype.FaceOptions{Size: float64(key.size) / 64, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			ff = nil
		}
	}
	f := &face{f: ff, advances: make(map[rune]float64), glyphs: make(map[glyphKey]*cachedGlyph)}
	if ff != nil {
		m := ff.Metrics()
		f.ascent = math.Round(fixedToFloat(m.Ascent))
		f.descent = math.Round(fixedToFloat(m.Descent))
		f.lineGap = math.Round(math.Max(0, fixedToFloat(m.Height-m.Ascent-m.Descent)))
		f.normalLine = f.ascent + f.descent + f.lineGap
		f.xHeight = math.Round(fixedToFloat(m.XHeight))
		if m.XHeight <= 0 { // no OS/2 sxHeight: 0.5em (css-values-4 §6.1.1)
			f.xHeight = float64(key.size) / 64 / 2
		}
		for r := rune(0); r < 128; r++ {
			a, _ := ff.GlyphAdvance(r)
			f.ascii[r] = fixedToFloat(a)
		}
		f.space = f.ascii[' ']
	}
	fc.faces[key] = f
	return f
}

func fixedToFloat(v fixed.Int26_6) float64 { return float64(v) / 64 }

// advance returns the advance width of r in px.
func (f *face) advance(r rune) float64 {
	if r >= 0 && r < 128 {
		return f.ascii[r]
	}
	if a, ok := f.advances[r]; ok {
		return a
	}
	var a float64
	if f.f != nil {
		adv, _ := f.f.GlyphAdvance(r)
		a = fixedToFloat(adv)
	}
	f.advances[r] = a
	return a
}

// measure returns the advance width of s.
func (f *face) measure(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += f.advance(r)
	}
	return w
}

// glyph returns the cached bitmap of r at a sub-pixel phase, rasterising it once.
func (f *face) glyph(r rune, phase uint8) *cachedGlyph {
	ascii := r >= 0 && r < 128
	if ascii {
		if g := f.asciiGlyph[r][phase]; g != nil {
			return g
		}
	}
	k := glyphKey{r, phase}
	if g, ok := f.glyphs[k]; ok {
		return g
	}
	g := &cachedGlyph{}
	if f.f != nil {
		dot := fixed.Point26_6{X: fixed.Int26_6(int(phase) * 64 / subpixelPhases)}
		dr, mask, maskp, _, ok := f.f.Glyph(dot, r)
		if ok && !dr.Empty() {
			a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
			draw.Draw(a, a.Bounds(), mask, maskp, draw.Src) // the face reuses its mask buffer
			g.mask, g.offset = a, dr.Min
		}
	}
	if ascii {
		f.asciiGlyph[r][phase] = g
	} else {
		f.glyphs[k] = g
	}
	return g
}
