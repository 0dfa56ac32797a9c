package css

import (
	"fmt"
	"strings"
	"testing"
)

// TestMediaQueries evaluates queries against an 800×600 viewport and reads back their
// serialisation (MediaQueryList.media).
func TestMediaQueries(t *testing.T) {
	env := MediaEnv{Width: 800, Height: 600}
	for _, c := range []struct {
		q, media string
		want     bool
	}{
		{"(min-width: 600px)", "(min-width: 600px)", true},
		{"(MAX-WIDTH:600PX)", "(max-width: 600px)", false},
		{"screen and (min-width: 50em)", "screen and (min-width: 50em)", true},
		{"print", "print", false},
		{"not print", "not print", true},
		{"(orientation: landscape)", "(orientation: landscape)", true},
		{"(orientation: portrait), (max-height: 600px)", "(orientation: portrait), (max-height: 600px)", true},
		{"(prefers-reduced-motion: reduce)", "(prefers-reduced-motion: reduce)", false},
		{"(prefers-reduced-motion)", "(prefers-reduced-motion)", false},
		{"(prefers-color-scheme: light)", "(prefers-color-scheme: light)", true},
		{"(width >= 800px)", "(width >= 800px)", true},
		{"(400px < width)", "(width > 400px)", true},
		{"(min-width: 600px) and (max-width: 700px)", "(min-width: 600px) and (max-width: 700px)", false},
		{"(bogus: 1)", "not all", false},
		{"and (min-width: 1px)", "not all", false},
		{"(min-width: 10)", "not all", false},
		{"", "", true},
	} {
		l := ParseMediaQueryList(c.q)
		if got := l.Matches(env); got != c.want || l.String() != c.media {
			t.Errorf("%q: matches %v, media %q; want %v, %q", c.q, got, l.String(), c.want, c.media)
		}
	}
}

// TestStyleSheetMedia: the rules inside @media keep their media; other at-rules are
// dropped; a truncated sheet does not panic.
func TestStyleSheetMedia(t *testing.T) {
	rules := ParseStyleSheet(`a{color:red} @media (min-width: 600px) { b{color:blue} @media print { i{x:y} } } @font-face{x:y} c{d:e} @media screen { u{x:y`)
	var got []string
	for _, r := range rules {
		got = append(got, r.Prelude+fmt.Sprint(r.Media))
	}
	want := "a[] b[(min-width: 600px)] i[(min-width: 600px) print] c[] u[screen]"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("got %s, want %s", s, want)
	}
	for _, s := range []string{"@m{", "@media", "@media{", "@media (x){{{", "@"} {
		ParseStyleSheet(s)
	}
}
