package page

import (
	"strings"
	"testing"
)

// TestHostileAnimations: a listener and a finish handler that throw, a zero-length
// infinite animation, @keyframes garbage, a million keyframes and invalid timing: each
// gives one clear error (or a catchable exception), no panic, and the page goes on.
func TestHostileAnimations(t *testing.T) {
	src := []byte(`<!doctype html><style>
		@keyframes zero { to { left: 10px } }
		@keyframes junk { from { left: ; top: 1e999px } 999% { left: 1px } { } to { opacity: banana; left: 5px } }
		@keyframes { to { left: 1px } }
		@keyframes "" { }
		#z { position: absolute; animation: zero 0s infinite both }
		#j { position: absolute; animation: junk 100ms linear -50ms paused }
		#t { animation: zero 10ms }
	</style><div id=z></div><div id=j></div><div id=t></div>
	<script>
	setTimeout(() => console.log('timer queued before'), 0);
	const t = document.getElementById('t');
	t.addEventListener('animationstart', () => { throw new Error('listener throws'); });
	t.addEventListener('animationstart', () => console.log('second listener runs'));
	document.getElementById('z').addEventListener('animationend', e => console.log('zero end', e.elapsedTime));
	addEventListener('load', () => {
		console.log('junk left', getComputedStyle(document.getElementById('j')).left);
		const a = t.animate({opacity: [0, 1]}, 10);
		a.onfinish = () => { throw new Error('finish handler throws'); };
		a.finished.then(() => console.log('finished promise still resolves'));
		try { t.animate(new Array(1000001), 10); } catch (e) { console.log('million keyframes:', e.name); }
		for (const opts of [{duration: -1}, {duration: NaN}, {iterations: -1}, {easing: 'nope'}, {delay: Infinity}, {direction: 'up'}]) {
			try { t.animate([{opacity: 0}, {opacity: 1}], opts); console.log('accepted', JSON.stringify(opts)); }
			catch (e) { console.log('rejected', e.name); }
		}
		try { t.animate([{opacity: 0, offset: 0.8}, {opacity: 1, offset: 0.2}], 10); } catch (e) { console.log('offsets', e.name); }
		const inf = t.animate(null, {duration: 10, iterations: Infinity});
		try { inf.finish(); } catch (e) { console.log('infinite finish()', e.name); }
		inf.currentTime = 1e308;
		console.log('seek far', inf.playState);
		requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => console.log('later frames still run'))));
	});
	</script>`)
	r := runHostileSource(t, src, "file:///anim.html", "", Options{}, 500)
	r.expectInOrder(t,
		"log: timer queued before",
		"log: junk left 5px",
		"log: million keyframes: RangeError",
		"log: rejected TypeError",
		"log: rejected TypeError",
		"log: rejected TypeError",
		"log: rejected TypeError",
		"log: rejected TypeError",
		"log: rejected TypeError",
		"log: offsets TypeError",
		"log: infinite finish() InvalidStateError",
		"log: seek far running",
		"log: zero end 0",
		"error: Uncaught Error: listener throws",
		"log: second listener runs",
		"log: finished promise still resolves",
		"error: Uncaught Error: finish handler throws",
		"log: later frames still run")
	r.expectErrors(t, 2)
	if r.index("internal error") >= 0 || r.index("panic") >= 0 {
		t.Errorf("an internal error: %s", strings.Join(r.all, "\n"))
	}
}

// TestHostileAnimationListenerLoops: an animationstart listener that never returns and a
// finished-promise reaction that never returns are stopped by the watchdog inside update
// the rendering; the page's later frames and events still run.
func TestHostileAnimationListenerLoops(t *testing.T) {
	src := []byte(`<!doctype html><style>@keyframes k { to { opacity: 0 } } .a { animation: k 50ms 2 }</style>
	<div id=t></div><script>
	const t = document.getElementById('t');
	t.addEventListener('animationstart', () => { console.log('spinning'); while (true) {} });
	t.addEventListener('animationend', () => console.log('animationend still comes'));
	addEventListener('load', () => {
		t.className = 'a';
		const a = t.animate(null, 20);
		a.finished.then(function spinInPromise() { for (;;) {} });
		a.onfinish = () => console.log('finish event still comes');
	});
	</script>`)
	r := runHostileSource(t, src, "file:///spin.html", "", Options{}, 1500)
	r.expectInOrder(t,
		"log: spinning",
		`error: Script stopped: callback "(anonymous)" (outside any task: update the rendering)`,
		`error: Script stopped: callback "settle animation promises" (outside any task: update the rendering)`,
		"log: finish event still comes",
		"log: animationend still comes")
	r.expectErrors(t, 2)
}
