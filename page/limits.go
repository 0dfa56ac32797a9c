package page

import (
	"time"

	"loopscope/loop"
)

// BoundRegexpMatching bounds how long one regular-expression match may run, process-wide
// (goja's regexp2 engine cannot be interrupted by the watchdog mid-match): the CLI calls it
// once with the script timeout and the clock before any page runs.
func BoundRegexpMatching(scriptTimeout time.Duration, virtualTime bool) {
	loop.BoundRegexpMatching(scriptTimeout, virtualTime)
}
