package dom

import "testing"

type fakeLayout struct{ doc *Document }

func (l fakeLayout) BorderBox(n *Node) (x, y, w, h float64, ok bool) {
	if n.ID() == "hidden" {
		return 0, 0, 0, 0, false
	}
	return 8, 16.25, 100.4, 20.6, true
}
func (l fakeLayout) ComputedStyle(n *Node, p string) string {
	if p == "color" {
		return "rgb(255, 0, 0)"
	}
	return ""
}
func (l fakeLayout) Viewport() (float64, float64) { return 800, 600 }
func (l fakeLayout) ElementAt(x, y float64) *Node { return l.doc.GetElementByID("box") }

// The layout-dependent APIs ask the renderer's Layout (CSSOM View semantics: offset* are
// rounded integers, getBoundingClientRect is exact, computed styles are read-only).
func TestLayoutAPIs(t *testing.T) {
	h := newFakeHost(t, page(`<div id="box"></div><div id="hidden"></div>`, `
var r = box.getBoundingClientRect();
console.log(r.x, r.y, r.width, r.height, r.right, r.bottom, r instanceof DOMRect);
console.log(box.offsetWidth, box.offsetHeight, box.offsetLeft, box.offsetTop, box.clientWidth);
console.log(hidden.getBoundingClientRect().width, hidden.offsetWidth);
var cs = getComputedStyle(box);
console.log(cs.color, cs.getPropertyValue('color'), JSON.stringify(cs.width), cs instanceof CSSStyleDeclaration);
try { cs.color = 'blue'; } catch (e) { console.log(e.name); }
console.log(innerWidth, innerHeight, document.elementFromPoint(1, 1) === box);
`), Options{})
	h.win.SetLayout(fakeLayout{h.doc})
	h.load()
	h.run()
	expectLog(t, h.log,
		"8 16.25 100.4 20.6 108.4 36.85 true",
		"100 21 8 16 100",
		"0 0",
		`rgb(255, 0, 0) rgb(255, 0, 0) "" true`,
		"NoModificationAllowedError",
		"800 600 true",
	)
}
