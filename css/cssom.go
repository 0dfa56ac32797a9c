package css

import "strings"

// The CSSOM side: specified values as el.style and cssText serialise them in Chrome.
// https://drafts.csswg.org/cssom/ (2026-11-01)

// NormalizeSpecified returns a declared value the way Chrome's CSSOM serialises it:
// whitespace collapsed, a keyword (a value that is one identifier) and units lowercased,
// 0 → 0px for lengths, colours of colour properties as rgb()/rgba() (named colours stay
// names), #hex colours elsewhere too. It reports false for values Chrome rejects: a unitless length other than 0, or a
// colour property's value that is not a colour. Custom properties keep their value as
// written. https://drafts.csswg.org/cssom/#serialize-a-css-value
// FIXME(spec): other values are kept as written (after the above), where Chrome
// re-serialises them from its parsed form, and they are not checked against their
// property's grammar.
func NormalizeSpecified(name, v string) (string, bool) {
	if IsCustomProperty(name) {
		return v, true
	}
	v = strings.Join(strings.Fields(v), " ")
	if IsIdent(v) && (!colorProperties[name] || parseGlobal(v) != GlobalNone) {
		if name == "font-family" && parseGlobal(v) == GlobalNone {
			return v, true // a family name keeps its case
		}
		return asciiLower(v), true
	}
	if name == "transform" {
		lower := asciiLower(v)
		if _, ok := parseLonghand(PropTransform, lower); !ok {
			return "", false
		}
		if strings.Contains(lower, "calc(") || strings.Contains(lower, "min(") ||
			strings.Contains(lower, "max(") || strings.Contains(lower, "clamp(") {
			return SerializeMathIn(v)
		}
	}
	fields := Fields(v)
	if colorProperties[name] && len(fields) != 1 && (name != "border-color" || len(fields) > 4) {
		return "", false
	}
	for i, f := range fields {
		n, ok := normalizeField(name, f)
		if !ok {
			return "", false
		}
		fields[i] = n
	}
	return strings.Join(fields, " "), true
}

// normalizeField normalises one top-level component of a declared value.
func normalizeField(name, f string) (string, bool) {
	switch {
	case colorProperties[name]:
		return normalizeColor(f)
	case lengthProperties[name] && IsMathFunction(asciiLower(f)):
		// Border and outline widths take no percentage (min(10%, 5px) is invalid).
		noPct := strings.HasSuffix(name, "-width") && (strings.HasPrefix(name, "border") || strings.HasPrefix(name, "outline"))
		c, ok := ParseCalc(asciiLower(f), !noPct)
		if !ok {
			return "", false
		}
		return c.Serialize(), true
	case lengthProperties[name]:
		if n, ok := ParseNumber(f); ok {
			return "0px", n == 0
		}
	}
	return normalizeToken(f), true
}

// normalizeColor serialises a specified <color>: a named colour or keyword lowercased,
// anything else as rgb()/rgba(). https://drafts.csswg.org/css-color/#serializing-color-values
func normalizeColor(f string) (string, bool) {
	if IsIdent(f) {
		lower := asciiLower(f)
		_, ok := ParseColor(lower)
		return lower, ok || lower == "currentcolor" || systemColors[lower]
	}
	c, ok := ParseColor(f)
	if !ok {
		return "", false
	}
	return FormatColor(c), true
}

// systemColors are the <system-color> keywords. https://drafts.csswg.org/css-color/#css-system-colors
var systemColors = setOf("accentcolor accentcolortext activetext buttonborder buttonface buttontext canvas " +
	"canvastext field fieldtext graytext highlight highlighttext linktext mark marktext selecteditem " +
	"selecteditemtext visitedtext")

// normalizeToken lowercases a dimension's unit and converts a hex colour.
func normalizeToken(t string) string {
	if len(t) > 1 && t[0] == '#' {
		if c, ok := ParseHexColor(t[1:]); ok {
			return FormatColor(c)
		}
		return t
	}
	i := 0
	if i < len(t) && (t[i] == '-' || t[i] == '+') {
		i++
	}
	digits := i
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	if i == digits || i == len(t) {
		return t
	}
	unit := t[i:]
	if IsIdent(unit) || unit == "%" {
		return t[:i] + asciiLower(unit)
	}
	return t
}

// BoxSide returns side i (0 top … 3 left) of a box shorthand's 1–4 values: how a
// longhand reads when only its shorthand is set.
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertyvalue
func BoxSide(v string, i int) string {
	f := Fields(v)
	switch len(f) {
	case 1:
		return f[0]
	case 2:
		return f[i%2]
	case 3:
		if i == 3 {
			return f[1]
		}
		return f[i]
	case 4:
		return f[i]
	}
	return ""
}
