package page

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"loopscope/loop"
)

// Hostile observers (issue 18): a ResizeObserver that resizes its target forever, observer
// callbacks that never return, 100,000 observed elements, absurd options. Each ends with
// clear errors and leaves the page alive (a later timer still fires).

func TestHostileResizeObserverResizesForever(t *testing.T) {
	src := []byte(`<div id="a" style="width: 10px; height: 10px"></div><script>
	const a = document.getElementById('a');
	let n = 0, errors = 0;
	addEventListener('error', (e) => { errors++; });
	new ResizeObserver(() => { n++; a.style.width = (10 + n) + 'px'; }).observe(a);
	setTimeout(() => console.log('alive after', n > 10, 'callbacks (one a frame) and', errors === n, 'loop errors'), 2000);
	</script>`)
	r := runHostileSource(t, src, "file:///ro_forever.html", "", Options{}, 2500)
	r.expectErrors(t, 0) // the loop error goes to the page (error event), not to the console
	r.expectInOrder(t, "log: alive after true callbacks (one a frame) and true loop errors")
}

func TestHostileObserverCallbacksNeverReturn(t *testing.T) {
	for _, kind := range []string{"ResizeObserver", "IntersectionObserver"} {
		t.Run(kind, func(t *testing.T) {
			src := []byte(fmt.Sprintf(`<div id="a" style="width: 10px; height: 10px"></div><script>
			setTimeout(() => console.log('timer queued before'), 600);
			new %s(function spin() { console.log('spinning'); for (;;) {} }).observe(document.getElementById('a'));
			requestAnimationFrame(() => requestAnimationFrame(() => console.log('later frames still run')));
			</script>`, kind))
			r := runHostileSource(t, src, "file:///spin.html", "", Options{}, 1200)
			r.expectErrors(t, 1)
			r.expectInOrder(t, "log: spinning", `callback "spin"`, "log: later frames still run", "log: timer queued before")
		})
	}
}

func TestHostileHundredThousandObservedElements(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 elements: the plain test run has it (under -race on a loaded machine it ran past its script timeout)")
	}
	src := []byte(`<div id="box"></div><script>
	const box = document.getElementById('box');
	for (let i = 0; i < 100000; i++) box.appendChild(document.createElement('div')).style.height = '1px';
	let ro = 0, io = 0, visible = 0;
	const r = new ResizeObserver((entries) => { ro += entries.length; });
	const o = new IntersectionObserver((entries) => {
		io += entries.length;
		for (const e of entries) if (e.isIntersecting) visible++;
	});
	for (const el of box.children) { r.observe(el); o.observe(el); }
	setTimeout(() => console.log('resize entries', ro, 'intersection entries', io, 'intersecting', visible), 1000);
	</script>`)
	r := runHostileSource(t, src, "file:///many.html", "", Options{ScriptTimeout: time.Minute}, 1200)
	r.expectErrors(t, 0)
	// Below body's 8 px margin, 592 elements of 1 px fit in the 600 px viewport; the one at
	// 600 px touches its edge (edge-adjacent: intersecting).
	r.expectInOrder(t, "log: resize entries 100000 intersection entries 100000 intersecting 593")
}

func TestHostileObserverOptions(t *testing.T) {
	src := []byte(`<div id="a"></div><script>
	const tries = {
		'ten thousand thresholds': () => new IntersectionObserver(() => {}, { threshold: new Array(1e4).fill(0.5) }),
		'a threshold of 2': () => new IntersectionObserver(() => {}, { threshold: 2 }),
		'a bad rootMargin': () => new IntersectionObserver(() => {}, { rootMargin: '10em' }),
		'a root that is not an element': () => new IntersectionObserver(() => {}, { root: {} }),
		'no callback': () => new ResizeObserver(42),
		'a bad box': () => new ResizeObserver(() => {}).observe(document.body, { box: 'nope' }),
		'observing a text node': () => new IntersectionObserver(() => {}).observe(document.createTextNode('x')),
	};
	for (const [name, f] of Object.entries(tries)) {
		try { f(); console.log(name, 'accepted'); } catch (e) { console.log(name + ':', e.name, e.message); }
	}
	setTimeout(() => console.log('alive'), 100);
	</script>`)
	r := runHostileSource(t, src, "file:///options.html", "", Options{}, 500)
	r.expectErrors(t, 0)
	r.expectInOrder(t,
		"log: ten thousand thresholds: RangeError Failed to construct 'IntersectionObserver': too many thresholds (at most 1000)",
		"log: a threshold of 2: RangeError Failed to construct 'IntersectionObserver': Threshold values must be numbers between 0 and 1",
		"log: a bad rootMargin: SyntaxError Failed to construct 'IntersectionObserver': rootMargin must be specified in absolute length units or percent.",
		"log: a root that is not an element: TypeError",
		"log: no callback: TypeError Failed to construct 'ResizeObserver': parameter 1 is not of type 'Function'.",
		"log: a bad box: TypeError",
		"log: observing a text node: TypeError Failed to execute 'observe' on 'IntersectionObserver': parameter 1 is not of type 'Element'.",
		"log: alive")
	if strings.Contains(strings.Join(r.all, "\n"), "accepted") {
		t.Errorf("an absurd option was accepted:\n%s", strings.Join(r.all, "\n"))
	}
}

// TestObserverChangesAndPaint: what a ResizeObserver callback changes is painted in the same
// frame (it runs after layout, before paint), what an IntersectionObserver callback changes
// only in the next one (its entries come in a task after the frame).
func TestObserverChangesAndPaint(t *testing.T) {
	src := []byte(`<body style="margin: 0"><div id="r" style="width: 50px; height: 50px; background: rgb(0, 0, 255)"></div>
	<div id="i" style="width: 50px; height: 50px; background: rgb(0, 0, 255)"></div><script>
	const r = document.getElementById('r'), i = document.getElementById('i');
	new ResizeObserver(() => { r.style.background = 'rgb(255, 0, 0)'; }).observe(r);
	new IntersectionObserver(() => { i.style.background = 'rgb(0, 255, 0)'; }).observe(i);
	</script>`)
	type px struct{ r, g, b uint8 }
	var frames [][2]px
	at := func(img *image.RGBA, x, y int) px {
		c := img.RGBAAt(x, y)
		return px{c.R, c.G, c.B}
	}
	opts := Options{VirtualTime: true, Console: &countingConsole{}, OnFrame: func(img *image.RGBA, _ float64, _ image.Rectangle) {
		frames = append(frames, [2]px{at(img, 25, 25), at(img, 25, 75)})
	}}
	p, err := New(src, "file:///paint.html", "", opts)
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 200})
	red, green, blue := px{255, 0, 0}, px{0, 255, 0}, px{0, 0, 255}
	if len(frames) < 2 || frames[0] != [2]px{red, blue} || frames[1] != [2]px{red, green} {
		t.Errorf("frames (resize observer's div, intersection observer's div): %v; want [[red blue] [red green] ...]", frames)
	}
}

// TestHostileFullscreenRequests: 100,000 requestFullscreen() calls without user activation
// are 100,000 rejected promises but at most 1,000 fullscreenerror events (the list of pending
// events is bounded); the page goes on.
func TestHostileFullscreenRequests(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 requests: the plain test run has it (under -race on a loaded machine it ran past its script timeout)")
	}
	src := []byte(`<div id="a"></div><script>
	let errors = 0, rejected = 0;
	document.addEventListener('fullscreenerror', () => errors++);
	const a = document.getElementById('a');
	for (let i = 0; i < 100000; i++) a.requestFullscreen().catch(() => rejected++);
	setTimeout(() => console.log('rejected', rejected, 'fullscreenerror events', errors, 'element', document.fullscreenElement), 500);
	</script>`)
	r := runHostileSource(t, src, "file:///fullscreen_flood.html", "", Options{ScriptTimeout: time.Minute}, 800)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: rejected 100000 fullscreenerror events 1000 element null")
}

// TestObserverStepsInTheTrace: each step of the rendering update that ran page code is a span
// named after its step, in the spec's order within the frame: the fullscreen steps before the
// animation frame callbacks, resize observers (twice: deeper, then the loop error) after them,
// then the intersection observations, then paint.
func TestObserverStepsInTheTrace(t *testing.T) {
	src := []byte(`<button id="b" style="width: 100px; height: 40px">full</button>
	<div id="outer" style="width: 100px"><div id="inner" style="width: 50px; height: 10px"></div></div><script>
	const outer = document.getElementById('outer'), inner = document.getElementById('inner');
	let n = 0;
	new ResizeObserver(function onResize() {
		if (n++ < 2) { outer.style.width = 100 + n + 'px'; inner.style.width = 50 + n + 'px'; }
	}).observe(inner);
	new ResizeObserver(() => {}).observe(outer);
	new IntersectionObserver(() => {}).observe(inner);
	document.addEventListener('fullscreenchange', () => requestAnimationFrame(function afterChange() {}));
	document.getElementById('b').onclick = () => document.body.requestFullscreen();
	requestAnimationFrame(function first() {});
	</script>`)
	res, err := RunCase(src, "file:///steps.html", "", Run{Mode: loop.ModeSpec, Actions: []Action{{AtMS: 100, Click: "#b", Kind: "real"}}, DurationMS: 400})
	if err != nil {
		t.Fatal(err)
	}
	var frames [][]string // per frame, the step spans and the calls in it, in order
	for _, s := range res.Page.Loop.Trace().Spans() {
		switch {
		case s.Kind == loop.KindFrame:
			frames = append(frames, nil)
		case len(frames) == 0:
		case s.Kind == loop.KindRenderingStep, s.Kind == loop.KindPaint,
			s.Kind == loop.KindFunctionCall && (s.Name == "first" || s.Name == "afterChange" || s.Name == "onResize"):
			frames[len(frames)-1] = append(frames[len(frames)-1], s.Name)
		}
	}
	has := func(want ...string) bool {
		for _, f := range frames {
			if strings.Join(f, ", ") == strings.Join(want, ", ") {
				return true
			}
		}
		return false
	}
	// Spans are recorded when they end: a call inside a step comes before the step's span.
	// The first frame: both targets' first notifications (onResize resizes both), inner again
	// (deeper than outer; onResize resizes both again), outer skipped: the loop error.
	if !has("first", "onResize", "broadcast active resize observations", "onResize", "broadcast active resize observations",
		"deliver resize loop error", "update intersection observations", "paint") {
		t.Errorf("no first frame with rAF, the resize observers at depth, the loop error, the intersections and paint in that order:\n%q", frames)
	}
	if !has("run the fullscreen steps", "afterChange", "paint") && !has("run the fullscreen steps", "afterChange") {
		t.Errorf("no frame with the fullscreen steps before the animation frame callbacks:\n%q", frames)
	}
}

// TestHostileDeeplyNestedTarget: a target 10,000 elements deep, observed by both observers
// (the depth and the clips up the tree are walked without recursion).
func TestHostileDeeplyNestedTarget(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 nested elements: the plain test run has it (slow under -race)")
	}
	src := []byte(`<div id="top" style="overflow: hidden; height: 100px"></div><script>
	let el = document.getElementById('top');
	for (let i = 0; i < 10000; i++) el = el.appendChild(document.createElement('div'));
	el.style.height = '10px';
	const seen = [];
	new ResizeObserver((e) => seen.push('resize ' + e[0].contentRect.height)).observe(el);
	new IntersectionObserver((e) => seen.push('intersection ' + e[0].isIntersecting)).observe(el);
	setTimeout(() => console.log(seen.join(', ')), 1000);
	</script>`)
	r := runHostileSource(t, src, "file:///deep.html", "", Options{ScriptTimeout: time.Minute}, 1500)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: resize 10, intersection true")
}

// TestObserversUnobserveMany: 100,000 targets observed, then all but the last unobserved one
// by one (in time linear in the targets): the next frames report only the last one.
func TestObserversUnobserveMany(t *testing.T) {
	src := []byte(`<div id="box"></div><script>
	const box = document.getElementById('box');
	const els = [];
	for (let i = 0; i < 100000; i++) els.push(box.appendChild(document.createElement('div')));
	const seen = [];
	const r = new ResizeObserver((e) => seen.push('resize ' + e.length + ' ' + (e[0].target === els[99999])));
	const o = new IntersectionObserver((e) => seen.push('intersection ' + e.length + ' ' + (e[0].target === els[99999])));
	for (const el of els) { r.observe(el); o.observe(el); }
	for (let i = 0; i < 99999; i++) { r.unobserve(els[i]); o.unobserve(els[i]); }
	setTimeout(() => console.log(seen.join(', ')), 1000);
	</script>`)
	r := runHostileSource(t, src, "file:///unobserve.html", "", Options{ScriptTimeout: time.Minute}, 1500)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: resize 1 true, intersection 1 true")
}

// TestHostileResizeObserverEverDeeper: a callback that observes a new, deeper element each
// time is not ended by the depth rule (the tree grows with it): after 64 broadcasts in one
// rendering update the rest waits for the next frame (one console warning, the loop error
// for the page), and the page goes on.
func TestHostileResizeObserverEverDeeper(t *testing.T) {
	src := []byte(`<div id="a" style="height: 1px"></div><script>
	let n = 0, errors = 0;
	addEventListener('error', () => errors++);
	const ro = new ResizeObserver((entries) => {
		n++;
		const el = entries[0].target.appendChild(document.createElement('div'));
		el.style.height = '1px';
		ro.observe(el);
	});
	ro.observe(document.getElementById('a'));
	setTimeout(() => console.log('alive:', n % 64 === 0 && n >= 64, 'broadcasts in', errors, 'frames'), 50);
	</script>`)
	r := runHostileSource(t, src, "file:///deeper.html", "", Options{ScriptTimeout: time.Minute}, 100)
	r.expectErrors(t, 0)
	r.expectInOrder(t, "log: ResizeObserver: 64 broadcasts in one rendering update; the observations left wait for the next frame.", "log: alive: true broadcasts in")
}
