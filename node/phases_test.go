package node

import (
	"bytes"
	"slices"
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

// TestNodeIOSpansInPhases: in the trace, a socket's and a child process's callbacks are spans
// inside a poll phase's span (a write's or a shutdown's completion may also be fed to the
// pending phase, as libuv's uv__io_feed does), and a handle's close callback is inside the
// close callbacks phase's: the timeline draws each I/O callback in its phase (issue 28).
// A callback belongs to the phase span recorded next after it (a phase's span is added when
// the phase ends) and must lie within it.
func TestNodeIOSpansInPhases(t *testing.T) {
	want := map[string][]string{
		"TCPWRAP onconnection":    {"poll phase"},
		"TCPCONNECTWRAP":          {"poll phase"},
		"TCPWRAP onread":          {"poll phase"},
		"WriteWrap oncomplete":    {"poll phase", "pending callbacks phase"},
		"ShutdownWrap oncomplete": {"poll phase", "pending callbacks phase"},
		"ProcessWrap onexit":      {"poll phase"},
		"HandleWrap close":        {"close callbacks phase"},
	}
	seen := map[string]int{}
	for _, file := range []string{"net_close_phase.js", "net_echo_order.js", "child_exit_close.js"} {
		var out bytes.Buffer
		p, err := New("../testdata/node/"+file, Options{VirtualTime: true, Stdout: &out, Stderr: &out})
		if err != nil {
			t.Fatal(err)
		}
		if code := p.Run(); code != 0 {
			t.Fatalf("%s: exit %d: %s", file, code, out.String())
		}
		var waiting []agent.Span // callbacks recorded since the last phase span
		for _, s := range p.Agent().Trace().Spans() {
			if s.Kind != agent.KindTask {
				continue
			}
			if !strings.HasSuffix(s.Name, " phase") {
				waiting = append(waiting, s)
				continue
			}
			for _, c := range waiting {
				phases, ok := want[c.Name]
				if !ok {
					continue
				}
				seen[c.Name]++
				if !slices.Contains(phases, s.Name) || c.Start < s.Start || c.End > s.End {
					t.Errorf("%s: %q [%.3f, %.3f] ran in %q [%.3f, %.3f], want it inside %v", file, c.Name, c.Start, c.End, s.Name, s.Start, s.End, phases)
				}
			}
			waiting = waiting[:0]
		}
	}
	for name := range want {
		if seen[name] == 0 && name != "WriteWrap oncomplete" && name != "ShutdownWrap oncomplete" {
			t.Errorf("no %q span in the traces", name)
		}
	}
	t.Logf("callbacks checked: %v", seen)
}
