package main

import (
	"strings"
	"testing"
)

// TestCLINodeScript: a .js file runs as a Node main module (with or without -headless), the
// exit status is node's, and bad usage, a missing file and a syntax error are one line.
func TestCLINodeScript(t *testing.T) {
	cases := []struct {
		args           []string
		stdout, stderr string // stderr: a prefix of the one line, or "" for none
		code           int
	}{
		{[]string{"-virtual-time", "testdata/node/seed_script_start.js"}, "script start\nscript end\npromise1\npromise2\nsetTimeout\n", "", 0},
		{[]string{"-headless", "-virtual-time", "testdata/node/exit_code.js"}, "timer still runs\nexit with 3 3\n", "", 3},
		{[]string{"-env", "node", "-virtual-time", "-mode", "node10", "demos/node/seed002_timers_promises.js"}, "start\nend\npromise3\ntimer1\ntimer2\npromise1\npromise2\n", "", 0},
		{[]string{"-virtual-time", "testdata/node/uncaught_in_timer.js"}, "timer 1\n", "Uncaught TypeError: bad thing", 1},
		{[]string{"testdata/node/missing.js"}, "", "loopscope: cannot find module testdata/node/missing.js: no such file or directory", 2},
		{[]string{"testdata/node/hostile/syntax_error.js"}, "", "loopscope: syntax_error.js:3:14: SyntaxError: Unexpected token ;", 1},
		{[]string{"-mode", "legacy-raf", "testdata/node/uncaught.js"}, "", "loopscope: -mode legacy-raf is a browser mode", 2},
		{[]string{"-env", "deno", "x.js"}, "", "loopscope: -env must be browser or node", 2},
		{[]string{"-virtual-time", "-mode", "legacy-await", "seed002_async1_async2"}, "script start\nasync2 end\nPromise\nscript end\npromise1\npromise2\nasync1 end\nsetTimeout\n", "", 0},
	}
	for _, c := range cases {
		stdout, stderr, code := runCLI(t, nil, headlessBin, c.args...)
		firstLine, _, _ := strings.Cut(stderr, "\n")
		if stdout != c.stdout || code != c.code || (c.stderr == "") != (stderr == "") || !strings.HasPrefix(firstLine, c.stderr) {
			t.Errorf("loopscope %s: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout %q, stderr %q", strings.Join(c.args, " "), code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
		if c.code == 2 && strings.Count(stderr, "\n") != 1 {
			t.Errorf("loopscope %s: want one line, got %q", strings.Join(c.args, " "), stderr)
		}
	}
}

// TestCLINodeDemos: seed 002's Node examples are in -list, marked as Node.
func TestCLINodeDemos(t *testing.T) {
	stdout, _, code := runCLI(t, nil, headlessBin, "-list")
	for _, name := range []string{"seed002_timers_promises", "seed002_timeout_vs_immediate", "seed002_timeout_vs_immediate_io", "seed002_nexttick_bar", "seed002_async1_async2"} {
		if !strings.Contains(stdout, name+" [node]") {
			t.Errorf("-list does not show %s as a Node demo", name)
		}
	}
	if code != 0 {
		t.Errorf("-list: exit %d", code)
	}
}
