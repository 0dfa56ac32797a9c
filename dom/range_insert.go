// Spec: DOM Living Standard, 2025-09 (https://dom.spec.whatwg.org/#ranges), §5.5.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

// This file holds the Range operations that put nodes into the range (insertNode,
// surroundContents).

// insertNode is "insert a node into a live range".
// https://dom.spec.whatwg.org/#concept-range-insert
func (rg *Range) insertNode(node *Node) error {
	start := rg.start
	// 1. If range's start node is a ProcessingInstruction or Comment node, is a Text node
	// whose parent is null, or is node, throw a "HierarchyRequestError".
	sn := start.node
	if sn.kind == CommentNode || sn.kind == ProcessingInstructionNode || (sn.isText() && sn.h.Parent == nil) || sn.h == node.h {
		if sn.isText() && sn.h.Parent == nil {
			return domErr("HierarchyRequestError", "This operation would split a text node, but there's no parent into which to insert.")
		}
		if sn.h == node.h {
			return domErr("HierarchyRequestError", "The node to be inserted is the range's start node.")
		}
		return hierarchyErr(node, sn)
	}
	// 2-4. referenceNode: the Text start node, or its child at start offset.
	var ref *Node
	if sn.isText() {
		ref = sn
	} else {
		c := sn.h.FirstChild
		for i := 0; c != nil && i < start.offset; i++ {
			c = c.NextSibling
		}
		ref = sn.doc.NodeFor(c)
	}
	// 5. parent: the start node if referenceNode is null, else referenceNode's parent.
	parent := sn
	if ref != nil {
		parent = ref.Parent()
	}
	// 6. Ensure pre-insertion validity of node into parent before referenceNode.
	if err := ensurePreInsertionValidity(node, parent, ref); err != nil {
		return err
	}
	// 7. If range's start node is a Text node, referenceNode is the result of splitting it.
	if sn.isText() {
		var err error
		if ref, err = sn.splitText(start.offset); err != nil {
			return err
		}
	}
	// 8. If node is referenceNode, set referenceNode to its next sibling.
	if ref != nil && ref.h == node.h {
		ref = ref.NextSibling()
	}
	// 9. If node's parent is non-null, then remove node.
	removeNode(node)
	// 10-11. newOffset: parent's length or referenceNode's index, plus node's length for
	// a fragment, else 1.
	newOffset := parent.Length()
	if ref != nil {
		newOffset = indexOf(ref.h)
	}
	if node.kind == DocumentFragmentNode {
		newOffset += node.Length()
	} else {
		newOffset++
	}
	// 12. Pre-insert node into parent before referenceNode.
	if _, err := preInsert(node, parent, ref); err != nil {
		return err
	}
	// 13. If range is collapsed, then set range's end to (parent, newOffset).
	if rg.collapsed() {
		rg.end = boundaryPoint{parent, newOffset}
	}
	return nil
}

// surroundContents. https://dom.spec.whatwg.org/#dom-range-surroundcontents
func (rg *Range) surroundContents(newParent *Node) error {
	// 1. If a non-Text node is partially contained in this, throw an "InvalidStateError".
	for _, bp := range []boundaryPoint{rg.start, rg.end} {
		for h := bp.node.h; h != nil; h = h.Parent {
			if n := bp.node.doc.NodeFor(h); !n.isText() && rg.partiallyContains(n) {
				return domErr("InvalidStateError", "The Range has partially selected a non-Text node.")
			}
		}
	}
	// 2. If newParent is a Document, DocumentType or DocumentFragment node, throw an
	// "InvalidNodeTypeError".
	switch newParent.kind {
	case DocumentNode, DocumentTypeNode, DocumentFragmentNode:
		return domErr("InvalidNodeTypeError", "The node provided is of type '"+newParent.NodeName()+"'.")
	}
	// 3. Let fragment be the result of extracting this.
	frag, err := rg.extract()
	if err != nil {
		return err
	}
	// 4. If newParent has children, then replace all with null within newParent.
	if newParent.h.FirstChild != nil {
		replaceAll(nil, newParent)
	}
	// 5. Insert newParent into this.
	if err := rg.insertNode(newParent); err != nil {
		return err
	}
	// 6. Append fragment to newParent.
	if _, err := appendNode(frag, newParent); err != nil {
		return err
	}
	// 7. Select newParent within this.
	return rg.selectNode(newParent)
}
