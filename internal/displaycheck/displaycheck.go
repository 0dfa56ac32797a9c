// Package displaycheck stops the windowed loopscope binary with one clear line when there is
// no X display to open a window on.
//
// Ebiten panics during its own package initialisation when it cannot reach a display, before
// main runs. Go initialises packages in the order of their import paths once their imports
// are ready, so this package lives in its own small module whose path
// (earlyinit.loopscope/...) sorts before github.com/hajimehoshi/ebiten: its init runs first.
//
// The commands that need no window (-headless, -list, -check, -copy-demo, -h, a Node script) still work with
// no display: this binary cannot run them (Ebiten's initialisation would panic), so it hands
// them to the headless build next to it (NAME-headless, which ./run.sh builds), by exec.
package displaycheck

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

func init() {
	reason := noDisplay(os.Getenv("DISPLAY"))
	if reason == "" {
		return
	}
	if flag := windowless(os.Args[1:]); flag != "" {
		bin := headlessSibling()
		if bin != "" {
			err := syscall.Exec(bin, append([]string{bin}, os.Args[1:]...), os.Environ())
			fmt.Fprintf(os.Stderr, "loopscope: cannot run %s: %v\n", bin, err)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "loopscope: %s needs no window, but this binary is the window build and there is no display (%s), and no headless build lies next to it. Build one: go build -tags headless -o %s-headless . (./run.sh does)\n", flag, reason, executableName())
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "loopscope: cannot open a window: %s. Run it under a display (or xvfb-run -a loopscope), or use -headless (./run.sh -headless PAGE, or go build -tags headless . && ./loopscope -headless PAGE)\n", reason)
	os.Exit(2)
}

// windowless returns the first argument that asks for a command without a window, or "".
func windowless(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		// A Node script (app.js, -env node) runs in the terminal.
		if strings.HasSuffix(a, ".js") && !strings.HasPrefix(a, "-") || a == "-env=node" || a == "--env=node" ||
			(a == "-env" || a == "--env") && i+1 < len(args) && args[i+1] == "node" {
			return a
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "headless", "list", "check", "copy-demo", "h", "help":
			return a
		}
	}
	return ""
}

// headlessSibling is the headless build next to this executable (loopscope-headless next to
// loopscope), or "" when there is none.
func headlessSibling() string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	bin := self + "-headless"
	if st, err := os.Stat(bin); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
		return ""
	}
	return bin
}

func executableName() string {
	if self, err := os.Executable(); err == nil {
		return filepath.Base(self)
	}
	return "loopscope"
}

// noDisplay says why no X server can be reached at display, or "" when one answers.
func noDisplay(display string) string {
	if display == "" {
		return "no X display (DISPLAY is not set)"
	}
	host, rest, ok := strings.Cut(display, ":")
	if !ok {
		return "DISPLAY=" + display + " is not an X display name"
	}
	num, _, _ := strings.Cut(rest, ".")
	var network, addr string
	if host == "" || host == "unix" {
		network, addr = "unix", "/tmp/.X11-unix/X"+num
		if c, err := net.DialTimeout(network, "@"+addr, time.Second); err == nil { // Linux abstract socket
			c.Close()
			return ""
		}
	} else {
		network, addr = "tcp", net.JoinHostPort(host, fmt.Sprint(6000+atoi(num)))
	}
	c, err := net.DialTimeout(network, addr, 2*time.Second)
	if err != nil {
		return "the X display " + display + " does not answer"
	}
	c.Close()
	return ""
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}
