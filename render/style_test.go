package render

import (
	"image/color"
	"math"
	"testing"
)

func TestParseColor(t *testing.T) {
	valid := []struct {
		in   string
		want color.NRGBA
	}{
		{"red", color.NRGBA{255, 0, 0, 255}},
		{"ReD", color.NRGBA{255, 0, 0, 255}},
		{"lightgoldenrodyellow", color.NRGBA{250, 250, 210, 255}},
		{"rebeccapurple", color.NRGBA{102, 51, 153, 255}},
		{"transparent", color.NRGBA{0, 0, 0, 0}},
		{"#0f0", color.NRGBA{0, 255, 0, 255}},
		{"#0f08", color.NRGBA{0, 255, 0, 0x88}},
		{"#1a2B3c", color.NRGBA{0x1a, 0x2b, 0x3c, 255}},
		{"#1a2b3c80", color.NRGBA{0x1a, 0x2b, 0x3c, 0x80}},
		{"rgb(1, 2, 3)", color.NRGBA{1, 2, 3, 255}},
		{"rgba(1,2,3,0.5)", color.NRGBA{1, 2, 3, 128}}, // Chrome serialises as rgba(1, 2, 3, 0.5)
		{"rgb(1 2 3 / 50%)", color.NRGBA{1, 2, 3, 128}},
		{"rgba(255 0 0)", color.NRGBA{255, 0, 0, 255}},
		{"rgb(100%, 0%, 50%)", color.NRGBA{255, 0, 128, 255}},
		{"rgb(300, -5, 0)", color.NRGBA{255, 0, 0, 255}}, // clamped
		{"rgba(0, 0, 0, 0)", color.NRGBA{0, 0, 0, 0}},
		{"hsl(120, 100%, 50%)", color.NRGBA{0, 255, 0, 255}},
		{"hsl(0deg 100% 25% / 0.5)", color.NRGBA{128, 0, 0, 128}},
	}
	for _, c := range valid {
		got, ok := parseColor(c.in)
		if !ok || got != c.want {
			t.Errorf("parseColor(%q) = %v, %v; want %v", c.in, got, ok, c.want)
		}
	}
	for _, in := range []string{"", "#12", "#12345", "#ggg", "rgb(1,2)", "rgb(1,2,3,4,5)", "notacolor", "rgb(a,b,c)", "rgb(1, 2 3)x"} {
		if got, ok := parseColor(in); ok {
			t.Errorf("parseColor(%q) = %v, want invalid", in, got)
		}
	}
}

func TestParseLength(t *testing.T) {
	cases := []struct {
		in                 string
		pct, auto, neg, ok bool
		want               length
	}{
		{"10px", true, true, true, true, px(10)},
		{"0", true, true, true, true, px(0)},
		{"  2.5PX ", false, false, false, true, px(2.5)},
		{"50%", true, false, false, true, length{50, unitPercent}},
		{"50%", false, false, false, false, length{}},
		{"auto", true, true, false, true, autoLength},
		{"auto", true, false, false, false, length{}},
		{"1.5em", false, false, false, true, length{1.5, unitEm}},
		{"-5px", false, false, true, true, px(-5)},
		{"-5px", false, false, false, false, length{}},
		{"10", true, true, true, false, length{}}, // unitless non-zero
		{"px", true, true, true, false, length{}},
		{"12pt", false, false, false, true, px(16)},
		{"1in", false, false, false, true, px(96)},
		{"3furlongs", true, true, true, false, length{}},
	}
	for _, c := range cases {
		got, ok := parseLength(c.in, c.pct, c.auto, c.neg)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("parseLength(%q, %v, %v, %v) = %v, %v; want %v, %v", c.in, c.pct, c.auto, c.neg, got, ok, c.want, c.ok)
		}
	}
}

// declared parses a declaration block into a map of the last value per longhand.
func declared(s string) map[propID]value {
	m := map[propID]value{}
	for _, d := range parseDeclarationBlock(s, nil) {
		m[d.prop] = d.v
	}
	return m
}

func TestBoxShorthands(t *testing.T) {
	cases := []struct {
		decl string
		want [4]float64 // top right bottom left
	}{
		{"margin: 1px", [4]float64{1, 1, 1, 1}},
		{"margin: 1px 2px", [4]float64{1, 2, 1, 2}},
		{"margin: 1px 2px 3px", [4]float64{1, 2, 3, 2}},
		{"margin: 1px 2px 3px 4px", [4]float64{1, 2, 3, 4}},
		{"margin: 1px; margin-left: 9px", [4]float64{1, 1, 1, 9}},
	}
	for _, c := range cases {
		m := declared(c.decl)
		for i := 0; i < 4; i++ {
			if got := m[propMarginTop+propID(i)].l; got != px(c.want[i]) {
				t.Errorf("%q side %d = %v, want %v", c.decl, i, got, c.want[i])
			}
		}
	}
	if m := declared("margin: 1px 2px 3px 4px 5px"); len(m) != 0 {
		t.Errorf("5 values must be invalid, got %v", m)
	}
	m := declared("padding: 0 10%")
	if m[propPaddingRight].l != (length{10, unitPercent}) || m[propPaddingTop].l != px(0) {
		t.Errorf("padding: 0 10%% = %v", m)
	}
	if m := declared("padding: -1px"); len(m) != 0 {
		t.Errorf("negative padding must be invalid, got %v", m)
	}
	if m := declared("margin: auto"); !m[propMarginLeft].l.isAuto() {
		t.Errorf("margin: auto = %v", m)
	}
}

func TestBorderShorthand(t *testing.T) {
	m := declared("border: 2px solid red")
	for i := 0; i < 4; i++ {
		if m[propBorderTopWidth+propID(i)].l != px(2) || borderStyle(m[propBorderTopStyle+propID(i)].n) != borderSolid ||
			m[propBorderTopColor+propID(i)].c != (color.NRGBA{255, 0, 0, 255}) {
			t.Fatalf("border side %d wrong: %v", i, m)
		}
	}
	m = declared("border-left: solid #00f thick")
	if m[propBorderLeftWidth].l != px(5) || m[propBorderLeftColor].c != (color.NRGBA{0, 0, 255, 255}) {
		t.Errorf("border-left = %v", m)
	}
	if _, ok := m[propBorderTopWidth]; ok {
		t.Error("border-left must not set the top border")
	}
	m = declared("border: solid") // width medium, colour currentcolor
	if m[propBorderTopWidth].l != px(3) || !m[propBorderTopColor].current {
		t.Errorf("border: solid = %v", m)
	}
	if m := declared("border: 1px solid red blue"); len(m) != 0 {
		t.Errorf("two colours must be invalid: %v", m)
	}
	m = declared("border-width: 1px 2px; border-color: red; border-style: none solid")
	if m[propBorderRightWidth].l != px(2) || borderStyle(m[propBorderTopStyle].n) != borderNone || borderStyle(m[propBorderLeftStyle].n) != borderSolid {
		t.Errorf("border longhand shorthands = %v", m)
	}
}

func TestBackgroundShorthand(t *testing.T) {
	if m := declared("background: #888"); m[propBackgroundColor].c != (color.NRGBA{0x88, 0x88, 0x88, 255}) {
		t.Errorf("background: #888 = %v", m)
	}
	if m := declared("background: url(x.png) no-repeat rgb(0, 0, 255)"); m[propBackgroundColor].c != (color.NRGBA{0, 0, 255, 255}) {
		t.Errorf("background with layers = %v", m)
	}
	if m := declared("background-color: red; background: none"); m[propBackgroundColor].c.A != 0 {
		t.Errorf("background: none must reset the colour, got %v", m)
	}
}

func TestTransitionShorthand(t *testing.T) {
	m := declared("transition: opacity 1s ease-in 200ms, transform .5s, left 2s cubic-bezier(0.1, 0.7, 1, 0.1)")
	names, durs, delays, fns := m[propTransitionProperty].names, m[propTransitionDuration].times, m[propTransitionDelay].times, m[propTransitionTimingFunction].fns
	if len(names) != 3 || names[0] != "opacity" || names[1] != "transform" || names[2] != "left" {
		t.Fatalf("names = %v", names)
	}
	if durs[0] != 1000 || durs[1] != 500 || durs[2] != 2000 || delays[0] != 200 || delays[1] != 0 {
		t.Errorf("durations %v delays %v", durs, delays)
	}
	if fns[0].kind != timingCubic || fns[0].x1 != 0.42 || fns[1].kind != timingEase || fns[2].y1 != 0.7 {
		t.Errorf("timing functions %+v", fns)
	}
	if m := declared("transition: all 1s 2s 3s"); len(m) != 0 {
		t.Errorf("three times must be invalid: %v", m)
	}
	m = declared("transition: 300ms")
	if n := m[propTransitionProperty].names; len(n) != 1 || n[0] != "all" {
		t.Errorf("default property must be all, got %v", n)
	}
}

func TestParseTransform(t *testing.T) {
	cases := []struct {
		in     string
		tx, ty length
		has    bool
	}{
		{"none", length{}, length{}, false},
		{"translate(10px, 20px)", px(10), px(20), true},
		{"translate(10px)", px(10), px(0), true},
		{"translateX(-5px) translateY(7px)", px(-5), px(7), true},
		{"translateX(50%)", length{50, unitPercent}, px(0), true},
		{"translate3d(1px, 2px, 3px) rotate(45deg)", px(1), px(2), true},
	}
	for _, c := range cases {
		v, ok := parseTransform(c.in)
		if !ok || (v.n == 1) != c.has || c.has && (v.tx != c.tx || v.ty.v != c.ty.v) {
			t.Errorf("parseTransform(%q) = %+v, %v", c.in, v, ok)
		}
	}
	for _, in := range []string{"translate", "translate(10)", "bogus(1px)", "translateX(1px"} {
		if _, ok := parseTransform(in); ok {
			t.Errorf("parseTransform(%q) must fail", in)
		}
	}
}

func TestDeclarationBlockParsing(t *testing.T) {
	m := declared(" COLOR : red ; ; unknown-prop: 5px; width: banana; height: 10px !important; font-size:12px")
	if m[propColor].c != (color.NRGBA{255, 0, 0, 255}) || m[propHeight].l != px(10) || m[propFontSize].l != px(12) {
		t.Errorf("got %v", m)
	}
	if _, ok := m[propWidth]; ok {
		t.Error("invalid width value must be dropped")
	}
	ds := parseDeclarationBlock("height: 10px !important; width: 1px ! important", nil)
	if len(ds) != 2 || !ds[0].important || !ds[1].important {
		t.Errorf("important flags: %+v", ds)
	}
	if m := declared(`background: url("a;b.png") red; color: blue`); m[propColor].c != (color.NRGBA{0, 0, 255, 255}) {
		t.Errorf("semicolon inside a string split the block: %v", m)
	}
}

func TestParseStyleSheet(t *testing.T) {
	rules := parseStyleSheet(`
		/* comment { color: red } */
		@media print { div { color: red } }
		@import url(x.css);
		div, .a > p { color: blue }
		p::before { color: green }
		:not-a-real-pseudo { color: green }
		#x { width: 10px }`, 0)
	if len(rules) != 3 {
		t.Fatalf("got %d rules, want 3: %+v", len(rules), rules)
	}
	if rules[0].sel.String() != "div" || rules[2].spec != [3]int{1, 0, 0} || rules[1].spec != [3]int{0, 1, 1} {
		t.Errorf("rules %v %v %v", rules[0].sel, rules[1].spec, rules[2].spec)
	}
	if rules[0].order >= rules[1].order || rules[1].order >= rules[2].order {
		t.Error("rule order must follow the source")
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
	if b := styleOfID(t, page, "b"); b.margin[0] != px(8) || b.display != displayBlock {
		t.Errorf("body: %+v", b)
	}
	if h := styleOfID(t, page, "h"); h.fontSize != 32 || h.fontWeight != 700 || math.Abs(h.margin[0].v-21.44) > 1e-9 {
		t.Errorf("h1: size %v weight %v margin %v", h.fontSize, h.fontWeight, h.margin[0])
	}
	if p := styleOfID(t, page, "p"); p.margin[0] != px(16) || p.margin[3] != px(0) {
		t.Errorf("p margins: %v", p.margin)
	}
	if s := styleOfID(t, page, "s"); s.display != displayNone {
		t.Error("script must be display:none")
	}
	if b := styleOfID(t, page, "btn"); b.display != displayInlineBlock || b.borderWidth[0] != 2 || b.padding[1] != px(6) || b.background.A == 0 {
		t.Errorf("button: %+v", b)
	}
	if s := styleOfID(t, page, "sp"); s.display != displayInline {
		t.Error("span must be inline")
	}
	if h := styleOfID(t, page, "hid"); h.display != displayNone {
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
	if x.display != displayBlock {
		t.Error("unsupported block-level displays fall back to block")
	}
	abs := styleOfID(t, `<span id=a style="position:absolute">x</span>`, "a")
	if abs.display != displayBlock {
		t.Error("absolutely positioned inline must be blockified")
	}
	none := styleOfID(t, `<div id=n style="display:none"><span id=inner></span></div>`, "n")
	if none.display != displayNone {
		t.Error("display none")
	}
}
