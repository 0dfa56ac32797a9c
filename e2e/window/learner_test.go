//go:build !headless

package window

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"loopscope/demos"
	"loopscope/page"
)

// The learner's path of issue 25: a demo opened paused before its first task and stepped
// with real keys, its four boxes compared at each step with the walkthrough the seeds draw.

// boxesState is one state of the four boxes as the window dumps them (LOOPSCOPE_QUEUES_DUMP),
// without the tasks of loading a page after its one script (end of parsing,
// DOMContentLoaded, load), which Jake's diagram of one script leaves out.
type boxesState struct{ tasks, microtasks, stack, log string }

var queuesDump = regexp.MustCompile(`^queues: T\[(.*)\] M\[(.*)\] S\[(.*)\] L\[(.*)\]$`)

func parseBoxes(m []string) boxesState {
	var tasks []string
	for _, n := range strings.Split(m[1], ", ") {
		if n != "" && n != "end of parsing" && n != "Dispatch DOMContentLoaded" && n != "Dispatch load" {
			tasks = append(tasks, n)
		}
	}
	return boxesState{strings.Join(tasks, ", "), m[2], m[3], m[4]}
}

// stepBoxes presses key until the Log box holds last (or 60 presses), and returns every
// state the window dumped, in order, the first (before any step) included; steps collects
// the spec steps the window named beside the boxes ("step: …" lines). A key lost on a
// loaded machine only means the same state for one more press.
func stepBoxes(t *testing.T, w *windowRun, key1 string, first boxesState, last string, steps *[]string) []boxesState {
	t.Helper()
	states := []boxesState{first}
	for i := 0; i < 60 && !(states[len(states)-1].log == last && states[len(states)-1].stack == ""); i++ {
		key(t, key1)
		deadline := time.After(3 * time.Second)
	read:
		for {
			select {
			case ln, ok := <-w.errLines:
				if !ok {
					t.Fatal("loopscope exited while being stepped")
				}
				if st, ok := strings.CutPrefix(ln, "step: "); ok && steps != nil {
					*steps = append(*steps, st)
				}
				if m := queuesDump.FindStringSubmatch(ln); m != nil {
					if s := parseBoxes(m); s != states[len(states)-1] {
						states = append(states, s)
					}
					break read
				}
			case <-deadline:
				break read
			}
		}
	}
	return states
}

// checkInOrder reports the first of want that does not come, in order, among got.
func checkInOrder(t *testing.T, got, want []boxesState, what string) {
	t.Helper()
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("%s: state %d %+v never came (after the ones before it); the window showed:", what, i+1, want[i])
		for _, g := range got {
			t.Logf("  %+v", g)
		}
	}
}

// openPausedQueues starts the window on demo with -paused and shows the Queues tab; it
// returns the boxes before the first task.
// openQueues presses Q until the window dumps its queues view (the pane is open): a load of
// a few processes once lost the one press (run 12 of issue 25's five runs).
func openQueues(t *testing.T, w *windowRun) []string {
	t.Helper()
	return w.pressUntilLine(t, "q", queuesDump)
}

func openPausedQueues(t *testing.T, demo string) (*windowRun, boxesState) {
	t.Helper()
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1")
	w := startWindow(t, "-paused", demo)
	x0, y0 := windowOrigin(t)
	pointerForKeys(t, x0, y0)
	key(t, "q")
	m := w.waitErrLine(t, queuesDump, time.Minute)
	return w, parseBoxes(m)
}

// TestWindowStepScriptStartFromItsFirstLine (issue 25): `-paused jake_script_start` waits
// before the parser's "Run script" task, and stepping it one queue or log call at a time (5)
// shows, in order, the states of seed 004's step-by-step diagram of "script start" (its
// table: Tasks "Run script", "setTimeout callback"; Microtasks "Promise then" twice; Log
// script start, script end, promise1, promise2, setTimeout; and its text: setTimeout
// "schedules a new task for its callback", .then on a settled promise "immediately queues a
// microtask", the microtasks run when the script has finished, before the next task). Jake
// calls the JS stack's frame of a promise reaction "Promise callback": the window's frame is
// named by its entry point, "Promise then". Then key 4 steps a microtask at a time: from the
// start again (R keeps the page paused), the same boxes at the microtask boundaries.
func TestWindowStepScriptStartFromItsFirstLine(t *testing.T) {
	needDisplay(t)
	w, first := openPausedQueues(t, "jake_script_start")
	const tasks1, tasks2 = "Run script", "Run script, setTimeout callback"
	if want := (boxesState{tasks1, "", "", ""}); first != want {
		t.Fatalf("opened with -paused, the boxes are %+v, want %+v (nothing ran yet)", first, want)
	}
	// The Tasks box draws its two tasks ("Run script", "end of parsing") as two chips, one a
	// row, each in its place.
	x0, y0 := windowOrigin(t)
	img := waitShot(t, x0, y0, "step-first-line", 30*time.Second, func(img *image.RGBA) bool { return tasksChips(img) == 2 })
	if n := tasksChips(img); n != 2 {
		t.Errorf("the Tasks box shows %d chips, want 2", n)
	}
	all := "script start, script end, promise1, promise2, setTimeout"
	want := []boxesState{
		{tasks1, "", "", ""},                               // the parser's task is queued
		{tasks1, "", "script", "script start"},             // the script runs: console.log
		{tasks2, "", "script", "script start"},             // setTimeout queues a task
		{tasks2, "Promise then", "script", "script start"}, // .then on a settled promise
		{tasks2, "Promise then", "script", "script start, script end"},
		{tasks2, "Promise then", "", "script start, script end"}, // the script ended: checkpoint
		{tasks2, "Promise then", "Promise then", "script start, script end, promise1"},
		{tasks2, "Promise then", "Promise then", "script start, script end, promise1, promise2"},
		{tasks2, "", "", "script start, script end, promise1, promise2"},
		{"setTimeout callback", "", "setTimeout callback", all},
		{"setTimeout callback", "", "", all},
	}
	var steps []string
	got := stepBoxes(t, w, "5", first, all, &steps)
	checkInOrder(t, got, want, "stepped with 5")
	// Beside the boxes, the step of the processing model each stop is at, with its number.
	i := 0
	for _, s := range steps {
		if i < len(specSteps) && strings.Contains(s, specSteps[i]) {
			i++
		}
	}
	if i < len(specSteps) {
		t.Errorf("the window never named %q (after the steps before it); it named: %q", specSteps[i], steps)
	}
	var printed []string
	for len(printed) < 5 {
		select {
		case ln := <-w.lines:
			printed = append(printed, ln)
		case <-time.After(10 * time.Second):
			t.Fatalf("the page printed %q", printed)
		}
	}
	if strings.Join(printed, ", ") != all {
		t.Errorf("the page printed %q, want %q", printed, all)
	}

	// R reloads it paused (it was paused), and 4 steps a microtask at a time.
	key(t, "r")
	w.waitErrLine(t, regexp.MustCompile(`^queues: T\[Run script, end of parsing\] M\[\] S\[\] L\[\]$`), time.Minute)
	got = stepBoxes(t, w, "4", boxesState{tasks1, "", "", ""}, all, nil)
	checkInOrder(t, got, []boxesState{
		{tasks1, "", "", ""},
		{tasks2, "Promise then", "", "script start, script end"}, // the script's task ended its callback
		{tasks2, "Promise then", "", "script start, script end, promise1"},
		{"setTimeout callback", "", "", all},
	}, "stepped with 4 after R")
	if slices.ContainsFunc(got, func(s boxesState) bool { return s.log == "" && s.stack != "" }) {
		t.Errorf("a stop inside the script before it logged: key 4 stops only between microtasks: %+v", got)
	}
}

// tasksChips counts the chips drawn in the queues view's Tasks box (window/queues.go's
// layout: the box at the pane's left, 228 px wide, its first chip row 140 px down, rows 19
// px apart, a chip 17 px high): the bands of rows whose chip colour shows at the chip's right
// end, where no text reaches.
func tasksChips(img *image.RGBA) int {
	chip, running := color.RGBA{0x3a, 0x3a, 0x2a, 0xff}, color.RGBA{0x5a, 0x48, 0x1a, 0xff}
	n, in := 0, false
	for y := 140; y < 140+7*19; y++ {
		row := image.Rect(800+8+228-7, y, 800+8+228-5, y+1)
		filled := countColor(img, row, chip, 4)+countColor(img, row, running, 4) == row.Dx()
		if filled && !in {
			n++
		}
		in = filled
	}
	return n
}

// specSteps are what the window must say beside the boxes, in order, while "script start" is
// stepped with 5 (loop.TestWalkthroughSpecSteps has the reasons): the step of the processing
// model and its number.
var specSteps = []string{
	"setTimeout: the timer initialisation steps ran",
	"PerformPromiseThen (ECMAScript) steps 8-9: the promise has settled",
	"PerformPromiseThen (ECMAScript) step 7: the promise is pending",
	`"Perform a microtask checkpoint" step 3`,
	`"Clean up after running script" step 3`,
	`Event loop processing model step 2: ran the task "Run script"`,
}

// TestWindowStepAsync1Async2 (issue 25): async1_async2 opened paused and stepped one queue or
// log call at a time: the await continuation is in the Microtasks box from the stop of the
// await itself, since async2's promise has already settled (seed 002: "each await creates a
// promise and puts the rest of the async function into a then callback"; since Chrome 73 it
// costs one tick), ahead of promise1's reaction, and runs first.
func TestWindowStepAsync1Async2(t *testing.T) {
	needDisplay(t)
	w, first := openPausedQueues(t, "async1_async2")
	const cont = "async continuation: async1"
	tasks2 := "Run script, setTimeout callback"
	want := []boxesState{
		{"Run script", "", "", ""},
		{"Run script", "", "script", "script start"},
		{"Run script", "", "async2, async1, script", "script start, async2 end"},
		{"Run script", cont, "async1, script", "script start, async2 end"}, // the await: queued at once
		{tasks2, cont, "script", "script start, async2 end"},
		{tasks2, cont + ", Promise then", "script", "script start, async2 end, Promise"},
		{tasks2, cont + ", Promise then", "script", "script start, async2 end, Promise, script end"},
		{tasks2, cont + ", Promise then", cont, "script start, async2 end, Promise, script end, async1 end"},
		{tasks2, "Promise then", "Promise then", "script start, async2 end, Promise, script end, async1 end, promise1"},
		{"setTimeout callback", "", "setTimeout callback", "script start, async2 end, Promise, script end, async1 end, promise1, promise2, setTimeout"},
	}
	got := stepBoxes(t, w, "5", first, want[len(want)-1].log, nil)
	checkInOrder(t, got, want, "stepped with 5")
}

// TestWindowHideStripRedraws (issue 25, defect 6): I takes the strip below the page out of
// the layout (the window keeps its size: the page and the pane take the strip's room, item
// 12); what is left (the bar, the page, the pane) is drawn again at once, not left black
// until another key changes the scene. A demo that is done changes nothing on screen by
// itself.
func TestWindowHideStripRedraws(t *testing.T) {
	needDisplay(t)
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1")
	w := startWindow(t, "jake_script_start")
	w.waitLine(t, regexp.MustCompile(`^setTimeout$`), time.Minute) // it has run: nothing changes now
	// Without vsync (Xvfb) the window keeps its screen and draws only a changed scene.
	w.waitErrLine(t, regexp.MustCompile(`^pacer: no vsync`), time.Minute)
	x0, y0 := windowOrigin(t)
	bar := color.RGBA{0x2b, 0x2d, 0x42, 0xff}
	waitForPixel(t, x0+4, y0+4, bar, time.Minute)
	pointerForKeys(t, x0, y0) // over the strip, which I takes away
	// The strip, at the window's right end, below the pane.
	waitForPixel(t, x0+windowW-4, y0+windowH-36, color.RGBA{0xfa, 0xfa, 0xfa, 0xff}, time.Minute)
	key(t, "i")
	// The pane reaches down to the window's bottom where the strip was.
	waitForPixel(t, x0+windowW-4, y0+windowH-36, color.RGBA{0x1e, 0x1e, 0x1e, 0xff}, time.Minute)
	waitForPixel(t, x0+4, y0+4, bar, 20*time.Second)                                              // the top bar
	waitForPixel(t, x0+400, y0+barOffset+580, color.RGBA{0xff, 0xff, 0xff, 0xff}, 20*time.Second) // the page
	if w, h := windowSize(t); w != windowW || h != windowH {
		t.Errorf("after I the window is %d×%d, want it to keep its %d×%d", w, h, windowW, windowH)
	}
}

// TestWindowPredictThenStep (issue 25, defects 1, 3 and 4), with real keys: the first demo
// opened from the gallery waits on its prediction before its first task; once ordered, 5
// (instead of Enter) steps it from its first line, so the page has printed 'script start'
// alone; Q shows the queues while the prediction keeps its own tab; Space runs the rest, and
// Q again goes back to the prediction with every line's check mark still there.
func TestWindowPredictThenStep(t *testing.T) {
	needDisplay(t)
	d, err := demos.Get("jake_script_start")
	if err != nil {
		t.Fatal(err)
	}
	want := d.Runs[0].Expected
	t.Setenv("LOOPSCOPE_QUEUES_DUMP", "1")
	w := startWindow(t)
	x0, y0 := windowOrigin(t)
	waitForPixel(t, x0+600, y0+galleryTop+galleryRowH+galleryRowH/2, galleryPick, time.Minute)
	pointerForKeys(t, x0, y0)
	holdKeys(t, "Return")
	waitForPixel(t, x0+predictX+300, y0+predictTop+8, color.RGBA{0x33, 0x44, 0x66, 0xff}, time.Minute)
	arrangePrediction(t, w, predictShuffle(d.Name, want), want)
	var first string
	for try := 0; first == "" && try < 5; try++ {
		holdKeys(t, "5")
		select {
		case first = <-w.lines:
		case <-time.After(5 * time.Second):
		}
	}
	if first != want[0] {
		t.Fatalf("5 on the prediction: the page printed %q, want %q (stepped from its first line)", first, want[0])
	}
	select {
	case ln := <-w.lines:
		t.Fatalf("one step printed %q after %q", ln, first)
	case <-time.After(2 * time.Second):
	}
	openQueues(t, w)
	holdKeys(t, "space")
	w.expectLines(t, "the rest of the page's log", want[1:]...)
	holdKeys(t, "q")
	all := make([]bool, len(want))
	for i := range all {
		all[i] = true
	}
	waitVerdicts(t, x0, y0, all, time.Minute)
}

// TestWindowRecordEndedBySIGTERM (issue 25, nit of 14): a window started with -record and
// ended by SIGTERM closes as its close button does: the recording gets its duration_ms (the
// length of the run, which a replay runs for), which it lacked.
func TestWindowRecordEndedBySIGTERM(t *testing.T) {
	needDisplay(t)
	dir, pg := writePage(t, "blue.html", `<!doctype html><body style="margin:0"><div style="width:800px; height:600px; background:#3a7bd5"></div>`)
	rec := filepath.Join(dir, "session.json")
	w := startWindow(t, "-record", rec, pg)
	x0, y0 := windowOrigin(t)
	sx, sy := x0+400, y0+barOffset+300
	waitForPixel(t, sx, sy, color.RGBA{0x3a, 0x7b, 0xd5, 0xff}, time.Minute)
	osClick(t, sx, sy)
	read := func() (page.Actions, int) {
		var a page.Actions
		n := 0
		if b, err := os.ReadFile(rec); err == nil && json.Unmarshal(b, &a) == nil {
			for _, act := range a.Actions {
				if act.Pointer != "" {
					n++
				}
			}
		}
		return a, n
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if _, n := read(); n == 2 {
			break // the click's press and release are written
		}
		if time.Now().After(deadline) {
			t.Fatal("the click was not recorded")
		}
	}
	if err := w.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- w.cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(time.Minute):
		t.Fatal("loopscope did not exit on SIGTERM")
	}
	a, n := read()
	if n != 2 || a.DurationMS <= 0 {
		t.Errorf("after SIGTERM the recording holds %d pointer actions and duration_ms %v, want the click and the run's length", n, a.DurationMS)
	}
}

// TestWindowStepOtherLoadTimeDemos (issue 25, defect 1): the other load-time demos that could
// not be stepped, opened with -paused: 5 stops inside the script (the JS stack holds it, the
// Log has at most its first line), and Space runs the rest: the page prints Chrome's order.
func TestWindowStepOtherLoadTimeDemos(t *testing.T) {
	needDisplay(t)
	for _, name := range []string{"promise_wrap_promise", "timer_vs_promise"} {
		t.Run(name, func(t *testing.T) {
			d, err := demos.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			want := d.Runs[0].Expected
			w, first := openPausedQueues(t, name)
			if first.stack != "" || first.log != "" {
				t.Fatalf("opened with -paused, the boxes are %+v: something ran", first)
			}
			inside := false
			for i := 0; i < 10 && !inside; i++ {
				key(t, "5")
				select {
				case ln := <-w.errLines:
					if m := queuesDump.FindStringSubmatch(ln); m != nil {
						s := parseBoxes(m)
						inside = strings.HasSuffix(s.stack, "script") && !strings.Contains(s.log, ", ")
					}
				case <-time.After(5 * time.Second):
				}
			}
			if !inside {
				t.Fatal("5 never stopped inside the script")
			}
			key(t, "space")
			w.expectLines(t, name, want...)
		})
	}
}

// parsedStripesPage has three 100 px stripes with a script after each of the first two (the
// second asks for no frame: nothing else makes the page paint before the parser is done).
const parsedStripesPage = `<!doctype html>
<style>body { margin: 0 } div { height: 100px }</style>
<div style="background: rgb(255, 0, 0)"></div>
<script>console.log('first script');</script>
<div style="background: rgb(0, 0, 255)"></div>
<script>console.log('second script');</script>
<div style="background: rgb(0, 128, 0)"></div>`

// TestWindowPausedShowsTheDocumentAsParsed (issue 25): a page opened with -paused and
// stepped with 1 through the parser's script tasks shows, in the page area, the document
// as parsed so far: the red stripe after the first script's task, not yet the blue one
// (below the parser's insertion point); the blue one after the second. The page paints no
// frame meanwhile: without the paused page's preview the area stayed white.
func TestWindowPausedShowsTheDocumentAsParsed(t *testing.T) {
	needDisplay(t)
	_, pagePath := writePage(t, "parsed.html", parsedStripesPage)
	w := startWindow(t, "-paused", pagePath)
	x0, y0 := windowOrigin(t)
	red, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}
	pointerForKeys(t, x0, y0)
	var first string
	for try := 0; first == "" && try < 5; try++ {
		holdKeys(t, "1")
		select {
		case first = <-w.lines:
		case <-time.After(5 * time.Second):
		}
	}
	if first != "first script" {
		t.Fatalf("1: the page printed %q, want the first script's line", first)
	}
	waitForPixel(t, x0+400, y0+barOffset+50, red, time.Minute)
	if pixelIs(t, x0+400, y0+barOffset+150, blue) {
		t.Error("after the first script's task the blue stripe, below the parser's insertion point, shows")
	}
	holdKeys(t, "1")
	w.waitLine(t, regexp.MustCompile(`^second script$`), time.Minute)
	waitForPixel(t, x0+400, y0+barOffset+150, blue, time.Minute)
}
