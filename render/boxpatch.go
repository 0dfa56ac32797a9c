package render

import (
	"golang.org/x/net/html"

	"loopscope/css"
)

// This file patches the box tree for insertions, removals and text changes: instead of
// building the whole tree again, only the children of the nearest block container whose
// content changed are built again (box.go's buildChildren), and the layout cache
// (layoutcache.go) lays out that container, its new children and its ancestors. Style
// changes that alter boxes (display, position, fonts) still build the whole tree.
// https://drafts.csswg.org/css-display/#box-generation

// maxBoxPatches bounds the containers remembered between layouts; past it the whole tree
// is built again.
const maxBoxPatches = 1024

// noteContentChange records that the children or the text of element n changed: its
// boxes are built again at the next layout.
func (e *Engine) noteContentChange(n *html.Node) {
	e.damage = max(e.damage, damageBoxes)
	if len(e.boxPatches) >= maxBoxPatches {
		e.rebuildAll = true
		return
	}
	e.boxPatches = append(e.boxPatches, n)
}

// patchBoxTree builds again the children of the containers whose content changed; false:
// only building the whole tree will do (some element's boxes cannot be traced).
func (e *Engine) patchBoxTree() bool {
	root := e.src.Root()
	defer func() { e.patching = false }()
	e.patching = true
	done := map[*box]bool{}
	for _, n := range e.boxPatches {
		if n.Type != html.ElementNode {
			return false // the document's own children
		}
		if !connectedTo(n, root) {
			continue // removed since: its old parent's change covers it
		}
		b, ok := e.contentContainer(n)
		if !ok {
			return false
		}
		if b == nil || done[b] {
			continue // no boxes (display:none), or built again already
		}
		done[b] = true
		e.patchMark++
		oldChildren, oldPieces := b.children, b.pieces
		b.children, b.pieces, b.inlineFlow, b.frags = nil, nil, false, b.frags[:0]
		e.buildChildren(b, b.node)
		e.forgetBoxes(oldChildren, oldPieces)
		if len(e.dirtyBoxes) >= maxDirtyBoxes {
			e.relayoutAll = true
		} else {
			e.dirtyBoxes = append(e.dirtyBoxes, b)
		}
	}
	return true
}

// contentContainer is the box whose children hold n's content: n's own block container
// box, or, for an inline element (whose content is part of its container's inline
// formatting context, and whose level can change with its content), its ancestor's. It is
// nil, with ok, when n is in a display:none subtree.
func (e *Engine) contentContainer(n *html.Node) (b *box, ok bool) {
	for a := n; a != nil && a.Type == html.ElementNode; a = a.Parent {
		st := e.states[a]
		if st == nil || st.gen != e.gen {
			return nil, e.inDisplayNone(a)
		}
		if st.used.display == css.DisplayNone {
			return nil, true
		}
		if st.box == nil || st.boxGen != e.layoutGen {
			return nil, false
		}
		if st.box.kind == kindInline || st.box.node != a || st.used.display == css.DisplayInline {
			continue
		}
		return st.box, true
	}
	return nil, false
}

// forgetBoxes unlinks replaced boxes from their elements' states: an element that has no
// box any more (removed) is not given its old one.
func (e *Engine) forgetBoxes(children []*box, pieces []piece) {
	forget := func(b *box) {
		if b.node != nil {
			if st := e.states[b.node]; st != nil && st.box == b {
				st.box = nil
			}
		}
	}
	for _, c := range children {
		if c.patchMark == e.patchMark {
			continue // kept in the patched container
		}
		forget(c)
		e.forgetBoxes(c.children, c.pieces)
	}
	for i := range pieces {
		if p := &pieces[i]; p.b != nil && p.b.kind == kindInline {
			forget(p.b)
		}
	}
}

// keptBox is the box block-level element c already has as a child of container b, when
// the box tree is being patched and c's boxes are those it would get now: its subtree's
// own content changes are patched separately, and a style change that alters boxes
// builds the whole tree.
func (e *Engine) keptBox(b *box, c *html.Node, st *computedStyle) *box {
	if !e.patching {
		return nil
	}
	s := e.states[c]
	if s == nil || s.box == nil || s.boxGen != e.layoutGen {
		return nil
	}
	kb := s.box
	// Only a block's: an inline element holding a block has a block box too, but its
	// content is patched with its container's (contentContainer).
	if kb.parent != b || kb.kind != kindBlock || kb.outOfFlow || kb.st != st || kb.node != c || st.display != css.DisplayBlock {
		return nil
	}
	kb.patchMark = e.patchMark
	return kb
}
