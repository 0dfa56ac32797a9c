package render

import (
	"strings"

	"loopscope/css"
)

// What the selectors in use can depend on, found by reading them: style invalidation
// (invalidation.go) restyles, for a change, only the elements these dependencies reach.

// selectorDeps is what the selectors in use can depend on, found by reading them.
type selectorDeps struct {
	attrs    map[string]bool // attribute names selectors test ("class" for .x, "id" for #x)
	anyAttr  bool            // a pseudo-class reads attributes not listed (:checked, :link, :lang)
	siblings bool            // a sibling combinator (+, ~): a change reaches later siblings
	text     bool            // selectors read text or children (:empty, :contains, :has):
	unsure   bool            // a selector reaches ancestors (:has) or is not understood
	// states lists, by user action pseudo-class (hover, active, focus, focus-visible,
	// focus-within), the compounds that test it, with the key of their rule's subject:
	// Blink's invalidation sets, per compound (invalidation.go's stateInvalidate).
	states map[string][]stateDep
}

// stateDep is one compound testing a user action state, and its rule's subject key.
type stateDep struct {
	css.StateDependency
	key ruleKey
}

// analyseSelectors reads the selectors of rules (their serialisation by cascadia) for
// the attributes and relations they depend on. It over-approximates: a '.', '#' or '+'
// inside a string counts too.
func analyseSelectors(rules []styleRule) selectorDeps {
	d := selectorDeps{attrs: map[string]bool{}, states: map[string][]stateDep{}}
	for i := range rules {
		d.scan(rules[i].sel.String())
		if ss, ok := rules[i].sel.(*css.StateSelector); ok {
			for _, dep := range ss.StateDependencies() {
				for _, p := range dep.States {
					d.states[p] = append(d.states[p], stateDep{dep, rules[i].key})
				}
			}
		}
	}
	return d
}

func (d *selectorDeps) scan(s string) {
	ident := func(i int) (string, int) {
		j := i
		for j < len(s) && (s[j] == '-' || s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9' || s[j] >= 0x80) {
			j++
		}
		return strings.ToLower(s[i:j]), j
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			d.attrs["class"] = true
		case '#':
			d.attrs["id"] = true
		case '[':
			name, _ := ident(i + 1)
			if k := strings.IndexByte(name, '|'); k >= 0 {
				name = name[k+1:]
			}
			d.attrs[name] = true
		case '+', '~':
			d.siblings = true
		case ':':
			name, j := ident(i + 1)
			d.pseudoClass(name)
			i = j - 1
		}
	}
}

// pseudoClass records what one pseudo-class depends on.
func (d *selectorDeps) pseudoClass(name string) {
	switch name {
	case "not", "is", "where", "matches-any":
		// their arguments are scanned as the rest of the selector
	case "first-child", "last-child", "only-child", "first-of-type", "last-of-type", "only-of-type",
		"nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "root":
		d.siblings = true // a sibling's insertion or removal (children changes restyle fully anyway)
	case "empty":
		d.text = true
	case "checked", "disabled", "enabled", "link", "any-link", "required", "optional", "read-only",
		"read-write", "placeholder-shown", "selected", "lang", "input", "button":
		d.anyAttr = true
	case "hover", "active", "focus", "focus-visible", "focus-within", "visited", "target", "modal", "open":
		// user action states, :modal and :open: css.StateSelector's, recorded by analyseSelectors
	default: // :has, :contains, :matches (text regexps) and anything unknown
		d.text, d.unsure = true, true
	}
}
