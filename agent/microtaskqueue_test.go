package agent

import (
	"strings"
	"testing"
)

// TestMicrotaskModelBounded: reactions on promises that never settle are followed up to a
// bound, and the page still prints the same.
func TestMicrotaskModelBounded(t *testing.T) {
	c := &recordingConsole{}
	l := New(Options{Clock: NewVirtualClock(), Console: c, ScriptTimeout: -1}) // a loaded machine is slow
	l.InstallConsole()
	l.EnableStepping()
	l.EnableMicrotaskTracking()
	l.RunScript("page.js", `const p = new Promise(() => {}); for (let i = 0; i < 10500; i++) p.then(() => {}); console.log('done')`)
	if n := len(l.mt.queue.waitingList(1 << 30)); n > maxFollowed || l.mt.queue.lost == 0 {
		t.Errorf("waiting %d, lost %d: the model should follow at most %d", n, l.mt.queue.lost, maxFollowed)
	}
	if strings.Join(c.lines, ",") != "done" {
		t.Errorf("printed %q", c.lines)
	}
}
