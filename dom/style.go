package dom

import (
	"strconv"
	"strings"

	"loopscope/internal/cssscan"
)

// styleDecl is an element's inline CSS declaration block, kept in sync with its style
// attribute both ways. https://drafts.csswg.org/cssom/#css-declaration-blocks
type styleDecl struct {
	owner    *Node
	decls    []cssDecl
	stale    bool // the style attribute changed; re-parse before use
	updating bool // we are writing the style attribute ourselves
}

type cssDecl struct {
	name, value string
	important   bool
}

// inlineStyle returns n's declaration block, re-parsed if the attribute changed.
func (n *Node) inlineStyle() *styleDecl {
	if n.style == nil {
		n.style = &styleDecl{owner: n, stale: true}
	}
	s := n.style
	if s.stale {
		s.stale = false
		attr, _ := n.GetAttribute("style")
		s.decls = parseDeclarations(attr)
	}
	return s
}

// parseDeclarations parses a declaration list (the style attribute), keeping the last
// valid value of each property. https://drafts.csswg.org/css-syntax/#parse-a-list-of-declarations
func parseDeclarations(src string) []cssDecl {
	var out []cssDecl
	for _, part := range cssscan.SplitTopLevel(src, ';') {
		colon := strings.IndexByte(part, ':')
		if colon < 0 {
			continue
		}
		name := strings.TrimSpace(part[:colon])
		if !strings.HasPrefix(name, "--") {
			name = asciiLower(name)
		}
		value := strings.TrimSpace(part[colon+1:])
		important := false
		if i := strings.LastIndexByte(value, '!'); i >= 0 && asciiLower(strings.TrimSpace(value[i+1:])) == "important" {
			important = true
			value = strings.TrimSpace(value[:i])
		}
		if name == "" || value == "" {
			continue
		}
		v, ok := normalizeCSSValue(name, value)
		if !ok {
			continue
		}
		out = setDecl(out, cssDecl{name, v, important})
	}
	return out
}

// setDecl sets or replaces a declaration, keeping the position of an existing one.
func setDecl(decls []cssDecl, d cssDecl) []cssDecl {
	for i := range decls {
		if decls[i].name == d.name {
			decls[i] = d
			return decls
		}
	}
	return append(decls, d)
}

// cssText serializes the block. https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block
func (s *styleDecl) cssText() string {
	var b strings.Builder
	for i, d := range s.decls {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d.name)
		b.WriteString(": ")
		b.WriteString(d.value)
		if d.important {
			b.WriteString(" !important")
		}
		b.WriteByte(';')
	}
	return b.String()
}

// setCSSText replaces all declarations. https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-csstext
func (s *styleDecl) setCSSText(text string) {
	s.decls = parseDeclarations(text)
	s.updateStyleAttribute()
}

// getPropertyValue returns a property's value ("" when not set); longhands of a set
// margin/padding/inset shorthand are derived from it.
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertyvalue
func (s *styleDecl) getPropertyValue(name string) string {
	if !strings.HasPrefix(name, "--") {
		name = asciiLower(name)
	}
	for _, d := range s.decls {
		if d.name == name {
			return d.value
		}
	}
	if short, idx, ok := boxShorthandOf(name); ok {
		for _, d := range s.decls {
			if d.name == short {
				return boxSide(d.value, idx)
			}
		}
	}
	return ""
}

// getPropertyPriority returns "important" or "".
func (s *styleDecl) getPropertyPriority(name string) string {
	name = asciiLower(name)
	for _, d := range s.decls {
		if d.name == name && d.important {
			return "important"
		}
	}
	return ""
}

// setProperty sets a property. https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty
func (s *styleDecl) setProperty(name, value, priority string, known func(string) bool) {
	if !strings.HasPrefix(name, "--") {
		name = asciiLower(name)
		if !known(name) {
			return
		}
	}
	if value == "" {
		s.removeProperty(name)
		return
	}
	priority = asciiLower(priority)
	if priority != "" && priority != "important" {
		return
	}
	v, ok := normalizeCSSValue(name, strings.TrimSpace(value))
	if !ok {
		return
	}
	s.decls = setDecl(s.decls, cssDecl{name, v, priority == "important"})
	s.updateStyleAttribute()
}

// removeProperty removes a property and returns its old value.
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-removeproperty
func (s *styleDecl) removeProperty(name string) string {
	if !strings.HasPrefix(name, "--") {
		name = asciiLower(name)
	}
	old := s.getPropertyValue(name)
	removed := false
	for i := range s.decls {
		if s.decls[i].name == name {
			s.decls = append(s.decls[:i], s.decls[i+1:]...)
			removed = true
			break
		}
	}
	if removed {
		s.updateStyleAttribute()
	}
	return old
}

// updateStyleAttribute writes the serialization back to the owner's style attribute.
// https://drafts.csswg.org/cssom/#update-style-attribute-for
func (s *styleDecl) updateStyleAttribute() {
	s.updating = true
	s.owner.setAttributeValue("style", s.cssText())
	s.updating = false
}

// boxShorthandOf maps margin-top etc. to (shorthand, side index 0..3).
func boxShorthandOf(name string) (string, int, bool) {
	for _, short := range [...]string{"margin", "padding"} {
		if strings.HasPrefix(name, short+"-") {
			switch name[len(short)+1:] {
			case "top":
				return short, 0, true
			case "right":
				return short, 1, true
			case "bottom":
				return short, 2, true
			case "left":
				return short, 3, true
			}
		}
	}
	switch name {
	case "top":
		return "inset", 0, true
	case "right":
		return "inset", 1, true
	case "bottom":
		return "inset", 2, true
	case "left":
		return "inset", 3, true
	}
	return "", 0, false
}

// boxSide returns side i of a 1-4 value box shorthand.
func boxSide(v string, i int) string {
	f := strings.Fields(v)
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

// isLengthProperty reports whether a property takes lengths where unitless numbers
// (other than 0) are invalid.
func isLengthProperty(name string) bool {
	switch name {
	case "width", "height", "min-width", "min-height", "max-width", "max-height",
		"top", "right", "bottom", "left", "margin", "margin-top", "margin-right", "margin-bottom",
		"margin-left", "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
		"font-size", "border-width", "border-top-width", "border-right-width", "border-bottom-width",
		"border-left-width", "border-radius", "gap", "row-gap", "column-gap", "letter-spacing",
		"word-spacing", "outline-width", "text-indent", "flex-basis", "inset":
		return true
	}
	return false
}

// normalizeCSSValue applies the value normalizations Chrome's serialization makes visible:
// keywords lowercased, units lowercased, 0 → 0px for lengths, #hex colors → rgb().
// It reports false for values Chrome rejects (unitless non-zero lengths).
func normalizeCSSValue(name, v string) (string, bool) {
	if strings.HasPrefix(name, "--") {
		return v, true
	}
	v = strings.Join(strings.Fields(v), " ")
	if isIdent(v) {
		return asciiLower(v), true
	}
	if isLengthProperty(name) && !strings.ContainsAny(v, "( ") {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			if f != 0 {
				return "", false
			}
			return "0px", true
		}
	}
	if !strings.ContainsAny(v, "#0123456789") {
		return v, true
	}
	fields := strings.Split(v, " ")
	for i, f := range fields {
		fields[i] = normalizeCSSToken(f)
	}
	return strings.Join(fields, " "), true
}

// normalizeCSSToken lowercases a dimension's unit and converts a hex color.
func normalizeCSSToken(t string) string {
	if len(t) > 1 && t[0] == '#' {
		if c, ok := hexColor(t[1:]); ok {
			return c
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
	if isIdent(unit) || unit == "%" {
		return t[:i] + asciiLower(unit)
	}
	return t
}

// isIdent reports whether s is a plain CSS identifier (letters, digits, '-', '_').
func isIdent(s string) bool {
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

// hexColor converts 3, 4, 6 or 8 hex digits to Chrome's rgb()/rgba() serialization.
// https://drafts.csswg.org/css-color/#serializing-sRGB-values
func hexColor(h string) (string, bool) {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return "", false
		}
	}
	var r, g, b, a uint64 = 0, 0, 0, 255
	switch len(h) {
	case 3, 4:
		x := func(i int) uint64 { v, _ := strconv.ParseUint(h[i:i+1], 16, 8); return v * 17 }
		r, g, b = x(0), x(1), x(2)
		if len(h) == 4 {
			a = x(3)
		}
	case 6, 8:
		x := func(i int) uint64 { v, _ := strconv.ParseUint(h[i:i+2], 16, 8); return v }
		r, g, b = x(0), x(2), x(4)
		if len(h) == 8 {
			a = x(6)
		}
	default:
		return "", false
	}
	rgb := strconv.FormatUint(r, 10) + ", " + strconv.FormatUint(g, 10) + ", " + strconv.FormatUint(b, 10)
	if a == 255 {
		return "rgb(" + rgb + ")", true
	}
	// Chrome prints alpha with the fewest decimals that map back to the same 8-bit value.
	f := float64(a) / 255
	alpha := strconv.FormatFloat(f, 'f', 6, 64)
	for p := 1; p <= 6; p++ {
		s := strconv.FormatFloat(f, 'f', p, 64)
		if v, _ := strconv.ParseFloat(s, 64); uint64(v*255+0.5) == a {
			alpha = s
			break
		}
	}
	alpha = strings.TrimRight(strings.TrimRight(alpha, "0"), ".")
	if alpha == "" {
		alpha = "0"
	}
	return "rgba(" + rgb + ", " + alpha + ")", true
}

// cssPropertyName maps an IDL attribute name (camelCase, webkit-cased, cssFloat or dashed)
// to a CSS property name. https://drafts.csswg.org/cssom/#idl-attribute-to-css-property
func cssPropertyName(attr string) string {
	if attr == "cssFloat" {
		return "float"
	}
	if strings.IndexByte(attr, '-') >= 0 {
		return attr
	}
	var b strings.Builder
	for i := 0; i < len(attr); i++ {
		c := attr[i]
		if c >= 'A' && c <= 'Z' {
			b.WriteByte('-')
			b.WriteByte(c + 'a' - 'A')
		} else {
			b.WriteByte(c)
		}
	}
	s := b.String()
	if strings.HasPrefix(s, "webkit-") {
		s = "-" + s
	}
	return s
}

// cssProperties lists the CSS properties the style object exposes.
const cssProperties = "align-content align-items align-self all animation animation-delay animation-direction " +
	"animation-duration animation-fill-mode animation-iteration-count animation-name animation-play-state " +
	"animation-timing-function appearance aspect-ratio backface-visibility background background-attachment " +
	"background-blend-mode background-clip background-color background-image background-origin " +
	"background-position background-position-x background-position-y background-repeat background-size " +
	"block-size border border-block border-block-end border-block-start border-bottom border-bottom-color " +
	"border-bottom-left-radius border-bottom-right-radius border-bottom-style border-bottom-width " +
	"border-collapse border-color border-image border-inline border-inline-end border-inline-start " +
	"border-left border-left-color border-left-style border-left-width border-radius border-right " +
	"border-right-color border-right-style border-right-width border-spacing border-style border-top " +
	"border-top-color border-top-left-radius border-top-right-radius border-top-style border-top-width " +
	"border-width bottom box-shadow box-sizing caption-side caret-color clear clip clip-path color " +
	"column-count column-gap column-rule column-width columns contain content content-visibility " +
	"counter-increment counter-reset cursor direction display empty-cells filter flex flex-basis " +
	"flex-direction flex-flow flex-grow flex-shrink flex-wrap float font font-family font-feature-settings " +
	"font-kerning font-size font-stretch font-style font-variant font-weight gap grid grid-area " +
	"grid-auto-columns grid-auto-flow grid-auto-rows grid-column grid-column-end grid-column-start grid-row " +
	"grid-row-end grid-row-start grid-template grid-template-areas grid-template-columns grid-template-rows " +
	"height hyphens image-rendering inline-size inset isolation justify-content justify-items justify-self " +
	"left letter-spacing line-height list-style list-style-image list-style-position list-style-type margin " +
	"margin-block margin-bottom margin-inline margin-left margin-right margin-top mask max-height max-width " +
	"min-height min-width mix-blend-mode object-fit object-position opacity order outline outline-color " +
	"outline-offset outline-style outline-width overflow overflow-wrap overflow-x overflow-y padding " +
	"padding-block padding-bottom padding-inline padding-left padding-right padding-top perspective " +
	"perspective-origin place-content place-items place-self pointer-events position quotes resize right " +
	"rotate row-gap scale scroll-behavior scrollbar-width tab-size table-layout text-align text-decoration " +
	"text-decoration-color text-decoration-line text-decoration-style text-indent text-overflow text-shadow " +
	"text-transform top touch-action transform transform-origin transform-style transition transition-delay " +
	"transition-duration transition-property transition-timing-function translate unicode-bidi user-select " +
	"vertical-align visibility white-space width will-change word-break word-spacing word-wrap writing-mode " +
	"z-index zoom -webkit-transform -webkit-transition -webkit-animation -webkit-user-select -webkit-appearance"
