package window

import (
	"bytes"
	"image/color"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

const lineH = 16

// fonts are the shell's faces (Ebiten caches the glyphs): the Go fonts, and after them, for
// the characters they lack (the seeds' Chinese titles and sections, a page's CJK console
// lines), a CJK face when one is installed (cjkFontFiles).
type fonts struct {
	regular, bold, mono text.Face
}

// cjkFontFiles are where Debian's fonts-noto-cjk puts its collections (README: apt-get install
// fonts-noto-cjk); the first one present is used, its Simplified Chinese face.
var cjkFontFiles = []string{
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
}

func loadFonts() *fonts {
	face := func(ttf []byte, size float64) *text.GoTextFace {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
		if err != nil {
			panic("window: embedded Go font does not load: " + err.Error())
		}
		return &text.GoTextFace{Source: src, Size: size}
	}
	cjk := loadCJK()
	withCJK := func(f *text.GoTextFace) text.Face {
		if cjk == nil {
			return f
		}
		m, err := text.NewMultiFace(f, &text.GoTextFace{Source: cjk, Size: f.Size})
		if err != nil {
			return f
		}
		return m
	}
	return &fonts{regular: withCJK(face(goregular.TTF, 13)), bold: withCJK(face(gobold.TTF, 13)), mono: withCJK(face(gomono.TTF, 12))}
}

// loadCJK reads the first CJK collection of cjkFontFiles present (nil: none; the CJK text
// is then drawn as the Go fonts' empty boxes).
func loadCJK() *text.GoTextFaceSource {
	for _, path := range cjkFontFiles {
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		srcs, err := text.NewGoTextFaceSourcesFromCollection(f)
		f.Close()
		if err != nil || len(srcs) == 0 {
			continue
		}
		for _, src := range srcs {
			if strings.HasSuffix(src.Metadata().Family, " SC") {
				return src
			}
		}
		return srcs[0]
	}
	return nil
}

func (f *fonts) draw(dst *ebiten.Image, s string, x, y int, c color.Color, bold bool) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(x), float64(y))
	op.ColorScale.ScaleWithColor(c)
	face := f.regular
	if bold {
		face = f.bold
	}
	text.Draw(dst, s, face, op)
}

func (f *fonts) drawMono(dst *ebiten.Image, s string, x, y int, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(x), float64(y))
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, f.mono, op)
}

// width is the advance of s in face, in pixels.
func width(face text.Face, s string) int { return int(text.Advance(s, face) + 0.5) }

// elide fits s into px pixels of face: s itself when it fits, else its start and its end
// with "…" between them, so that lines that differ only at their end ("execute
// requestIdleCallback" and "… 2") still look different, and the cut is made by the
// pixels there are, not by a count of characters (issue 25).
func elide(face text.Face, s string, px int) string {
	if width(face, s) <= px {
		return s
	}
	r := []rune(s)
	cut := func(keep int) string {
		head := (keep*3 + 4) / 5 // a little more of the start, which names the thing
		return string(r[:head]) + "…" + string(r[len(r)-(keep-head):])
	}
	lo, hi := 0, len(r)-1 // the most runes kept that fit: cut(lo) fits (or lo is 0)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if width(face, cut(mid)) <= px {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return "…"
	}
	return cut(lo)
}
