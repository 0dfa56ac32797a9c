//go:build !linux

package loop

import "time"

var processStart = time.Now()

// threadCPUTime falls back to the wall clock where the thread CPU clock is not wired up.
func threadCPUTime() time.Duration { return time.Since(processStart) }

// currentThreadID: no thread ids here.
func currentThreadID() int { return 0 }

// threadCPUTimeOf falls back to the wall clock, as threadCPUTime does.
func threadCPUTimeOf(int) (time.Duration, bool) { return time.Since(processStart), true }
