// Spec: DOM Living Standard, 2026-11 (https://dom.spec.whatwg.org/#namespaces: "validate
// and extract"; https://dom.spec.whatwg.org/#concept-element-qualified-name). Tags:
// FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strings"

	"golang.org/x/net/html"
)

// The namespaces https://infra.spec.whatwg.org/#namespaces names.
const (
	htmlNamespace  = "http://www.w3.org/1999/xhtml"
	svgNamespace   = "http://www.w3.org/2000/svg"
	mathNamespace  = "http://www.w3.org/1998/Math/MathML"
	xlinkNamespace = "http://www.w3.org/1999/xlink"
	xmlNamespace   = "http://www.w3.org/XML/1998/namespace"
	xmlnsNamespace = "http://www.w3.org/2000/xmlns/"
)

// noNamespace is an element's html.Node Namespace when the element is in no namespace
// (createElementNS(null, …), an XML document's unprefixed elements without a default
// namespace). x/net/html's "" is the HTML namespace, its "svg" and "math" the SVG and
// MathML ones, and any other namespace is kept as its URL; a NUL starts no URL a page
// would use.
const noNamespace = "\x00"

// elementNamespace is the html.Node Namespace of an element in namespace ns (null or "":
// none).
func elementNamespace(ns nullString) string {
	if !ns.valid || ns.s == "" {
		return noNamespace
	}
	switch ns.s {
	case htmlNamespace:
		return ""
	case svgNamespace:
		return "svg"
	case mathNamespace:
		return "math"
	}
	return ns.s
}

// namespaceURI is an element's namespace (namespaceURI), from its html.Node Namespace.
func elementNamespaceURI(short string) nullString {
	switch short {
	case "":
		return nullable(htmlNamespace)
	case noNamespace:
		return nullString{}
	}
	return nullable(namespaceURL(short))
}

// qualifiedNames holds the namespace prefixes of an element and of its attributes, for the
// few elements that have one (an element made by createElementNS with a prefix, an XML
// document's prefixed elements, attributes set by setAttributeNS with a prefix). The
// x/net/html tree has no place for them; the common element has none and pays one pointer.
type qualifiedNames struct {
	prefix string // the element's namespace prefix ("": null)
	// attrs maps an attribute's (html.Attribute Namespace, local name) to its prefix.
	attrs map[[2]string]string
}

// Prefix is the element's namespace prefix ("" for null).
func (n *Node) Prefix() string {
	if n.names == nil {
		return ""
	}
	return n.names.prefix
}

// setPrefix sets the element's namespace prefix (at its creation).
func (n *Node) setPrefix(prefix string) {
	if prefix == "" && n.names == nil {
		return
	}
	if n.names == nil {
		n.names = &qualifiedNames{}
	}
	n.names.prefix = prefix
}

// qualifiedName is the element's qualified name: its prefix, ":" and its local name, or
// its local name alone.
func (n *Node) qualifiedName() string {
	if p := n.Prefix(); p != "" {
		return p + ":" + n.h.Data
	}
	return n.h.Data
}

// attrPrefix is the namespace prefix of the attribute a of n ("" for null). The XLink, XML
// and XMLNS namespaces have their usual prefixes unless one was given.
func (n *Node) attrPrefix(ns, local string) string {
	if n.names != nil {
		if p, ok := n.names.attrs[[2]string{ns, local}]; ok {
			return p
		}
	}
	return usualAttrPrefix(ns, local)
}

// usualAttrPrefix is the prefix of an attribute in the XLink, XML or XMLNS namespace (as
// x/net/html names them) when none was given: the namespace's usual one ("": none).
func usualAttrPrefix(ns, local string) string {
	switch ns {
	case "xlink", "xml":
		return ns
	case "xmlns":
		if local != "xmlns" {
			return ns
		}
	}
	return ""
}

// setAttrPrefix records the prefix of an attribute n gains ("" removes one recorded).
func (n *Node) setAttrPrefix(ns, local, prefix string) {
	if n.names == nil {
		if prefix == "" {
			return
		}
		n.names = &qualifiedNames{}
	}
	if prefix == "" {
		delete(n.names.attrs, [2]string{ns, local})
		return
	}
	if n.names.attrs == nil {
		n.names.attrs = map[[2]string]string{}
	}
	n.names.attrs[[2]string{ns, local}] = prefix
}

// attrQualifiedName is the qualified name of n's attribute i.
func (n *Node) attrQualifiedName(i int) string {
	a := &n.h.Attr[i]
	if a.Namespace == "" {
		return a.Key
	}
	if p := n.attrPrefix(a.Namespace, a.Key); p != "" {
		return p + ":" + a.Key
	}
	return a.Key
}

// copyNamesTo gives c (a clone of n) n's prefixes.
func (n *Node) copyNamesTo(c *Node) {
	if n.names == nil {
		return
	}
	c.names = &qualifiedNames{prefix: n.names.prefix}
	for k, v := range n.names.attrs {
		c.setAttrPrefix(k[0], k[1], v)
	}
}

// validateAndExtract is the DOM's "validate and extract" a namespace and qualifiedName:
// the namespace (null for ""), prefix ("" for null) and local name, or the error to throw.
// forAttr: the checks of setAttributeNS, whose messages Chrome words differently.
// https://dom.spec.whatwg.org/#validate-and-extract
func validateAndExtract(ns nullString, qualifiedName string, forAttr bool) (nullString, string, string, error) {
	// 1. "If namespace is the empty string, then set it to null."
	if ns.valid && ns.s == "" {
		ns = nullString{}
	}
	// 2-4. "Let prefix be null. Let localName be qualifiedName. If qualifiedName contains a
	// U+003A (:): let splitResult be the result of running strictly split given
	// qualifiedName and U+003A (:); set prefix to splitResult[0]; set localName to
	// splitResult[1]; if prefix is not a valid namespace prefix, then throw an
	// "InvalidCharacterError" DOMException." (splitResult[1] only: "a:b:c" is b in a.)
	prefix, local := "", qualifiedName
	if i := strings.IndexByte(qualifiedName, ':'); i >= 0 {
		prefix, local = qualifiedName[:i], qualifiedName[i+1:]
		if j := strings.IndexByte(local, ':'); j >= 0 {
			local = local[:j]
		}
		switch {
		case prefix == "":
			return ns, "", "", domErr("InvalidCharacterError", "The qualified name provided ('"+qualifiedName+"') has an empty namespace prefix.")
		case local == "":
			return ns, "", "", domErr("InvalidCharacterError", "The qualified name provided ('"+qualifiedName+"') has an empty local name.")
		}
	}
	// 5-6. "Assert: prefix is either null or a valid namespace prefix. If context is
	// "attribute" and localName is not a valid attribute local name, ... If context is
	// "element" and localName is not a valid element local name, then throw an
	// "InvalidCharacterError" DOMException."
	valid := isValidElementName(local)
	if forAttr {
		valid = isValidAttributeName(local)
	}
	if !valid || (prefix != "" && !isValidElementName(prefix)) {
		bad := qualifiedName[:min(1, len(qualifiedName))]
		if prefix != "" && isValidElementName(prefix) {
			bad = local[:min(1, len(local))]
		}
		return ns, "", "", domErr("InvalidCharacterError", "The qualified name provided ('"+qualifiedName+"') contains the invalid character '"+bad+"'.")
	}
	// 7. "If prefix is non-null and namespace is null, then throw a "NamespaceError"."
	// 8. "If prefix is "xml" and namespace is not the XML namespace, then throw ..."
	// 9. "If either qualifiedName or prefix is "xmlns" and namespace is not the XMLNS
	// namespace, then throw ..." 10. "If namespace is the XMLNS namespace and neither
	// qualifiedName nor prefix is "xmlns", then throw ..."
	if (prefix != "" && !ns.valid) ||
		(prefix == "xml" && ns.s != xmlNamespace) ||
		((qualifiedName == "xmlns" || prefix == "xmlns") && ns.s != xmlnsNamespace) ||
		(ns.valid && ns.s == xmlnsNamespace && qualifiedName != "xmlns" && prefix != "xmlns") {
		if forAttr {
			return ns, "", "", domErr("NamespaceError", "'"+ns.s+"' is an invalid namespace for attributes.")
		}
		return ns, "", "", domErr("NamespaceError", "The namespace URI provided ('"+ns.s+"') is not valid for the qualified name provided ('"+qualifiedName+"').")
	}
	// 11. "Return (namespace, prefix, localName)."
	return ns, prefix, local, nil
}

// prefixOf is the namespace prefix of element h, whose DOM node (if it has one) is in t.
func prefixOf(h *html.Node, t *nodeTable) string {
	if n := t.get(h); n != nil {
		return n.Prefix()
	}
	return ""
}
