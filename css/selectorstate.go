// Spec: Selectors Level 4, W3C Working Draft 2022-11 (https://drafts.csswg.org/selectors-4/#useraction-pseudos,
// the user action pseudo-classes :hover, :active, :focus, :focus-visible and :focus-within;
// https://drafts.csswg.org/selectors-4/#match-a-complex-selector-against-an-element).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package css

import (
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// cascadia matches selectors against the tree alone: it has no element state, parses
// :hover, :active and :focus as never matching and rejects :focus-visible and
// :focus-within. A selector naming one of them is matched here instead: it is cut into its
// compound selectors and combinators, each compound's state pseudo-classes are taken out and
// the rest of the compound is left to cascadia, and the combinators are matched right to
// left (https://drafts.csswg.org/selectors-4/#match-a-complex-selector-against-an-element).
//
// FIXME(spec): a state pseudo-class inside :is(), :where(), :has() or a :not() of more
// than that one pseudo-class is left to cascadia (never matching, or the rule dropped).

// ElementState reports whether element n is in a user action state: pseudo is "hover",
// "active", "focus", "focus-visible" or "focus-within" (or "modal", "open").
type ElementState func(n *html.Node, pseudo string) bool

// statePseudoClasses are the pseudo-classes StateSelector matches: the user action ones,
// and :modal and :open (HTML's element states of dialog and details).
func statePseudoClasses() [7]string {
	return [7]string{"focus-visible", "focus-within", "hover", "active", "focus", "modal", "open"}
}

// StateSelector is a complex selector with user action pseudo-classes. It is a
// cascadia.Sel: Match without a state matches as if the element were in none.
type StateSelector struct {
	compounds []stateCompound // left to right
	combs     []byte          // combs[i] joins compounds[i] and compounds[i+1]: ' ', '>', '+', '~'
	spec      cascadia.Specificity
	pseudo    string // a pseudo-element of the last compound ("before"), as cascadia reports it
	text      string
}

type stateCompound struct {
	sel     cascadia.Sel // the rest of the compound; nil: any element
	states  []string     // :hover
	without []string     // :not(:hover)
}

// MentionsElementState reports whether selector text may name a user action
// pseudo-class (a cheap test before ParseStateSelectorGroup).
func MentionsElementState(text string) bool {
	l := strings.ToLower(text)
	for _, p := range statePseudoClasses() {
		if strings.Contains(l, ":"+p) {
			return true
		}
	}
	return false
}

// ParseStateSelectorGroup parses a selector list in which user action pseudo-classes
// match. Each selector that names none is cascadia's own; the others are StateSelectors.
// pseudoElements: a pseudo-element may end a selector (style sheets), not (querySelector).
func ParseStateSelectorGroup(text string, pseudoElements bool) ([]cascadia.Sel, error) {
	parts := splitTopLevel(text, ',')
	out := make([]cascadia.Sel, 0, len(parts))
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, errEmptySelector
		}
		if !MentionsElementState(part) {
			var s cascadia.Sel
			var err error
			if pseudoElements {
				s, err = cascadia.ParseWithPseudoElement(part)
			} else {
				s, err = cascadia.Parse(part)
			}
			if err != nil {
				return nil, err
			}
			out = append(out, s)
			continue
		}
		s, err := parseStateSelector(part, pseudoElements)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

type selectorError string

func (e selectorError) Error() string { return string(e) }

const errEmptySelector = selectorError("empty selector")

// parseStateSelector parses one complex selector.
func parseStateSelector(text string, pseudoElements bool) (*StateSelector, error) {
	s := &StateSelector{text: text}
	compounds, combs, ok := splitCompounds(text)
	if !ok || len(compounds) == 0 {
		return nil, errEmptySelector
	}
	s.combs = combs
	for i, c := range compounds {
		var sc stateCompound
		rest := c
		for {
			name, without, a, b := findStatePseudo(rest)
			if a < 0 {
				break
			}
			if without {
				sc.without = append(sc.without, name)
			} else {
				sc.states = append(sc.states, name)
			}
			s.spec[1]++
			rest = rest[:a] + rest[b:]
		}
		if rest != "" && rest != "*" {
			if strings.HasPrefix(rest, "::") || rest[0] == ':' && isPseudoElementName(rest[1:]) {
				rest = "*" + rest
			}
			var sel cascadia.Sel
			var err error
			if pseudoElements && i == len(compounds)-1 {
				sel, err = cascadia.ParseWithPseudoElement(rest)
			} else {
				sel, err = cascadia.Parse(rest)
			}
			if err != nil {
				return nil, err
			}
			s.spec = s.spec.Add(sel.Specificity())
			s.pseudo = sel.PseudoElement()
			sc.sel = sel
		}
		s.compounds = append(s.compounds, sc)
	}
	return s, nil
}

func isPseudoElementName(s string) bool {
	switch strings.ToLower(s) {
	case "before", "after", "first-line", "first-letter":
		return true
	}
	return false
}

// findStatePseudo finds the first user action pseudo-class at the top level of a compound,
// or a :not() of one alone: its name, whether negated, and its byte range (a < 0: none).
func findStatePseudo(c string) (name string, without bool, a, b int) {
	depth := 0
	for i := 0; i < len(c); i++ {
		switch c[i] {
		case '\\':
			i++
			continue
		case '(', '[':
			depth++
			continue
		case ')', ']':
			depth--
			continue
		case '"', '\'':
			i = skipQuoted(c, i)
			continue
		case ':':
		default:
			continue
		}
		if depth != 0 || i+1 < len(c) && c[i+1] == ':' {
			continue
		}
		j := i + 1
		for j < len(c) && isIdentByte(c[j]) {
			j++
		}
		id := strings.ToLower(c[i+1 : j])
		if id == "not" && j < len(c) && c[j] == '(' {
			if end := strings.IndexByte(c[j:], ')'); end > 0 {
				inner := strings.ToLower(strings.TrimSpace(c[j+1 : j+end]))
				for _, p := range statePseudoClasses() {
					if inner == ":"+p {
						return p, true, i, j + end + 1
					}
				}
			}
			continue
		}
		if j < len(c) && c[j] == '(' {
			continue
		}
		for _, p := range statePseudoClasses() {
			if id == p {
				return p, false, i, j
			}
		}
	}
	return "", false, -1, -1
}

func isIdentByte(c byte) bool {
	return c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// skipString returns the index of the quote closing the string that starts at i.
func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\\' {
			j++
			continue
		}
		if s[j] == q {
			return j
		}
	}
	return len(s)
}

// splitTopLevel splits s at sep outside parentheses, brackets and strings.
func splitTopLevel(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '"' || c == '\'':
			i = skipQuoted(s, i)
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// splitCompounds cuts a complex selector into its compound selectors and the
// combinators between them; ok is false when a combinator starts or ends it, or follows
// another.
func splitCompounds(s string) (compounds []string, combs []byte, ok bool) {
	ok = true
	var cur strings.Builder
	pending := byte(0) // a combinator seen since the last compound
	flush := func() {
		if cur.Len() == 0 {
			return
		}
		if len(compounds) > 0 {
			if pending == 0 {
				pending = ' '
			}
			combs = append(combs, pending)
		}
		compounds = append(compounds, cur.String())
		cur.Reset()
		pending = 0
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			cur.WriteByte(c)
			cur.WriteByte(s[i+1])
			i++
			continue
		case c == '"' || c == '\'':
			j := min(skipQuoted(s, i), len(s)-1)
			cur.WriteString(s[i : j+1])
			i = j
			continue
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'):
			flush()
			continue
		case depth == 0 && (c == '>' || c == '+' || c == '~'):
			flush()
			if pending != 0 || len(compounds) == 0 {
				ok = false
			}
			pending = c
			continue
		}
		cur.WriteByte(c)
	}
	flush()
	if pending != 0 {
		ok = false // a combinator with nothing after it
	}
	return compounds, combs, ok
}

// Match matches n with no element in any user action state.
func (s *StateSelector) Match(n *html.Node) bool { return s.MatchState(n, nil) }

// MatchState matches n with the element states state reports (nil: none).
func (s *StateSelector) MatchState(n *html.Node, state ElementState) bool {
	return s.matchAt(n, len(s.compounds)-1, state)
}

func (s *StateSelector) matchAt(n *html.Node, i int, state ElementState) bool {
	if n == nil || n.Type != html.ElementNode || !s.compounds[i].match(n, state) {
		return false
	}
	if i == 0 {
		return true
	}
	switch s.combs[i-1] {
	case '>':
		return s.matchAt(n.Parent, i-1, state)
	case '+':
		return s.matchAt(prevElement(n), i-1, state)
	case '~':
		for p := prevElement(n); p != nil; p = prevElement(p) {
			if s.matchAt(p, i-1, state) {
				return true
			}
		}
		return false
	}
	for p := n.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if s.matchAt(p, i-1, state) {
			return true
		}
	}
	return false
}

func prevElement(n *html.Node) *html.Node {
	for p := n.PrevSibling; p != nil; p = p.PrevSibling {
		if p.Type == html.ElementNode {
			return p
		}
	}
	return nil
}

func (c *stateCompound) match(n *html.Node, state ElementState) bool {
	if c.sel != nil && !c.sel.Match(n) {
		return false
	}
	for _, p := range c.states {
		if state == nil || !state(n, p) {
			return false
		}
	}
	for _, p := range c.without {
		if state != nil && state(n, p) {
			return false
		}
	}
	return true
}

// Specificity counts each user action pseudo-class as a class.
func (s *StateSelector) Specificity() cascadia.Specificity { return s.spec }

// PseudoElement is the pseudo-element the selector ends with ("" for none).
func (s *StateSelector) PseudoElement() string { return s.pseudo }

// String is the selector's text.
func (s *StateSelector) String() string { return s.text }

// StateDependency is one compound of a StateSelector that tests user action states:
// when an element matching the rest of the compound (Matches) enters or leaves one of
// States, the elements the selector may now match or stop matching are the element itself
// (Subject: the compound is the selector's last), else its descendants, and with
// Siblings (a + or ~ after the compound) its later siblings and their descendants.
type StateDependency struct {
	States   []string
	Subject  bool
	Siblings bool
	sel      cascadia.Sel
}

// Matches reports whether n matches the compound apart from its user action states.
func (d *StateDependency) Matches(n *html.Node) bool {
	return n.Type == html.ElementNode && (d.sel == nil || d.sel.Match(n))
}

// StateDependencies lists the compounds of s that test user action states.
func (s *StateSelector) StateDependencies() []StateDependency {
	var out []StateDependency
	for i, c := range s.compounds {
		if len(c.states)+len(c.without) == 0 {
			continue
		}
		d := StateDependency{States: append(append([]string(nil), c.states...), c.without...), Subject: i == len(s.compounds)-1, sel: c.sel}
		for _, comb := range s.combs[i:] {
			if comb == '+' || comb == '~' {
				d.Siblings = true
			}
		}
		out = append(out, d)
	}
	return out
}
