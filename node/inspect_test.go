package node

import (
	"io"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestNodeInspect: a snapshot taken inside the main module shows its queues.
func TestNodeInspect(t *testing.T) {
	p, err := New("testdata/snapshot.js", Options{VirtualTime: true, Stdout: io.Discard, Stderr: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	var s Snapshot
	_ = p.Agent().Runtime().Set("snap", func(goja.FunctionCall) goja.Value { s = p.Inspect(10); return goja.Undefined() })
	if code := p.Run(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if s.Phase != PhaseNone || s.NextTicks != 2 || s.Immediates != 1 || s.PendingIO+s.DoneIO != 1 || len(s.Timers) != 2 ||
		s.Timers[0].Due-s.Timers[1].Due != -40 || !s.Timers[0].Repeat || s.Timers[0].Refed || !s.Timers[1].Refed {
		t.Errorf("snapshot: %+v", s)
	}
	if strings.Join(s.NextTickNames, " ") != "first (anonymous)" || strings.Join(s.ImmediateNames, " ") != "soon" ||
		s.Timers[0].Name != "(anonymous)" || s.Timers[1].Name != "later" {
		t.Errorf("names: ticks %q, immediates %q, timers %+v", s.NextTickNames, s.ImmediateNames, s.Timers)
	}
}
