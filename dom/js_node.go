package dom

import (
	"slices"
	"strconv"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// nodeJS holds the per-node JS objects that must stay the same object ([SameObject]).
type nodeJS struct {
	childNodes, children, classList, dataset, style *goja.Object
}

func (n *Node) jsData() *nodeJS {
	if n.js == nil {
		n.js = &nodeJS{}
	}
	return n.js
}

// wrapNode returns the one JS wrapper of n (created on first use).
func (r *realm) wrapNode(n *Node) *goja.Object {
	if n.obj != nil {
		return n.obj
	}
	n.obj = r.newPlatformObject(r.classForNode(n).proto, n)
	return n.obj
}

func (r *realm) wrapNodeOrNull(n *Node) goja.Value {
	if n == nil {
		return goja.Null()
	}
	return r.wrapNode(n)
}

// classForNode picks the most derived interface of a node.
func (r *realm) classForNode(n *Node) *class {
	switch n.kind {
	case ElementNode:
		switch n.h.Namespace {
		case "":
			return r.htmlElementClass(n.h.Data)
		case "svg":
			if n.h.Data == "svg" {
				return r.classes["SVGSVGElement"]
			}
			return r.classes["SVGElement"]
		case "math":
			return r.classes["MathMLElement"]
		}
		return r.classes["Element"]
	case TextNode:
		return r.classes["Text"]
	case CommentNode:
		return r.classes["Comment"]
	case DocumentNode:
		if n == r.doc.node {
			return r.classes["HTMLDocument"]
		}
		return r.classes["Document"]
	case DocumentTypeNode:
		return r.classes["DocumentType"]
	case DocumentFragmentNode:
		return r.classes["DocumentFragment"]
	}
	return r.classes["Node"]
}

func (r *realm) thisNode(call goja.FunctionCall) *Node {
	if n, ok := r.unwrap(call.This).(*Node); ok {
		return n
	}
	panic(r.illegalInvocation())
}

// thisKind returns `this` as a node of one of the given kinds.
func (r *realm) thisKind(call goja.FunctionCall, kinds ...NodeType) *Node {
	if n, ok := r.unwrap(call.This).(*Node); ok && slices.Contains(kinds, n.kind) {
		return n
	}
	panic(r.illegalInvocation())
}

// argNode converts argument i to a Node (TypeError otherwise).
func (r *realm) argNode(call goja.FunctionCall, i int, method, iface string) *Node {
	if n, ok := r.unwrap(call.Argument(i)).(*Node); ok {
		return n
	}
	panic(r.typeError(failed(method, iface) + "parameter " + strconv.Itoa(i+1) + " is not of type 'Node'."))
}

// argNodeOrNull converts argument i to Node? (TypeError for non-nodes).
func (r *realm) argNodeOrNull(call goja.FunctionCall, i int, method, iface string) *Node {
	v := call.Argument(i)
	if isNullish(v) {
		return nil
	}
	return r.argNode(call, i, method, iface)
}

// convertNodesIntoNode converts (Node or DOMString)... into one node.
// https://dom.spec.whatwg.org/#converting-nodes-into-a-node
func (r *realm) convertNodesIntoNode(args []goja.Value, d *Document, method, iface string) *Node {
	nodes := make([]*Node, len(args))
	for i, a := range args {
		if n, ok := r.unwrap(a).(*Node); ok {
			nodes[i] = n
		} else {
			nodes[i] = d.CreateTextNode(toDOMString(a))
		}
	}
	if len(nodes) == 1 {
		return nodes[0]
	}
	frag := d.CreateDocumentFragment()
	for _, n := range nodes {
		if _, err := appendNode(n, frag); err != nil {
			r.throwDOM(failed(method, iface), err)
		}
	}
	return frag
}

// installNode defines Node, CharacterData, Text, Comment, DocumentFragment and DocumentType.
// https://dom.spec.whatwg.org/#interface-node
func (r *realm) installNode() {
	node := r.newClass("Node", r.classes["EventTarget"], 0, nil)
	for i, name := range []string{"ELEMENT_NODE", "ATTRIBUTE_NODE", "TEXT_NODE", "CDATA_SECTION_NODE",
		"ENTITY_REFERENCE_NODE", "ENTITY_NODE", "PROCESSING_INSTRUCTION_NODE", "COMMENT_NODE", "DOCUMENT_NODE",
		"DOCUMENT_TYPE_NODE", "DOCUMENT_FRAGMENT_NODE", "NOTATION_NODE"} {
		node.constant(name, i+1)
	}
	for i, name := range []string{"DOCUMENT_POSITION_DISCONNECTED", "DOCUMENT_POSITION_PRECEDING",
		"DOCUMENT_POSITION_FOLLOWING", "DOCUMENT_POSITION_CONTAINS", "DOCUMENT_POSITION_CONTAINED_BY",
		"DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC"} {
		node.constant(name, 1<<i)
	}
	get := func(name string, f func(n *Node) goja.Value) {
		node.attr(name, func(call goja.FunctionCall) goja.Value { return f(r.thisNode(call)) }, nil)
	}
	get("nodeType", func(n *Node) goja.Value { return r.rt.ToValue(int(n.kind)) })
	get("nodeName", func(n *Node) goja.Value { return r.str(n.NodeName()) })
	get("baseURI", func(n *Node) goja.Value { return r.str(n.doc.urlStr) })
	get("isConnected", func(n *Node) goja.Value { return r.rt.ToValue(n.IsConnected()) })
	get("ownerDocument", func(n *Node) goja.Value {
		if n.kind == DocumentNode {
			return goja.Null()
		}
		return r.wrapNode(n.doc.node)
	})
	get("parentNode", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.Parent()) })
	get("parentElement", func(n *Node) goja.Value {
		if p := n.h.Parent; p != nil && p.Type == html.ElementNode {
			return r.wrapNode(n.doc.NodeFor(p))
		}
		return goja.Null()
	})
	get("childNodes", func(n *Node) goja.Value {
		js := n.jsData()
		if js.childNodes == nil {
			js.childNodes = r.newNodeList(&nodeList{parent: n})
		}
		return js.childNodes
	})
	get("firstChild", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.FirstChild()) })
	get("lastChild", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.LastChild()) })
	get("previousSibling", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.PreviousSibling()) })
	get("nextSibling", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.NextSibling()) })
	node.method("hasChildNodes", 0, func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(r.thisNode(call).h.FirstChild != nil)
	})
	node.method("getRootNode", 0, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		return r.wrapNode(n.doc.NodeFor(root(n.h)))
	})
	node.attr("nodeValue", func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		if n.isCharacterData() {
			return r.str(n.h.Data)
		}
		return goja.Null()
	}, func(call goja.FunctionCall) goja.Value {
		if n := r.thisNode(call); n.isCharacterData() {
			n.SetData(toStringNullEmpty(call.Argument(0)))
		}
		return goja.Undefined()
	})
	node.attr("textContent", func(call goja.FunctionCall) goja.Value {
		if s, ok := r.thisNode(call).TextContent(); ok {
			return r.str(s)
		}
		return goja.Null()
	}, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		s := toStringNullEmpty(call.Argument(0))
		switch n.kind {
		case ElementNode, DocumentFragmentNode:
			n.stringReplaceAll(s)
		case TextNode, CommentNode:
			n.SetData(s)
		}
		return goja.Undefined()
	})
	node.method("normalize", 0, func(call goja.FunctionCall) goja.Value {
		r.thisNode(call).normalize()
		return goja.Undefined()
	})
	node.method("cloneNode", 0, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		if n.kind == DocumentNode {
			panic(r.newDOMException("NotSupportedError", failed("cloneNode", "Node")+"Cloning documents is not supported."))
		}
		return r.wrapNode(cloneNode(n, n.doc, toBool(call.Argument(0))))
	})
	node.method("isEqualNode", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		o := r.argNodeOrNull(call, 0, "isEqualNode", "Node")
		return r.rt.ToValue(o != nil && isEqualNode(n.h, o.h))
	})
	node.method("isSameNode", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		return r.rt.ToValue(r.argNodeOrNull(call, 0, "isSameNode", "Node") == n)
	})
	node.method("compareDocumentPosition", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		r.requireArgs(call, 1, "compareDocumentPosition", "Node")
		return r.rt.ToValue(compareDocumentPosition(n.h, r.argNode(call, 0, "compareDocumentPosition", "Node").h))
	})
	node.method("contains", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		o := r.argNodeOrNull(call, 0, "contains", "Node")
		return r.rt.ToValue(o != nil && isInclusiveAncestorOf(n.h, o.h))
	})
	mutate := func(name string, nargs int, f func(call goja.FunctionCall, n *Node) (*Node, error)) {
		node.method(name, nargs, func(call goja.FunctionCall) goja.Value {
			n := r.thisNode(call)
			r.requireArgs(call, nargs, name, "Node")
			res, err := f(call, n)
			if err != nil {
				r.throwDOM(failed(name, "Node"), err)
			}
			return r.wrapNodeOrNull(res)
		})
	}
	mutate("insertBefore", 2, func(call goja.FunctionCall, n *Node) (*Node, error) {
		return preInsert(r.argNode(call, 0, "insertBefore", "Node"), n, r.argNodeOrNull(call, 1, "insertBefore", "Node"))
	})
	mutate("appendChild", 1, func(call goja.FunctionCall, n *Node) (*Node, error) {
		return appendNode(r.argNode(call, 0, "appendChild", "Node"), n)
	})
	mutate("replaceChild", 2, func(call goja.FunctionCall, n *Node) (*Node, error) {
		node := r.argNode(call, 0, "replaceChild", "Node")
		return replaceChild(r.argNode(call, 1, "replaceChild", "Node"), node, n)
	})
	mutate("removeChild", 1, func(call goja.FunctionCall, n *Node) (*Node, error) {
		return preRemove(r.argNode(call, 0, "removeChild", "Node"), n)
	})

	// CharacterData, Text, Comment. https://dom.spec.whatwg.org/#interface-characterdata
	cd := r.newClass("CharacterData", node, 0, nil)
	thisCD := func(call goja.FunctionCall) *Node { return r.thisKind(call, TextNode, CommentNode) }
	cd.attr("data", func(call goja.FunctionCall) goja.Value { return r.str(thisCD(call).h.Data) },
		func(call goja.FunctionCall) goja.Value {
			thisCD(call).SetData(toStringNullEmpty(call.Argument(0)))
			return goja.Undefined()
		})
	cd.attr("length", func(call goja.FunctionCall) goja.Value { return r.rt.ToValue(thisCD(call).Length()) }, nil)
	cdOp := func(name string, nargs int, f func(n *Node, call goja.FunctionCall) (goja.Value, error)) {
		cd.method(name, nargs, func(call goja.FunctionCall) goja.Value {
			n := thisCD(call)
			r.requireArgs(call, nargs, name, "CharacterData")
			v, err := f(n, call)
			if err != nil {
				r.throwDOM(failed(name, "CharacterData"), err)
			}
			return v
		})
	}
	cdOp("substringData", 2, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		s, err := n.SubstringData(toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1)))
		return r.str(s), err
	})
	cdOp("appendData", 1, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(n.Length(), 0, toDOMString(call.Argument(0)))
	})
	cdOp("insertData", 2, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(toUnsignedLong(call.Argument(0)), 0, toDOMString(call.Argument(1)))
	})
	cdOp("deleteData", 2, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1)), "")
	})
	cdOp("replaceData", 3, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1)), toDOMString(call.Argument(2)))
	})
	r.installChildNode(cd)
	text := r.newClass("Text", cd, 0, func(call goja.ConstructorCall) *goja.Object {
		data := ""
		if v := call.Argument(0); !goja.IsUndefined(v) {
			data = toDOMString(v)
		}
		return r.adoptWrapper(call.This, r.doc.CreateTextNode(data))
	})
	text.method("splitText", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisKind(call, TextNode)
		r.requireArgs(call, 1, "splitText", "Text")
		nn, err := n.splitText(toUnsignedLong(call.Argument(0)))
		if err != nil {
			r.throwDOM(failed("splitText", "Text"), err)
		}
		return r.wrapNode(nn)
	})
	text.attr("wholeText", func(call goja.FunctionCall) goja.Value {
		n := r.thisKind(call, TextNode)
		first := n.h
		for first.PrevSibling != nil && first.PrevSibling.Type == html.TextNode {
			first = first.PrevSibling
		}
		s := ""
		for c := first; c != nil && c.Type == html.TextNode; c = c.NextSibling {
			s += c.Data
		}
		return r.str(s)
	}, nil)
	r.newClass("Comment", cd, 0, func(call goja.ConstructorCall) *goja.Object {
		data := ""
		if v := call.Argument(0); !goja.IsUndefined(v) {
			data = toDOMString(v)
		}
		return r.adoptWrapper(call.This, r.doc.CreateComment(data))
	})

	// DocumentFragment. https://dom.spec.whatwg.org/#interface-documentfragment
	frag := r.newClass("DocumentFragment", node, 0, func(call goja.ConstructorCall) *goja.Object {
		return r.adoptWrapper(call.This, r.doc.CreateDocumentFragment())
	})
	r.installParentNode(frag)
	frag.method("getElementById", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisKind(call, DocumentFragmentNode)
		r.requireArgs(call, 1, "getElementById", "DocumentFragment")
		return r.wrapNodeOrNull(getElementByID(n.doc, n.h, toDOMString(call.Argument(0))))
	})

	// DocumentType. https://dom.spec.whatwg.org/#interface-documenttype
	dt := r.newClass("DocumentType", node, 0, nil)
	dt.attr("name", func(call goja.FunctionCall) goja.Value { return r.str(r.thisKind(call, DocumentTypeNode).h.Data) }, nil)
	dt.attr("publicId", func(call goja.FunctionCall) goja.Value {
		return r.str(doctypeID(r.thisKind(call, DocumentTypeNode).h, "public"))
	}, nil)
	dt.attr("systemId", func(call goja.FunctionCall) goja.Value {
		return r.str(doctypeID(r.thisKind(call, DocumentTypeNode).h, "system"))
	}, nil)
	r.installChildNode(dt)
}

func doctypeID(h *html.Node, key string) string {
	for _, a := range h.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// adoptWrapper makes obj (created by `new X()`, maybe a subclass instance) the wrapper of n.
func (r *realm) adoptWrapper(obj *goja.Object, n *Node) *goja.Object {
	r.setSlot(obj, n)
	n.obj = obj
	return obj
}

// installParentNode defines the ParentNode mixin on c.
// https://dom.spec.whatwg.org/#interface-parentnode
func (r *realm) installParentNode(c *class) {
	this := func(call goja.FunctionCall) *Node {
		return r.thisKind(call, ElementNode, DocumentNode, DocumentFragmentNode)
	}
	iface := c.name
	c.attr("children", func(call goja.FunctionCall) goja.Value {
		n := this(call)
		js := n.jsData()
		if js.children == nil {
			js.children = r.newHTMLCollection(&htmlCollection{root: n, childrenOnly: true, match: isElementNode})
		}
		return js.children
	}, nil)
	c.attr("firstElementChild", func(call goja.FunctionCall) goja.Value {
		n := this(call)
		for h := n.h.FirstChild; h != nil; h = h.NextSibling {
			if h.Type == html.ElementNode {
				return r.wrapNode(n.doc.NodeFor(h))
			}
		}
		return goja.Null()
	}, nil)
	c.attr("lastElementChild", func(call goja.FunctionCall) goja.Value {
		n := this(call)
		for h := n.h.LastChild; h != nil; h = h.PrevSibling {
			if h.Type == html.ElementNode {
				return r.wrapNode(n.doc.NodeFor(h))
			}
		}
		return goja.Null()
	}, nil)
	c.attr("childElementCount", func(call goja.FunctionCall) goja.Value {
		n := this(call)
		k := 0
		for h := n.h.FirstChild; h != nil; h = h.NextSibling {
			if h.Type == html.ElementNode {
				k++
			}
		}
		return r.rt.ToValue(k)
	}, nil)
	c.method("prepend", 0, func(call goja.FunctionCall) goja.Value {
		n := this(call)
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "prepend", iface)
		if _, err := preInsert(node, n, n.FirstChild()); err != nil {
			r.throwDOM(failed("prepend", iface), err)
		}
		return goja.Undefined()
	})
	c.method("append", 0, func(call goja.FunctionCall) goja.Value {
		n := this(call)
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "append", iface)
		if _, err := appendNode(node, n); err != nil {
			r.throwDOM(failed("append", iface), err)
		}
		return goja.Undefined()
	})
	c.method("replaceChildren", 0, func(call goja.FunctionCall) goja.Value {
		n := this(call)
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "replaceChildren", iface)
		if err := ensurePreInsertionValidity(node, n, nil); err != nil {
			r.throwDOM(failed("replaceChildren", iface), err)
		}
		replaceAll(node, n)
		return goja.Undefined()
	})
	c.method("querySelector", 1, func(call goja.FunctionCall) goja.Value {
		n := this(call)
		r.requireArgs(call, 1, "querySelector", iface)
		res, err := n.QuerySelector(toDOMString(call.Argument(0)))
		if err != nil {
			r.throwDOM(failed("querySelector", iface), err)
		}
		return r.wrapNodeOrNull(res)
	})
	c.method("querySelectorAll", 1, func(call goja.FunctionCall) goja.Value {
		n := this(call)
		r.requireArgs(call, 1, "querySelectorAll", iface)
		res, err := n.QuerySelectorAll(toDOMString(call.Argument(0)))
		if err != nil {
			r.throwDOM(failed("querySelectorAll", iface), err)
		}
		return r.newNodeList(&nodeList{static: res})
	})
}

// installChildNode defines the ChildNode mixin on c.
// https://dom.spec.whatwg.org/#interface-childnode
func (r *realm) installChildNode(c *class) {
	iface := c.name
	c.method("before", 0, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		parent := n.Parent()
		if parent == nil {
			return goja.Undefined()
		}
		in := r.argNodesSet(call.Arguments)
		viablePrev := n.h.PrevSibling
		for viablePrev != nil && in[viablePrev] {
			viablePrev = viablePrev.PrevSibling
		}
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "before", iface)
		ref := parent.h.FirstChild
		if viablePrev != nil {
			ref = viablePrev.NextSibling
		}
		if _, err := preInsert(node, parent, n.doc.NodeFor(ref)); err != nil {
			r.throwDOM(failed("before", iface), err)
		}
		return goja.Undefined()
	})
	c.method("after", 0, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		parent := n.Parent()
		if parent == nil {
			return goja.Undefined()
		}
		viableNext := viableNextSibling(n.h, r.argNodesSet(call.Arguments))
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "after", iface)
		if _, err := preInsert(node, parent, n.doc.NodeFor(viableNext)); err != nil {
			r.throwDOM(failed("after", iface), err)
		}
		return goja.Undefined()
	})
	c.method("replaceWith", 0, func(call goja.FunctionCall) goja.Value {
		n := r.thisNode(call)
		parent := n.Parent()
		if parent == nil {
			return goja.Undefined()
		}
		viableNext := viableNextSibling(n.h, r.argNodesSet(call.Arguments))
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "replaceWith", iface)
		var err error
		if n.h.Parent == parent.h {
			_, err = replaceChild(n, node, parent)
		} else {
			_, err = preInsert(node, parent, n.doc.NodeFor(viableNext))
		}
		if err != nil {
			r.throwDOM(failed("replaceWith", iface), err)
		}
		return goja.Undefined()
	})
	c.method("remove", 0, func(call goja.FunctionCall) goja.Value {
		if n := r.thisNode(call); n.h.Parent != nil {
			remove(n, false)
		}
		return goja.Undefined()
	})
	if c.name != "DocumentType" {
		// NonDocumentTypeChildNode. https://dom.spec.whatwg.org/#interface-nondocumenttypechildnode
		c.attr("previousElementSibling", func(call goja.FunctionCall) goja.Value {
			n := r.thisNode(call)
			for h := n.h.PrevSibling; h != nil; h = h.PrevSibling {
				if h.Type == html.ElementNode {
					return r.wrapNode(n.doc.NodeFor(h))
				}
			}
			return goja.Null()
		}, nil)
		c.attr("nextElementSibling", func(call goja.FunctionCall) goja.Value {
			n := r.thisNode(call)
			for h := n.h.NextSibling; h != nil; h = h.NextSibling {
				if h.Type == html.ElementNode {
					return r.wrapNode(n.doc.NodeFor(h))
				}
			}
			return goja.Null()
		}, nil)
	}
}

// argNodesSet returns the html.Nodes among the arguments.
func (r *realm) argNodesSet(args []goja.Value) map[*html.Node]bool {
	m := make(map[*html.Node]bool, len(args))
	for _, a := range args {
		if n, ok := r.unwrap(a).(*Node); ok {
			m[n.h] = true
		}
	}
	return m
}

// splitText splits a Text node at offset.
// https://dom.spec.whatwg.org/#concept-text-split
func (n *Node) splitText(offset int) (*Node, error) {
	if offset > n.Length() {
		return nil, domErr("IndexSizeError", "The offset "+strconv.Itoa(offset)+" is larger than the Text node's length.")
	}
	newData, _ := n.SubstringData(offset, n.Length()-offset)
	nn := n.doc.CreateTextNode(newData)
	if p := n.Parent(); p != nil {
		insert(nn, p, n.NextSibling(), false)
	}
	_ = n.ReplaceData(offset, n.Length()-offset, "")
	return nn, nil
}

// normalize merges adjacent Text descendants and removes empty ones.
// https://dom.spec.whatwg.org/#dom-node-normalize
func (n *Node) normalize() {
	var texts []*html.Node
	for c := range n.h.Descendants() {
		if c.Type == html.TextNode {
			texts = append(texts, c)
		}
	}
	for _, h := range texts {
		if h.Parent == nil && n.h != h {
			continue
		}
		t := n.doc.NodeFor(h)
		if len(h.Data) == 0 {
			remove(t, false)
			continue
		}
		var data string
		for s := h.NextSibling; s != nil && s.Type == html.TextNode; s = s.NextSibling {
			data += s.Data
		}
		if data == "" {
			continue
		}
		_ = t.ReplaceData(t.Length(), 0, data)
		for s := h.NextSibling; s != nil && s.Type == html.TextNode; {
			next := s.NextSibling
			remove(n.doc.NodeFor(s), false)
			s = next
		}
	}
}

// isEqualNode compares two nodes. https://dom.spec.whatwg.org/#concept-node-equals
func isEqualNode(a, b *html.Node) bool {
	if a.Type != b.Type || a.Data != b.Data || a.Namespace != b.Namespace || len(a.Attr) != len(b.Attr) {
		return false
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
		if !isEqualNode(ca, cb) {
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

// viableNextSibling is n's first following sibling that is not among the arguments
// (https://dom.spec.whatwg.org/#dom-childnode-after, step 3).
func viableNextSibling(n *html.Node, in map[*html.Node]bool) *html.Node {
	next := n.NextSibling
	for next != nil && in[next] {
		next = next.NextSibling
	}
	return next
}
