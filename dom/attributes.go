package dom

import (
	"strings"

	"golang.org/x/net/html"
)

// attrIndex returns the index of the attribute with the given qualified name, or -1.
func (n *Node) attrIndex(name string) int {
	for i := range n.h.Attr {
		a := &n.h.Attr[i]
		if a.Namespace == "" {
			if a.Key == name {
				return i
			}
		} else if n.attrQualifiedName(i) == name {
			return i
		}
	}
	return -1
}

// normalizeAttrName lowercases name for HTML elements (in an HTML document).
func (n *Node) normalizeAttrName(name string) string {
	if n.h.Namespace == "" {
		return asciiLower(name)
	}
	return name
}

// HasAttribute reports whether the element has the attribute.
// https://dom.spec.whatwg.org/#dom-element-hasattribute
func (n *Node) HasAttribute(name string) bool {
	return n.kind == ElementNode && n.attrIndex(n.normalizeAttrName(name)) >= 0
}

// SetAttribute sets an attribute value.
// https://dom.spec.whatwg.org/#dom-element-setattribute
func (n *Node) SetAttribute(name, value string) error {
	if n.kind != ElementNode {
		return nil
	}
	if !isValidAttributeName(name) {
		return domErr("InvalidCharacterError", "'"+name+"' is not a valid attribute name.")
	}
	name = n.normalizeAttrName(name)
	if i := n.attrIndex(name); i >= 0 {
		n.changeAttribute(i, value)
		return nil
	}
	n.appendAttribute(html.Attribute{Key: name, Val: value})
	return nil
}

// setAttributeValue sets the attribute (no namespace) localName to value.
// https://dom.spec.whatwg.org/#concept-element-attributes-set-value
func (n *Node) setAttributeValue(localName, value string) {
	if i := n.attrIndex(localName); i >= 0 {
		n.changeAttribute(i, value)
		return
	}
	n.appendAttribute(html.Attribute{Key: localName, Val: value})
}

// changeAttribute sets the value of the attribute at index i.
// https://dom.spec.whatwg.org/#concept-element-attributes-change
func (n *Node) changeAttribute(i int, value string) {
	a := n.h.Attr[i]
	old := a.Val
	n.h.Attr[i].Val = value
	n.handleAttributeChanges(a.Key, a.Namespace, nullable(old), value, true)
}

// appendAttribute appends an attribute.
// https://dom.spec.whatwg.org/#concept-element-attributes-append
func (n *Node) appendAttribute(a html.Attribute) {
	n.h.Attr = append(n.h.Attr, a)
	n.handleAttributeChanges(a.Key, a.Namespace, nullString{}, a.Val, true)
}

// RemoveAttribute removes an attribute.
// https://dom.spec.whatwg.org/#dom-element-removeattribute
func (n *Node) RemoveAttribute(name string) {
	if n.kind != ElementNode {
		return
	}
	if i := n.attrIndex(n.normalizeAttrName(name)); i >= 0 {
		n.removeAttributeAt(i)
	}
}

// removeAttributeAt removes the attribute at index i.
// https://dom.spec.whatwg.org/#concept-element-attributes-remove
func (n *Node) removeAttributeAt(i int) {
	a := n.h.Attr[i]
	n.h.Attr = append(n.h.Attr[:i:i], n.h.Attr[i+1:]...)
	n.detachAttr(a.Namespace, a.Key, a.Val)
	n.handleAttributeChanges(a.Key, a.Namespace, nullable(a.Val), "", false)
}

// ToggleAttribute toggles a boolean attribute and reports whether it is now present.
// https://dom.spec.whatwg.org/#dom-element-toggleattribute
func (n *Node) ToggleAttribute(name string, force, hasForce bool) (bool, error) {
	if !isValidAttributeName(name) {
		return false, domErr("InvalidCharacterError", "'"+name+"' is not a valid attribute name.")
	}
	name = n.normalizeAttrName(name)
	i := n.attrIndex(name)
	if i < 0 {
		if !hasForce || force {
			n.appendAttribute(html.Attribute{Key: name})
			return true, nil
		}
		return false, nil
	}
	if !hasForce || !force {
		n.removeAttributeAt(i)
		return false, nil
	}
	return true, nil
}

// AttributeNames returns the qualified names of the attributes in order.
func (n *Node) AttributeNames() []string {
	out := make([]string, len(n.h.Attr))
	for i := range n.h.Attr {
		out[i] = n.attrQualifiedName(i)
	}
	return out
}

// handleAttributeChanges queues the mutation record and runs the attribute change steps.
// https://dom.spec.whatwg.org/#handle-attribute-changes
func (n *Node) handleAttributeChanges(localName, ns string, old nullString, value string, present bool) {
	n.doc.changedNode(ChangeAttribute, n.h, localName)
	queueAttributeMutationRecord(n, localName, ns, old)
	n.ceAttributeChanged(localName, ns, old, value, present)
	// A slottable's slot attribute, a slot's name: "assign slottables for a tree".
	// https://dom.spec.whatwg.org/#slot-name
	if ns == "" && (localName == "slot" || localName == "name" && n.isHTML("slot")) {
		n.doc.slotsMaybeChanged(n.Parent(), n)
	}
	if ns == "" {
		n.attributeChangeSteps(localName, old.s, value, present)
		if localName == "open" && n.h.Namespace == "" && (n.h.Data == "details" || n.h.Data == "dialog") {
			if old.valid != present {
				n.doc.changedNode(ChangeState, n.h, "open") // :open
			}
			if n.h.Data == "details" {
				n.detailsOpenChanged(old, present)
			}
		}
	}
	fireAttrModifiedEvent(n, localName, old, value, present)
}

// attributeChangeSteps are the element's reactions to its attributes changing: inline style
// and event handler content attributes.
// https://dom.spec.whatwg.org/#concept-element-attributes-change-ext
func (n *Node) attributeChangeSteps(localName, old, value string, present bool) {
	switch {
	case localName == "style":
		if n.style != nil && !n.style.updating {
			n.style.stale = true
		}
	case strings.HasPrefix(localName, "on") && n.h.Namespace == "":
		n.eventHandlerAttributeChanged(localName, value, present)
	case localName == "src" && n.isHTMLImage():
		n.updateTheImageData() // a relevant mutation of an img element
	case (localName == "src" || localName == "srcdoc") && isIframe(n.h):
		n.doc.iframeAttributeChanged(n, localName)
	case localName == "tabindex" || localName == "hidden" || localName == "contenteditable" || localName == "disabled":
		n.doc.focusAttributeChanged(n, localName, present)
	}
}

// nullString is a DOMString? value.
type nullString struct {
	s     string
	valid bool
}

func nullable(s string) nullString { return nullString{s, true} }

// attrIndexNS finds an attribute by namespace and local name.
func (n *Node) attrIndexNS(ns nullString, local string) int {
	short := shortNamespace(ns)
	for i := range n.h.Attr {
		if n.h.Attr[i].Namespace == short && n.h.Attr[i].Key == local {
			return i
		}
	}
	return -1
}

// shortNamespace maps a namespace URL to x/net/html's short form ("" for none).
func shortNamespace(ns nullString) string {
	if !ns.valid {
		return ""
	}
	switch ns.s {
	case "", "http://www.w3.org/1999/xhtml":
		return ""
	case "http://www.w3.org/2000/svg":
		return "svg"
	case "http://www.w3.org/1998/Math/MathML":
		return "math"
	case "http://www.w3.org/1999/xlink":
		return "xlink"
	case "http://www.w3.org/XML/1998/namespace":
		return "xml"
	case "http://www.w3.org/2000/xmlns/":
		return "xmlns"
	}
	return ns.s
}

// setAttributeNS sets a namespaced attribute.
// https://dom.spec.whatwg.org/#dom-element-setattributens
func (n *Node) setAttributeNS(ns nullString, qualified, value string) error {
	// 1. "Let (namespace, prefix, localName) be the result of validating and extracting
	// namespace and qualifiedName given "attribute"."
	ns, prefix, local, err := validateAndExtract(ns, qualified, true)
	if err != nil {
		return err
	}
	// 2. "Set an attribute value for this using localName, value, and also prefix and
	// namespace": an existing attribute keeps its prefix; a new one takes prefix.
	if i := n.attrIndexNS(ns, local); i >= 0 {
		n.changeAttribute(i, value)
		return nil
	}
	short := shortNamespace(ns)
	n.setAttrPrefix(short, local, prefix)
	n.appendAttribute(html.Attribute{Namespace: short, Key: local, Val: value})
	return nil
}
