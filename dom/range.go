// Spec: DOM Living Standard, 2025-09 (https://dom.spec.whatwg.org/#ranges), §5.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strconv"
	"weak"

	"golang.org/x/net/html"
)

// boundaryPoint is a (node, offset) tuple. https://dom.spec.whatwg.org/#concept-range-bp
type boundaryPoint struct {
	node   *Node
	offset int
}

// Range is a live range. https://dom.spec.whatwg.org/#concept-live-range
// A document's selection holds one by reference (js_selection.go); StaticRange: js_range.go.
type Range struct {
	start, end boundaryPoint
}

// liveRanges is a realm's list of live ranges, held weakly: a range script dropped is
// collected, and the mutation algorithms stop updating it. Dead entries are pruned when
// the list has doubled since the last prune, so the list stays bounded by the live ones.
type liveRanges struct {
	list    []weak.Pointer[Range]
	pruneAt int
}

// newRange creates a live range at (document, 0) and registers it.
// https://dom.spec.whatwg.org/#dom-range-range
func (r *realm) newRange(d *Document) *Range {
	rg := &Range{start: boundaryPoint{d.node, 0}, end: boundaryPoint{d.node, 0}}
	lr := &r.ranges
	if len(lr.list) >= max(lr.pruneAt, 64) {
		kept := lr.list[:0]
		for _, w := range lr.list {
			if w.Value() != nil {
				kept = append(kept, w)
			}
		}
		clear(lr.list[len(kept):])
		lr.list = kept
		lr.pruneAt = 2 * len(kept)
	}
	lr.list = append(lr.list, weak.Make(rg))
	return rg
}

// each calls f for every live range still alive.
func (lr *liveRanges) each(f func(*Range)) {
	for _, w := range lr.list {
		if rg := w.Value(); rg != nil {
			f(rg)
		}
	}
}

// rangesOf returns the live ranges of n's realm, or nil when there are none.
func rangesOf(n *Node) *liveRanges {
	if r := n.doc.realm; r != nil && len(r.ranges.list) > 0 {
		return &r.ranges
	}
	return nil
}

// collapsed: "start node is end node and start offset is end offset".
func (rg *Range) collapsed() bool {
	return rg.start.node.h == rg.end.node.h && rg.start.offset == rg.end.offset
}

// root is the root of the range's start node. https://dom.spec.whatwg.org/#concept-range-root
func (rg *Range) root() *html.Node { return root(rg.start.node.h) }

// indexOf returns h's index among its siblings. https://dom.spec.whatwg.org/#concept-tree-index
func indexOf(h *html.Node) int {
	i := 0
	for s := h.PrevSibling; s != nil; s = s.PrevSibling {
		i++
	}
	return i
}

// position values of a boundary point relative to another.
const (
	before = -1
	equal  = 0
	after  = 1
)

// positionOf is "the position of a boundary point (nodeA, offsetA) relative to a boundary
// point (nodeB, offsetB)". https://dom.spec.whatwg.org/#concept-range-bp-position
func positionOf(a, b boundaryPoint) int {
	// 1. Assert: nodeA and nodeB have the same root.
	// 2. If nodeA is nodeB, compare the offsets.
	if a.node.h == b.node.h {
		switch {
		case a.offset == b.offset:
			return equal
		case a.offset < b.offset:
			return before
		}
		return after
	}
	// 3. If nodeA is following nodeB, swap and invert.
	if isFollowing(a.node.h, b.node.h) {
		return -positionOf(b, a)
	}
	// 4. If nodeA is an ancestor of nodeB: find nodeB's inclusive ancestor that is a child
	// of nodeA; if its index is less than offsetA, return after.
	if isInclusiveAncestorOf(a.node.h, b.node.h) {
		child := b.node.h
		for child.Parent != a.node.h {
			child = child.Parent
		}
		if indexOf(child) < a.offset {
			return after
		}
	}
	// 5. Return before.
	return before
}

// isFollowing reports whether a is following b (after it in tree order, same root).
// https://dom.spec.whatwg.org/#concept-tree-following
func isFollowing(a, b *html.Node) bool {
	if isInclusiveAncestorOf(a, b) {
		return false
	}
	if isInclusiveAncestorOf(b, a) {
		return true
	}
	// The children of the common ancestor that contain a and b: compare their order.
	ancestorsOfB := map[*html.Node]*html.Node{} // ancestor → its child on b's path
	for c, p := b, b.Parent; p != nil; c, p = p, p.Parent {
		ancestorsOfB[p] = c
	}
	for c, p := a, a.Parent; p != nil; c, p = p, p.Parent {
		if bc, ok := ancestorsOfB[p]; ok {
			for s := bc.NextSibling; s != nil; s = s.NextSibling {
				if s == c {
					return true
				}
			}
			return false
		}
	}
	return false
}

// partiallyContains is "an inclusive ancestor of the start node but not the end node, or
// vice versa". https://dom.spec.whatwg.org/#partially-contained
func (rg *Range) partiallyContains(n *Node) bool {
	s := isInclusiveAncestorOf(n.h, rg.start.node.h)
	e := isInclusiveAncestorOf(n.h, rg.end.node.h)
	return s != e
}

// setBoundary is "set the start or end". https://dom.spec.whatwg.org/#concept-range-bp-set
func (rg *Range) setBoundary(n *Node, offset int, start bool) error {
	// 1. If node is a doctype, throw an "InvalidNodeTypeError" DOMException.
	if n.kind == DocumentTypeNode {
		return domErr("InvalidNodeTypeError", "The node provided is of type '"+n.NodeName()+"'.")
	}
	// 2. If offset is greater than node's length, throw an "IndexSizeError" DOMException.
	if offset > n.Length() {
		return offsetError(n, offset)
	}
	// 3. Let bp be the boundary point (node, offset).
	bp := boundaryPoint{n, offset}
	if start {
		// 4.1. If range's root is not node's root, or bp is after the range's end, set the end.
		if rg.root() != root(n.h) || positionOf(bp, rg.end) == after {
			rg.end = bp
		}
		// 4.2. Set range's start to bp.
		rg.start = bp
		return nil
	}
	// 5.1. If range's root is not node's root, or bp is before the range's start, set the start.
	if rg.root() != root(n.h) || positionOf(bp, rg.start) == before {
		rg.start = bp
	}
	// 5.2. Set range's end to bp.
	rg.end = bp
	return nil
}

// setBeforeOrAfter is setStartBefore, setStartAfter, setEndBefore and setEndAfter:
// "1. Let parent be node's parent. 2. If parent is null, throw an InvalidNodeTypeError.
// 3. Set the start or end to (parent, node's index [plus 1])."
func (rg *Range) setBeforeOrAfter(n *Node, start, afterNode bool) error {
	p := n.Parent()
	if p == nil {
		return domErr("InvalidNodeTypeError", "the given Node has no parent.")
	}
	i := indexOf(n.h)
	if afterNode {
		i++
	}
	return rg.setBoundary(p, i, start)
}

// selectNode is "select". https://dom.spec.whatwg.org/#concept-range-select
func (rg *Range) selectNode(n *Node) error {
	// 1-2. Let parent be node's parent; if null, throw an "InvalidNodeTypeError".
	p := n.Parent()
	if p == nil {
		return domErr("InvalidNodeTypeError", "the given Node has no parent.")
	}
	// 3-5. index; start (parent, index), end (parent, index + 1).
	i := indexOf(n.h)
	rg.start = boundaryPoint{p, i}
	rg.end = boundaryPoint{p, i + 1}
	return nil
}

// selectNodeContents. https://dom.spec.whatwg.org/#dom-range-selectnodecontents
func (rg *Range) selectNodeContents(n *Node) error {
	// 1. If node is a doctype, throw an "InvalidNodeTypeError" DOMException.
	if n.kind == DocumentTypeNode {
		return domErr("InvalidNodeTypeError", "The node provided is of type '"+n.NodeName()+"'.")
	}
	// 2-4. Let length be node's length; start (node, 0), end (node, length).
	rg.start = boundaryPoint{n, 0}
	rg.end = boundaryPoint{n, n.Length()}
	return nil
}

// commonAncestorContainer. https://dom.spec.whatwg.org/#dom-range-commonancestorcontainer
func (rg *Range) commonAncestorContainer() *Node {
	c := rg.start.node.h
	for !isInclusiveAncestorOf(c, rg.end.node.h) {
		c = c.Parent
	}
	return rg.start.node.doc.NodeFor(c)
}

// The how values of compareBoundaryPoints.
const (
	startToStart = 0
	startToEnd   = 1
	endToEnd     = 2
	endToStart   = 3
)

// compareBoundaryPoints. https://dom.spec.whatwg.org/#dom-range-compareboundarypoints
func (rg *Range) compareBoundaryPoints(how int, src *Range) (int, error) {
	// 1. If how is not one of the four constants, throw a "NotSupportedError".
	if how < startToStart || how > endToStart {
		return 0, domErr("NotSupportedError", "The comparison method provided must be one of 'START_TO_START', 'START_TO_END', 'END_TO_END', or 'END_TO_START'.")
	}
	// 2. If this's root is not sourceRange's root, throw a "WrongDocumentError".
	if rg.root() != src.root() {
		return 0, domErr("WrongDocumentError", "The source range is in a different document than this range.")
	}
	// 3. Pick this point and other point.
	var this, other boundaryPoint
	switch how {
	case startToStart:
		this, other = rg.start, src.start
	case startToEnd:
		this, other = rg.end, src.start
	case endToEnd:
		this, other = rg.end, src.end
	case endToStart:
		this, other = rg.start, src.end
	}
	// 4. Return -1, 0 or 1 for before, equal, after.
	return positionOf(this, other), nil
}

// checkPoint is steps 2-3 shared by comparePoint and isPointInRange.
func checkPoint(n *Node, offset int) error {
	if n.kind == DocumentTypeNode {
		return domErr("InvalidNodeTypeError", "The node provided is of type '"+n.NodeName()+"'.")
	}
	if offset > n.Length() {
		return offsetError(n, offset)
	}
	return nil
}

// offsetError is the IndexSizeError of an offset past node's length, worded as Chrome's.
func offsetError(n *Node, offset int) error {
	if n.isCharacterData() || n.kind == ProcessingInstructionNode {
		return domErr("IndexSizeError", "The offset "+strconv.Itoa(offset)+" is larger than the node's length ("+strconv.Itoa(n.Length())+").")
	}
	return domErr("IndexSizeError", "There is no child at offset "+strconv.Itoa(offset)+".")
}

// comparePoint. https://dom.spec.whatwg.org/#dom-range-comparepoint
func (rg *Range) comparePoint(n *Node, offset int) (int, error) {
	// 1. If node's root is different from this's root, throw a "WrongDocumentError".
	if root(n.h) != rg.root() {
		return 0, domErr("WrongDocumentError", "The node provided and the Range are not in the same tree.")
	}
	// 2-3. Doctype, offset checks.
	if err := checkPoint(n, offset); err != nil {
		return 0, err
	}
	// 4-6. -1 before start, 1 after end, else 0.
	bp := boundaryPoint{n, offset}
	if positionOf(bp, rg.start) == before {
		return -1, nil
	}
	if positionOf(bp, rg.end) == after {
		return 1, nil
	}
	return 0, nil
}

// isPointInRange. https://dom.spec.whatwg.org/#dom-range-ispointinrange
func (rg *Range) isPointInRange(n *Node, offset int) (bool, error) {
	// 1. If node's root is different from this's root, return false.
	if root(n.h) != rg.root() {
		return false, nil
	}
	// 2-3. Doctype, offset checks.
	if err := checkPoint(n, offset); err != nil {
		return false, err
	}
	// 4-5. False if before start or after end, else true.
	bp := boundaryPoint{n, offset}
	return positionOf(bp, rg.start) != before && positionOf(bp, rg.end) != after, nil
}

// intersectsNode. https://dom.spec.whatwg.org/#dom-range-intersectsnode
func (rg *Range) intersectsNode(n *Node) bool {
	// 1. If node's root is different from this's root, return false.
	if root(n.h) != rg.root() {
		return false
	}
	// 2-3. Let parent be node's parent; if null, return true.
	p := n.Parent()
	if p == nil {
		return true
	}
	// 4-6. (parent, offset) before end and (parent, offset + 1) after start.
	i := indexOf(n.h)
	return positionOf(boundaryPoint{p, i}, rg.end) == before && positionOf(boundaryPoint{p, i + 1}, rg.start) == after
}
