// Package displaycheck stops the windowed loopscope binary with one clear line when there is
// no X display to open a window on.
//
// Ebiten panics during its own package initialisation when it cannot reach a display, before
// main runs. Go initialises packages in the order of their import paths once their imports
// are ready, so this package lives in its own small module whose path
// (earlyinit.loopscope/...) sorts before github.com/hajimehoshi/ebiten: its init runs first.
package displaycheck

import (
	"fmt"
	"net"
	"os"
	"strings"
	"time"
)

func init() {
	if reason := noDisplay(os.Getenv("DISPLAY")); reason != "" {
		fmt.Fprintf(os.Stderr, "loopscope: cannot open a window: %s. Run it under a display (or xvfb-run -a loopscope), or use a build without the window: go build -tags headless . && ./loopscope -headless PAGE\n", reason)
		os.Exit(2)
	}
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
