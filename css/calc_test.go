package css

import "testing"

// TestParseCalc parses math functions of lengths and checks what Chrome 156 does with
// each: the specified value it serialises (el.style), or that it drops the declaration
// (testdata/dom/calc_lengths has the same expressions in a page).
func TestParseCalc(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"calc(50%)", "calc(50%)"},
		{"calc(50% + 0px)", "calc(50% + 0px)"},
		{"calc(10px + 5%)", "calc(5% + 10px)"},
		{"calc(5% - 10px)", "calc(5% - 10px)"},
		{"calc(2em + 10%)", "calc(10% + 2em)"},
		{"calc(100% / 3)", "calc(33.3333%)"},
		{"min(10px, 2em)", "min(10px, 2em)"},
		{"calc(-10% + 20px)", "calc(-10% + 20px)"},
		{"calc(10px - 20px)", "calc(-10px)"},
		{"calc(10% - 50%)", "calc(-40%)"},
		{"calc(3 * (10% + 1px) - 2px)", "calc(30% + 1px)"},
		{"calc(10px + 0%)", "calc(0% + 10px)"},
		{"max(2em, 10px)", "max(2em, 10px)"},
		{"calc(5vw - 5vh)", "calc(-5vh + 5vw)"},
		{"calc(1e2px + 1e1%)", "calc(10% + 100px)"},
		{"calc(1in - 6px)", "calc(90px)"},
		{"calc( 10px*3 + ( 2 * ( 5% + 5px ) ) )", "calc(10% + 40px)"},
		{"calc(10px + 5px", "calc(15px)"}, // the end of the value closes the function
		{"calc(min(100px, 5em) * 2 + 10px)", "calc(10px + (2 * min(100px, 5em)))"},
		{"clamp(1px, 2em, 3rem)", "clamp(1px, 2em, 3rem)"},
		{"max(1px, 3px)", "calc(3px)"},
		{"min(2em, 3em)", "min(2em, 3em)"},
		{"calc(max(1px, 2px) + 1em)", "calc(1em + 2px)"},
		{"clamp(1px, 5px, 3px)", "calc(3px)"},
		{"calc(pi * 1px)", "calc(3.14159px)"},
		{"calc(e * 10px + 1%)", "calc(1% + 27.1828px)"},
		{"calc(infinity * 1px)", "calc(infinity * 1px)"},
		{"calc(-infinity * 1px + 10%)", "calc(10% - infinity * 1px)"},
		{"calc(NaN * 1px)", "calc(NaN * 1px)"},
		{"calc(1e308px * 1e308 - 5%)", "calc(-5% + 1.15792e+77px)"},
	} {
		got, ok := NormalizeSpecified("min-width", c.in)
		if !ok || got != c.want {
			t.Errorf("%s: got %q %v, want %q", c.in, got, ok, c.want)
		}
	}
	for _, bad := range []string{"calc(10px + 5)", "calc(10px / 2px)", "calc(10px+5px)", "calc(10px * 2px)",
		"calc()", "min(10px, 5)", "clamp(1px, 2px)", "calc(10px -5px)", "calc(5 * 2)", "calc(10px, 5px)",
		"calc(0)", "calc(10px + auto)", "calc(10px + 5deg)", "min()", "calc(10px) 5px", "calc(10px - - 5px)",
		"calc(10px * )", "calc(* 10px)"} {
		if l, ok := ParseLength(bad, true, true, true); ok {
			t.Errorf("%s: parsed as %+v, want invalid", bad, l)
		}
	}
}

// TestCalcNesting bounds the nesting of a hostile expression.
func TestCalcNesting(t *testing.T) {
	deep := ""
	for i := 0; i < 1000; i++ {
		deep += "calc("
	}
	if _, ok := ParseLength(deep+"1px", true, false, true); ok {
		t.Error("1,000 nested calc() parsed")
	}
}

// TestCalcSimplify checks the computed-value simplification against direct evaluation.
func TestCalcSimplify(t *testing.T) {
	px := func(l Length) float64 {
		if l.U == Em {
			return l.V * 10
		}
		return l.V
	}
	for _, c := range []struct {
		in      string
		v, pct  float64
		percent bool
	}{
		{"calc(100% - 20px)", -20, 100, true},
		{"calc((100% - 40px) / 2)", -20, 50, true},
		{"calc(2em + 3 * 5px)", 35, 0, false},
		{"calc(min(100px, 5em) * 2 + 10px)", 110, 0, false},
		{"clamp(50px, 30em, 150px)", 150, 0, false},
		{"calc(-1 * -50px)", 50, 0, false},
	} {
		l, ok := ParseLength(c.in, true, false, false)
		if !ok || l.U != Math {
			t.Fatalf("%s: %+v %v", c.in, l, ok)
		}
		v, pct, linear := l.Calc.Simplify(px)
		if !linear || v != c.v || pct != c.pct || l.Calc.Pct != c.percent {
			t.Errorf("%s: %v px %v%% linear %v pct %v", c.in, v, pct, linear, l.Calc.Pct)
		}
	}
}
