// Spec: DOM Living Standard, 2025-09 (https://dom.spec.whatwg.org/#ranges), §5.5.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strings"

	"golang.org/x/net/html"
)

// This file holds the Range operations that change or copy the tree: extract, clone the
// contents, delete the contents, insert and surround, and the stringifier.

// commonAncestorOf is steps 5-6 of extract and clone: the first inclusive ancestor of
// start that is an inclusive ancestor of end.
func commonAncestorOf(start, end *html.Node) *html.Node {
	c := start
	for !isInclusiveAncestorOf(c, end) {
		c = c.Parent
	}
	return c
}

// partiallyContainedChildren is steps 7-12 of extract (and of clone the contents): the
// first and last partially contained children of common ancestor and the contained ones.
func (rg *Range) partiallyContainedChildren(common *Node) (first, last *Node, contained []*Node, err error) {
	start, end := rg.start.node, rg.end.node
	// 7-8. If original start node is not an inclusive ancestor of original end node, the
	// first child of common ancestor that is partially contained.
	if !isInclusiveAncestorOf(start.h, end.h) {
		for c := common.h.FirstChild; c != nil; c = c.NextSibling {
			if n := common.doc.NodeFor(c); rg.partiallyContains(n) {
				first = n
				break
			}
		}
	}
	// 9-10. And the last, if original end node is not an inclusive ancestor of the start.
	if !isInclusiveAncestorOf(end.h, start.h) {
		for c := common.h.LastChild; c != nil; c = c.PrevSibling {
			if n := common.doc.NodeFor(c); rg.partiallyContains(n) {
				last = n
				break
			}
		}
	}
	// 11. Contained children, in tree order.
	for c := common.h.FirstChild; c != nil; c = c.NextSibling {
		if n := common.doc.NodeFor(c); rg.contains(n) {
			contained = append(contained, n)
		}
	}
	// 12. If any member of contained children is a doctype, throw a "HierarchyRequestError".
	for _, n := range contained {
		if n.kind == DocumentTypeNode {
			return nil, nil, nil, domErr("HierarchyRequestError", "The Range contains a doctype node.")
		}
	}
	return first, last, contained, nil
}

// collapsePointAfterRemoval is steps 13-14 of extract (5-6 of deleteContents): where the
// range collapses once its contents are gone.
func (rg *Range) collapsePointAfterRemoval() boundaryPoint {
	start, end := rg.start, rg.end
	if isInclusiveAncestorOf(start.node.h, end.node.h) {
		return start
	}
	ref := start.node.h
	for ref.Parent != nil && !isInclusiveAncestorOf(ref.Parent, end.node.h) {
		ref = ref.Parent
	}
	return boundaryPoint{start.node.doc.NodeFor(ref.Parent), indexOf(ref) + 1}
}

// cloneCharacterData returns a clone of n whose data is count code units from offset.
func cloneCharacterData(n *Node, offset, count int) *Node {
	c := cloneNode(n, n.doc, false)
	c.h.Data, _ = n.SubstringData(offset, count)
	return c
}

// extract is "extract a live range". https://dom.spec.whatwg.org/#concept-range-extract
func (rg *Range) extract() (*Node, error) {
	// 1. Let fragment be a new DocumentFragment of range's start node's node document.
	frag := rg.start.node.doc.CreateDocumentFragment()
	// 2. If range is collapsed, then return fragment.
	if rg.collapsed() {
		return frag, nil
	}
	// 3. The original boundary points.
	start, end := rg.start, rg.end
	// 4. One CharacterData node: clone its part, replace the data, return.
	if start.node.h == end.node.h && start.node.isCharacterData() {
		clone := cloneCharacterData(start.node, start.offset, end.offset-start.offset)
		_, _ = appendNode(clone, frag)
		_ = start.node.ReplaceData(start.offset, end.offset-start.offset, "")
		return frag, nil
	}
	// 5-12.
	common := start.node.doc.NodeFor(commonAncestorOf(start.node.h, end.node.h))
	first, last, contained, err := rg.partiallyContainedChildren(common)
	if err != nil {
		return nil, err
	}
	// 13-14. The new node and offset.
	collapseTo := rg.collapsePointAfterRemoval()
	// 15-16. The first partially contained child.
	if first != nil && first.isCharacterData() {
		n := start.node.Length() - start.offset
		_, _ = appendNode(cloneCharacterData(start.node, start.offset, n), frag)
		_ = start.node.ReplaceData(start.offset, n, "")
	} else if first != nil {
		clone := cloneNode(first, first.doc, false)
		_, _ = appendNode(clone, frag)
		sub := &Range{start: start, end: boundaryPoint{first, first.Length()}}
		subfrag, err := sub.extract()
		if err != nil {
			return nil, err
		}
		_, _ = appendNode(subfrag, clone)
	}
	// 17. For each contained child, append contained child to fragment.
	for _, c := range contained {
		if _, err := appendNode(c, frag); err != nil {
			return nil, err
		}
	}
	// 18-19. The last partially contained child.
	if last != nil && last.isCharacterData() {
		_, _ = appendNode(cloneCharacterData(end.node, 0, end.offset), frag)
		_ = end.node.ReplaceData(0, end.offset, "")
	} else if last != nil {
		clone := cloneNode(last, last.doc, false)
		_, _ = appendNode(clone, frag)
		sub := &Range{start: boundaryPoint{last, 0}, end: end}
		subfrag, err := sub.extract()
		if err != nil {
			return nil, err
		}
		_, _ = appendNode(subfrag, clone)
	}
	// 20. Set range's start and end to (new node, new offset).
	rg.start, rg.end = collapseTo, collapseTo
	// 21. Return fragment.
	return frag, nil
}

// cloneContents is "clone the contents of a live range".
// https://dom.spec.whatwg.org/#concept-range-clone
func (rg *Range) cloneContents() (*Node, error) {
	// 1-2. A new fragment; empty if the range is collapsed.
	frag := rg.start.node.doc.CreateDocumentFragment()
	if rg.collapsed() {
		return frag, nil
	}
	start, end := rg.start, rg.end
	// 4. One CharacterData node: a clone of its part.
	if start.node.h == end.node.h && start.node.isCharacterData() {
		_, _ = appendNode(cloneCharacterData(start.node, start.offset, end.offset-start.offset), frag)
		return frag, nil
	}
	// 5-12.
	common := start.node.doc.NodeFor(commonAncestorOf(start.node.h, end.node.h))
	first, last, contained, err := rg.partiallyContainedChildren(common)
	if err != nil {
		return nil, err
	}
	// 13-14. The first partially contained child, cloned.
	if first != nil && first.isCharacterData() {
		_, _ = appendNode(cloneCharacterData(start.node, start.offset, start.node.Length()-start.offset), frag)
	} else if first != nil {
		clone := cloneNode(first, first.doc, false)
		_, _ = appendNode(clone, frag)
		sub := &Range{start: start, end: boundaryPoint{first, first.Length()}}
		subfrag, err := sub.cloneContents()
		if err != nil {
			return nil, err
		}
		_, _ = appendNode(subfrag, clone)
	}
	// 15. Each contained child, cloned with its descendants.
	for _, c := range contained {
		_, _ = appendNode(cloneNode(c, c.doc, true), frag)
	}
	// 16-17. The last partially contained child, cloned.
	if last != nil && last.isCharacterData() {
		_, _ = appendNode(cloneCharacterData(end.node, 0, end.offset), frag)
	} else if last != nil {
		clone := cloneNode(last, last.doc, false)
		_, _ = appendNode(clone, frag)
		sub := &Range{start: boundaryPoint{last, 0}, end: end}
		subfrag, err := sub.cloneContents()
		if err != nil {
			return nil, err
		}
		_, _ = appendNode(subfrag, clone)
	}
	// 18. Return fragment.
	return frag, nil
}

// deleteContents. https://dom.spec.whatwg.org/#dom-range-deletecontents
func (rg *Range) deleteContents() {
	// 1. If this is collapsed, then return.
	if rg.collapsed() {
		return
	}
	// 2. The original boundary points.
	start, end := rg.start, rg.end
	// 3. One CharacterData node: replace the data and return.
	if start.node.h == end.node.h && start.node.isCharacterData() {
		_ = start.node.ReplaceData(start.offset, end.offset-start.offset, "")
		return
	}
	// 4. Nodes to remove: the contained nodes whose parent is not contained, in tree order.
	var remove []*Node
	common := commonAncestorOf(start.node.h, end.node.h)
	d := start.node.doc
	var walk func(p *html.Node)
	walk = func(p *html.Node) {
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			n := d.NodeFor(c)
			if rg.contains(n) {
				remove = append(remove, n)
			} else if rg.partiallyContains(n) {
				walk(c)
			}
		}
	}
	walk(common)
	// 5-6. The new node and offset.
	collapseTo := rg.collapsePointAfterRemoval()
	// 7. If original start node is a CharacterData node, replace its data after start offset.
	if start.node.isCharacterData() {
		_ = start.node.ReplaceData(start.offset, start.node.Length()-start.offset, "")
	}
	// 8. For each node in nodes to remove, in tree order, remove node.
	for _, n := range remove {
		removeNode(n)
	}
	// 9. If original end node is a CharacterData node, replace its data up to end offset.
	if end.node.isCharacterData() {
		_ = end.node.ReplaceData(0, end.offset, "")
	}
	// 10. Set start and end to (new node, new offset).
	rg.start, rg.end = collapseTo, collapseTo
}

// removeNode is "remove" of a node that may have been moved by a listener meanwhile.
func removeNode(n *Node) {
	if n.h.Parent != nil {
		remove(n, false)
	}
}

// insertNode is "insert a node into a live range".
// https://dom.spec.whatwg.org/#concept-range-insert
func (rg *Range) insertNode(node *Node) error {
	start := rg.start
	// 1. If range's start node is a ProcessingInstruction or Comment node, is a Text node
	// whose parent is null, or is node, throw a "HierarchyRequestError".
	sn := start.node
	if sn.kind == CommentNode || sn.kind == ProcessingInstructionNode || (sn.kind == TextNode && sn.h.Parent == nil) || sn.h == node.h {
		if sn.kind == TextNode && sn.h.Parent == nil {
			return domErr("HierarchyRequestError", "This operation would split a text node, but there's no parent into which to insert.")
		}
		if sn.h == node.h {
			return domErr("HierarchyRequestError", "The node to be inserted is the range's start node.")
		}
		return hierarchyErr(node, sn)
	}
	// 2-4. referenceNode: the Text start node, or its child at start offset.
	var ref *Node
	if sn.kind == TextNode {
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
	if sn.kind == TextNode {
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
			if n := bp.node.doc.NodeFor(h); n.kind != TextNode && rg.partiallyContains(n) {
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

// String is the stringifier. https://dom.spec.whatwg.org/#dom-range-stringifier
func (rg *Range) String() string {
	start, end := rg.start, rg.end
	// 2. If start node is end node and it is a Text node, its data between the offsets.
	if start.node.h == end.node.h && start.node.kind == TextNode {
		s, _ := start.node.SubstringData(start.offset, end.offset-start.offset)
		return s
	}
	var b strings.Builder
	// 3. If start node is a Text node, its data from start offset.
	if start.node.kind == TextNode {
		s, _ := start.node.SubstringData(start.offset, start.node.Length()-start.offset)
		b.WriteString(s)
	}
	// 4. The data of the Text nodes contained in this, in tree order.
	d := start.node.doc
	for c := range commonAncestorOf(start.node.h, end.node.h).Descendants() {
		if c.Type == html.TextNode && rg.contains(d.NodeFor(c)) {
			b.WriteString(c.Data)
		}
	}
	// 5. If end node is a Text node, its data up to end offset.
	if end.node.kind == TextNode {
		s, _ := end.node.SubstringData(0, end.offset)
		b.WriteString(s)
	}
	return b.String()
}
