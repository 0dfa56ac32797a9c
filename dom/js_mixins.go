package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// installParentNode defines the ParentNode mixin on c.
// https://dom.spec.whatwg.org/#interface-parentnode
func (r *realm) installParentNode(c *webidl.Interface) {
	m := webidl.On(c, r.thisKinds(ElementNode, DocumentNode, DocumentFragmentNode))
	r.installParentNodeChildren(m)
	r.installParentNodeInsertion(m)
	m.Method("querySelector", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		res, err := n.QuerySelector(toDOMString(call.Argument(0)))
		r.check("querySelector", c.Name, err)
		return r.wrapNodeOrNull(res)
	})
	m.Method("querySelectorAll", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		res, err := n.QuerySelectorAll(toDOMString(call.Argument(0)))
		r.check("querySelectorAll", c.Name, err)
		return r.newNodeList(&nodeList{static: res})
	})
}

// installParentNodeChildren defines children, firstElementChild, lastElementChild and
// childElementCount.
func (r *realm) installParentNodeChildren(m webidl.Members[*Node]) {
	m.Getter("children", func(n *Node) goja.Value {
		js := n.jsData()
		if js.children == nil {
			js.children = r.newHTMLCollection(&htmlCollection{root: n, childrenOnly: true, match: isElementNode})
		}
		return js.children
	})
	m.Getter("firstElementChild", func(n *Node) goja.Value {
		for h := n.h.FirstChild; h != nil; h = h.NextSibling {
			if h.Type == html.ElementNode {
				return r.wrapNode(n.doc.NodeFor(h))
			}
		}
		return goja.Null()
	})
	m.Getter("lastElementChild", func(n *Node) goja.Value {
		for h := n.h.LastChild; h != nil; h = h.PrevSibling {
			if h.Type == html.ElementNode {
				return r.wrapNode(n.doc.NodeFor(h))
			}
		}
		return goja.Null()
	})
	m.Getter("childElementCount", func(n *Node) goja.Value {
		k := 0
		for h := n.h.FirstChild; h != nil; h = h.NextSibling {
			if h.Type == html.ElementNode {
				k++
			}
		}
		return r.rt.ToValue(k)
	})
}

// installParentNodeInsertion defines prepend, append and replaceChildren.
func (r *realm) installParentNodeInsertion(m webidl.Members[*Node]) {
	iface := m.I.Name
	m.LenientMethod("prepend", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "prepend", iface)
		_, err := preInsert(node, n, n.FirstChild())
		r.check("prepend", iface, err)
		return goja.Undefined()
	})
	m.LenientMethod("append", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "append", iface)
		_, err := appendNode(node, n)
		r.check("append", iface, err)
		return goja.Undefined()
	})
	m.LenientMethod("replaceChildren", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "replaceChildren", iface)
		r.check("replaceChildren", iface, ensurePreInsertionValidity(node, n, nil))
		replaceAll(node, n)
		return goja.Undefined()
	})
}

// installChildNode defines the ChildNode mixin on c, and NonDocumentTypeChildNode unless
// c is DocumentType.
// https://dom.spec.whatwg.org/#interface-childnode
func (r *realm) installChildNode(c *webidl.Interface) {
	m := webidl.On(c, r.thisNode)
	r.installChildNodeInsertion(m)
	m.LenientMethod("remove", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		if n.h.Parent != nil {
			remove(n, false)
		}
		return goja.Undefined()
	})
	if c.Name != "DocumentType" {
		r.installNonDocumentTypeChildNode(m)
	}
}

// installChildNodeInsertion defines before, after and replaceWith.
func (r *realm) installChildNodeInsertion(m webidl.Members[*Node]) {
	iface := m.I.Name
	m.LenientMethod("before", 0, func(n *Node, call goja.FunctionCall) goja.Value {
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
		_, err := preInsert(node, parent, n.doc.NodeFor(ref))
		r.check("before", iface, err)
		return goja.Undefined()
	})
	m.LenientMethod("after", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		parent := n.Parent()
		if parent == nil {
			return goja.Undefined()
		}
		viableNext := viableNextSibling(n.h, r.argNodesSet(call.Arguments))
		node := r.convertNodesIntoNode(call.Arguments, n.doc, "after", iface)
		_, err := preInsert(node, parent, n.doc.NodeFor(viableNext))
		r.check("after", iface, err)
		return goja.Undefined()
	})
	m.LenientMethod("replaceWith", 0, func(n *Node, call goja.FunctionCall) goja.Value {
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
		r.check("replaceWith", iface, err)
		return goja.Undefined()
	})
}

// installNonDocumentTypeChildNode defines previousElementSibling and nextElementSibling.
// https://dom.spec.whatwg.org/#interface-nondocumenttypechildnode
func (r *realm) installNonDocumentTypeChildNode(m webidl.Members[*Node]) {
	m.Getter("previousElementSibling", func(n *Node) goja.Value {
		for h := n.h.PrevSibling; h != nil; h = h.PrevSibling {
			if h.Type == html.ElementNode {
				return r.wrapNode(n.doc.NodeFor(h))
			}
		}
		return goja.Null()
	})
	m.Getter("nextElementSibling", func(n *Node) goja.Value {
		for h := n.h.NextSibling; h != nil; h = h.NextSibling {
			if h.Type == html.ElementNode {
				return r.wrapNode(n.doc.NodeFor(h))
			}
		}
		return goja.Null()
	})
}

// argNodesSet returns the html.Nodes among the arguments.
func (r *realm) argNodesSet(args []goja.Value) map[*html.Node]bool {
	m := make(map[*html.Node]bool, len(args))
	for _, a := range args {
		if n, ok := r.idl.Unwrap(a).(*Node); ok {
			m[n.h] = true
		}
	}
	return m
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
