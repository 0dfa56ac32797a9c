package loop

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPUTime is the CPU time the calling OS thread has used.
func threadCPUTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// currentThreadID is the calling OS thread's id.
func currentThreadID() int { return unix.Gettid() }

// threadCPUTimeOf is the CPU time OS thread tid has used, read from any thread: the
// kernel's clock id for a thread's CPU time, MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED), as
// glibc's pthread_getcpuclockid builds it. ok is false if the kernel refuses it.
func threadCPUTimeOf(tid int) (d time.Duration, ok bool) {
	id := int32(^uint32(tid)<<3 | 6)
	var ts unix.Timespec
	if err := unix.ClockGettime(id, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
