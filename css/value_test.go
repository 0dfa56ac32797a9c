package css

import (
	"image/color"
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
		got, ok := ParseColor(c.in)
		if !ok || got != c.want {
			t.Errorf("ParseColor(%q) = %v, %v; want %v", c.in, got, ok, c.want)
		}
	}
	for _, in := range []string{"", "#12", "#12345", "#ggg", "rgb(1,2)", "rgb(1,2,3,4,5)", "notacolor", "rgb(a,b,c)", "rgb(1, 2 3)x"} {
		if got, ok := ParseColor(in); ok {
			t.Errorf("ParseColor(%q) = %v, want invalid", in, got)
		}
	}
}

func TestParseLength(t *testing.T) {
	cases := []struct {
		in                 string
		pct, auto, neg, ok bool
		want               Length
	}{
		{"10px", true, true, true, true, PxLength(10)},
		{"0", true, true, true, true, PxLength(0)},
		{"  2.5PX ", false, false, false, true, PxLength(2.5)},
		{"50%", true, false, false, true, Length{V: 50, U: Percent}},
		{"50%", false, false, false, false, Length{}},
		{"auto", true, true, false, true, AutoLength},
		{"auto", true, false, false, false, Length{}},
		{"1.5em", false, false, false, true, Length{V: 1.5, U: Em}},
		{"-5px", false, false, true, true, PxLength(-5)},
		{"-5px", false, false, false, false, Length{}},
		{"10", true, true, true, false, Length{}}, // unitless non-zero
		{"px", true, true, true, false, Length{}},
		{"12pt", false, false, false, true, PxLength(16)},
		{"1in", false, false, false, true, PxLength(96)},
		{"3furlongs", true, true, true, false, Length{}},
	}
	for _, c := range cases {
		got, ok := ParseLength(c.in, c.pct, c.auto, c.neg)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("ParseLength(%q, %v, %v, %v) = %v, %v; want %v, %v", c.in, c.pct, c.auto, c.neg, got, ok, c.want, c.ok)
		}
	}
}

// declared parses a declaration block into a map of the last value per longhand.
func declared(s string) map[Prop]Value {
	m := map[Prop]Value{}
	for _, d := range ParseDeclarationBlock(s, nil) {
		m[d.Prop] = d.Value
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
			if got := m[PropMarginTop+Prop(i)].Len; got != PxLength(c.want[i]) {
				t.Errorf("%q side %d = %v, want %v", c.decl, i, got, c.want[i])
			}
		}
	}
	if m := declared("margin: 1px 2px 3px 4px 5px"); len(m) != 0 {
		t.Errorf("5 values must be invalid, got %v", m)
	}
	m := declared("padding: 0 10%")
	if m[PropPaddingRight].Len != (Length{V: 10, U: Percent}) || m[PropPaddingTop].Len != PxLength(0) {
		t.Errorf("padding: 0 10%% = %v", m)
	}
	if m := declared("padding: -1px"); len(m) != 0 {
		t.Errorf("negative padding must be invalid, got %v", m)
	}
	if m := declared("margin: auto"); !m[PropMarginLeft].Len.IsAuto() {
		t.Errorf("margin: auto = %v", m)
	}
}

func TestBorderShorthand(t *testing.T) {
	m := declared("border: 2px solid red")
	for i := 0; i < 4; i++ {
		if m[PropBorderTopWidth+Prop(i)].Len != PxLength(2) || BorderStyle(m[PropBorderTopStyle+Prop(i)].Num) != BorderSolid ||
			m[PropBorderTopColor+Prop(i)].Color != (color.NRGBA{255, 0, 0, 255}) {
			t.Fatalf("border side %d wrong: %v", i, m)
		}
	}
	m = declared("border-left: solid #00f thick")
	if m[PropBorderLeftWidth].Len != PxLength(5) || m[PropBorderLeftColor].Color != (color.NRGBA{0, 0, 255, 255}) {
		t.Errorf("border-left = %v", m)
	}
	if _, ok := m[PropBorderTopWidth]; ok {
		t.Error("border-left must not set the top border")
	}
	m = declared("border: solid") // width medium, colour currentcolor
	if m[PropBorderTopWidth].Len != PxLength(3) || !m[PropBorderTopColor].Current {
		t.Errorf("border: solid = %v", m)
	}
	if m := declared("border: 1px solid red blue"); len(m) != 0 {
		t.Errorf("two colours must be invalid: %v", m)
	}
	m = declared("border-width: 1px 2px; border-color: red; border-style: none solid")
	if m[PropBorderRightWidth].Len != PxLength(2) || BorderStyle(m[PropBorderTopStyle].Num) != BorderNone || BorderStyle(m[PropBorderLeftStyle].Num) != BorderSolid {
		t.Errorf("border longhand shorthands = %v", m)
	}
}

func TestBackgroundShorthand(t *testing.T) {
	if m := declared("background: #888"); m[PropBackgroundColor].Color != (color.NRGBA{0x88, 0x88, 0x88, 255}) {
		t.Errorf("background: #888 = %v", m)
	}
	if m := declared("background: url(x.png) no-repeat rgb(0, 0, 255)"); m[PropBackgroundColor].Color != (color.NRGBA{0, 0, 255, 255}) {
		t.Errorf("background with layers = %v", m)
	}
	if m := declared("background-color: red; background: none"); m[PropBackgroundColor].Color.A != 0 {
		t.Errorf("background: none must reset the colour, got %v", m)
	}
}

func TestTransitionShorthand(t *testing.T) {
	m := declared("transition: opacity 1s ease-in 200ms, transform .5s, left 2s cubic-bezier(0.1, 0.7, 1, 0.1)")
	names, durs, delays, fns := m[PropTransitionProperty].Names, m[PropTransitionDuration].Times, m[PropTransitionDelay].Times, m[PropTransitionTimingFunction].Easings
	if len(names) != 3 || names[0] != "opacity" || names[1] != "transform" || names[2] != "left" {
		t.Fatalf("names = %v", names)
	}
	if durs[0] != 1000 || durs[1] != 500 || durs[2] != 2000 || delays[0] != 200 || delays[1] != 0 {
		t.Errorf("durations %v delays %v", durs, delays)
	}
	if fns[0].Kind != EaseCubic || fns[0].X1 != 0.42 || fns[1].Kind != EaseDefault || fns[2].Y1 != 0.7 {
		t.Errorf("timing functions %+v", fns)
	}
	if m := declared("transition: all 1s 2s 3s"); len(m) != 0 {
		t.Errorf("three times must be invalid: %v", m)
	}
	m = declared("transition: 300ms")
	if n := m[PropTransitionProperty].Names; len(n) != 1 || n[0] != "all" {
		t.Errorf("default property must be all, got %v", n)
	}
}

func TestParseTransform(t *testing.T) {
	px := func(v float64) TranslateLength { return TranslateLength{L: PxLength(v)} }
	cases := []struct {
		in     string
		tx, ty TranslateLength
		has    bool
	}{
		{"none", px(0), px(0), false},
		{"translate(10px, 20px)", px(10), px(20), true},
		{"translate(10px)", px(10), px(0), true},
		{"translateX(-5px) translateY(7px)", px(-5), px(7), true},
		{"translateX(50%)", TranslateLength{Pct: 50}, px(0), true},
		{"translate(calc(10px + 10%), 2em)", TranslateLength{L: PxLength(10), Pct: 10}, TranslateLength{L: Length{V: 2, U: Em}}, true},
		{"translate3d(1px, 2px, 3px) rotate(45deg)", px(1), px(2), true},
	}
	for _, c := range cases {
		v, ok := parseTransform(c.in)
		x, y := v.Transform.TranslationSum()
		if !ok || (v.Num == 1) != c.has || x != c.tx || y != c.ty {
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
	if m[PropColor].Color != (color.NRGBA{255, 0, 0, 255}) || m[PropHeight].Len != PxLength(10) || m[PropFontSize].Len != PxLength(12) {
		t.Errorf("got %v", m)
	}
	if _, ok := m[PropWidth]; ok {
		t.Error("invalid width value must be dropped")
	}
	ds := ParseDeclarationBlock("height: 10px !important; width: 1px ! important", nil)
	if len(ds) != 2 || !ds[0].Important || !ds[1].Important {
		t.Errorf("important flags: %+v", ds)
	}
	if m := declared(`background: url("a;b.png") red; color: blue`); m[PropColor].Color != (color.NRGBA{0, 0, 255, 255}) {
		t.Errorf("semicolon inside a string split the block: %v", m)
	}
}
