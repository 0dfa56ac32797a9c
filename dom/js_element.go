package dom

import (
	"strconv"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

func (r *realm) thisElement(call goja.FunctionCall) *Node {
	if n, ok := r.idl.Unwrap(call.This).(*Node); ok && n.kind == ElementNode {
		return n
	}
	panic(r.idl.IllegalInvocation())
}

// installElement defines Element, then HTMLElement, the SVG and MathML element interfaces
// and the HTML element interfaces.
// https://dom.spec.whatwg.org/#interface-element
func (r *realm) installElement() {
	el := r.idl.DefineInterface("Element", r.iface("Node"), 0, nil)
	r.installParentNode(el)
	r.installChildNode(el)
	m := webidl.On(el, r.thisElement)
	r.installElementNames(m)
	r.installElementAttributes(m)
	r.installElementNSAttributes(m)
	r.installElementSelectors(m)
	r.installGetElementsBy(el)
	r.installElementMarkup(m)
	r.installElementAdjacent(m)

	he := r.installHTMLElement(el)
	// SVG elements (js_svg.go) and MathML elements (enough for instanceof and event handlers).
	svg := r.idl.DefineInterface("SVGElement", el, 0, nil)
	r.handlerAttrs(svg.Proto, globalEventHandlers, func(call goja.FunctionCall) Target { return r.thisElement(call) })
	// HTMLOrSVGElement's focus members and dataset. https://html.spec.whatwg.org/multipage/dom.html#htmlorsvgelement
	sm := webidl.On(svg, r.thisElement)
	sm.Accessor("tabIndex", func(n *Node) goja.Value { return r.rt.ToValue(n.TabIndex()) },
		func(n *Node, v goja.Value) { n.setAttributeValue("tabindex", strconv.Itoa(toLong(v))) })
	sm.LenientMethod("focus", 0, func(n *Node, _ goja.FunctionCall) goja.Value { n.Focus(); return goja.Undefined() })
	sm.LenientMethod("blur", 0, func(n *Node, _ goja.FunctionCall) goja.Value { n.Blur(); return goja.Undefined() })
	r.installHTMLElementStyle(sm) // style (ElementCSSInlineStyle) and dataset (HTMLOrSVGElement)
	r.installSVGElements(svg)     // js_svg.go
	mathml := r.idl.DefineInterface("MathMLElement", el, 0, nil)
	for _, c := range []*webidl.Interface{he, svg, mathml} {
		r.installFocusGroup(c)
	}
	r.installHTMLElements(he)
}

// installElementNames defines namespaceURI, prefix, localName, tagName, id, className,
// slot and classList.
func (r *realm) installElementNames(m webidl.Members[*Node]) {
	m.Getter("namespaceURI", func(n *Node) goja.Value { return r.nullableStr(elementNamespaceURI(n.h.Namespace)) })
	m.Getter("prefix", func(n *Node) goja.Value {
		if p := n.Prefix(); p != "" {
			return r.str(p)
		}
		return goja.Null()
	})
	m.Getter("localName", func(n *Node) goja.Value { return r.str(n.h.Data) })
	m.Getter("tagName", func(n *Node) goja.Value { return r.str(n.TagName()) })
	r.reflect(m.I, "id", "id")
	r.reflect(m.I, "className", "class")
	r.reflect(m.I, "slot", "slot")
	m.Getter("classList", func(n *Node) goja.Value {
		js := n.jsData()
		if js.classList == nil {
			js.classList = r.newTokenList(n, "class")
		}
		return js.classList
	})
}

// installElementAttributes defines the attribute operations by qualified name.
// https://dom.spec.whatwg.org/#dom-element-getattribute and its neighbours
func (r *realm) installElementAttributes(m webidl.Members[*Node]) {
	m.LenientMethod("hasAttributes", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		return r.rt.ToValue(len(n.h.Attr) > 0)
	})
	m.LenientMethod("getAttributeNames", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		names := n.AttributeNames()
		items := make([]any, len(names))
		for i, s := range names {
			items[i] = s
		}
		return r.rt.NewArray(items...)
	})
	m.Method("getAttribute", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		if v, ok := n.GetAttribute(toDOMString(call.Argument(0))); ok {
			return r.str(v)
		}
		return goja.Null()
	})
	m.Method("hasAttribute", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(n.HasAttribute(toDOMString(call.Argument(0))))
	})
	m.Method("setAttribute", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		r.check("setAttribute", "Element", n.SetAttribute(toDOMString(call.Argument(0)), toDOMString(call.Argument(1))))
		return goja.Undefined()
	})
	m.Method("removeAttribute", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		n.RemoveAttribute(toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
	m.Method("toggleAttribute", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		force := call.Argument(1)
		res, err := n.ToggleAttribute(toDOMString(call.Argument(0)), toBool(force), !goja.IsUndefined(force))
		r.check("toggleAttribute", "Element", err)
		return r.rt.ToValue(res)
	})
}

// installElementNSAttributes defines the attribute operations by namespace and local name.
func (r *realm) installElementNSAttributes(m webidl.Members[*Node]) {
	m.Method("getAttributeNS", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		if i := n.attrIndexNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1))); i >= 0 {
			return r.str(n.h.Attr[i].Val)
		}
		return goja.Null()
	})
	m.Method("hasAttributeNS", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(n.attrIndexNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1))) >= 0)
	})
	m.Method("setAttributeNS", 3, func(n *Node, call goja.FunctionCall) goja.Value {
		err := n.setAttributeNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1)), toDOMString(call.Argument(2)))
		r.check("setAttributeNS", "Element", err)
		return goja.Undefined()
	})
	m.Method("removeAttributeNS", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		if i := n.attrIndexNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1))); i >= 0 {
			n.removeAttributeAt(i)
		}
		return goja.Undefined()
	})
}

// installElementSelectors defines matches, webkitMatchesSelector and closest.
func (r *realm) installElementSelectors(m webidl.Members[*Node]) {
	sel := func(name string, f func(n *Node, s string) (goja.Value, error)) {
		m.Method(name, 1, func(n *Node, call goja.FunctionCall) goja.Value {
			v, err := f(n, toDOMString(call.Argument(0)))
			r.check(name, "Element", err)
			return v
		})
	}
	matches := func(n *Node, s string) (goja.Value, error) {
		ok, err := n.Matches(s)
		return r.rt.ToValue(ok), err
	}
	sel("matches", matches)
	sel("webkitMatchesSelector", matches)
	sel("closest", func(n *Node, s string) (goja.Value, error) {
		c, err := n.Closest(s)
		return r.wrapNodeOrNull(c), err
	})
}

// installGetElementsBy defines getElementsByTagName/ClassName on c (Element, Document).
func (r *realm) installGetElementsBy(c *webidl.Interface) {
	m := webidl.On(c, r.thisKinds(ElementNode, DocumentNode))
	m.Method("getElementsByTagName", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.newHTMLCollection(&htmlCollection{root: n, match: byTagName(toDOMString(call.Argument(0)), &n.doc.table)})
	})
	m.Method("getElementsByTagNameNS", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.newHTMLCollection(&htmlCollection{root: n, match: byTagNameNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1)))})
	})
	m.Method("getElementsByClassName", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		return r.newHTMLCollection(&htmlCollection{root: n, match: byClassNames(toDOMString(call.Argument(0)))})
	})
}

// installElementMarkup defines innerHTML, outerHTML and insertAdjacentHTML.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html
func (r *realm) installElementMarkup(m webidl.Members[*Node]) {
	m.Accessor("innerHTML", func(n *Node) goja.Value { return r.str(n.InnerHTML()) }, func(n *Node, v goja.Value) {
		if err := n.SetInnerHTML(toStringNullEmpty(v)); err != nil {
			r.throwDOM("Failed to set the 'innerHTML' property on 'Element': ", err)
		}
	})
	m.Accessor("outerHTML", func(n *Node) goja.Value { return r.str(n.OuterHTML()) }, func(n *Node, v goja.Value) {
		if err := n.SetOuterHTML(toStringNullEmpty(v)); err != nil {
			r.throwDOM("Failed to set the 'outerHTML' property on 'Element': ", err)
		}
	})
	m.Method("insertAdjacentHTML", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		r.check("insertAdjacentHTML", "Element", n.InsertAdjacentHTML(toDOMString(call.Argument(0)), toDOMString(call.Argument(1))))
		return goja.Undefined()
	})
}

// installElementAdjacent defines insertAdjacentElement and insertAdjacentText.
// https://dom.spec.whatwg.org/#dom-element-insertadjacentelement
func (r *realm) installElementAdjacent(m webidl.Members[*Node]) {
	m.Method("insertAdjacentElement", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		other, ok := r.idl.Unwrap(call.Argument(1)).(*Node)
		if !ok || other.kind != ElementNode {
			panic(r.idl.TypeError(webidl.Failed("insertAdjacentElement", "Element") + "parameter 2 is not of type 'Element'."))
		}
		res, err := n.insertAdjacent(toDOMString(call.Argument(0)), other)
		r.check("insertAdjacentElement", "Element", err)
		return r.wrapNodeOrNull(res)
	})
	m.Method("insertAdjacentText", 2, func(n *Node, call goja.FunctionCall) goja.Value {
		t := n.doc.CreateTextNode(toDOMString(call.Argument(1)))
		_, err := n.insertAdjacent(toDOMString(call.Argument(0)), t)
		r.check("insertAdjacentText", "Element", err)
		return goja.Undefined()
	})
}
