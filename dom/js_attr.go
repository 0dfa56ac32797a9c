// Spec: DOM Standard, 2025-09 (https://dom.spec.whatwg.org/#interface-attr,
// https://dom.spec.whatwg.org/#interface-namednodemap). Tags: FIXME(spec), DEPARTURE,
// CHROME (DESIGN.md).

package dom

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html"

	"loopscope/internal/webidl"
)

// Attr is an attribute as a node. While it belongs to an element its value is the
// element's attribute (the html.Attribute is the truth, as for the tree); once removed or
// before it is set on one, it keeps its own value.
// DEPARTURE: Attr inherits Node.prototype, but Node's members other than nodeType,
// nodeName, nodeValue and textContent (which Attr defines) throw "Illegal invocation" on it.
type Attr struct {
	owner      *Node  // the element, nil when it has none
	ns, local  string // html.Attribute's Namespace and Key
	value      string // while it has no element
	prefix     string // its namespace prefix while it has no element ("": null)
	obj        *goja.Object
	ownerDocOf *Document
}

func (a *Attr) qualifiedName() string {
	if p := a.namespacePrefix(); p != "" {
		return p + ":" + a.local
	}
	return a.local
}

// namespacePrefix is the attribute's namespace prefix ("": null): its element keeps it
// while it has one.
func (a *Attr) namespacePrefix() string {
	if a.index() >= 0 {
		return a.owner.attrPrefix(a.ns, a.local)
	}
	if a.prefix == "" && a.ns != "" {
		return usualAttrPrefix(a.ns, a.local)
	}
	return a.prefix
}

// index finds the attribute in its element (-1: it has none, or it is gone).
func (a *Attr) index() int {
	if a.owner == nil {
		return -1
	}
	for i := range a.owner.h.Attr {
		if at := &a.owner.h.Attr[i]; at.Namespace == a.ns && at.Key == a.local {
			return i
		}
	}
	return -1
}

func (a *Attr) getValue() string {
	if i := a.index(); i >= 0 {
		return a.owner.h.Attr[i].Val
	}
	return a.value
}

// setValue is "set an existing attribute value": with an element, change the attribute
// (mutation record, attribute change steps); without one, set the value.
func (a *Attr) setValue(v string) {
	if i := a.index(); i >= 0 {
		a.owner.changeAttribute(i, v)
		return
	}
	a.value = v
}

// attrFor returns the one Attr of n's attribute at index i.
func (n *Node) attrFor(i int) *Attr {
	at := &n.h.Attr[i]
	js := n.jsData()
	if js.attrs == nil {
		js.attrs = map[[2]string]*Attr{}
	}
	key := [2]string{at.Namespace, at.Key}
	if a := js.attrs[key]; a != nil {
		return a
	}
	a := &Attr{owner: n, ns: at.Namespace, local: at.Key, ownerDocOf: n.doc}
	js.attrs[key] = a
	return a
}

// detachAttr is called when the attribute (ns, local) with value v is removed: its Attr,
// if script has one, keeps the value and has no element any more.
func (n *Node) detachAttr(ns, local, v string) {
	if n.js == nil || n.js.attrs == nil {
		return
	}
	key := [2]string{ns, local}
	if a := n.js.attrs[key]; a != nil {
		a.prefix = n.attrPrefix(ns, local)
		a.owner, a.value = nil, v
		delete(n.js.attrs, key)
	}
}

// namedNodeMap is an element's live NamedNodeMap.
type namedNodeMap struct {
	r  *realm
	el *Node
	ex expandos
}

func (m *namedNodeMap) item(i int) *Attr {
	if i < 0 || i >= len(m.el.h.Attr) {
		return nil
	}
	return m.el.attrFor(i)
}

// getNamedItem is "get an attribute by name" (qualified name, lowercased for HTML elements).
func (m *namedNodeMap) getNamedItem(name string) *Attr {
	if i := m.el.attrIndex(m.el.normalizeAttrName(name)); i >= 0 {
		return m.el.attrFor(i)
	}
	return nil
}

func (m *namedNodeMap) Get(key string) goja.Value {
	if i, ok := arrayIndex(key); ok {
		if a := m.item(i); a != nil {
			return m.r.wrapAttr(a)
		}
		return nil
	}
	if v := m.ex.get(key); v != nil {
		return v
	}
	if a := m.getNamedItem(key); a != nil {
		return m.r.wrapAttr(a)
	}
	return nil
}

func (m *namedNodeMap) Set(key string, v goja.Value) bool {
	if _, ok := arrayIndex(key); ok {
		return false
	}
	return m.ex.set(key, v)
}

func (m *namedNodeMap) Has(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i < len(m.el.h.Attr)
	}
	return m.ex.has(key) || m.getNamedItem(key) != nil
}

func (m *namedNodeMap) Delete(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i >= len(m.el.h.Attr)
	}
	return m.ex.del(key)
}

// Keys lists the indices only: the named properties are [LegacyUnenumerableNamedProperties].
func (m *namedNodeMap) Keys() []string { return m.ex.keys(indexedKeys(len(m.el.h.Attr))) }

func (r *realm) wrapAttr(a *Attr) *goja.Object {
	if a.obj == nil {
		a.obj = r.idl.NewObject(r.iface("Attr").Proto, a)
	}
	return a.obj
}

func (r *realm) wrapAttrOrNull(a *Attr) goja.Value {
	if a == nil {
		return goja.Null()
	}
	return r.wrapAttr(a)
}

// setAttributeNode is "set an attribute" for attr on element el; it returns the Attr it
// replaced (nil: none).
// https://dom.spec.whatwg.org/#concept-element-attributes-set
func (r *realm) setAttributeNode(el *Node, attr *Attr, method, iface string) *Attr {
	// 1. "If attr's element is neither null nor element, throw an InUseAttributeError."
	if attr.owner != nil && attr.owner != el {
		panic(r.newDOMException("InUseAttributeError", webidl.Failed(method, iface)+
			"The node provided is an attribute node that is already an attribute of another Element; attribute nodes must be explicitly cloned."))
	}
	// 2-3. "Let oldAttr be the result of getting an attribute ...; if oldAttr is attr, return attr."
	var old *Attr
	for i := range el.h.Attr {
		if at := &el.h.Attr[i]; at.Namespace == attr.ns && at.Key == attr.local {
			old = el.attrFor(i)
			break
		}
	}
	if old == attr {
		return attr
	}
	value := attr.value
	// 4-5. "If oldAttr is non-null, replace oldAttr with attr; otherwise, append attr."
	if old != nil {
		i := old.index()
		oldValue := el.h.Attr[i].Val
		el.detachAttr(old.ns, old.local, oldValue)
		el.h.Attr[i].Val = value
		attr.owner = el
		el.jsData().attrs[[2]string{attr.ns, attr.local}] = attr
		el.handleAttributeChanges(attr.local, attr.ns, nullable(oldValue), value, true)
		return old
	}
	attr.owner = el
	el.jsData()
	if el.js.attrs == nil {
		el.js.attrs = map[[2]string]*Attr{}
	}
	el.js.attrs[[2]string{attr.ns, attr.local}] = attr
	el.setAttrPrefix(attr.ns, attr.local, attr.namespacePrefix())
	el.appendAttribute(html.Attribute{Namespace: attr.ns, Key: attr.local, Val: value})
	return nil
}

// installAttr defines Attr, NamedNodeMap, Element.attributes, getAttributeNode,
// setAttributeNode, removeAttributeNode and Document.createAttribute.
func (r *realm) installAttr(el *webidl.Interface, doc webidl.Members[*Document]) {
	ai := r.idl.DefineInterface("Attr", r.iface("Node"), 0, nil)
	am := webidl.On(ai, func(call goja.FunctionCall) *Attr { return webidl.This[*Attr](r.idl, call) })
	am.Getter("name", func(a *Attr) goja.Value { return r.str(a.qualifiedName()) })
	am.Getter("nodeName", func(a *Attr) goja.Value { return r.str(a.qualifiedName()) })
	am.Getter("localName", func(a *Attr) goja.Value { return r.str(a.local) })
	am.Getter("namespaceURI", func(a *Attr) goja.Value {
		if a.ns == "" {
			return goja.Null()
		}
		return r.str(namespaceURL(a.ns))
	})
	am.Getter("prefix", func(a *Attr) goja.Value {
		if p := a.namespacePrefix(); p != "" {
			return r.str(p)
		}
		return goja.Null()
	})
	am.Getter("nodeType", func(*Attr) goja.Value { return r.rt.ToValue(2) })
	am.Getter("specified", func(*Attr) goja.Value { return r.rt.ToValue(true) })
	am.Getter("ownerElement", func(a *Attr) goja.Value {
		if a.index() < 0 {
			return goja.Null()
		}
		return r.wrapNode(a.owner)
	})
	am.Getter("ownerDocument", func(a *Attr) goja.Value { return r.wrapNode(a.ownerDocOf.node) })
	for _, name := range []string{"value", "nodeValue", "textContent"} {
		am.Accessor(name, func(a *Attr) goja.Value { return r.str(a.getValue()) },
			func(a *Attr, v goja.Value) { a.setValue(toStringNullEmpty(v)) })
	}

	nm := r.idl.DefineInterface("NamedNodeMap", nil, 0, nil)
	mm := webidl.On(nm, func(call goja.FunctionCall) *namedNodeMap { return webidl.DynamicThis[*namedNodeMap](r.idl, call) })
	mm.Getter("length", func(m *namedNodeMap) goja.Value { return r.rt.ToValue(len(m.el.h.Attr)) })
	mm.Method("item", 1, func(m *namedNodeMap, call goja.FunctionCall) goja.Value {
		return r.wrapAttrOrNull(m.item(toUnsignedLong(call.Argument(0))))
	})
	mm.Method("getNamedItem", 1, func(m *namedNodeMap, call goja.FunctionCall) goja.Value {
		return r.wrapAttrOrNull(m.getNamedItem(toDOMString(call.Argument(0))))
	})
	mm.Method("setNamedItem", 1, func(m *namedNodeMap, call goja.FunctionCall) goja.Value {
		a := r.attrArg(call.Argument(0), "setNamedItem", "NamedNodeMap")
		return r.wrapAttrOrNull(r.setAttributeNode(m.el, a, "setNamedItem", "NamedNodeMap"))
	})
	mm.Method("removeNamedItem", 1, func(m *namedNodeMap, call goja.FunctionCall) goja.Value {
		name := toDOMString(call.Argument(0))
		i := m.el.attrIndex(m.el.normalizeAttrName(name))
		if i < 0 {
			panic(r.newDOMException("NotFoundError", webidl.Failed("removeNamedItem", "NamedNodeMap")+"No item with name '"+name+"' was found."))
		}
		a := m.el.attrFor(i)
		m.el.removeAttributeAt(i)
		return r.wrapAttr(a)
	})
	nm.Iterable(true)

	em := webidl.On(el, r.thisElement)
	em.Getter("attributes", func(n *Node) goja.Value {
		js := n.jsData()
		if js.attributes == nil {
			m := &namedNodeMap{r: r, el: n}
			js.attributes = r.rt.NewDynamicObject(m)
			_ = js.attributes.SetPrototype(nm.Proto)
		}
		return js.attributes
	})
	em.Method("getAttributeNode", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		if i := n.attrIndex(n.normalizeAttrName(toDOMString(call.Argument(0)))); i >= 0 {
			return r.wrapAttr(n.attrFor(i))
		}
		return goja.Null()
	})
	em.Method("setAttributeNode", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		a := r.attrArg(call.Argument(0), "setAttributeNode", "Element")
		return r.wrapAttrOrNull(r.setAttributeNode(n, a, "setAttributeNode", "Element"))
	})
	em.Method("removeAttributeNode", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		a := r.attrArg(call.Argument(0), "removeAttributeNode", "Element")
		i := a.index()
		if i < 0 || a.owner != n {
			panic(r.newDOMException("NotFoundError", webidl.Failed("removeAttributeNode", "Element")+"The node provided is owned by another element."))
		}
		n.removeAttributeAt(i)
		return r.wrapAttr(a)
	})
	doc.Method("createAttribute", 1, func(d *Document, call goja.FunctionCall) goja.Value {
		name := toDOMString(call.Argument(0))
		if !isValidAttributeName(name) {
			panic(r.newDOMException("InvalidCharacterError", webidl.Failed("createAttribute", "Document")+"The localName provided ('"+name+"') contains an invalid character."))
		}
		return r.wrapAttr(&Attr{local: asciiLower(name), ownerDocOf: d})
	})
}

// attrArg converts an argument to an Attr or throws the TypeError WebIDL gives.
func (r *realm) attrArg(v goja.Value, method, iface string) *Attr {
	if a, ok := r.idl.Unwrap(v).(*Attr); ok {
		return a
	}
	panic(r.idl.TypeError(webidl.Failed(method, iface) + "parameter 1 is not of type 'Attr'."))
}
