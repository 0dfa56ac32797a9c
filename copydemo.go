package main

import (
	"fmt"
	"io"

	"loopscope/targets"
)

// copyDemo is -copy-demo NAME DIR: the demo written into dir as files to edit
// (targets.CopyDemo; a file already there is an error, never overwritten). It returns the
// exit status: 2 for an unknown demo or a folder it cannot write.
func copyDemo(name, dir string, stdout, stderr io.Writer) int {
	page, err := targets.CopyDemo(name, dir, false)
	if err != nil {
		fmt.Fprintln(stderr, "loopscope: -copy-demo:", err)
		return 2
	}
	fmt.Fprintf(stdout, "copied the demo %s to %s (with its expected output in %s.json)\nopen it with: loopscope %s\n", name, page, name, page)
	return 0
}
