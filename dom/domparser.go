// Spec: HTML Living Standard, 2026-11 (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsing-and-serialization):
// DOMParser's parseFromString (the XML types' parser is xmlparser.go's); DOM Living Standard, 2026-11
// (https://dom.spec.whatwg.org/#interface-domimplementation): DOMImplementation's
// createDocument, createHTMLDocument, createDocumentType and hasFeature. Tags: FIXME(spec), DEPARTURE, CHROME.

package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// installDOMParser defines DOMParser and DOMImplementation (document.implementation).
func (r *realm) installDOMParser() {
	dp := r.idl.DefineInterface("DOMParser", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		r.idl.SetSlot(call.This, &domParser{})
		return call.This
	})
	webidl.On(dp, func(call goja.FunctionCall) *domParser { return webidl.This[*domParser](r.idl, call) }).Method("parseFromString", 2,
		func(_ *domParser, call goja.FunctionCall) goja.Value {
			const ctx = "Failed to execute 'parseFromString' on 'DOMParser': "
			src, typ := toDOMString(call.Argument(0)), toDOMString(call.Argument(1))
			switch typ {
			case "text/html":
			case "text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml":
				// "Let document be a new Document, whose content type is type and URL is
				// this's relevant global object's associated Document's URL." It is an
				// XMLDocument (its interface), complete, and no script in it runs.
				d := NewDocument(r.doc.urlStr)
				d.realm, d.xmlContentType = r, typ
				parseXMLDocument(d, src)
				return r.wrapNode(d.node)
			default:
				panic(r.idl.TypeError(ctx + "The provided value '" + typ + "' is not a valid enum value of type SupportedType."))
			}
			// "Let document be a new Document, whose content type is type and URL is this's
			// relevant global object's associated Document's URL." ... "Parse HTML from a
			// string given document and compliantString." Its scripts do not run (scripting
			// is disabled), and it is complete.
			d, err := ParseDocument([]byte(src), r.doc.urlStr)
			if err != nil {
				panic(r.idl.TypeError(ctx + err.Error()))
			}
			d.realm, d.htmlDoc, d.readyState = r, true, "complete"
			return r.wrapNode(d.node)
		})

	// https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
	xs := r.idl.DefineInterface("XMLSerializer", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		r.idl.SetSlot(call.This, &xmlSerializerObject{})
		return call.This
	})
	webidl.On(xs, func(call goja.FunctionCall) *xmlSerializerObject {
		return webidl.This[*xmlSerializerObject](r.idl, call)
	}).Method("serializeToString", 1, func(_ *xmlSerializerObject, call goja.FunctionCall) goja.Value {
		// "produce an XML serialization of root passing a value of false for the require
		// well-formed parameter".
		return r.str(r.argNode(call, 0, "serializeToString", "XMLSerializer").XMLSerialization())
	})

	di := r.idl.DefineInterface("DOMImplementation", nil, 0, nil)
	m := webidl.On(di, func(call goja.FunctionCall) *Document { return webidl.This[*domImplementation](r.idl, call).doc })
	m.LenientMethod("createHTMLDocument", 0, func(_ *Document, call goja.FunctionCall) goja.Value {
		return r.wrapNode(r.createHTMLDocument(call.Argument(0)).node)
	})
	m.Method("createDocumentType", 3, func(d *Document, call goja.FunctionCall) goja.Value {
		qn := toDOMString(call.Argument(0))
		if !isValidElementName(qn) {
			panic(r.newDOMException("InvalidCharacterError", webidl.Failed("createDocumentType", "DOMImplementation")+"The qualified name provided ('"+qn+"') contains the invalid name-start character '"+qn[:min(1, len(qn))]+"'."))
		}
		h := &html.Node{Type: html.DoctypeNode, Data: qn}
		if pub, sys := toDOMString(call.Argument(1)), toDOMString(call.Argument(2)); pub != "" || sys != "" {
			h.Attr = []html.Attribute{{Key: "public", Val: pub}, {Key: "system", Val: sys}}
		}
		return r.wrapNode(d.newNode(h, DocumentTypeNode))
	})
	m.Method("createDocument", 2, func(_ *Document, call goja.FunctionCall) goja.Value {
		// qualifiedName is a [LegacyNullToEmptyString] DOMString.
		qn := ""
		if !goja.IsNull(call.Argument(1)) {
			qn = toDOMString(call.Argument(1))
		}
		return r.wrapNode(r.createXMLDocument(toNullableString(call.Argument(0)), qn, call.Argument(2)).node)
	})
	m.LenientMethod("hasFeature", 0, func(*Document, goja.FunctionCall) goja.Value { return r.rt.ToValue(true) })
	webidl.On(r.iface("Document"), r.thisKinds(DocumentNode)).Getter("implementation", func(n *Node) goja.Value {
		js := n.jsData()
		if js.implementation == nil {
			js.implementation = r.idl.NewObject(di.Proto, &domImplementation{n.doc})
		}
		return js.implementation
	})
}

type domParser struct{}

// xmlSerializerObject is an XMLSerializer (it holds nothing).
type xmlSerializerObject struct{}

// domImplementation is a document's DOMImplementation ([SameObject]).
type domImplementation struct{ doc *Document }

// createXMLDocument is createDocument(namespace, qualifiedName, doctype): an XMLDocument
// holding the doctype, then an element named qualifiedName (none when it is empty).
// DEPARTURE: elements in the null namespace are HTML elements here (as createElementNS's).
// https://dom.spec.whatwg.org/#dom-domimplementation-createdocument
func (r *realm) createXMLDocument(ns nullString, qn string, doctype goja.Value) *Document {
	const ctx = "createDocument"
	// CHROME: a doctype argument that is not a DocumentType is taken as null (no TypeError).
	var dt *Node
	if n, ok := r.idl.Unwrap(doctype).(*Node); ok && n.kind == DocumentTypeNode {
		dt = n
	}
	// 1. "Let document be a new XMLDocument."
	d := NewDocument("about:blank")
	d.realm, d.xmlContentType = r, "application/xml"
	// 2-3. "Let element be null. If qualifiedName is not the empty string, then set element
	// to the result of running the internal createElementNS steps, given document,
	// namespace, qualifiedName, and an empty dictionary."
	var el *Node
	if qn != "" {
		ns, prefix, local, err := validateAndExtract(ns, qn, false)
		r.check(ctx, "DOMImplementation", err)
		el = r.createAnElement(d, elementNamespace(ns), local, nullString{})
		el.setPrefix(prefix)
	}
	// 4-5. "If doctype is non-null, append doctype to document. If element is non-null,
	// append element to document."
	if dt != nil {
		_, err := appendNode(dt, d.node)
		r.check(ctx, "DOMImplementation", err)
	}
	if el != nil {
		_, err := appendNode(el, d.node)
		r.check(ctx, "DOMImplementation", err)
	}
	// 7. "document's content type is determined by namespace: HTML namespace
	// application/xhtml+xml, SVG namespace image/svg+xml, any other namespace
	// application/xml."
	switch {
	case ns.valid && ns.s == "http://www.w3.org/1999/xhtml":
		d.xmlContentType = "application/xhtml+xml"
	case ns.valid && ns.s == "http://www.w3.org/2000/svg":
		d.xmlContentType = "image/svg+xml"
	}
	// 8. "Return document."
	return d
}

// createHTMLDocument makes a new HTML document: a doctype, html, head, title (when title
// is given) and body.
// https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument
func (r *realm) createHTMLDocument(title goja.Value) *Document {
	// 1-2. "Let doc be a new document that is an HTML document. Set doc's content type to
	// "text/html"." 3-4. A doctype whose name is "html". 5-6. An html element with a head.
	d, err := ParseDocument([]byte("<!DOCTYPE html><html><head></head><body></body></html>"), "about:blank")
	if err != nil {
		d = NewDocument("about:blank")
	}
	d.realm, d.htmlDoc, d.readyState = r, true, "complete"
	// 7. "If title is given: Create a title element ... Create a Text node, set its data to
	// title, and append it to the title element."
	if !goja.IsUndefined(title) {
		if head := d.Head(); head != nil {
			t := d.createElementNS("", "title")
			if s := toDOMString(title); s != "" {
				_, _ = appendNode(d.CreateTextNode(s), t)
			}
			_, _ = appendNode(t, head)
		}
	}
	// 8-10. The body; doc's origin (the document's). 11. "Return doc."
	return d
}
