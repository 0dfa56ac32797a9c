package node

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"loopscope/agent"
)

// TestNodeWatchdog: an endless nextTick recursion, an endless loop in a timer and an endless
// microtask chain are stopped with one clear line, and the process ends with status 1.
func TestNodeWatchdog(t *testing.T) {
	cases := []struct{ script, stdout, task string }{
		{"endless_nexttick.js", "start\n", `task "main module endless_nexttick.js"`},
		{"endless_timer_loop.js", "start\ntimer\n", `task "setTimeout"`},
		{"endless_promise_chain.js", "start\n", `task "setImmediate"`},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			var out, errb bytes.Buffer
			p, err := New("../testdata/node/hostile/"+c.script, Options{VirtualTime: true, Stdout: &out, Stderr: &errb, ScriptTimeout: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			code := p.Run()
			lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
			if code != 1 || out.String() != c.stdout || len(lines) != 1 ||
				!strings.HasPrefix(lines[0], "Script stopped: "+c.task+" ran for more than 300ms (-script-timeout)") ||
				!strings.HasSuffix(lines[0], "The process ends (exit status 1).") {
				t.Errorf("exit %d\nstdout %q\nstderr %q", code, out.String(), errb.String())
			}
		})
	}
}

// TestNodeStartErrors: a missing file and a syntax error are one clear line each.
func TestNodeStartErrors(t *testing.T) {
	_, err := New("../testdata/node/no-such-script.js", Options{})
	if err == nil || err.Error() != "cannot find module ../testdata/node/no-such-script.js: no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
	_, err = New("../testdata/node/hostile/syntax_error.js", Options{Mode: agent.ModeLegacyAwait})
	if err == nil || err.Error() != "syntax_error.js:3:14: SyntaxError: Unexpected token ;" {
		t.Errorf("syntax error: %v", err)
	}
}
