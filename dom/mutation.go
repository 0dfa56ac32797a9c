package dom

import "golang.org/x/net/html"

// This file holds the DOM standard's mutation algorithms
// (https://dom.spec.whatwg.org/#mutation-algorithms) on top of the html.Node links: pre-insert,
// insert, append, replace, replace all, pre-remove, remove; the Node algorithms made of them
// (string replace all for the textContent setter, normalize); and adopt. Their live range
// steps are range_live.go's; the character data ones (replace data, split) are
// characterdata.go's. Cloning, equality and the tree's queries are node.go's.

// linkBefore links h into parent before ref (append when ref is nil). h must be detached.
func linkBefore(parent, h, ref *html.Node) {
	h.Parent = parent
	var prev *html.Node
	if ref != nil {
		prev = ref.PrevSibling
		ref.PrevSibling = h
	} else {
		prev = parent.LastChild
		parent.LastChild = h
	}
	h.NextSibling = ref
	h.PrevSibling = prev
	if prev != nil {
		prev.NextSibling = h
	} else {
		parent.FirstChild = h
	}
}

// unlink detaches h from its parent.
func unlink(h *html.Node) {
	p := h.Parent
	if p == nil {
		return
	}
	if h.PrevSibling != nil {
		h.PrevSibling.NextSibling = h.NextSibling
	} else {
		p.FirstChild = h.NextSibling
	}
	if h.NextSibling != nil {
		h.NextSibling.PrevSibling = h.PrevSibling
	} else {
		p.LastChild = h.PrevSibling
	}
	h.Parent, h.PrevSibling, h.NextSibling = nil, nil, nil
}

// children returns the children of n as a new slice.
func (n *Node) children() []*Node {
	var out []*Node
	for c := n.h.FirstChild; c != nil; c = c.NextSibling {
		out = append(out, n.doc.NodeFor(c))
	}
	return out
}

// ensurePreInsertionValidity checks whether node may be inserted into parent before child.
// https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity
func ensurePreInsertionValidity(node, parent, child *Node) error {
	switch parent.kind {
	case DocumentNode, DocumentFragmentNode, ElementNode:
	default:
		return domErr("HierarchyRequestError", "This node type does not support this method.")
	}
	if isInclusiveAncestorOf(node.h, parent.h) {
		return domErr("HierarchyRequestError", "The new child element contains the parent.")
	}
	if child != nil && child.h.Parent != parent.h {
		return domErr("NotFoundError", "The node before which the new node is to be inserted is not a child of this node.")
	}
	return checkInsertableInto(node, parent, child, nil)
}

// checkInsertableInto runs steps 4-6 of pre-insertion validity (and of replace, when
// replaced is the child being replaced).
func checkInsertableInto(node, parent, child, replaced *Node) error {
	switch node.kind {
	case DocumentFragmentNode, DocumentTypeNode, ElementNode, TextNode, CDATASectionNode, CommentNode, ProcessingInstructionNode:
	default:
		return hierarchyErr(node, parent)
	}
	if (node.isText() && parent.kind == DocumentNode) || (node.kind == DocumentTypeNode && parent.kind != DocumentNode) {
		return hierarchyErr(node, parent)
	}
	if parent.kind != DocumentNode {
		return nil
	}
	elementChildren := func(skip *Node) (n int) {
		for c := parent.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && (skip == nil || c != skip.h) {
				n++
			}
		}
		return n
	}
	switch node.kind {
	case DocumentFragmentNode:
		elems := 0
		for c := node.h.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.ElementNode:
				elems++
			case html.TextNode:
				return hierarchyErr(node, parent)
			}
		}
		if elems > 1 || (elems == 1 && elementChildren(replaced) > 0) {
			return domErr("HierarchyRequestError", "Only one element on document allowed.")
		}
	case ElementNode:
		if elementChildren(replaced) > 0 {
			return domErr("HierarchyRequestError", "Only one element on document allowed.")
		}
	case DocumentTypeNode:
		for c := parent.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.DoctypeNode && (replaced == nil || c != replaced.h) {
				return domErr("HierarchyRequestError", "Only one doctype on document allowed.")
			}
		}
	}
	return nil
}

func hierarchyErr(node, parent *Node) error {
	return domErr("HierarchyRequestError", "Nodes of type '"+node.NodeName()+"' may not be inserted inside nodes of type '"+parent.NodeName()+"'.")
}

// preInsert inserts node into parent before child.
// https://dom.spec.whatwg.org/#concept-node-pre-insert
func preInsert(node, parent, child *Node) (*Node, error) {
	if err := ensurePreInsertionValidity(node, parent, child); err != nil {
		return nil, err
	}
	ref := child
	if ref == node {
		ref = node.NextSibling()
	}
	adopt(node, parent.doc)
	insert(node, parent, ref, false)
	return node, nil
}

// appendNode appends node to parent (pre-insert before null).
// https://dom.spec.whatwg.org/#concept-node-append
func appendNode(node, parent *Node) (*Node, error) { return preInsert(node, parent, nil) }

// insert inserts node into parent before child.
// https://dom.spec.whatwg.org/#concept-node-insert
func insert(node, parent, child *Node, suppressObservers bool) {
	var nodes []*Node
	if node.kind == DocumentFragmentNode {
		nodes = node.children()
		if len(nodes) == 0 {
			return
		}
		for _, c := range nodes {
			remove(c, true)
		}
		queueTreeMutationRecord(node, nil, nodes, nil, nil)
	} else {
		nodes = []*Node{node}
	}
	var prevSibling *html.Node
	if child != nil {
		prevSibling = child.h.PrevSibling
	} else {
		prevSibling = parent.h.LastChild
	}
	ref := (*html.Node)(nil)
	if child != nil {
		ref = child.h
	}
	rangeInsertSteps(parent, ref, len(nodes))
	for _, c := range nodes {
		// Guards for re-entrant legacy mutation event listeners that moved things around.
		if c.h.Parent != nil {
			remove(c, true)
		}
		if isInclusiveAncestorOf(c.h, parent.h) {
			continue
		}
		if ref != nil && ref.Parent != parent.h {
			ref = nil
		}
		linkBefore(parent.h, c.h, ref)
		parent.doc.table.promoteSubtree(c.h)
		parent.doc.changedNode(ChangeChildren, parent.h, "")
		// 7.5-7.6 "If parent is a shadow host ... assign a slot for node." "If parent's root
		// is a shadow root, and parent is a slot whose assigned nodes is the empty list,
		// then run signal a slot change for parent." "Run assign slottables for a tree with
		// node's root."
		parent.doc.slotsMaybeChanged(parent, c)
		// 7.7 connectedCallback, or an upgrade, for the connected custom elements.
		parent.doc.ceInserted(c.h)
	}
	if !suppressObservers {
		queueTreeMutationRecord(parent, nodes, nil, parent.doc.NodeFor(prevSibling), child)
	}
	childrenChangedSteps(parent)
	// 11. The post-connection steps: an iframe's (iframe.go).
	for _, c := range nodes {
		parent.doc.iframesConnected(c.h)
	}
	if !suppressObservers {
		fireInsertionMutationEvents(parent, nodes)
	}
}

// childrenChangedSteps runs when parent's children change.
// https://dom.spec.whatwg.org/#concept-node-children-changed-ext
func childrenChangedSteps(parent *Node) {
	parent.doc.changedNode(ChangeChildren, parent.h, "")
	parent.doc.focusChildrenChanged(parent)
}

// replaceChild replaces child with node within parent.
// https://dom.spec.whatwg.org/#concept-node-replace
func replaceChild(child, node, parent *Node) (*Node, error) {
	switch parent.kind {
	case DocumentNode, DocumentFragmentNode, ElementNode:
	default:
		return nil, domErr("HierarchyRequestError", "This node type does not support this method.")
	}
	if isInclusiveAncestorOf(node.h, parent.h) {
		return nil, domErr("HierarchyRequestError", "The new child element contains the parent.")
	}
	if child.h.Parent != parent.h {
		return nil, domErr("NotFoundError", "The node to be replaced is not a child of this node.")
	}
	if err := checkInsertableInto(node, parent, child, child); err != nil {
		return nil, err
	}
	ref := child.NextSibling()
	if ref == node {
		ref = node.NextSibling()
	}
	prev := child.PreviousSibling()
	if prev == node {
		prev = node.PreviousSibling()
	}
	adopt(node, parent.doc)
	var removed []*Node
	if child.h.Parent != nil {
		removed = []*Node{child}
		fireNodeRemovedEvent(child)
		if child.h.Parent == parent.h {
			remove(child, true)
		}
	}
	var nodes []*Node
	if node.kind == DocumentFragmentNode {
		nodes = node.children()
	} else {
		nodes = []*Node{node}
	}
	if ref != nil && ref.h.Parent != parent.h {
		ref = nil
	}
	insert(node, parent, ref, true)
	queueTreeMutationRecord(parent, nodes, removed, prev, ref)
	fireInsertionMutationEvents(parent, nodes)
	return child, nil
}

// replaceAll replaces all of parent's children with node (which may be nil).
// https://dom.spec.whatwg.org/#concept-node-replace-all
func replaceAll(node, parent *Node) {
	if replaceAllUnseen(node, parent) {
		replaceAllQuietly(node, parent)
		return
	}
	removed := parent.children()
	var added []*Node
	if node != nil {
		adopt(node, parent.doc)
		if node.kind == DocumentFragmentNode {
			added = node.children()
		} else {
			added = []*Node{node}
		}
	}
	for _, c := range removed {
		fireNodeRemovedEvent(c)
	}
	for _, c := range removed {
		if c.h.Parent == parent.h {
			remove(c, true)
		}
	}
	if node != nil {
		insert(node, parent, nil, true)
	}
	if len(added) > 0 || len(removed) > 0 {
		queueTreeMutationRecord(parent, added, removed, nil, nil)
	}
	if len(added) > 0 {
		fireInsertionMutationEvents(parent, added)
	} else if len(removed) > 0 {
		fireSubtreeModifiedEvent(parent)
	}
}

// replaceAllUnseen reports whether replacing parent's children with node can be seen
// only in the tree itself: no mutation observer is registered on any node (no record is
// queued, no transient observer added), legacy mutation events are off, there is no live
// range and no fullscreen element, the focused element is not inside parent, and node (if
// any) is parentless and already in parent's document (nothing to remove or adopt first).
// Then replace all's steps come down to moving html.Nodes and telling the renderer, and
// the removed and added nodes need no DOM objects (replaceAllQuietly).
func replaceAllUnseen(node, parent *Node) bool {
	d := parent.doc
	if r := d.realm; r != nil && (r.observedNodes > 0 || r.ce.defined() || d.shadowHosts > 0 || r.opts.MutationEvents || len(r.ranges.list) > 0 || r.rs.fullscreenElement != nil) {
		return false
	}
	if f := d.focused; f != nil && isInclusiveAncestorOf(parent.h, f.h) {
		return false
	}
	return node == nil || (node.h.Parent == nil && node.doc == d)
}

// replaceAllQuietly is replace all when replaceAllUnseen: the same steps, less what they
// would do for observers, mutation events, ranges, focus and fullscreen, which there are
// none of. The renderer hears of every change as from remove and insert.
func replaceAllQuietly(node, parent *Node) {
	d := parent.doc
	// 5. "Remove all parent's children, in tree order, with suppressObservers set to true."
	for c := parent.h.FirstChild; c != nil; c = parent.h.FirstChild {
		unlink(c)
		d.noteRemoved(c)
		d.changedNode(ChangeChildren, parent.h, "")
		childrenChangedSteps(parent)
	}
	// 6. "If node is non-null, then insert node into parent before null with
	// suppressObservers set to true." A fragment's children move; the fragment's own
	// changes are not the renderer's (it is never rendered).
	if node == nil {
		return
	}
	if node.kind != DocumentFragmentNode {
		d.insertQuietly(node.h, parent)
	} else if node.h.FirstChild != nil {
		for c := node.h.FirstChild; c != nil; c = node.h.FirstChild {
			unlink(c)
			d.insertQuietly(c, parent)
		}
	} else {
		return
	}
	childrenChangedSteps(parent)
	// 7. The tree mutation record has no observer to go to.
}

// insertQuietly appends the parentless h to parent: insert's steps for one node with no
// observer, range or mutation event to serve.
func (d *Document) insertQuietly(h *html.Node, parent *Node) {
	linkBefore(parent.h, h, nil)
	d.table.promoteSubtree(h)
	d.changedNode(ChangeChildren, parent.h, "")
}

// stringReplaceAll replaces all of n's children with a Text node holding s (none if s is "").
// https://dom.spec.whatwg.org/#string-replace-all
func (n *Node) stringReplaceAll(s string) {
	if replaceAllUnseen(nil, n) {
		// The Text node gets its DOM object when script or an observer reaches it.
		n.doc.replaceAllWithText(s, n)
		return
	}
	var node *Node
	if s != "" {
		node = n.doc.CreateTextNode(s)
	}
	replaceAll(node, n)
}

// replaceAllWithText is replaceAllQuietly with a new Text node holding s (none if s is ""),
// made without a DOM object.
func (d *Document) replaceAllWithText(s string, parent *Node) {
	replaceAllQuietly(nil, parent)
	if s != "" {
		d.insertQuietly(&html.Node{Type: html.TextNode, Data: s}, parent)
		childrenChangedSteps(parent)
	}
}

// normalize merges adjacent Text descendants and removes empty ones.
// https://dom.spec.whatwg.org/#dom-node-normalize
func (n *Node) normalize() {
	var texts []*html.Node
	for c := range n.h.Descendants() {
		if isExclusiveText(c) {
			texts = append(texts, c)
		}
	}
	for _, h := range texts {
		if h.Parent == nil && n.h != h {
			continue
		}
		t := n.doc.NodeFor(h)
		if len(h.Data) == 0 {
			remove(t, false)
			continue
		}
		var data string
		for s := h.NextSibling; s != nil && isExclusiveText(s); s = s.NextSibling {
			data += s.Data
		}
		if data == "" {
			continue
		}
		length := t.Length()
		_ = t.ReplaceData(length, 0, data)
		// 6. Live ranges in the following Text nodes move into node.
		for s := h.NextSibling; s != nil && isExclusiveText(s); s = s.NextSibling {
			cur := n.doc.NodeFor(s)
			rangeNormalizeSteps(t, cur, length)
			length += cur.Length()
		}
		// 7. Remove node's contiguous exclusive Text nodes, in tree order.
		for s := h.NextSibling; s != nil && isExclusiveText(s); {
			next := s.NextSibling
			remove(n.doc.NodeFor(s), false)
			s = next
		}
	}
}

// preRemove removes child from parent after checking it is a child.
// https://dom.spec.whatwg.org/#concept-node-pre-remove
func preRemove(child, parent *Node) (*Node, error) {
	if child.h.Parent != parent.h {
		return nil, domErr("NotFoundError", "The node to be removed is not a child of this node.")
	}
	remove(child, false)
	return child, nil
}

// remove removes node from its parent.
// https://dom.spec.whatwg.org/#concept-node-remove
func remove(node *Node, suppressObservers bool) {
	parentH := node.h.Parent
	if parentH == nil {
		return
	}
	if !suppressObservers {
		fireNodeRemovedEvent(node)
		if node.h.Parent != parentH { // a legacy listener moved it
			return
		}
	}
	if f := node.doc.focused; f != nil && isInclusiveAncestorOf(node.h, f.h) {
		node.doc.focusedElementRemoved(f)
		if node.h.Parent != parentH { // a blur listener moved it
			return
		}
	}
	parent := node.doc.NodeFor(parentH)
	var oldPrev, oldNext *Node // for the mutation record
	if !suppressObservers {
		oldPrev, oldNext = node.PreviousSibling(), node.NextSibling()
	}
	rangeRemoveSteps(node, parent)
	wasConnected := node.doc.realm != nil && node.doc.realm.ce.defined() && node.doc.NodeFor(parentH).IsConnected()
	// (whether an iframe may leave the document: asked only when it has iframes)
	iframesLeave := len(node.doc.navigables) > 0 && (wasConnected || node.doc.NodeFor(parentH).IsConnected())
	unlink(node.h)
	// 15-16: disconnectedCallback for the custom elements that were connected.
	node.doc.ceRemoved(node.h, wasConnected)
	// The iframe removing steps (iframe.go).
	node.doc.iframesDisconnected(node.h, iframesLeave)
	// 10-13: "If node is assigned, then run assign slottables for node's assigned slot." ...
	// "If parent's root is a shadow root, and parent is a slot whose assigned nodes is the
	// empty list, then run signal a slot change for parent." "If node has an inclusive
	// descendant that is a slot: Run assign slottables for a tree with parent's root. Run
	// assign slottables for a tree with node."
	node.doc.slotsMaybeChanged(parent, node)
	node.doc.noteRemoved(node.h)
	node.doc.changedNode(ChangeChildren, parentH, "")
	fullscreenRemovingSteps(node)
	if len(node.doc.topLayer) > 0 || len(node.doc.openDialogs) > 0 {
		node.doc.dialogRemovingSteps() // the open dialogs it disconnected
	}
	// Transient registered observers for subtree observers of the old ancestors.
	for a := parentH; a != nil && node.doc.MutationObserved(); a = a.Parent {
		an := node.doc.table.get(a)
		if an == nil {
			continue
		}
		for _, r := range an.observers {
			if r.options.subtree {
				addTransientObserver(node, r)
			}
		}
	}
	if !suppressObservers {
		queueTreeMutationRecord(parent, nil, []*Node{node}, oldPrev, oldNext)
	}
	childrenChangedSteps(parent)
	if !suppressObservers {
		fireSubtreeModifiedEvent(parent)
	}
}

// adopt moves node (removed from its parent) into document.
// https://dom.spec.whatwg.org/#concept-node-adopt
func adopt(node *Node, document *Document) {
	if node.h.Parent != nil {
		remove(node, false)
	}
	if node.doc == document {
		return
	}
	old := node.doc
	var move func(h *html.Node)
	move = func(h *html.Node) {
		n := old.table.take(h)
		if n == nil {
			n = &Node{h: h, doc: old, kind: nodeTypeOf(h)}
		}
		n.doc = document
		document.table.put(h, n)
		if len(n.target.listeners) > 0 {
			// Its listeners' types (Blink: Node::DidMoveToNewDocument), the old
			// document's whole record: more types than needed is never seen.
			document.listenerTypes |= old.listenerTypes
		}
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			move(c)
		}
	}
	move(node.h)
	ceAdopted(node, old, document)
}
