package render

import (
	"image/color"
	"math"
	"testing"

	"loopscope/css"
)

func TestParseStyleSheet(t *testing.T) {
	rules := parseStyleSheet(`
		/* comment { color: red } */
		@media print { div { color: red } }
		@import url(x.css);
		div, .a > p { color: blue }
		p::before { color: green }
		:not-a-real-pseudo { color: green }
		#x { width: 10px }`, 0)
	if len(rules) != 4 {
		t.Fatalf("got %d rules, want 4: %+v", len(rules), rules)
	}
	if len(rules[0].media) != 1 || rules[0].media[0].String() != "print" {
		t.Errorf("the @media print rule's media: %v", rules[0].media)
	}
	rules = rules[1:]
	if rules[0].sel.String() != "div" || rules[2].spec != [3]int{1, 0, 0} || rules[1].spec != [3]int{0, 1, 1} {
		t.Errorf("rules %v %v %v", rules[0].sel, rules[1].spec, rules[2].spec)
	}
	if rules[0].order >= rules[1].order || rules[1].order >= rules[2].order {
		t.Error("rule order must follow the source")
	}
	if len(rules[0].media) != 0 {
		t.Error("a rule outside @media has no media")
	}
}

// styleOfID renders a page and returns the used style of the element with an id.
func styleOfID(t *testing.T, page, id string) *computedStyle {
	t.Helper()
	src := parsePage(t, page)
	e := NewEngine(src, 800, 600)
	e.Style()
	n := byID(src.doc, id)
	if n == nil {
		t.Fatalf("no #%s", id)
	}
	st := e.styleOf(n)
	if st == nil {
		t.Fatalf("#%s has no style", id)
	}
	return st
}

func TestCascadeOrder(t *testing.T) {
	red, green, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 128, 0, 255}, color.NRGBA{0, 0, 255, 255}
	cases := []struct {
		name, css, attrs string
		want             color.NRGBA
	}{
		{"id beats class beats type", "#x { color: red } .c { color: blue } div { color: green }", `class="c"`, red},
		{"class beats type regardless of order", ".c { color: blue } div { color: green }", `class="c"`, blue},
		{"later wins at equal specificity", ".c { color: blue } .d { color: green }", `class="c d"`, green},
		{"inline beats id", "#x { color: red }", `style="color: blue"`, blue},
		{"important beats inline", "div { color: red !important }", `style="color: blue"`, red},
		{"inline important beats author important", "#x { color: red !important }", `style="color: blue !important"`, blue},
		{"important beats higher specificity", "div { color: green !important } #x { color: red }", ``, green},
		{"author beats UA important-free rules", "a { color: green }", ``, green},
	}
	for _, c := range cases {
		page := "<style>" + c.css + "</style><div id=x " + c.attrs + ">t</div>"
		if c.name == "author beats UA important-free rules" {
			page = "<style>" + c.css + "</style><a id=x href=#>t</a>"
		}
		if got := styleOfID(t, page, "x").color; got != c.want {
			t.Errorf("%s: color %v, want %v", c.name, got, c.want)
		}
	}
}

func TestInheritance(t *testing.T) {
	page := `<style>
		#p { color: rgb(1, 2, 3); font-size: 20px; font-weight: bold; background: red; visibility: hidden; line-height: 1.5; padding: 3px }
		#em { font-size: 2em; line-height: inherit }
		#pct { font-size: 50%; padding: inherit; background-color: inherit }
		#lhpx { line-height: 2em }
		#lhchild { font-size: 10px }
	</style>
	<div id=p><span id=c>x</span><div id=em>y</div><div id=pct>z</div><div id=lhpx><span id=lhchild>w</span></div></div>`
	c := styleOfID(t, page, "c")
	if c.color != (color.NRGBA{1, 2, 3, 255}) || c.fontSize != 20 || c.fontWeight != 700 || c.visible {
		t.Errorf("inherited properties: %+v", c)
	}
	if c.background.A != 0 || c.padding[0] != px(0) {
		t.Error("background and padding must not inherit")
	}
	if em := styleOfID(t, page, "em"); em.fontSize != 40 || em.lineKind != lineHeightNumber || em.usedLineHeight(0) != 60 {
		t.Errorf("2em of 20px = %v, line-height number 1.5 → %v", em.fontSize, em.usedLineHeight(0))
	}
	pct := styleOfID(t, page, "pct")
	if pct.fontSize != 10 || pct.padding[0] != px(3) || pct.background != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("50%% font-size / explicit inherit: %+v", pct)
	}
	// A length line-height inherits as the computed length (2em of 20px), not the em.
	if lc := styleOfID(t, page, "lhchild"); lc.usedLineHeight(0) != 40 {
		t.Errorf("line-height 2em inherited = %v, want 40", lc.usedLineHeight(0))
	}
}

func TestUAStyleSheet(t *testing.T) {
	page := `<body id=b><h1 id=h>x</h1><p id=p>y</p><script id=s></script><button id=btn>b</button><span id=sp>s</span><div id=hid hidden>h</div><b id=bold>b</b></body>`
	if b := styleOfID(t, page, "b"); b.margin[0] != px(8) || b.display != css.DisplayBlock {
		t.Errorf("body: %+v", b)
	}
	if h := styleOfID(t, page, "h"); h.fontSize != 32 || h.fontWeight != 700 || math.Abs(h.margin[0].v-21.44) > 1e-9 {
		t.Errorf("h1: size %v weight %v margin %v", h.fontSize, h.fontWeight, h.margin[0])
	}
	if p := styleOfID(t, page, "p"); p.margin[0] != px(16) || p.margin[3] != px(0) {
		t.Errorf("p margins: %v", p.margin)
	}
	if s := styleOfID(t, page, "s"); s.display != css.DisplayNone {
		t.Error("script must be display:none")
	}
	if b := styleOfID(t, page, "btn"); b.display != css.DisplayInlineBlock || b.borderWidth[0] != 2 || b.padding[1] != px(6) || b.background.A == 0 {
		t.Errorf("button: %+v", b)
	}
	if s := styleOfID(t, page, "sp"); s.display != css.DisplayInline {
		t.Error("span must be inline")
	}
	if h := styleOfID(t, page, "hid"); h.display != css.DisplayNone {
		t.Error("[hidden] must be display:none")
	}
	if b := styleOfID(t, page, "bold"); b.fontWeight != 700 {
		t.Errorf("b weight %d", b.fontWeight)
	}
}

func TestComputedValues(t *testing.T) {
	page := `<style>#x { border-top: 4px solid; border-left-width: 7px; color: lime; opacity: 1.5; z-index: 3; position: relative; width: 10em; font-size: 10px; display: flex }</style><div id=x></div>`
	x := styleOfID(t, page, "x")
	if x.borderWidth[0] != 4 || x.borderColor[0] != (color.NRGBA{0, 255, 0, 255}) {
		t.Errorf("border-top with currentcolor: %v %v", x.borderWidth[0], x.borderColor[0])
	}
	if x.borderWidth[3] != 0 {
		t.Errorf("a border without style has width 0, got %v", x.borderWidth[3])
	}
	if x.opacity != 1 || x.zIndex != 3 || x.zAuto || x.width != px(100) {
		t.Errorf("opacity %v z %v width %v", x.opacity, x.zIndex, x.width)
	}
	if x.display != css.DisplayBlock {
		t.Error("unsupported block-level displays fall back to block")
	}
	abs := styleOfID(t, `<span id=a style="position:absolute">x</span>`, "a")
	if abs.display != css.DisplayBlock {
		t.Error("absolutely positioned inline must be blockified")
	}
	none := styleOfID(t, `<div id=n style="display:none"><span id=inner></span></div>`, "n")
	if none.display != css.DisplayNone {
		t.Error("display none")
	}
}
