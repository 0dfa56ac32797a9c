package dom

import (
	"strings"

	"loopscope/css"
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
	for _, d := range css.ParseDeclarationList(src) {
		if v, ok := css.NormalizeSpecified(d.Name, d.Value); ok {
			out = setDecl(out, cssDecl{d.Name, v, d.Important})
		}
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
	name = css.PropertyName(name)
	for _, d := range s.decls {
		if d.name == name {
			return d.value
		}
	}
	if short, side, ok := css.BoxShorthandOf(name); ok {
		for _, d := range s.decls {
			if d.name == short {
				return css.BoxSide(d.value, side)
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
	v, ok := css.NormalizeSpecified(name, strings.TrimSpace(value))
	if !ok {
		return
	}
	s.decls = setDecl(s.decls, cssDecl{name, v, priority == "important"})
	s.updateStyleAttribute()
}

// removeProperty removes a property and returns its old value.
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-removeproperty
func (s *styleDecl) removeProperty(name string) string {
	name = css.PropertyName(name)
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
