// Spec: DOM Living Standard, 2026-11 (https://dom.spec.whatwg.org/#shadow-trees): shadow
// roots (attachShadow, the shadow-including tree), slots and slottables ("find a slot",
// "find slottables"), retargeting, and the shadow-aware event path (dispatch.go) and
// composedPath(). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).
//
// DEPARTURE: shadow trees are not rendered (the renderer lays out the light tree) and real
// input hits light-tree elements only. A slot's assigned nodes are compared with those it
// had when a mutation may have changed them (slotsMaybeChanged), which signals slotchange.

package dom

import (
	"slices"

	"golang.org/x/net/html"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// shadowData links a shadow host and its shadow root: on the host, root is set; on the
// shadow root, host is.
type shadowData struct {
	root, host *Node
	closed     bool
}

// isShadowRoot reports whether n is a shadow root.
func (n *Node) isShadowRoot() bool { return n.shadow != nil && n.shadow.host != nil }

// shadowRootOf returns n's shadow root (n a shadow host), or nil.
func (n *Node) shadowRootOf() *Node {
	if n.shadow != nil {
		return n.shadow.root
	}
	return nil
}

// rootNode is n's root.
func (n *Node) rootNode() *Node { return n.doc.NodeFor(root(n.h)) }

// shadowIncludingRoot is n's shadow-including root.
// https://dom.spec.whatwg.org/#concept-shadow-including-root
func (n *Node) shadowIncludingRoot() *Node {
	r := n.rootNode()
	for r.isShadowRoot() {
		r = r.shadow.host.rootNode()
	}
	return r
}

// shadowIncludingInclusiveAncestor reports whether a is b or a shadow-including ancestor
// of b. https://dom.spec.whatwg.org/#concept-shadow-including-inclusive-ancestor
func shadowIncludingInclusiveAncestor(a, b *Node) bool {
	for b != nil {
		if isInclusiveAncestorOf(a.h, b.h) {
			return true
		}
		r := b.rootNode()
		if !r.isShadowRoot() {
			return false
		}
		b = r.shadow.host
	}
	return false
}

// retarget is "retarget A against B".
// https://dom.spec.whatwg.org/#retarget
func retarget(a, b Target) Target {
	for {
		an, ok := a.(*Node)
		if !ok || an == nil {
			return a
		}
		r := an.rootNode()
		if !r.isShadowRoot() {
			return a
		}
		if bn, ok := b.(*Node); ok && bn != nil && shadowIncludingInclusiveAncestor(r, bn) {
			return a
		}
		a = r.shadow.host
	}
}

// assignedSlot is "find a slot" for a slottable n (open: only in an open shadow root).
// https://dom.spec.whatwg.org/#find-a-slot
func (n *Node) assignedSlot(open bool) *Node {
	// 1. "If slottable's parent is null, then return null." 2. "Let shadow be slottable's
	// parent's shadow root." 3. "If shadow is null, then return null." 4. "If the open flag
	// is set and shadow's mode is not "open", then return null."
	if n.kind != ElementNode && !n.isText() {
		return nil
	}
	p := n.h.Parent
	if p == nil {
		return nil
	}
	pn := n.doc.table.get(p)
	if pn == nil || pn.shadowRootOf() == nil {
		return nil
	}
	shadow := pn.shadowRootOf()
	if open && shadow.shadow.closed {
		return nil
	}
	// 5. (named slot assignment) "Return the first slot in tree order in shadow's
	// descendants whose name is slottable's name, if any; otherwise null."
	name := ""
	if n.kind == ElementNode {
		name, _ = n.attr("slot")
	}
	for h := range shadow.h.Descendants() {
		if h.Type == html.ElementNode && h.Data == "slot" && h.Namespace == "" {
			s := n.doc.NodeFor(h)
			if sn, _ := s.attr("name"); sn == name {
				return s
			}
		}
	}
	return nil
}

// assignedNodes is "find slottables" for slot s (flatten: "find flattened slottables").
// https://dom.spec.whatwg.org/#find-slottables
func (s *Node) assignedNodes(flatten bool) []*Node {
	var out []*Node
	r := s.rootNode()
	if !r.isShadowRoot() {
		return out
	}
	host := r.shadow.host
	for c := host.h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode && c.Type != html.TextNode {
			continue
		}
		cn := host.doc.NodeFor(c)
		if cn.assignedSlot(false) == s {
			if flatten && cn.isHTML("slot") && cn.rootNode().isShadowRoot() {
				out = append(out, cn.assignedNodes(true)...)
				continue
			}
			out = append(out, cn)
		}
	}
	// "find flattened slottables": a slot with no assigned nodes gives its children.
	if flatten && len(out) == 0 {
		for c := s.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode || c.Type == html.TextNode {
				out = append(out, s.doc.NodeFor(c))
			}
		}
	}
	return out
}

// validShadowHostName reports whether an HTML element of this local name may host a
// shadow root. https://dom.spec.whatwg.org/#valid-shadow-host-name
func validShadowHostName(name string) bool {
	switch name {
	case "article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
		"header", "main", "nav", "p", "section", "span":
		return true
	}
	return isValidCustomElementName(name)
}

// installShadowDOM defines Element.attachShadow, shadowRoot and assignedSlot, ShadowRoot,
// HTMLSlotElement, Text.assignedSlot and getRootNode's composed option.
func (r *realm) installShadowDOM() {
	sr := r.idl.DefineInterface("ShadowRoot", r.iface("DocumentFragment"), 0, nil)
	thisRoot := func(call goja.FunctionCall) *Node {
		if n, ok := r.idl.Unwrap(call.This).(*Node); ok && n.isShadowRoot() {
			return n
		}
		panic(r.idl.IllegalInvocation())
	}
	m := webidl.On(sr, thisRoot)
	m.Getter("mode", func(n *Node) goja.Value {
		if n.shadow.closed {
			return r.str("closed")
		}
		return r.str("open")
	})
	m.Getter("host", func(n *Node) goja.Value { return r.wrapNode(n.shadow.host) })
	m.Getter("delegatesFocus", func(*Node) goja.Value { return r.rt.ToValue(false) })
	m.Getter("slotAssignment", func(*Node) goja.Value { return r.str("named") })
	m.Accessor("innerHTML", func(n *Node) goja.Value { return r.str(n.InnerHTML()) }, func(n *Node, v goja.Value) {
		if err := n.SetInnerHTML(toStringNullEmpty(v)); err != nil {
			r.throwDOM("Failed to set the 'innerHTML' property on 'ShadowRoot': ", err)
		}
	})

	el := webidl.On(r.iface("Element"), r.thisElement)
	// attachShadow(init). https://dom.spec.whatwg.org/#dom-element-attachshadow
	el.Method("attachShadow", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		const ctx = "Failed to execute 'attachShadow' on 'Element': "
		init := call.Argument(0)
		if _, ok := init.(*goja.Object); !ok {
			panic(r.idl.TypeError(ctx + "The provided value is not of type 'ShadowRootInit'."))
		}
		modeV := dictGet(init, "mode")
		if goja.IsUndefined(modeV) {
			panic(r.idl.TypeError(ctx + "Failed to read the 'mode' property from 'ShadowRootInit': Required member is undefined."))
		}
		mode := toDOMString(modeV)
		if mode != "open" && mode != "closed" {
			panic(r.idl.TypeError(ctx + "Failed to read the 'mode' property from 'ShadowRootInit': The provided value '" + mode + "' is not a valid enum value of type ShadowRootMode."))
		}
		// "attach a shadow root": 1. "If element's namespace is not the HTML namespace, then
		// throw a "NotSupportedError" DOMException." 2. "If element's local name is not a
		// valid shadow host name, then throw a "NotSupportedError" DOMException."
		if n.h.Namespace != "" || !validShadowHostName(n.h.Data) {
			panic(r.newDOMException("NotSupportedError", ctx+"This element does not support attachShadow"))
		}
		// 4. "If element is a shadow host, then: ... throw a "NotSupportedError" DOMException."
		if n.shadowRootOf() != nil {
			panic(r.newDOMException("NotSupportedError", ctx+"Shadow root cannot be created on a host which already hosts a shadow tree."))
		}
		// 5-13. "Let shadow be a new shadow root whose node document is element's node
		// document, host is element, and mode is init["mode"]." ... "Set element's shadow
		// root to shadow."
		root := n.doc.newNode(&html.Node{Type: html.DocumentNode}, DocumentFragmentNode)
		root.shadow = &shadowData{host: n, closed: mode == "closed"}
		n.shadow = &shadowData{root: root}
		n.doc.shadowHosts++
		return r.wrapNodeAs(root, sr)
	})
	el.Getter("shadowRoot", func(n *Node) goja.Value {
		if s := n.shadowRootOf(); s != nil && !s.shadow.closed {
			return r.wrapNodeAs(s, sr)
		}
		return goja.Null()
	})
	slotted := func(n *Node) goja.Value { return r.wrapNodeOrNull(n.assignedSlot(true)) }
	el.Getter("assignedSlot", slotted)
	webidl.On(r.iface("Text"), r.thisKinds(TextNode, CDATASectionNode)).Getter("assignedSlot", slotted)

	slot := r.defineHTMLElementInterface("HTMLSlotElement", r.iface("HTMLElement"))
	r.reflect(slot, "name", "name")
	sm := webidl.On(slot, r.thisHTMLElement)
	list := func(nodes []*Node, elementsOnly bool) goja.Value {
		out := make([]any, 0, len(nodes))
		for _, n := range nodes {
			if !elementsOnly || n.kind == ElementNode {
				out = append(out, r.wrapNode(n))
			}
		}
		return r.rt.NewArray(out...)
	}
	sm.LenientMethod("assignedNodes", 0, func(s *Node, call goja.FunctionCall) goja.Value {
		return list(s.assignedNodes(toBool(dictGet(call.Argument(0), "flatten"))), false)
	})
	sm.LenientMethod("assignedElements", 0, func(s *Node, call goja.FunctionCall) goja.Value {
		return list(s.assignedNodes(toBool(dictGet(call.Argument(0), "flatten"))), true)
	})
}

// composedPath is Event's composedPath(): the path's invocation targets as the current
// target may see them (none inside a closed shadow tree it is not in).
// https://dom.spec.whatwg.org/#dom-event-composedpath
func (e *Event) composedPath() []Target {
	// 1-3. "Let composedPath be an empty list. Let path be this's path. If path is empty,
	// then return composedPath."
	path := e.path
	if len(path) == 0 || !e.dispatching || e.currentTarget == nil {
		return nil
	}
	// 4-5. "Let currentTarget be this's currentTarget attribute value. Append currentTarget
	// to composedPath." 6-7. "Let currentTargetIndex be 0. Let
	// currentTargetHiddenSubtreeLevel be 0."
	out := []Target{e.currentTarget}
	curIndex, hiddenLevel := 0, 0
	// 8-9. "Let index be path's size - 1. While index is greater than or equal to 0:"
	for i := len(path) - 1; i >= 0; i-- {
		if path[i].rootOfClosedTree {
			hiddenLevel++
		}
		if path[i].invocationTarget == e.currentTarget {
			curIndex = i
			break
		}
		if path[i].slotInClosedTree {
			hiddenLevel--
		}
	}
	// 10-12. The items before the current target, prepended.
	level, maxLevel := hiddenLevel, hiddenLevel
	var before []Target
	for i := curIndex - 1; i >= 0; i-- {
		if path[i].rootOfClosedTree {
			level++
		}
		if level <= maxLevel {
			before = append(before, path[i].invocationTarget)
		}
		if path[i].slotInClosedTree {
			level--
			if level < maxLevel {
				maxLevel = level
			}
		}
	}
	prefix := make([]Target, 0, len(before)+len(path))
	for i := len(before) - 1; i >= 0; i-- {
		prefix = append(prefix, before[i])
	}
	out = append(prefix, out...)
	// 13-15. The items after it, appended.
	level, maxLevel = hiddenLevel, hiddenLevel
	for i := curIndex + 1; i < len(path); i++ {
		if path[i].slotInClosedTree {
			level++
		}
		if level <= maxLevel {
			out = append(out, path[i].invocationTarget)
		}
		if path[i].rootOfClosedTree {
			level--
			if level < maxLevel {
				maxLevel = level
			}
		}
	}
	return out
}

// slotsMaybeChanged re-runs "assign slottables for a tree" where a change at node (a child
// of parent, or an attribute of node) can change the slots' assigned nodes: the shadow tree
// of parent when parent is a host, and the shadow tree node is in. A slot whose assigned
// nodes changed is signalled (slotchange in the mutation observer microtask).
// https://dom.spec.whatwg.org/#assign-slottables-for-a-tree
func (d *Document) slotsMaybeChanged(parent, node *Node) {
	if d.shadowHosts == 0 || d.realm == nil {
		return
	}
	if parent != nil {
		if sr := parent.shadowRootOf(); sr != nil {
			d.assignSlottablesForATree(sr)
		}
		if r := parent.rootNode(); r.isShadowRoot() {
			d.assignSlottablesForATree(r)
		}
	}
	if node != nil {
		if r := node.rootNode(); r.isShadowRoot() {
			d.assignSlottablesForATree(r)
		}
		// Slots removed from a shadow tree lose their assigned nodes.
		if !node.rootNode().isShadowRoot() {
			visit := func(h *html.Node) {
				if h.Type == html.ElementNode && h.Data == "slot" && h.Namespace == "" {
					if s := d.table.get(h); s != nil && s.js != nil && len(s.js.slotAssigned) > 0 {
						s.js.slotAssigned = nil
						d.realm.signalASlotChange(s)
					}
				}
			}
			visit(node.h)
			for h := range node.h.Descendants() {
				visit(h)
			}
		}
	}
}

// assignSlottablesForATree compares each slot of the shadow tree root with what it had.
func (d *Document) assignSlottablesForATree(root *Node) {
	for h := range root.h.Descendants() {
		if h.Type != html.ElementNode || h.Data != "slot" || h.Namespace != "" {
			continue
		}
		s := d.NodeFor(h)
		now := s.assignedNodes(false)
		js := s.jsData()
		if !slices.Equal(now, js.slotAssigned) {
			js.slotAssigned = now
			d.realm.signalASlotChange(s)
		}
	}
}

// signalASlotChange: "Append slot to slot's relevant agent's signal slots. Queue a mutation
// observer microtask." https://dom.spec.whatwg.org/#signal-a-slot-change
func (r *realm) signalASlotChange(s *Node) {
	if !slices.Contains(r.signalSlots, s) {
		r.signalSlots = append(r.signalSlots, s)
	}
	r.queueMutationObserverMicrotask()
}
