package css

import "testing"

// FuzzValues checks that no declaration list makes the parsers or the serialiser panic,
// and that what el.style returns is stable: normalising it again changes nothing.
func FuzzValues(f *testing.F) {
	for _, s := range []string{
		"color: #0f08; margin: 0 auto", "border: 1px solid rgb(1 2 3 / 4%)", "transition: a 1s, b 2s steps(2, jump-none) 3s",
		"transform: translate(1px,)", "padding: 1px 2 3px", "--x: ( ; ", "font-family: \"a;b\", serif", "color: hsl(1e400 2% 3%)",
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
			if again, ok := NormalizeSpecified(d.Name, v); !ok || again != v {
				t.Errorf("%s: %q → %q → %q, %v", d.Name, d.Value, v, again, ok)
			}
		}
	})
}
