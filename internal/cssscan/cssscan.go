// Package cssscan has the CSS text scanning that the DOM (inline style, CSSOM) and the
// renderer (style sheets, the style attribute) both need.
package cssscan

// SplitTopLevel splits s at sep where sep is outside parentheses and quoted strings (a
// declaration list at ';', a value list at ',').
func SplitTopLevel(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
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
