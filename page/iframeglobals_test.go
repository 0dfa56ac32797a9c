package page

import (
	"path/filepath"
	"runtime"
	"testing"

	"loopscope/loop"
)

// TestIframeGlobalsCasesRealTime runs the cases of an iframe window's event loop globals
// (testdata/dom/iframe_timers, iframe_animation_frames, iframe_idle, iframe_callback_errors,
// iframe_time_origin, iframe_frame_order, iframe_detached_callbacks, iframe_string_handlers,
// iframe_navigated_timers, iframe_this_window), recorded from Chromium, in real time; TestCorpus runs them in virtual time (and
// iframe_long_tasks, whose 50 ms threshold a loaded machine's real clock could cross
// making the iframes).
func TestIframeGlobalsCasesRealTime(t *testing.T) {
	for _, name := range []string{"iframe_timers", "iframe_animation_frames", "iframe_idle", "iframe_callback_errors",
		"iframe_time_origin", "iframe_frame_order", "iframe_detached_callbacks", "iframe_string_handlers",
		"iframe_navigated_timers", "iframe_this_window"} {
		jf := filepath.Join("..", "testdata", "dom", name+".json")
		t.Run(name, func(t *testing.T) { runCaseFileWith(t, jf, false) })
	}
}

// TestIframeIntervalsInsertingIframesAreBounded (hostile): every window runs a setInterval
// that inserts an iframe into its own document each tick and gives the new iframe's window
// the same interval. The windows stop at 64 iframes' and the top-level one (the navigables'
// bound; each insertion past it is a console error and an iframe without a document), and
// the top-level window's timer and animation frames go on beside their 65 intervals.
func TestIframeIntervalsInsertingIframesAreBounded(t *testing.T) {
	con := &countingConsole{}
	p, err := New([]byte(`<!DOCTYPE html><body><script>
		var windows = 0, inserted = 0, parentTicks = 0, frames = 0;
		function spawn(w) {
			windows++;
			w.setInterval(() => {
				const f = w.document.createElement('iframe');
				w.document.body.append(f);
				inserted++;
				if (f.contentWindow) spawn(f.contentWindow);
			}, 0);
		}
		spawn(window);
		setInterval(() => parentTicks++, 10);
		requestAnimationFrame(function frame() { frames++; requestAnimationFrame(frame) });
	</script>`), "file:///t/page.html", "", Options{VirtualTime: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 1000})
	rt := p.Agent.Runtime()
	get := func(name string) int64 { return rt.Get(name).ToInteger() }
	windows, inserted, ticks, frames := get("windows"), get("inserted"), get("parentTicks"), get("frames")
	t.Logf("windows %d, iframes inserted %d, refused %d, parent ticks %d, frames %d", windows, inserted, len(con.errors), ticks, frames)
	if windows != 65 {
		t.Errorf("%d windows with the interval, want 65 (the top-level one and 64 iframes')", windows)
	}
	if inserted < 1000 || len(con.errors) < int(inserted)-64 {
		t.Errorf("%d iframes inserted, %d refused: the intervals did not go on", inserted, len(con.errors))
	}
	if ticks < 10 || frames < 10 {
		t.Errorf("the top-level window's timer ran %d times and its frames %d in a second", ticks, frames)
	}
}

// TestRemovedIframesTimersDoNotKeepTheirWindows (hostile): a page that makes an iframe,
// gives its window a timer due in an hour, an animation frame callback and an idle
// callback, and removes it, hundreds of times over, does not keep the removed windows (a
// realm with every interface, over 2 MB each) alive through the callbacks that will never
// run: the live heap after 400 rounds is about the heap after 100.
func TestRemovedIframesTimersDoNotKeepTheirWindows(t *testing.T) {
	p, err := New([]byte(`<!DOCTYPE html><body><script>
		var rounds = 0;
		function round() {
			const f = document.createElement('iframe');
			document.body.append(f);
			const w = f.contentWindow;
			w.setTimeout(() => {}, 3600000);
			w.setInterval(() => {}, 3600000);
			w.requestAnimationFrame(() => {});
			w.requestIdleCallback(() => {});
			f.remove();
			rounds++;
		}
		function rounds100() { for (let i = 0; i < 100; i++) round() }
	</script>`), "file:///t/page.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 10})
	rt := p.Agent.Runtime()
	heapAfter := func(times int) uint64 {
		for i := 0; i < times; i++ {
			if _, err := rt.RunString("rounds100()"); err != nil {
				t.Fatal(err)
			}
		}
		return liveHeap()
	}
	first := heapAfter(1)
	last := heapAfter(3)
	runtime.KeepAlive(p)
	t.Logf("live heap after 100 rounds %d MB, after 400 %d MB", first>>20, last>>20)
	if last > first+first/2 {
		t.Errorf("live heap grew from %d MB after 100 removed iframes to %d MB after 400", first>>20, last>>20)
	}
}
