//go:build !linux

package loop

import "time"

var processStart = time.Now()

// threadCPUTime falls back to the wall clock where the thread CPU clock is not wired up.
func threadCPUTime() time.Duration { return time.Since(processStart) }
