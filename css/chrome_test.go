package css

import (
	"bufio"
	"encoding/json"
	"image/color"
	"os"
	"strings"
	"testing"
)

// chromeCase is one line of testdata/values.chrome.txt, recorded from Chrome with
// tools/chrome from testdata/values.html: a property, the value set with setProperty,
// what el.style then returns, and what getComputedStyle returns.
type chromeCase struct {
	name, value, specified, computed string
}

func readChromeCases(t *testing.T) []chromeCase {
	t.Helper()
	f, err := os.Open("testdata/values.chrome.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []chromeCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var row [4]string
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		out = append(out, chromeCase{row[0], row[1], row[2], row[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 60 {
		t.Fatalf("only %d recorded cases", len(out))
	}
	return out
}

// TestSpecifiedValuesMatchChrome: a value set on el.style reads back as Chrome
// serialises it, or is rejected where Chrome rejects it.
func TestSpecifiedValuesMatchChrome(t *testing.T) {
	for _, c := range readChromeCases(t) {
		got, ok := NormalizeSpecified(c.name, c.value)
		if !ok {
			got = ""
		}
		if got != c.specified {
			t.Errorf("%s: %q → %q, Chrome %q", c.name, c.value, got, c.specified)
		}
	}
}

// TestComputedValuesMatchChrome: the values the cascade parses serialise as Chrome's
// getComputedStyle does, for the properties whose computed value does not depend on
// layout or inheritance.
func TestComputedValuesMatchChrome(t *testing.T) {
	checked := 0
	for _, c := range readChromeCases(t) {
		ds := ParseDeclaration(c.name, c.value, false, nil)
		if c.specified == "" {
			if len(ds) != 0 {
				t.Errorf("%s: %q parsed as %+v, Chrome rejects it", c.name, c.value, ds)
			}
			continue
		}
		if len(ds) != 1 || ds[0].Value.Global != GlobalNone {
			continue // shorthands, keywords that inherit, properties the engine does not compute
		}
		got, ok := computedOf(ds[0].Prop, ds[0].Value, c.computed)
		if !ok {
			continue
		}
		checked++
		if got != c.computed {
			t.Errorf("%s: %q computes to %q, Chrome %q", c.name, c.value, got, c.computed)
		}
	}
	if checked < 30 {
		t.Errorf("only %d computed values checked", checked)
	}
}

// computedOf serialises a specified value that is already its computed value. A
// keyword is checked by parsing Chrome's (several keywords can share one code).
func computedOf(p Prop, v Value, chrome string) (string, bool) {
	switch p {
	case PropColor, PropBackgroundColor, PropBorderTopColor:
		return FormatColor(v.Color), !v.Current
	case PropMarginLeft, PropWidth, PropTop, PropPaddingTop, PropFontSize:
		return FormatPx(v.Len.V), v.Len.U == Px
	case PropOpacity, PropFontWeight:
		return FormatNumber(v.Num), true
	case PropZIndex:
		if v.Len.IsAuto() {
			return "auto", true
		}
		return FormatNumber(v.Num), true
	case PropDisplay:
		return Display(v.Num).String(), true
	case PropPosition:
		return Position(v.Num).String(), true
	case PropTransitionTimingFunction, PropTransitionDuration, PropTransform, PropFontFamily:
		return "", false
	}
	if kw, ok := keywordValues[p]; ok {
		if n, ok := kw[chrome]; ok && n == v.Num {
			return chrome, true
		}
		return "(keyword " + FormatNumber(v.Num) + ")", true
	}
	return "", false
}

// TestRoundTrip: a serialised value parses back to the same value.
func TestRoundTrip(t *testing.T) {
	for _, in := range []string{"#0f08", "rgb(1 2 3 / 50%)", "hsl(0deg 100% 25% / 0.5)", "#1a2b3c80", "transparent"} {
		c, ok := ParseColor(in)
		if !ok {
			t.Fatalf("ParseColor(%q) failed", in)
		}
		s := FormatColor(c)
		back, ok := ParseColor(s)
		if !ok || back != c {
			t.Errorf("%q → %q → %v, want %v", in, s, back, c)
		}
		if again, _ := NormalizeSpecified("color", s); again != s {
			t.Errorf("NormalizeSpecified(%q) = %q, not stable", s, again)
		}
	}
	for a := 0; a < 256; a++ {
		c := [4]uint8{1, 2, 3, uint8(a)}
		s := FormatColor(nrgba(c))
		if back, ok := ParseColor(s); !ok || back != nrgba(c) {
			t.Errorf("alpha %d: %q → %v", a, s, back)
		}
	}
}

// TestHexColorSerialization: #hex colours in other properties' values are serialised too.
// https://drafts.csswg.org/css-color/#serializing-sRGB-values (as Chrome prints them)
func TestHexColorSerialization(t *testing.T) {
	for in, want := range map[string]string{
		"#fff": "rgb(255, 255, 255)", "#FF0000": "rgb(255, 0, 0)", "#0f08": "rgba(0, 255, 0, 0.533)",
		"#00000080": "rgba(0, 0, 0, 0.5)", "#12345": "#12345", "#0000": "rgba(0, 0, 0, 0)",
	} {
		if got, _ := NormalizeSpecified("border", "1px solid "+in); got != "1px solid "+want {
			t.Errorf("%s → %s, want %s", in, got, want)
		}
	}
}

// TestSyntax covers the splitting both sides share.
func TestSyntax(t *testing.T) {
	if got := strings.Join(SplitTopLevel(`a: "x;y"; b: url(a;b); c`, ';'), "|"); got != `a: "x;y"| b: url(a;b)| c` {
		t.Errorf("SplitTopLevel = %q", got)
	}
	if got := strings.Join(SplitCommas(`"a, b" , serif,mono`), "|"); got != `"a, b"|serif|mono` {
		t.Errorf("SplitCommas = %q", got)
	}
	if got := strings.Join(Fields(" rgb(1, 2, 3)\tsolid  1px "), "|"); got != "rgb(1, 2, 3)|solid|1px" {
		t.Errorf("Fields = %q", got)
	}
	ds := ParseDeclarationList(" COLOR : red ; ; --X: A ; width:1px ! IMPORTANT; :x; y:")
	if len(ds) != 3 || ds[0] != (RawDeclaration{"color", "red", false}) || ds[1].Name != "--X" || !ds[2].Important || ds[2].Value != "1px" {
		t.Errorf("ParseDeclarationList = %+v", ds)
	}
	rules := ParseStyleSheet("/* a { } */ @media x { p { } } @import 'q;'; div , p{color:red} b{}")
	if len(rules) != 3 || rules[0].Prelude != "p" || len(rules[0].Media) != 1 || rules[0].Media[0] != "x" ||
		rules[1].Prelude != "div , p" || rules[1].Body != "color:red" || rules[1].Media != nil || rules[2].Prelude != "b" {
		t.Errorf("ParseStyleSheet = %+v", rules)
	}
	for _, c := range []struct {
		name, short string
		side        int
	}{{"margin-top", "margin", 0}, {"padding-left", "padding", 3}, {"bottom", "inset", 2}, {"border-right-color", "border-color", 1}} {
		if short, side, ok := BoxShorthandOf(c.name); !ok || short != c.short || side != c.side {
			t.Errorf("BoxShorthandOf(%q) = %q, %d, %v", c.name, short, side, ok)
		}
	}
	if got := BoxSide("1px rgb(1, 2, 3) 3px", 3); got != "rgb(1, 2, 3)" {
		t.Errorf("BoxSide = %q", got)
	}
}

func nrgba(c [4]uint8) color.NRGBA { return color.NRGBA{c[0], c[1], c[2], c[3]} }
