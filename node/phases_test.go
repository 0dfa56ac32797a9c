package node

import (
	"bytes"
	"strings"
	"testing"

	"loopscope/agent"
)

// TestNodePhasesInTrace: each phase that ran a callback is a span in the trace, around its
// callbacks, in libuv's order: the readFile callback in a poll phase, the immediate it
// queued in the check phase right after, its timeout in the next timers phase.
func TestNodePhasesInTrace(t *testing.T) {
	var out bytes.Buffer
	p, err := New("../testdata/node/close_phase.js", Options{VirtualTime: true, Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	if code := p.Run(); code != 0 {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	var got []string
	var phases []agent.Span
	for _, s := range p.Agent().Trace().Spans() {
		if s.Kind == agent.KindTask && strings.HasSuffix(s.Name, " phase") {
			phases = append(phases, s)
		}
	}
	for _, s := range p.Agent().Trace().Spans() {
		if s.Kind != agent.KindTask || strings.HasSuffix(s.Name, " phase") {
			continue
		}
		in := "(no phase)"
		for _, ph := range phases {
			if s.Start >= ph.Start && s.End <= ph.End {
				in = ph.Name
			}
		}
		got = append(got, s.Name+" in "+in)
	}
	want := []string{
		"main module close_phase.js in (no phase)",
		"fs.readFile in poll phase",
		"setImmediate in check phase",
		"setTimeout in timers phase",
		"process.emit('beforeExit') in (no phase)",
		"process.emit('exit') in (no phase)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
