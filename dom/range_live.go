// Spec: DOM Living Standard, 2025-09 (https://dom.spec.whatwg.org/#mutation-algorithms).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import "golang.org/x/net/html"

// This file holds the live range steps of the mutation algorithms: each is called by the
// algorithm it belongs to (insert, remove, replace data, split, normalize), and does
// nothing when the realm has no live range.

// rangeInsertSteps is insert's step 4: "If child is non-null: for each live range whose
// start node is parent and start offset is greater than child's index, increase its start
// offset by count" (and the same for the end).
func rangeInsertSteps(parent *Node, child *html.Node, count int) {
	lr := rangesOf(parent)
	if lr == nil || child == nil {
		return
	}
	index := indexOf(child)
	lr.each(func(rg *Range) {
		if rg.start.node.h == parent.h && rg.start.offset > index {
			rg.start.offset += count
		}
		if rg.end.node.h == parent.h && rg.end.offset > index {
			rg.end.offset += count
		}
	})
}

// rangeRemoveSteps is remove's steps 4-8, before node leaves parent.
// https://dom.spec.whatwg.org/#concept-node-remove
func rangeRemoveSteps(node, parent *Node) {
	lr := rangesOf(node)
	if lr == nil {
		return
	}
	// 4. Let index be node's index.
	index := indexOf(node.h)
	lr.each(func(rg *Range) {
		// 5-6. A boundary inside node moves to (parent, index).
		if isInclusiveAncestorOf(node.h, rg.start.node.h) {
			rg.start = boundaryPoint{parent, index}
		}
		if isInclusiveAncestorOf(node.h, rg.end.node.h) {
			rg.end = boundaryPoint{parent, index}
		}
		// 7-8. A boundary in parent after node moves back by one.
		if rg.start.node.h == parent.h && rg.start.offset > index {
			rg.start.offset--
		}
		if rg.end.node.h == parent.h && rg.end.offset > index {
			rg.end.offset--
		}
	})
}

// rangeReplaceDataSteps is replace data's steps 8-11 (offsets in code units; added is
// the inserted data's length).
// https://dom.spec.whatwg.org/#concept-cd-replace
func rangeReplaceDataSteps(node *Node, offset, count, added int) {
	lr := rangesOf(node)
	if lr == nil {
		return
	}
	update := func(bp *boundaryPoint) {
		if bp.node.h != node.h {
			return
		}
		switch {
		case bp.offset > offset && bp.offset <= offset+count:
			// 8-9. Inside the replaced part: to offset.
			bp.offset = offset
		case bp.offset > offset+count:
			// 10-11. After it: shifted by the change in length.
			bp.offset += added - count
		}
	}
	lr.each(func(rg *Range) {
		update(&rg.start)
		update(&rg.end)
	})
}

// rangeSplitMoveSteps is split's steps 7.2-7.3: boundaries after offset in node move to
// the new node. https://dom.spec.whatwg.org/#concept-text-split
func rangeSplitMoveSteps(node, newNode *Node, offset int) {
	lr := rangesOf(node)
	if lr == nil {
		return
	}
	lr.each(func(rg *Range) {
		if rg.start.node.h == node.h && rg.start.offset > offset {
			rg.start = boundaryPoint{newNode, rg.start.offset - offset}
		}
		if rg.end.node.h == node.h && rg.end.offset > offset {
			rg.end = boundaryPoint{newNode, rg.end.offset - offset}
		}
	})
}

// rangeSplitParentSteps is split's steps 7.4-7.5: a boundary in parent right after node
// (at node's index plus 1, before the new node was inserted) moves past the new node.
func rangeSplitParentSteps(parent *Node, afterNode int) {
	lr := rangesOf(parent)
	if lr == nil {
		return
	}
	lr.each(func(rg *Range) {
		if rg.start.node.h == parent.h && rg.start.offset == afterNode {
			rg.start.offset++
		}
		if rg.end.node.h == parent.h && rg.end.offset == afterNode {
			rg.end.offset++
		}
	})
}

// rangeNormalizeSteps is normalize's steps 6.1-6.4 for currentNode, a Text node about to
// be merged into node whose data so far is length code units long.
// https://dom.spec.whatwg.org/#dom-node-normalize
func rangeNormalizeSteps(node, current *Node, length int) {
	lr := rangesOf(node)
	if lr == nil {
		return
	}
	parent, index := current.h.Parent, indexOf(current.h)
	update := func(bp *boundaryPoint) {
		switch {
		case bp.node.h == current.h:
			// 6.1-6.2. In currentNode: to node, offset plus length.
			*bp = boundaryPoint{node, bp.offset + length}
		case bp.node.h == parent && bp.offset == index:
			// 6.3-6.4. Right before currentNode in the parent: (node, length).
			*bp = boundaryPoint{node, length}
		}
	}
	lr.each(func(rg *Range) {
		update(&rg.start)
		update(&rg.end)
	})
}
