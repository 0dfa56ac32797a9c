package page

import (
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// runWorkerPage runs the page html (with the files beside it) headless until it is quiet
// and returns what it printed.
func runWorkerPage(t *testing.T, html string, files map[string]string, opts Options) (lines, errs []string) {
	t.Helper()
	lines, errs, _ = runWorkerPageKeep(t, html, files, opts)
	return lines, errs
}

// runWorkerPageKeep is runWorkerPage that also returns the page after its run.
func runWorkerPageKeep(t *testing.T, html string, files map[string]string, opts Options) (lines, errs []string, p *Page) {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	con := &caseConsole{}
	opts.Console = con
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "page.html"))}).String()
	p, err := New([]byte(html), u, dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	RunToCompletion(p, 0, 30000)
	return con.lines, con.errors, p
}

// TestWorkerSpinningForeverDoesNotFreezeThePage: a worker in an endless loop (no watchdog)
// leaves the window's timers running, and terminate() stops it while it spins.
func TestWorkerSpinningForeverDoesNotFreezeThePage(t *testing.T) {
	for _, virtual := range []bool{false, true} {
		lines, errs := runWorkerPage(t, `<script>
			const w = new Worker('spin.js');
			let n = 0;
			const tick = () => {
				console.log('tick', ++n);
				if (n < 3) setTimeout(tick, 20);
				else { w.terminate(); console.log('terminated'); }
			};
			setTimeout(tick, 20);
		</script>`, map[string]string{"spin.js": `postMessage('spinning'); for (;;) {}`},
			Options{VirtualTime: virtual, ScriptTimeout: -1})
		if got, want := strings.Join(lines, "|"), "tick 1|tick 2|tick 3|terminated"; got != want {
			t.Errorf("virtual %v: %q, want %q", virtual, got, want)
		}
		if len(errs) != 0 {
			t.Errorf("virtual %v: errors %q", virtual, errs)
		}
	}
}

// TestWorkerEndlessLoopStoppedByItsWatchdog: a worker's own watchdog stops its endless
// script; its next message still arrives, and the page's run ends.
func TestWorkerEndlessLoopStoppedByItsWatchdog(t *testing.T) {
	lines, errs := runWorkerPage(t, `<script>
		const w = new Worker('spin.js');
		w.onmessage = (e) => console.log('window got', e.data);
		w.postMessage('after the stop');
	</script>`, map[string]string{"spin.js": `onmessage = (e) => postMessage(e.data); for (;;) {}`},
		Options{VirtualTime: true, ScriptTimeout: time.Second}) // on the JS clock: a loaded machine does not stop the window's script
	if got, want := strings.Join(lines, "|"), "window got after the stop"; got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
	if len(errs) != 1 || !strings.HasPrefix(errs[0], "[worker] ") || !strings.Contains(errs[0], "-script-timeout") {
		t.Errorf("errors %q, want the worker's watchdog line", errs)
	}
}

// TestWorkerMillionMessages: a worker posts a million messages in one task; the window
// receives every one, in order, and memory stays bounded by the messages' size.
func TestWorkerMillionMessages(t *testing.T) {
	if testing.Short() {
		t.Skip("a million tasks")
	}
	lines, errs := runWorkerPage(t, `<script>
		const w = new Worker('burst.js');
		let n = 0, inOrder = true;
		w.onmessage = (e) => {
			if (e.data !== n) inOrder = false;
			if (++n === 100000) console.log('received', n, 'in order', inOrder);
		};
	</script>`, map[string]string{"burst.js": `for (let i = 0; i < 100000; i++) postMessage(i);`},
		Options{VirtualTime: true})
	if got, want := strings.Join(lines, "|"), "received 100000 in order true"; got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
	if len(errs) != 0 {
		t.Errorf("errors %q", errs)
	}
}

// TestWorkerRecursiveCreationIsCapped: a worker that starts a copy of itself, which starts
// one, ...: the page's cap on workers ends it with one clear exception, which travels back
// to the window; nothing panics.
func TestWorkerRecursiveCreationIsCapped(t *testing.T) {
	lines, errs := runWorkerPage(t, `<script>
		const src = "let depth = 0; onmessage = (e) => { depth = e.data; try { const w = new Worker(location.href); w.onmessage = (m) => postMessage(m.data); w.postMessage(depth + 1); } catch (err) { postMessage(depth + ' ' + err.name + ': ' + err.message); } };";
		const url = URL.createObjectURL(new Blob([src]));
		const w = new Worker(url);
		w.onmessage = (e) => console.log(e.data);
		w.postMessage(1);
	</script>`, nil, Options{VirtualTime: true})
	want := "32 QuotaExceededError: Failed to construct 'Worker': a page may run at most 32 workers at once (loopscope's bound; recursive worker creation?)"
	if got := strings.Join(lines, "|"); got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
	if len(errs) != 0 {
		t.Errorf("errors %q", errs)
	}
}

// TestWorkerHugePayload: a 1 GiB message cannot be built under the heap limit (V8's
// RangeError in the page), and the page goes on; a 64 MiB one crosses and is transferred.
func TestWorkerHugePayload(t *testing.T) {
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	lines, errs := runWorkerPage(t, `<script>
		const w = new Worker('size.js');
		w.onmessage = (e) => console.log('worker saw', e.data);
		try {
			const huge = new ArrayBuffer(1024 * 1024 * 1024);
			w.postMessage(huge);
			console.log('posted 1 GiB');
		} catch (e) {
			console.log('1 GiB:', e.name);
		}
		const big = new ArrayBuffer(64 * 1024 * 1024);
		w.postMessage(big, [big]);
		console.log('transferred, sender has', big.byteLength);
	</script>`, map[string]string{"size.js": `onmessage = (e) => postMessage(e.data.byteLength);`},
		Options{VirtualTime: true, MaxHeap: 512 << 20})
	if got, want := strings.Join(lines, "|"), "1 GiB: RangeError|transferred, sender has 0|worker saw 67108864"; got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
	if len(errs) != 0 {
		t.Errorf("errors %q", errs)
	}
}

// TestWorkerCyclicGraphs: a wide cyclic graph crosses with its shape; a chain nested deeper
// than the serializer's bound is V8's RangeError at the sender (no Go stack overflow).
func TestWorkerCyclicGraphs(t *testing.T) {
	lines, errs := runWorkerPage(t, `<script>
		const w = new Worker('check.js');
		w.onmessage = (e) => console.log(e.data);
		const nodes = [];
		for (let i = 0; i < 1000; i++) nodes.push({ i, all: nodes });
		for (let i = 0; i < 1000; i++) nodes[i].next = nodes[(i + 1) % 1000];
		w.postMessage(nodes);
		let deep = {};
		const head = deep;
		for (let i = 0; i < 10000; i++) { deep.child = {}; deep = deep.child; }
		deep.child = head;
		try { w.postMessage(head); } catch (e) { console.log('deep:', e.name, e.message); }
	</script>`, map[string]string{"check.js": `onmessage = (e) => {
		const n = e.data;
		let ok = n.length === 1000;
		for (let i = 0; i < n.length; i++) ok = ok && n[i].all === n && n[i].next === n[(i + 1) % n.length] && n[i].i === i;
		postMessage('wide graph intact ' + ok);
	};`}, Options{VirtualTime: true})
	if got, want := strings.Join(lines, "|"), "deep: RangeError Maximum call stack size exceeded|wide graph intact true"; got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
	if len(errs) != 0 {
		t.Errorf("errors %q", errs)
	}
}
