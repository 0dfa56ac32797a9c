package loop

import (
	"fmt"
	"time"
)

// startWatchdog interrupts any single call into JS (a task's callback with its checkpoint)
// that runs longer than the script timeout. It returns a function that stops it.
func (l *Loop) startWatchdog() func() {
	if l.scriptTimeout < 0 {
		return func() {}
	}
	stop := make(chan struct{})
	go func() {
		tick := time.NewTicker(min(l.scriptTimeout/10, 100*time.Millisecond))
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				start := l.callStartNanos.Load()
				if start != 0 && time.Since(time.Unix(0, start)) > l.scriptTimeout {
					l.rt.Interrupt(fmt.Sprintf("Script stopped: it ran for more than %s without returning (an endless loop?). The page goes on with its next task.", l.scriptTimeout))
					l.callStartNanos.CompareAndSwap(start, 0)
				}
			}
		}
	}()
	return func() { close(stop) }
}
