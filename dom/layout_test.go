package dom_test

import (
	"testing"

	"loopscope/dom"
	"loopscope/loop"
)

// fakeLayout stands in for the renderer's layout, with round numbers to check the
// conversions the DOM APIs make.
type fakeLayout struct{ doc *dom.Document }

func (l fakeLayout) BorderBox(n *dom.Node) (x, y, w, h float64, ok bool) {
	if n.ID() == "hidden" {
		return 0, 0, 0, 0, false
	}
	return 8, 16.25, 100.4, 20.6, true
}
func (l fakeLayout) ComputedStyle(n *dom.Node, p string) string {
	if p == "color" {
		return "rgb(255, 0, 0)"
	}
	return ""
}
func (l fakeLayout) Viewport() (float64, float64)     { return 800, 600 }
func (l fakeLayout) ElementAt(x, y float64) *dom.Node { return l.doc.GetElementByID("box") }

// The layout-dependent APIs ask the renderer's Layout (CSSOM View semantics: offset* are
// rounded integers, getBoundingClientRect is exact, computed styles are read-only).
func TestLayoutAPIs(t *testing.T) {
	tp := newTestPage(t, testHTML(`<div id="box"></div><div id="hidden"></div>`, `
var r = box.getBoundingClientRect();
console.log(r.x, r.y, r.width, r.height, r.right, r.bottom, r instanceof DOMRect);
console.log(box.offsetWidth, box.offsetHeight, box.offsetLeft, box.offsetTop, box.clientWidth);
console.log(hidden.getBoundingClientRect().width, hidden.offsetWidth);
var cs = getComputedStyle(box);
console.log(cs.color, cs.getPropertyValue('color'), JSON.stringify(cs.width), cs instanceof CSSStyleDeclaration);
try { cs.color = 'blue'; } catch (e) { console.log(e.name); }
console.log(innerWidth, innerHeight, document.elementFromPoint(1, 1) === box);
`), loop.ModeSpec)
	tp.p.Window.SetLayout(fakeLayout{tp.p.Doc})
	tp.run()
	expectLog(t, tp.con.lines(),
		"8 16.25 100.4 20.6 108.4 36.85 true",
		"100 21 8 16 100",
		"0 0",
		`rgb(255, 0, 0) rgb(255, 0, 0) "" true`,
		"NoModificationAllowedError",
		"800 600 true",
	)
}
