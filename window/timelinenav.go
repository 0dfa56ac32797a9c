package window

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// Finding one moment on the timeline: a real input is marked so that a click shows at any
// zoom (its task is a fraction of a pixel at a frame a row), ] and [ zoom around the row the
// pointer is on (or the selected span), and J and L jump to the last input and the last long
// task, and on to the one before at each press, selecting it so its name and times show.

// inputMarkColour marks real input (a user-interaction task).
var inputMarkColour = color.RGBA{0x20, 0xd8, 0xff, 0xff}

// inputMarkW is an input mark's width in grid pixels, whatever the zoom.
const inputMarkW = 3

// isInput reports whether s is the task of a real input (the pointer, keys, the wheel).
func isInput(s *page.Span) bool {
	return s.Kind == page.KindTask && s.Source == page.SourceUserInteraction
}

// isLongTask reports whether s is a long task's span.
func isLongTask(s *page.Span) bool {
	return s.Kind == page.KindLongTask && s.End-s.Start > longTaskThreshold
}

// inputMarks are where the rows shown (bottom row at base) mark a real input: inputMarkW
// pixels from where its task starts.
func (t *timeline) inputMarks(spans []page.Span, base float64) []tlSegment {
	rows, iv := t.rows(), t.rowMS()
	pxPerMs := float64(t.gridW()) / iv
	oldest := base - float64(rows-1)*iv
	var out []tlSegment
	for i := range spans {
		s := &spans[i]
		if !isInput(s) || s.Start < oldest || s.Start >= base+iv {
			continue
		}
		// Row r (0 = bottom) covers [base - r*iv, base - (r-1)*iv).
		r := max(int(math.Ceil((base-s.Start)/iv)), 0)
		rs := base - float64(r)*iv
		x0 := min(int((s.Start-rs)*pxPerMs), t.gridW()-inputMarkW)
		out = append(out, tlSegment{row: rows - 1 - r, x0: x0, x1: x0 + inputMarkW})
	}
	return out
}

// drawInputMarks draws the input marks over the grid, the whole height of their rows.
func (t *timeline) drawInputMarks(dst *ebiten.Image, spans []page.Span, base float64) {
	rh := t.rowH()
	gx, gy := t.pane.x+tlLabelW, t.pane.y+t.header()
	for _, m := range t.inputMarks(spans, base) {
		vector.DrawFilledRect(dst, float32(gx+m.x0), float32(gy+m.row*rh), float32(m.x1-m.x0), float32(max(rh-1, 1)), inputMarkColour, false)
	}
}

// pointerGridY is the pointer's height in the timeline's grid (-1: not over the grid).
func (t *timeline) pointerGridY() int {
	x, y := ebiten.CursorPosition()
	gx, gy := x-t.pane.x-tlLabelW, y-t.pane.y-t.header()
	if gx < 0 || gx >= t.gridW() || gy < 0 || gy >= t.gridH() {
		return -1
	}
	return gy
}

// zoomAt zooms in (n > 0) or out around a point: the row at gridY pixels from the grid's
// top (gridY < 0: the selected span, or, with none, the bottom row as before) keeps its time
// where it is on screen.
func (t *timeline) zoomAt(n int, gridY int) {
	iv, rows := t.rowMS(), t.rows()
	var at, frac float64 // the time kept in place, and its height from the grid's bottom (0-1)
	switch {
	case gridY >= 0 && gridY < t.gridH() && t.cur != nil:
		r := rows - 1 - gridY/t.rowH() // rows above the bottom one
		// The middle of the pointer's row, kept at the pointer's height.
		at, frac = t.curBase-float64(r)*iv+iv/2, (float64(t.gridH()-gridY)-0.5)/float64(t.gridH())
	case t.hasSel:
		at, frac = t.sel.Start, 0.5
	default:
		t.zoomBy(n)
		return
	}
	t.zoomBy(n)
	t.showAt(at, frac)
}

// showAt freezes the view and places page time at in the middle of the row at frac of the
// grid's height from its bottom (the next draw turns it into a distance back from now, with
// the rows on the frames' grid: at may move by up to a row).
func (t *timeline) showAt(at, frac float64) {
	t.frozen = true
	// Row r (0 = bottom) starts at base - r*iv: older rows are higher.
	r, iv := math.Floor(frac*float64(t.rows())), t.rowMS()
	t.target, t.hasTarget = at+r*iv-iv/2, true
}

// jumpToLast selects the newest span that match accepts, or, when the selection is one,
// the one before it; the view freezes with it in the middle, zoomed so that it shows: a
// long task at a frame a row or more, an input where names show (a quarter frame a row).
// It reports whether there was one.
func (t *timeline) jumpToLast(spans []page.Span, match func(*page.Span) bool, zoom int) bool {
	before := math.Inf(1)
	if t.hasSel && match(&t.sel) {
		before = t.sel.Start
	}
	best := -1
	for i := range spans {
		s := &spans[i]
		if match(s) && s.Start < before && (best < 0 || s.Start > spans[best].Start) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	s := spans[best]
	t.sel, t.hasSel = s, true
	if t.zoom > zoom {
		t.zoom = zoom
	}
	// A long task wider than half the screen's time: zoom out until it fits.
	for t.zoom > tlMinZoom && s.End-s.Start > float64(t.rows())*t.rowMS()/2 {
		t.zoom--
	}
	if t.zoom < zoom && s.End-s.Start <= float64(t.rows())*t.rowMS()/8 {
		t.zoom = zoom
	}
	t.frozen, t.frozenAll = true, nil // the next draw takes the whole trace
	t.showAt(s.Start, 0.5)
	return true
}

// jumpKey is J (the last input) or L (the last long task) in the timeline.
func (g *game) jumpKey(longTask bool) {
	p := g.runningPage()
	if p == nil {
		return
	}
	g.tabs.show(tabTimeline)
	tl := g.timeline()
	match, zoom, what := isInput, 2, "real input"
	if longTask {
		match, zoom, what = isLongTask, 0, "long task"
	}
	if !tl.jumpToLast(p.Spans(), match, zoom) {
		g.status = "no " + what + " in the trace"
	}
}
