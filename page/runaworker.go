// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/workers.html#run-a-worker,
// #terminate-a-worker, #runtime-script-errors-2); step numbers are that revision's.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"

	"loopscope/agent"
	"loopscope/dom"
	"loopscope/loop"
)

// MaxWorkers is how many workers a page may run at once (nested ones included): new
// Worker() past it throws, so a worker that starts workers recursively ends with one clear
// error instead of exhausting the machine. DEPARTURE: Chrome has no such bound (it runs out
// of threads or memory).
const MaxWorkers = 32

// maxPendingMessageBytes bounds the messages one loop has posted to another and that have
// not been delivered yet: a sender past it is stopped as the watchdog stops a script
// (a worker posting a million messages in one task cannot fill the machine's memory).
const maxPendingMessageBytes = 256 << 20

// workers are a page's running dedicated workers (its window's and theirs).
type workers struct {
	mu    sync.Mutex
	runs  []*workerRun
	blobs *dom.BlobURLStore
	clock *agent.SharedVirtualClock // under virtual time; nil: each its real clock
	// window is the window's member of clock (nil: real clocks).
	window *agent.SharedClockMember
	seq    int
	// closed: the page ended (terminateWorkers); no worker starts after it.
	closed bool
	// flows numbers the messages between the page's loops (the trace's message arrows).
	flows atomic.Uint64
	// activity counts every message sent between the page's loops and every worker's
	// waking: the window's keep-alive (quiescent) scans the workers one by one, and a scan
	// during which it did not change saw them all quiet at once.
	activity atomic.Uint64
}

// workerRun is one running dedicated worker: its agent and event loop on its own goroutine.
type workerRun struct {
	p         *Page
	name      string
	url       string
	owner     *loop.Loop  // the loop of the realm whose Worker object this is
	outside   *dom.Worker // the Worker object, in the owner's realm
	loop      *loop.Loop
	global    *dom.WorkerGlobal
	inbox     *mailbox // messages to the worker's global
	outbox    *mailbox // messages to the Worker object (on the owner's loop)
	quiet     atomic.Bool
	ended     atomic.Bool
	started   bool // its goroutine was started (under workers.mu)
	clockOnce sync.Once
	offset    float64 // the worker's time origin on the window's clock (ms), for the trace
	done      chan struct{}
	// snap is the newest snapshot of the worker's queues (RequestSnapshot), taken on its
	// goroutine; snapAsked: a request is in flight.
	snap      atomic.Pointer[Snapshot]
	snapAsked atomic.Bool
}

// workerHost is a realm's dom.WorkerHost: it starts workers whose owner is that realm's loop.
type workerHost struct {
	p     *Page
	owner *loop.Loop
	inbox *mailbox // the owner's own mailbox for its workers' messages
}

// StartWorker is the Worker constructor's steps 6-9 and "run a worker" (in parallel, on
// the worker's own goroutine). The script is fetched first (a failure is an error event at
// the Worker object, queued on the owner's loop, as "run a worker" step 12's onComplete does
// with a null script).
func (h *workerHost) StartWorker(w *dom.Worker, scriptURL, name string) error {
	p := h.p
	ws := &p.workers
	ws.mu.Lock()
	live := 0
	for _, r := range ws.runs {
		if !r.ended.Load() {
			live++
		}
	}
	if live >= MaxWorkers {
		ws.mu.Unlock()
		return &dom.DOMException{Name: "QuotaExceededError", Message: fmt.Sprintf("a page may run at most %d workers at once (loopscope's bound; recursive worker creation?)", MaxWorkers)}
	}
	ws.seq++
	ws.mu.Unlock()
	src, err := p.fetchWorkerScript(scriptURL, h.owner == p.Loop)
	if err != nil {
		h.owner.QueueTask(loop.SourceNetworking, "worker script error", w.FireSimpleError)
		return nil
	}
	run := &workerRun{p: p, name: name, url: scriptURL, owner: h.owner, outside: w, done: make(chan struct{})}
	if err := run.setUp(); err != nil {
		return err
	}
	run.outbox = h.inbox
	w.SetChannel(run)
	ws.mu.Lock()
	ws.runs = append(ws.runs, run)
	ws.mu.Unlock()
	// "Run a worker" runs in parallel, and its script arrives from a fetch: CHROME: never
	// before the task that created the worker ends (a terminate() in that task means the
	// script never runs, testdata/workers/worker_terminate_at_once). The goroutine starts
	// from a task on the owner's loop.
	h.owner.QueueTask(loop.SourceNetworking, "worker script fetched", func() {
		ws.mu.Lock()
		start := !ws.closed && !run.loop.Terminated() && !run.ended.Load()
		run.started = start
		ws.mu.Unlock()
		if start {
			if m, ok := run.loop.Clock().(*agent.SharedClockMember); ok {
				m.Woken() // it runs from now: page time waits for it
			}
			go run.run(src)
		} else {
			run.ended.Store(true)
			run.leaveClock()
		}
	})
	return nil
}

// setUp creates the worker's agent, event loop and global ("run a worker" steps 1-10: the
// agent, the realm with a DedicatedWorkerGlobalScope, its settings object).
func (run *workerRun) setUp() error {
	p := run.p
	var clock loop.Clock = loop.NewRealClock()
	if p.workers.clock != nil {
		m := p.workers.clock.Join() // the worker's time origin is now
		m.Park()                    // until its goroutine starts, it holds no jump back
		clock = m
	}
	prefix := "[worker] "
	if run.name != "" {
		prefix = "[worker " + run.name + "] "
	}
	l := loop.New(loop.Options{Type: loop.Worker, Clock: clock, Mode: p.opts.Mode,
		Console: prefixConsole{p.console, prefix}, ScriptTimeout: p.opts.ScriptTimeout, MaxHeap: p.opts.MaxHeap,
		TraceCapacity: 1 << 12, MaxTimers: p.opts.MaxTimers})
	if p.opts.TrackMicrotasks { // the window's queues view shows the worker's boxes too
		l.EnableMicrotaskTracking()
		l.ModelMicrotaskQueue()
	}
	run.loop = l
	run.inbox = newMailbox(l, &p.workers.activity) // its owner's messages and its own workers' go through it
	g, err := dom.InstallWorkerGlobal(host{l}, dom.WorkerGlobalOptions{
		URL:         run.url,
		Name:        run.name,
		PostMessage: run.postToOwner,
		Close:       l.CloseWorker,
		FetchScript: func(u string) (string, error) { return p.fetchWorkerScript(u, false) },
		Workers:     &workerHost{p: p, owner: l, inbox: run.inbox},
		BlobURLs:    p.workers.blobs,
		PostToRealm: run.inbox.run,
		Messages:    messageMarks{p, l},
		UserAgent:   userAgent,
	})
	if err != nil {
		return err
	}
	run.global = g
	l.ResetTimeOrigin()           // the worker's time origin: now (its performance.now())
	run.offset = run.p.Loop.Now() // where that is on the window's clock (the trace's threads)
	if m, ok := clock.(*agent.SharedClockMember); ok && p.workers.window != nil {
		// Under virtual time the window's Now counts the JS that runs now (the task that
		// creates the worker), which the worker's origin does not: place it by the origins.
		run.offset = float64(m.OriginOn(p.workers.window)) / float64(time.Millisecond)
	}
	l.SetErrorReporter(workerErrors{run})
	l.Agent.SetErrorDescriber(g.DescribeException)
	l.SetQuietNotifier(func(quiet bool) {
		p.workers.activity.Add(1)
		run.quiet.Store(quiet)
		if quiet {
			p.Loop.TryPost(func() {}) // a window waiting for its workers looks again
		}
	})
	return nil
}

// run is "run a worker" from step 11 on, on the worker's goroutine: the script runs as the
// first task, then the worker event loop until it closes or is terminated.
func (run *workerRun) run(src string) {
	l := run.loop
	defer func() {
		if v := recover(); v != nil {
			run.p.console.Error(fmt.Sprintf("internal error in a worker: %v; the worker ended, the page goes on", v))
		}
		run.ended.Store(true)
		run.leaveClock()
		run.endUnstartedWorkers()
		close(run.done)
		run.p.Loop.TryPost(func() {}) // a window waiting for its workers looks again
	}()
	// 23-24. "Run classic script" (script errors are reported at the global).
	l.QueueTask(loop.SourceNetworking, "worker script "+shorten(run.url), func() {
		l.RunScript(run.url, src)
	})
	l.Run(loop.RunOptions{})
}

// endUnstartedWorkers ends the workers this worker created whose goroutines have not
// started: the task that would start them was on this worker's loop, which has ended, and
// their clock members (marked running by a post or a terminate()) would hold the page's
// virtual time back for ever.
func (run *workerRun) endUnstartedWorkers() {
	ws := &run.p.workers
	ws.mu.Lock()
	var orphans []*workerRun
	for _, r := range ws.runs {
		if r.owner == run.loop && !r.started && !r.ended.Load() {
			r.ended.Store(true)
			orphans = append(orphans, r)
		}
	}
	ws.mu.Unlock()
	for _, r := range orphans {
		r.leaveClock()
	}
}

// leaveClock takes the worker out of the page's shared virtual clock (once): the others no
// longer wait for it.
func (run *workerRun) leaveClock() {
	run.clockOnce.Do(func() {
		if m, ok := run.loop.Clock().(*agent.SharedClockMember); ok {
			m.Close()
		}
	})
}

// PostMessage implements dom.WorkerChannel: a message from the Worker object to the
// worker's global, delivered by a task on the worker loop's posted message task source.
func (run *workerRun) PostMessage(m *dom.SerializedMessage) {
	flow := run.sent(run.owner)
	if !run.inbox.send(m.Bytes, func(done func()) {
		run.loop.QueueTask(loop.SourcePostedMessage, "message", func() {
			done()
			run.loop.Trace().MessageReceived(flow, run.loop.Now())
			run.global.DeliverMessage(m)
		})
	}) {
		run.owner.StopNow(fmt.Sprintf("posted more than %d MiB of messages its worker has not taken yet", maxPendingMessageBytes>>20))
	}
}

// postToOwner is the worker global's postMessage: a task on the owner's loop that fires
// message at the Worker object.
func (run *workerRun) postToOwner(m *dom.SerializedMessage) {
	flow := run.sent(run.loop)
	if !run.outbox.send(m.Bytes, func(done func()) {
		run.owner.QueueTask(loop.SourcePostedMessage, "message from worker", func() {
			done()
			run.owner.Trace().MessageReceived(flow, run.owner.Now())
			run.outside.DeliverMessage(m)
		})
	}) {
		run.loop.StopNow(fmt.Sprintf("posted more than %d MiB of messages the page has not taken yet", maxPendingMessageBytes>>20))
	}
}

// sent numbers a message that from posts (on from's goroutine, inside the posting task) and
// records it in from's trace: the start of the message's arrow.
func (run *workerRun) sent(from *loop.Loop) uint64 {
	return messageMarks{run.p, from}.Sent()
}

// messageMarks is a realm's dom.MessageMarks: its ports' messages to and from ports on
// another loop (handed across) numbered by the page's one counter and marked in its loop's
// trace, as Worker.postMessage and the worker's postMessage are.
type messageMarks struct {
	p *Page
	l *loop.Loop
}

func (m messageMarks) Sent() uint64 {
	flow := m.p.workers.flows.Add(1)
	m.l.Trace().MessageSent(flow, m.l.Now())
	return flow
}

func (m messageMarks) Received(flow uint64) { m.l.Trace().MessageReceived(flow, m.l.Now()) }

// Terminate implements dom.WorkerChannel: "terminate a worker" (the running script is
// aborted at once, through the agent's interrupt; no task runs after it).
func (run *workerRun) Terminate() { run.loop.Terminate() }

// busy reports whether the worker may still post to its owner: it runs, has something
// scheduled, or has messages on their way to it.
func (run *workerRun) busy() bool {
	return !run.ended.Load() && (!run.quiet.Load() || run.inbox.pending())
}

// workerErrors is a worker's agent.ErrorReporter: "report an exception" at its global, and
// when that is not canceled, the error event at the Worker object in the owner.
type workerErrors struct{ run *workerRun }

func (e workerErrors) FireError(message, filename string, lineno, colno int, errVal goja.Value) bool {
	run := e.run
	if run.global.FireError(message, filename, lineno, colno, errVal) {
		return true
	}
	// https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2: "queue a
	// global task on the DOM manipulation task source given worker's relevant global object
	// to run these steps: fire an event named error at worker using ErrorEvent, with the
	// message, filename, lineno and colno attributes initialized appropriately, and the
	// cancelable attribute initialized to true. If the event was not canceled, then report
	// an exception for the Worker object's relevant global object."
	// CHROME: the report for the owner is the worker's own console line ("[worker]
	// Uncaught ..."), printed only when the Worker object's error event was not canceled
	// (testdata/workers/worker_error_uncanceled, worker_error_event).
	console := run.loop.Console()
	run.outbox.send(0, func(done func()) {
		run.owner.QueueTask(loop.SourceDOMManipulation, "worker error", func() {
			done()
			if !run.outside.FireError(message, filename, lineno, colno) {
				console.Error(message)
			}
		})
	})
	return true // reported (or not) by the owner's task
}

func (e workerErrors) FirePromiseRejection(typ string, promise, reason goja.Value) bool {
	return e.run.global.FirePromiseRejection(typ, promise, reason)
}

// fetchWorkerScript reads a worker's script (or one it imports): a file in the page's
// folder, a blob: URL of the page's store, or a data: URL.
func (p *Page) fetchWorkerScript(u string, watch bool) (string, error) {
	pu, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	switch pu.Scheme {
	case "blob":
		b, _, ok := p.workers.blobs.Resolve(u)
		if !ok {
			return "", errors.New("no such blob URL")
		}
		return string(b), nil
	case "data":
		return decodeDataURL(u)
	case "file":
		kind := "script"
		b, err := p.readLocal(u, "scripts", kind, MaxScriptBytes, watch)
		return string(b), err
	}
	return "", errors.New("only scripts in the page's own folder, blob: and data: URLs can be loaded")
}

// decodeDataURL returns a data: URL's body (https://fetch.spec.whatwg.org/#data-url-processor):
// percent-decoded, or base64-decoded when the type ends in ";base64".
func decodeDataURL(u string) (string, error) {
	rest := strings.TrimPrefix(u, "data:")
	meta, body, ok := strings.Cut(rest, ",")
	if !ok {
		return "", errors.New("a data: URL without a comma")
	}
	dec, err := url.PathUnescape(body)
	if err != nil {
		dec = body
	}
	if strings.HasSuffix(strings.ToLower(strings.TrimSpace(meta)), ";base64") {
		b, err := base64.StdEncoding.DecodeString(strings.Map(func(r rune) rune {
			if r == ' ' || r == '\n' || r == '\t' || r == '\r' || r == '\f' {
				return -1
			}
			return r
		}, dec))
		if err != nil {
			return "", err
		}
		return string(b), nil
	}
	return dec, nil
}

// workerRuns are the page's workers, running or ended, in the order they started.
func (p *Page) workerRuns() []*workerRun {
	p.workers.mu.Lock()
	defer p.workers.mu.Unlock()
	return append([]*workerRun(nil), p.workers.runs...)
}

// label names a worker in the trace and the timeline: its name, else its script's file.
func (run *workerRun) label() string {
	if run.name != "" {
		return run.name
	}
	if strings.HasPrefix(run.url, "blob:") || strings.HasPrefix(run.url, "data:") {
		return run.url[:strings.IndexByte(run.url, ':')+1]
	}
	return shorten(run.url)
}

// terminateWorkers terminates every worker of the page (the page closes or reloads:
// "when a browsing context is discarded ... terminate the worker") and waits until their
// goroutines have ended.
func (p *Page) terminateWorkers() {
	p.workers.mu.Lock()
	p.workers.closed = true
	runs := append([]*workerRun(nil), p.workers.runs...)
	started := make([]bool, len(runs))
	for i, r := range runs {
		started[i] = r.started
	}
	p.workers.mu.Unlock()
	for _, r := range runs {
		r.loop.Terminate()
	}
	for i, r := range runs {
		if started[i] {
			<-r.done
		} else {
			r.leaveClock()
		}
	}
}

// quiescent reports whether the page's loops can no longer post work to the window: no
// message to the window waits, and every worker has ended or sleeps with nothing scheduled
// and no message on its way (the window does not end its run before). The workers are
// looked at one by one while they run; a look during which no message was sent and no
// worker woke (workers.activity did not change) saw them all quiet at the same moment.
// Without that, a worker looked at before a message reached it and a sender looked at
// after it went quiet would both seem done (TestWorkerRecursiveCreationIsCapped).
func (p *Page) quiescent() bool {
	before := p.workers.activity.Load()
	if p.workerInbox.pending() {
		return false
	}
	p.workers.mu.Lock()
	for _, r := range p.workers.runs {
		if r.busy() {
			p.workers.mu.Unlock()
			return false
		}
	}
	p.workers.mu.Unlock()
	return p.workers.activity.Load() == before
}

// userAgent is navigator.userAgent in a worker (Chrome 156's on Linux).
const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"
