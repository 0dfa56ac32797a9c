package window

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// timeline is the per-frame timeline: one row per frame interval (16.7 ms of page time),
// newest at the bottom, spans coloured like browser devtools, vsync lines where frames
// began. It can be frozen (P) and scrolled back (wheel, PgUp/PgDn) through the whole trace;
// a click on a span tells what it was.
type timeline struct {
	frozen     bool
	frozenAll  []page.Span
	frozenNow  float64
	scrollRows int

	cur     []page.Span // the spans drawn last (for clicks)
	curBase float64     // start time of the bottom row drawn last
	sel     page.Span
	hasSel  bool

	cats []uint8
	pix  []byte
	img  *ebiten.Image
	gaps *ebiten.Image
}

// Geometry inside the pane.
const (
	tlHeader   = 40
	tlLabelW   = 52
	tlGridW    = paneW - tlLabelW - 8
	tlRowH     = 4
	tlRows     = 120 // 2 s
	tlInterval = 1000.0 / 60
)

// Span categories, in drawing priority (a later one covers an earlier one).
const (
	catNone uint8 = iota
	catIdle
	catTask
	catRendering
	catScripting
	catMicrotasks
	catMicrotask // one microtask inside a checkpoint (microtask tracking)
	catStyleLayout
	catPaint
	catVsync
	numCats
)

var catColors = [numCats]color.RGBA{
	catNone:        {0x26, 0x26, 0x2a, 0xff},
	catIdle:        {0x5f, 0x5f, 0x64, 0xff},
	catTask:        {0x7f, 0x8f, 0xa6, 0xff},
	catRendering:   {0xb3, 0x9d, 0xf0, 0xff},
	catScripting:   {0xf2, 0xc7, 0x44, 0xff},
	catMicrotasks:  {0xe3, 0x8a, 0x1c, 0xff},
	catMicrotask:   {0xff, 0xb8, 0x5c, 0xff},
	catStyleLayout: {0x8e, 0x6c, 0xe0, 0xff},
	catPaint:       {0x5c, 0xb8, 0x5c, 0xff},
	catVsync:       {0x4d, 0xa3, 0xff, 0xff},
}

var catNames = [numCats]string{"", "idle", "task", "rendering", "scripting", "microtasks", "microtask", "layout", "paint", "vsync"}

// category is how the timeline colours a span kind (DevTools' colours: scripting yellow,
// rendering purple, painting green, idle grey).
func category(k page.Kind) uint8 {
	switch k {
	case page.KindIdlePeriod:
		return catIdle
	case page.KindTask:
		return catTask
	case page.KindRendering, page.KindAnimations:
		return catRendering
	case page.KindFunctionCall, page.KindEventDispatch, page.KindAnimationFrame, page.KindIdleCallback:
		return catScripting
	case page.KindMicrotasks:
		return catMicrotasks
	case page.KindMicrotask:
		return catMicrotask
	case page.KindStyle, page.KindLayout:
		return catStyleLayout
	case page.KindPaint:
		return catPaint
	case page.KindFrame:
		return catVsync
	}
	return catNone
}

func (t *timeline) reset() {
	t.frozen, t.frozenAll, t.scrollRows, t.hasSel, t.cur = false, nil, 0, false, nil
}

func (t *timeline) toggleFrozen() {
	if t.frozen {
		t.live()
		return
	}
	t.frozen = true // the next draw takes the copy
}

func (t *timeline) live() { t.frozen, t.frozenAll, t.scrollRows = false, nil, 0 }

func (t *timeline) scroll(rows int) {
	t.frozen = true
	t.scrollRows = max(t.scrollRows+rows, 0)
}

// rasterize fills t.cats: one byte per pixel column per row, bottom row starting at base.
func (t *timeline) rasterize(spans []page.Span, base float64) {
	if t.cats == nil {
		t.cats = make([]uint8, tlGridW*tlRows)
	}
	clear(t.cats)
	pxPerMs := float64(tlGridW) / tlInterval
	oldest := base - (tlRows-1)*tlInterval
	newest := base + tlInterval
	for i := range spans {
		s := &spans[i]
		c := category(s.Kind)
		if c == catNone || s.End < oldest || s.Start >= newest {
			continue
		}
		from, to := math.Max(s.Start, oldest), math.Min(s.End, newest)
		if c == catVsync {
			to = from + 1.5/pxPerMs // a line 1-2 px wide
		}
		// Row r (0 = bottom) covers [base - r*iv, base - (r-1)*iv).
		for r := min(int(math.Ceil((base-from)/tlInterval)), tlRows-1); r >= 0; r-- {
			rs := base - float64(r)*tlInterval
			if rs >= to {
				break
			}
			if rs+tlInterval <= from {
				continue
			}
			x0 := int(math.Max(from-rs, 0) * pxPerMs)
			x1 := int(math.Ceil(math.Min(to-rs, tlInterval) * pxPerMs))
			x1 = min(max(x1, x0+1), tlGridW)
			row := t.cats[(tlRows-1-r)*tlGridW:]
			for x := x0; x < x1; x++ {
				if row[x] < c {
					row[x] = c
				}
			}
		}
	}
}

func (t *timeline) tab() string  { return "Timeline (T)" }
func (t *timeline) wants() wants { return wants{spans: true} }

// wheel scrolls back (positive) or forward through the trace.
func (t *timeline) wheel(dy float64) { t.scroll(int(dy * 3)) }

func (t *timeline) draw(dst *ebiten.Image, f *fonts, fr *frame) {
	fillPane(dst)
	spans, now := fr.spans, fr.now
	if t.frozen {
		if t.frozenAll == nil {
			t.frozenAll, t.frozenNow = fr.page.Spans(), now
		}
		spans, now = t.frozenAll, t.frozenNow
	}
	// Rows follow the phase of the newest frame.
	anchor := now
	for i := len(spans) - 1; i >= 0; i-- {
		if spans[i].Kind == page.KindFrame && spans[i].Start <= now {
			anchor = spans[i].Start
			break
		}
	}
	base := anchor + math.Floor((now-anchor)/tlInterval)*tlInterval - float64(t.scrollRows)*tlInterval
	t.cur, t.curBase = spans, base
	t.rasterize(spans, base)
	t.drawGrid(dst)
	t.drawLegend(dst, f, base)
	t.drawSelected(dst, f)
}

// drawGrid draws the rasterised rows, tlRowH pixels each with a gap.
func (t *timeline) drawGrid(dst *ebiten.Image) {
	if t.img == nil {
		t.img = ebiten.NewImage(tlGridW, tlRows)
		t.pix = make([]byte, 4*tlGridW*tlRows)
		t.gaps = ebiten.NewImage(tlGridW, tlRows*tlRowH)
		for r := 0; r < tlRows; r++ {
			vector.DrawFilledRect(t.gaps, 0, float32(r*tlRowH+tlRowH-1), tlGridW, 1, paneBG, false)
		}
	}
	for i, c := range t.cats {
		col := catColors[c]
		t.pix[4*i], t.pix[4*i+1], t.pix[4*i+2], t.pix[4*i+3] = col.R, col.G, col.B, col.A
	}
	t.img.WritePixels(t.pix)
	gx, gy := paneBodyRect.x+tlLabelW, paneBodyRect.y+tlHeader
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(1, tlRowH)
	op.GeoM.Translate(float64(gx), float64(gy))
	dst.DrawImage(t.img, op)
	op = &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(gx), float64(gy))
	dst.DrawImage(t.gaps, op)
}

// drawLegend draws the header (state and colour legend) and the time labels of the rows.
func (t *timeline) drawLegend(dst *ebiten.Image, f *fonts, base float64) {
	x0, y0 := paneBodyRect.x, paneBodyRect.y
	state := "live"
	if t.frozen {
		state = fmt.Sprintf("frozen (P: live) · %.2f s back", float64(t.scrollRows)*tlInterval/1000)
	}
	f.draw(dst, "one row per frame (16.7 ms), newest at the bottom · "+state, x0+8, y0+4, paneText, false)
	lx := x0 + 8
	for c := catIdle; c < numCats; c++ {
		vector.DrawFilledRect(dst, float32(lx), float32(y0+25), 9, 9, catColors[c], false)
		f.draw(dst, catNames[c], lx+12, y0+21, paneDim, false)
		lx += 18 + int(6.2*float64(len(catNames[c])))
	}
	// Time labels every quarter second of rows.
	gy := y0 + tlHeader
	for r := 0; r < tlRows; r += 15 {
		rs := base - float64(r)*tlInterval
		y := gy + (tlRows-1-r)*tlRowH - 6
		label := fmt.Sprintf("%.2fs", rs/1000)
		f.drawMono(dst, label, x0+tlLabelW-4-7*len(label), y, paneDim)
	}
}

// drawSelected tells what the selected span was (or how to select one).
func (t *timeline) drawSelected(dst *ebiten.Image, f *fonts) {
	x0 := paneBodyRect.x
	dy := paneBodyRect.y + tlHeader + tlRows*tlRowH + 6
	if !t.hasSel {
		f.draw(dst, "Click a span to see what it was. Wheel or PgUp/PgDn scrolls back,", x0+8, dy, paneDim, false)
		f.draw(dst, "P freezes the view, Home returns to live.", x0+8, dy+lineH, paneDim, false)
		return
	}
	s := t.sel
	f.draw(dst, clip(fmt.Sprintf("%s  %q", s.Kind.ChromeName(), s.Name), 66), x0+8, dy, paneHeading, false)
	detail := fmt.Sprintf("%s · %.3f ms · from %.2f to %.2f ms", catNames[category(s.Kind)], s.End-s.Start, s.Start, s.End)
	if s.Kind == page.KindTask {
		detail = "task source " + s.Source.String() + " · " + detail
	}
	if s.Kind == page.KindIdlePeriod {
		detail += fmt.Sprintf(" · deadline %.2f, callbacks used %.2f ms", s.Deadline, s.Used)
	}
	if s.Kind == page.KindMicrotask && s.Detail != "" {
		detail = s.Detail + " · " + detail
	}
	f.draw(dst, clip(detail, 70), x0+8, dy+lineH, paneText, false)
}

// click selects the innermost span under (x, y) (pane coordinates below the tabs); it
// reports whether there was one.
func (t *timeline) click(x, y int) bool {
	gx, gy := x-tlLabelW, y-tlHeader
	if gx < 0 || gx >= tlGridW || gy < 0 || gy >= tlRows*tlRowH {
		return false
	}
	r := tlRows - 1 - gy/tlRowH
	at := t.curBase - float64(r)*tlInterval + float64(gx)*tlInterval/tlGridW
	tol := 1.5 * tlInterval / tlGridW
	best, found := -1, false
	for i := range t.cur {
		s := &t.cur[i]
		c := category(s.Kind)
		if c == catNone {
			continue
		}
		if at < s.Start-tol || at > s.End+tol {
			continue
		}
		if !found || s.End-s.Start < t.cur[best].End-t.cur[best].Start {
			best, found = i, true
		}
	}
	t.hasSel = found
	if found {
		t.sel = t.cur[best]
	}
	return found
}
