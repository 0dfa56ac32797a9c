//go:build !linux

package cputime

import "time"

// ProcessCPU is not measured here (cpu-ms/op reads 0).
func ProcessCPU() time.Duration { return 0 }
