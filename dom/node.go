package dom

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// NodeType is the DOM nodeType value.
type NodeType uint16

// The DOM node types loopscope supports (https://dom.spec.whatwg.org/#dom-node-nodetype).
const (
	ElementNode               NodeType = 1
	TextNode                  NodeType = 3
	CDATASectionNode          NodeType = 4
	ProcessingInstructionNode NodeType = 7
	CommentNode               NodeType = 8
	DocumentNode              NodeType = 9
	DocumentTypeNode          NodeType = 10
	DocumentFragmentNode      NodeType = 11
)

// Node is a DOM node. Its tree position, name, attributes and character data live in
// the *html.Node it owns (always accurate, read by the renderer and by selectors); the
// DOM-only state (listeners, registered observers, inline style, JS wrapper) lives here.
type Node struct {
	h   *html.Node
	doc *Document

	target    eventTarget
	observers []*registeredObserver // registered observer list
	style     *styleDecl            // inline style, parsed lazily from the style attribute

	form     formState // value/checkedness of form controls
	clicking bool      // the "click in progress flag"
	// firingSubmission is a form's "firing submission events" flag.
	firingSubmission bool
	ceState          customElementState
	changed          bool     // listed for the next sweep (nodeTable.changed)
	kind             NodeType // beside the flags: no padding of its own

	obj *goja.Object // the one JS wrapper of this node, created on first use
	js  *nodeJS      // other per-node JS objects (collections, classList, ...)

	ce     *customElementData // a custom element's definition and reaction queue (customelements.go)
	shadow *shadowData        // a shadow host's root, a shadow root's host (shadow.go)

	group *detachedGroup // while detached: keeps the state of its tree alive (nodetable.go)

	names *qualifiedNames // namespace prefixes, when it or its attributes have one (namespaces.go)
}

// formState is the dirty value and checkedness of input and textarea elements.
// https://html.spec.whatwg.org/multipage/input.html#concept-fe-dirty
type formState struct {
	value                 string
	dirtyValue            bool
	checked, dirtyChecked bool
	sel                   textSelection // a text control's selection (textcontrol.go)
}

// HTML returns the html.Node this DOM node owns.
func (n *Node) HTML() *html.Node { return n.h }

// Type returns the nodeType.
func (n *Node) Type() NodeType { return n.kind }

// Document returns the node document.
func (n *Node) Document() *Document { return n.doc }

// Parent returns the parent node or nil.
func (n *Node) Parent() *Node { return n.doc.NodeFor(n.h.Parent) }

// FirstChild returns the first child or nil.
func (n *Node) FirstChild() *Node { return n.doc.NodeFor(n.h.FirstChild) }

// LastChild returns the last child or nil.
func (n *Node) LastChild() *Node { return n.doc.NodeFor(n.h.LastChild) }

// PreviousSibling returns the previous sibling or nil.
func (n *Node) PreviousSibling() *Node { return n.doc.NodeFor(n.h.PrevSibling) }

// NextSibling returns the next sibling or nil.
func (n *Node) NextSibling() *Node { return n.doc.NodeFor(n.h.NextSibling) }

// IsElement reports whether n is an element.
func (n *Node) IsElement() bool { return n.kind == ElementNode }

// LocalName returns an element's local name (lowercase for HTML elements), else "".
func (n *Node) LocalName() string {
	if n.kind != ElementNode {
		return ""
	}
	return n.h.Data
}

// isCharacterData reports whether n is a Text (a CDATASection too), Comment or
// ProcessingInstruction node.
func (n *Node) isCharacterData() bool {
	return n.isText() || n.kind == CommentNode || n.kind == ProcessingInstructionNode
}

// isText reports whether n is a Text node: a Text or CDATASection node.
func (n *Node) isText() bool { return n.kind == TextNode || n.kind == CDATASectionNode }

// cdataSection is the html.Node Namespace of a TextNode that is a CDATASection node (a
// text node has no namespace of its own; the renderer takes it as text).
const cdataSection = "#cdata-section"

// isExclusiveText reports whether h is an exclusive Text node: a Text node that is not a
// CDATASection node. https://dom.spec.whatwg.org/#exclusive-text-node
func isExclusiveText(h *html.Node) bool {
	return h.Type == html.TextNode && h.Namespace != cdataSection
}

// nodeTypeOf maps an html.Node type to a DOM node type.
func nodeTypeOf(h *html.Node) NodeType {
	switch h.Type {
	case html.ElementNode:
		return ElementNode
	case html.TextNode:
		if h.Namespace == cdataSection {
			return CDATASectionNode
		}
		return TextNode
	case html.CommentNode:
		return CommentNode
	case html.RawNode:
		return ProcessingInstructionNode // dom's own: the parser makes none (processinginstruction.go)
	case html.DoctypeNode:
		return DocumentTypeNode
	case html.DocumentNode:
		return DocumentNode
	}
	return TextNode // RawNode/ErrorNode never come from the parser; treat as text
}

// isInclusiveAncestorOf reports whether a is b or an ancestor of b.
func isInclusiveAncestorOf(a, b *html.Node) bool {
	if a.FirstChild == nil {
		return a == b // no descendants: no walk up b's (maybe very deep) ancestors
	}
	for ; b != nil; b = b.Parent {
		if a == b {
			return true
		}
	}
	return false
}

// root returns the root of h's tree.
func root(h *html.Node) *html.Node {
	for h.Parent != nil {
		h = h.Parent
	}
	return h
}

// IsConnected reports whether n is in its document's tree.
// https://dom.spec.whatwg.org/#connected
// A node in a shadow tree is connected when its shadow-including root is the document.
func (n *Node) IsConnected() bool {
	r := root(n.h)
	if r == n.doc.node.h {
		return true
	}
	if rn := n.doc.table.get(r); rn != nil && rn.isShadowRoot() {
		return rn.shadow.host.IsConnected()
	}
	return false
}

// childTextContent returns the concatenation of the data of n's Text children.
// https://dom.spec.whatwg.org/#concept-child-text-content
func childTextContent(h *html.Node) string {
	var s string
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			s += c.Data
		}
	}
	return s
}

// descendantTextContent returns the concatenation of the data of all Text descendants.
// https://dom.spec.whatwg.org/#concept-descendant-text-content
func descendantTextContent(h *html.Node) string {
	if h.FirstChild == nil {
		return ""
	}
	if h.FirstChild == h.LastChild && h.FirstChild.Type == html.TextNode {
		return h.FirstChild.Data
	}
	buf := make([]byte, 0, 64)
	var walk func(*html.Node)
	walk = func(p *html.Node) {
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				buf = append(buf, c.Data...)
			} else if c.FirstChild != nil {
				walk(c)
			}
		}
	}
	walk(h)
	return string(buf)
}

// TextContent returns the textContent getter value.
// https://dom.spec.whatwg.org/#dom-node-textcontent
func (n *Node) TextContent() (string, bool) {
	switch n.kind {
	case ElementNode, DocumentFragmentNode:
		return descendantTextContent(n.h), true
	case TextNode, CDATASectionNode, CommentNode, ProcessingInstructionNode:
		return n.h.Data, true
	}
	return "", false
}

// GetAttribute returns the value of the attribute named name (HTML elements: case-insensitive).
// https://dom.spec.whatwg.org/#concept-element-attributes-get-by-name
func (n *Node) GetAttribute(name string) (string, bool) {
	if n.kind != ElementNode {
		return "", false
	}
	if n.h.Namespace == "" {
		name = asciiLower(name)
	}
	for i := range n.h.Attr {
		if n.attrQualifiedName(i) == name {
			return n.h.Attr[i].Val, true
		}
	}
	return "", false
}

// qualifiedAttrName returns an attribute's qualified name.
func qualifiedAttrName(a *html.Attribute) string {
	if a.Namespace == "" {
		return a.Key
	}
	switch a.Namespace {
	case "xlink", "xml", "xmlns":
		if a.Key == "xmlns" && a.Namespace == "xmlns" {
			return a.Key
		}
		return a.Namespace + ":" + a.Key
	}
	return a.Key
}

// asciiLower lowercases ASCII letters without allocating when there are none.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// asciiUpper uppercases ASCII letters.
func asciiUpper(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'a' <= c && c <= 'z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'a' <= c && c <= 'z' {
					b[j] = c - ('a' - 'A')
				}
			}
			return string(b)
		}
	}
	return s
}

// NodeName returns the nodeName.
// https://dom.spec.whatwg.org/#dom-node-nodename
func (n *Node) NodeName() string {
	switch n.kind {
	case ElementNode:
		return n.TagName()
	case TextNode:
		return "#text"
	case CDATASectionNode:
		return "#cdata-section"
	case CommentNode:
		return "#comment"
	case ProcessingInstructionNode:
		return piTarget(n.h)
	case DocumentNode:
		return "#document"
	case DocumentTypeNode:
		return n.h.Data
	case DocumentFragmentNode:
		return "#document-fragment"
	}
	return ""
}

// TagName returns an element's tagName (uppercase for HTML elements).
// https://dom.spec.whatwg.org/#element-html-uppercased-qualified-name
func (n *Node) TagName() string {
	if n.kind != ElementNode {
		return ""
	}
	// "If this is in the HTML namespace and its node document is an HTML document, then
	// set qualifiedName to qualifiedName in ASCII uppercase."
	if n.h.Namespace == "" && (n.doc == nil || n.doc.xmlContentType == "") {
		return asciiUpper(n.qualifiedName())
	}
	return n.qualifiedName()
}

// ID returns the element's id attribute.
func (n *Node) ID() string {
	v, _ := n.GetAttribute("id")
	return v
}

// cloneNode clones node (and its descendants when deep) into document.
// https://dom.spec.whatwg.org/#concept-node-clone
func cloneNode(node *Node, document *Document, deep bool) *Node {
	h := &html.Node{Type: node.h.Type, DataAtom: node.h.DataAtom, Data: node.h.Data, Namespace: node.h.Namespace}
	if len(node.h.Attr) > 0 {
		h.Attr = append([]html.Attribute(nil), node.h.Attr...)
	}
	c := document.newNode(h, node.kind)
	node.copyNamesTo(c)
	if node.kind == ElementNode {
		document.ceCloned(node, c)
		for i := range h.Attr {
			if h.Attr[i].Namespace == "" {
				c.attributeChangeSteps(h.Attr[i].Key, "", h.Attr[i].Val, true)
			}
		}
	}
	if deep {
		for ch := node.h.FirstChild; ch != nil; ch = ch.NextSibling {
			cc := cloneNode(node.doc.NodeFor(ch), document, true)
			linkBefore(h, cc.h, nil)
		}
	}
	return c
}

// isEqualNode compares two nodes. https://dom.spec.whatwg.org/#concept-node-equals
func isEqualNode(a, b *html.Node, ta, tb *nodeTable) bool {
	if a.Type != b.Type || a.Data != b.Data || a.Namespace != b.Namespace || len(a.Attr) != len(b.Attr) {
		return false
	}
	if a.Type == html.ElementNode && prefixOf(a, ta) != prefixOf(b, tb) {
		return false // "its namespace, namespace prefix, local name, and its number of attributes"
	}
	for _, x := range a.Attr {
		found := false
		for _, y := range b.Attr {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	ca, cb := a.FirstChild, b.FirstChild
	for ; ca != nil && cb != nil; ca, cb = ca.NextSibling, cb.NextSibling {
		if !isEqualNode(ca, cb, ta, tb) {
			return false
		}
	}
	return ca == nil && cb == nil
}

// compareDocumentPosition. https://dom.spec.whatwg.org/#dom-node-comparedocumentposition
func compareDocumentPosition(this, other *html.Node) int {
	const (
		disconnected = 1
		preceding    = 2
		following    = 4
		contains     = 8
		containedBy  = 16
		implSpecific = 32
	)
	if this == other {
		return 0
	}
	if root(this) != root(other) {
		return disconnected | implSpecific | following
	}
	if isInclusiveAncestorOf(other, this) {
		return contains | preceding
	}
	if isInclusiveAncestorOf(this, other) {
		return containedBy | following
	}
	for c := range root(this).Descendants() {
		if c == other {
			return preceding
		}
		if c == this {
			return following
		}
	}
	return disconnected
}
