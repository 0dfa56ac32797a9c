// Spec: HTML Living Standard, 2026-11 (https://html.spec.whatwg.org/multipage/custom-elements.html#customelementregistry),
// 4.13.4 "The CustomElementRegistry interface", and 3.2.3 "HTML element constructors"
// (https://html.spec.whatwg.org/multipage/dom.html#html-element-constructors).
package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// newHelperSource is `new C()` as a function the host can call: the WebIDL construct of a
// CustomElementConstructor.
const newHelperSource = `(function (C) { return new C(); })`

// installCustomElements defines CustomElementRegistry and window.customElements.
func (r *realm) installCustomElements() {
	v, err := r.rt.RunString(newHelperSource)
	if err != nil {
		panic(err)
	}
	r.newHelper, _ = goja.AssertFunction(v)
	c := r.idl.DefineInterface("CustomElementRegistry", nil, 0, nil)
	m := webidl.On(c, func(call goja.FunctionCall) *customElementRegistry {
		return webidl.This[*customElementRegistry](r.idl, call)
	})
	m.Method("define", 2, func(reg *customElementRegistry, call goja.FunctionCall) goja.Value {
		r.define(reg, call.Argument(0), call.Argument(1), call.Argument(2))
		return goja.Undefined()
	})
	m.Method("get", 1, func(reg *customElementRegistry, call goja.FunctionCall) goja.Value {
		// "If this's custom element definition set contains an item with name name, then
		// return that item's constructor. Otherwise, return undefined."
		if d := reg.byName[toDOMString(call.Argument(0))]; d != nil {
			return d.constructor
		}
		return goja.Undefined()
	})
	m.Method("getName", 1, func(reg *customElementRegistry, call goja.FunctionCall) goja.Value {
		ctor, ok := call.Argument(0).(*goja.Object)
		if _, isFn := goja.AssertFunction(call.Argument(0)); !ok || !isFn {
			panic(r.idl.TypeError(webidl.Failed("getName", "CustomElementRegistry") + "parameter 1 is not of type 'CustomElementConstructor'."))
		}
		if d := reg.byConstructor[ctor]; d != nil {
			return r.str(d.name)
		}
		return goja.Null()
	})
	m.Method("whenDefined", 1, func(reg *customElementRegistry, call goja.FunctionCall) goja.Value {
		return r.whenDefined(reg, toDOMString(call.Argument(0)))
	})
	m.Method("upgrade", 1, func(reg *customElementRegistry, call goja.FunctionCall) goja.Value {
		root := r.argNode(call, 0, "upgrade", "CustomElementRegistry")
		// 1. "Let candidates be a list of all of root's shadow-including inclusive descendant
		// elements, in shadow-including tree order." 2. "For each candidate of candidates,
		// try to upgrade candidate." (The reactions run when upgrade returns: [CEReactions].)
		var candidates []*Node
		if root.IsElement() {
			candidates = append(candidates, root)
		}
		for h := range root.h.Descendants() {
			if n := root.doc.NodeFor(h); n != nil && n.IsElement() {
				candidates = append(candidates, n)
			}
		}
		for _, n := range candidates {
			r.tryToUpgrade(n)
		}
		return goja.Undefined()
	})
	r.idl.DefineAccessor(r.rt.GlobalObject(), "customElements", func(goja.FunctionCall) goja.Value {
		return r.customElementRegistry().obj
	}, nil)
}

// customElementRegistry returns the window's registry, made on first use.
func (r *realm) customElementRegistry() *customElementRegistry {
	if r.ce == nil {
		reg := &customElementRegistry{byName: map[string]*customElementDefinition{},
			byConstructor: map[*goja.Object]*customElementDefinition{}}
		reg.obj = r.idl.NewObject(r.iface("CustomElementRegistry").Proto, reg)
		r.ce = reg
	}
	return r.ce
}

// define is CustomElementRegistry's define(name, constructor, options).
// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-customelementregistry-define
func (r *realm) define(reg *customElementRegistry, nameV, ctorV, options goja.Value) {
	ctx := webidl.Failed("define", "CustomElementRegistry")
	name := toDOMString(nameV)
	// 1. "If IsConstructor(constructor) is false, then throw a TypeError."
	ctor, ok := ctorV.(*goja.Object)
	if _, isCtor := goja.AssertConstructor(ctorV); !ok || !isCtor {
		panic(r.idl.TypeError(ctx + "parameter 2 is not of type 'CustomElementConstructor'."))
	}
	r.checkDict(options, ctx, "ElementDefinitionOptions")
	extendsV := dictGet(options, "extends")
	// 2. "If name is not a valid custom element name, then throw a "SyntaxError" DOMException."
	if !isValidCustomElementName(name) {
		panic(r.newDOMException("SyntaxError", ctx+"\""+name+"\" is not a valid custom element name"))
	}
	// 3. "If this's custom element definition set contains an item with name name, then
	// throw a "NotSupportedError" DOMException."
	if reg.byName[name] != nil {
		panic(r.newDOMException("NotSupportedError", ctx+"the name \""+name+"\" has already been used with this registry"))
	}
	// 4. "If this's custom element definition set contains an item with constructor
	// constructor, then throw a "NotSupportedError" DOMException."
	if reg.byConstructor[ctor] != nil {
		panic(r.newDOMException("NotSupportedError", ctx+"this constructor has already been used with this registry"))
	}
	// 5. "Let localName be name." 6. "Let extends be options["extends"] if it exists."
	localName := name
	// 7. "If extends is not null:"
	if !goja.IsUndefined(extendsV) {
		ext := toDOMString(extendsV)
		// 7.1 "If extends is a valid custom element name, then throw a "NotSupportedError"
		// DOMException." 7.2 "If the element interface for extends and the HTML namespace is
		// HTMLUnknownElement, then throw a "NotSupportedError" DOMException."
		if isValidCustomElementName(ext) || htmlElementInterface(ext) == "HTMLUnknownElement" {
			panic(r.newDOMException("NotSupportedError", ctx+"\""+ext+"\" is not a valid name for the extends option"))
		}
		// 7.3 "Set localName to extends."
		localName = ext
	}
	// 8. "If this's element definition is running is true, then throw a "NotSupportedError"
	// DOMException."
	if reg.elementDefinitionRunning {
		panic(r.newDOMException("NotSupportedError", ctx+"this registry is already defining an element"))
	}
	// 9. "Set this's element definition is running to true."
	reg.elementDefinitionRunning = true
	d := &customElementDefinition{name: name, localName: localName, constructor: ctor}
	func() {
		// 14. "Set this's element definition is running to false." (also when a step throws)
		defer func() { reg.elementDefinitionRunning = false }()
		// 14.1 "Let prototype be ? Get(constructor, "prototype")." 14.2 "If prototype is not
		// an Object, then throw a TypeError exception."
		proto, ok := ctor.Get("prototype").(*goja.Object)
		if !ok {
			panic(r.idl.TypeError(ctx + "The prototype of the constructor is not an object."))
		}
		// 14.3 "Let lifecycleCallbacks be the ordered map ..." 14.4 "For each callbackName of
		// the keys of lifecycleCallbacks: Let callbackValue be ? Get(prototype,
		// callbackName). If callbackValue is not undefined, then set the value of the entry
		// ... to the result of converting callbackValue to the Web IDL Function callback
		// type."
		for i, cbName := range lifecycleCallbackNames {
			v := proto.Get(cbName)
			if v == nil || goja.IsUndefined(v) {
				continue
			}
			fn, ok := goja.AssertFunction(v)
			if !ok {
				panic(r.idl.TypeError(ctx + "The '" + cbName + "' property on the prototype is not a function."))
			}
			d.callbacks[i], d.callbackValues[i] = fn, v
		}
		// 14.5 "If the value of the entry in lifecycleCallbacks with key
		// "attributeChangedCallback" is not null, then: Let observedAttributesIterable be ?
		// Get(constructor, "observedAttributes"). If it is not undefined, then set
		// observedAttributes to the result of converting it to a sequence<DOMString>."
		if d.callbacks[cbAttributeChanged] != nil {
			if v := ctor.Get("observedAttributes"); v != nil && !goja.IsUndefined(v) {
				d.observedAttributes = map[string]bool{}
				for _, s := range r.stringSequence(v, ctx) {
					d.observedAttributes[s] = true
				}
			}
		}
		// 14.6-14.8 "disabledFeatures": "internals" and "shadow".
		if v := ctor.Get("disabledFeatures"); v != nil && !goja.IsUndefined(v) {
			for _, s := range r.stringSequence(v, ctx) {
				d.disableInternals = d.disableInternals || s == "internals"
				d.disableShadow = d.disableShadow || s == "shadow"
			}
		}
		// 14.9-14.10 "formAssociated". FIXME(spec): no form-associated custom elements: the
		// value is read, its callbacks are not.
		if v := ctor.Get("formAssociated"); v != nil {
			d.formAssociated = v.ToBoolean()
		}
	}()
	// 15. "Let definition be a new custom element definition ..." 16. "Append definition to
	// this's custom element definition set."
	reg.byName[name] = d
	reg.byConstructor[ctor] = d
	// 17. "If this's is scoped is true, ..." (no scoped registries.) 18. "Let document be
	// this's relevant global object's associated Document." 19. "Let upgradeCandidates be
	// all elements that are shadow-including descendants of document, whose namespace is the
	// HTML namespace and whose local name is localName, in shadow-including tree order.
	// Additionally, if extends is non-null, only include elements whose is value is equal to
	// name." 20. "For each element element of upgradeCandidates, enqueue a custom element
	// upgrade reaction given element and definition."
	doc := r.doc
	var candidates []*Node
	doc.shadowIncludingInclusiveDescendants(doc.node.h, func(h *html.Node) {
		if h.Namespace != "" || h.Data != localName || h.Type != html.ElementNode {
			return
		}
		n := doc.NodeFor(h)
		if localName != name {
			if is := n.isValue(); !is.valid || is.s != name {
				return
			}
		}
		candidates = append(candidates, n)
	})
	for _, n := range candidates {
		r.enqueueACustomElementUpgradeReaction(n, d)
	}
	// 21. "If this's when-defined promise map[name] exists: Resolve this's when-defined
	// promise map[name] with constructor. Remove this's when-defined promise map[name]."
	if p, ok := reg.whenDefined[name]; ok {
		_ = p.resolve(ctor)
		delete(reg.whenDefined, name)
	}
}

// whenDefined is CustomElementRegistry's whenDefined(name).
// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-customelementregistry-whendefined
func (r *realm) whenDefined(reg *customElementRegistry, name string) goja.Value {
	// 1. "If name is not a valid custom element name, then return a promise rejected with a
	// "SyntaxError" DOMException."
	if !isValidCustomElementName(name) {
		p, _, reject := r.rt.NewPromise()
		_ = reject(r.newDOMException("SyntaxError", webidl.Failed("whenDefined", "CustomElementRegistry")+"\""+name+"\" is not a valid custom element name"))
		return r.rt.ToValue(p)
	}
	// 2. "If this's custom element definition set contains an item with name name, then
	// return a promise resolved with that item's constructor."
	if d := reg.byName[name]; d != nil {
		p, resolve, _ := r.rt.NewPromise()
		_ = resolve(d.constructor)
		return r.rt.ToValue(p)
	}
	// 3. "If this's when-defined promise map[name] does not exist, then set it to a new
	// promise." 4. "Return this's when-defined promise map[name]."
	if reg.whenDefined == nil {
		reg.whenDefined = map[string]whenDefinedPromise{}
	}
	p, ok := reg.whenDefined[name]
	if !ok {
		promise, resolve, _ := r.rt.NewPromise()
		p = whenDefinedPromise{promise, resolve}
		reg.whenDefined[name] = p
	}
	return r.rt.ToValue(p.p)
}

// stringSequence converts v to a sequence<DOMString> (an iterable).
func (r *realm) stringSequence(v goja.Value, ctx string) []string {
	o, ok := v.(*goja.Object)
	if !ok {
		panic(r.idl.TypeError(ctx + "The provided value cannot be converted to a sequence."))
	}
	if _, ok := goja.AssertFunction(o.GetSymbol(goja.SymIterator)); !ok {
		panic(r.idl.TypeError(ctx + "The object must have a callable @@iterator property."))
	}
	var out []string
	r.rt.ForOf(o, func(item goja.Value) bool {
		out = append(out, toDOMString(item))
		return true
	})
	return out
}

// htmlElementConstructor is the [HTMLConstructor] of the interface i: `super()` in a
// custom element's constructor.
// https://html.spec.whatwg.org/multipage/dom.html#html-element-constructors
func (r *realm) htmlElementConstructor(i *webidl.Interface) webidl.Constructor {
	return func(call goja.ConstructorCall) *goja.Object {
		illegal := func() { panic(r.idl.TypeError("Failed to construct '" + i.Name + "': Illegal constructor")) }
		// 1. "Let registry be the current global object's CustomElementRegistry object."
		reg := r.ce
		// 2. "If NewTarget is equal to the active function object, then throw a TypeError."
		if call.NewTarget == i.Ctor || reg == nil {
			illegal()
		}
		// 3. "Let definition be the item in registry's custom element definition set with
		// constructor equal to NewTarget. If there is no such item, then throw a TypeError."
		d := reg.byConstructor[call.NewTarget]
		if d == nil {
			illegal()
		}
		// 4. "Let is value be null."
		is := nullString{}
		if d.localName == d.name {
			// 5. "If definition's local name is equal to definition's name (i.e., definition
			// is for an autonomous custom element), then: If the active function object is
			// not HTMLElement, then throw a TypeError."
			if i.Name != "HTMLElement" {
				panic(r.idl.TypeError("Failed to construct '" + i.Name + "': Illegal constructor: autonomous custom elements must extend HTMLElement"))
			}
		} else {
			// 6. "Otherwise (i.e., if definition is for a customized built-in element): Let
			// valid local names be the list of local names for elements defined in this
			// specification or in other applicable specifications that use the active
			// function object as their element interface. If valid local names does not
			// contain definition's local name, then throw a TypeError. Set is value to
			// definition's name."
			if r.htmlElementClass(d.localName) != i {
				panic(r.idl.TypeError("Failed to construct '" + i.Name + "': Illegal constructor: localName does not match the HTML element interface"))
			}
			is = nullable(d.name)
		}
		// 7. "Let prototype be ? Get(NewTarget, "prototype")." 8. "If prototype is not an
		// Object, then: ... set prototype to the interface prototype object of realm whose
		// interface is the same as the interface of the active function object."
		proto, ok := call.NewTarget.Get("prototype").(*goja.Object)
		if !ok {
			proto = i.Proto
		}
		// 9. "If definition's construction stack is empty, then:"
		if len(d.constructionStack) == 0 {
			// 9.1 "Let element be the result of internally creating a new object implementing
			// the interface to which the active function object corresponds, given the
			// current Realm Record and NewTarget." 9.2 "Set element's node document to the
			// current global object's associated Document." 9.3-9.7 namespace, local name,
			// custom element state "custom", definition, is value.
			n := r.doc.createElementNS("", d.localName)
			n.ceState = ceCustom
			ce := n.ceData()
			ce.definition, ce.is = d, is
			obj := r.wrapNode(n)
			_ = obj.SetPrototype(proto)
			// 9.8 "Return element."
			return obj
		}
		// 10. "Let element be the last entry in definition's construction stack."
		last := len(d.constructionStack) - 1
		n := d.constructionStack[last]
		// 11. "If element is an already constructed marker, then throw a TypeError."
		if n == nil {
			panic(r.idl.TypeError("Failed to construct '" + i.Name + "': This instance is already constructed"))
		}
		// 12. "Perform ? element.[[SetPrototypeOf]](prototype)."
		obj := r.wrapNode(n)
		_ = obj.SetPrototype(proto)
		// 13. "Replace the last entry in definition's construction stack with an already
		// constructed marker."
		d.constructionStack[last] = nil
		// 14. "Return element."
		return obj
	}
}

// createAnElement is DOM's "create an element" for createElement and createElementNS, with
// the synchronous custom elements flag set.
// https://dom.spec.whatwg.org/#concept-create-element
func (r *realm) createAnElement(doc *Document, namespace, localName string, is nullString) *Node {
	// 3. "Let definition be the result of looking up a custom element definition given
	// document, namespace, localName, and is."
	var d *customElementDefinition
	if r != nil {
		d = r.lookUpACustomElementDefinition(doc, namespace, localName, is)
	}
	switch {
	case d != nil && d.name != d.localName:
		// 5. "If definition is non-null, and definition's name is not equal to its local name
		// (i.e., definition represents a customized built-in element):" create the built-in
		// element with state "undefined" and is value is; then "If synchronous custom elements
		// flag is set, then run this step while catching any exceptions: Upgrade result using
		// definition. If this step threw an exception exception: Report exception for
		// definition's constructor's corresponding JavaScript object's associated realm's
		// global object. Set result's custom element state to "failed"."
		n := doc.createElementNS(namespace, localName)
		n.ceState = ceUndefined
		n.ceData().is = is
		if err := r.upgrade(d, n); err != nil {
			r.reportException(err)
			n.ceState = ceFailed
		}
		return n
	case d != nil:
		// 6. "Otherwise, if definition is non-null:" 6.1 "If synchronous custom elements flag
		// is set, then run these steps while catching any exceptions:" 6.1.2 "Set result to
		// the result of constructing C, with no arguments."
		res, err := r.construct(d.constructor)
		var n *Node
		if err == nil {
			// 6.1.3 "Assert: result's custom element state and custom element definition are
			// initialized." 6.1.4 "Assert: result's namespace is the HTML namespace." (A
			// result that is no HTMLElement: TypeError.)
			var ok bool
			n, ok = r.idl.Unwrap(res).(*Node)
			switch {
			case !ok || n.kind != ElementNode || n.h.Namespace != "":
				err = r.jsError(r.idl.TypeError("Failed to execute 'createElement' on 'Document': The result must implement HTMLElement interface"))
			case len(n.h.Attr) > 0:
				// 6.1.5 "If result's attribute list is not empty, then throw a
				// "NotSupportedError" DOMException."
				err = r.jsError(r.newDOMException("NotSupportedError", "Failed to execute 'createElement' on 'Document': The result must not have attributes"))
			case n.h.FirstChild != nil:
				// 6.1.6 "If result has children, then throw a "NotSupportedError" DOMException."
				err = r.jsError(r.newDOMException("NotSupportedError", "Failed to execute 'createElement' on 'Document': The result must not have children"))
			case n.h.Parent != nil:
				// 6.1.7 "If result's parent is not null, then throw a "NotSupportedError"
				// DOMException."
				err = r.jsError(r.newDOMException("NotSupportedError", "Failed to execute 'createElement' on 'Document': The result must not have a parent"))
			case n.doc != doc:
				// 6.1.8 "If result's node document is not document, then throw a
				// "NotSupportedError" DOMException."
				err = r.jsError(r.newDOMException("NotSupportedError", "Failed to execute 'createElement' on 'Document': The result must be in the same document"))
			case n.h.Data != localName:
				// 6.1.9 "If result's local name is not equal to localName, then throw a
				// "NotSupportedError" DOMException."
				err = r.jsError(r.newDOMException("NotSupportedError", "Failed to execute 'createElement' on 'Document': The result must have the same localName"))
			}
		}
		if err != nil {
			// "If any of these steps threw an exception exception: Report exception ... Set
			// result to the result of creating an element internal ... HTMLUnknownElement
			// ... custom element state "failed"."
			r.reportException(err)
			n = doc.createElementNS(namespace, localName)
			n.ceState = ceFailed
			_ = r.wrapNodeAs(n, r.iface("HTMLUnknownElement"))
		}
		return n
	}
	// 7. "Otherwise:" 7.2 "If namespace is the HTML namespace, and either localName is a
	// valid custom element name or is is non-null, then set result's custom element state to
	// "undefined"." Else "uncustomized".
	n := doc.createElementNS(namespace, localName)
	if namespace == "" && (is.valid || isValidCustomElementName(localName)) {
		n.ceState = ceUndefined
		if is.valid {
			n.ceData().is = is
		}
	} else {
		n.ceState = ceUncustomized
	}
	return n
}

// wrapNodeAs gives n a wrapper of interface i (a failed custom element: HTMLUnknownElement).
func (r *realm) wrapNodeAs(n *Node, i *webidl.Interface) *goja.Object {
	if n.obj == nil {
		n.obj = r.idl.NewObject(i.Proto, n)
	}
	return n.obj
}

// elementCreationIs reads the is member of createElement's options (a string is ignored).
func elementCreationIs(options goja.Value) nullString {
	if _, ok := options.(*goja.Object); !ok {
		return nullString{}
	}
	v := dictGet(options, "is")
	if goja.IsUndefined(v) {
		return nullString{}
	}
	return nullable(v.String())
}
