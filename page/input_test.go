package page

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"loopscope/loop"
)

// TestActionsFileInputKinds (issue 18): the actions file's new kinds of input are read
// strictly, each value checked, and the old forms still read.
func TestActionsFileInputKinds(t *testing.T) {
	good := `{"duration_ms": 900, "actions": [
	  {"at_ms": 1, "click": ".a"},
	  {"at_ms": 2, "click": ".a", "kind": "synthetic"},
	  {"at_ms": 3, "click": ".a", "button": "right", "count": 2},
	  {"at_ms": 4, "pointer": "press", "xy": [1, 2]},
	  {"at_ms": 5, "pointer": "release", "xy": [1, 2], "button": "middle"},
	  {"at_ms": 6, "move": [10, 20]},
	  {"at_ms": 7, "move": [10, 20], "steps": 5, "burst": true},
	  {"at_ms": 8, "wheel": [0, 100], "at": "#pad"},
	  {"at_ms": 9, "wheel": [0, -3]},
	  {"at_ms": 10, "key": " "},
	  {"at_ms": 11, "key": "Shift+Tab"},
	  {"at_ms": 12, "resize": [800, 600]}]}`
	dir := t.TempDir()
	write := func(s string) string {
		f := filepath.Join(dir, fmt.Sprintf("a%d.json", len(s)))
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	a, err := ReadActions(write(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Actions) != 12 || a.Actions[6].Steps != 5 || !a.Actions[6].Burst || a.Actions[7].At != "#pad" ||
		a.Actions[9].Key != " " || a.Actions[11].Resize[0] != 800 || a.Actions[2].Count != 2 || a.Actions[4].Button != "middle" {
		t.Errorf("read %+v", a.Actions)
	}
	bad := map[string]string{
		`{"at_ms": 1, "resize": [0, 0]}`:                                      "from 1 to 16384",
		`{"at_ms": 1, "resize": [20000, 20000]}`:                              "from 1 to 16384",
		`{"at_ms": 1, "resize": [800.5, 600]}`:                                "whole CSS pixels",
		`{"at_ms": 1, "key": "NoSuchKey"}`:                                    "is not a key name",
		`{"at_ms": 1, "key": "a+b"}`:                                          "is not a modifier",
		`{"at_ms": 1, "key": ""}`:                                             "want a key name",
		`{"at_ms": 1, "move": [1, 2], "steps": 0}`:                            "steps 0",
		`{"at_ms": 1, "move": [1, 2], "steps": 5000}`:                         "steps 5000",
		`{"at_ms": 1, "move": [1e9, 2]}`:                                      "within",
		`{"at_ms": 1, "wheel": [1, 2], "at": "##"}`:                           "not a valid CSS selector",
		`{"at_ms": 1, "wheel": [1, 2], "steps": 3}`:                           "another kind",
		`{"at_ms": 1, "move": [1, 2], "key": "a"}`:                            "one kind of input",
		`{"at_ms": 1, "click": ".a", "button": "fourth"}`:                     "want left, middle or right",
		`{"at_ms": 1, "click": ".a", "count": 3}`:                             "want 1 or 2",
		`{"at_ms": 1, "click": ".a", "kind": "synthetic", "button": "right"}`: "no button",
		`{"at_ms": 1}`: "one kind of input",
	}
	for act, want := range bad {
		_, err := ReadActions(write(`{"actions": [` + act + `]}`))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", act, err, want)
		}
	}
}

const floodPage = `<!doctype html><body style="margin:0"><div id="pad" style="width:300px;height:300px"></div><script>
let wheels = 0, moves = 0, deltaY = 0;
const pad = document.getElementById('pad');
pad.addEventListener('wheel', (e) => { wheels++; deltaY += e.deltaY; if (wheels === 1) throw new Error('wheel listener throws'); });
pad.addEventListener('pointermove', (e) => { moves++; if (moves === 2) { for (;;) {} } });
setTimeout(() => console.log('alive after the flood', 'wheel events', wheels, 'deltaY', deltaY, 'moves', moves), 500);
</script>`

// TestHostileInputFlood (issue 18): a million wheel ticks and a million moves within one
// frame, a wheel listener that throws and a pointermove listener that never returns: the
// queue stays bounded (what does not fit is dropped with one clear line), the errors are
// reported, and the page lives on.
func TestHostileInputFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("a million events: the plain test run has it (under -race -short it took 45 s)")
	}
	con := &orderedConsole{}
	p, err := New([]byte(floodPage), "file:///flood.html", "", Options{VirtualTime: true, Console: con, ScriptTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	p.AfterLoad(func(loadEnd float64) {
		p.Loop.At(loadEnd+100, func() {
			runtime.GC()
			runtime.ReadMemStats(&before)
			for i := range 1_000_000 {
				p.queueWheel(150, 150, 0, 1) // coalesced: one event
				p.queueMove(float64(i%300), 10)
			}
			runtime.ReadMemStats(&after)
		})
	})
	RunToCompletion(p, 1000, 3000)
	all := strings.Join(con.all, "\n")
	for _, want := range []string{
		"Uncaught Error: wheel listener throws",
		"continuous input events dropped: more than 1024 were waiting for one frame",
		"alive after the flood wheel events",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
	if !strings.Contains(all, "error: ") || strings.Count(all, "continuous input events dropped") != 1 {
		t.Errorf("want one dropped line and the watchdog's line:\n%s", all)
	}
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 64<<20 {
		t.Errorf("the flood grew the heap by %d MiB", grew>>20)
	}
	if n := len(p.input.queue); n != 0 {
		t.Errorf("%d entries still queued", n)
	}
}

// TestBurstMovesCoalesce: a burst of moves inside one frame is one pointermove whose
// getCoalescedEvents() lists every position, dispatched before the frame's animation
// frame callbacks; a press arriving before the frame dispatches the waiting move first,
// in its own task.
func TestBurstMovesCoalesce(t *testing.T) {
	src := `<!doctype html><body style="margin:0"><div id="pad" style="width:300px;height:300px"></div><script>
document.getElementById('pad').addEventListener('pointermove', (e) => {
  console.log('pointermove', e.clientX, e.clientY, e.getCoalescedEvents().map((c) => c.clientX).join(','), e.getCoalescedEvents().every((c) => c.isTrusted));
  requestAnimationFrame(() => console.log('rAF'));
});
document.getElementById('pad').addEventListener('pointerdown', () => console.log('pointerdown'));
</script>`
	con := &orderedConsole{}
	p, err := New([]byte(src), "file:///burst.html", "", Options{VirtualTime: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	p.Schedule(Action{AtMS: 100, Move: &[2]float64{100, 10}, Steps: 4, Burst: true})
	p.Schedule(Action{AtMS: 300, Move: &[2]float64{120, 10}})
	p.Schedule(Action{AtMS: 300, Pointer: "press", XY: &[2]float64{120, 10}})
	RunToCompletion(p, 600, 3000)
	want := "log: pointermove 100 10 25,50,75,100 true\nlog: rAF\nlog: pointermove 120 10 120 true\nlog: pointerdown\nlog: rAF"
	if got := strings.Join(con.all, "\n"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// The timeline: the frame's first step is "dispatch rAF-aligned input", the pointermove
	// dispatched inside it, before the animation frame callbacks.
	var step, move, raf Span
	for _, s := range p.Spans() {
		switch {
		case s.Kind == loop.KindRenderingStep && s.Name == "dispatch rAF-aligned input" && step.End == 0:
			step = s
		case s.Kind == loop.KindEventDispatch && s.Name == "pointermove" && move.End == 0:
			move = s
		case s.Kind == loop.KindAnimationFrame && raf.End == 0:
			raf = s
		}
	}
	if step.End == 0 || move.Start < step.Start || move.End > step.End || raf.Start < step.End {
		t.Errorf("spans: step %+v, pointermove %+v, rAF %+v: want the move inside the step, the step before rAF", step, move, raf)
	}
}

// BenchmarkCoalescedMoveFrame: the rAF-aligned dispatch of one frame's 256 coalesced moves
// over 1,000 elements (boundary events included: the pointer crosses an element a frame).
func BenchmarkCoalescedMoveFrame(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><body style="margin:0">`)
	for i := range 1000 {
		fmt.Fprintf(&sb, `<div style="position:absolute;left:%dpx;top:%dpx;width:20px;height:20px"></div>`, (i%40)*20, (i/40)*20)
	}
	sb.WriteString(`<script>let n = 0; document.addEventListener('pointermove', (e) => { n += e.getCoalescedEvents().length; });</script>`)
	p, err := New([]byte(sb.String()), "file:///bench.html", "", Options{VirtualTime: true, Console: &orderedConsole{}})
	if err != nil {
		b.Fatal(err)
	}
	RunToCompletion(p, 50, 100)
	b.ResetTimer()
	for i := range b.N {
		for j := range maxCoalescedPoints {
			p.queueMove(float64((i*20+j)%800), float64((i*20)%500))
		}
		p.flushRAFAlignedInput()
	}
}

// TestLegacyRAFModeDispatchesMoves: in legacy-raf mode (update the rendering without the
// rAF-aligned input step) a move is dispatched by a task of its own, not left waiting.
func TestLegacyRAFModeDispatchesMoves(t *testing.T) {
	src := `<!doctype html><body style="margin:0"><div id="pad" style="width:300px;height:300px"></div><script>
document.getElementById('pad').addEventListener('pointermove', (e) => console.log('pointermove', e.clientX, e.getCoalescedEvents().length));
</script>`
	con := &orderedConsole{}
	p, err := New([]byte(src), "file:///legacy.html", "", Options{VirtualTime: true, Console: con, Mode: loop.ModeLegacyRAF})
	if err != nil {
		t.Fatal(err)
	}
	p.Schedule(Action{AtMS: 100, Move: &[2]float64{100, 10}, Steps: 2, Burst: true})
	RunToCompletion(p, 300, 3000)
	if got := strings.Join(con.all, "\n"); got != "log: pointermove 100 2" {
		t.Errorf("got %q", got)
	}
}

// TestPostedInputFromAnotherGoroutine: the window's entry points (PostPointerMove,
// PostPointerButton, PostWheel, PostKey) called from another goroutine while the page runs
// on its own reach the page in order, each reported to OnInput as an action (race-free
// under -race).
func TestPostedInputFromAnotherGoroutine(t *testing.T) {
	src := `<!doctype html><body style="margin:0"><div id="pad" style="width:300px;height:300px"></div><script>
const pad = document.getElementById('pad');
let moved = false;
pad.addEventListener('pointermove', () => { if (!moved) console.log('pointermove'); moved = true; });
pad.addEventListener('contextmenu', (e) => console.log('contextmenu', e.button));
pad.addEventListener('wheel', (e) => console.log('wheel', e.deltaY));
document.addEventListener('keydown', (e) => console.log('keydown', e.key));
document.addEventListener('keyup', (e) => { if (e.key === 'Tab') console.log('done'); });
</script>`
	con := &orderedConsole{}
	var actions []Action
	p, err := New([]byte(src), "file:///posted.html", "", Options{Console: con, OnInput: func(a Action) { actions = append(actions, a) }})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { p.Run(RunOptions{}); close(done) }()
	loaded := make(chan struct{})
	p.Loop.Post(func() { p.AfterLoad(func(float64) { close(loaded) }) })
	<-loaded
	p.PostPointerMove(100, 100)
	p.PostPointerMove(120, 110)
	p.PostPointerButton(PointerPress, 2, 120, 110)
	p.PostPointerButton(PointerRelease, 2, 120, 110)
	p.PostWheel(0, 100)
	if err := p.PostKey("NoSuchKey"); err == nil {
		t.Error("PostKey of an unknown name: no error")
	}
	if err := p.PostKey("x"); err != nil {
		t.Fatal(err)
	}
	if err := p.PostKey("Tab"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		con.mu.Lock()
		n := len(con.all)
		last := ""
		if n > 0 {
			last = con.all[n-1]
		}
		con.mu.Unlock()
		if last == "log: done" || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.PostStop()
	<-done
	want := "log: pointermove\nlog: contextmenu 2\nlog: wheel 100\nlog: keydown x\nlog: keydown Tab\nlog: done"
	if got := strings.Join(con.all, "\n"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if len(actions) != 7 || actions[0].Move == nil || actions[2].Button != "right" || actions[4].Wheel == nil || actions[6].Key != "Tab" {
		t.Errorf("OnInput got %+v", actions)
	}
}
