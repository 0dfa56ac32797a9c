package loop

import (
	"strings"
	"sync"
	"testing"
)

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

// runScript runs src as a page's only script, in virtual time on a simulated 60 Hz
// display, until nothing is left to do, and returns the console lines and errors.
func runScript(t testing.TB, mode Mode, src string) (lines, errors []string) {
	t.Helper()
	c := &recordingConsole{}
	l := New(Options{Clock: NewVirtualClock(), Console: c, Mode: mode})
	l.QueueTask(SourceDOMManipulation, "script", func() { l.RunScript("test.js", src) })
	l.Run(RunOptions{StopWhenQuiet: true, Until: 30000})
	return c.lines, c.errors
}

func expectLines(t *testing.T, got []string, want string) {
	t.Helper()
	w := strings.Split(strings.TrimSpace(want), "\n")
	for i := range w {
		w[i] = strings.TrimSpace(w[i])
	}
	if strings.Join(got, "\n") != strings.Join(w, "\n") {
		t.Errorf("console output differs\n got: %q\nwant: %q", got, w)
	}
}
