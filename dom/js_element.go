package dom

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

func (r *realm) thisElement(call goja.FunctionCall) *Node {
	if n, ok := r.unwrap(call.This).(*Node); ok && n.kind == ElementNode {
		return n
	}
	panic(r.illegalInvocation())
}

func (r *realm) thisHTMLElement(call goja.FunctionCall) *Node {
	if n, ok := r.unwrap(call.This).(*Node); ok && n.kind == ElementNode && n.h.Namespace == "" {
		return n
	}
	panic(r.illegalInvocation())
}

// htmlElementInterface maps an HTML local name to its interface.
// https://html.spec.whatwg.org/multipage/indices.html#element-interfaces
func htmlElementInterface(name string) string {
	switch name {
	case "a":
		return "HTMLAnchorElement"
	case "body":
		return "HTMLBodyElement"
	case "br":
		return "HTMLBRElement"
	case "button":
		return "HTMLButtonElement"
	case "canvas":
		return "HTMLCanvasElement"
	case "div":
		return "HTMLDivElement"
	case "form":
		return "HTMLFormElement"
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return "HTMLHeadingElement"
	case "head":
		return "HTMLHeadElement"
	case "hr":
		return "HTMLHRElement"
	case "html":
		return "HTMLHtmlElement"
	case "iframe":
		return "HTMLIFrameElement"
	case "img":
		return "HTMLImageElement"
	case "input":
		return "HTMLInputElement"
	case "label":
		return "HTMLLabelElement"
	case "li":
		return "HTMLLIElement"
	case "link":
		return "HTMLLinkElement"
	case "meta":
		return "HTMLMetaElement"
	case "ol":
		return "HTMLOListElement"
	case "option":
		return "HTMLOptionElement"
	case "p":
		return "HTMLParagraphElement"
	case "pre", "listing", "xmp":
		return "HTMLPreElement"
	case "script":
		return "HTMLScriptElement"
	case "select":
		return "HTMLSelectElement"
	case "span":
		return "HTMLSpanElement"
	case "style":
		return "HTMLStyleElement"
	case "table":
		return "HTMLTableElement"
	case "tbody", "thead", "tfoot":
		return "HTMLTableSectionElement"
	case "td", "th":
		return "HTMLTableCellElement"
	case "template":
		return "HTMLTemplateElement"
	case "textarea":
		return "HTMLTextAreaElement"
	case "title":
		return "HTMLTitleElement"
	case "tr":
		return "HTMLTableRowElement"
	case "ul":
		return "HTMLUListElement"
	case "abbr", "address", "article", "aside", "b", "bdi", "bdo", "cite", "code", "dd", "dfn", "dt", "em",
		"figcaption", "figure", "footer", "header", "hgroup", "i", "kbd", "main", "mark", "nav", "noscript",
		"rp", "rt", "ruby", "s", "samp", "search", "section", "small", "strong", "sub", "summary", "sup",
		"u", "var", "wbr", "acronym", "basefont", "big", "center", "nobr", "noembed", "noframes", "plaintext",
		"rb", "rtc", "strike", "tt":
		return "HTMLElement"
	}
	if strings.IndexByte(name, '-') > 0 {
		return "HTMLElement" // valid custom element name, not defined
	}
	return "HTMLUnknownElement"
}

func (r *realm) htmlElementClass(name string) *class {
	if c, ok := r.elementClasses[name]; ok {
		return c
	}
	c := r.classes[htmlElementInterface(name)]
	if c == nil {
		c = r.classes["HTMLElement"]
	}
	r.elementClasses[name] = c
	return c
}

// installElement defines Element, HTMLElement and the HTML element interfaces.
// https://dom.spec.whatwg.org/#interface-element
func (r *realm) installElement() {
	el := r.newClass("Element", r.classes["Node"], 0, nil)
	r.installParentNode(el)
	r.installChildNode(el)
	get := func(name string, f func(n *Node) goja.Value) {
		el.attr(name, func(call goja.FunctionCall) goja.Value { return f(r.thisElement(call)) }, nil)
	}
	get("namespaceURI", func(n *Node) goja.Value {
		if n.h.Namespace == "" {
			return r.str("http://www.w3.org/1999/xhtml")
		}
		return r.str(namespaceURL(n.h.Namespace))
	})
	get("prefix", func(n *Node) goja.Value { return goja.Null() })
	get("localName", func(n *Node) goja.Value { return r.str(n.h.Data) })
	get("tagName", func(n *Node) goja.Value { return r.str(n.TagName()) })
	r.reflect(el, "id", "id")
	r.reflect(el, "className", "class")
	r.reflect(el, "slot", "slot")
	get("classList", func(n *Node) goja.Value {
		js := n.jsData()
		if js.classList == nil {
			js.classList = r.newTokenList(n, "class")
		}
		return js.classList
	})
	el.method("hasAttributes", 0, func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(len(r.thisElement(call).h.Attr) > 0)
	})
	el.method("getAttributeNames", 0, func(call goja.FunctionCall) goja.Value {
		names := r.thisElement(call).AttributeNames()
		items := make([]any, len(names))
		for i, s := range names {
			items[i] = s
		}
		return r.rt.NewArray(items...)
	})
	el.method("getAttribute", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 1, "getAttribute", "Element")
		if v, ok := n.GetAttribute(toDOMString(call.Argument(0))); ok {
			return r.str(v)
		}
		return goja.Null()
	})
	el.method("getAttributeNS", 2, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 2, "getAttributeNS", "Element")
		if i := n.attrIndexNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1))); i >= 0 {
			return r.str(n.h.Attr[i].Val)
		}
		return goja.Null()
	})
	el.method("hasAttribute", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 1, "hasAttribute", "Element")
		return r.rt.ToValue(n.HasAttribute(toDOMString(call.Argument(0))))
	})
	el.method("hasAttributeNS", 2, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 2, "hasAttributeNS", "Element")
		return r.rt.ToValue(n.attrIndexNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1))) >= 0)
	})
	el.method("setAttribute", 2, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 2, "setAttribute", "Element")
		if err := n.SetAttribute(toDOMString(call.Argument(0)), toDOMString(call.Argument(1))); err != nil {
			r.throwDOM(failed("setAttribute", "Element"), err)
		}
		return goja.Undefined()
	})
	el.method("setAttributeNS", 3, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 3, "setAttributeNS", "Element")
		if err := n.setAttributeNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1)), toDOMString(call.Argument(2))); err != nil {
			r.throwDOM(failed("setAttributeNS", "Element"), err)
		}
		return goja.Undefined()
	})
	el.method("removeAttribute", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 1, "removeAttribute", "Element")
		n.RemoveAttribute(toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
	el.method("removeAttributeNS", 2, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 2, "removeAttributeNS", "Element")
		if i := n.attrIndexNS(toNullableString(call.Argument(0)), toDOMString(call.Argument(1))); i >= 0 {
			n.removeAttributeAt(i)
		}
		return goja.Undefined()
	})
	el.method("toggleAttribute", 1, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 1, "toggleAttribute", "Element")
		force := call.Argument(1)
		res, err := n.ToggleAttribute(toDOMString(call.Argument(0)), toBool(force), !goja.IsUndefined(force))
		if err != nil {
			r.throwDOM(failed("toggleAttribute", "Element"), err)
		}
		return r.rt.ToValue(res)
	})
	sel := func(name string, f func(n *Node, s string) (goja.Value, error)) {
		el.method(name, 1, func(call goja.FunctionCall) goja.Value {
			n := r.thisElement(call)
			r.requireArgs(call, 1, name, "Element")
			v, err := f(n, toDOMString(call.Argument(0)))
			if err != nil {
				r.throwDOM(failed(name, "Element"), err)
			}
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
	r.installGetElementsBy(el)
	el.attr("innerHTML", func(call goja.FunctionCall) goja.Value {
		return r.str(r.thisElement(call).InnerHTML())
	}, func(call goja.FunctionCall) goja.Value {
		if err := r.thisElement(call).SetInnerHTML(toStringNullEmpty(call.Argument(0))); err != nil {
			r.throwDOM("Failed to set the 'innerHTML' property on 'Element': ", err)
		}
		return goja.Undefined()
	})
	el.attr("outerHTML", func(call goja.FunctionCall) goja.Value {
		return r.str(r.thisElement(call).OuterHTML())
	}, func(call goja.FunctionCall) goja.Value {
		if err := r.thisElement(call).SetOuterHTML(toStringNullEmpty(call.Argument(0))); err != nil {
			r.throwDOM("Failed to set the 'outerHTML' property on 'Element': ", err)
		}
		return goja.Undefined()
	})
	el.method("insertAdjacentHTML", 2, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 2, "insertAdjacentHTML", "Element")
		if err := n.InsertAdjacentHTML(toDOMString(call.Argument(0)), toDOMString(call.Argument(1))); err != nil {
			r.throwDOM(failed("insertAdjacentHTML", "Element"), err)
		}
		return goja.Undefined()
	})
	el.method("insertAdjacentElement", 2, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 2, "insertAdjacentElement", "Element")
		other, ok := r.unwrap(call.Argument(1)).(*Node)
		if !ok || other.kind != ElementNode {
			panic(r.typeError(failed("insertAdjacentElement", "Element") + "parameter 2 is not of type 'Element'."))
		}
		res, err := n.insertAdjacent(toDOMString(call.Argument(0)), other)
		if err != nil {
			r.throwDOM(failed("insertAdjacentElement", "Element"), err)
		}
		return r.wrapNodeOrNull(res)
	})
	el.method("insertAdjacentText", 2, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		r.requireArgs(call, 2, "insertAdjacentText", "Element")
		t := n.doc.CreateTextNode(toDOMString(call.Argument(1)))
		if _, err := n.insertAdjacent(toDOMString(call.Argument(0)), t); err != nil {
			r.throwDOM(failed("insertAdjacentText", "Element"), err)
		}
		return goja.Undefined()
	})

	// HTMLElement. https://html.spec.whatwg.org/multipage/dom.html#htmlelement
	he := r.newClass("HTMLElement", el, 0, nil)
	r.reflect(he, "title", "title")
	r.reflect(he, "lang", "lang")
	r.reflect(he, "dir", "dir")
	r.reflect(he, "accessKey", "accesskey")
	r.reflectBool(he, "hidden", "hidden")
	r.reflectBool(he, "inert", "inert")
	he.attr("tabIndex", func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		if v, ok := n.GetAttribute("tabindex"); ok {
			if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				return r.rt.ToValue(i)
			}
		}
		switch n.h.Data {
		case "a", "button", "input", "select", "textarea":
			return r.rt.ToValue(0)
		}
		return r.rt.ToValue(-1)
	}, func(call goja.FunctionCall) goja.Value {
		r.thisHTMLElement(call).setAttributeValue("tabindex", strconv.Itoa(toLong(call.Argument(0))))
		return goja.Undefined()
	})
	textGetSet := func(call goja.FunctionCall) goja.Value {
		s, _ := r.thisHTMLElement(call).TextContent()
		return r.str(s)
	}
	textSet := func(call goja.FunctionCall) goja.Value {
		r.thisHTMLElement(call).stringReplaceAll(toStringNullEmpty(call.Argument(0)))
		return goja.Undefined()
	}
	he.attr("innerText", textGetSet, textSet)
	he.attr("outerText", textGetSet, textSet)
	he.attr("style", func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		js := n.jsData()
		if js.style == nil {
			js.style = r.newStyle(n)
		}
		return js.style
	}, func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		n.inlineStyle().setCSSText(toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
	he.attr("dataset", func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		js := n.jsData()
		if js.dataset == nil {
			js.dataset = r.newDataset(n)
		}
		return js.dataset
	}, nil)
	he.method("click", 0, func(call goja.FunctionCall) goja.Value {
		r.thisHTMLElement(call).click()
		return goja.Undefined()
	})
	he.method("focus", 0, func(call goja.FunctionCall) goja.Value { r.thisHTMLElement(call); return goja.Undefined() })
	he.method("blur", 0, func(call goja.FunctionCall) goja.Value { r.thisHTMLElement(call); return goja.Undefined() })
	r.handlerAttrs(he.proto, globalEventHandlers, func(call goja.FunctionCall) Target { return r.thisHTMLElement(call) })

	// SVG and MathML elements (enough for instanceof and event handlers).
	svg := r.newClass("SVGElement", el, 0, nil)
	r.handlerAttrs(svg.proto, globalEventHandlers, func(call goja.FunctionCall) Target { return r.thisElement(call) })
	r.newClass("SVGGraphicsElement", svg, 0, nil)
	r.newClass("SVGSVGElement", r.classes["SVGGraphicsElement"], 0, nil)
	r.newClass("MathMLElement", el, 0, nil)

	r.installHTMLElements(he)
}

// installGetElementsBy defines getElementsByTagName/ClassName on c.
func (r *realm) installGetElementsBy(c *class) {
	this := func(call goja.FunctionCall) *Node { return r.thisKind(call, ElementNode, DocumentNode) }
	c.method("getElementsByTagName", 1, func(call goja.FunctionCall) goja.Value {
		n := this(call)
		r.requireArgs(call, 1, "getElementsByTagName", c.name)
		return r.newHTMLCollection(&htmlCollection{root: n, match: byTagName(toDOMString(call.Argument(0)))})
	})
	c.method("getElementsByClassName", 1, func(call goja.FunctionCall) goja.Value {
		n := this(call)
		r.requireArgs(call, 1, "getElementsByClassName", c.name)
		return r.newHTMLCollection(&htmlCollection{root: n, match: byClassNames(toDOMString(call.Argument(0)))})
	})
}

// reflect defines a DOMString attribute reflecting a content attribute.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes
func (r *realm) reflect(c *class, idl, attr string) {
	c.attr(idl, func(call goja.FunctionCall) goja.Value {
		v, _ := r.thisElement(call).GetAttribute(attr)
		return r.str(v)
	}, func(call goja.FunctionCall) goja.Value {
		r.thisElement(call).setAttributeValue(attr, toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
}

// reflectBool defines a boolean attribute reflecting a content attribute's presence.
func (r *realm) reflectBool(c *class, idl, attr string) {
	c.attr(idl, func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(r.thisElement(call).HasAttribute(attr))
	}, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		if toBool(call.Argument(0)) {
			n.setAttributeValue(attr, "")
		} else {
			n.RemoveAttribute(attr)
		}
		return goja.Undefined()
	})
}

// reflectURL defines a USVString attribute reflecting a URL content attribute.
func (r *realm) reflectURL(c *class, idl, attr string) {
	c.attr(idl, func(call goja.FunctionCall) goja.Value {
		n := r.thisElement(call)
		v, ok := n.GetAttribute(attr)
		if !ok {
			return r.str("")
		}
		return r.str(n.doc.resolveURL(v))
	}, func(call goja.FunctionCall) goja.Value {
		r.thisElement(call).setAttributeValue(attr, toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
}

// resolveURL parses s relative to the document URL.
func (d *Document) resolveURL(s string) string {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return s
	}
	return d.url.ResolveReference(u).String()
}

// click fires a synthetic click at the element.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-click
func (n *Node) click() {
	if n.HasAttribute("disabled") && isFormControl(n.h.Data) {
		return
	}
	if n.clicking {
		return
	}
	n.clicking = true
	defer func() { n.clicking = false }()
	e := NewPointerEvent("click", MouseEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true, Composed: true}},
		PointerEventInit{PointerID: -1, Width: 1, Height: 1})
	if r := n.doc.realm; r != nil {
		e.timeStamp = r.host.Now()
	}
	dispatch(e, n, false)
}

func isFormControl(name string) bool {
	switch name {
	case "button", "input", "select", "textarea", "fieldset", "optgroup", "option":
		return true
	}
	return false
}

// installHTMLElements defines the HTML element interfaces.
func (r *realm) installHTMLElements(he *class) {
	simple := []string{"HTMLBRElement", "HTMLCanvasElement", "HTMLDivElement", "HTMLHeadElement",
		"HTMLHeadingElement", "HTMLHRElement", "HTMLHtmlElement", "HTMLIFrameElement", "HTMLLIElement",
		"HTMLLinkElement", "HTMLMetaElement", "HTMLOListElement", "HTMLParagraphElement", "HTMLPreElement",
		"HTMLSpanElement", "HTMLStyleElement", "HTMLTableElement", "HTMLTableSectionElement",
		"HTMLTableCellElement", "HTMLTableRowElement", "HTMLTemplateElement", "HTMLTitleElement",
		"HTMLUListElement", "HTMLUnknownElement", "HTMLFormElement", "HTMLLabelElement", "HTMLOptionElement",
		"HTMLSelectElement"}
	for _, name := range simple {
		r.newClass(name, he, 0, nil)
	}
	body := r.newClass("HTMLBodyElement", he, 0, nil)
	// Body's window-reflecting handlers are the window's.
	r.handlerAttrs(body.proto, windowReflectingBodyHandlers+" "+windowEventHandlers, func(call goja.FunctionCall) Target {
		r.thisHTMLElement(call)
		return r.win
	})
	a := r.newClass("HTMLAnchorElement", he, 0, nil)
	r.reflectURL(a, "href", "href")
	r.reflect(a, "target", "target")
	r.reflect(a, "rel", "rel")
	img := r.newClass("HTMLImageElement", he, 0, nil)
	r.reflectURL(img, "src", "src")
	r.reflect(img, "alt", "alt")
	script := r.newClass("HTMLScriptElement", he, 0, nil)
	r.reflectURL(script, "src", "src")
	r.reflect(script, "type", "type")
	r.reflectBool(script, "async", "async")
	r.reflectBool(script, "defer", "defer")
	script.attr("text", func(call goja.FunctionCall) goja.Value {
		return r.str(childTextContent(r.thisHTMLElement(call).h))
	}, func(call goja.FunctionCall) goja.Value {
		r.thisHTMLElement(call).stringReplaceAll(toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
	button := r.newClass("HTMLButtonElement", he, 0, nil)
	r.reflectBool(button, "disabled", "disabled")
	r.reflect(button, "name", "name")
	r.reflect(button, "value", "value")
	button.attr("type", func(call goja.FunctionCall) goja.Value {
		v, _ := r.thisHTMLElement(call).GetAttribute("type")
		switch v = asciiLower(v); v {
		case "reset", "button":
			return r.str(v)
		}
		return r.str("submit")
	}, func(call goja.FunctionCall) goja.Value {
		r.thisHTMLElement(call).setAttributeValue("type", toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
	input := r.newClass("HTMLInputElement", he, 0, nil)
	r.reflectBool(input, "disabled", "disabled")
	r.reflect(input, "name", "name")
	r.reflect(input, "placeholder", "placeholder")
	r.reflect(input, "defaultValue", "value")
	r.reflectBool(input, "defaultChecked", "checked")
	input.attr("type", func(call goja.FunctionCall) goja.Value {
		v, _ := r.thisHTMLElement(call).GetAttribute("type")
		v = asciiLower(strings.TrimSpace(v))
		if v == "" {
			v = "text"
		}
		return r.str(v)
	}, func(call goja.FunctionCall) goja.Value {
		r.thisHTMLElement(call).setAttributeValue("type", toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
	input.attr("value", func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		if n.form.dirtyValue {
			return r.str(n.form.value)
		}
		v, _ := n.GetAttribute("value")
		return r.str(v)
	}, func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		n.form.value, n.form.dirtyValue = toStringNullEmpty(call.Argument(0)), true
		return goja.Undefined()
	})
	input.attr("checked", func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		if n.form.dirtyChecked {
			return r.rt.ToValue(n.form.checked)
		}
		return r.rt.ToValue(n.HasAttribute("checked"))
	}, func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		n.form.checked, n.form.dirtyChecked = toBool(call.Argument(0)), true
		return goja.Undefined()
	})
	ta := r.newClass("HTMLTextAreaElement", he, 0, nil)
	r.reflectBool(ta, "disabled", "disabled")
	r.reflect(ta, "name", "name")
	ta.attr("value", func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		if n.form.dirtyValue {
			return r.str(n.form.value)
		}
		return r.str(childTextContent(n.h))
	}, func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		n.form.value, n.form.dirtyValue = toStringNullEmpty(call.Argument(0)), true
		return goja.Undefined()
	})
}

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
	local := qualified
	if i := strings.IndexByte(qualified, ':'); i >= 0 {
		local = qualified[i+1:]
	}
	if !isValidAttributeName(local) {
		return domErr("InvalidCharacterError", "'"+qualified+"' is not a valid attribute name.")
	}
	short := shortNamespace(ns)
	if i := n.attrIndexNS(ns, local); i >= 0 {
		n.changeAttribute(i, value)
		return nil
	}
	n.appendAttribute(html.Attribute{Namespace: short, Key: local, Val: value})
	return nil
}
