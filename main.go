// Command loopscope is a miniature browser that makes the HTML event loop visible: tasks,
// microtasks, MutationObserver, requestAnimationFrame, rendering and idle periods, on real
// display frames. See README.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"loopscope/page"
	"loopscope/targets"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseArgs(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, "loopscope:", err)
		return 2
	}
	page.BoundRegexpMatching(c.scriptTimeout, c.virtualTime)
	if c.cpuProfile != "" {
		stop, err := startCPUProfile(c.cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "loopscope:", err)
			return 2
		}
		defer stop()
	}
	switch {
	case c.list:
		return listDemos(stdout)
	case c.check:
		return checkDemos(stdout, stderr)
	case c.copyDemo != "":
		return copyDemo(c.copyDemo, c.target, stdout, stderr)
	case c.isNode() && c.inTerminal():
		return runNode(c, stdout, stderr)
	case c.headless:
		return runHeadless(c, stdout, stderr)
	}
	return runWindow(c, stdout, stderr)
}

// startCPUProfile starts Go's CPU profiler writing to path; stop ends it and closes the file.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			pprof.StopCPUProfile()
			f.Close()
		})
	}
	// A window closed with Ctrl+C or a kill still leaves a readable profile.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sig
		stop()
		fmt.Fprintf(os.Stderr, "loopscope: %v: CPU profile written to %s\n", s, path)
		os.Exit(1)
	}()
	return stop, nil
}

func parseArgs(args []string, stderr io.Writer) (*cli, error) {
	c := &cli{mode: page.ModeSpec}
	fs := flag.NewFlagSet("loopscope", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&c.headless, "headless", false, "run without a window and print the console to stdout")
	fs.DurationVar(&c.duration, "duration", 0, "how long to run (default: the actions file's duration_ms, else until nothing is left to do, capped at 30s)")
	fs.StringVar(&c.actionsFile, "actions", "", "scripted input: a JSON actions file")
	fs.Func("click", "one click `SELECTOR@MS[:synthetic]` (repeatable); real by default", func(s string) error {
		a, err := page.ParseClick(s)
		if err != nil {
			return err
		}
		c.clicks = append(c.clicks, a)
		return nil
	})
	fs.StringVar(&c.env, "env", "", "`environment` of the target: browser (a page) or node (a script as a Node main module; the default for .js files)")
	fs.BoolVar(&c.virtualTime, "virtual-time", false, "skip idle waits (deterministic)")
	fs.Func("mode", "behaviour `mode`: spec, legacy-raf, legacy-edge-listeners, legacy-promise-tasks, mutation-events, legacy-await (pages and Node), node10 (Node)", func(s string) error {
		m, err := page.ParseMode(s)
		c.mode, c.modeSet = m, true
		return err
	})
	fs.StringVar(&c.screenshot, "screenshot", "", "save the last painted frame as a PNG `file`")
	fs.StringVar(&c.filmstrip, "filmstrip", "", "save every painted frame as `dir`/NNNNN.png")
	fs.StringVar(&c.traceFile, "trace", "", "write the run as Chrome trace events to a JSON `file`")
	fs.BoolVar(&c.report, "report", false, "print a frame/idle/latency summary on stderr after the run")
	fs.DurationVar(&c.scriptTimeout, "script-timeout", targets.DefaultScriptTimeout, "watchdog for one task or checkpoint (wall time; with -virtual-time, the JS thread's CPU time)")
	c.maxHeap = page.DefaultMaxHeap
	fs.Func("max-heap", "stop a script that grows the heap past this `size` (e.g. 1GiB, 512MiB; default 1GiB)", func(s string) error {
		n, err := parseSize(s)
		c.maxHeap = n
		return err
	})
	fs.StringVar(&c.record, "record", "", "window: write the session's input (real clicks with their page times) to an actions `file` that -headless -actions replays")
	fs.BoolVar(&c.paused, "paused", false, "window: open the page paused before its first task (a Node script: before its main module), to step it from its first line")
	fs.StringVar(&c.copyDemo, "copy-demo", "", "copy the built-in demo `NAME` (its .html and .json) into the folder given as the page, to edit it: loopscope -copy-demo NAME DIR")
	fs.BoolVar(&c.list, "list", false, "list the built-in demos")
	fs.BoolVar(&c.check, "check", false, "run every built-in demo headless against its expected output")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "write a Go CPU profile of the run to `file` (go tool pprof reads it)")
	fs.Usage = func() {} // bad flags get one line; -h prints the usage below

	// Flags may come before or after the page: parse, take one positional, parse the rest.
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				printUsage(stderr, fs)
				return nil, err
			}
			return nil, usageError{err.Error() + " (loopscope -h lists the flags)"}
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(positional) > 1 {
		return nil, usageError{fmt.Sprintf("one page at a time, got %d: %s", len(positional), strings.Join(positional, " "))}
	}
	if len(positional) == 1 {
		c.target = positional[0]
	}
	if c.copyDemo != "" && c.target == "" {
		return nil, usageError{"-copy-demo needs a folder: loopscope -copy-demo NAME DIR"}
	}
	if c.headless && c.target == "" && c.actionsFile == "" {
		return nil, usageError{"-headless needs a page: loopscope -headless PAGE.html (or a demo name from -list)"}
	}
	if c.duration < 0 {
		return nil, usageError{"-duration must not be negative"}
	}
	if c.duration > 0 && c.duration < time.Millisecond || c.duration > page.MaxDuration {
		return nil, usageError{fmt.Sprintf("-duration %s: want 1ms to %s", c.duration, page.MaxDuration)}
	}
	if c.scriptTimeout < time.Millisecond {
		return nil, usageError{fmt.Sprintf("-script-timeout %s: want at least 1ms, e.g. 5s", c.scriptTimeout)}
	}
	if err := c.checkEnv(); err != nil {
		return nil, err
	}
	if !c.headless && !c.isNode() && (c.screenshot != "" || c.filmstrip != "" || c.report || c.virtualTime) {
		return nil, usageError{"-screenshot, -filmstrip, -report and -virtual-time go with -headless"}
	}
	if c.paused && (c.headless || c.target == "") {
		return nil, usageError{"-paused goes with the window and a page: loopscope -paused PAGE.html (or a demo name)"}
	}
	if c.record != "" && (c.headless || c.isNode()) {
		return nil, usageError{"-record goes with the window (it records the clicks you make); -headless replays them with -actions"}
	}
	return c, nil
}

func printUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `loopscope — a miniature browser that makes the event loop visible

  loopscope                          open the demo gallery in a window
  loopscope PAGE.html | DEMO         open a page or a built-in demo in the window
  loopscope -paused PAGE | DEMO      ... paused before its first task, to step it from its first line
  loopscope -headless [flags] PAGE   run without a window and print the console to stdout
  loopscope -list                    list the built-in demos
  loopscope -check                   run every built-in demo headless against its expected output
  loopscope -record FILE.json PAGE   open PAGE in the window and record your clicks
  loopscope -headless -actions FILE.json   replay a recorded session (its page and mode)
  loopscope -copy-demo NAME DIR      copy a built-in demo into DIR as files to edit

Flags:
`)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}
