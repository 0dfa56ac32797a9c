package window

import (
	"fmt"
	"os"
	"sync"
)

// paneConsole is the page's console as the window shows it; it also prints to stdout/stderr.
type paneConsole struct {
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

func newPaneConsole(stdout, stderr *os.File) *paneConsole {
	return &paneConsole{stdout: stdout, err: stderr}
}

func (c *paneConsole) add(l consoleLine) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ver++
	c.lines = append(c.lines, l)
	if len(c.lines) > maxConsoleLines {
		c.lines = append([]consoleLine(nil), c.lines[len(c.lines)-maxConsoleLines/2:]...)
	}
}

// Message implements loop.Console.
func (c *paneConsole) Message(level, text string) {
	c.add(consoleLine{text: text, err: level == "error"})
	if c.stdout != nil {
		fmt.Fprintln(c.stdout, text)
	}
}

// Error implements loop.Console.
func (c *paneConsole) Error(text string) {
	c.add(consoleLine{text: text, err: true})
	if c.err != nil {
		fmt.Fprintln(c.err, text)
	}
}

func (c *paneConsole) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lines = nil
	c.ver++
}

// version changes whenever the console does.
func (c *paneConsole) version() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ver
}

// tail returns the last n lines.
func (c *paneConsole) tail(n int) []consoleLine {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.lines) <= n {
		return append([]consoleLine(nil), c.lines...)
	}
	return append([]consoleLine(nil), c.lines[len(c.lines)-n:]...)
}
