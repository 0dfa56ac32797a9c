package dom

import (
	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"loopscope/css"
)

// stateMatcher matches a selector group with the document's element states (:hover,
// :focus, ...; css.StateSelector).
type stateMatcher struct {
	g cascadia.SelectorGroup
	d *Document
}

func (m stateMatcher) Match(h *html.Node) bool {
	if m.match(h) {
		return true
	}
	// CHROME: in an HTML document a type selector (which the parser lower-cases) matches a
	// foreign element whose local name is in camel case (foreignObject, linearGradient):
	// Blink compares the upper-cased names (SelectorChecker's MatchesTagName). cascadia
	// compares the lower-cased selector with the name as it is, so the element is tried
	// again under its lower-cased name (a copy in the same place of the tree: structural
	// pseudo-classes that look the element up among its siblings do not match the copy).
	// FIXME: only the subject is tried so: a camel-case element named by a combinator's
	// other side ("foreignObject > p") still does not match (cascadia compares it).
	if h.Type == html.ElementNode && h.Namespace != "" && hasUpperASCII(h.Data) {
		c := *h
		c.Data = asciiLower(h.Data)
		return m.match(&c)
	}
	return false
}

// hasUpperASCII reports whether s has an ASCII upper-case letter.
func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

func (m stateMatcher) match(h *html.Node) bool {
	for _, s := range m.g {
		if ss, ok := s.(*css.StateSelector); ok {
			if ss.MatchState(h, m.d.ElementState) {
				return true
			}
		} else if s.Match(h) {
			return true
		}
	}
	return false
}

// maxCachedSelectors bounds the compiled selector cache.
const maxCachedSelectors = 512

// compileSelector parses a selector group (cached per document).
// https://dom.spec.whatwg.org/#scope-match-a-selectors-string
func (d *Document) compileSelector(sel string) (cascadia.SelectorGroup, error) {
	if g, ok := d.selectors[sel]; ok {
		return g, nil
	}
	var g cascadia.SelectorGroup
	var err error
	if css.MentionsElementState(sel) {
		g, err = css.ParseStateSelectorGroup(sel, false)
	} else {
		g, err = cascadia.ParseGroup(sel)
	}
	if err != nil || len(g) == 0 {
		return nil, domErr("SyntaxError", "'"+sel+"' is not a valid selector.")
	}
	if d.selectors == nil || len(d.selectors) >= maxCachedSelectors {
		d.selectors = make(map[string]cascadia.SelectorGroup)
	}
	d.selectors[sel] = g
	return g, nil
}

// QuerySelector returns the first element descendant of n matching sel.
// https://dom.spec.whatwg.org/#dom-parentnode-queryselector
func (n *Node) QuerySelector(sel string) (*Node, error) {
	g, err := n.doc.compileSelector(sel)
	if err != nil {
		return nil, err
	}
	return n.doc.NodeFor(cascadia.Query(n.h, stateMatcher{g, n.doc})), nil
}

// QuerySelectorAll returns the element descendants of n matching sel, in tree order.
// https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall
func (n *Node) QuerySelectorAll(sel string) ([]*Node, error) {
	g, err := n.doc.compileSelector(sel)
	if err != nil {
		return nil, err
	}
	hs := cascadia.QueryAll(n.h, stateMatcher{g, n.doc})
	out := make([]*Node, len(hs))
	for i, h := range hs {
		out[i] = n.doc.NodeFor(h)
	}
	return out, nil
}

// QuerySelector returns the first element of the document matching sel.
func (d *Document) QuerySelector(sel string) (*Node, error) { return d.node.QuerySelector(sel) }

// QuerySelectorAll returns the elements of the document matching sel.
func (d *Document) QuerySelectorAll(sel string) ([]*Node, error) {
	return d.node.QuerySelectorAll(sel)
}

// Matches reports whether element n matches sel.
// https://dom.spec.whatwg.org/#dom-element-matches
func (n *Node) Matches(sel string) (bool, error) {
	g, err := n.doc.compileSelector(sel)
	if err != nil {
		return false, err
	}
	return n.kind == ElementNode && (stateMatcher{g, n.doc}).Match(n.h), nil
}

// Closest returns the closest inclusive ancestor element of n matching sel.
// https://dom.spec.whatwg.org/#dom-element-closest
func (n *Node) Closest(sel string) (*Node, error) {
	g, err := n.doc.compileSelector(sel)
	if err != nil {
		return nil, err
	}
	for h := n.h; h != nil; h = h.Parent {
		if h.Type == html.ElementNode && (stateMatcher{g, n.doc}).Match(h) {
			return n.doc.NodeFor(h), nil
		}
	}
	return nil, nil
}
