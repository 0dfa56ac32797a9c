package render

import (
	"testing"

	"golang.org/x/net/html"
)

func idOf(n *html.Node) string {
	if n == nil {
		return "<nil>"
	}
	if id, ok := attr(n, "id"); ok {
		return id
	}
	return n.Data
}

func TestHitTest(t *testing.T) {
	page := `<style>
		body { margin: 0 }
		div { width: 100px; height: 100px }
		.abs { position: absolute }
	</style>
	<div id=flow1></div>
	<div id=flow2 style="margin-top: -50px; background: blue"></div>
	<div id=zlow class=abs style="left: 200px; top: 0; z-index: 5"></div>
	<div id=zhigh class=abs style="left: 250px; top: 50px; z-index: 1"></div>
	<div id=over class=abs style="left: 0; top: 150px"></div>
	<div id=under style="margin-top: 0; height: 50px"></div>
	<div id=hiddenbase class=abs style="left: 400px; top: 0"></div>
	<div id=hidden class=abs style="left: 400px; top: 0; visibility: hidden"></div>
	<div id=moved class=abs style="left: 500px; top: 0; transform: translate(100px, 20px)"></div>
	<div id=rel style="position: relative; width: 60px; height: 20px; top: 300px; left: 600px"></div>
	<p id=para style="position: absolute; left: 0; top: 400px; margin: 0; font-size: 20px">plain <span id=span>inside</span> text</p>
	<div id=neg class=abs style="left: 0; top: 500px; z-index: -1"></div>
	<div id=wrap class=abs style="left: 300px; top: 450px; width: 100px; height: 100px; opacity: 0"></div>`
	src := parsePage(t, page)
	e := NewEngine(src, 800, 600)
	renderFrame(e, 0)
	spanBox, _ := e.BoxOf(byID(src.doc, "span"))
	cases := []struct {
		x, y float64
		want string
	}{
		{10, 10, "flow1"},
		{10, 60, "flow2"},       // later sibling in flow paints over the earlier one
		{220, 60, "zlow"},       // z-index 5 above z-index 1 despite tree order
		{280, 120, "zhigh"},     // only zhigh there
		{10, 160, "over"},       // positioned above later in-flow block #under
		{410, 10, "hiddenbase"}, // visibility: hidden is not hit
		{510, 10, "body"},       // the translated box moved away from here
		{610, 30, "moved"},      // and is hit where it is painted
		{610, 505, "rel"},       // relative offset: in flow at y=200, plus 300
		{spanBox.X + 2, spanBox.Y + 5, "span"},
		{3, 410, "para"},   // text belongs to its element
		{10, 510, "neg"},   // z-index -1 below body, but body has no background there
		{310, 460, "wrap"}, // opacity: 0 is still hit
		{799, 599, "html"}, // empty canvas: the root element
	}
	for _, c := range cases {
		if got := idOf(e.HitTest(c.x, c.y)); got != c.want {
			t.Errorf("HitTest(%v, %v) = %s, want %s", c.x, c.y, got, c.want)
		}
	}
	for _, p := range [][2]float64{{-1, 10}, {10, -1}, {800, 10}, {10, 600}} {
		if n := e.HitTest(p[0], p[1]); n != nil {
			t.Errorf("HitTest%v outside the viewport = %s", p, idOf(n))
		}
	}
}

func TestHitTestNegativeZUnderBody(t *testing.T) {
	// A z-index:-1 box paints below the in-flow blocks of its stacking context.
	src := parsePage(t, `<body style="margin:0"><div id=block style="height:50px"></div><div id=neg style="position:absolute;top:0;left:0;width:20px;height:20px;z-index:-1"></div></body>`)
	e := NewEngine(src, 100, 100)
	renderFrame(e, 0)
	if got := idOf(e.HitTest(5, 5)); got != "block" {
		t.Errorf("got %s, want block (above the negative z-index box)", got)
	}
}

func TestHitTestBeforeLayout(t *testing.T) {
	e := NewEngine(parsePage(t, `<div>x</div>`), 100, 100)
	if e.HitTest(1, 1) != nil {
		t.Error("no layout yet: nil")
	}
	if _, ok := e.BoxOf(nil); ok {
		t.Error("BoxOf(nil)")
	}
}

func TestHitTestOverflowClip(t *testing.T) {
	src := parsePage(t, `<body style="margin:0">
		<div id=clip style="width:100px;height:50px;overflow:hidden"><div id=tall style="height:200px"></div></div>
		<div id=rel style="position:relative;overflow:hidden;width:100px;height:50px;margin-top:100px">
			<div id=abs style="position:absolute;left:50px;top:25px;width:100px;height:100px"></div></div>
		<div style="overflow:hidden;width:100px;height:50px"><div id=esc style="position:absolute;left:0;top:300px;width:20px;height:20px"></div></div>
	</body>`)
	e := NewEngine(src, 400, 400)
	renderFrame(e, 0)
	cases := []struct {
		x, y float64
		want string
	}{
		{10, 10, "tall"},
		{10, 60, "body"},  // #tall is clipped away below 50px
		{60, 160, "rel"},  // #rel spans y 150..200; #abs starts at y 175
		{60, 190, "abs"},  // inside its clipping containing block
		{60, 260, "html"}, // below the body; #abs (to y 275) is clipped by #rel, its containing block
		{120, 190, "body"},
		{10, 310, "esc"}, // its containing block is the viewport: not clipped
	}
	for _, c := range cases {
		if got := idOf(e.HitTest(c.x, c.y)); got != c.want {
			t.Errorf("HitTest(%v, %v) = %s, want %s", c.x, c.y, got, c.want)
		}
	}
}
