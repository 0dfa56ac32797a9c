package css

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestStateSelectors: user action pseudo-classes match the states given, in every
// position of a complex selector, negated, with their specificity; cascadia's own
// selectors are untouched.
func TestStateSelectors(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div id=menu class=m><p id=a class=item>x</p><p id=b class=item>y</p></div><i id=c></i>`))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*html.Node{}
	for n := range doc.Descendants() {
		for _, a := range n.Attr {
			if a.Key == "id" {
				byID[a.Val] = n
			}
		}
	}
	hovered := map[*html.Node]bool{byID["menu"]: true, byID["a"]: true}
	focused := byID["b"]
	state := func(n *html.Node, p string) bool {
		switch p {
		case "hover":
			return hovered[n]
		case "focus", "focus-visible":
			return n == focused
		case "focus-within":
			return n == focused || n == byID["menu"]
		}
		return false
	}
	cases := []struct {
		sel   string
		match []string // ids matched
		spec  [3]int
	}{
		{".m:hover .item", []string{"a", "b"}, [3]int{0, 3, 0}},
		{".item:hover", []string{"a"}, [3]int{0, 2, 0}},
		{"p:not(:hover)", []string{"b"}, [3]int{0, 1, 1}},
		{"#a:hover + p:focus", []string{"b"}, [3]int{1, 2, 1}},
		{"#a:hover ~ p", []string{"b"}, [3]int{1, 1, 1}},
		{"div:focus-within > :focus-visible", []string{"b"}, [3]int{0, 2, 1}},
		{":HOVER", []string{"menu", "a"}, [3]int{0, 1, 0}},
		{"div :active", nil, [3]int{0, 1, 1}},
		{"p:hover, i", []string{"a", "c"}, [3]int{0, 1, 1}},
	}
	for _, c := range cases {
		g, err := ParseStateSelectorGroup(c.sel, false)
		if err != nil {
			t.Errorf("%s: %v", c.sel, err)
			continue
		}
		var got []string
		for _, id := range []string{"menu", "a", "b", "c"} {
			for _, s := range g {
				ok := s.Match(byID[id])
				if ss, isState := s.(*StateSelector); isState {
					ok = ss.MatchState(byID[id], state)
				}
				if ok {
					got = append(got, id)
					break
				}
			}
		}
		if strings.Join(got, ",") != strings.Join(c.match, ",") {
			t.Errorf("%s matches %v, want %v", c.sel, got, c.match)
		}
		if sp := g[0].Specificity(); [3]int(sp) != c.spec {
			t.Errorf("%s: specificity %v, want %v", c.sel, sp, c.spec)
		}
	}
	if g, _ := ParseStateSelectorGroup(".m:hover .item", false); g[0].Match(byID["a"]) {
		t.Error("Match without states matches :hover")
	}
	for _, bad := range []string{"p:hover >", ":hover,", "p:hover::"} {
		if _, err := ParseStateSelectorGroup(bad, false); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
