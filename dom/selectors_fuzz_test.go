package dom

import (
	"strings"
	"testing"
)

// FuzzQuerySelectorAll: any selector string against a small document: no panic; an
// invalid selector is an error (a SyntaxError DOMException), never a crash; results are
// elements of the document in tree order, each matching the selector.
func FuzzQuerySelectorAll(f *testing.F) {
	for _, s := range []string{
		"div", "#a", ".b", "div > p", "ul li:nth-child(2n+1)", "a[href^='x']", ":not(p)", "p ~ span",
		"*", ":root", "div:has(> p)", "[data-x=\"1\" i]", "::before", "a,b,,", "#", "[", ":nth-child(", "\\",
		"div:is(p, span)", ":where(.b) > *", "svg|circle", "input:checked", "p:first-of-type:last-child",
		":nth-last-of-type(-n+3)", "a:lang(en)", "html body div#a.b[c] > p:empty + span", "\x00", "\"",
		"div:hover > p:not(:focus)", ":focus-within ~ a", "p:hover::before", ":hover(", ":not(:hover", "a >> :focus",
	} {
		f.Add(s)
	}
	doc, err := ParseDocument([]byte(`<!DOCTYPE html><html lang="en"><body>
		<div id="a" class="b" data-x="1"><p>one</p><span>two</span><p></p></div>
		<ul><li>1</li><li class="b">2</li><li>3</li></ul><a href="x.html">x</a>
		<svg><circle r="1"/></svg><input type="checkbox" checked><template><p>t</p></template>
		</body></html>`), "file:///sel.html")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sel string) {
		nodes, err := doc.QuerySelectorAll(sel)
		if err != nil {
			return
		}
		prev := -1
		order := map[*Node]int{}
		i := 0
		for h := range doc.Root().Descendants() {
			order[doc.NodeFor(h)] = i
			i++
		}
		for _, n := range nodes {
			if n.Type() != ElementNode {
				t.Fatalf("%q matched a non-element", sel)
			}
			pos, ok := order[n]
			if !ok {
				t.Fatalf("%q matched a node outside the document", sel)
			}
			if pos <= prev {
				t.Fatalf("%q: results not in tree order", sel)
			}
			prev = pos
			if strings.Contains(strings.ToLower(sel), "scope") {
				continue // :scope is the document here, the element itself in matches()
			}
			if m, err := n.Matches(sel); err != nil || !m {
				t.Fatalf("%q: a result does not match the selector (%v)", sel, err)
			}
		}
		if first, err := doc.QuerySelector(sel); err != nil || (first == nil) != (len(nodes) == 0) || (first != nil && first != nodes[0]) {
			t.Fatalf("%q: querySelector disagrees with querySelectorAll", sel)
		}
	})
}
