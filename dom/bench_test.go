package dom_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"loopscope/dom"
	"loopscope/loop"

	"github.com/dop251/goja"
)

// page5000 returns a page with 5,000 elements (and as many text nodes).
func page5000() []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>big</title></head><body>")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, `<div class="row r%d" id="row%d"><span class="a">cell %d</span><span class="b" data-i="%d">x</span><p>para <b>bold</b></p></div>`, i%7, i, i, i)
	}
	b.WriteString("</body></html>")
	return []byte(b.String())
}

func BenchmarkParse5000Elements(b *testing.B) {
	src := page5000()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dom.ParseDocument(src, "file:///big.html"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSetAttributeObserved: 10,000 setAttribute calls observed by a MutationObserver,
// timed until its callback runs (Chrome here: ~46 ms for the loop + ~10 ms to the callback).
func BenchmarkSetAttributeObserved(b *testing.B) {
	tp := loadPage(b, testHTML(`<div id="d"></div>`, ""), loop.ModeSpec)
	rt := tp.p.Loop.Runtime()
	start := time.Now()
	_ = rt.Set("nowMs", func(goja.FunctionCall) goja.Value {
		return rt.ToValue(float64(time.Since(start).Nanoseconds()) / 1e6)
	})
	const src = `
var d = document.getElementById('d');
var t0 = nowMs(), t1, t2, n = 0;
var mo = new MutationObserver(function (recs) { t2 = nowMs(); n = recs.length; mo.disconnect(); });
mo.observe(d, { attributes: true });
for (var i = 0; i < 10000; i++) d.setAttribute('data-i', i);
t1 = nowMs();
`
	var loopMs, cbMs float64
	for b.Loop() {
		tp.exec(src) // a task: the callback runs in its microtask checkpoint
		g := rt.GlobalObject()
		if n := g.Get("n").ToInteger(); n != 10000 {
			b.Fatalf("callback got %d records", n)
		}
		t0, t1, t2 := g.Get("t0").ToFloat(), g.Get("t1").ToFloat(), g.Get("t2").ToFloat()
		loopMs += t1 - t0
		cbMs += t2 - t1
	}
	b.ReportMetric(loopMs/float64(b.N), "ms-loop/op")
	b.ReportMetric(cbMs/float64(b.N), "ms-to-callback/op")
}

// BenchmarkPropertyAccess: el.id and el.firstChild through the bindings, per access.
func BenchmarkPropertyAccess(b *testing.B) {
	tp := loadPage(b, testHTML(`<div id="d"><span>x</span></div>`, ""), loop.ModeSpec)
	const n = 100000
	for _, c := range []struct{ name, expr string }{
		{"plain-object-baseline", "o.id"},
		{"el.id", "el.id"},
		{"el.firstChild", "el.firstChild"},
		{"el.style.color", "el.style.color"},
		{"childNodes[0]", "el.childNodes[0]"},
	} {
		src := fmt.Sprintf(`(function () {
var el = document.getElementById('d'), o = {id: 'd'}, x;
for (var i = 0; i < %d; i++) x = %s;
})()`, n, c.expr)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				tp.exec(src)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/access")
		})
	}
}

// BenchmarkDispatch: a synthetic click through three nested elements with one listener each.
func BenchmarkDispatch(b *testing.B) {
	tp := loadPage(b, testHTML(`<div id="a"><div id="b"><div id="c"></div></div></div>`, ""), loop.ModeSpec)
	const src = `
var c = document.getElementById('c'), k = 0;
[a, b, c].forEach(function (el) { el.onclick = function () { k++; }; });
for (var i = 0; i < 1000; i++) c.click();`
	for b.Loop() {
		tp.exec(src)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/click")
}

// page5000Scripts returns page5000's 5,000 elements with 50 inline scripts interleaved
// (one after every 20 rows).
func page5000Scripts() []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>big</title></head><body>")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, `<div class="row r%d" id="row%d"><span class="a">cell %d</span><span class="b" data-i="%d">x</span><p>para <b>bold</b></p></div>`, i%7, i, i, i)
		if i%20 == 19 {
			fmt.Fprintf(&b, "<script>count%d = document.getElementsByTagName('div').length;</script>\n", i)
		}
	}
	b.WriteString("</body></html>")
	return []byte(b.String())
}

// BenchmarkParseScripts: the parsing a page loader does for 5,000 elements and 50 scripts.
// whole: the whole document parsed before any script runs (the loader before parse as you
// go); as-you-go: the same parse, then the nodes inserted up to each script's end tag and
// the rest at the end (dom.Parser), as the page loader now does.
func BenchmarkParseScripts(b *testing.B) {
	src := page5000Scripts()
	b.Run("whole", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			d, err := dom.ParseDocument(src, "file:///big.html")
			if err != nil || len(d.Scripts()) != 50 {
				b.Fatal(err)
			}
		}
	})
	b.Run("as-you-go", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			_, p, err := dom.ParseDocumentIncrementally(src, "file:///big.html")
			if err != nil || len(p.Scripts()) != 50 {
				b.Fatal(err)
			}
			for _, s := range p.Scripts() {
				p.InsertThrough(s.Node)
			}
			p.Finish()
		}
	})
}

// BenchmarkInnerHTMLSet: one element's innerHTML (or textContent) set 10,000 times in a
// task, as long_microtasks' promise jobs do, per set. entries/set is how many entries the
// document's node table gained per set before the sweep (the nodes the set gave DOM
// objects); B/set is the Go heap allocated per set, the script's loop included.
func BenchmarkInnerHTMLSet(b *testing.B) {
	const n = 10000
	for _, c := range []struct{ name, setup, stmt string }{
		{"number", "", "el.innerHTML = i"},
		{"textContent", "", "el.textContent = i"},
		{"markup", "", "el.innerHTML = '<b>' + i + '</b>'"},
		{"number-observed", "new MutationObserver(function () {}).observe(el, { childList: true });", "el.innerHTML = i"},
	} {
		b.Run(c.name, func(b *testing.B) {
			tp := loadPage(b, testHTML(`<div id="d">0</div>`, ""), loop.ModeSpec)
			tp.exec("var el = document.getElementById('d');" + c.setup)
			src := fmt.Sprintf(`(function () { for (var i = 0; i < %d; i++) %s; })()`, n, c.stmt)
			var entries int
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			alloc := ms.TotalAlloc
			for b.Loop() {
				before := dom.TableEntries(tp.p.Doc)
				tp.p.Loop.QueueTask(loop.SourceDOMManipulation, "bench", func() {
					tp.p.Loop.RunScript("bench.js", src)
					entries += dom.TableEntries(tp.p.Doc) - before // before the sweep between tasks
				})
				tp.run()
			}
			runtime.ReadMemStats(&ms)
			sets := float64(b.N) * n
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/sets, "ns/set")
			b.ReportMetric(float64(ms.TotalAlloc-alloc)/sets, "B/set")
			b.ReportMetric(float64(entries)/sets, "entries/set")
		})
	}
}
