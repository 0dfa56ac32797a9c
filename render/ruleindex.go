package render

// The rule index: style rules bucketed by their rightmost compound selector, as browsers
// do, so that an element is matched against the rules that can apply to it instead of
// every rule of the document (8,000 elements × 8,000 class rules was 64 million matches).
// https://drafts.csswg.org/selectors-4/#structure (2026-11-01): a complex selector matches
// an element only if its last compound selector does, so a simple selector at the top level
// of that compound (an id, a class, a type) is a necessary condition for the match.
//
// Each rule gets one key when its sheet is parsed (ruleKeyOf): its rightmost compound's
// id if it has one, else its first class, else its type, else none (the universal
// bucket). An element's candidates are the universal bucket and the buckets of its
// tag, id and classes; they are matched in cascade order, so the result is the same list
// the scan of every rule gave. A selector the key scanner is not sure of (an escape, a
// namespace, anything unusual) goes to the universal bucket: it costs time, never a match.

import (
	"slices"
	"strings"

	"golang.org/x/net/html"

	"loopscope/css"
)

// keyKind is which bucket a rule is kept in.
type keyKind uint8

const (
	keyUniversal keyKind = iota
	keyID
	keyClass
	keyTag
)

// ruleKey is the simple selector a rule is indexed by.
type ruleKey struct {
	kind keyKind
	name string
}

// ruleIndex maps keys to the positions of the rules (in Engine.rules) that have them,
// each list in cascade order.
type ruleIndex struct {
	universal []int32
	byID      map[string][]int32
	byClass   map[string][]int32
	byTag     map[string][]int32
}

// build indexes rules (the engine's rule list, in cascade order).
func (ix *ruleIndex) build(rules []styleRule) {
	ix.universal = ix.universal[:0]
	ix.byID = map[string][]int32{}
	ix.byClass = map[string][]int32{}
	ix.byTag = map[string][]int32{}
	for i := range rules {
		k := rules[i].key
		switch k.kind {
		case keyID:
			ix.byID[k.name] = append(ix.byID[k.name], int32(i))
		case keyClass:
			ix.byClass[k.name] = append(ix.byClass[k.name], int32(i))
		case keyTag:
			ix.byTag[k.name] = append(ix.byTag[k.name], int32(i))
		default:
			ix.universal = append(ix.universal, int32(i))
		}
	}
}

// candidates appends to buf (emptied) the positions of the rules that can match element
// n, ascending and without repeats: the universal rules and those keyed by n's tag, id or
// one of its classes. Attributes are read as cascadia reads them (any namespace, classes
// split at ASCII whitespace).
func (ix *ruleIndex) candidates(n *html.Node, buf []int32) []int32 {
	buf = append(buf[:0], ix.universal...)
	buf = append(buf, ix.byTag[n.Data]...)
	for _, a := range n.Attr {
		switch a.Key {
		case "id":
			buf = append(buf, ix.byID[a.Val]...)
		case "class":
			for _, c := range strings.FieldsFunc(a.Val, isSelectorSpace) {
				buf = append(buf, ix.byClass[c]...)
			}
		}
	}
	slices.Sort(buf)
	return slices.Compact(buf)
}

// isSelectorSpace is the whitespace that separates class names (cascadia's set).
func isSelectorSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '\f'
}

// selectorKeys gives the key of each selector of a rule's selector list (its prelude),
// in the order cascadia parsed them (n of them). If the list cannot be split with
// certainty (an escape anywhere, or a count that differs from cascadia's) every selector
// is universal.
func selectorKeys(prelude string, n int) []ruleKey {
	keys := make([]ruleKey, n)
	if strings.ContainsRune(prelude, '\\') {
		return keys
	}
	parts := css.SplitCommas(prelude)
	if len(parts) != n {
		return keys
	}
	for i, p := range parts {
		keys[i] = ruleKeyOf(p)
	}
	return keys
}

// ruleKeyOf finds the key of one complex selector (no escapes, no comments): the last
// compound is what follows the last top-level combinator.
func ruleKeyOf(sel string) ruleKey {
	start := 0
	for i := 0; i < len(sel); i++ {
		switch c := sel[i]; c {
		case '"', '\'':
			i = skipQuoted(sel, i)
		case '(', '[':
			i = skipBlock(sel, i)
		case ' ', '\t', '\n', '\r', '\f', '>', '+', '~':
			start = i + 1
		}
		if i < 0 {
			return ruleKey{}
		}
	}
	return compoundKey(sel[start:])
}

// compoundKey scans one compound selector: an optional type or *, then #id, .class,
// [attribute] and :pseudo-class(…) in any order. Anything else gives the universal key.
func compoundKey(s string) ruleKey {
	var id, class, tag string
	i := 0
	if i < len(s) && s[i] == '*' {
		i++
	} else if n := identLen(s); n > 0 {
		tag, i = strings.ToLower(s[:n]), n // cascadia lowercases ASCII type selectors only
		if !isASCII(tag) {
			tag = ""
		}
	}
	for i < len(s) {
		switch s[i] {
		case '#':
			n := nameLen(s[i+1:])
			if n == 0 {
				return ruleKey{}
			}
			if id == "" {
				id = s[i+1 : i+1+n]
			}
			i += 1 + n
		case '.':
			n := identLen(s[i+1:])
			if n == 0 {
				return ruleKey{}
			}
			if class == "" {
				class = s[i+1 : i+1+n]
			}
			i += 1 + n
		case '[':
			if i = skipBlock(s, i); i < 0 {
				return ruleKey{}
			}
			i++
		case ':':
			i++
			if i < len(s) && s[i] == ':' {
				return ruleKey{} // a pseudo-element: such rules are not kept anyway
			}
			n := identLen(s[i:])
			if n == 0 {
				return ruleKey{}
			}
			i += n
			if i < len(s) && s[i] == '(' {
				if i = skipBlock(s, i); i < 0 {
					return ruleKey{}
				}
				i++
			}
		default:
			return ruleKey{} // a namespace bar, or text the scanner does not know
		}
	}
	switch {
	case id != "":
		return ruleKey{keyID, id}
	case class != "":
		return ruleKey{keyClass, class}
	case tag != "":
		return ruleKey{keyTag, tag}
	}
	return ruleKey{}
}

// skipQuoted returns the position of the quote closing the string opened at i, or -1.
func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		if s[j] == q {
			return j
		}
	}
	return -1
}

// skipBlock returns the position of the bracket closing the one at i (parentheses and
// square brackets nest, strings are skipped), or -1.
func skipBlock(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth--; depth == 0 {
				return j
			}
		case '"', '\'':
			if j = skipQuoted(s, j); j < 0 {
				return -1
			}
		}
	}
	return -1
}

func isNameByte(c byte) bool {
	return c >= 0x80 || c == '_' || c == '-' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

// nameLen is the length of the name at the start of s (an id's name may start with a digit).
func nameLen(s string) int {
	n := 0
	for n < len(s) && isNameByte(s[n]) {
		n++
	}
	return n
}

// identLen is the length of the identifier at the start of s, 0 if there is none.
func identLen(s string) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) || !(isNameByte(s[i]) && (s[i] < '0' || s[i] > '9')) {
		return 0
	}
	return i + nameLen(s[i:])
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
