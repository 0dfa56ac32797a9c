package dom_test

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"loopscope/dom"
	"loopscope/loop"
)

// sweepAndCollect runs the sweep (forced), a GC, and the sweep again (which drops the
// entries of collected nodes).
func sweepAndCollect(d *dom.Document) {
	for range 2 {
		dom.ForceSweep(d)
		runtime.GC()
	}
	dom.ForceSweep(d)
}

// value runs console.log(expr) in a task and returns what it printed.
func (tp *testPage) value(expr string) string {
	tp.t.Helper()
	tp.con.lines()
	tp.exec("console.log(" + expr + ")")
	return strings.Join(tp.con.lines(), "\n")
}

// TestSweepDropsDetachedNodes: nodes created and dropped by script (the soak page's pattern:
// a node per frame, a list trimmed to 20, innerHTML rewritten) do not stay in the table.
func TestSweepDropsDetachedNodes(t *testing.T) {
	tp := loadPage(t, `<ul id="list"></ul>`, loop.ModeSpec)
	before := dom.TableEntries(tp.p.Doc)
	tp.exec(`
		const list = document.getElementById('list');
		for (let i = 0; i < 5000; i++) {
			const li = document.createElement('li');
			li.textContent = 'item ' + i;
			list.appendChild(li);
			while (list.childNodes.length > 20) list.removeChild(list.firstChild);
			if (i % 100 == 0) list.innerHTML = list.innerHTML;
		}`)
	sweepAndCollect(tp.p.Doc)
	if n := dom.TableEntries(tp.p.Doc); n > before+200 {
		t.Errorf("table holds %d entries after the sweep (started with %d): detached nodes are kept", n, before)
	}
	if got := tp.value(`list.childNodes.length + ' ' + list.lastChild.textContent`); got != "20 item 4999" {
		t.Errorf("list: %s", got)
	}
}

// TestSweepIntervalDoesNotRatchet: detached nodes the GC has not collected yet (here: no GC
// at all) must not stretch the interval between sweeps. They used to count towards the next
// sweep's threshold, so every late GC doubled it, and the garbage held between sweeps with
// it: the soak's heap crept up for half an hour.
func TestSweepIntervalDoesNotRatchet(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	tp := loadPage(t, `<ul id="list"></ul>`, loop.ModeSpec)
	tp.exec(`var list = document.getElementById('list');`)
	for cycle := range 10 {
		tp.exec(`
			for (let i = 0; i < 600; i++) {
				const li = document.createElement('li');
				li.textContent = 'item ' + i;
				list.appendChild(li);
				while (list.childNodes.length > 20) list.removeChild(list.firstChild);
			}`)
		tp.p.Doc.SweepDetachedNodes()
		if got := dom.NextSweep(tp.p.Doc); got != dom.MinSweep {
			t.Fatalf("cycle %d: next sweep at %d strong entries, want %d (about 50 nodes are connected)", cycle, got, dom.MinSweep)
		}
	}
}

// TestSweepKeepsWhatScriptCanSee: a detached tree that script still holds keeps its
// wrappers' identity, expandos, listeners and observers, also for nodes script reaches
// only through the tree; a reattached tree keeps them when script lets go of it.
func TestSweepKeepsWhatScriptCanSee(t *testing.T) {
	tp := loadPage(t, `<div id="host"></div>`, loop.ModeSpec)
	tp.exec(`
		var log = [];
		var root = document.createElement('section');
		root.innerHTML = '<p><b>bold</b></p><i>it</i>';
		var held = root.querySelector('i');       // held by script
		root.querySelector('b').expando = 42;      // reachable only through root
		root.firstChild.appendChild(document.createElement('q'))[Symbol.for('mark')] = 'q'; // a symbol's
		root.querySelector('b').addEventListener('click', () => log.push('b listener'));
		root.querySelector('p').onclick = () => log.push('p handler');
		new MutationObserver(recs => log.push('observed ' + recs.length))
			.observe(root.querySelector('p'), { childList: true });
		// Garbage: a detached tree nobody holds.
		for (let i = 0; i < 100; i++) document.createElement('div').appendChild(document.createElement('span'));
		var other = document.createElement('article');
		other.innerHTML = '<em>x</em>';
		other.firstChild.addEventListener('click', () => log.push('em listener'));
		document.getElementById('host').appendChild(other);
		other = null;
		var t3 = document.createElement('div');
		t3.innerHTML = '<s>s</s>';
		t3.firstChild.addEventListener('click', () => log.push('s listener'));
	`)
	sweepAndCollect(tp.p.Doc)
	tp.exec(`var b = root.querySelector('b');`)
	got := tp.value(`[root.querySelector('i') === held, root.lastChild === held, b.expando,
		 b.parentNode === root.firstChild, root.querySelector('q')[Symbol.for('mark')]].join(' ')`)
	if got != "true true 42 true q" {
		t.Errorf("identity and expandos after the sweep: %s", got)
	}
	tp.exec(`
		b.dispatchEvent(new Event('click', { bubbles: true }));
		root.firstChild.appendChild(document.createElement('u'));
		document.querySelector('em').dispatchEvent(new Event('click'));
		document.getElementById('host').appendChild(root);
		document.getElementById('host').appendChild(t3);
		root = held = b = t3 = null;
	`)
	sweepAndCollect(tp.p.Doc)
	tp.exec(`document.querySelector('#host b').dispatchEvent(new Event('click', { bubbles: true }));
		document.querySelector('#host s').dispatchEvent(new Event('click'));`)
	if got := tp.value(`log.join(', ')`); got != "b listener, p handler, em listener, observed 1, b listener, p handler, s listener" {
		t.Errorf("log: %s", got)
	}
	// Only the garbage went: the 200 dropped nodes are not in the table.
	if n := dom.TableEntries(tp.p.Doc); n > 60 {
		t.Errorf("table holds %d entries", n)
	}
}

// TestSweepFindsNodesInQuietlyRemovedTrees: textContent with nothing observing removes
// children that never reached script without making DOM objects for them. Nodes script
// holds below such a child, connected (and so kept) at the last sweep, must leave the
// strong table at the next one (and go once script drops them), keeping their state while
// held.
func TestSweepFindsNodesInQuietlyRemovedTrees(t *testing.T) {
	tp := loadPage(t, `<div id="host"></div>`, loop.ModeSpec)
	before := dom.TableEntries(tp.p.Doc)
	tp.exec(`
		var host = document.getElementById('host');
		host.innerHTML = '<p><span><b>x</b></span></p>'.repeat(3000);
		var held = Array.from(host.querySelectorAll('b'));   // the <p> and <span> above never reach script
		held[7].expando = 'seven';`)
	sweepAndCollect(tp.p.Doc) // the <b> elements are connected: kept
	tp.exec(`host.textContent = 'gone';`)
	sweepAndCollect(tp.p.Doc)
	if got := tp.value(`held.length + ' ' + held[7].expando + ' ' + held[7].parentNode.parentNode.nodeName + ' ' + held[7].parentNode.parentNode.parentNode + ' ' + host.textContent`); got != "3000 seven P null gone" {
		t.Errorf("held nodes after the sweep: %s", got)
	}
	tp.exec(`held = [held[7]];`)
	sweepAndCollect(tp.p.Doc)
	if n := dom.TableEntries(tp.p.Doc); n > before+20 {
		t.Errorf("table holds %d entries after the sweep (started with %d): nodes of removed trees are kept", n, before)
	}
	if got := tp.value(`held[0].expando + ' ' + held[0].textContent`); got != "seven x" {
		t.Errorf("the one node still held: %s", got)
	}
}
