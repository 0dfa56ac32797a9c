package dom

import (
	"slices"
	"strconv"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// nodeJS holds the per-node JS objects that must stay the same object ([SameObject]).
type nodeJS struct {
	childNodes, children, classList, dataset, style *goja.Object
	focusGroup                                      *goja.Object            // an element's focusGroup DOMTokenList
	selection                                       *goja.Object            // a document's Selection (js_selection.go)
	attributes                                      *goja.Object            // the NamedNodeMap
	attrs                                           map[[2]string]*Attr     // Attr nodes script holds, by namespace and name
	detailsToggle                                   *detailsToggle          // a details element's pending toggle task
	dialog                                          *dialogState            // a dialog element's state (dialog.go)
	implementation                                  *goja.Object            // a document's DOMImplementation
	slotAssigned                                    []*Node                 // a slot's assigned nodes when last compared (shadow.go)
	image                                           *imageData              // an img element's image requests (image.go)
	svgLengths                                      map[string]*goja.Object // an SVG element's SVGAnimatedLengths (svglength.go)
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
	n.obj = r.idl.NewObject(r.classForNode(n).Proto, n)
	return n.obj
}

func (r *realm) wrapNodeOrNull(n *Node) goja.Value {
	if n == nil {
		return goja.Null()
	}
	return r.wrapNode(n)
}

// classForNode picks the most derived interface of a node.
func (r *realm) classForNode(n *Node) *webidl.Interface {
	switch n.kind {
	case ElementNode:
		switch n.h.Namespace {
		case "":
			return r.htmlElementClass(n.h.Data)
		case "svg":
			return r.svgElementClass(n.h.Data)
		case "math":
			return r.iface("MathMLElement")
		}
		return r.iface("Element")
	case TextNode:
		return r.iface("Text")
	case CDATASectionNode:
		return r.iface("CDATASection")
	case CommentNode:
		return r.iface("Comment")
	case ProcessingInstructionNode:
		return r.iface("ProcessingInstruction")
	case DocumentNode:
		if n == r.doc.node || n.doc.htmlDoc && n == n.doc.node {
			return r.iface("HTMLDocument")
		}
		if n.doc.xmlContentType != "" && n == n.doc.node {
			return r.iface("XMLDocument")
		}
		return r.iface("Document")
	case DocumentTypeNode:
		return r.iface("DocumentType")
	case DocumentFragmentNode:
		if n.isShadowRoot() {
			return r.iface("ShadowRoot")
		}
		return r.iface("DocumentFragment")
	}
	return r.iface("Node")
}

func (r *realm) thisNode(call goja.FunctionCall) *Node {
	if n, ok := r.idl.Unwrap(call.This).(*Node); ok {
		return n
	}
	panic(r.idl.IllegalInvocation())
}

// thisKinds returns the `this` conversion to a node of one of the given kinds.
func (r *realm) thisKinds(kinds ...NodeType) func(goja.FunctionCall) *Node {
	return func(call goja.FunctionCall) *Node {
		if n, ok := r.idl.Unwrap(call.This).(*Node); ok && slices.Contains(kinds, n.kind) {
			return n
		}
		panic(r.idl.IllegalInvocation())
	}
}

// argNode converts argument i to a Node (TypeError otherwise).
func (r *realm) argNode(call goja.FunctionCall, i int, method, iface string) *Node {
	if n, ok := r.idl.Unwrap(call.Argument(i)).(*Node); ok {
		return n
	}
	panic(r.idl.TypeError(webidl.Failed(method, iface) + "parameter " + strconv.Itoa(i+1) + " is not of type 'Node'."))
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
		if n, ok := r.idl.Unwrap(a).(*Node); ok {
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
			r.throwDOM(webidl.Failed(method, iface), err)
		}
	}
	return frag
}

// installNode defines Node and the interfaces that inherit from it directly
// (CharacterData, Text, Comment, DocumentFragment, DocumentType).
// https://dom.spec.whatwg.org/#interface-node
func (r *realm) installNode() {
	node := r.idl.DefineInterface("Node", r.iface("EventTarget"), 0, nil)
	node.Constants(1, "ELEMENT_NODE", "ATTRIBUTE_NODE", "TEXT_NODE", "CDATA_SECTION_NODE",
		"ENTITY_REFERENCE_NODE", "ENTITY_NODE", "PROCESSING_INSTRUCTION_NODE", "COMMENT_NODE", "DOCUMENT_NODE",
		"DOCUMENT_TYPE_NODE", "DOCUMENT_FRAGMENT_NODE", "NOTATION_NODE")
	for i, name := range []string{"DOCUMENT_POSITION_DISCONNECTED", "DOCUMENT_POSITION_PRECEDING",
		"DOCUMENT_POSITION_FOLLOWING", "DOCUMENT_POSITION_CONTAINS", "DOCUMENT_POSITION_CONTAINED_BY",
		"DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC"} {
		node.Constant(name, 1<<i)
	}
	m := webidl.On(node, r.thisNode)
	r.installNodeInfo(m)
	r.installNodeTreeAccessors(m)
	r.installNodeContent(m)
	r.installNodeComparison(m)
	r.installNodeMutation(m)
	r.installCharacterData(node)
	r.installDocumentFragment(node)
	r.installDocumentType(node)
}

// installNodeInfo defines nodeType, nodeName, baseURI, isConnected and ownerDocument.
func (r *realm) installNodeInfo(m webidl.Members[*Node]) {
	m.Getter("nodeType", func(n *Node) goja.Value { return r.rt.ToValue(int(n.kind)) })
	m.Getter("nodeName", func(n *Node) goja.Value { return r.str(n.NodeName()) })
	m.Getter("baseURI", func(n *Node) goja.Value { return r.str(n.doc.baseURL().String()) })
	m.Getter("isConnected", func(n *Node) goja.Value { return r.rt.ToValue(n.IsConnected()) })
	m.Getter("ownerDocument", func(n *Node) goja.Value {
		if n.kind == DocumentNode {
			return goja.Null()
		}
		return r.wrapNode(n.doc.node)
	})
}

// installNodeTreeAccessors defines the tree walk: parentNode, childNodes, firstChild, ...
func (r *realm) installNodeTreeAccessors(m webidl.Members[*Node]) {
	m.Getter("parentNode", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.Parent()) })
	m.Getter("parentElement", func(n *Node) goja.Value {
		if p := n.h.Parent; p != nil && p.Type == html.ElementNode {
			return r.wrapNode(n.doc.NodeFor(p))
		}
		return goja.Null()
	})
	m.Getter("childNodes", func(n *Node) goja.Value {
		js := n.jsData()
		if js.childNodes == nil {
			js.childNodes = r.newNodeList(&nodeList{parent: n})
		}
		return js.childNodes
	})
	m.Getter("firstChild", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.FirstChild()) })
	m.Getter("lastChild", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.LastChild()) })
	m.Getter("previousSibling", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.PreviousSibling()) })
	m.Getter("nextSibling", func(n *Node) goja.Value { return r.wrapNodeOrNull(n.NextSibling()) })
	m.LenientMethod("hasChildNodes", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		return r.rt.ToValue(n.h.FirstChild != nil)
	})
	// getRootNode(options): "Return this's shadow-including root if options["composed"] is
	// true; otherwise this's root."
	m.LenientMethod("getRootNode", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		if toBool(dictGet(call.Argument(0), "composed")) {
			return r.wrapNode(n.shadowIncludingRoot())
		}
		return r.wrapNode(n.doc.NodeFor(root(n.h)))
	})
}

// installNodeContent defines nodeValue, textContent, normalize and cloneNode.
func (r *realm) installNodeContent(m webidl.Members[*Node]) {
	m.Accessor("nodeValue", func(n *Node) goja.Value {
		if n.isCharacterData() {
			return r.str(n.h.Data)
		}
		return goja.Null()
	}, func(n *Node, v goja.Value) {
		if n.isCharacterData() {
			n.SetData(toStringNullEmpty(v))
		}
	})
	m.Accessor("textContent", func(n *Node) goja.Value {
		if s, ok := n.TextContent(); ok {
			return r.str(s)
		}
		return goja.Null()
	}, func(n *Node, v goja.Value) {
		s := toStringNullEmpty(v)
		switch n.kind {
		case ElementNode, DocumentFragmentNode:
			n.stringReplaceAll(s)
		case TextNode, CDATASectionNode, CommentNode, ProcessingInstructionNode:
			n.SetData(s)
		}
	})
	m.LenientMethod("normalize", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		n.normalize()
		return goja.Undefined()
	})
	m.LenientMethod("cloneNode", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		if n.kind == DocumentNode {
			panic(r.newDOMException("NotSupportedError", webidl.Failed("cloneNode", "Node")+"Cloning documents is not supported."))
		}
		return r.wrapNode(cloneNode(n, n.doc, toBool(call.Argument(0))))
	})
}

// installNodeComparison defines isEqualNode, isSameNode, compareDocumentPosition, contains.
func (r *realm) installNodeComparison(m webidl.Members[*Node]) {
	m.LenientMethod("isEqualNode", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		o := r.argNodeOrNull(call, 0, "isEqualNode", "Node")
		return r.rt.ToValue(o != nil && isEqualNode(n.h, o.h, &n.doc.table, &o.doc.table))
	})
	m.LenientMethod("isSameNode", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(r.argNodeOrNull(call, 0, "isSameNode", "Node") == n)
	})
	m.Method("compareDocumentPosition", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(compareDocumentPosition(n.h, r.argNode(call, 0, "compareDocumentPosition", "Node").h))
	})
	m.LenientMethod("contains", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		o := r.argNodeOrNull(call, 0, "contains", "Node")
		return r.rt.ToValue(o != nil && isInclusiveAncestorOf(n.h, o.h))
	})
}

// installNodeMutation defines insertBefore, appendChild, replaceChild and removeChild.
func (r *realm) installNodeMutation(m webidl.Members[*Node]) {
	mutate := func(name string, nargs int, f func(n *Node, call goja.FunctionCall) (*Node, error)) {
		m.Method(name, nargs, func(n *Node, call goja.FunctionCall) goja.Value {
			res, err := f(n, call)
			r.check(name, "Node", err)
			return r.wrapNodeOrNull(res)
		})
	}
	mutate("insertBefore", 2, func(n *Node, call goja.FunctionCall) (*Node, error) {
		return preInsert(r.argNode(call, 0, "insertBefore", "Node"), n, r.argNodeOrNull(call, 1, "insertBefore", "Node"))
	})
	mutate("appendChild", 1, func(n *Node, call goja.FunctionCall) (*Node, error) {
		return appendNode(r.argNode(call, 0, "appendChild", "Node"), n)
	})
	mutate("replaceChild", 2, func(n *Node, call goja.FunctionCall) (*Node, error) {
		node := r.argNode(call, 0, "replaceChild", "Node")
		return replaceChild(r.argNode(call, 1, "replaceChild", "Node"), node, n)
	})
	mutate("removeChild", 1, func(n *Node, call goja.FunctionCall) (*Node, error) {
		return preRemove(r.argNode(call, 0, "removeChild", "Node"), n)
	})
}

// installDocumentFragment defines DocumentFragment.
// https://dom.spec.whatwg.org/#interface-documentfragment
func (r *realm) installDocumentFragment(node *webidl.Interface) {
	frag := r.idl.DefineInterface("DocumentFragment", node, 0, func(call goja.ConstructorCall) *goja.Object {
		return r.adoptWrapper(call.This, r.doc.CreateDocumentFragment())
	})
	r.installParentNode(frag)
	m := webidl.On(frag, r.thisKinds(DocumentFragmentNode))
	m.Method("getElementById", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.wrapNodeOrNull(getElementByID(n.doc, n.h, toDOMString(call.Argument(0))))
	})
}

// installDocumentType defines DocumentType.
// https://dom.spec.whatwg.org/#interface-documenttype
func (r *realm) installDocumentType(node *webidl.Interface) {
	dt := r.idl.DefineInterface("DocumentType", node, 0, nil)
	m := webidl.On(dt, r.thisKinds(DocumentTypeNode))
	m.Getter("name", func(n *Node) goja.Value { return r.str(n.h.Data) })
	m.Getter("publicId", func(n *Node) goja.Value { return r.str(doctypeID(n.h, "public")) })
	m.Getter("systemId", func(n *Node) goja.Value { return r.str(doctypeID(n.h, "system")) })
	r.installChildNode(dt)
}

// adoptWrapper makes obj (created by `new X()`, maybe a subclass instance) the wrapper of n.
func (r *realm) adoptWrapper(obj *goja.Object, n *Node) *goja.Object {
	r.idl.SetSlot(obj, n)
	n.obj = obj
	return obj
}

func doctypeID(h *html.Node, key string) string {
	for _, a := range h.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
