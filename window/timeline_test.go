//go:build !headless

package window

import (
	"math"
	"strings"
	"testing"

	_ "earlyinit.loopscope/displaycheck"

	"loopscope/page"
)

// TestTimelineZoomPanAndNames (issue 17): ] zooms in (shorter, taller rows) until a
// callback's span is wide enough to carry its function's name; [ zooms out to many frames a
// row; panning moves by rows of the zoom shown and keeps the time when the zoom changes.
func TestTimelineZoomPanAndNames(t *testing.T) {
	base := 1000.0
	spans := []page.Span{
		{Kind: page.KindTask, Name: "setTimeout callback", Start: base + 1, End: base + 4},
		{Kind: page.KindFunctionCall, Name: "onTimer", Start: base + 1.5, End: base + 3.5},
	}
	var tl timeline
	tl.rasterize(spans, base)
	if l := tl.labels(spans, base); len(l) != 0 {
		t.Errorf("a row per frame (4 px) shows names: %v", l)
	}
	tl.zoomBy(2) // 4.17 ms a row, 16 px tall
	if tl.rowMS() != tlInterval/4 || tl.rowH() < tlLabelRowH || tl.rows()*tl.rowH() != tlGridH {
		t.Fatalf("zoom 2: %.2f ms, %d px rows, %d rows", tl.rowMS(), tl.rowH(), tl.rows())
	}
	tl.rasterize(spans, base)
	var names []string
	at := map[string]spanLabel{}
	for _, l := range tl.labels(spans, base) {
		names = append(names, l.text)
		at[l.text] = l
		if l.row != tl.rows()-1 {
			t.Errorf("%q is labelled in row %d, want the bottom row %d", l.text, l.row, tl.rows()-1)
		}
	}
	task, call := at["setTimeout callback"], at["onTimer"]
	if strings.Join(names, ",") != "setTimeout callback,onTimer" || task.x+task.w > call.x || call.w < 150 {
		t.Errorf("zoomed in, the names shown are %q at %+v: want the task's before its callback's (not under it) and the callback's over its 2 ms", names, at)
	}
	tl.zoomBy(100)
	if tl.zoom != tlMaxZoom {
		t.Errorf("zoom went to %d, past its limit %d", tl.zoom, tlMaxZoom)
	}
	// Pan: half a screen at zoom 0 is tlRows/2 frames, and stays that far back zoomed out.
	tl.zoom = 0
	tl.scroll(tl.rows() / 2)
	half := float64(tlRows/2) * tlInterval
	if !tl.frozen || math.Abs(tl.backMS-half) > 1e-6 {
		t.Errorf("panning half a screen back: %.1f ms back, frozen %v; want %.1f ms, frozen", tl.backMS, tl.frozen, half)
	}
	tl.zoomBy(-100)
	if tl.zoom != tlMinZoom || math.Abs(tl.backMS-half) > 1e-6 || math.Abs(tl.rowMS()-16*tlInterval) > 1e-9 {
		t.Errorf("zoomed out: zoom %d, %.1f ms back, %.1f ms a row", tl.zoom, tl.backMS, tl.rowMS())
	}
	tl.scroll(-1000)
	if tl.backMS != 0 {
		t.Errorf("panning forward past now: %.1f ms back, want 0", tl.backMS)
	}
}

// TestTimelineShowsThePast (issue 17): a page runs for two minutes with the timeline never
// drawn; the trace kept recording (bounded), so a timeline opened afterwards, zoomed out and
// panned back to the start, shows the start-up callback in its row, and zoomed in there,
// with its name.
func TestTimelineShowsThePast(t *testing.T) {
	p, err := page.New([]byte(`<script>
setTimeout(function startUp() { const t = performance.now(); while (performance.now() - t < 30); }, 0);
setInterval(function tick() {}, 100);
</script>`), "file:///past.html", "", page.Options{VirtualTime: true, TrackMicrotasks: true, Console: newConsoleLog(nil, nil)})
	if err != nil {
		t.Fatal(err)
	}
	page.RunToCompletion(p, 120_000, 120_000)
	spans := p.Spans()
	var startUp page.Span
	for _, s := range spans {
		if s.Kind == page.KindFunctionCall && s.Name == "startUp" {
			startUp = s
		}
	}
	if startUp.Name == "" || startUp.End-startUp.Start < 29 {
		t.Fatalf("the trace no longer holds the start-up callback after two minutes (%d spans from %.0f ms)", len(spans), spans[0].Start)
	}
	now := p.Now()
	var tl timeline // opened now
	tl.zoomBy(tlMinZoom)
	// Pan back until the start-up callback is on screen, as PgUp does.
	for n := 0; n < 100; n++ {
		base := now - tl.backMS
		if startUp.Start >= base-float64(tl.rows()-1)*tl.rowMS() {
			break
		}
		tl.scroll(tl.rows() / 2)
	}
	base := now - tl.backMS
	tl.rasterize(spans, base)
	if !hasCategory(tl.cats, catScripting) {
		t.Errorf("zoomed out and panned back %.1f s, no scripting shown (start-up at %.0f ms, now %.0f)", tl.backMS/1000, startUp.Start, now)
	}
	// Zoomed in on it (1 ms a row), the start-up callback is named.
	tl.zoom = tlMaxZoom
	base = startUp.Start + 10
	tl.rasterize(spans, base)
	found := false
	for _, l := range tl.labels(spans, base) {
		found = found || l.text == "startUp"
	}
	if !found {
		t.Errorf("zoomed in on the start-up callback, its name is not shown: %v", tl.labels(spans, base))
	}
}

func hasCategory(cats []uint8, c uint8) bool {
	for _, x := range cats {
		if x == c {
			return true
		}
	}
	return false
}

// TestTimelineMarksLongTasks (issue 17): the part of a long task past its first 50 ms is
// marked in each row it covers, from where the 50 ms end; a task of 50 ms or less, and a
// task span that is not a long task, are not marked.
func TestTimelineMarksLongTasks(t *testing.T) {
	base := 1000.0
	spans := []page.Span{
		{Kind: page.KindTask, Name: "long", Start: base - 70, End: base + 10},
		{Kind: page.KindLongTask, Name: "long", Start: base - 70, End: base + 10},
		{Kind: page.KindLongTask, Name: "just 50 ms", Start: base - 200, End: base - 150},
	}
	var tl timeline
	marks := tl.longTaskMarks(spans, base)
	// Marked from base-20 to base+10: rows [base-33.3, base-16.7) from its 13.3 ms on, and
	// [base-16.7, base) whole, and [base, base+16.7) up to 10 ms.
	px := func(ms float64) int { return int(ms * float64(tlGridW) / tlInterval) }
	want := []tlSegment{
		{row: tlRows - 1, x0: 0, x1: px(10) + 1},
		{row: tlRows - 2, x0: 0, x1: tlGridW},
		{row: tlRows - 3, x0: px(2*tlInterval - 20), x1: tlGridW},
	}
	if len(marks) != len(want) {
		t.Fatalf("marks %+v, want %+v", marks, want)
	}
	for i := range want {
		if m, w := marks[i], want[i]; m.row != w.row || abs(m.x0-w.x0) > 1 || abs(m.x1-w.x1) > 1 {
			t.Errorf("mark %d is %+v, want %+v (±1 px)", i, m, w)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestTimelineInputMarks (issue 25, item 11): a real click's task, a twentieth of a
// millisecond long, is marked inputMarkW pixels wide in the row it falls in, at a frame a
// row and zoomed out to sixteen frames a row alike.
func TestTimelineInputMarks(t *testing.T) {
	base := 1000.0
	spans := []page.Span{
		{Kind: page.KindTask, Source: page.SourceUserInteraction, Name: "click", Start: base - 30, End: base - 29.95},
		{Kind: page.KindTask, Source: page.SourceTimer, Name: "setTimeout callback", Start: base - 20, End: base - 10},
	}
	var tl timeline
	for _, zoom := range []int{0, tlMinZoom} {
		tl.zoom = zoom
		iv := tl.rowMS()
		marks := tl.inputMarks(spans, base)
		r := int(math.Ceil(30 / iv)) // rows above the bottom one
		x := int((spans[0].Start - (base - float64(r)*iv)) * tlGridW / iv)
		want := tlSegment{row: tl.rows() - 1 - r, x0: x, x1: x + inputMarkW}
		if len(marks) != 1 || marks[0] != want {
			t.Errorf("zoom %d: marks %v, want [%v]", zoom, marks, want)
		}
	}
}

// TestTimelineZoomAroundThePointer (issue 25, item 11): ] with the pointer over a row keeps
// that row's time under the pointer (it used to zoom around the newest row).
func TestTimelineZoomAroundThePointer(t *testing.T) {
	now := 10000.0
	spans := []page.Span{{Kind: page.KindFrame, Start: now - 5, End: now - 5}}
	var tl timeline
	base := tl.place(spans, now)
	tl.cur, tl.curBase = spans, base
	gridY := 100 // a row near the top of the grid
	r := tl.rows() - 1 - gridY/tl.rowH()
	at := base - float64(r)*tl.rowMS() + tl.rowMS()/2 // the middle of that row
	tl.zoomAt(2, gridY)
	base = tl.place(spans, now)
	iv := tl.rowMS()
	rNew := int(math.Ceil((base - at) / iv))
	yNew := (tl.rows() - 1 - rNew) * tl.rowH()
	if !tl.frozen || math.Abs(float64(yNew-gridY)) > float64(tl.rowH()) {
		t.Errorf("after ] at y=%d the time %.1f is at y=%d (frozen %v), want it under the pointer", gridY, at, yNew, tl.frozen)
	}
}

// TestTimelineJumpToLast (issue 25, item 11): L selects the newest long task and shows it in
// the middle of the grid; pressed again, the one before; J does the same for real input,
// zoomed in so that names show.
func TestTimelineJumpToLast(t *testing.T) {
	now := 20000.0
	spans := []page.Span{
		{Kind: page.KindLongTask, Name: "first long", Start: 3000, End: 3200},
		{Kind: page.KindTask, Source: page.SourceUserInteraction, Name: "click", Start: 4000, End: 4000.1},
		{Kind: page.KindLongTask, Name: "second long", Start: 9000, End: 9120},
		{Kind: page.KindTask, Source: page.SourceUserInteraction, Name: "keydown", Start: 15000, End: 15000.2},
		{Kind: page.KindFrame, Start: now - 3, End: now - 3},
	}
	var tl timeline
	shown := func(name string) {
		t.Helper()
		base := tl.place(spans, now)
		iv := tl.rowMS()
		r := (base - tl.sel.Start) / iv // rows above the bottom one
		if tl.sel.Name != name || !tl.hasSel || r < float64(tl.rows())/4 || r > 3*float64(tl.rows())/4 {
			t.Errorf("selected %q (%v) at %.1f rows above the bottom of %d; want %q near the middle", tl.sel.Name, tl.hasSel, r, tl.rows(), name)
		}
	}
	for _, want := range []string{"second long", "first long"} {
		if !tl.jumpToLast(spans, isLongTask, 0) {
			t.Fatalf("no long task found for %q", want)
		}
		shown(want)
	}
	if tl.jumpToLast(spans, isLongTask, 0) || tl.sel.Name != "first long" {
		t.Errorf("past the oldest long task: selected %q, want it kept", tl.sel.Name)
	}
	if !tl.jumpToLast(spans, isInput, 2) || tl.zoom != 2 || tl.rowH() < tlLabelRowH {
		t.Fatalf("J: zoom %d, want 2 (rows tall enough for names)", tl.zoom)
	}
	shown("keydown")
	tl.jumpToLast(spans, isInput, 2)
	shown("click")
}

// TestTimelineWorkerLane (issue 27): a worker's spans are the timeline's worker lane, on the
// window's clock: a worker that spins 40 ms after the window posted to it at 100 ms shows
// scripting in the lane from then on, and none before, while the window's own rows show
// none of it.
func TestTimelineWorkerLane(t *testing.T) {
	src := `<script>
const w = new Worker(URL.createObjectURL(new Blob(['onmessage = function spin() { const t = performance.now(); while (performance.now() - t < 40); postMessage(1); }'])));
w.onmessage = () => console.log('spun');
setTimeout(() => w.postMessage('go'), 100);
</script>`
	p, err := page.New([]byte(src), "file:///lane.html", "", page.Options{VirtualTime: true, Console: newConsoleLog(nil, nil)})
	if err != nil {
		t.Fatal(err)
	}
	page.RunToCompletion(p, 300, 300)
	workers := p.WorkerSpans()
	var spin page.Span
	for _, s := range workers {
		if s.Kind == page.KindFunctionCall && s.End-s.Start >= 39 {
			spin = s // the message handler's call
		}
	}
	if spin.End == 0 || spin.Start < 100 {
		t.Fatalf("no 40 ms spin after 100 ms among the worker's %d spans: %+v", len(workers), workers)
	}
	var tl timeline
	tl.zoom = 0
	// The bottom row starts inside the spin: its rows hold the spin in the lane.
	base := spin.Start + 10
	if !tl.rasterizeWorkers(workers, base) || !hasCategory(tl.wcats, catScripting) {
		t.Errorf("the worker lane shows no scripting at the spin (%.1f-%.1f ms)", spin.Start, spin.End)
	}
	tl.rasterize(p.Spans(), base)
	if hasCategory(tl.cats[len(tl.cats)-tlGridW:], catScripting) {
		t.Errorf("the window's bottom row shows scripting during the worker's spin")
	}
	// Before the window posted, the lane is empty but for the worker's start-up.
	if tl.rasterizeWorkers(workers, 60) && hasCategory(tl.wcats[len(tl.wcats)-tlGridW:], catScripting) {
		t.Errorf("the worker lane shows scripting at 60 ms, before the message")
	}
}

// TestTimelineMessageArrows: each message of a ping-pong between the window and its worker
// is an arrow in the timeline, from the top of the window's row where it was posted to the
// workers' lane where it was received, and back for the replies.
func TestTimelineMessageArrows(t *testing.T) {
	checkTimelineArrows(t, `<script>
const w = new Worker(URL.createObjectURL(new Blob(['onmessage = (e) => postMessage(e.data + 1);'])));
w.onmessage = (e) => { if (e.data < 3) setTimeout(() => w.postMessage(e.data), 10); };
w.postMessage(0);
</script>`, 6, 3)
}

// TestTimelineMessageArrowsThroughPorts: messages through a MessageChannel's port handed to
// a worker are arrows too, both ways (the Worker's message carrying the port, then three
// through the ports each way).
func TestTimelineMessageArrowsThroughPorts(t *testing.T) {
	checkTimelineArrows(t, `<script>
const w = new Worker(URL.createObjectURL(new Blob(['onmessage = (e) => { const p = e.ports[0]; p.onmessage = (m) => p.postMessage(m.data + 1); };'])));
const ch = new MessageChannel();
ch.port1.onmessage = (e) => { if (e.data < 3) setTimeout(() => ch.port1.postMessage(e.data), 10); };
w.postMessage('the port', [ch.port2]);
ch.port1.postMessage(0);
</script>`, 7, 4)
}

// checkTimelineArrows runs src under virtual time and checks the timeline's arrows between
// the window's loop and the worker's: n of them, toWorker to the worker, each from the top
// of the window's row to the workers' lane or back, none back in time.
func checkTimelineArrows(t *testing.T, src string, n, toWorkerWant int) {
	t.Helper()
	p, err := page.New([]byte(src), "file:///arrows.html", "", page.Options{VirtualTime: true, Console: newConsoleLog(nil, nil)})
	if err != nil {
		t.Fatal(err)
	}
	page.RunToCompletion(p, 0, 1000)
	window, workers := p.Spans(), p.WorkerSpans()
	last := 0.0
	for _, s := range append(append([]page.Span(nil), window...), workers...) {
		if s.Kind == page.KindMessageReceived {
			last = max(last, s.Start)
		}
	}
	var tl timeline
	tl.zoom = 0
	rh := tl.rowH()
	arrows := tl.messageArrows(window, workers, last) // the bottom row starts at the last message
	toWorker := 0
	for _, a := range arrows {
		from, to := 0, rh-2 // the window's row top, the workers' lane
		if a.toWorker {
			toWorker++
		} else {
			from, to = to, from
		}
		if a.y0%rh != from || a.y1%rh != to {
			t.Errorf("arrow %+v: its ends are at %d and %d in their rows, want %d and %d", a, a.y0%rh, a.y1%rh, from, to)
		}
		if a.y1/rh < a.y0/rh || (a.y1/rh == a.y0/rh && a.x1 < a.x0) {
			t.Errorf("arrow %+v points back in time", a)
		}
	}
	if len(arrows) != n || toWorker != toWorkerWant {
		t.Errorf("%d arrows, %d of them to the worker; want %d and %d", len(arrows), toWorker, n, toWorkerWant)
	}
}
