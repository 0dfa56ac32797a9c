package window

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// messageArrowColour is a message's arrow between the window's rows and the workers' lane.
var messageArrowColour = color.RGBA{0xff, 0x8c, 0x1a, 0xff}

// messageArrow is one message between the window's loop and a worker's, in grid pixels:
// from the sending task (the top of its row for the window, the lane for a worker) to the
// receiving task.
type messageArrow struct {
	x0, y0, x1, y1 int
	toWorker       bool
}

// messageEnd is one end of a message: its page time and whether a worker's loop is there.
type messageEnd struct {
	at     float64
	worker bool
}

// messageArrows pairs the KindMessageSent and KindMessageReceived marks of the window's and
// the workers' spans (by their flow id) and places the pairs whose two ends are on screen.
func (t *timeline) messageArrows(window, workers []page.Span, base float64) []messageArrow {
	sent, received := map[uint64]messageEnd{}, map[uint64]messageEnd{}
	collect := func(spans []page.Span, worker bool) {
		for _, s := range spans {
			switch s.Kind {
			case page.KindMessageSent:
				sent[s.Flow()] = messageEnd{s.Start, worker}
			case page.KindMessageReceived:
				received[s.Flow()] = messageEnd{s.Start, worker}
			}
		}
	}
	collect(window, false)
	collect(workers, true)
	var out []messageArrow
	for flow, s := range sent {
		r, ok := received[flow]
		if !ok {
			continue
		}
		x0, y0, ok0 := t.messagePoint(s, base)
		x1, y1, ok1 := t.messagePoint(r, base)
		if ok0 && ok1 {
			out = append(out, messageArrow{x0, y0, x1, y1, r.worker})
		}
	}
	return out
}

// messagePoint is where a message's end is in the grid: its time's row and column, at the
// top of the row for the window's loop, on the lane (the row's bottom) for a worker's.
func (t *timeline) messagePoint(e messageEnd, base float64) (x, y int, ok bool) {
	rows, iv, rh := t.rows(), t.rowMS(), t.rowH()
	// Row r (0 = bottom) covers [base - r*iv, base - (r-1)*iv).
	r := int(math.Ceil((base - e.at) / iv))
	if r < 0 || r >= rows {
		return 0, 0, false
	}
	x = int((e.at - (base - float64(r)*iv)) * float64(t.gridW()) / iv)
	x = min(max(x, 0), t.gridW()-1)
	y = (rows - 1 - r) * rh
	if e.worker {
		y += rh - 2
	}
	return x, y, true
}

// drawMessageArrows draws each message as a line from its sending task to its receiving
// task, with a dot where it was received.
func (t *timeline) drawMessageArrows(dst *ebiten.Image, window, workers []page.Span, base float64) {
	gx, gy := float32(t.pane.x+tlLabelW), float32(t.pane.y+t.header())
	for _, a := range t.messageArrows(window, workers, base) {
		vector.StrokeLine(dst, gx+float32(a.x0), gy+float32(a.y0), gx+float32(a.x1), gy+float32(a.y1), 1, messageArrowColour, true)
		vector.DrawFilledRect(dst, gx+float32(a.x1)-1, gy+float32(a.y1)-1, 3, 3, messageArrowColour, false)
	}
}
