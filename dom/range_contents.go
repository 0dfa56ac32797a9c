// Spec: DOM Living Standard, 2025-09 (https://dom.spec.whatwg.org/#ranges), §5.5.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strings"

	"golang.org/x/net/html"
)

// This file holds the Range operations that take, copy or read the range's contents:
// extract, clone the contents, delete the contents, and the stringifier (range_insert.go:
// insert and surround).

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
// They are found by index, in one pass over common's children: the contained children are
// those between the child on the start's side and the one on the end's side (or the
// boundary offsets in common itself), so a range over many siblings is linear.
func (rg *Range) partiallyContainedChildren(common *Node) (first, last *Node, contained []*Node, err error) {
	startChild, endChild, lo, hi := rg.childrenOf(common.h)
	// 7-8. If original start node is not an inclusive ancestor of original end node, the
	// first child of common ancestor that is partially contained: the one holding start.
	if startChild != nil {
		first = common.doc.NodeFor(startChild)
	}
	// 9-10. And the last, if original end node is not an inclusive ancestor of the start.
	if endChild != nil {
		last = common.doc.NodeFor(endChild)
	}
	// 11. Contained children, in tree order.
	i := 0
	for c := common.h.FirstChild; c != nil && i < hi; c = c.NextSibling {
		if i >= lo {
			contained = append(contained, common.doc.NodeFor(c))
		}
		i++
	}
	// 12. If any member of contained children is a doctype, throw a "HierarchyRequestError".
	for _, n := range contained {
		if n.kind == DocumentTypeNode {
			return nil, nil, nil, domErr("HierarchyRequestError", "The Range contains a doctype node.")
		}
	}
	return first, last, contained, nil
}

// childrenOf returns, for common (the common ancestor of the boundary points), its child
// holding the start node (nil when the start node is common) and the one holding the end
// node (nil likewise), and the indexes [lo, hi) of the children contained in the range.
func (rg *Range) childrenOf(common *html.Node) (startChild, endChild *html.Node, lo, hi int) {
	if rg.start.node.h == common {
		lo = rg.start.offset
	} else {
		startChild = childHolding(common, rg.start.node.h)
		lo = indexOf(startChild) + 1
	}
	if rg.end.node.h == common {
		hi = rg.end.offset
	} else {
		endChild = childHolding(common, rg.end.node.h)
		hi = indexOf(endChild)
	}
	return startChild, endChild, lo, hi
}

// childHolding returns the inclusive ancestor of h that is a child of parent.
func childHolding(parent, h *html.Node) *html.Node {
	for h.Parent != parent {
		h = h.Parent
	}
	return h
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
	remove := rg.topContainedNodes()
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

// topContainedNodes returns the nodes contained in the range whose parent is not, in tree
// order: on the start's side, from the start node up to common's child, what follows the
// boundary at each level; common's contained children; on the end's side, from common's
// child down to the end node, what precedes the boundary at each level. Each level is a
// run of siblings, so the cost is that of the nodes returned plus the depth.
func (rg *Range) topContainedNodes() []*Node {
	start, end := rg.start, rg.end
	d := start.node.doc
	common := commonAncestorOf(start.node.h, end.node.h)
	var out []*Node
	add := func(from, to *html.Node) { // siblings from (inclusive) up to to (exclusive)
		for c := from; c != nil && c != to; c = c.NextSibling {
			out = append(out, d.NodeFor(c))
		}
	}
	if start.node.h != common {
		if !start.node.isCharacterData() {
			add(childAt(start.node.h, start.offset), nil)
		}
		for a := start.node.h; a.Parent != common; a = a.Parent {
			add(a.NextSibling, nil)
		}
	}
	_, _, lo, hi := rg.childrenOf(common)
	if lo < hi {
		add(childAt(common, lo), childAt(common, hi))
	}
	if end.node.h != common {
		var chain []*html.Node // end node up to common's child
		for a := end.node.h; a != common; a = a.Parent {
			chain = append(chain, a)
		}
		for i := len(chain) - 1; i >= 1; i-- {
			add(chain[i].FirstChild, chain[i-1])
		}
		if !end.node.isCharacterData() {
			add(end.node.h.FirstChild, childAt(end.node.h, end.offset))
		}
	}
	return out
}

// childAt returns h's child at index i, or nil.
func childAt(h *html.Node, i int) *html.Node {
	c := h.FirstChild
	for ; c != nil && i > 0; i-- {
		c = c.NextSibling
	}
	return c
}

// removeNode is "remove" of a node that may have been moved by a listener meanwhile.
func removeNode(n *Node) {
	if n.h.Parent != nil {
		remove(n, false)
	}
}

// nextInTreeOrder returns the node after h in tree order (within h's root), or nil.
func nextInTreeOrder(h *html.Node) *html.Node {
	if h.FirstChild != nil {
		return h.FirstChild
	}
	return nextSkippingChildren(h)
}

// nextSkippingChildren returns the node after h and its descendants in tree order, or nil.
func nextSkippingChildren(h *html.Node) *html.Node {
	for ; h != nil; h = h.Parent {
		if h.NextSibling != nil {
			return h.NextSibling
		}
	}
	return nil
}

// String is the stringifier. https://dom.spec.whatwg.org/#dom-range-stringifier
func (rg *Range) String() string {
	start, end := rg.start, rg.end
	// 2. If start node is end node and it is a Text node, its data between the offsets.
	if start.node.h == end.node.h && start.node.isText() {
		s, _ := start.node.SubstringData(start.offset, end.offset-start.offset)
		return s
	}
	var b strings.Builder
	// 3. If start node is a Text node, its data from start offset.
	if start.node.isText() {
		s, _ := start.node.SubstringData(start.offset, start.node.Length()-start.offset)
		b.WriteString(s)
	}
	// 4. The data of the Text nodes contained in this, in tree order: those after the
	// start boundary and before the end boundary (a Text node has no children, so being
	// between the two is being contained).
	from := childAt(start.node.h, start.offset)
	if start.node.isCharacterData() || from == nil {
		from = nextSkippingChildren(start.node.h)
	}
	stop := end.node.h
	if !end.node.isCharacterData() {
		if stop = childAt(end.node.h, end.offset); stop == nil {
			stop = nextSkippingChildren(end.node.h)
		}
	}
	for c := from; c != nil && c != stop; c = nextInTreeOrder(c) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	// 5. If end node is a Text node, its data up to end offset.
	if end.node.isText() {
		s, _ := end.node.SubstringData(0, end.offset)
		b.WriteString(s)
	}
	return b.String()
}
