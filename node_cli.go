package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	nodedemos "loopscope/demos/node"
	"loopscope/instruments"
	"loopscope/loop"
	"loopscope/node"
	"loopscope/page"
	"loopscope/targets"
)

// The Node profile of the CLI: `loopscope app.js` or `loopscope -env node FILE` runs a script
// as a Node main module (package node), in the terminal: stdout gets console.log, stderr
// the errors, the exit status is node's (process.exitCode; 1 after an uncaught exception
// or a watchdog stop; 2 for bad usage, a missing file or a syntax error).

// isNode reports whether the target runs as a Node main module: a .js file, -env node, or
// the name of a built-in Node demo (targets.IsNode).
func (c *cli) isNode() bool { return targets.IsNode(c.target, c.env) }

// inTerminal reports whether a Node target runs in the terminal (runNode) rather than in
// the window: with -headless, in a build without the window, or with the flags that only a
// terminal run has (-virtual-time, -trace, -report).
func (c *cli) inTerminal() bool {
	return c.headless || !hasWindow || c.virtualTime || c.traceFile != "" || c.report
}

// checkEnv checks -env and the flags that go with the Node profile.
func (c *cli) checkEnv() error {
	switch c.env {
	case "", "browser", "node":
	default:
		return usageError{fmt.Sprintf("-env must be browser or node, not %q", c.env)}
	}
	if !c.isNode() {
		if c.mode == loop.ModeNode10 {
			return usageError{"-mode node10 is for Node scripts (a .js file or -env node)"}
		}
		return nil
	}
	if c.target == "" {
		return usageError{"-env node needs a script: loopscope -env node app.js"}
	}
	switch c.mode {
	case loop.ModeSpec, loop.ModeNode10, loop.ModeLegacyAwait:
	default:
		return usageError{fmt.Sprintf("-mode %s is a browser mode; a Node script takes spec, node10 or legacy-await", c.mode)}
	}
	if c.screenshot != "" || c.filmstrip != "" || c.actionsFile != "" || len(c.clicks) > 0 || c.duration != 0 {
		return usageError{"-screenshot, -filmstrip, -actions, -click and -duration are for pages, not Node scripts"}
	}
	return nil
}

func runNode(c *cli, stdout, stderr io.Writer) int {
	var scripts targets.Opener
	defer scripts.Close()
	target, _, err := scripts.NodeScript(c.target)
	if err != nil {
		fmt.Fprintln(stderr, "loopscope:", err)
		return 2
	}
	p, err := node.New(target, node.Options{
		Mode:          c.mode,
		VirtualTime:   c.virtualTime,
		Stdout:        stdout,
		Stderr:        stderr,
		ScriptTimeout: c.scriptTimeout,
		MaxHeap:       c.maxHeap,
	})
	if err != nil {
		var se *node.SyntaxError
		if errors.As(err, &se) {
			fmt.Fprintln(stderr, "loopscope:", err)
			return 1
		}
		fmt.Fprintln(stderr, "loopscope:", err)
		return 2
	}
	status := p.Run()
	if c.traceFile != "" {
		if err := writeTrace(c.traceFile, p.Agent().Trace()); err != nil {
			fmt.Fprintln(stderr, "loopscope: -trace:", err)
			if status == 0 {
				status = 1
			}
		}
	}
	if c.report {
		writeNodeReport(stderr, p)
	}
	return status
}

// writeNodeReport prints what the run did: callbacks per phase, the longest callback.
func writeNodeReport(w io.Writer, p *node.Process) {
	instruments.NewNodeReport(p.Agent().Trace().Spans(), p.Agent().Stats()).Write(w)
}

// checkNodeDemos runs every Node demo in every mode it declares (virtual time) against its
// expected output or one of node's recorded alternatives.
func checkNodeDemos(stdout io.Writer) (passed, failed int) {
	list, errs := nodedemos.All()
	for _, err := range errs {
		failed++
		fmt.Fprintln(stdout, "FAIL", err)
	}
	dir, err := os.MkdirTemp("", "loopscope-node-demos")
	if err != nil {
		fmt.Fprintln(stdout, "FAIL node demos:", err)
		return passed, failed + 1
	}
	defer os.RemoveAll(dir)
	for _, d := range list {
		for _, r := range d.Runs {
			out, err := runNodeDemo(d, r, dir)
			if err != nil {
				failed++
				fmt.Fprintf(stdout, "FAIL %s [node, %s]: %v\n", d.Name, r.Name(), err)
				continue
			}
			if ok, diff := (page.Result{Lines: out}).Matches(r); ok {
				passed++
				fmt.Fprintf(stdout, "ok   %s [node, %s]\n", d.Name, r.Name())
			} else {
				failed++
				fmt.Fprintf(stdout, "FAIL %s [node, %s]\n%s", d.Name, r.Name(), diff)
			}
		}
	}
	return passed, failed
}

func runNodeDemo(d nodedemos.Demo, r page.Run, dir string) ([]string, error) {
	path, err := d.WriteScript(dir)
	if err != nil {
		return nil, err
	}
	var out, errb bytes.Buffer
	p, err := node.New(path, node.Options{Mode: r.Mode, VirtualTime: true, Stdout: &out, Stderr: &errb})
	if err != nil {
		return nil, err
	}
	p.Run()
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n"), nil
}
