// Spec: DOM Parsing and Serialization, W3C Editor's Draft 2026-05
// (https://w3c.github.io/DOM-Parsing/#xml-serialization: "produce an XML serialization"
// with its namespace prefix map, and XMLSerializer). Tags: FIXME(spec), DEPARTURE, CHROME
// (DESIGN.md).

package dom

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// FIXME(spec): the "require well-formed" checks (innerHTML and outerHTML set it) are not
// made: a node that cannot be serialized well-formed (a comment holding "--", a name that
// is no XML Name) is written as it is instead of throwing an "InvalidStateError".

// xmlSerializer holds what one XML serialization shares: the document's node table (for
// the DOM nodes' prefixes) and the prefix index of generated "ns1", "ns2", … prefixes.
type xmlSerializer struct {
	b     strings.Builder
	t     *nodeTable
	index int
}

// prefixMap is a namespace prefix map: for each namespace ("\x00": null), its prefixes in
// the order they were added.
type prefixMap map[string][]string

func (m prefixMap) clone() prefixMap {
	c := make(prefixMap, len(m))
	for k, v := range m {
		c[k] = append([]string(nil), v...)
	}
	return c
}

func nsKey(ns nullString) string {
	if !ns.valid {
		return "\x00"
	}
	return ns.s
}

// preferredPrefix is "retrieve a preferred prefix string" preferred from map for ns: the
// preferred one if ns has it, else the last ns has, else none.
func (m prefixMap) preferredPrefix(preferred string, ns nullString) (string, bool) {
	candidates := m[nsKey(ns)]
	for i, p := range candidates {
		if p == preferred || i == len(candidates)-1 {
			return p, true
		}
	}
	return "", false
}

func (m prefixMap) has(prefix string, ns nullString) bool {
	for _, p := range m[nsKey(ns)] {
		if p == prefix {
			return true
		}
	}
	return false
}

// XMLSerialization is the XML serialization of n ("produce an XML serialization" with
// the require well-formed flag unset: XMLSerializer.serializeToString).
func (n *Node) XMLSerialization() string {
	s := &xmlSerializer{t: &n.doc.table, index: 1}
	s.node(n.h, nullString{}, prefixMap{xmlNamespace: {"xml"}})
	return s.b.String()
}

// xmlSerializeChildren is the XML form of the fragment serializing algorithm (innerHTML of
// a node in an XML document).
func (n *Node) xmlSerializeChildren() string {
	s := &xmlSerializer{t: &n.doc.table, index: 1}
	m := prefixMap{xmlNamespace: {"xml"}}
	for c := n.h.FirstChild; c != nil; c = c.NextSibling {
		s.node(c, nullString{}, m)
	}
	return s.b.String()
}

// node is "XML serialization algorithm" for one node, given the context namespace and
// the namespace prefix map.
func (s *xmlSerializer) node(h *html.Node, ns nullString, m prefixMap) {
	switch h.Type {
	case html.ElementNode:
		s.element(h, ns, m)
	case html.DocumentNode:
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			s.node(c, ns, m)
		}
	case html.CommentNode:
		s.b.WriteString("<!--" + h.Data + "-->")
	case html.TextNode:
		if h.Namespace == cdataSection { // CHROME: a CDATASection keeps its delimiters (the spec escapes it as text)
			s.b.WriteString("<![CDATA[" + h.Data + "]]>")
			return
		}
		xmlEscape(&s.b, h.Data, false)
	case html.RawNode:
		s.b.WriteString("<?" + piTarget(h) + " " + h.Data + "?>")
	case html.DoctypeNode:
		s.b.WriteString("<!DOCTYPE " + h.Data)
		public, system := "", ""
		for _, a := range h.Attr {
			switch a.Key {
			case "public":
				public = a.Val
			case "system":
				system = a.Val
			}
		}
		if public != "" {
			s.b.WriteString(` PUBLIC "` + public + `"`)
		} else if system != "" {
			s.b.WriteString(" SYSTEM")
		}
		if system != "" {
			s.b.WriteString(` "` + system + `"`)
		}
		s.b.WriteByte('>')
	}
}

// element is the XML serialization of an element: steps 1-20 of "XML serialization of an
// Element node".
func (s *xmlSerializer) element(h *html.Node, inherited nullString, m prefixMap) {
	n := s.t.get(h)
	elPrefix := ""
	if n != nil {
		elPrefix = n.Prefix()
	}
	local := h.Data
	// 6-8. "Let map be a copy of the namespace prefix map ... Let local default namespace
	// be the result of recording the namespace information for node given map and local
	// prefixes map."
	m = m.clone()
	localPrefixes := map[string]nullString{}
	localDefault, hasLocalDefault := s.recordNamespaceInformation(h, n, m, localPrefixes)
	// 9-10. "Let inherited ns be a copy of namespace. Let ns be the value of node's
	// namespaceURI attribute."
	ns := elementNamespaceURI(h.Namespace)
	ignoreNamespaceDefinition := false
	qualifiedName := ""
	s.b.WriteByte('<')
	if inherited == ns {
		// 11. "If inherited ns is equal to ns": no prefix unless it is the XML namespace.
		if hasLocalDefault {
			ignoreNamespaceDefinition = true
		}
		qualifiedName = local
		if ns.valid && ns.s == xmlNamespace {
			qualifiedName = "xml:" + local
		}
		s.b.WriteString(qualifiedName)
	} else {
		// 12. "Otherwise, inherited ns is not equal to ns (the node's own namespace is
		// different from the context namespace of its parent)."
		candidate, ok := m.preferredPrefix(elPrefix, ns)
		switch {
		case ok:
			// 12.4. "If candidate prefix is not null (a namespace prefix is defined which maps
			// to ns)".
			qualifiedName = candidate + ":" + local
			if hasLocalDefault && localDefault.s != xmlNamespace {
				inherited = localDefault
			}
			s.b.WriteString(qualifiedName)
		case elPrefix != "":
			// 12.5. "Otherwise, if prefix is not null": declare it (a new one when the
			// element's own attributes bind it to another namespace).
			if _, clash := localPrefixes[elPrefix]; clash {
				elPrefix = s.generatePrefix(m, ns)
			} else {
				m[nsKey(ns)] = append(m[nsKey(ns)], elPrefix)
			}
			qualifiedName = elPrefix + ":" + local
			s.b.WriteString(qualifiedName + " xmlns:" + elPrefix + `="`)
			xmlEscape(&s.b, ns.s, true)
			s.b.WriteByte('"')
			if hasLocalDefault {
				inherited = localDefault
			}
		case !hasLocalDefault || localDefault != ns:
			// 12.6. "Otherwise, if local default namespace is null, or local default
			// namespace is not null and its value is not equal to ns": declare ns the
			// default namespace.
			ignoreNamespaceDefinition = true
			qualifiedName = local
			inherited = ns
			s.b.WriteString(qualifiedName + ` xmlns="`)
			xmlEscape(&s.b, ns.s, true)
			s.b.WriteByte('"')
		default:
			// 12.7. "Otherwise, the node has a local default namespace that matches ns."
			qualifiedName = local
			inherited = ns
			s.b.WriteString(qualifiedName)
		}
	}
	// 13. The attributes.
	s.attributes(h, n, m, localPrefixes, ignoreNamespaceDefinition)
	// 14-16. An empty element: " /" for an HTML void element, "/" for any other element
	// outside the HTML namespace.
	htmlNS := ns.valid && ns.s == htmlNamespace
	if h.FirstChild == nil {
		switch {
		case htmlNS && isVoidElement(local):
			s.b.WriteString(" />")
			return
		case !htmlNS:
			s.b.WriteString("/>")
			return
		}
	}
	s.b.WriteByte('>')
	// 19. The children, in the namespace the element gives them.
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		s.node(c, inherited, m)
	}
	// 20. The end tag.
	s.b.WriteString("</" + qualifiedName + ">")
}

// recordNamespaceInformation is "record the namespace information" of an element's
// attributes: the prefixes its xmlns: attributes declare go into m and localPrefixes; it
// returns the value of its xmlns attribute (the local default namespace), if any.
func (s *xmlSerializer) recordNamespaceInformation(h *html.Node, n *Node, m prefixMap, localPrefixes map[string]nullString) (nullString, bool) {
	var def nullString
	has := false
	for i := range h.Attr {
		a := &h.Attr[i]
		if a.Namespace != "xmlns" {
			continue
		}
		// 2.3. "If attribute namespace is the XMLNS namespace, then": the default
		// namespace's declaration (no prefix), or a prefix's.
		if a.Key == "xmlns" && attrPrefixOf(n, a) == "" {
			def, has = nullable(a.Val), true
			if a.Val == "" {
				def = nullString{}
			}
			continue
		}
		ns := nullable(a.Val)
		if a.Val == xmlNamespace {
			continue
		}
		if a.Val == "" {
			ns = nullString{}
		}
		if m.has(a.Key, ns) {
			continue
		}
		m[nsKey(ns)] = append(m[nsKey(ns)], a.Key)
		localPrefixes[a.Key] = ns
	}
	return def, has
}

// attributes is "XML serialization of the attributes".
func (s *xmlSerializer) attributes(h *html.Node, n *Node, m prefixMap, localPrefixes map[string]nullString, ignoreNamespaceDefinition bool) {
	for i := range h.Attr {
		a := &h.Attr[i]
		prefix, hasPrefix := "", false
		if a.Namespace != "" {
			ans := nullable(namespaceURL(a.Namespace))
			own := attrPrefixOf(n, a)
			prefix, hasPrefix = m.preferredPrefix(own, ans)
			if a.Namespace == "xmlns" {
				// 3.5.2. A namespace declaration: skipped when it declares the XML namespace,
				// when it is the default one the element's start tag already wrote, or when
				// it declares a prefix the element does not keep.
				declared, isLocal := localPrefixes[a.Key]
				value := nullable(a.Val)
				if a.Val == "" {
					value = nullString{}
				}
				if a.Val == xmlNamespace || (own == "" && ignoreNamespaceDefinition) ||
					(own != "" && (!isLocal || declared != value)) {
					continue
				}
				prefix, hasPrefix = "", false
				if own == "xmlns" {
					prefix, hasPrefix = "xmlns", true
				}
			} else if !hasPrefix {
				// 3.5.3. A namespace no prefix maps to: generate one and declare it.
				prefix, hasPrefix = s.generatePrefix(m, ans), true
				s.b.WriteString(" xmlns:" + prefix + `="`)
				xmlEscape(&s.b, ans.s, true)
				s.b.WriteByte('"')
			}
		}
		s.b.WriteByte(' ')
		if hasPrefix {
			s.b.WriteString(prefix + ":")
		}
		s.b.WriteString(a.Key + `="`)
		xmlEscape(&s.b, a.Val, true)
		s.b.WriteByte('"')
	}
}

// generatePrefix is "generate a prefix": "ns" and the prefix index, added to m for ns.
func (s *xmlSerializer) generatePrefix(m prefixMap, ns nullString) string {
	p := "ns" + strconv.Itoa(s.index)
	s.index++
	m[nsKey(ns)] = append(m[nsKey(ns)], p)
	return p
}

// attrPrefixOf is the namespace prefix of attribute a of element n (nil: no DOM node).
func attrPrefixOf(n *Node, a *html.Attribute) string {
	if n == nil {
		return usualAttrPrefix(a.Namespace, a.Key)
	}
	return n.attrPrefix(a.Namespace, a.Key)
}

// xmlEscape escapes text ("&", "<", ">") or an attribute value (also '"') for XML.
func xmlEscape(b *strings.Builder, s string, attr bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '"' && attr:
			b.WriteString("&quot;")
		default:
			b.WriteByte(c)
		}
	}
}
