package window

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// Long tasks on the timeline: as DevTools does, the part of a task past its first 50 ms (the
// Long Tasks API's threshold: the loop records such a task as a KindLongTask span) is marked
// with a red band along the top of its rows.

// longTaskThreshold is how long a task may run before it is a long task (ms).
const longTaskThreshold = 50.0

// longTaskRed is the mark's colour (DevTools' long-task red).
var longTaskRed = color.RGBA{0xe4, 0x3b, 0x3b, 0xff}

// tlSegment is a stretch of one timeline row: row 0 is the top row, x0..x1 grid pixels.
type tlSegment struct{ row, x0, x1 int }

// longTaskMarks are the stretches of rows to mark, for the rows shown (bottom row at base).
func (t *timeline) longTaskMarks(spans []page.Span, base float64) []tlSegment {
	rows, iv := t.rows(), t.rowMS()
	pxPerMs := float64(t.gridW()) / iv
	var out []tlSegment
	for i := range spans {
		s := &spans[i]
		if s.Kind != page.KindLongTask || s.End-s.Start <= longTaskThreshold {
			continue
		}
		from := s.Start + longTaskThreshold
		// Row r (0 = bottom) covers [base - r*iv, base - (r-1)*iv).
		for r := 0; r < rows; r++ {
			rs := base - float64(r)*iv
			a, b := math.Max(from, rs), math.Min(s.End, rs+iv)
			if b <= a {
				continue
			}
			x0 := int((a - rs) * pxPerMs)
			x1 := min(max(int(math.Ceil((b-rs)*pxPerMs)), x0+1), t.gridW())
			out = append(out, tlSegment{row: rows - 1 - r, x0: x0, x1: x1})
		}
	}
	return out
}

// drawLongTasks draws the long-task marks over the grid.
func (t *timeline) drawLongTasks(dst *ebiten.Image, spans []page.Span, base float64) {
	rh := t.rowH()
	h := float32(max(1, (rh-1)/3))
	gx, gy := t.pane.x+tlLabelW, t.pane.y+t.header()
	for _, m := range t.longTaskMarks(spans, base) {
		vector.DrawFilledRect(dst, float32(gx+m.x0), float32(gy+m.row*rh), float32(m.x1-m.x0), h, longTaskRed, false)
	}
}
