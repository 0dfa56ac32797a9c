package window

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"os"
	"regexp"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/demos"
	"loopscope/page"
)

// predictView is "predict, then check": a demo opened from the gallery starts paused before
// its first task with its script on screen, and the learner puts the expected log lines
// (given shuffled) in the order they think the page prints them: ↑/↓ choose a line, Shift+↑/↓
// move it (or drag it with the mouse), Enter runs the page. Then each printed line is shown
// against the prediction and against Chrome's recorded answer (a ✔ or ✘ per line), and only
// then the explanation.
type predictView struct {
	active  bool
	checked bool // the page runs: the lines are being checked
	run     page.Run
	lines   []string // the learner's order
	cursor  int
	dragged int // line a mouse press picked up (-1: none)
	script  []string
	version int
	dumped  int // the version last written by dump
	// Where the last draw put the lines: the pane and the first line's y (rowAt).
	pane rect
	top  int
	rowH int // a line's height: predictRowH, less in a pane too short for all the lines
}

// predictSeed is the shuffle's seed for a demo: fixed, so a test can replay the same order.
func predictSeed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// start begins a prediction for the demo's run (false: nothing to predict).
func (v *predictView) start(d *demos.Demo, run page.Run) bool {
	*v = predictView{dragged: -1, dumped: -1}
	if d == nil || len(run.Expected) < 2 {
		return false
	}
	v.active, v.run = true, run
	v.lines = demos.Shuffled(run.Expected, predictSeed(d.Name))
	v.script = scriptLines(d.HTML)
	if d.Node {
		v.script = strings.Split(strings.ReplaceAll(strings.TrimRight(string(d.Script), "\n"), "\t", "    "), "\n")
	}
	return true
}

var scriptRE = regexp.MustCompile(`(?s)<script[^>]*>(.*?)</script>`)

// scriptLines is the demo's inline script text, for the code panel.
func scriptLines(html []byte) []string {
	var out []string
	for _, m := range scriptRE.FindAllSubmatch(html, -1) {
		for _, ln := range strings.Split(strings.Trim(string(m[1]), "\n"), "\n") {
			out = append(out, strings.ReplaceAll(ln, "\t", "    "))
		}
	}
	return out
}

// Geometry of the prediction, in the instrument pane: a line's height, and the least it
// gets in a short pane (the mono face's line box is 14 px).
const predictRowH, minPredictRowH = 22, 17

func (v *predictView) rowAt(x, y int) int {
	if v.pane.w == 0 || x < v.pane.x || y < v.top {
		return -1
	}
	i := (y - v.top) / max(v.rowH, 1)
	if i >= len(v.lines) {
		return -1
	}
	return i
}

// update handles the keys and mouse while the learner orders the lines; it reports whether
// the learner asked to run the page (Enter).
func (v *predictView) update() bool {
	if !v.active || v.checked {
		return false
	}
	defer v.dump()
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	move := func(d int) {
		j := v.cursor + d
		if j < 0 || j >= len(v.lines) {
			return
		}
		if shift {
			v.lines[v.cursor], v.lines[j] = v.lines[j], v.lines[v.cursor]
		}
		v.cursor = j
		v.version++
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyUp):
		move(-1)
	case inpututil.IsKeyJustPressed(ebiten.KeyDown):
		move(1)
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter), inpututil.IsKeyJustPressed(ebiten.KeyKPEnter):
		return true
	}
	x, y := ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		v.dragged = v.rowAt(x, y)
		if v.dragged >= 0 {
			v.cursor = v.dragged
			v.version++
		}
	}
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) && v.dragged >= 0 {
		if to := v.rowAt(x, y); to >= 0 && to != v.dragged {
			l := v.lines[v.dragged]
			rest := append(append([]string(nil), v.lines[:v.dragged]...), v.lines[v.dragged+1:]...)
			v.lines = append(append(append([]string(nil), rest[:to]...), l), rest[to:]...)
			v.cursor = to
		}
		v.dragged = -1
		v.version++
	}
	return false
}

// commit ends the ordering: the page runs (or is stepped) and each line it prints is
// checked against the learner's order.
func (v *predictView) commit() {
	if v.active && !v.checked {
		v.checked = true
		v.version++
	}
}

// predictingKeys says which keys work while the learner orders the lines (the status line
// shows it when another key is pressed; the prediction's pane always).
const predictingKeys = "While you predict: Enter runs the page · Space or 1–5 step it from its first line · C/Q/T/F show another tab (the prediction keeps its tab) · H, I · Esc gallery; the other keys wait for your check"

// dump writes each new state of the order to stderr when LOOPSCOPE_QUEUES_DUMP is set
// ("predict: 2 [a | b | c]": the cursor's row and the lines), as the queues view writes its
// boxes: the window tests order the lines by what the window holds, so a key lost (or
// repeated) on a loaded machine is seen and made up for.
func (v *predictView) dump() {
	if v.version == v.dumped || os.Getenv("LOOPSCOPE_QUEUES_DUMP") == "" {
		return
	}
	v.dumped = v.version
	fmt.Fprintf(os.Stderr, "predict: %d [%s]\n", v.cursor, strings.Join(v.lines, " | "))
}

// done reports whether the check is complete: the page printed as many lines as Chrome did.
func (v *predictView) done(printed []string) bool {
	return v.checked && len(printed) >= len(v.run.Expected)
}

var (
	predictRight = color.RGBA{0x3c, 0xc8, 0x50, 0xff}
	predictWrong = color.RGBA{0xf0, 0x3c, 0x3c, 0xff}
)

// predictPane is the prediction under its tab (tabPredict): the game's predictView, which
// a demo opened from the gallery starts and the next demo ends.
type predictPane struct {
	v   *predictView
	con *consoleLog
}

func (pp predictPane) tab() string  { return "Predict" }
func (pp predictPane) wants() wants { return wants{} }
func (pp predictPane) reset()       {}
func (pp predictPane) draw(dst *ebiten.Image, f *fonts, fr *frame) {
	pp.v.draw(dst, f, fr.lay.paneBody, printedLines(pp.con))
}

// draw shows the prediction (and, once the page runs, the check) in the instrument pane.
func (v *predictView) draw(dst *ebiten.Image, f *fonts, r rect, printed []string) {
	vector.DrawFilledRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), paneBG, false)
	head := "Predict: put the lines in the order the page prints them (↑/↓, Shift+↑/↓ or drag), then Enter"
	if v.checked {
		head = "Checked: your order · what the page printed · Chrome's answer"
	}
	predictX, textW := r.x+8, r.w-16
	heads := f.wrapPx(f.regular, head, textW)
	for i, ln := range heads {
		f.draw(dst, ln, predictX, r.y+4+i*lineH, paneHeading, false)
	}
	v.pane, v.top = r, r.y+max(40, 4+len(heads)*lineH+8)
	v.rowH = predictRowH
	if n := len(v.lines); n > 0 {
		v.rowH = max(minPredictRowH, min(predictRowH, (r.y+r.h-v.top-4)/n))
	}
	bottom := r.y + r.h - lineH // the last text line's y in the pane
	// The three columns (your order, what the page printed, Chrome's answer) share the
	// pane's width as at the design's 464 px: 200 and 130 px, the rest.
	c1, c2 := textW*200/464, textW*330/464
	checks := demos.Check(v.lines, printed, v.run)
	for i, ln := range v.lines {
		y := v.top + i*v.rowH
		if y+v.rowH > r.y+r.h {
			break // a pane too short for all the lines even at their least height
		}
		if !v.checked && i == v.cursor {
			vector.DrawFilledRect(dst, float32(r.x+2), float32(y-2), float32(r.w-4), float32(v.rowH), color.RGBA{0x33, 0x44, 0x66, 0xff}, false)
		}
		room := c1 - 22 - 6
		if !v.checked {
			room = textW - 22 // nothing beside it yet
		}
		f.drawMono(dst, f.elide(f.mono, ln, room), predictX+22, y+2, paneText)
		if !v.checked || i >= len(printed) {
			continue
		}
		c := checks[i]
		col := predictWrong
		if c.Right {
			col = predictRight
		}
		drawVerdict(dst, predictX+2, y+2, c.Right, col)
		f.drawMono(dst, f.elide(f.mono, c.Printed, c2-c1-6), predictX+c1, y+2, paneText)
		chromeCol := paneDim
		if !c.MatchesChrome {
			chromeCol = paneErr
		}
		f.drawMono(dst, f.elide(f.mono, c.Chrome, textW-c2), predictX+c2, y+2, chromeCol)
	}
	y := v.top + len(v.lines)*v.rowH + 12
	if v.checked && len(printed) > len(v.lines) && y <= bottom {
		f.draw(dst, f.elide(f.regular, "the page printed more lines than you predicted", textW), predictX, y, paneErr, false)
		y += lineH
	}
	hint := ""
	switch {
	case !v.checked:
		hint = predictingKeys
	case v.done(printed):
		hint = "Shift+R: step it from the start (your order stays, checked again as it prints) · Q: the queues"
	}
	for _, ln := range f.wrapPx(f.regular, hint, textW) {
		if y > bottom {
			break // a pane too short: the lines come first
		}
		f.draw(dst, ln, predictX, y, paneDim, false)
		y += lineH
	}
	if hint != "" {
		y += 4
	}
	if y+lineH+4 > bottom {
		return // no room for the script
	}
	f.draw(dst, "The script", predictX, y, paneHeading, true)
	y += lineH + 4
	for _, ln := range v.script {
		if y > bottom {
			break
		}
		f.drawMono(dst, f.elide(f.mono, ln, textW), predictX, y, paneDim)
		y += lineH
	}
}

// drawVerdict draws a check mark (right) or a cross (wrong), 14 px, at (x, y).
func drawVerdict(dst *ebiten.Image, x, y int, right bool, c color.Color) {
	fx, fy := float32(x), float32(y)
	if right {
		vector.StrokeLine(dst, fx+1, fy+8, fx+5, fy+13, 2.5, c, true)
		vector.StrokeLine(dst, fx+5, fy+13, fx+14, fy+1, 2.5, c, true)
		return
	}
	vector.StrokeLine(dst, fx+2, fy+2, fx+13, fy+13, 2.5, c, true)
	vector.StrokeLine(dst, fx+13, fy+2, fx+2, fy+13, 2.5, c, true)
}
