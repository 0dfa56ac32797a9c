package render

import (
	"strings"

	"github.com/andybalholm/cascadia"
)

// styleRule is one selector of a style rule with the rule's declarations: a selector
// list is split so that each selector has its own specificity.
type styleRule struct {
	sel   cascadia.Sel
	spec  cascadia.Specificity
	order int  // position in the cascade's document order
	ua    bool // from the user-agent style sheet
	decls []declaration
}

// parseStyleSheet parses CSS text into style rules, starting at order.
// Selectors go through cascadia; at-rules and rules with selectors it cannot parse
// (or pseudo-elements) are skipped, as a browser drops invalid rules.
// https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet
func parseStyleSheet(css string, order int) []styleRule {
	css = stripComments(css)
	var rules []styleRule
	i := 0
	for i < len(css) {
		for i < len(css) && isSpace(css[i]) {
			i++
		}
		if i >= len(css) {
			break
		}
		if css[i] == '@' {
			i = skipAtRule(css, i)
			continue
		}
		open := strings.IndexByte(css[i:], '{')
		if open < 0 {
			break
		}
		prelude := strings.TrimSpace(css[i : i+open])
		bodyStart := i + open + 1
		end := matchingBrace(css, i+open)
		body := css[bodyStart:end]
		i = end + 1
		group, err := cascadia.ParseGroupWithPseudoElements(prelude)
		if err != nil {
			continue
		}
		decls := parseDeclarationBlock(body, nil)
		for _, sel := range group {
			if sel.PseudoElement() != "" {
				continue
			}
			rules = append(rules, styleRule{sel: sel, spec: sel.Specificity(), order: order, decls: decls})
			order++
		}
	}
	return rules
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func stripComments(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return b.String()
		}
		s = s[i+2+j+2:]
	}
}

// matchingBrace returns the index of the brace closing the one at open (or len(s)).
func matchingBrace(s string, open int) int {
	depth := 0
	var quote byte
	for i := open; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// skipAtRule skips an at-rule: up to its semicolon, or its whole block.
func skipAtRule(s string, i int) int {
	for j := i; j < len(s); j++ {
		switch s[j] {
		case ';':
			return j + 1
		case '{':
			return matchingBrace(s, j) + 1
		}
	}
	return len(s)
}
