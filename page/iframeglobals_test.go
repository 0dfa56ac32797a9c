package page

import (
	"path/filepath"
	"testing"

	"loopscope/loop"
)

// TestIframeGlobalsCasesRealTime runs the cases of an iframe window's event loop globals
// (testdata/dom/iframe_timers, iframe_animation_frames, iframe_idle, iframe_callback_errors,
// iframe_time_origin, iframe_frame_order), recorded from Chromium, in real time; TestCorpus runs them in
// virtual time.
func TestIframeGlobalsCasesRealTime(t *testing.T) {
	for _, name := range []string{"iframe_timers", "iframe_animation_frames", "iframe_idle", "iframe_callback_errors",
		"iframe_time_origin", "iframe_frame_order"} {
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
