package window

import (
	"bytes"
	"image/color"
	"math"
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
	// The line box of each face: a Go font's ascent and descent. With the CJK face after
	// them, a face's own ascent is the CJK face's, 1.16 em against Go's 0.91, which put
	// every line's baseline 3 px lower than the design's (the tabs' labels on their
	// underline); drawn up by raise, the Go glyphs sit where they sit without it, and the CJK
	// glyphs (an ideograph's em box is 0.88 em up, 0.12 down) fit the same box.
	regularBox, boldBox, monoBox lineBox
	// Measuring a text shapes it (about as costly as drawing it): what the drawing measures,
	// elides and wraps is kept (the same texts come every frame), forgotten when it grows.
	widths map[measured]int
	elided map[measured]string
	wraps  map[measured][]string
	// texts, when set, records every text drawn and the region it was drawn for (the
	// layout test reads it, layout_test.go); nil in the app.
	texts *textLog
}

// textLog is the debug list of the texts one Draw drew: each string, its box (its advance
// by the face's ascent and descent) and the region of the window it belongs to.
type textLog struct {
	region string // the region being drawn now (fonts.region)
	area   rect
	boxes  []textBox
}

// textBox is one text drawn.
type textBox struct {
	s      string
	box    rect
	region string
	area   rect // the region's rectangle: the box must lie inside it
}

// region says which region of the window the texts drawn next belong to (recorded only
// while texts is set).
func (f *fonts) region(name string, area rect) {
	if f.texts != nil {
		f.texts.region, f.texts.area = name, area
	}
}

// lineBox is where a face's glyphs are on a line drawn at y: from y to y+height (the Go
// font's ascent and descent), its baseline drawn raise px higher than the face's own
// metrics would put it.
type lineBox struct {
	raise, height float64
}

// boxOf measures the line box of face, whose first face is goFace.
func boxOf(face text.Face, goFace *text.GoTextFace) lineBox {
	m, g := face.Metrics(), goFace.Metrics()
	return lineBox{raise: m.HAscent - g.HAscent, height: g.HAscent + g.HDescent}
}

// record notes a text drawn at (x, y) with line box lb.
func (f *fonts) record(s string, x, y int, face text.Face, lb lineBox) {
	if f.texts == nil || s == "" {
		return
	}
	w := text.Advance(s, face)
	h := lb.height + float64(strings.Count(s, "\n"))*lineH
	f.texts.boxes = append(f.texts.boxes, textBox{s: s, box: rect{x, y, int(math.Ceil(w)), int(math.Ceil(h))},
		region: f.texts.region, area: f.texts.area})
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
	r, b, m := face(goregular.TTF, 13), face(gobold.TTF, 13), face(gomono.TTF, 12)
	f := &fonts{regular: withCJK(r), bold: withCJK(b), mono: withCJK(m)}
	f.regularBox, f.boldBox, f.monoBox = boxOf(f.regular, r), boxOf(f.bold, b), boxOf(f.mono, m)
	return f
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
	face, lb := f.regular, f.regularBox
	if bold {
		face, lb = f.bold, f.boldBox
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(x), float64(y)-lb.raise)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = lineH
	f.record(s, x, y, face, lb)
	text.Draw(dst, s, face, op)
}

func (f *fonts) drawMono(dst *ebiten.Image, s string, x, y int, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(x), float64(y)-f.monoBox.raise)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = lineH
	f.record(s, x, y, f.mono, f.monoBox)
	text.Draw(dst, s, f.mono, op)
}

// width is the advance of s in face, in pixels.
func width(face text.Face, s string) int { return int(text.Advance(s, face) + 0.5) }

// elide fits s into px pixels of face: s itself when it fits, else its start and its end
// with "…" between them, so that lines that differ only at their end ("execute
// requestIdleCallback" and "… 2") still look different, and the cut is made by the
// pixels there are, not by a count of characters (issue 25).
func elide(face text.Face, s string, px int) string {
	return elideBy(func(s string) int { return width(face, s) }, s, px)
}

// elideBy is elide with the width measured by measure.
func elideBy(measure func(string) int, s string, px int) string {
	if measure(s) <= px {
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
		if measure(cut(mid)) <= px {
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

// wrapPx breaks s into lines no wider than px in face, at spaces; a word wider than px is
// broken where it reaches px.
func wrapPx(face text.Face, s string, px int) []string {
	return wrapBy(func(s string) int { return width(face, s) }, s, px)
}

// wrapBy is wrapPx with the width measured by measure.
func wrapBy(measure func(string) int, s string, px int) []string {
	px = max(px, 1) // a window too small for any text still wraps (a rune a line)
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if measure(try) <= px {
			line = try
			continue
		}
		if line != "" {
			out = append(out, line)
		}
		line = ""
		for w != "" && measure(w) > px {
			r := []rune(w)
			n := 1
			for n < len(r) && measure(string(r[:n+1])) <= px {
				n++
			}
			out = append(out, string(r[:n]))
			w = string(r[n:])
		}
		line = w
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// measured is a text measured, elided or wrapped in a face to a width.
type measured struct {
	face text.Face
	s    string
	px   int
}

// keptTexts bounds each of the fonts' caches (they are emptied when full).
const keptTexts = 1 << 13

// width is the advance of s in face (kept).
func (f *fonts) width(face text.Face, s string) int {
	k := measured{face, s, 0}
	if w, ok := f.widths[k]; ok {
		return w
	}
	if f.widths == nil || len(f.widths) >= keptTexts {
		f.widths = make(map[measured]int)
	}
	w := width(face, s)
	f.widths[k] = w
	return w
}

// elide is elide, kept.
func (f *fonts) elide(face text.Face, s string, px int) string {
	k := measured{face, s, px}
	if e, ok := f.elided[k]; ok {
		return e
	}
	if f.elided == nil || len(f.elided) >= keptTexts {
		f.elided = make(map[measured]string)
	}
	e := elideBy(func(s string) int { return f.width(face, s) }, s, px)
	f.elided[k] = e
	return e
}

// wrapPx is wrapPx, kept (the lines are shared: callers do not change them).
func (f *fonts) wrapPx(face text.Face, s string, px int) []string {
	k := measured{face, s, px}
	if w, ok := f.wraps[k]; ok {
		return w
	}
	if f.wraps == nil || len(f.wraps) >= keptTexts {
		f.wraps = make(map[measured][]string)
	}
	w := wrapBy(func(s string) int { return f.width(face, s) }, s, px)
	f.wraps[k] = w
	return w
}
