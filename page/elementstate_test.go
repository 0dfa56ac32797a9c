package page

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"loopscope/dom"
	"loopscope/loop"
)

// hoverPage is a page of n divs in groups of 100: each div matches `.item:hover`, each
// group's label `.group:hover > .label`; nothing else reads the hover state.
func hoverPage(tb testing.TB, n int) *Page {
	tb.Helper()
	var sb strings.Builder
	sb.WriteString(`<style>body { margin: 0 } .item { height: 2px; background: #eee } .item:hover { background: #c00 }
.label { height: 2px } .group:hover > .label { color: blue }</style>`)
	for g := 0; g < n/100; g++ {
		fmt.Fprintf(&sb, `<div class=group id=g%d><div class=label></div>`, g)
		for i := 0; i < 99; i++ {
			fmt.Fprintf(&sb, `<div class=item id=i%d_%d></div>`, g, i)
		}
		sb.WriteString(`</div>`)
	}
	p, err := New([]byte(sb.String()), "file:///hover.html", "", Options{VirtualTime: true, Console: &countingConsole{}, Height: 600})
	if err != nil {
		tb.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 500})
	return p
}

// hoverFrame moves the hover state to the element with id and runs style, layout and
// paint, returning the elements restyled.
func hoverFrame(tb testing.TB, p *Page, id string) int {
	var n *dom.Node
	if id != "" {
		n, _ = p.Doc.QuerySelector("#" + id)
		if n == nil {
			tb.Fatalf("no #%s", id)
		}
	}
	p.Doc.SetHovered(n)
	p.Engine.Style()
	p.Engine.Layout()
	p.Engine.Paint()
	return p.Engine.Work().Restyled
}

// TestHoverRestylesOnlyDependents: on a page of 10,000 elements, the hover moving from
// one item to its sibling restyles those two; to an item of another group, the two items
// and the two groups' labels (`.group:hover > .label`; the groups themselves, their
// ancestors and the other items have no style that reads their hover state); off the
// page, the item and its group's label; onto a group, its label. The styles are then
// those the selectors give.
func TestHoverRestylesOnlyDependents(t *testing.T) {
	p := hoverPage(t, 10000)
	hoverFrame(t, p, "i0_0")
	for _, c := range []struct {
		to   string
		want int
	}{{"i0_1", 2}, {"i5_3", 4}, {"", 2}, {"g7", 1}} {
		if got := hoverFrame(t, p, c.to); got != c.want {
			t.Errorf("hover to %q restyled %d elements, want %d", c.to, got, c.want)
		}
	}
	hoverFrame(t, p, "i3_3")
	if v, _ := p.Engine.ComputedValue(must(p, "#i3_3").HTML(), "background-color"); v != "rgb(204, 0, 0)" {
		t.Errorf("hovered item's background %s", v)
	}
	if v, _ := p.Engine.ComputedValue(must(p, "#i0_1").HTML(), "background-color"); v != "rgb(238, 238, 238)" {
		t.Errorf("the item hovered before keeps background %s", v)
	}
	if v, _ := p.Engine.ComputedValue(must(p, "#g3 > .label").HTML(), "color"); v != "rgb(0, 0, 255)" {
		t.Errorf("the hovered group's label has colour %s", v)
	}
}

func must(p *Page, sel string) *dom.Node {
	n, _ := p.Doc.QuerySelector(sel)
	return n
}

// BenchmarkHoverChange10k: one frame (style, layout, paint) after the hover moves between
// items of different groups on a page of 10,000 elements; restyled/op is the elements
// restyled a frame.
func BenchmarkHoverChange10k(b *testing.B) {
	p := hoverPage(b, 10000)
	hoverFrame(b, p, "i0_0")
	restyled := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := "i2_2"
		if i%2 == 1 {
			id = "i80_5"
		}
		restyled += hoverFrame(b, p, id)
	}
	b.ReportMetric(float64(restyled)/float64(b.N), "restyled/op")
}

// BenchmarkTypingTextarea100KB: one key typed into a focused textarea holding 100 KB of
// text (1,250 lines of 80 characters), caret at the end: the keydown, keypress,
// beforeinput, the edit, input and keyup tasks, then the frame that paints it.
func BenchmarkTypingTextarea100KB(b *testing.B) {
	line := strings.Repeat("x", 79) + "\n"
	src := `<textarea id=t style="width: 400px; height: 200px">` + strings.Repeat(line, 1250) + `</textarea>
<script>const t = document.getElementById('t'); t.focus(); t.setSelectionRange(t.value.length, t.value.length);
let n = 0; t.addEventListener('input', () => n++);</script>`
	p, err := New([]byte(src), "file:///type.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		b.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 500})
	kp, _ := parseKeyPress("a")
	t := must(p, "#t")
	before := t.TextLength()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.queueKeyPress(kp)
		p.Run(loop.RunOptions{Until: p.Loop.Now() + 17})
	}
	b.StopTimer()
	if got := t.TextLength() - before; got != b.N {
		b.Fatalf("%d keys typed %d characters", b.N, got)
	}
}

// TestFocusRing: Tab to a button paints Chromium's focus ring, 2 px of rgb(16, 16, 16)
// straddling the border box's edge (the pixels below are those of a Chromium 156 screenshot
// of the same page, whose button, border-box sized there, has the same 100×40 box); a click focuses without a ring (:focus-visible does not match); Tab
// on moves the ring to the next element.
func TestFocusRing(t *testing.T) {
	src := `<style>body { margin: 0; background: white } #b, #d { position: absolute; left: 50px; width: 100px; height: 40px;
border: none; padding: 0; background: rgb(200, 200, 200) } #b { top: 50px } #d { top: 120px }</style><button id=b></button><div id=d tabindex=0></div>`
	ring, white, grey := [3]uint8{16, 16, 16}, [3]uint8{255, 255, 255}, [3]uint8{200, 200, 200}
	check := func(f *image.RGBA, top int, want map[[2]int][3]uint8, when string) {
		t.Helper()
		for p, c := range want {
			x, y := p[0], p[1]+top
			i := f.PixOffset(x, y)
			if got := [3]uint8{f.Pix[i], f.Pix[i+1], f.Pix[i+2]}; got != c {
				t.Errorf("%s: pixel (%d,%d) is %v, want %v", when, x, y, got, c)
			}
		}
	}
	// Around a 100×40 box whose border box's top-left is (50, top).
	ringed := map[[2]int][3]uint8{{48, 20}: white, {49, 20}: ring, {50, 20}: ring, {51, 20}: grey,
		{148, 20}: grey, {149, 20}: ring, {150, 20}: ring, {151, 20}: white,
		{100, -2}: white, {100, -1}: ring, {100, 0}: ring, {100, 1}: grey, {100, 39}: ring, {100, 40}: ring, {100, 41}: white}
	plain := map[[2]int][3]uint8{{49, 20}: white, {50, 20}: grey, {150, 20}: white, {100, -1}: white, {100, 40}: white}
	tabbed := typedFrame(t, src, Action{AtMS: 100, Key: "Tab"})
	check(tabbed, 50, ringed, "Tab to the button")
	check(tabbed, 120, plain, "Tab to the button: the div")
	clicked := typedFrame(t, src, Action{AtMS: 100, Click: "#b"})
	check(clicked, 50, plain, "a click on the button")
	twice := typedFrame(t, src, Action{AtMS: 100, Click: "#b"}, Action{AtMS: 200, Key: "Tab"})
	check(twice, 50, plain, "click, then Tab: the button")
	check(twice, 120, ringed, "click, then Tab: the div")
}
