package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// installDocument defines Document and HTMLDocument.
// https://dom.spec.whatwg.org/#interface-document
func (r *realm) installDocument() {
	doc := r.idl.DefineInterface("Document", r.iface("Node"), 0, func(call goja.ConstructorCall) *goja.Object {
		d := NewDocument("about:blank")
		d.realm = r
		return r.adoptWrapper(call.This, d.node)
	})
	r.idl.DefineInterface("HTMLDocument", doc, 0, nil)
	r.idl.DefineInterface("XMLDocument", doc, 0, nil)
	r.installParentNode(doc)
	r.installGetElementsBy(doc)
	thisNode := r.thisKinds(DocumentNode)
	m := webidl.On(doc, func(call goja.FunctionCall) *Document { return thisNode(call).doc })
	r.installDocumentInfo(m)
	r.installDocumentTree(m)
	r.installDocumentState(m)
	r.installDocumentFactories(m)
	r.installDocumentNodeTransfer(m)
	r.installAttr(r.iface("Element"), m)
	r.installRange(m)
	r.installSelection(m)
	r.installCreateProcessingInstruction(m)
	m.Method("createCDATASection", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		n, err := d.CreateCDATASection(toDOMString(call.Argument(0)))
		r.check("createCDATASection", "Document", err)
		return r.wrapNode(n)
	})
	r.handlerAttrs(doc.Proto, globalEventHandlers+" onreadystatechange onvisibilitychange", func(call goja.FunctionCall) Target {
		return thisNode(call)
	})
}

// installDocumentInfo defines URL, documentURI, compatMode, characterSet, charset and
// contentType.
func (r *realm) installDocumentInfo(m webidl.Members[*Document]) {
	m.Getter("URL", func(d *Document) goja.Value { return r.str(d.urlStr) })
	m.Getter("documentURI", func(d *Document) goja.Value { return r.str(d.urlStr) })
	m.Getter("compatMode", func(d *Document) goja.Value {
		if d.xmlContentType != "" {
			return r.str("CSS1Compat") // an XML document is never in quirks mode
		}
		for c := d.node.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.DoctypeNode {
				return r.str("CSS1Compat")
			}
		}
		return r.str("BackCompat")
	})
	m.Getter("characterSet", func(d *Document) goja.Value { return r.str("UTF-8") })
	m.Getter("charset", func(d *Document) goja.Value { return r.str("UTF-8") })
	m.Getter("contentType", func(d *Document) goja.Value {
		if d.xmlContentType != "" {
			return r.str(d.xmlContentType)
		}
		return r.str("text/html")
	})
}

// installDocumentTree defines doctype, documentElement, head, body, title and images.
func (r *realm) installDocumentTree(m webidl.Members[*Document]) {
	m.Getter("doctype", func(d *Document) goja.Value {
		for c := d.node.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.DoctypeNode {
				return r.wrapNode(d.NodeFor(c))
			}
		}
		return goja.Null()
	})
	m.Getter("documentElement", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.DocumentElement()) })
	m.Getter("head", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.Head()) })
	m.Accessor("body", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.Body()) }, r.setBody)
	m.Accessor("title", func(d *Document) goja.Value { return r.str(d.Title()) },
		func(d *Document, v goja.Value) { d.SetTitle(toDOMString(v)) })
	// https://html.spec.whatwg.org/multipage/dom.html#dom-document-images
	// FIXME(spec): [SameObject]: each read makes a new (live) collection.
	m.Getter("images", func(d *Document) goja.Value {
		return r.newHTMLCollection(&htmlCollection{root: d.node, match: isHTMLImageNode})
	})
}

// isHTMLImageNode matches the img elements of the HTML namespace.
func isHTMLImageNode(h *html.Node) bool {
	return h.Type == html.ElementNode && h.Namespace == "" && h.Data == "img"
}

// setBody is the body setter. https://html.spec.whatwg.org/multipage/dom.html#dom-document-body
func (r *realm) setBody(d *Document, v goja.Value) {
	n, ok := r.idl.Unwrap(v).(*Node)
	if !ok || n.kind != ElementNode || n.h.Namespace != "" || (n.h.Data != "body" && n.h.Data != "frameset") {
		panic(r.newDOMException("HierarchyRequestError", "Failed to set the 'body' property on 'Document': The new body element is of type '"+tagNameOrEmpty(n)+"'. It must be either a 'BODY' or 'FRAMESET' element."))
	}
	var err error
	if old := d.Body(); old != nil {
		if old == n {
			return
		}
		_, err = replaceChild(old, n, old.Parent())
	} else if de := d.DocumentElement(); de != nil {
		_, err = appendNode(n, de)
	} else {
		err = domErr("HierarchyRequestError", "No document element exists.")
	}
	if err != nil {
		r.throwDOM("Failed to set the 'body' property on 'Document': ", err)
	}
}

// installDocumentState defines readyState, currentScript, defaultView, location, the
// visibility and focus members, referrer and cookie.
func (r *realm) installDocumentState(m webidl.Members[*Document]) {
	m.Getter("readyState", func(d *Document) goja.Value { return r.str(d.readyState) })
	m.Getter("currentScript", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.currentScript) })
	m.Getter("defaultView", func(d *Document) goja.Value {
		if d == r.doc {
			return r.rt.GlobalObject()
		}
		return goja.Null()
	})
	m.Getter("location", func(d *Document) goja.Value {
		if d == r.doc {
			return r.location
		}
		return goja.Null()
	})
	m.Getter("visibilityState", func(d *Document) goja.Value { return r.str("visible") })
	m.Getter("hidden", func(d *Document) goja.Value { return r.rt.ToValue(false) })
	m.Getter("referrer", func(d *Document) goja.Value { return r.str("") })
	m.Getter("activeElement", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.ActiveElement()) })
	m.Getter("scrollingElement", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.DocumentElement()) })
	m.Accessor("cookie", func(*Document) goja.Value { return r.str("") }, func(*Document, goja.Value) {})
	// hasFocus(): the window's document has the system focus (DEPARTURE: the page's window
	// always has it); a document without a browsing context (DOMParser's,
	// createHTMLDocument's, new Document()'s) never does.
	// https://html.spec.whatwg.org/multipage/interaction.html#dom-document-hasfocus
	m.LenientMethod("hasFocus", 0, func(d *Document, _ goja.FunctionCall) goja.Value { return r.rt.ToValue(d == r.doc) })
}

// installDocumentFactories defines getElementById, the create* operations and createEvent.
func (r *realm) installDocumentFactories(m webidl.Members[*Document]) {
	m.Method("getElementById", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		return r.wrapNodeOrNull(d.GetElementByID(toDOMString(call.Argument(0))))
	})
	m.Method("createElement", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		localName := toDOMString(call.Argument(0))
		if !isValidElementName(localName) {
			r.check("createElement", "Document", domErr("InvalidCharacterError", "The tag name provided ('"+localName+"') is not a valid name."))
		}
		// 2. "If this is an HTML document, then set localName to localName in ASCII
		// lowercase." 3. "Let namespace be the HTML namespace, if this is an HTML document
		// or this's content type is "application/xhtml+xml"; otherwise null."
		ns := ""
		if d.xmlContentType != "" {
			if d.xmlContentType != "application/xhtml+xml" {
				ns = noNamespace
			}
		} else {
			localName = asciiLower(localName)
		}
		return r.wrapNode(r.createAnElement(d, ns, localName, elementCreationIs(call.Argument(1))))
	})
	m.Method("createElementNS", 2, func(d *Document, call goja.FunctionCall) goja.Value {
		// "internal createElementNS steps": 1. validate and extract; 4. create an element.
		ns, prefix, local, err := validateAndExtract(toNullableString(call.Argument(0)), toDOMString(call.Argument(1)), false)
		r.check("createElementNS", "Document", err)
		n := r.createAnElement(d, elementNamespace(ns), local, elementCreationIs(call.Argument(2)))
		n.setPrefix(prefix)
		return r.wrapNode(n)
	})
	m.Method("createTextNode", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		return r.wrapNode(d.CreateTextNode(toDOMString(call.Argument(0))))
	})
	m.Method("createComment", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		return r.wrapNode(d.CreateComment(toDOMString(call.Argument(0))))
	})
	m.LenientMethod("createDocumentFragment", 0, func(d *Document, _ goja.FunctionCall) goja.Value {
		return r.wrapNode(d.CreateDocumentFragment())
	})
	m.Method("createEvent", 1, func(_ *Document, call goja.FunctionCall) goja.Value {
		kind, ok := legacyEventInterface(toDOMString(call.Argument(0)))
		if !ok {
			panic(r.newDOMException("NotSupportedError", webidl.Failed("createEvent", "Document")+"The provided event type ('"+toDOMString(call.Argument(0))+"') is invalid."))
		}
		return r.wrapEvent(&Event{kind: kind})
	})
}

// installDocumentNodeTransfer defines importNode and adoptNode.
func (r *realm) installDocumentNodeTransfer(m webidl.Members[*Document]) {
	m.LenientMethod("importNode", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		n := r.argNode(call, 0, "importNode", "Document")
		if n.kind == DocumentNode {
			panic(r.newDOMException("NotSupportedError", webidl.Failed("importNode", "Document")+"The node provided is a document, which may not be imported."))
		}
		return r.wrapNode(cloneNode(n, d, toBool(call.Argument(1))))
	})
	m.LenientMethod("adoptNode", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		n := r.argNode(call, 0, "adoptNode", "Document")
		if n.kind == DocumentNode {
			panic(r.newDOMException("NotSupportedError", webidl.Failed("adoptNode", "Document")+"The node provided is a document, which may not be adopted."))
		}
		adopt(n, d)
		return r.wrapNode(n)
	})
}

// tagNameOrEmpty returns the tagName of an element or "".
func tagNameOrEmpty(n *Node) string {
	if n == nil {
		return ""
	}
	return n.TagName()
}

// legacyEventInterface maps createEvent's interface argument to an event kind.
// https://dom.spec.whatwg.org/#dom-document-createevent
func legacyEventInterface(s string) (eventKind, bool) {
	switch asciiLower(s) {
	case "customevent":
		return kindCustomEvent, true
	case "errorevent":
		return kindErrorEvent, true
	case "event", "events", "htmlevents", "svgevents":
		return kindEvent, true
	case "focusevent":
		return kindFocusEvent, true
	case "keyboardevent":
		return kindKeyboardEvent, true
	case "mouseevent", "mouseevents":
		return kindMouseEvent, true
	case "uievent", "uievents":
		return kindUIEvent, true
	}
	return 0, false
}
