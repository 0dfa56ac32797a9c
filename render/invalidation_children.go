package render

import (
	"slices"

	"golang.org/x/net/html"

	"loopscope/css"
)

// Style invalidation for insertions and removals (see invalidation.go): the elements a
// parent gained are styled as new ones, with their subtrees; those it kept are restyled
// only when sibling selectors (+, ~, :nth-child, :first-child, ...) are in use; an element
// that moved is styled as a new one (a removed element loses its style, and an inserted one
// has no before-change style: https://drafts.csswg.org/css-transitions/#before-change-style).
// The pass gives up, for a full cascade, when a style sheet comes or goes, when transitions
// or animations run (a removed element's must be cancelled), when :has or an unknown
// selector is in use, and every maxChildPasses passes, which drops the states of removed
// elements.

// maxChildPasses is how many incremental passes with insertions or removals run between
// two full cascades.
const maxChildPasses = 64

// childChanges gathers one incremental pass's insertions and removals.
type childChanges struct {
	parents  []*html.Node // elements whose children changed
	unstyled []*html.Node // changed elements without a style: new ones, or display:none
	fresh    []*elementState
}

// noteChildrenChange records that p's children changed; false: only a full cascade will do.
func (e *Engine) noteChildrenChange(k *childChanges, p *html.Node) bool {
	iv := &e.inv
	if p.Type == html.DocumentNode || iv.deps.unsure || iv.childPasses >= maxChildPasses ||
		len(e.running) > 0 || len(e.anims) > 0 || len(e.animated) > 0 {
		return false
	}
	if p.Type != html.ElementNode || !connectedTo(p, e.src.Root()) {
		return true // a detached subtree: nothing to style
	}
	if p.Data == "style" {
		return false // its text is a style sheet
	}
	if len(k.parents) == 0 {
		iv.childPasses++
		for n := range e.sheets {
			if !connectedTo(n, e.src.Root()) {
				return false // a <style> was removed
			}
		}
	}
	k.parents = append(k.parents, p)
	return true
}

// styleNewChildren styles the new children of every parent whose children changed, outer
// parents first, and restyles the kept ones when sibling selectors are in use.
func (e *Engine) styleNewChildren(k *childChanges, cx *computeContext) bool {
	type parent struct {
		n     *html.Node
		depth int
	}
	parents := make([]parent, len(k.parents))
	for i, n := range k.parents {
		parents[i].n = n
		for a := n; a != nil; a = a.Parent {
			parents[i].depth++ // once each, not in every comparison of the sort
		}
	}
	slices.SortStableFunc(parents, func(a, b parent) int { return a.depth - b.depth })
	for _, pd := range parents {
		p := pd.n
		ps := e.states[p]
		if ps == nil || ps.gen != e.gen {
			if e.inDisplayNone(p) {
				continue
			}
			return false
		}
		if ps.baseStyle().display == css.DisplayNone {
			continue
		}
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			cs := e.states[c]
			switch {
			case cs == nil || cs.gen != e.gen || cs.parent != p:
				if hasStyleElement(c) {
					return false // a new style sheet
				}
				e.styleNewElement(k, c, ps.baseStyle(), cx)
			case e.inv.deps.siblings:
				if !e.restyleElement(cs, true, cx) {
					return false
				}
			}
		}
	}
	return true
}

// styleNewElement styles c, a new child of an element styled parent, and its subtree.
func (e *Engine) styleNewElement(k *childChanges, c *html.Node, parent *computedStyle, cx *computeContext) {
	st := e.states[c]
	if st == nil {
		st = &elementState{node: c}
		e.states[c] = st
	}
	k.fresh = append(k.fresh, st)
	e.cascadeElement(st, parent, cx)
	st.gen, st.parent = e.gen, c.Parent
	e.inv.work.Restyled++
	e.cancelTransitions(st)
	e.updateCSSAnimations(st)
	st.useBase()
	if st.baseStyle().display == css.DisplayNone {
		return
	}
	for d := c.FirstChild; d != nil; d = d.NextSibling {
		if d.Type == html.ElementNode {
			e.styleNewElement(k, d, st.baseStyle(), cx)
		}
	}
}

// check reports whether every changed element without a style got one, or is in a
// display:none subtree (which has none).
func (k *childChanges) check(e *Engine) bool {
	for _, n := range k.unstyled {
		if st := e.states[n]; (st == nil || st.gen != e.gen) && !e.inDisplayNone(n) {
			return false
		}
	}
	return true
}

// forget drops the styles an abandoned pass gave new elements, so that the full cascade
// does not take them for before-change styles.
func (k *childChanges) forget() {
	for _, st := range k.fresh {
		st.gen = 0
	}
}

// inDisplayNone reports whether n's nearest styled ancestor is display:none (its subtree
// has no styles).
func (e *Engine) inDisplayNone(n *html.Node) bool {
	for a := n.Parent; a != nil; a = a.Parent {
		if st := e.states[a]; st != nil && st.gen == e.gen {
			return st.baseStyle().display == css.DisplayNone
		}
	}
	return false
}

// hasStyleElement reports whether n's subtree has a <style> element.
func hasStyleElement(n *html.Node) bool {
	if n.Type == html.ElementNode && n.Data == "style" {
		return true
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if hasStyleElement(c) {
			return true
		}
	}
	return false
}
