package loop

import "testing"

// TestWorkerEventLoop: a worker event loop runs tasks and timers, renders nothing, and ends
// once its global's closing flag is set and no task is queued (processing model step 6.2),
// even with a timer still waiting.
func TestWorkerEventLoop(t *testing.T) {
	c := &recordingConsole{}
	l := New(Options{Type: Worker, Clock: NewVirtualClock(), Console: c})
	l.QueueTask(SourceDOMManipulation, "script", func() {
		l.RunScript("worker.js", `
			setTimeout(() => console.log('timer'), 10);
			setTimeout(() => console.log('after close'), 100000);
			Promise.resolve().then(() => console.log('microtask'));`)
	})
	l.At(20, l.SetClosing)
	l.Run(RunOptions{Until: 200000}) // no StopWhenQuiet: only the closing step ends it early
	expectLines(t, c.lines, `
		microtask
		timer`)
	if now := l.Now(); now >= 100000 {
		t.Errorf("the loop ran until %v ms: the closing flag did not end it", now)
	}
	if st := l.Stats(); st.Frames != 0 {
		t.Errorf("a worker event loop rendered %d frames", st.Frames)
	}
	for _, s := range l.Trace().Spans() {
		if s.Kind == KindFrame || s.Kind == KindRendering {
			t.Errorf("a worker event loop's trace has %v", s)
		}
	}
	if l.Type() != Worker || l.Type().String() != "worker" {
		t.Errorf("type %v", l.Type())
	}
}
