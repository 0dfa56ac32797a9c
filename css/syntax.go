package css

import "strings"

// This file is the syntax layer: splitting text at top-level separators, declaration
// lists and style sheets. It works on text rather than on a token stream: what the engine
// supports needs only parentheses, quotes and comments to be respected.
// https://drafts.csswg.org/css-syntax/ (2026-11-01)

// SplitTopLevel splits s at sep where sep is outside parentheses and quoted strings (a
// declaration list at ';', a value list at ',').
func SplitTopLevel(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\'':
			i = skipString(s, i)
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// SplitCommas splits a comma-separated list at its top-level commas and trims each item.
func SplitCommas(s string) []string {
	out := SplitTopLevel(s, ',')
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// Fields splits a value at top-level whitespace, keeping functions whole
// ("rgb(1, 2, 3) solid" is two fields).
func Fields(s string) []string {
	var out []string
	depth, start := 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		}
		if depth == 0 && IsSpace(c) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// IsSpace reports CSS whitespace.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// IsIdent reports whether s is a plain CSS identifier (letters, digits, '-', '_'; no
// escapes). https://drafts.csswg.org/css-syntax/#would-start-an-identifier
func IsIdent(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return !(len(s) >= 2 && s[0] == '-' && s[1] >= '0' && s[1] <= '9')
}

// IsCustomProperty reports a custom property name (--*), whose case is kept.
func IsCustomProperty(name string) bool { return strings.HasPrefix(name, "--") }

// PropertyName lowercases a property name except a custom property's (ASCII only).
func PropertyName(name string) string {
	if IsCustomProperty(name) {
		return name
	}
	return asciiLower(name)
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// RawDeclaration is one declaration of a declaration list before its value is parsed.
type RawDeclaration struct {
	Name      string // lowercased, except custom properties
	Value     string // trimmed, without !important
	Important bool
}

// ParseDeclarationList splits a declaration list (a style attribute, a rule's body) into
// declarations; those without a colon, a name or a value are dropped.
// https://drafts.csswg.org/css-syntax/#parse-a-list-of-declarations
func ParseDeclarationList(src string) []RawDeclaration {
	var out []RawDeclaration
	for _, part := range SplitTopLevel(src, ';') {
		if d, ok := splitDeclaration(part); ok {
			out = append(out, d)
		}
	}
	return out
}

// splitDeclaration splits one declaration at its colon and takes !important off.
func splitDeclaration(part string) (RawDeclaration, bool) {
	colon := strings.IndexByte(part, ':')
	if colon < 0 {
		return RawDeclaration{}, false
	}
	name := PropertyName(strings.TrimSpace(part[:colon]))
	value := strings.TrimSpace(part[colon+1:])
	important := false
	if i := strings.LastIndexByte(value, '!'); i >= 0 && asciiLower(strings.TrimSpace(value[i+1:])) == "important" {
		important = true
		value = strings.TrimSpace(value[:i])
	}
	return RawDeclaration{name, value, important}, name != "" && value != ""
}

// RawRule is one qualified rule of a style sheet: its prelude (the selector text) and the
// text between its braces.
type RawRule struct {
	Prelude, Body string
	// Media are the preludes of the @media rules the rule is inside of, outermost first:
	// it applies when all of them match (ParseMediaQueryList).
	Media []string
}

// ParseStyleSheet splits a style sheet into its qualified rules, dropping comments and
// at-rules (with their blocks) but for @media, whose rules it keeps with their media.
// https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet
// https://drafts.csswg.org/css-conditional-3/#at-media
func ParseStyleSheet(text string) []RawRule {
	return parseRules(StripComments(text), nil, nil, 0)
}

// parseRules appends the rules of text, inside the @media preludes media, to rules.
func parseRules(text string, media []string, rules []RawRule, depth int) []RawRule {
	i := 0
	for i < len(text) {
		for i < len(text) && IsSpace(text[i]) {
			i++
		}
		if i >= len(text) {
			break
		}
		if text[i] == '@' {
			end := min(skipAtRule(text, i), len(text))
			if open := strings.IndexByte(text[i:end], '{'); open > 0 && depth < 16 &&
				strings.HasPrefix(asciiLower(text[i+1:i+open]), "media") && open > 6 && IsSpace(text[i+6]) {
				prelude := strings.TrimSpace(text[i+6 : i+open])
				inner := append(append([]string(nil), media...), prelude)
				close := end - 1 // the closing brace, or the end of an unclosed block
				if close < len(text) && text[close] != '}' {
					close = len(text)
				}
				rules = parseRules(text[i+open+1:max(i+open+1, close)], inner, rules, depth+1)
			}
			i = end
			continue
		}
		open := strings.IndexByte(text[i:], '{')
		if open < 0 {
			break
		}
		end := matchingBrace(text, i+open)
		rules = append(rules, RawRule{Prelude: strings.TrimSpace(text[i : i+open]), Body: text[i+open+1 : end], Media: media})
		i = end + 1
	}
	return rules
}

// StripComments removes /* comments */ (an unclosed one runs to the end).
func StripComments(s string) string {
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
	for i := open; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\'':
			i = skipString(s, i)
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
		switch c := s[j]; {
		case c == '"' || c == '\'':
			j = skipString(s, j)
		case c == ';':
			return j + 1
		case c == '{':
			return matchingBrace(s, j) + 1
		}
	}
	return len(s)
}

// skipString returns the index of the quote closing the string that opens at s[open] (a
// backslash escapes the next character), or len(s) when the string is not closed.
// https://drafts.csswg.org/css-syntax/#consume-string-token
func skipString(s string, open int) int {
	for i := open + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case s[open]:
			return i
		}
	}
	return len(s)
}
