//go:build !headless

package main

import (
	"fmt"
	"io"
	"os"

	// Must initialise before Ebiten, which panics during its package initialisation when
	// there is no display: this prints one clear line and exits instead.
	_ "earlyinit.loopscope/displaycheck"

	"loopscope/window"
)

// hasWindow: this build has the window shell.
const hasWindow = true

// runWindow opens the window: the gallery, or the given page, demo or Node script.
func runWindow(c *cli, stdout, stderr io.Writer) int {
	err := window.Run(window.Options{
		Target:        c.target,
		Env:           c.env,
		Mode:          c.mode,
		ScriptTimeout: c.scriptTimeout,
		MaxHeap:       c.maxHeap,
		Record:        c.record,
		Paused:        c.paused,
		Stdout:        os.Stdout,
		Stderr:        os.Stderr,
	})
	if err != nil {
		fmt.Fprintln(stderr, "loopscope: window:", err)
		return 1
	}
	return 0
}
