//go:build headless

package main

import (
	"fmt"
	"io"
)

// hasWindow: this build has no window shell (a Node script runs in the terminal).
const hasWindow = false

// runWindow in a headless build: there is no window shell in this binary.
func runWindow(c *cli, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "loopscope: this binary was built with -tags headless and has no window; use loopscope -headless PAGE (or build without the tag)")
	return 2
}
