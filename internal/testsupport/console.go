// Package testsupport holds what the tests of several packages share (agent, loop, node, dom, page and
// the shell run pages and read what they printed). Only tests import it.
package testsupport

import (
	"sync"

	"loopscope/agent"
)

// Console records console lines and errors (safe from any goroutine).
type Console struct {
	mu            sync.Mutex
	Lines, Errors []string
	Echo          agent.Console // optional: also pass everything on
}

// Message implements agent.Console.
func (c *Console) Message(level, text string) {
	c.mu.Lock()
	c.Lines = append(c.Lines, text)
	c.mu.Unlock()
	if c.Echo != nil {
		c.Echo.Message(level, text)
	}
}

// Error implements agent.Console.
func (c *Console) Error(text string) {
	c.mu.Lock()
	c.Errors = append(c.Errors, text)
	c.mu.Unlock()
	if c.Echo != nil {
		c.Echo.Error(text)
	}
}

// Snapshot returns a copy of the lines printed so far (safe while the page runs).
func (c *Console) Snapshot() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.Lines...)
}
