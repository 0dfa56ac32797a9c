package dom

import (
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// installDocument defines Document and HTMLDocument.
// https://dom.spec.whatwg.org/#interface-document
func (r *realm) installDocument() {
	doc := r.newClass("Document", r.classes["Node"], 0, func(call goja.ConstructorCall) *goja.Object {
		d := NewDocument("about:blank")
		d.realm = r
		return r.adoptWrapper(call.This, d.node)
	})
	r.newClass("HTMLDocument", doc, 0, nil)
	r.installParentNode(doc)
	r.installGetElementsBy(doc)
	this := func(call goja.FunctionCall) *Document { return r.thisKind(call, DocumentNode).doc }
	get := func(name string, f func(d *Document) goja.Value) {
		doc.attr(name, func(call goja.FunctionCall) goja.Value { return f(this(call)) }, nil)
	}
	get("URL", func(d *Document) goja.Value { return r.str(d.urlStr) })
	get("documentURI", func(d *Document) goja.Value { return r.str(d.urlStr) })
	get("compatMode", func(d *Document) goja.Value {
		for c := d.node.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.DoctypeNode {
				return r.str("CSS1Compat")
			}
		}
		return r.str("BackCompat")
	})
	get("characterSet", func(d *Document) goja.Value { return r.str("UTF-8") })
	get("charset", func(d *Document) goja.Value { return r.str("UTF-8") })
	get("contentType", func(d *Document) goja.Value { return r.str("text/html") })
	get("doctype", func(d *Document) goja.Value {
		for c := d.node.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.DoctypeNode {
				return r.wrapNode(d.NodeFor(c))
			}
		}
		return goja.Null()
	})
	get("documentElement", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.DocumentElement()) })
	get("head", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.Head()) })
	doc.attr("body", func(call goja.FunctionCall) goja.Value {
		return r.wrapNodeOrNull(this(call).Body())
	}, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		n, ok := r.unwrap(call.Argument(0)).(*Node)
		if !ok || n.kind != ElementNode || n.h.Namespace != "" || (n.h.Data != "body" && n.h.Data != "frameset") {
			panic(r.newDOMException("HierarchyRequestError", "Failed to set the 'body' property on 'Document': The new body element is of type '"+tagNameOrEmpty(n)+"'. It must be either a 'BODY' or 'FRAMESET' element."))
		}
		var err error
		if old := d.Body(); old != nil {
			if old == n {
				return goja.Undefined()
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
		return goja.Undefined()
	})
	doc.attr("title", func(call goja.FunctionCall) goja.Value { return r.str(this(call).Title()) },
		func(call goja.FunctionCall) goja.Value {
			this(call).SetTitle(toDOMString(call.Argument(0)))
			return goja.Undefined()
		})
	get("readyState", func(d *Document) goja.Value { return r.str(d.readyState) })
	get("currentScript", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.currentScript) })
	get("defaultView", func(d *Document) goja.Value {
		if d == r.doc {
			return r.rt.GlobalObject()
		}
		return goja.Null()
	})
	get("location", func(d *Document) goja.Value {
		if d == r.doc {
			return r.location
		}
		return goja.Null()
	})
	get("visibilityState", func(d *Document) goja.Value { return r.str("visible") })
	get("hidden", func(d *Document) goja.Value { return r.rt.ToValue(false) })
	get("referrer", func(d *Document) goja.Value { return r.str("") })
	get("activeElement", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.Body()) })
	get("scrollingElement", func(d *Document) goja.Value { return r.wrapNodeOrNull(d.DocumentElement()) })
	doc.attr("cookie", func(call goja.FunctionCall) goja.Value { this(call); return r.str("") },
		func(call goja.FunctionCall) goja.Value { this(call); return goja.Undefined() })
	doc.method("hasFocus", 0, func(call goja.FunctionCall) goja.Value { this(call); return r.rt.ToValue(true) })
	doc.method("getElementById", 1, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		r.requireArgs(call, 1, "getElementById", "Document")
		return r.wrapNodeOrNull(d.GetElementByID(toDOMString(call.Argument(0))))
	})
	doc.method("createElement", 1, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		r.requireArgs(call, 1, "createElement", "Document")
		n, err := d.CreateElement(toDOMString(call.Argument(0)))
		if err != nil {
			r.throwDOM(failed("createElement", "Document"), err)
		}
		return r.wrapNode(n)
	})
	doc.method("createElementNS", 2, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		r.requireArgs(call, 2, "createElementNS", "Document")
		ns := shortNamespace(toNullableString(call.Argument(0)))
		qn := toDOMString(call.Argument(1))
		local := qn
		if i := strings.IndexByte(qn, ':'); i >= 0 {
			local = qn[i+1:]
		}
		if !isValidElementName(local) {
			panic(r.newDOMException("InvalidCharacterError", failed("createElementNS", "Document")+"The qualified name provided ('"+qn+"') contains the invalid name-start character '"+qn[:min(1, len(qn))]+"'."))
		}
		return r.wrapNode(d.createElementNS(ns, local))
	})
	doc.method("createTextNode", 1, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		r.requireArgs(call, 1, "createTextNode", "Document")
		return r.wrapNode(d.CreateTextNode(toDOMString(call.Argument(0))))
	})
	doc.method("createComment", 1, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		r.requireArgs(call, 1, "createComment", "Document")
		return r.wrapNode(d.CreateComment(toDOMString(call.Argument(0))))
	})
	doc.method("createDocumentFragment", 0, func(call goja.FunctionCall) goja.Value {
		return r.wrapNode(this(call).CreateDocumentFragment())
	})
	doc.method("importNode", 1, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		n := r.argNode(call, 0, "importNode", "Document")
		if n.kind == DocumentNode {
			panic(r.newDOMException("NotSupportedError", failed("importNode", "Document")+"The node provided is a document, which may not be imported."))
		}
		return r.wrapNode(cloneNode(n, d, toBool(call.Argument(1))))
	})
	doc.method("adoptNode", 1, func(call goja.FunctionCall) goja.Value {
		d := this(call)
		n := r.argNode(call, 0, "adoptNode", "Document")
		if n.kind == DocumentNode {
			panic(r.newDOMException("NotSupportedError", failed("adoptNode", "Document")+"The node provided is a document, which may not be adopted."))
		}
		adopt(n, d)
		return r.wrapNode(n)
	})
	doc.method("createEvent", 1, func(call goja.FunctionCall) goja.Value {
		this(call)
		r.requireArgs(call, 1, "createEvent", "Document")
		kind, ok := legacyEventInterface(toDOMString(call.Argument(0)))
		if !ok {
			panic(r.newDOMException("NotSupportedError", failed("createEvent", "Document")+"The provided event type ('"+toDOMString(call.Argument(0))+"') is invalid."))
		}
		e := &Event{kind: kind}
		return r.wrapEvent(e)
	})
	r.handlerAttrs(doc.proto, globalEventHandlers+" onreadystatechange onvisibilitychange", func(call goja.FunctionCall) Target {
		return r.thisKind(call, DocumentNode)
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
