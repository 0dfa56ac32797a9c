package css

import (
	"strings"
	"testing"
)

// FuzzValues checks that no declaration list makes the parsers or the serialiser panic,
// and that what el.style returns is stable: normalising it again changes nothing.
func FuzzValues(f *testing.F) {
	for _, s := range []string{
		"color: #0f08; margin: 0 auto", "border: 1px solid rgb(1 2 3 / 4%)", "transition: a 1s, b 2s steps(2, jump-none) 3s",
		"transform: translate(1px,)", "padding: 1px 2 3px", "--x: ( ; ", "font-family: \"a;b\", serif", "color: hsl(1e400 2% 3%)",
		"width: calc(100% - (2 * 1em) / 3)", "margin: min(1px, 2em) clamp(1px, 2vw, 3rem", "transform: translate(calc(1em + 10%), max(1px, 2px))",
		"padding: calc(1e308px * 1e308 - 5%)", "width: calc(0px / 0)", "height: calc(calc(calc(1px)))*2",
		"width: calc((min(100%, 500px) - max(10%, 2ex)) / 3); min-width: max(10%)", "object-position: min(10%, 5ch) clamp(1%, 2ex, 3%)",
		"margin: calc(2 * (min(10%, 5px) + 1px) + 3px) calc(-1 * min(50%, 1e308px))",
		"transform: rotate(9deg) translate(clamp(1px, 50%, 2em), calc(1px + min(1e308%, -1ex))) translateX(max(10%, 1px))",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, d := range ParseDeclarationList(text) {
			ParseDeclaration(d.Name, d.Value, d.Important, nil)
			v, ok := NormalizeSpecified(d.Name, d.Value)
			if !ok {
				continue
			}
			again, ok := NormalizeSpecified(d.Name, v)
			if !ok {
				t.Errorf("%s: %q → %q → invalid", d.Name, d.Value, v)
				continue
			}
			// CHROME: a math function's numbers are clamped to a float's range when parsed and
			// multiplied in double, so calc(1e308px * 1e308) reads calc(1.15792e+77px), which
			// reads calc(3.40282e+38px): the second serialisation is the fixed point.
			if third, ok := NormalizeSpecified(d.Name, again); !ok || third != again || again != v && !strings.Contains(v, "e+") {
				t.Errorf("%s: %q → %q → %q → %q, %v", d.Name, d.Value, v, again, third, ok)
			}
		}
	})
}
