package window

import (
	"fmt"
	"os"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
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
}

const maxConsoleLines = 2000

func newConsoleLog(stdout, stderr *os.File) *consoleLog {
	return &consoleLog{stdout: stdout, err: stderr}
}

func (c *consoleLog) add(l consoleLine) {
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

// consoleView is the console pane: the newest lines, errors in red.
type consoleView struct {
	con *consoleLog
}

func (v *consoleView) tab() string  { return "Console (C)" }
func (v *consoleView) wants() wants { return wants{} }
func (v *consoleView) reset()       {}

func (v *consoleView) draw(dst *ebiten.Image, f *fonts, fr *frame) {
	fillPane(dst)
	lines := v.con.tail((pageH - tabH - 12) / lineH)
	y := paneBodyRect.y + 6
	for _, ln := range lines {
		c := paneText
		if ln.err {
			c = paneErr
		}
		f.draw(dst, clip(ln.text, 70), pageW+8, y, c, false)
		y += lineH
	}
}
