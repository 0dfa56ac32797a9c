// Spec: Media Queries Level 4, Editor's Draft 2025-09 (https://drafts.csswg.org/mediaqueries-4/),
// and Level 5's prefers-* features (https://drafts.csswg.org/mediaqueries-5/). Tags:
// FIXME(spec), DEPARTURE, CHROME.

package css

import (
	"strconv"
	"strings"
)

// MediaEnv is what media queries are evaluated against.
type MediaEnv struct {
	Width, Height float64 // the viewport, CSS px
	ReducedMotion bool    // prefers-reduced-motion: reduce
	Dark          bool    // prefers-color-scheme: dark
}

// MediaQueryList is a parsed media query list: it matches when any of its queries does
// (an empty list matches). https://drafts.csswg.org/mediaqueries-4/#mq-list
type MediaQueryList struct {
	queries []mediaQuery
	text    string // the serialisation
}

// mediaQuery is one query: [not|only] [type] [and (feature)]..., or conditions only.
type mediaQuery struct {
	not      bool
	typeOK   bool // the media type matches the screen (all, screen, or none given)
	features []mediaFeature
	invalid  bool     // "not all"
	parts    []string // the serialisation's words after "not"
}

// mediaFeature is one (name: value), (name) or range (name op value) test.
type mediaFeature struct {
	name  string // width, height, orientation, prefers-reduced-motion, prefers-color-scheme, ...
	op    byte   // '=' (also min-/max- as '>'/'<' with equality), '>', '<', 'G' (>=), 'L' (<=), 0: boolean
	num   float64
	ident string
}

// ParseMediaQueryList parses a media query list; an invalid query becomes "not all".
// https://drafts.csswg.org/mediaqueries-4/#error-handling
// FIXME(spec): nested conditions (or, not inside parentheses), ratios, resolution and
// the other features of Level 4 are "not all" here.
func ParseMediaQueryList(s string) *MediaQueryList {
	l := &MediaQueryList{}
	s = strings.TrimSpace(StripComments(s))
	if s == "" {
		return l
	}
	var parts []string
	for _, q := range strings.Split(s, ",") {
		mq := parseMediaQuery(q)
		l.queries = append(l.queries, mq)
		parts = append(parts, mq.String())
	}
	l.text = strings.Join(parts, ", ")
	return l
}

// String is the list's serialisation (as MediaQueryList.media gives it).
func (l *MediaQueryList) String() string { return l.text }

// Matches evaluates the list against env.
func (l *MediaQueryList) Matches(env MediaEnv) bool {
	if len(l.queries) == 0 {
		return true
	}
	for _, q := range l.queries {
		if q.matches(env) {
			return true
		}
	}
	return false
}

func (q mediaQuery) matches(env MediaEnv) bool {
	if q.invalid {
		return false
	}
	ok := q.typeOK
	for _, f := range q.features {
		ok = ok && f.matches(env)
	}
	return ok != q.not
}

// String serialises the query (Chrome's form: lower case, "(name: value)" with one
// space, "and" between; "not all" for an invalid one).
func (q mediaQuery) String() string {
	if q.invalid {
		return "not all"
	}
	if q.not {
		return strings.Join(append([]string{"not"}, q.parts...), " ")
	}
	return strings.Join(q.parts, " ")
}

// parseMediaQuery parses one query of the list.
func parseMediaQuery(q string) mediaQuery {
	bad := mediaQuery{invalid: true}
	words := mediaTokens(strings.ToLower(strings.TrimSpace(q)))
	if len(words) == 0 {
		return bad
	}
	mq := mediaQuery{typeOK: true}
	i := 0
	if words[0] == "not" || words[0] == "only" {
		mq.not = words[0] == "not"
		i++
		if i >= len(words) || words[i][0] == '(' {
			return bad // not/only need a media type
		}
	}
	var parts []string
	if i < len(words) && words[i][0] != '(' {
		switch words[i] {
		case "all", "screen":
		case "print", "tty", "tv", "projection", "handheld", "braille", "embossed", "aural", "speech":
			mq.typeOK = false
		default:
			if words[i] == "and" || words[i] == "or" || words[i] == "not" || words[i] == "only" {
				return bad
			}
			mq.typeOK = false // an unknown type matches nothing
		}
		if words[0] == "only" {
			parts = append(parts, "only")
		}
		parts = append(parts, words[i])
		i++
		if i < len(words) && words[i] != "and" {
			return bad
		}
		if i < len(words) {
			i++
			if i >= len(words) {
				return bad
			}
		}
	}
	for ; i < len(words); i++ {
		w := words[i]
		if w[0] != '(' || w[len(w)-1] != ')' {
			return bad
		}
		f, text, ok := parseMediaFeature(w[1 : len(w)-1])
		if !ok {
			return bad
		}
		if len(parts) > 0 {
			parts = append(parts, "and")
		}
		parts = append(parts, text)
		mq.features = append(mq.features, f)
		if i+1 < len(words) {
			if words[i+1] != "and" || i+2 >= len(words) {
				return bad
			}
			i++
		}
	}
	mq.parts = parts
	return mq
}

// mediaTokens splits a query into words and parenthesised groups.
func mediaTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case IsSpace(c):
			i++
		case c == '(':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				return []string{"("} // unbalanced: invalid
			}
			out = append(out, s[i:j+1])
			i = j + 1
		default:
			j := i
			for j < len(s) && !IsSpace(s[j]) && s[j] != '(' {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

// The features that take a length and those that take a keyword, with their keywords.
var (
	mediaLengthFeatures  = map[string]bool{"width": true, "height": true}
	mediaKeywordFeatures = map[string][]string{
		"orientation":            {"portrait", "landscape"},
		"prefers-reduced-motion": {"no-preference", "reduce"},
		"prefers-color-scheme":   {"light", "dark"},
	}
)

// parseMediaFeature parses the inside of one parenthesised feature test and returns its
// serialisation.
func parseMediaFeature(s string) (mediaFeature, string, bool) {
	s = strings.TrimSpace(s)
	for _, op := range []string{">=", "<=", "=", ">", "<"} {
		if i := strings.Index(s, op); i > 0 {
			return parseMediaRange(strings.TrimSpace(s[:i]), op, strings.TrimSpace(s[i+len(op):]))
		}
	}
	name, value, hasValue := strings.Cut(s, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	f := mediaFeature{name: name}
	base, prefix := name, byte('=')
	if strings.HasPrefix(name, "min-") {
		base, prefix = name[4:], 'G'
	} else if strings.HasPrefix(name, "max-") {
		base, prefix = name[4:], 'L'
	}
	if !hasValue {
		if prefix != '=' || (!mediaLengthFeatures[name] && mediaKeywordFeatures[name] == nil) {
			return f, "", false
		}
		f.op = 0
		return f, "(" + name + ")", true
	}
	f.name, f.op = base, prefix
	if mediaLengthFeatures[base] {
		px, text, ok := mediaLength(value)
		if !ok {
			return f, "", false
		}
		f.num = px
		return f, "(" + name + ": " + text + ")", true
	}
	if kws := mediaKeywordFeatures[base]; kws != nil && prefix == '=' {
		for _, k := range kws {
			if value == k {
				f.ident = k
				return f, "(" + name + ": " + value + ")", true
			}
		}
	}
	return f, "", false
}

// parseMediaRange parses "width >= 600px" (or "600px <= width").
func parseMediaRange(a, op, b string) (mediaFeature, string, bool) {
	name, value := a, b
	if !mediaLengthFeatures[a] {
		name, value = b, a
		op = map[string]string{">=": "<=", "<=": ">=", ">": "<", "<": ">", "=": "="}[op]
	}
	if !mediaLengthFeatures[name] {
		return mediaFeature{}, "", false
	}
	px, text, ok := mediaLength(value)
	if !ok {
		return mediaFeature{}, "", false
	}
	code := map[string]byte{">=": 'G', "<=": 'L', "=": '=', ">": '>', "<": '<'}[op]
	return mediaFeature{name: name, op: code, num: px}, "(" + name + " " + op + " " + text + ")", true
}

// mediaLength parses a length of a media feature: px, em and rem (16 px: the initial
// font size, as the spec says for relative units in media queries), or 0.
func mediaLength(v string) (px float64, text string, ok bool) {
	num, unit := v, ""
	for i := len(v); i > 0; i-- {
		c := v[i-1]
		if c >= '0' && c <= '9' || c == '.' {
			num, unit = v[:i], v[i:]
			break
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, "", false
	}
	text = strconv.FormatFloat(f, 'f', -1, 64) + unit
	switch unit {
	case "px":
		return f, text, true
	case "em", "rem":
		return f * 16, text, true
	case "":
		return f, text, f == 0
	}
	return 0, "", false
}

func (f mediaFeature) matches(env MediaEnv) bool {
	var v float64
	switch f.name {
	case "width":
		v = env.Width
	case "height":
		v = env.Height
	case "orientation":
		o := "landscape"
		if env.Height >= env.Width {
			o = "portrait"
		}
		return f.op == 0 || o == f.ident
	case "prefers-reduced-motion":
		p := "no-preference"
		if env.ReducedMotion {
			p = "reduce"
		}
		if f.op == 0 {
			return env.ReducedMotion
		}
		return p == f.ident
	case "prefers-color-scheme":
		p := "light"
		if env.Dark {
			p = "dark"
		}
		return f.op == 0 || p == f.ident
	default:
		return false
	}
	switch f.op {
	case 0:
		return v != 0
	case '=':
		return v == f.num
	case 'G':
		return v >= f.num
	case 'L':
		return v <= f.num
	case '>':
		return v > f.num
	case '<':
		return v < f.num
	}
	return false
}
