package render

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestRuleKey: the key of a selector is a simple selector at the top level of its last
// compound (id, then class, then type); anything the scanner is unsure of is universal.
func TestRuleKey(t *testing.T) {
	for sel, want := range map[string]ruleKey{
		"div":                       {keyTag, "div"},
		"DIV":                       {keyTag, "div"},
		"div.a#b":                   {keyID, "b"},
		"p .a":                      {keyClass, "a"},
		"a > b + c ~ .d.e":          {keyClass, "d"},
		"a>b":                       {keyTag, "b"},
		".a .b:hover":               {keyClass, "b"},
		"#x :not(.a)":               {},
		":is(.a, .b)":               {},
		"*":                         {},
		"*.c":                       {keyClass, "c"},
		"[title='a b.c'] ":          {},
		"p[title=\"x > .y\"]":       {keyTag, "p"},
		"li:nth-child(2n+1)":        {keyTag, "li"},
		"svg|rect":                  {},
		"#a1-b_c":                   {keyID, "a1-b_c"},
		".Upper":                    {keyClass, "Upper"},
		"p:has(> .a)":               {keyTag, "p"},
		"div:where(#x) .y + span#z": {keyID, "z"},
	} {
		if got := ruleKeyOf(sel); got != want {
			t.Errorf("ruleKeyOf(%q) = %v, want %v", sel, got, want)
		}
	}
	if k := selectorKeys(`.a\:b, .c`, 2); k[0] != (ruleKey{}) || k[1] != (ruleKey{}) {
		t.Errorf("an escape must make the list universal: %v", k)
	}
	if k := selectorKeys(`[title="a,b"], .c`, 2); k[0] != (ruleKey{}) || k[1] != (ruleKey{keyClass, "c"}) {
		t.Errorf("a comma in a string does not split: %v", k)
	}
}

// TestRuleIndexMatchesEveryRule: for every element of a page, the rules matched through
// the index are the rules a scan of every rule matches, in the same order.
func TestRuleIndexMatchesEveryRule(t *testing.T) {
	sheet := `
		div { color: red } .a { color: blue } #x { color: green } * { margin: 0 }
		p.a.b, span#y.c, .c > .a, .b + .c, .a ~ #z, ul li, li:first-child, li:nth-child(2n+1) { color: red }
		:not(.a) { color: red } :is(.a, .c) p, [title="x, .a"], [data-k~=v] { color: red }
		.A, DIV, SPAN.a, Section, .a\:b, #n\31, .c:not(p), [class] .b, body > * { color: red }
		.a.a, .x.b, #z.c, div#x.a.b { color: red }`
	var b strings.Builder
	b.WriteString("<style>" + sheet + "</style><div id=x class='a b'><p class=a>t</p><p class='b a'></p>")
	b.WriteString("<span id=y class='c  a\tb'><i class=A>i</i></span><section><ul><li class=c>1</li><li id=z class=c>2</li>")
	b.WriteString("<li title='x, .a' data-k='u v'>3</li></ul></section><b class='a:b'></b><em id=n1></em><p class='a a c'></p></div>")
	src := parsePage(t, b.String())
	e := NewEngine(src, 800, 600)
	e.Style()
	checked := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			var all, indexed []int
			for i := range e.rules {
				if e.rules[i].sel.Match(c) {
					all = append(all, i)
				}
			}
			for _, i := range e.index.candidates(c, nil) {
				if e.rules[i].sel.Match(c) {
					indexed = append(indexed, int(i))
				}
			}
			if fmt.Sprint(all) != fmt.Sprint(indexed) {
				t.Errorf("<%s %v>: every rule matches %v, the index %v", c.Data, c.Attr, all, indexed)
			}
			checked += len(all)
			walk(c)
		}
	}
	walk(src.doc)
	if checked < 50 {
		t.Errorf("only %d matches checked: the page does not exercise the index", checked)
	}
}

// manyRulesPage is n elements and n class rules, each element matched by its own rule
// (with sibling combinators, the rule asks for the element's previous siblings too).
func manyRulesPage(n int, siblings bool) string {
	var b strings.Builder
	b.WriteString("<style>")
	for i := range n {
		if siblings {
			fmt.Fprintf(&b, ".c%d + .c%d, .c%d ~ .c%d { width: %dpx }\n", i, i+1, i+2, i+1, i%50)
		} else {
			fmt.Fprintf(&b, ".c%d { width: %dpx }\n", i, i%50)
		}
	}
	b.WriteString("</style>")
	for i := range n {
		fmt.Fprintf(&b, "<p class='c%d'></p>", i)
	}
	return b.String()
}

// BenchmarkStyleManyRules is one full cascade of n elements against n class rules (issue
// 14: 8,000 × 8,000 took 9.6 s when every rule was matched against every element).
func BenchmarkStyleManyRules(b *testing.B) {
	for _, c := range []struct {
		n        int
		siblings bool
	}{{1000, false}, {8000, false}, {2000, true}} {
		name := fmt.Sprintf("%d-class", c.n)
		if c.siblings {
			name = fmt.Sprintf("%d-sibling", c.n)
		}
		b.Run(name, func(b *testing.B) {
			src := parsePage(b, manyRulesPage(c.n, c.siblings))
			e := NewEngine(src, 800, 600)
			b.ResetTimer()
			for range b.N {
				src.bump()
				e.Style()
			}
		})
	}
}
