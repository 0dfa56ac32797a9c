package dom_test

import (
	"runtime"
	"testing"

	"loopscope/dom"
)

// TestDroppedRangesAreForgotten: the realm's list of live ranges holds ranges weakly, so a
// page that creates ranges in every task and drops them keeps a bounded list (every
// mutation walks it).
func TestDroppedRangesAreForgotten(t *testing.T) {
	tp := loadPage(t, testHTML(`<p id="p">text</p>`, `globalThis.kept = document.createRange();`), "")
	for i := 0; i < 5; i++ {
		tp.exec(`for (let i = 0; i < 20000; i++) { const r = document.createRange(); r.selectNode(document.getElementById('p')); }`)
		runtime.GC()
	}
	if n := dom.LiveRanges(tp.p.Doc); n > 45000 {
		t.Errorf("%d entries in the live range list after 100,000 dropped ranges: dead ones are kept", n)
	}
	tp.exec(`const t = document.getElementById('p').firstChild; kept.setStart(t, 1); kept.setEnd(t, 3); t.deleteData(0, 2); console.log(kept.startOffset, kept.endOffset, String(kept));`)
	expectLog(t, tp.con.lines(), "0 1 x")
}

// BenchmarkRange: a Range over a 1,000-paragraph list (3,000 nodes): toString and
// cloneContents (ns/op is for one call), and the cost 100 live ranges add to appendChild
// (ns/op for 1,000 calls; the mutation algorithms walk the live ranges).
func BenchmarkRange(b *testing.B) {
	tp := loadPage(b, testHTML(`<div id="d"></div><div id="e"></div>`, `
var d = document.getElementById('d'), e = document.getElementById('e');
var s = ''; for (var i = 0; i < 1000; i++) s += '<p>para <b>' + i + '</b></p>'; d.innerHTML = s;
var r = new Range(); r.setStart(d.firstChild.firstChild, 2); r.setEnd(d.lastChild.lastChild.firstChild, 1);
var keep = [];`), "")
	for _, c := range []struct{ name, src string }{
		{"toString", `r.toString();`},
		{"cloneContents", `r.cloneContents();`},
		{"append1000-no-ranges", `e.textContent = ''; keep = []; for (var i = 0; i < 1000; i++) e.appendChild(document.createElement('i'));`},
		{"append1000-100-ranges", `e.textContent = ''; keep = []; for (var j = 0; j < 100; j++) { var x = new Range(); x.selectNodeContents(e); keep.push(x); } for (var i = 0; i < 1000; i++) e.appendChild(document.createElement('i'));`},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				tp.exec(c.src)
			}
		})
	}
}

// TestRangeOverManySiblings: a range over 30,000 siblings is stringified, cloned,
// extracted and deleted in time linear in the nodes (each is one uninterruptible Go call:
// quadratic work there would be out of the watchdog's reach).
func TestRangeOverManySiblings(t *testing.T) {
	got := runPage(t, testHTML(`<div id="d"></div>`, `
const d = document.getElementById('d');
for (let i = 0; i < 30000; i++) d.appendChild(document.createTextNode('x'));
const r = new Range();
r.setStart(d.firstChild, 0);
r.setEnd(d.lastChild, 1);
console.log(r.toString().length, r.cloneContents().childNodes.length);
r.setStart(d, 1);
r.setEnd(d, 29999);
console.log(r.extractContents().childNodes.length, d.childNodes.length);
r.selectNodeContents(d);
r.deleteContents();
console.log(d.childNodes.length, r.collapsed);
`), "")
	expectLog(t, got, "30000 30000", "29998 2", "0 true")
}
