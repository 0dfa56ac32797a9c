package node

import (
	"io"
	"regexp"
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

// TestNodeInspectHandles: the snapshot lists the live handles, those keeping the loop
// alive first (the accepted socket reading, the listening server), then an idle client (not
// reading yet in its connect callback) and an unref'd server.
func TestNodeInspectHandles(t *testing.T) {
	p, err := New("testdata/snapshot_net.js", Options{VirtualTime: true, Stdout: io.Discard, Stderr: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	var s Snapshot
	_ = p.Agent().Runtime().Set("snap", func(goja.FunctionCall) goja.Value { s = p.Inspect(10); return goja.Undefined() })
	if code := p.Run(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got []string
	for _, h := range s.Handles {
		got = append(got, regexp.MustCompile(`:\d+`).ReplaceAllString(h.String(), ":PORT"))
	}
	want := "TCP 127.0.0.1:PORT|TCPServer 127.0.0.1:PORT|TCP 127.0.0.1:PORT (idle)|TCPServer 127.0.0.1:PORT (unref)"
	if strings.Join(got, "|") != want {
		t.Errorf("handles:\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
	if len(p.handles.live) != 0 {
		t.Errorf("%d handles live after the process ended", len(p.handles.live))
	}
}
