package agent

import "sync"

// recordingConsole collects console lines and errors.
type recordingConsole struct {
	mu     sync.Mutex
	lines  []string
	errors []string
}

func (c *recordingConsole) Message(level, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lines = append(c.lines, text)
}

func (c *recordingConsole) Error(text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.errors = append(c.errors, text)
}
