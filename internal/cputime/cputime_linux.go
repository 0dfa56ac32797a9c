// Package cputime reads the CPU time the process has used, for benchmarks that report
// cpu-ms/op beside ns/op.
package cputime

import (
	"syscall"
	"time"
)

// ProcessCPU is the CPU time the process used so far (user and system): benchmarks report
// it as cpu-ms/op, which on a shared machine varies much less than wall time.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
