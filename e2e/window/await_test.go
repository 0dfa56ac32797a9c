//go:build !headless

package window

import (
	"fmt"
	"image/color"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// awaitPage: a click starts an async function that awaits a promise still pending; a timer
// the click set resolves it, then queues a microtask. The promise's then reaction was
// registered before the await, so the continuation runs between two other microtasks.
const awaitPage = `<!doctype html>
<body style="margin:0">
<div id="go" style="width:800px; height:600px; background:#3a7bd5"></div>
<script>
let release;
const gate = new Promise(r => { release = r; });
gate.then(function gateThen() { console.log('gate then'); });
async function worker() {
  console.log('worker waits');
  await gate;
  console.log('worker resumes');
}
document.getElementById('go').addEventListener('click', function onClick() {
  worker();
  setTimeout(function open() {
    console.log('open');
    release();
    queueMicrotask(function qm() { console.log('qm'); });
  }, 0);
});
</script>`

// TestWindowQueuesAwait (issue 24): paused, a real click starts an async function; stepping one
// queue-or-log call at a time (key 5) stops inside it at its await on the pending promise,
// whose continuation then waits (it is in no queue); stepping on through the timer that
// resolves the promise, the Microtasks box lists the continuation the moment the promise is
// resolved, in its place, and the page then prints the microtasks in the box's order.
func TestWindowQueuesAwait(t *testing.T) {
	needDisplay(t)
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1")
	_, pg := writePage(t, "await.html", awaitPage)
	w := startWindow(t, pg)
	x0, y0 := windowOrigin(t)
	sx, sy := x0+400, y0+barOffset+300
	waitForPixel(t, sx, sy, color.RGBA{0x3a, 0x7b, 0xd5, 0xff}, 20*time.Second)
	// Without a window manager, X sends keys to the window under the pointer.
	if out, err := exec.Command("xdotool", "mousemove", fmt.Sprint(sx), fmt.Sprint(sy)).CombinedOutput(); err != nil {
		t.Fatalf("xdotool mousemove: %v %s", err, out)
	}
	key(t, "q", "space")
	w.waitErrLine(t, regexp.MustCompile(`^queues: T\[\] M\[\] S\[\]`), 10*time.Second)
	osClick(t, sx, sy)
	w.waitErrLine(t, regexp.MustCompile(`^queues: T\[Dispatch mousedown, Dispatch click\]`), 10*time.Second)

	queues := regexp.MustCompile(`^queues: T\[(.*)\] M\[(.*)\] S\[(.*)\] L\[(.*)\]$`)
	// stepUntil presses 5 until the dumped boxes satisfy ok, and returns their Microtasks.
	stepUntil := func(what string, ok func(m, s, l string) bool) []string {
		t.Helper()
		for i := 0; i < 40; i++ {
			key(t, "5")
			deadline := time.After(2 * time.Second)
		read:
			for {
				select {
				case ln := <-w.errLines:
					if q := queues.FindStringSubmatch(ln); q != nil && ok(q[2], q[3], q[4]) {
						if q[2] == "" {
							return nil
						}
						return strings.Split(q[2], ", ")
					}
				case <-deadline:
					break read
				}
			}
		}
		t.Fatalf("40 steps by queue or log call never showed %s", what)
		return nil
	}
	// Inside worker, at its await: gate is pending, so nothing is queued for it.
	stepUntil("the stop inside worker at its await", func(m, s, l string) bool {
		return strings.HasPrefix(s, "worker") && strings.Contains(l, "worker waits") && !strings.Contains(m, "async continuation")
	})
	// In the timer, after release(): the continuation is queued, behind gate's then reaction
	// (registered first) and before the microtask queueMicrotask adds next.
	box := stepUntil("the continuation queued after release()", func(m, s, l string) bool {
		return strings.HasPrefix(s, "open") && strings.Contains(m, "queueMicrotask")
	})
	time.Sleep(300 * time.Millisecond) // the frame that drew the dumped state is presented
	windowShot(t, x0, y0, "queues-await")
	key(t, "space")
	// What each microtask prints: the box's order must be the page's.
	prints := map[string]string{"Promise then": "gate then", "async continuation: worker": "worker resumes", "queueMicrotask": "qm"}
	var want []string
	for _, name := range box {
		line, ok := prints[name]
		if !ok {
			t.Fatalf("the Microtasks box holds %q (all of it: %q)", name, box)
		}
		want = append(want, line)
	}
	if len(want) != 3 {
		t.Fatalf("the Microtasks box after release(): %q, want the then reaction, the continuation and the queueMicrotask callback", box)
	}
	var got []string
	for len(got) < len(want) {
		select {
		case ln, ok := <-w.lines:
			if !ok {
				t.Fatalf("loopscope exited; it printed %q", got)
			}
			for _, l := range []string{"gate then", "worker resumes", "qm"} {
				if ln == l {
					got = append(got, ln)
				}
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("the page printed %q of the three microtasks' lines", got)
		}
	}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("the Microtasks box said %q (%q), the page printed %q", box, want, got)
	}
}
