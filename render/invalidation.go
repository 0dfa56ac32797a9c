package render

import (
	"image"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"loopscope/css"
)

// This file is style invalidation: instead of a full cascade for any DOM change, the
// engine hears of each mutation (NoteChange), restyles only the elements a change can
// affect (the element itself, and what the selectors in use make depend on it), and says
// how far the change reaches down the pipeline (damageLevel): nothing, the display list,
// layout, or the box tree. When it is unsure it falls back to the full cascade.
// Blink's "style invalidation" (third_party/blink/renderer/core/css/invalidation/README.md)
// is the model; the selector analysis here is much coarser.

// ChangeKind says what one DOM mutation touched.
type ChangeKind uint8

const (
	ChangeAttribute ChangeKind = iota // an element's attribute
	ChangeText                        // a Text or Comment node's data
	ChangeChildren                    // a node's children (insertions and removals)
	ChangeState                       // an element's state: attr "value" (a text control's value or selection)
)

// maxPendingChanges bounds the changes kept between frames; past it, a full cascade is
// cheaper than sorting them out.
const maxPendingChanges = 4096

// pendingChange is one mutation heard of since the last style update.
type pendingChange struct {
	kind ChangeKind
	node *html.Node
	attr string
}

// invalidation is the engine's record of what changed since the last style update.
type invalidation struct {
	noted   uint64 // the source Version of the last change heard of
	lost    bool   // a Version bump nobody told us about, or too many changes: full cascade
	pending []pendingChange
	deps    selectorDeps
	cx      computeContext // of the last full cascade (root font size, viewport)
	pass    uint32         // incremented by each incremental restyle
	snaps   []styleSnap    // used styles before this pass changed them
	// toggled: the elements of this pass whose display went to or from none: each is
	// styled again as a new child of its parent, with its subtree (styleNewChildren).
	toggled []*elementState

	// Paint-only changes that can patch the display list in place (paintpaintdamage.go).
	patches     []paintPatch
	unpatchable bool              // a paint change that needs a new display list
	patched     bool              // the list was patched since the last Paint
	direct      bool              // by the compositor's plan, in Style (runCompositorPlan)
	spoiled     bool              // a failed patch changed the list the last frame was rastered from
	patchDamage []image.Rectangle // the rectangles the patches cover

	childPasses int // incremental passes with insertions or removals since the full cascade

	// What the last frame did, for the trace: elements restyled, boxes laid out, pixels
	// rastered (FrameWork).
	work FrameWork
}

// styleSnap is an element's used style before a restyle or an animation step.
type styleSnap struct {
	st           *elementState
	old, oldBase computedStyle // used and base styles
}

// FrameWork counts the work of the last style, layout and paint steps.
type FrameWork struct {
	Restyled    int  // elements whose style was computed
	FullCascade bool // the whole document was restyled
	LaidOut     int  // boxes laid out (0 when layout was skipped)
	Patched     bool // the display list was patched in place, not built again
	Composited  bool // only animations of opacity and transform advanced: no restyle (compositor.go)
	Planned     bool // and the compositor's plan of the frame before served (compositorPlan)
	Rastered    int  // pixels rastered (0 when the frame was reused)
	// Translated contexts placed again: painted again (replaceContext), their items
	// shifted, or a new translation that rounds the same kept (shiftContext).
	Repainted, Shifted, Kept int
}

// Work returns what the last style, layout and paint steps did.
func (e *Engine) Work() FrameWork { return e.inv.work }

// NoteChange tells the engine about one DOM mutation, right after it: version is the
// source's Version after the mutation, n the element whose attribute changed (attr, its
// local name), the character data node, or the parent whose children changed. Changes
// must be reported for every Version bump, in order; a gap makes the next Style a full
// cascade, which is always correct.
func (e *Engine) NoteChange(kind ChangeKind, n *html.Node, attr string, version uint64) {
	e.flushPlan()
	iv := &e.inv
	if version != iv.noted+1 || len(iv.pending) >= maxPendingChanges {
		iv.lost = true
	}
	iv.noted = version
	if iv.lost {
		iv.pending = iv.pending[:0]
		return
	}
	iv.pending = append(iv.pending, pendingChange{kind, n, attr})
}

// resetInvalidation records that a full cascade at version v took every change in.
func (e *Engine) resetInvalidation(v uint64, cx computeContext) {
	iv := &e.inv
	clear(iv.pending)
	iv.pending, iv.lost, iv.noted, iv.cx, iv.childPasses = iv.pending[:0], false, v, cx, 0
	iv.deps = analyseSelectors(e.rules)
}

// restyleChanged brings styles up to date with the pending changes at Version v by
// restyling only what they affect. It returns false, having changed nothing, when it
// cannot (a change it was not told about, a style sheet or the tree's shape changed):
// the caller then runs the full cascade.
func (e *Engine) restyleChanged(v uint64) bool {
	iv := &e.inv
	if iv.lost || iv.noted != v || len(iv.pending) == 0 {
		return false
	}
	type root struct {
		st      *elementState
		depth   int
		subtree bool
	}
	var roots []root
	var kids childChanges
	add := func(n *html.Node, subtree bool) bool {
		if n.Type != html.ElementNode {
			return true
		}
		st := e.states[n]
		if st == nil || st.gen != e.gen {
			// Unstyled: in a display:none subtree, or new (styled with its parent's new
			// children, or the pass gives up: childChanges.check).
			if connectedTo(n, e.src.Root()) {
				kids.unstyled = append(kids.unstyled, n)
			}
			return true
		}
		d := 0
		for a := n.Parent; a != nil; a = a.Parent {
			d++
		}
		roots = append(roots, root{st, d, subtree})
		return true
	}
	docRoot := e.src.Root()
	repaint := false // a text control's value or caret: a new display list, no restyle
	for _, c := range iv.pending {
		switch c.kind {
		case ChangeState:
			if c.attr == "image" {
				return false // an img's image arrived or went: its size and pixels (a full pass)
			}
			if c.attr == "top-layer" {
				// An element entered or left the top layer: the paint order (a new display
				// list). Its style follows its :modal state, a change of its own.
				repaint = true
				continue
			}
			if c.attr == "value" || c.attr == "focus" {
				repaint = true // a text control's value or caret, the focus ring
			}
			if c.attr == "value" || !connectedTo(c.node, docRoot) {
				continue
			}
			// A user action state: the elements the compounds testing it make depend on
			// it (stateInvalidate); :focus-within is the focused element's ancestors' too.
			states := []string{c.attr}
			if c.attr == "focus" {
				states = []string{"focus", "focus-visible"}
				for a := c.node; a != nil && a.Type == html.ElementNode; a = a.Parent {
					for _, d := range iv.deps.states["focus-within"] {
						if !e.stateInvalidate(add, a, &d) {
							return false
						}
					}
				}
			}
			for _, st := range states {
				for _, d := range iv.deps.states[st] {
					if !e.stateInvalidate(add, c.node, &d) {
						return false
					}
				}
			}
		case ChangeChildren:
			if !e.noteChildrenChange(&kids, c.node) {
				return false
			}
			if iv.deps.text && !add(c.node, false) { // :empty
				return false
			}
		case ChangeText:
			p := c.node.Parent
			if p == nil || !connectedTo(p, docRoot) {
				continue
			}
			if iv.deps.text || p.Type == html.ElementNode && p.Data == "style" {
				return false
			}
			if !add(p, false) { // the text's boxes are rebuilt (damageBoxes below)
				return false
			}
		case ChangeAttribute:
			n := c.node
			if n.Type != html.ElementNode || !connectedTo(n, docRoot) {
				continue
			}
			if n.Data == "style" {
				return false
			}
			selected := iv.deps.anyAttr || iv.deps.attrs[c.attr]
			if selected && iv.deps.unsure {
				return false
			}
			if !selected && c.attr != "style" {
				continue // nothing reads it
			}
			if !add(n, selected) {
				return false
			}
			if selected && iv.deps.siblings {
				for s := n.NextSibling; s != nil; s = s.NextSibling {
					if !add(s, true) {
						return false
					}
				}
			}
		}
	}
	slices.SortStableFunc(roots, func(a, b root) int { return a.depth - b.depth })
	iv.pass++
	iv.snaps, iv.toggled = iv.snaps[:0], iv.toggled[:0]
	cx := iv.cx
	for _, r := range roots {
		if !e.restyleElement(r.st, r.subtree, &cx) {
			e.undoRestyle()
			return false
		}
	}
	// An element whose display went to or from none is taken as one its parent lost and
	// gained: styled as a new element with its subtree (whose styles a display: none
	// ancestor left out), its transitions cancelled, its parent's boxes built again.
	for _, st := range iv.toggled {
		p := st.node.Parent
		if p == nil || p.Type != html.ElementNode || !e.noteChildrenChange(&kids, p) {
			e.undoRestyle()
			return false
		}
		st.gen = 0 // not styled: styleNewChildren styles it as a new child
		kids.unstyled = append(kids.unstyled, st.node)
	}
	if !e.styleNewChildren(&kids, &cx) || !kids.check(e) {
		kids.forget()
		e.undoRestyle()
		return false
	}
	level := e.finishRestyle()
	if repaint {
		level = max(level, damagePaint)
		iv.unpatchable = true
	}
	e.raiseDamage(level)
	for _, st := range iv.toggled {
		e.noteContentChange(st.node.Parent)
	}
	iv.toggled = iv.toggled[:0]
	for _, c := range iv.pending {
		switch {
		case c.kind == ChangeChildren:
			e.noteContentChange(c.node)
		case c.kind == ChangeText && c.node.Parent != nil:
			e.noteContentChange(c.node.Parent)
		}
	}
	clear(iv.pending)
	iv.pending = iv.pending[:0]
	return true
}

// restyleElement recomputes one element's base style from the cascade, and its
// children's when subtree is set or when a property they inherit changed. It reports
// false when only a full cascade will do (display changed to or from none, the root's
// font size, an unstyled child); an element whose display goes to or from none is noted
// in toggled, its children left alone. finishRestyle then starts transitions and sets the
// used styles.
func (e *Engine) restyleElement(st *elementState, subtree bool, cx *computeContext) bool {
	iv := &e.inv
	if st.pass == iv.pass && !subtree {
		return true // done already as part of an ancestor's subtree
	}
	parent := &e.rootStyle
	if p := st.node.Parent; p != nil && p.Type == html.ElementNode {
		ps := e.states[p]
		if ps == nil || ps.gen != e.gen || ps.baseStyle().display == css.DisplayNone {
			return false
		}
		parent = ps.baseStyle()
	}
	if st.pass != iv.pass {
		iv.snaps = append(iv.snaps, styleSnap{st: st, old: st.used, oldBase: *st.baseStyle()})
	}
	st.pass = iv.pass
	oldBase := *st.baseStyle()
	e.cascadeElement(st, parent, cx)
	iv.work.Restyled++
	base := st.baseStyle()
	if st.node.Parent != nil && st.node.Parent.Type == html.DocumentNode && base.fontSize != oldBase.fontSize {
		return false
	}
	if (oldBase.display == css.DisplayNone) != (base.display == css.DisplayNone) {
		iv.toggled = append(iv.toggled, st) // styled as a new element (restyleChanged)
		return true
	}
	if base.display == css.DisplayNone {
		return true
	}
	// Without a change of an inherited property, only the children that inherit another
	// property explicitly follow (sizingStyle.inheritsOther).
	all := subtree || inheritedDiffer(&oldBase, base)
	for c := st.node.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		cs := e.states[c]
		if !all && (cs == nil || cs.gen != e.gen || !cs.baseStyle().inheritsOther()) {
			continue
		}
		if cs == nil || cs.gen != e.gen || !e.restyleElement(cs, subtree, cx) {
			return false
		}
	}
	return true
}

// finishRestyle completes a successful incremental pass: transitions start from each
// restyled element's before-change style, as in the full cascade, and the damage of each
// change is recorded.
// https://drafts.csswg.org/css-transitions/#starting
func (e *Engine) finishRestyle() damageLevel {
	level := damageNone
	for i := range e.inv.snaps {
		s := &e.inv.snaps[i]
		if slices.Contains(e.inv.toggled, s.st) {
			continue // styled as a new element (styleNewElement)
		}
		if s.oldBase.display != css.DisplayNone {
			e.startTransitions(s.st, &s.old)
		}
		e.updateCSSAnimations(s.st)
		s.st.useBase()
		l := styleDamage(&s.old, &s.st.used)
		if l < damageBoxes && inheritedDiffer(&s.old, &s.st.used) {
			e.refreshAnonymousStyles(s.st)
		}
		if l == damagePaint {
			e.notePaintChange(s.st, &s.old)
		}
		if l == damageLayout {
			e.noteLayoutChange(s.st)
		}
		level = max(level, l)
	}
	e.inv.snaps = e.inv.snaps[:0]
	return level
}

// undoRestyle puts back the styles an abandoned incremental pass changed, so that the
// full cascade that follows sees the same before-change styles (transitions).
func (e *Engine) undoRestyle() {
	for i := len(e.inv.snaps) - 1; i >= 0; i-- {
		s := &e.inv.snaps[i]
		if s.st.base != nil {
			*s.st.base = s.oldBase
		}
		s.st.used = s.old // (without a base of its own, its used style was its base style)
	}
	e.inv.snaps = e.inv.snaps[:0]
}

// refreshAnonymousStyles updates the inherited properties that the anonymous block
// children of st's box copied from it (anonStyle).
func (e *Engine) refreshAnonymousStyles(st *elementState) {
	if st.box == nil || st.boxGen != e.layoutGen {
		return
	}
	for _, c := range st.box.children {
		if c.node == nil {
			*c.st = *e.anonStyle(&st.used)
		}
	}
}

// stateInvalidate restyles what element n's change of a user action state can change
// through one compound testing it: nothing unless n matches the rest of the compound;
// then n itself (the compound is its selector's subject), or n's descendants (and with a
// sibling combinator its later siblings and theirs) that have the rule's subject key. The
// elements of a display:none subtree have no style to change and are skipped.
func (e *Engine) stateInvalidate(add func(*html.Node, bool) bool, n *html.Node, d *stateDep) bool {
	if !d.Matches(n) {
		return true
	}
	if d.Subject {
		return add(n, false)
	}
	var walk func(p *html.Node) bool
	walk = func(p *html.Node) bool {
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if st := e.states[c]; st == nil || st.gen != e.gen {
				continue
			}
			if d.key.matches(c) && !add(c, false) {
				return false
			}
			if !walk(c) {
				return false
			}
		}
		return true
	}
	if !walk(n) {
		return false
	}
	if d.Siblings {
		for s := n.NextSibling; s != nil; s = s.NextSibling {
			if s.Type != html.ElementNode {
				continue
			}
			if st := e.states[s]; st == nil || st.gen != e.gen {
				continue
			}
			if d.key.matches(s) && !add(s, false) || !walk(s) {
				return false
			}
		}
	}
	return true
}

// matches reports whether element n has the simple selector k (the universal key: any).
func (k ruleKey) matches(n *html.Node) bool {
	switch k.kind {
	case keyID:
		v, _ := attr(n, "id")
		return v == k.name
	case keyClass:
		v, _ := attr(n, "class")
		for _, c := range strings.Fields(v) {
			if c == k.name {
				return true
			}
		}
		return false
	case keyTag:
		return n.Namespace == "" && n.Data == k.name
	}
	return true
}
