package loop

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// TestRenderingBeforeTasksAfterALongTask (CHROME, issue 26): on a display that posts its
// vsyncs (the window's), a frame owed since before a 300 ms task is rendered before the
// timeout that task queued, as Chrome does (testdata/loop/long_task_renders_first.json, whose
// script this is without its load listener). The vsync that came during the long task is
// only seen after the task, when the inbox is read: the loop used to run the due timeout
// first.
func TestRenderingBeforeTasksAfterALongTask(t *testing.T) {
	var c struct {
		Runs []struct{ Expected []string }
	}
	b, err := os.ReadFile("../testdata/loop/long_task_renders_first.json")
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || len(c.Runs) == 0 {
		t.Fatalf("the recorded case: %v", err)
	}
	const src = `
requestAnimationFrame(function first() {
  setTimeout(function long() {
    const s = performance.now();
    while (performance.now() - s < 300) {}
    setTimeout(function after() { console.log('timeout after the long task'); }, 0);
    requestAnimationFrame(function raf() { console.log('rAF after the long task'); });
    console.log('long task done');
  }, 0);
});`
	con := &recordingConsole{}
	d := NewExternalDisplay(60)
	l := New(Options{Display: d, Console: con, ScriptTimeout: -1})
	quit := make(chan struct{})
	defer close(quit)
	go func() { // the window's vsyncs, posted from another goroutine
		tick := time.NewTicker(time.Second / 60)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				now := l.Now()
				l.Post(func() { d.Vsync(now) })
			}
		}
	}()
	l.QueueTask(SourceDOMManipulation, "script", func() { l.RunScript("test.js", src) })
	l.Run(RunOptions{Until: 1500})
	if got, want := strings.Join(con.lines, "\n"), strings.Join(c.Runs[0].Expected, "\n"); got != want {
		t.Errorf("console:\n%s\nwant (Chrome):\n%s", got, want)
	}
}
