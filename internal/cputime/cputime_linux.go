// Package cputime reads the CPU time the process and its OS threads have used: for
// benchmarks that report cpu-ms/op beside ns/op, and for the page's clock under
// -virtual-time (agent/clock.go), which advances by the JS thread's CPU time.
package cputime

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
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

// Thread is the CPU time the calling OS thread has used.
func Thread() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// ThreadID is the calling OS thread's id.
func ThreadID() int { return unix.Gettid() }

// ThreadOf is the CPU time OS thread tid has used, read from any thread: the kernel's
// clock id for a thread's CPU time, MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED), as glibc's
// pthread_getcpuclockid builds it. ok is false if the kernel refuses it.
func ThreadOf(tid int) (d time.Duration, ok bool) {
	id := int32(^uint32(tid)<<3 | 6)
	var ts unix.Timespec
	if err := unix.ClockGettime(id, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
