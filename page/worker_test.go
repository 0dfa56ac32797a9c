package page

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkerCorpusVirtualAndReal runs the worker cases of testdata/workers (outputs recorded
// from Chromium, compared thread by thread) in real time too: TestCorpus runs them in
// virtual time.
func TestWorkerCorpusRealTime(t *testing.T) {
	files, _ := filepath.Glob("../testdata/workers/*.json")
	if len(files) < 15 {
		t.Fatalf("%d worker cases, want at least 15", len(files))
	}
	for _, jf := range files {
		jf := jf
		t.Run(filepath.Base(jf), func(t *testing.T) {
			runCaseFileWith(t, jf, false)
		})
	}
}

// TestWorkerTraceThreads: the -trace export has a thread per worker beside the window's, as
// Chrome's trace has: the worker's tasks (its script, its messages) on its own tid, after
// its start on the window's clock.
func TestWorkerTraceThreads(t *testing.T) {
	_, _, p := runWorkerPageKeep(t, `<script>
		const w = new Worker('echo.js', {name: 'echo'});
		w.onmessage = (e) => console.log(e.data);
		setTimeout(() => w.postMessage('ping'), 30);
	</script>`, map[string]string{"echo.js": `onmessage = (e) => postMessage(e.data + ' pong');`},
		Options{VirtualTime: true})
	var buf bytes.Buffer
	if err := p.WriteChromeTrace(&buf); err != nil {
		t.Fatal(err)
	}
	var trace struct {
		TraceEvents []struct {
			Name string         `json:"name"`
			Ph   string         `json:"ph"`
			TS   float64        `json:"ts"`
			TID  int            `json:"tid"`
			Args map[string]any `json:"args"`
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &trace); err != nil {
		t.Fatal(err)
	}
	threads := map[int]string{}
	tasks := map[int][]string{}
	var workerPing float64
	for _, e := range trace.TraceEvents {
		if e.Ph == "M" && e.Name == "thread_name" {
			threads[e.TID], _ = e.Args["name"].(string)
		}
		if e.Name == "RunTask" {
			name, _ := e.Args["name"].(string)
			tasks[e.TID] = append(tasks[e.TID], name)
			if e.TID == 2 && name == "message" {
				workerPing = e.TS
			}
		}
	}
	if threads[1] != "CrRendererMain" || threads[2] != "DedicatedWorker thread (echo)" || len(threads) != 2 {
		t.Errorf("threads %v", threads)
	}
	if got := strings.Join(tasks[2], ", "); !strings.HasPrefix(got, "worker script") || !strings.Contains(got, "message") {
		t.Errorf("the worker's tasks: %q", got)
	}
	if !strings.Contains(strings.Join(tasks[1], ", "), "message from worker") {
		t.Errorf("the window's tasks: %q", tasks[1])
	}
	if workerPing < 30000 {
		t.Errorf("the worker's message task at %v µs, before the window posted it (30 ms)", workerPing)
	}
}
