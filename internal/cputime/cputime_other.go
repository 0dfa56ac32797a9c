//go:build !linux

package cputime

import "time"

// ProcessCPU is not measured here (cpu-ms/op reads 0).
func ProcessCPU() time.Duration { return 0 }

var processStart = time.Now()

// Thread falls back to the wall clock where the thread CPU clock is not wired up.
func Thread() time.Duration { return time.Since(processStart) }

// ThreadID: no thread ids here.
func ThreadID() int { return 0 }

// ThreadOf falls back to the wall clock, as Thread does.
func ThreadOf(int) (time.Duration, bool) { return time.Since(processStart), true }
