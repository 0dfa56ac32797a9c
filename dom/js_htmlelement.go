package dom

import (
	"strconv"
	"strings"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

func (r *realm) thisHTMLElement(call goja.FunctionCall) *Node {
	if n, ok := r.idl.Unwrap(call.This).(*Node); ok && n.kind == ElementNode && n.h.Namespace == "" {
		return n
	}
	panic(r.idl.IllegalInvocation())
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
	case "details":
		return "HTMLDetailsElement"
	case "dialog":
		return "HTMLDialogElement"
	case "div":
		return "HTMLDivElement"
	case "form":
		return "HTMLFormElement"
	case "fieldset":
		return "HTMLFieldSetElement"
	case "legend":
		return "HTMLLegendElement"
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
	case "slot":
		return "HTMLSlotElement"
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

func (r *realm) htmlElementClass(name string) *webidl.Interface {
	if c, ok := r.elementClasses[name]; ok {
		return c
	}
	c := r.iface(htmlElementInterface(name))
	if c == nil {
		c = r.iface("HTMLElement")
	}
	r.elementClasses[name] = c
	return c
}

// defineHTMLElementInterface defines an [HTMLConstructor] interface inheriting from parent.
func (r *realm) defineHTMLElementInterface(name string, parent *webidl.Interface) *webidl.Interface {
	var c *webidl.Interface
	c = r.idl.DefineInterface(name, parent, 0, func(call goja.ConstructorCall) *goja.Object {
		return r.htmlElementConstructor(c)(call)
	})
	c.HTMLConstructor = true
	return c
}

// installHTMLElement defines HTMLElement.
// https://html.spec.whatwg.org/multipage/dom.html#htmlelement
func (r *realm) installHTMLElement(el *webidl.Interface) *webidl.Interface {
	he := r.defineHTMLElementInterface("HTMLElement", el)
	r.reflect(he, "title", "title")
	r.reflect(he, "lang", "lang")
	r.reflect(he, "dir", "dir")
	r.reflect(he, "accessKey", "accesskey")
	r.reflectBool(he, "hidden", "hidden")
	r.reflectBool(he, "inert", "inert")
	m := webidl.On(he, r.thisHTMLElement)
	m.Accessor("tabIndex", func(n *Node) goja.Value { return r.rt.ToValue(n.TabIndex()) },
		func(n *Node, v goja.Value) { n.setAttributeValue("tabindex", strconv.Itoa(toLong(v))) })
	text := func(n *Node) goja.Value { s, _ := n.TextContent(); return r.str(s) }
	setText := func(n *Node, v goja.Value) { n.stringReplaceAll(toStringNullEmpty(v)) }
	m.Accessor("innerText", text, setText)
	m.Accessor("outerText", text, setText)
	r.installHTMLElementStyle(m)
	// https://html.spec.whatwg.org/multipage/interaction.html#dom-contenteditable
	m.Accessor("contentEditable", func(n *Node) goja.Value {
		v, ok := n.GetAttribute("contenteditable")
		switch v = asciiLower(v); {
		case !ok:
			return r.str("inherit")
		case v == "" || v == "true":
			return r.str("true")
		case v == "false" || v == "plaintext-only":
			return r.str(v)
		}
		return r.str("inherit")
	}, func(n *Node, v goja.Value) {
		switch s := asciiLower(toDOMString(v)); s {
		case "inherit":
			n.RemoveAttribute("contenteditable")
		case "true", "false", "plaintext-only":
			n.setAttributeValue("contenteditable", s)
		default:
			panic(r.domError("SyntaxError", "Failed to set the 'contentEditable' property on 'HTMLElement': The value provided ('"+toDOMString(v)+"') is not one of 'true', 'false', 'plaintext-only', or 'inherit'."))
		}
	})
	m.Getter("isContentEditable", func(n *Node) goja.Value {
		for h := n.h; h != nil && h.Type == html.ElementNode; h = h.Parent {
			if e := n.doc.NodeFor(h); e != nil {
				if _, ok := e.GetAttribute("contenteditable"); ok {
					return r.rt.ToValue(e.isEditingHost())
				}
			}
		}
		return r.rt.ToValue(false)
	})
	m.LenientMethod("click", 0, func(n *Node, _ goja.FunctionCall) goja.Value { n.click(); return goja.Undefined() })
	m.LenientMethod("focus", 0, func(n *Node, _ goja.FunctionCall) goja.Value { n.Focus(); return goja.Undefined() })
	m.LenientMethod("blur", 0, func(n *Node, _ goja.FunctionCall) goja.Value { n.Blur(); return goja.Undefined() })
	r.handlerAttrs(he.Proto, globalEventHandlers, func(call goja.FunctionCall) Target { return r.thisHTMLElement(call) })
	return he
}

// installHTMLElementStyle defines style (ElementCSSInlineStyle) and dataset.
func (r *realm) installHTMLElementStyle(m webidl.Members[*Node]) {
	m.Accessor("style", func(n *Node) goja.Value {
		js := n.jsData()
		if js.style == nil {
			js.style = r.newStyle(n)
		}
		return js.style
	}, func(n *Node, v goja.Value) { n.inlineStyle().setCSSText(toDOMString(v)) })
	m.Getter("dataset", func(n *Node) goja.Value {
		js := n.jsData()
		if js.dataset == nil {
			js.dataset = r.newDataset(n)
		}
		return js.dataset
	})
}

// reflect defines a DOMString attribute reflecting a content attribute.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes
func (r *realm) reflect(c *webidl.Interface, idl, attr string) {
	webidl.On(c, r.thisElement).Accessor(idl, func(n *Node) goja.Value {
		v, _ := n.GetAttribute(attr)
		return r.str(v)
	}, func(n *Node, v goja.Value) { n.setAttributeValue(attr, toDOMString(v)) })
}

// reflectBool defines a boolean attribute reflecting a content attribute's presence.
func (r *realm) reflectBool(c *webidl.Interface, idl, attr string) {
	webidl.On(c, r.thisElement).Accessor(idl, func(n *Node) goja.Value {
		return r.rt.ToValue(n.HasAttribute(attr))
	}, func(n *Node, v goja.Value) {
		if toBool(v) {
			n.setAttributeValue(attr, "")
		} else {
			n.RemoveAttribute(attr)
		}
	})
}

// reflectURL defines a USVString attribute reflecting a URL content attribute.
func (r *realm) reflectURL(c *webidl.Interface, idl, attr string) {
	webidl.On(c, r.thisElement).Accessor(idl, func(n *Node) goja.Value {
		v, ok := n.GetAttribute(attr)
		if !ok {
			return r.str("")
		}
		return r.str(n.doc.resolveURL(v))
	}, func(n *Node, v goja.Value) { n.setAttributeValue(attr, toDOMString(v)) })
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
func (r *realm) installHTMLElements(he *webidl.Interface) {
	for _, name := range []string{"HTMLBRElement", "HTMLCanvasElement", "HTMLDivElement", "HTMLHeadElement",
		"HTMLHeadingElement", "HTMLHRElement", "HTMLHtmlElement", "HTMLLIElement",
		"HTMLLinkElement", "HTMLMetaElement", "HTMLOListElement", "HTMLParagraphElement", "HTMLPreElement",
		"HTMLSpanElement", "HTMLStyleElement", "HTMLTableElement", "HTMLTableSectionElement",
		"HTMLTableCellElement", "HTMLTableRowElement", "HTMLTemplateElement", "HTMLTitleElement",
		"HTMLUListElement", "HTMLUnknownElement", "HTMLFormElement", "HTMLLabelElement", "HTMLOptionElement",
		"HTMLSelectElement"} {
		r.defineHTMLElementInterface(name, he)
	}
	r.installIframeElement(he)
	body := r.defineHTMLElementInterface("HTMLBodyElement", he)
	// Body's window-reflecting handlers are the window's.
	r.handlerAttrs(body.Proto, windowReflectingBodyHandlers+" "+windowEventHandlers, func(call goja.FunctionCall) Target {
		r.thisHTMLElement(call)
		return r.win
	})
	r.defineHTMLElementInterface("HTMLLegendElement", he)
	// https://html.spec.whatwg.org/multipage/form-elements.html#htmlfieldsetelement
	fieldset := r.defineHTMLElementInterface("HTMLFieldSetElement", he)
	r.reflectBool(fieldset, "disabled", "disabled")
	r.reflect(fieldset, "name", "name")
	details := r.defineHTMLElementInterface("HTMLDetailsElement", he)
	r.reflectBool(details, "open", "open")
	r.installHTMLDialogElement(he)
	a := r.defineHTMLElementInterface("HTMLAnchorElement", he)
	r.reflectURL(a, "href", "href")
	r.reflect(a, "target", "target")
	r.reflect(a, "rel", "rel")
	r.installHTMLImageElement(he)
	r.installHTMLScriptElement(he)
	r.installHTMLButtonElement(he)
	r.installHTMLFormElement()
	r.installHTMLInputElement(he)
	r.installHTMLTextAreaElement(he)
}

// installHTMLScriptElement. https://html.spec.whatwg.org/multipage/scripting.html#htmlscriptelement
func (r *realm) installHTMLScriptElement(he *webidl.Interface) {
	script := r.defineHTMLElementInterface("HTMLScriptElement", he)
	r.reflectURL(script, "src", "src")
	r.reflect(script, "type", "type")
	r.reflectBool(script, "async", "async")
	r.reflectBool(script, "defer", "defer")
	webidl.On(script, r.thisHTMLElement).Accessor("text",
		func(n *Node) goja.Value { return r.str(childTextContent(n.h)) },
		func(n *Node, v goja.Value) { n.stringReplaceAll(toDOMString(v)) })
}

// installHTMLButtonElement. https://html.spec.whatwg.org/multipage/form-elements.html#htmlbuttonelement
func (r *realm) installHTMLButtonElement(he *webidl.Interface) {
	button := r.defineHTMLElementInterface("HTMLButtonElement", he)
	r.reflectBool(button, "disabled", "disabled")
	r.reflect(button, "name", "name")
	r.reflect(button, "value", "value")
	webidl.On(button, r.thisHTMLElement).Accessor("type", func(n *Node) goja.Value {
		v, _ := n.GetAttribute("type")
		switch v = asciiLower(v); v {
		case "reset", "button":
			return r.str(v)
		}
		return r.str("submit")
	}, func(n *Node, v goja.Value) { n.setAttributeValue("type", toDOMString(v)) })
}

// installHTMLInputElement. https://html.spec.whatwg.org/multipage/input.html#htmlinputelement
func (r *realm) installHTMLInputElement(he *webidl.Interface) {
	input := r.defineHTMLElementInterface("HTMLInputElement", he)
	r.reflectBool(input, "disabled", "disabled")
	r.reflect(input, "name", "name")
	r.reflect(input, "placeholder", "placeholder")
	r.reflect(input, "defaultValue", "value")
	r.reflectBool(input, "defaultChecked", "checked")
	m := webidl.On(input, r.thisHTMLElement)
	m.Accessor("type", func(n *Node) goja.Value {
		v, _ := n.GetAttribute("type")
		v = asciiLower(strings.TrimSpace(v))
		if v == "" {
			v = "text"
		}
		return r.str(v)
	}, func(n *Node, v goja.Value) { n.setAttributeValue("type", toDOMString(v)) })
	m.Accessor("value", func(n *Node) goja.Value {
		if n.form.dirtyValue {
			return r.str(n.form.value)
		}
		if n.IsTextControl() {
			return r.str(n.TextValue())
		}
		v, _ := n.GetAttribute("value")
		return r.str(v)
	}, func(n *Node, v goja.Value) { n.setValueFromScript(toStringNullEmpty(v)) })
	r.installTextSelectionAPIs(input)
	m.Accessor("checked", func(n *Node) goja.Value {
		return r.rt.ToValue(n.checkedness())
	}, func(n *Node, v goja.Value) { n.setCheckedness(toBool(v)) })
}

// installHTMLTextAreaElement. https://html.spec.whatwg.org/multipage/form-elements.html#htmltextareaelement
func (r *realm) installHTMLTextAreaElement(he *webidl.Interface) {
	ta := r.defineHTMLElementInterface("HTMLTextAreaElement", he)
	r.reflectBool(ta, "disabled", "disabled")
	r.reflect(ta, "name", "name")
	webidl.On(ta, r.thisHTMLElement).Accessor("value", func(n *Node) goja.Value {
		return r.str(n.TextValue())
	}, func(n *Node, v goja.Value) { n.setValueFromScript(toStringNullEmpty(v)) })
	r.installTextSelectionAPIs(ta)
	webidl.On(ta, r.thisHTMLElement).Getter("textLength", func(n *Node) goja.Value { return r.rt.ToValue(n.TextLength()) })
}

// installHTMLFormElement defines requestSubmit() and submit().
// https://html.spec.whatwg.org/multipage/forms.html#the-form-element
func (r *realm) installHTMLFormElement() {
	m := webidl.On(r.iface("HTMLFormElement"), r.thisHTMLElement)
	m.LenientMethod("requestSubmit", 0, func(form *Node, call goja.FunctionCall) goja.Value {
		const ctx = "Failed to execute 'requestSubmit' on 'HTMLFormElement': "
		// 1. "If submitter is not null, then: If submitter is not a submit button, then throw
		// a TypeError. If submitter's form owner is not this form element, then throw a
		// "NotFoundError" DOMException." 2. "Otherwise, set submitter to this form element."
		submitter := form
		if s := call.Argument(0); !isNullish(s) {
			n, ok := r.idl.Unwrap(s).(*Node)
			if !ok || n.kind != ElementNode {
				panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'HTMLElement'."))
			}
			if !n.isSubmitButton() {
				panic(r.idl.TypeError(ctx + "The specified element is not a submit button."))
			}
			if formAncestor(n.h) != form.h {
				panic(r.newDOMException("NotFoundError", ctx+"The specified element is not owned by this form element."))
			}
			submitter = n
		}
		// 3. "Submit this form element, from submitter."
		form.submitForm(submitter, false)
		return goja.Undefined()
	})
	// submit(): "Submit this form element from this form element, with submitted from
	// submit() method set to true": no submit event; DEPARTURE: no navigation either.
	m.LenientMethod("submit", 0, func(form *Node, _ goja.FunctionCall) goja.Value {
		form.submitForm(form, true)
		return goja.Undefined()
	})
}
