package window

import (
	"bytes"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

const lineH = 16

// fonts are the shell's faces (Ebiten caches the glyphs).
type fonts struct {
	regular, bold, mono *text.GoTextFace
}

func loadFonts() *fonts {
	face := func(ttf []byte, size float64) *text.GoTextFace {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
		if err != nil {
			panic("window: embedded Go font does not load: " + err.Error())
		}
		return &text.GoTextFace{Source: src, Size: size}
	}
	return &fonts{regular: face(goregular.TTF, 13), bold: face(gobold.TTF, 13), mono: face(gomono.TTF, 12)}
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
