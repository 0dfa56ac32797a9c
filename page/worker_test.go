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

// TestWorkerMessageFlows: each message between the window and its worker is a pair of marks
// with one flow id, the sending task's on the sender's trace and the receiving task's on the
// receiver's: a ping-pong of three rounds gives six pairs, alternating in direction, each
// received after it was sent (on the window's clock) and inside a task named for a message.
// The -trace export writes each pair as Chrome flow events ("s" in the sending thread, "f"
// bound to the enclosing slice in the receiving one) that Perfetto draws as an arrow.
func TestWorkerMessageFlows(t *testing.T) {
	lines, errs, p := runWorkerPageKeep(t, `<script>
		const w = new Worker('pong.js');
		let n = 0;
		w.onmessage = (e) => {
			console.log(e.data);
			if (++n < 3) setTimeout(() => w.postMessage('ping ' + (n + 1)), 10);
		};
		w.postMessage('ping 1');
	</script>`, map[string]string{"pong.js": `onmessage = (e) => postMessage(e.data + ' pong');`},
		Options{VirtualTime: true})
	if got := strings.Join(lines, "|"); got != "ping 1 pong|ping 2 pong|ping 3 pong" || len(errs) != 0 {
		t.Fatalf("lines %q errors %q", lines, errs)
	}
	sent, received := messageMarksOf(p)
	if len(sent) != 6 || len(received) != 6 {
		t.Fatalf("%d messages sent and %d received in the traces, want 6 and 6", len(sent), len(received))
	}
	for flow := uint64(1); flow <= 6; flow++ {
		fromWindow := flow%2 == 1 // ping, pong, ping, ...
		checkMessageFlow(t, flow, sent[flow], received[flow], !fromWindow, fromWindow,
			map[bool]string{true: "message", false: "message from worker"}[fromWindow])
	}
	checkExportedFlows(t, p, 6)
}

// TestPortMessageFlows: a message through a MessagePort handed to a worker is an arrow as
// the worker's own messages are, both ways: the window's port posts in a window task and the
// worker's port receives in a worker task on the posted message task source (and back); a
// message between two ports of the window's own loop is none (its marks' clock reads would
// cost about a tenth of a chain of such messages).
func TestPortMessageFlows(t *testing.T) {
	lines, errs, p := runWorkerPageKeep(t, `<script>
		const w = new Worker('porter.js');
		const ch = new MessageChannel(), local = new MessageChannel();
		local.port2.onmessage = (e) => console.log('local', e.data);
		let n = 0;
		ch.port1.onmessage = (e) => {
			console.log(e.data);
			if (++n < 3) setTimeout(() => ch.port1.postMessage('ping ' + (n + 1)), 10);
			else local.port1.postMessage('done');
		};
		w.postMessage('the port', [ch.port2]);
		ch.port1.postMessage('ping 1');
	</script>`, map[string]string{"porter.js": `onmessage = (e) => {
		const port = e.ports[0];
		port.onmessage = (m) => port.postMessage(m.data + ' pong');
	};`}, Options{VirtualTime: true})
	if got := strings.Join(lines, "|"); got != "ping 1 pong|ping 2 pong|ping 3 pong|local done" || len(errs) != 0 {
		t.Fatalf("lines %q errors %q", lines, errs)
	}
	sent, received := messageMarksOf(p)
	if len(sent) != 7 || len(received) != 7 {
		t.Fatalf("%d messages sent and %d received in the traces, want 7 and 7", len(sent), len(received))
	}
	// 1: the Worker's message carrying the port; 2-7: ping, pong, ... through the ports.
	checkMessageFlow(t, 1, sent[1], received[1], false, true, "message")
	for flow := uint64(2); flow <= 7; flow++ {
		fromWindow := flow%2 == 0
		checkMessageFlow(t, flow, sent[flow], received[flow], !fromWindow, fromWindow, "posted-message")
	}
	checkExportedFlows(t, p, 7)
}

// messageMark is a message's mark in a trace: when, on which loop, inside which task.
type messageMark struct {
	at     float64
	worker bool
	task   string // the task the mark is inside
}

// messageMarksOf collects the message marks of the window's and the workers' traces by flow.
func messageMarksOf(p *Page) (sent, received map[uint64]messageMark) {
	sent, received = map[uint64]messageMark{}, map[uint64]messageMark{}
	collect := func(spans []Span, worker bool) {
		var tasks []Span
		for _, s := range spans {
			if s.Kind == KindTask {
				tasks = append(tasks, s)
			}
		}
		inTask := func(at float64) string { // the last task that holds at (one may end where the next starts)
			name := ""
			for _, tk := range tasks {
				if tk.Start <= at && at <= tk.End {
					name = tk.Name
				}
			}
			return name
		}
		for _, s := range spans {
			switch s.Kind {
			case KindMessageSent:
				sent[s.Flow()] = messageMark{s.Start, worker, inTask(s.Start)}
			case KindMessageReceived:
				received[s.Flow()] = messageMark{s.Start, worker, inTask(s.Start)}
			}
		}
	}
	collect(p.Spans(), false)
	collect(p.WorkerSpans(), true)
	return sent, received
}

// checkMessageFlow checks one message's two marks: the loops they are on, their order, the
// sending task, and the receiving task's name.
func checkMessageFlow(t *testing.T, flow uint64, s, r messageMark, fromWorker, toWorker bool, task string) {
	t.Helper()
	if s.worker != fromWorker || r.worker != toWorker {
		t.Errorf("message %d: sent in the worker %v, received in the worker %v; want %v and %v", flow, s.worker, r.worker, fromWorker, toWorker)
	}
	if r.at < s.at {
		t.Errorf("message %d received at %.3f ms, before it was sent at %.3f ms", flow, r.at, s.at)
	}
	if s.task == "" {
		t.Errorf("message %d: its sending mark is in no task", flow)
	}
	if r.task != task {
		t.Errorf("message %d: received in task %q, want %q", flow, r.task, task)
	}
}

// checkExportedFlows checks the -trace export's flow events: n flows, each one "s" and one
// "f" bound to its enclosing slice, on two threads, ending no earlier than it starts.
func checkExportedFlows(t *testing.T, p *Page, n int) {
	t.Helper()
	var buf bytes.Buffer
	if err := p.WriteChromeTrace(&buf); err != nil {
		t.Fatal(err)
	}
	var trace struct {
		TraceEvents []struct {
			Ph     string  `json:"ph"`
			TS     float64 `json:"ts"`
			TID    int     `json:"tid"`
			ID     uint64  `json:"id"`
			BindID uint64  `json:"bind_id"`
			BP     string  `json:"bp"`
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &trace); err != nil {
		t.Fatal(err)
	}
	type flowEnds struct{ s, f []int } // the tids
	flows := map[uint64]*flowEnds{}
	ts := map[uint64][2]float64{}
	for _, e := range trace.TraceEvents {
		if e.Ph != "s" && e.Ph != "f" {
			continue
		}
		if e.ID == 0 || e.BindID != e.ID {
			t.Errorf("a flow event with id %d, bind_id %d", e.ID, e.BindID)
		}
		fe := flows[e.ID]
		if fe == nil {
			fe = &flowEnds{}
			flows[e.ID] = fe
		}
		x := ts[e.ID]
		if e.Ph == "s" {
			fe.s = append(fe.s, e.TID)
			x[0] = e.TS
		} else {
			fe.f = append(fe.f, e.TID)
			x[1] = e.TS
			if e.BP != "e" {
				t.Errorf("flow %d's end binds to %q, want the enclosing slice (e)", e.ID, e.BP)
			}
		}
		ts[e.ID] = x
	}
	if len(flows) != n {
		t.Fatalf("%d flows in the export, want %d", len(flows), n)
	}
	for id, fe := range flows {
		if len(fe.s) != 1 || len(fe.f) != 1 || fe.s[0] == fe.f[0] {
			t.Errorf("flow %d: starts on threads %v, ends on %v: want one each, on two threads", id, fe.s, fe.f)
		}
		if ts[id][1] < ts[id][0] {
			t.Errorf("flow %d ends at %v µs, before its start at %v µs", id, ts[id][1], ts[id][0])
		}
	}
}
