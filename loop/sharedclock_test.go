package loop

import (
	"strings"
	"sync"
	"testing"

	"loopscope/agent"
)

// TestLoopsShareOneVirtualClock: two event loops, each on its own goroutine and agent, on
// one SharedVirtualClock (a page and its worker, under -virtual-time): their timers run in
// the order of page time across both, whatever the goroutines' scheduling.
func TestLoopsShareOneVirtualClock(t *testing.T) {
	clock := agent.NewSharedVirtualClock()
	var mu sync.Mutex
	var log []string
	run := func(name string, typ Type, delays string, m *agent.SharedClockMember, wg *sync.WaitGroup) {
		defer wg.Done()
		defer m.Close()
		c := &recordingConsole{}
		l := New(Options{Type: typ, Clock: m, Console: c, ScriptTimeout: -1})
		_ = l.Runtime().Set("note", func(s string) {
			mu.Lock()
			log = append(log, s)
			mu.Unlock()
		})
		l.QueueTask(SourceDOMManipulation, "script", func() {
			l.RunScript(name+".js", `for (const d of [`+delays+`]) setTimeout(() => note('`+name+` ' + d), d)`)
		})
		l.Run(RunOptions{StopWhenQuiet: true, Until: 1000})
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go run("window", Window, "10, 30, 50", clock.Join(), &wg)
	go run("worker", Worker, "20, 40", clock.Join(), &wg)
	wg.Wait()
	if got, want := strings.Join(log, ", "), "window 10, worker 20, window 30, worker 40, window 50"; got != want {
		t.Errorf("order %q, want %q", got, want)
	}
}
