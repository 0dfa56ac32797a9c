package window

import (
	"fmt"
	"image/color"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/page"
)

// queuesView is the event loop as Jake Archibald draws it in "Tasks, microtasks, queues and
// schedules", live: the four boxes (Tasks, Microtasks, JS stack, Log) of the loop's model
// (loop.Boxes), and under them the page's code with the line that runs (or is paused at)
// highlighted. A frame of the JS stack can be clicked to show its line.
type queuesView struct {
	selected int             // the JS stack frame whose line the code shows (0: the top)
	stackSig string          // the stack the selection was made in: a new stack selects its top
	stackTop int             // pane y of the first stack row, for clicks
	stackN   int             // rows drawn
	stackBox [2]int          // x range of the stack box (pane coordinates)
	last     page.StackFrame // the last frame shown (kept while the stack is empty)
	logBack  int             // log lines scrolled back from the newest (wheel over the log)

	// dump: with LOOPSCOPE_QUEUES_DUMP set, each new state of the boxes drawn is also
	// written to stderr as one line ("queues: T[…] M[…] S[…] L[…]"), so the window tests
	// can check the model the window shows.
	motion chipMotion // the chips' moves from one stop to the next (chipmotion.go)

	dump       int8 // 0: not checked yet; 1: off; 2: on
	dumped     string
	dumpedStep string
	dumpedWork map[string]string // per worker, the boxes last dumped (queuesworkers.go)

	// The layout of the last draw, for the pane's width and height (fitRows).
	colW, boxRows, stkRows int
	pane                   rect
}

// fit lays the boxes out for the pane r: two columns of its width, and, in a pane shorter
// than the design's (578 px), fewer rows in the boxes so that the code keeps some lines.
func (q *queuesView) fit(r rect) {
	q.pane = r
	q.colW = (r.w - 3*qPad) / 2
	short := max(0, designH-barH-maxInfoH-tabH-r.h) / (2 * qRowH)
	q.boxRows, q.stkRows = max(4, qBoxRows-short), max(3, qStkRows-short)
}

// The layout inside the pane (pane coordinates: x from the pane's left, y below the tabs).
const (
	qPad     = 8
	qRowH    = lineH + 3
	qBoxRows = 7 // item rows of the Tasks and Microtasks boxes
	qStkRows = 6 // rows of the JS stack and Log boxes
)

// specStepRows are the rows of the spec step's line at most.
const specStepRows = 3

var (
	specStepColour = color.RGBA{0xf0, 0xd8, 0x90, 0xff}
	boxBorder      = color.RGBA{0x55, 0x55, 0x55, 0xff}
	chipBG         = color.RGBA{0x3a, 0x3a, 0x2a, 0xff}
	chipRun        = color.RGBA{0x5a, 0x48, 0x1a, 0xff}
	codeHi         = color.RGBA{0x4a, 0x3a, 0x10, 0xff}
)

func (q *queuesView) tab() string  { return "Queues (Q)" }
func (q *queuesView) wants() wants { return wants{snapshot: true} }

// reset forgets the previous page: its last stop's frame (the code pane showed the previous
// demo's file and line while the new page had no stack yet: issue 25), the selection, the
// log's scroll. The dump's state stays (it is the process's setting).
func (q *queuesView) reset() { *q = queuesView{dump: q.dump} }

func (q *queuesView) draw(screen *ebiten.Image, f *fonts, fr *frame) {
	q.fit(fr.lay.paneBody)
	x0, y0 := q.pane.x, q.pane.y
	fillPane(screen, q.pane)
	snap := fr.snap
	if snap == nil || !fr.steps.Enabled {
		f.draw(screen, "waiting for the page's loop…", x0+qPad, y0+6, paneDim, false)
		return
	}
	if fr.page.IsNode() {
		q.drawNode(screen, f, fr) // nodequeues.go
		return
	}
	b := &snap.Boxes
	q.dumpBoxes(b)
	status := "running · Space pauses; then 1 task, 2 callback, 3 frame, 4 microtask, 5 queue/log call"
	if fr.steps.Parked {
		status = fmt.Sprintf("paused at %.2f ms · 1 task, 2 callback, 3 frame, 4 microtask, 5 queue/log call", snap.Now)
	}
	f.draw(screen, f.elide(f.regular, status, q.pane.w-2*qPad), x0+qPad, y0+4, paneDim, false)
	y := y0 + 4 + lineH
	if fr.steps.Parked && b.Step != "" {
		// Which step of the processing model just ran, in the spec's words and numbers
		// (loop.Boxes.Step), so that the spec can be read beside the picture.
		for i, ln := range f.wrapPx(f.regular, b.Step, q.pane.w-2*qPad) {
			if i == specStepRows {
				break
			}
			f.draw(screen, ln, x0+qPad, y+i*lineH, specStepColour, false)
		}
	}
	// Its rows are kept whether it has one, two or three lines: the boxes stay in place from
	// one stop to the next (their chips move, not the boxes).
	y += specStepRows*lineH + 4
	now := time.Now()
	q.motion.next(chipsSig(b), fr.steps.Parked, now)
	left, right := x0+qPad, x0+2*qPad+q.colW
	h := q.box(screen, f, left, y, "Tasks", b.Tasks, q.boxRows, snap.Now, now)
	microTitle := "Microtasks"
	if !b.Tracked {
		microTitle = "Microtasks (not tracked)"
	}
	q.box(screen, f, right, y, microTitle, b.Microtasks, q.boxRows, snap.Now, now)
	y += h + qPad
	h = q.stack(screen, f, left, y, b.Stack, y0)
	q.log(screen, f, right, y, b.Log)
	y += h + qPad
	y = q.notes(screen, f, x0+qPad, y, snap)
	y = q.workers(screen, f, y, fr.page.WorkerSnapshots(), snap.Now) // queuesworkers.go
	q.code(screen, f, x0+qPad, y+4, snap)
}

// frame draws a box's outline and title and returns the y of its first row.
func frameBox(screen *ebiten.Image, f *fonts, x, y, w, rows int, title string) int {
	h := lineH + 4 + rows*qRowH + 4
	vector.StrokeRect(screen, float32(x), float32(y), float32(w), float32(h), 1, boxBorder, false)
	f.draw(screen, f.elide(f.bold, title, w-12), x+6, y+2, paneHeading, true)
	return y + lineH + 4
}

// chipsSig is the identity of what the Tasks and Microtasks boxes hold, in order: a new one
// is a new state for the chips' motion.
func chipsSig(b *page.Boxes) string {
	var sb strings.Builder
	for _, it := range b.Tasks {
		sb.WriteString(it.ID)
		sb.WriteByte(',')
	}
	sb.WriteByte('|')
	for _, it := range b.Microtasks {
		sb.WriteString(it.ID)
		sb.WriteByte(',')
	}
	return sb.String()
}

// box draws a Tasks or Microtasks box: one chip per item, oldest (next to run) on top.
func (q *queuesView) box(screen *ebiten.Image, f *fonts, x, y int, title string, items []page.BoxItem, rows int, now float64, wall time.Time) int {
	ry := frameBox(screen, f, x, y, q.colW, rows, title)
	for i, it := range items {
		if i == rows-1 && len(items) > rows {
			f.draw(screen, fmt.Sprintf("+%d more", len(items)-i), x+10, ry, paneDim, false)
			break
		}
		bg := chipBG
		if it.Running {
			bg = chipRun
		}
		// The chip where it is on its way from the last stop's place (chipmotion.go).
		// A new chip drops in from just above its place.
		at := q.motion.at(it.ID, pt{x + 4, ry}, pt{x + 4, ry - 8}, wall)
		cx, cy := at.x-4, at.y
		vector.DrawFilledRect(screen, float32(cx+4), float32(cy), float32(q.colW-8), qRowH-2, bg, false)
		if it.Running {
			vector.StrokeRect(screen, float32(cx+4), float32(cy), float32(q.colW-8), qRowH-2, 1, accent, false)
		}
		label := it.Name
		detail := it.Detail
		switch {
		case it.Timer:
			detail = "timer, " + dueIn(it.Due-now)
		case it.Line > 0:
			detail = strings.TrimSpace(it.Func + " :" + strconv.Itoa(it.Line))
		}
		// The name first, elided in the middle by the pixels there are; the detail in what
		// is left of the chip, if a useful part of it fits.
		room := q.colW - 16
		label = f.elide(f.regular, label, room)
		f.draw(screen, label, cx+8, cy+1, paneText, false)
		if lw := f.width(f.regular, label); detail != "" && room-lw-6 >= 40 {
			f.draw(screen, f.elide(f.regular, detail, room-lw-6), cx+14+lw, cy+1, paneDim, false)
		}
		ry += qRowH
	}
	if len(items) == 0 {
		f.draw(screen, "empty", x+10, ry, paneDim, false)
	}
	return lineH + 8 + rows*qRowH
}

// dueIn says when a timer is due: "due now", "in 12 ms" (never "in -0 ms").
func dueIn(ms float64) string {
	if ms < 0.5 {
		return "due now"
	}
	return "in " + strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
}

// stack draws the JS stack, top first; each frame is a row that can be clicked.
func (q *queuesView) stack(screen *ebiten.Image, f *fonts, x, y int, frames []page.StackFrame, paneY int) int {
	sig := strings.Join(page.FrameNames(frames), "<")
	if sig != q.stackSig {
		q.stackSig, q.selected = sig, 0
	}
	ry := frameBox(screen, f, x, y, q.colW, q.stkRows, "JS stack")
	q.stackTop, q.stackN, q.stackBox = ry-paneY, 0, [2]int{x - q.pane.x, x - q.pane.x + q.colW}
	if len(frames) == 0 {
		f.draw(screen, "empty", x+10, ry, paneDim, false)
	}
	for i, fr := range frames {
		if i == q.stkRows {
			break
		}
		bg := chipBG
		if i == q.selected {
			bg = chipRun
		}
		vector.DrawFilledRect(screen, float32(x+4), float32(ry), float32(q.colW-8), qRowH-2, bg, false)
		// The file label at the right, then the name in the room left of it: never over it.
		room := q.colW - 16
		if fr.Line > 0 {
			pos := f.elide(f.regular, path.Base(fr.File)+":"+strconv.Itoa(fr.Line), room/2)
			pw := f.width(f.regular, pos)
			f.draw(screen, pos, x+q.colW-8-pw, ry+1, paneDim, false)
			room -= pw + 8
		}
		f.draw(screen, f.elide(f.regular, fr.Name, room), x+8, ry+1, paneText, false)
		ry += qRowH
		q.stackN++
	}
	if q.selected < len(frames) && frames[q.selected].Line > 0 {
		q.last = frames[q.selected]
	}
	return lineH + 8 + q.stkRows*qRowH
}

// log draws the newest console lines that fit (the wheel scrolls back); it never overflows.
func (q *queuesView) log(screen *ebiten.Image, f *fonts, x, y int, lines []string) {
	ry := frameBox(screen, f, x, y, q.colW, q.stkRows, "Log")
	q.logBack = max(0, min(q.logBack, len(lines)-q.stkRows))
	end := len(lines) - q.logBack
	start := max(0, end-q.stkRows)
	for _, ln := range lines[start:end] {
		f.draw(screen, f.elide(f.regular, ln, q.colW-16), x+8, ry+1, paneText, false)
		ry += qRowH
	}
	if q.logBack > 0 {
		note := fmt.Sprintf("↓ %d newer", q.logBack)
		f.draw(screen, note, x+q.colW-8-f.width(f.regular, note), y+2, paneDim, false)
	}
}

// notes: reactions waiting on pending promises, what cannot be seen, and the loop's other lists.
func (q *queuesView) notes(screen *ebiten.Image, f *fonts, x, y int, snap *page.Snapshot) int {
	b := &snap.Boxes
	line := func(s string, c color.Color) {
		f.draw(screen, f.elide(f.regular, s, q.pane.w-2*qPad), x, y, c, false)
		y += lineH
	}
	if len(b.Waiting) > 0 {
		line("Waiting for a promise: "+strings.Join(page.Names(b.Waiting), " · "), paneText)
	}
	var other []string
	if n := len(snap.AnimationFrames); n > 0 {
		other = append(other, fmt.Sprintf("animation frame callbacks: %d", n))
	}
	if n := len(snap.IdleCallbacks); n > 0 {
		other = append(other, fmt.Sprintf("idle callbacks: %d", n))
	}
	if len(other) > 0 {
		line(strings.Join(other, " · ")+" (run at the next frame / idle period)", paneDim)
	}
	return y
}

// code draws the page's script around the selected frame's line, highlighted.
func (q *queuesView) code(screen *ebiten.Image, f *fonts, x, y int, snap *page.Snapshot) {
	if snap.Sources == nil {
		return
	}
	file, line := q.last.File, q.last.Line
	if file == "" {
		files := snap.Sources.Files()
		if len(files) == 0 {
			return
		}
		file = files[0]
	}
	lines := snap.Sources.Lines(file)
	title := "Code: " + path.Base(file)
	if line > 0 {
		title += ":" + strconv.Itoa(line)
		if len(snap.Boxes.Stack) == 0 {
			title += " (last stop)"
		}
	}
	f.draw(screen, f.elide(f.bold, title, q.pane.w-2*qPad), x, y, paneHeading, true)
	y += lineH + 2
	rows := (q.pane.y + q.pane.h - y - 4) / lineH
	if rows <= 0 || len(lines) == 0 {
		return
	}
	first := 0
	if line > 0 {
		first = max(0, line-1-rows/2)
	} else {
		for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
			first++ // the page's first script line
		}
	}
	first = max(0, min(first, len(lines)-rows))
	for i := first; i < len(lines) && i < first+rows; i++ {
		if i+1 == line {
			vector.DrawFilledRect(screen, float32(x-4), float32(y), float32(q.pane.w-2*qPad+4), lineH, codeHi, false)
		}
		f.drawMono(screen, f.elide(f.mono, fmt.Sprintf("%4d  %s", i+1, strings.ReplaceAll(lines[i], "\t", "  ")), q.pane.w-2*qPad), x, y+1, paneText)
		y += lineH
	}
}

// click selects the JS stack frame under (x, y) (pane coordinates below the tabs); it
// reports whether it was one.
func (q *queuesView) click(x, y int) bool {
	if x < q.stackBox[0] || x >= q.stackBox[1] || y < q.stackTop {
		return false
	}
	i := (y - q.stackTop) / qRowH
	if i >= q.stackN {
		return false
	}
	q.selected = i
	return true
}

func (q *queuesView) dumpBoxes(b *page.Boxes) {
	if q.dump == 0 {
		q.dump = 1
		if os.Getenv("LOOPSCOPE_QUEUES_DUMP") != "" {
			q.dump = 2
		}
	}
	if q.dump != 2 {
		return
	}
	list := func(names []string) string { return "[" + strings.Join(names, ", ") + "]" }
	s := "T" + list(page.Names(b.Tasks)) + " M" + list(page.Names(b.Microtasks)) +
		" S" + list(page.FrameNames(b.Stack)) + " L" + list(b.Log)
	if s != q.dumped || b.Step != q.dumpedStep {
		if b.Step != q.dumpedStep {
			fmt.Fprintln(os.Stderr, "step: "+b.Step) // before the boxes of the same moment
		}
		q.dumped, q.dumpedStep = s, b.Step
		fmt.Fprintln(os.Stderr, "queues: "+s)
	}
}

// wheel scrolls the log back (dy > 0) or forward.
func (q *queuesView) wheel(dy float64) { q.logBack = max(0, q.logBack+int(dy)) }
