package window

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// timeline is the per-frame timeline: one row per frame interval (16.7 ms of page time),
// newest at the bottom, spans coloured like browser devtools, vsync lines where frames
// began. It can be frozen (P), panned back through the whole trace (wheel, PgUp/PgDn) and
// zoomed (] and [, or Ctrl+wheel) from 16 frames a row to a millisecond a row, where spans
// carry their names; a click on a span tells what it was. The trace it reads records
// whether the timeline is shown or not (bounded: loop.Trace), so opening it later shows
// the past.
type timeline struct {
	frozen    bool
	frozenAll []page.Span
	frozenNow float64
	backMS    float64 // how far back from now the bottom row is (ms of page time)
	zoom      int     // 0: a row per frame; n > 0: 2^n rows a frame; n < 0: 2^-n frames a row

	cur     []page.Span // the spans drawn last (for clicks)
	curBase float64     // start time of the bottom row drawn last
	sel     page.Span
	hasSel  bool
	// target is where the next draw puts the bottom row (page time), when hasTarget:
	// zooming around a point and jumping to a span ask for a time, not a distance from now.
	target    float64
	hasTarget bool

	cats []uint8
	pix  []byte
	img  *ebiten.Image
	gaps *ebiten.Image

	// The workers' lane: a line along the bottom of each row where a worker's loop ran
	// (its spans on the window's clock, page.WorkerSpans), in the same colours.
	frozenWorkers []page.Span
	wcats         []uint8
	wpix          []byte
	wimg          *ebiten.Image

	// The layout of the last draw (fit): the pane, the grid's size, the header's height.
	pane        rect
	gw, gh, hdr int
}

// Geometry inside the pane.
const (
	tlHeader    = 56 // the state line and two lines of legend (at the design's pane width)
	tlLabelW    = 60
	tlGridW     = 480 - tlLabelW - 8 // the grid at the design size (fit sets the pane's)
	tlGridH     = 464
	tlRowH      = 4                // a row's height at zoom 0 and below
	tlRows      = tlGridH / tlRowH // 116: 1.9 s at zoom 0
	tlInterval  = 1000.0 / 60
	tlMinZoom   = -4 // 16 frames a row: 31 s on screen
	tlMaxZoom   = 4  // 1 ms a row
	tlLabelRowH = 16 // rows this tall carry their spans' names
)

// fit lays the timeline out in the pane r: the grid as wide as the pane and as tall as it
// holds in whole rows of the tallest zoom, below a header of as many legend lines as the
// width needs (legendRows).
func (t *timeline) fit(r rect, f *fonts) {
	t.pane = r
	t.gw = max(r.w-tlLabelW-8, 16)
	items := legendItems(f, r)
	t.hdr = 21 + (items[len(items)-1].y - r.y - 21) + 16 + 3
	t.gh = max((r.h-t.hdr-12-len(t.hint(f))*lineH)/16*16, 16)
}

// legendItem is one entry of the timeline's legend and where it goes.
type legendItem struct {
	name    string
	c       color.RGBA
	swatchH float32
	x, y    int
}

// legendItems lays the legend out in the pane r, wrapped to its width: each category's
// colour, then the long-task mark and the input mark.
func legendItems(f *fonts, r rect) []legendItem {
	var out []legendItem
	lx, ly := r.x+8, r.y+21
	item := func(name string, c color.RGBA, swatchH float32) {
		w := 12 + f.width(f.regular, name) + 8
		if lx+w > r.x+r.w-4 && lx > r.x+8 {
			lx, ly = r.x+8, ly+16
		}
		out = append(out, legendItem{name, c, swatchH, lx, ly})
		lx += w
	}
	for c := catIdle; c < numCats; c++ {
		item(catNames[c], catColors[c], 9)
	}
	item("long task, past 50 ms", longTaskRed, 3)
	item("input", inputMarkColour, 9)
	return out
}

// hint is what the lines below the grid say when no span is selected, wrapped to the pane.
func (t *timeline) hint(f *fonts) []string {
	return f.wrapPx(f.regular, "Click a span to see what it was. Wheel or PgUp/PgDn pan, ] and [ (Ctrl+wheel) zoom where the pointer is, J/L jump to the last input/long task, Home: live.", t.pane.w-16)
}

// gridW, gridH and header are the grid's size and the header's height (fit; the design's
// until the first draw).
func (t *timeline) gridW() int {
	if t.gw == 0 {
		return tlGridW
	}
	return t.gw
}

func (t *timeline) gridH() int {
	if t.gh == 0 {
		return tlGridH
	}
	return t.gh
}

func (t *timeline) header() int {
	if t.hdr == 0 {
		return tlHeader
	}
	return t.hdr
}

// rowMS is how much page time one row covers.
func (t *timeline) rowMS() float64 { return tlInterval / math.Exp2(float64(t.zoom)) }

// rowH is a row's height: taller as it zooms in, so spans get room for their names.
func (t *timeline) rowH() int { return tlRowH << min(max(t.zoom, 0), 2) }

// rows is how many rows the grid shows.
func (t *timeline) rows() int { return t.gridH() / t.rowH() }

// zoomBy zooms in (n > 0) or out, keeping the bottom row's time.
func (t *timeline) zoomBy(n int) { t.zoom = min(max(t.zoom+n, tlMinZoom), tlMaxZoom) }

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
	case page.KindRendering, page.KindAnimations, page.KindRenderingStep:
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
	t.frozen, t.frozenAll, t.backMS, t.hasSel, t.cur, t.hasTarget = false, nil, 0, false, nil, false
}

func (t *timeline) toggleFrozen() {
	if t.frozen {
		t.live()
		return
	}
	t.frozen = true // the next draw takes the copy
}

func (t *timeline) live() { t.frozen, t.frozenAll, t.backMS, t.hasTarget = false, nil, 0, false }

// scroll pans rows back (negative: forward); panning freezes the view.
func (t *timeline) scroll(rows int) {
	t.frozen = true
	t.backMS = max(t.backMS+float64(rows)*t.rowMS(), 0)
}

// rasterize fills t.cats: one byte per pixel column per row, bottom row starting at base.
func (t *timeline) rasterize(spans []page.Span, base float64) {
	if len(t.cats) != t.gridW()*t.rows() {
		t.cats = make([]uint8, t.gridW()*t.rows())
	}
	t.rasterizeInto(t.cats, spans, base)
}

// rasterizeWorkers fills t.wcats, the workers' lane, from their spans; it reports whether
// any worker span is on screen.
func (t *timeline) rasterizeWorkers(spans []page.Span, base float64) bool {
	if len(t.wcats) != t.gridW()*t.rows() {
		t.wcats = make([]uint8, t.gridW()*t.rows())
	}
	t.rasterizeInto(t.wcats, spans, base)
	for _, c := range t.wcats {
		if c != catNone {
			return true
		}
	}
	return false
}

// rasterizeInto fills cats (one byte per pixel column per row, bottom row starting at base)
// with the spans' categories.
func (t *timeline) rasterizeInto(cats []uint8, spans []page.Span, base float64) {
	rows, iv := t.rows(), t.rowMS()
	clear(cats)
	pxPerMs := float64(t.gridW()) / iv
	oldest := base - float64(rows-1)*iv
	newest := base + iv
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
		for r := min(int(math.Ceil((base-from)/iv)), rows-1); r >= 0; r-- {
			rs := base - float64(r)*iv
			if rs >= to {
				break
			}
			if rs+iv <= from {
				continue
			}
			x0 := int(math.Max(from-rs, 0) * pxPerMs)
			x1 := int(math.Ceil(math.Min(to-rs, iv) * pxPerMs))
			x1 = min(max(x1, x0+1), t.gridW())
			row := cats[(rows-1-r)*t.gridW():]
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

// wheel pans back (positive) or forward through the trace; with Ctrl it zooms.
func (t *timeline) wheel(dy float64) {
	if ebiten.IsKeyPressed(ebiten.KeyControl) {
		if dy > 0 {
			t.zoomAt(1, t.pointerGridY())
		} else if dy < 0 {
			t.zoomAt(-1, t.pointerGridY())
		}
		return
	}
	t.scroll(int(math.Round(dy * 3)))
}

func (t *timeline) draw(dst *ebiten.Image, f *fonts, fr *frame) {
	t.fit(fr.lay.paneBody, f)
	fillPane(dst, t.pane)
	spans, now := fr.spans, fr.now
	var workers []page.Span
	if fr.page != nil {
		workers = fr.page.WorkerSpans()
	}
	if t.frozen {
		if t.frozenAll == nil {
			t.frozenAll, t.frozenNow, t.frozenWorkers = fr.page.Spans(), now, workers
		}
		spans, now, workers = t.frozenAll, t.frozenNow, t.frozenWorkers
	}
	base := t.place(spans, now)
	t.cur, t.curBase = spans, base
	t.rasterize(spans, base)
	t.drawGrid(dst)
	if len(workers) > 0 && t.rasterizeWorkers(workers, base) {
		t.drawWorkerLane(dst)
	}
	if len(workers) > 0 {
		t.drawMessageArrows(dst, spans, workers, base)
	}
	t.drawLongTasks(dst, spans, base)
	t.drawInputMarks(dst, spans, base)
	t.drawNames(dst, f, spans, base)
	t.drawLegend(dst, f, base)
	t.drawSelected(dst, f)
}

// place returns the start of the bottom row for spans at page time now: rows follow the
// phase of the newest frame, backMS back from now (a time asked by showAt first becomes
// that backMS).
func (t *timeline) place(spans []page.Span, now float64) float64 {
	anchor := now
	for i := len(spans) - 1; i >= 0; i-- {
		if spans[i].Kind == page.KindFrame && spans[i].Start <= now {
			anchor = spans[i].Start
			break
		}
	}
	iv := t.rowMS()
	if t.hasTarget {
		// The bottom row that starts on the frames' grid at or before the target.
		b := anchor + math.Floor((t.target-anchor)/iv)*iv
		t.backMS, t.hasTarget = max(now-(b+iv/2), 0), false
	}
	return anchor + math.Floor((now-t.backMS-anchor)/iv)*iv
}

// drawGrid draws the rasterised rows, rowH pixels each with a gap.
func (t *timeline) drawGrid(dst *ebiten.Image) {
	rows, rh := t.rows(), t.rowH()
	if t.img == nil || t.img.Bounds().Dy() != rows || t.img.Bounds().Dx() != t.gridW() || t.gaps.Bounds().Dy() != t.gridH() {
		t.img = ebiten.NewImage(t.gridW(), rows)
		t.pix = make([]byte, 4*t.gridW()*rows)
		t.gaps = ebiten.NewImage(t.gridW(), t.gridH())
		for r := 0; r < rows; r++ {
			vector.DrawFilledRect(t.gaps, 0, float32(r*rh+rh-1), float32(t.gridW()), 1, paneBG, false)
		}
	}
	for i, c := range t.cats {
		col := catColors[c]
		t.pix[4*i], t.pix[4*i+1], t.pix[4*i+2], t.pix[4*i+3] = col.R, col.G, col.B, col.A
	}
	t.img.WritePixels(t.pix)
	gx, gy := t.pane.x+tlLabelW, t.pane.y+t.header()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(1, float64(rh))
	op.GeoM.Translate(float64(gx), float64(gy))
	dst.DrawImage(t.img, op)
	op = &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(gx), float64(gy))
	dst.DrawImage(t.gaps, op)
}

// drawWorkerLane draws the workers' lane: a line of each row's last pixels but one (above
// the gap), where a worker's loop ran, in the span's colour.
func (t *timeline) drawWorkerLane(dst *ebiten.Image) {
	rows, rh := t.rows(), t.rowH()
	if t.wimg == nil || t.wimg.Bounds().Dy() != rows || t.wimg.Bounds().Dx() != t.gridW() {
		t.wimg = ebiten.NewImage(t.gridW(), rows)
		t.wpix = make([]byte, 4*t.gridW()*rows)
	}
	for i, c := range t.wcats {
		col := workerLaneColor(c)
		t.wpix[4*i], t.wpix[4*i+1], t.wpix[4*i+2], t.wpix[4*i+3] = col.R, col.G, col.B, col.A
	}
	t.wimg.WritePixels(t.wpix)
	gx, gy := t.pane.x+tlLabelW, t.pane.y+t.header()
	for r := 0; r < rows; r++ {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(gx), float64(gy+r*rh+rh-2)) // a sub-image is drawn from its Min
		dst.DrawImage(t.wimg.SubImage(image.Rect(0, r, t.gridW(), r+1)).(*ebiten.Image), op)
	}
}

// workerLaneColor is a worker span's colour in the lane: its category's (transparent where
// no worker ran).
func workerLaneColor(c uint8) color.RGBA {
	if c == catNone || c == catVsync {
		return color.RGBA{}
	}
	return catColors[c]
}

// spanLabel is where a span's name goes: its row (0 = top), first pixel and width.
type spanLabel struct {
	row, x, w int
	text      string
}

// labels are the names the rows can show when zoomed in: for each span wide enough in a
// row, where its colour is the one drawn there (the innermost span wins), its name (a
// callback's function name, a task's name, a mark's name).
func (t *timeline) labels(spans []page.Span, base float64) []spanLabel {
	if t.rowH() < tlLabelRowH {
		return nil
	}
	rows, iv := t.rows(), t.rowMS()
	pxPerMs := float64(t.gridW()) / iv
	var out []spanLabel
	for i := range spans {
		s := &spans[i]
		c := category(s.Kind)
		if c == catNone || c == catVsync || s.Name == "" {
			continue
		}
		for r := 0; r < rows; r++ {
			rs := base - float64(r)*iv
			from, to := math.Max(s.Start, rs), math.Min(s.End, rs+iv)
			if to <= from {
				continue
			}
			x0, x1 := int(math.Ceil((from-rs)*pxPerMs)), min(int((to-rs)*pxPerMs), t.gridW())
			// The name goes where the span's own colour shows from its start on (an inner
			// span drawn over it ends the room).
			row := t.cats[(rows-1-r)*t.gridW():]
			w := 0
			for x0+w < x1 && row[x0+w] == c {
				w++
			}
			if w < 24 {
				continue
			}
			out = append(out, spanLabel{row: rows - 1 - r, x: x0, w: w, text: s.Name})
		}
	}
	return out
}

// drawNames writes the spans' names into the rows when they are tall enough.
func (t *timeline) drawNames(dst *ebiten.Image, f *fonts, spans []page.Span, base float64) {
	gx, gy := t.pane.x+tlLabelW, t.pane.y+t.header()
	for _, l := range t.labels(spans, base) {
		f.draw(dst, f.elide(f.regular, l.text, l.w-4), gx+l.x+2, gy+l.row*t.rowH()-1, color.Black, false)
	}
}

// drawLegend draws the header (state and colour legend) and the time labels of the rows.
func (t *timeline) drawLegend(dst *ebiten.Image, f *fonts, base float64) {
	x0, y0 := t.pane.x, t.pane.y
	iv, rows, rh := t.rowMS(), t.rows(), t.rowH()
	state := "live"
	if t.frozen {
		state = fmt.Sprintf("frozen (P: live) · %.2f s back", t.backMS/1000)
	}
	f.draw(dst, f.elide(f.regular, fmt.Sprintf("a row is %s, newest at the bottom · %s", rowText(iv), state), t.pane.w-16), x0+8, y0+4, paneText, false)
	for _, it := range legendItems(f, t.pane) {
		vector.DrawFilledRect(dst, float32(it.x), float32(it.y+4), 9, it.swatchH, it.c, false)
		f.draw(dst, f.elide(f.regular, it.name, t.pane.w-24), it.x+12, it.y, paneDim, false)
	}
	// A time label every 60 px or so of rows.
	gy := y0 + t.header()
	every := max(1, 60/rh)
	for r := 0; r < rows; r += every {
		rs := base - float64(r)*iv
		y := gy + (rows-1-r)*rh + rh/2 - 8
		label := fmt.Sprintf("%.2fs", rs/1000)
		if iv < 5 {
			label = fmt.Sprintf("%.3fs", rs/1000)
		}
		f.draw(dst, label, max(x0+2, x0+tlLabelW-4-f.width(f.regular, label)), y, paneDim, false)
	}
}

// rowText says how much time a row covers.
func rowText(iv float64) string {
	switch {
	case math.Abs(iv-tlInterval) < 1e-9:
		return "a frame (16.7 ms)"
	case iv > tlInterval:
		return fmt.Sprintf("%.0f frames (%.0f ms)", iv/tlInterval, iv)
	}
	return fmt.Sprintf("%.2f ms (zoomed ×%.0f)", iv, tlInterval/iv)
}

// drawSelected tells what the selected span was (or how to select one).
func (t *timeline) drawSelected(dst *ebiten.Image, f *fonts) {
	x0 := t.pane.x
	dy := t.pane.y + t.header() + t.gridH() + 6
	if !t.hasSel {
		for i, ln := range t.hint(f) {
			f.draw(dst, ln, x0+8, dy+i*lineH, paneDim, false)
		}
		return
	}
	s := t.sel
	textW := t.pane.w - 16
	f.draw(dst, f.elide(f.regular, fmt.Sprintf("%s  %q", s.Kind.ChromeName(), s.Name), textW), x0+8, dy, paneHeading, false)
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
	for i, ln := range f.wrapPx(f.regular, detail, textW) {
		if dy+(i+2)*lineH > t.pane.y+t.pane.h {
			break
		}
		f.draw(dst, ln, x0+8, dy+(i+1)*lineH, paneText, false)
	}
}

// click selects the innermost span under (x, y) (pane coordinates below the tabs); it
// reports whether there was one.
func (t *timeline) click(x, y int) bool {
	gx, gy := x-tlLabelW, y-t.header()
	if gx < 0 || gx >= t.gridW() || gy < 0 || gy >= t.gridH() {
		return false
	}
	iv := t.rowMS()
	r := t.rows() - 1 - gy/t.rowH()
	at := t.curBase - float64(r)*iv + float64(gx)*iv/float64(t.gridW())
	tol := 1.5 * iv / float64(t.gridW())
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
