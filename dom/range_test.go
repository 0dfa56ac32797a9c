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
