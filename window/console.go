package window

import (
	"fmt"
	"math"
	"os"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"loopscope/page"
)

// consoleLog is the page's console as the window shows it; it also prints to stdout/stderr.
type consoleLog struct {
	mu          sync.Mutex
	lines       []consoleLine
	ver         int // bumped on every change
	stdout, err *os.File
}

type consoleLine struct {
	text string
	err  bool
	sep  bool // the window's separator before an input's lines (not the page's output)
}

// inputSeparator is the console pane's line before the lines an input leads to, so that a
// real click's run and a synthetic click's do not run together (issue 25); "" for an input
// that needs none (moves, releases, wheel ticks, keys).
func inputSeparator(a page.Action) string {
	switch {
	case a.Click != "" && a.Kind == "synthetic":
		return "── synthetic click: " + a.Click + ".click() ──"
	case a.Click != "":
		return "── real click: " + a.Click + " ──"
	case a.Pointer == "press" && (a.Button == "" || a.Button == "left"):
		return "── real click ──"
	}
	return ""
}

// separate adds an input's separator line to the pane (not to stdout): on the page's
// goroutine, when the input's task is queued (page.Options.OnInput), so that it comes before
// what that task prints.
func (c *consoleLog) separate(a page.Action) {
	if sep := inputSeparator(a); sep != "" {
		c.add(consoleLine{text: sep, sep: true})
	}
}

const maxConsoleLines = 2000

func newConsoleLog(stdout, stderr *os.File) *consoleLog {
	return &consoleLog{stdout: stdout, err: stderr}
}

// maxLineRunes bounds one console line as the pane keeps it (stdout gets it whole): with
// maxConsoleLines, the pane's memory stays bounded whatever a page logs.
const maxLineRunes = 4000

func (c *consoleLog) add(l consoleLine) {
	if len(l.text) > maxLineRunes {
		if r := []rune(l.text); len(r) > maxLineRunes {
			l.text = fmt.Sprintf("%s … (%d more characters; stdout has the whole line)", string(r[:maxLineRunes]), len(r)-maxLineRunes)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ver++
	c.lines = append(c.lines, l)
	if len(c.lines) > maxConsoleLines {
		c.lines = append([]consoleLine(nil), c.lines[len(c.lines)-maxConsoleLines/2:]...)
	}
}

// Message implements page.Console.
func (c *consoleLog) Message(level, text string) {
	c.add(consoleLine{text: text, err: level == "error"})
	if c.stdout != nil {
		fmt.Fprintln(c.stdout, text)
	}
}

// Error implements page.Console.
func (c *consoleLog) Error(text string) {
	c.add(consoleLine{text: text, err: true})
	if c.err != nil {
		fmt.Fprintln(c.err, text)
	}
}

func (c *consoleLog) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lines = nil
	c.ver++
}

// version changes whenever the console does.
func (c *consoleLog) version() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ver
}

// tail returns the last n lines.
func (c *consoleLog) tail(n int) []consoleLine {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.lines) <= n {
		return append([]consoleLine(nil), c.lines...)
	}
	return append([]consoleLine(nil), c.lines[len(c.lines)-n:]...)
}

// consoleView is the console pane: the newest lines, errors in red, each line wrapped to
// the pane's width (an error is shown whole, never cut). The wheel and PgUp/PgDn scroll
// back through the kept lines (maxConsoleLines); End returns to the newest.
type consoleView struct {
	con  *consoleLog
	back int // rows scrolled back from the newest (0: follow the newest)

	cache    []consoleRow // rows of the console at version cacheVer, wrapped to cacheW px
	cacheVer int
	cacheW   int
	face     text.Face // the face rows are wrapped in (set by draw)
	rowsN    int       // rows the pane shows (set by draw)
}

// The console pane's text geometry at the design size: characters a row holds and rows the
// pane shows (drawn, rows are wrapped by the pane's pixels and it shows what its height holds).
const (
	conCols = 74
	conRows = (designH - barH - maxInfoH - tabH - 12) / lineH
)

// shownRows is how many rows the pane shows.
func (v *consoleView) shownRows() int {
	if v.rowsN > 0 {
		return v.rowsN
	}
	return conRows
}

func (v *consoleView) tab() string  { return "Console (C)" }
func (v *consoleView) wants() wants { return wants{} }
func (v *consoleView) reset()       { v.back, v.cache = 0, nil }

// wheel scrolls back (dy > 0) or forward, three rows a notch.
func (v *consoleView) wheel(dy float64) { v.scroll(int(math.Round(dy * 3))) }

// scroll moves the view rows back (negative: forward); it never passes either end.
func (v *consoleView) scroll(rows int) { v.back = max(v.back+rows, 0) }

// consoleRow is one row on screen: part of a wrapped line.
type consoleRow struct {
	text string
	err  bool
	sep  bool
}

// rows wraps the kept lines into the pane's rows, oldest first (again only when the
// console changed).
func (v *consoleView) rows() []consoleRow {
	if ver := v.con.version(); v.cache != nil && ver == v.cacheVer {
		return v.cache
	}
	v.cacheVer = v.con.version()
	out := []consoleRow{}
	fits := func(s string) bool { return len([]rune(s)) <= conCols }
	if v.face != nil {
		fits = func(s string) bool { return width(v.face, s) <= v.cacheW }
	}
	for _, ln := range v.con.tail(maxConsoleLines) {
		for _, part := range wrapHardFit(ln.text, fits) {
			out = append(out, consoleRow{part, ln.err, ln.sep})
		}
	}
	v.cache = out
	return out
}

// visible is the rows shown: conRows of them ending back rows before the newest (back is
// clamped so the oldest row stays at the top), and how far back that is.
func (v *consoleView) visible() ([]consoleRow, int) {
	all := v.rows()
	n := v.shownRows()
	v.back = min(v.back, max(len(all)-n, 0))
	end := len(all) - v.back
	return all[max(end-n, 0):end], v.back
}

func (v *consoleView) draw(dst *ebiten.Image, f *fonts, fr *frame) {
	r0 := fr.lay.paneBody
	fillPane(dst, r0)
	if w := r0.w - 16; v.face != f.regular || v.cacheW != w {
		v.face, v.cacheW, v.cache = f.regular, w, nil // wrapped again for the pane's width
	}
	v.rowsN = max((r0.h-12)/lineH, 1)
	rows, back := v.visible()
	y := r0.y + 6
	for _, r := range rows {
		c := paneText
		if r.err {
			c = paneErr
		}
		if r.sep {
			c = paneDim
		}
		f.draw(dst, r.text, r0.x+8, y, c, false)
		y += lineH
	}
	if back > 0 {
		note := fmt.Sprintf("%d rows back · End: newest", back)
		f.draw(dst, note, r0.x+r0.w-8-f.width(f.regular, note), r0.y+r0.h-lineH-2, accent, false)
	}
}

// wrapHard breaks s into rows of at most n runes: at spaces where it can, inside a word
// otherwise; tabs become two spaces; every rune of s is kept (a space broken at excepted).
func wrapHard(s string, n int) []string {
	return wrapHardFit(s, func(row string) bool { return len([]rune(row)) <= n })
}

// wrapHardFit breaks s into the longest rows that fit: at a space in the row's second half
// where there is one, inside a word otherwise; tabs become two spaces; every rune of s is
// kept (a space broken at excepted). A row holds one rune at least.
func wrapHardFit(s string, fits func(string) bool) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		r := []rune(strings.ReplaceAll(para, "\t", "  "))
		if len(r) == 0 {
			out = append(out, "")
			continue
		}
		for len(r) > 1 && !fits(string(r)) {
			lo, hi := 1, len(r)-1 // the most runes that fit: r[:lo] fits, or lo is 1
			for lo < hi {
				mid := (lo + hi + 1) / 2
				if fits(string(r[:mid])) {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
			cut := lo
			for i := lo; i > lo/2 && i < len(r); i-- {
				if r[i] == ' ' {
					cut = i
					break
				}
			}
			out = append(out, string(r[:cut]))
			r = r[cut:]
			if len(r) > 0 && r[0] == ' ' {
				r = r[1:]
			}
		}
		out = append(out, string(r))
	}
	return out
}
