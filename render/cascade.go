package render

import (
	"strings"

	"golang.org/x/net/html"

	"loopscope/css"
)

// elementState is what the engine keeps per element between frames. It is most of what
// an element costs (BenchmarkMemoryPerDiv): what few elements need (a base style apart
// from the used one, a parsed style attribute, a scroll position) is kept apart, and the
// 32-bit fields are together (no padding).
type elementState struct {
	node   *html.Node
	parent *html.Node     // its parent when it was styled (a moved element is styled anew)
	base   *computedStyle // the cascade's result (the after-change style), nil: it is used (baseStyle)
	used   computedStyle  // base with running transitions applied: what layout and paint use

	inline *inlineStyle // its style attribute, parsed; nil without one

	trans     []*transition      // the running transitions, one a property at most
	css       *cssAnimationState // its CSS animations (cssanimations.go)
	animProps animPropSet        // the properties animations set at the last application

	box *box // from the last layout

	scroll *elementScroll // its scroll position and overflow, once asked for (scroll.go)

	gen      uint32 // cascade generation that last computed its base style
	animMark uint32
	snapMark uint32
	boxGen   uint32 // the layout box was built in
	pass     uint32 // the incremental restyle that last restyled it (invalidation.go)
}

// inlineStyle is an element's style attribute and its declarations.
type inlineStyle struct {
	src   string
	decls []css.Declaration
}

// baseStyle is the element's style from the cascade, its after-change style. Until an
// animation or a transition first sets a value on the element (ownBase) its used style is
// that style, and the state keeps one copy, not two: most elements never animate.
func (st *elementState) baseStyle() *computedStyle {
	if st.base != nil {
		return st.base
	}
	return &st.used
}

// ownBase gives st a base style of its own, a copy of its used style, before animated
// values are set on the used style. The used style must be the base style then.
func (st *elementState) ownBase() {
	if st.base == nil {
		b := st.used
		st.base = &b
	}
}

// useBase sets the used style to the base style, without animated values.
func (st *elementState) useBase() {
	if st.base != nil {
		st.used = *st.base
	}
}

// sheetCache is the parsed form of one <style> element's text.
type sheetCache struct {
	text      string
	rules     []styleRule
	keyframes []css.KeyframesRule
	gen       uint32 // the last cascade that found the element in the document
}

// Style brings every element's computed style up to date: the cascade when the DOM or
// viewport changed (starting CSS transitions on the way), then the animated values of
// running transitions at the time of the last UpdateAnimations. After DOM changes it was
// told about (NoteChange), only the elements they affect are restyled (invalidation.go).
// https://drafts.csswg.org/css-cascade/#cascading
func (e *Engine) Style() {
	v := e.src.Version()
	e.inv.work = FrameWork{}
	if e.styled && v == e.styledVersion && !e.resizedForStyle && e.compositeAnimations() {
		e.inv.work.Composited = true // only animations of opacity and transform advanced: the compositor's frame
		return
	}
	e.flushPlan() // (a frame of the plan leaves its values in the plan: compositorPlan.flush)
	if len(e.running) > 0 || len(e.animated) > 0 || len(e.anims) > 0 {
		// The transitions' values at the time of UpdateAnimations (and none of those that
		// ended there): the before-change styles of the restyle below.
		// https://drafts.csswg.org/css-transitions/#before-change-style
		e.applyAnimationsTracked()
	}
	if e.styled && v != e.styledVersion && !e.resizedForStyle && e.restyleChanged(v) {
		e.styledVersion = v
		if len(e.running) > 0 || len(e.anims) > 0 {
			e.applyAnimationsTracked() // on the new base styles, with the transitions started
		}
		return
	}
	if !e.styled || v != e.styledVersion || e.resizedForStyle {
		e.collectStyleSheets()
		e.gen++
		cx := computeContext{rootFontSize: 16, viewportW: float64(e.width), viewportH: float64(e.height), fonts: e.fonts}
		e.rootStyle = initialStyle()
		if root := e.src.Root(); root != nil {
			e.styleChildren(root, &e.rootStyle, &cx)
		}
		for n, st := range e.states {
			if st.gen != e.gen {
				e.cancelTransitions(st)
				e.cancelCSSAnimations(st)
				delete(e.states, n)
			}
		}
		e.styled, e.styledVersion, e.resizedForStyle = true, v, false
		e.resetInvalidation(v, cx)
		e.inv.work.Restyled, e.inv.work.FullCascade = len(e.states), true
		e.raiseDamage(damageBoxes)
		e.applyAnimations()
	}
}

// collectStyleSheets gathers the rules of every <style> element in tree order after the
// UA rules, reusing the parse of unchanged sheets and dropping those of removed ones.
// https://html.spec.whatwg.org/multipage/semantics.html#update-a-style-block
func (e *Engine) collectStyleSheets() {
	e.rules = append(e.rules[:0], e.uaRules...)
	e.backdropRules = append(e.backdropRules[:0], e.uaBackdrop...)
	clear(e.keyframes)
	order := len(e.uaRules)
	mark := e.gen + 1 // the generation this cascade will have
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.Data != "style" {
				walk(c)
				continue
			}
			text := childText(c)
			sc := e.sheets[c]
			if sc == nil || sc.text != text {
				sc = &sheetCache{text: text, rules: parseStyleSheet(text, 0), keyframes: css.ParseKeyframesRules(text)}
				e.sheets[c] = sc
			}
			sc.gen = mark
			for i := range sc.keyframes {
				e.keyframes[sc.keyframes[i].Name] = &sc.keyframes[i] // the last rule of a name wins
			}
			for _, r := range sc.rules {
				if !e.mediaMatches(r.media) {
					continue // a viewport resize cascades again (resizedForStyle)
				}
				r.order = order
				order++
				if r.backdrop {
					e.backdropRules = append(e.backdropRules, r)
					continue
				}
				e.rules = append(e.rules, r)
			}
		}
	}
	if root := e.src.Root(); root != nil {
		walk(root)
	}
	for n, sc := range e.sheets {
		if sc.gen != mark {
			delete(e.sheets, n)
		}
	}
	e.index.build(e.rules)
}

// childText is the child text content of an element (a <style>'s CSS).
// https://dom.spec.whatwg.org/#concept-child-text-content
func childText(n *html.Node) string {
	if c := n.FirstChild; c != nil && c.NextSibling == nil && c.Type == html.TextNode {
		return c.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// styleChildren computes the style of n's element children and their descendants;
// the descendants of display:none elements get none, as in browsers.
func (e *Engine) styleChildren(n *html.Node, parent *computedStyle, cx *computeContext) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		st := e.states[c]
		if st == nil {
			st = &elementState{node: c}
			e.states[c] = st
		}
		// A before-change style exists only if the element was styled and rendered by the
		// previous style change event. https://drafts.csswg.org/css-transitions/#before-change-style
		hadStyle := st.gen != 0 && st.gen == e.gen-1 && st.baseStyle().display != css.DisplayNone
		var before computedStyle
		if hadStyle {
			before = st.used
		}
		e.cascadeElement(st, parent, cx)
		st.gen, st.parent = e.gen, n
		base := st.baseStyle()
		if c.Parent != nil && c.Parent.Type == html.DocumentNode {
			cx.rootFontSize = base.fontSize
		}
		if hadStyle && base.display != css.DisplayNone {
			e.startTransitions(st, &before)
		} else {
			e.cancelTransitions(st)
		}
		e.updateCSSAnimations(st)
		st.useBase()
		if base.display == css.DisplayNone {
			continue
		}
		e.styleChildren(c, base, cx)
	}
}

// cascadeElement finds the winning declaration of each property for one element and
// computes its style: UA rules, author rules by specificity then order, the style
// attribute, then !important author rules and !important inline declarations.
// https://drafts.csswg.org/css-cascade/#cascade-sort
func (e *Engine) cascadeElement(st *elementState, parent *computedStyle, cx *computeContext) {
	n := st.node
	m := e.matched[:0]
	e.candidates = e.index.candidates(n, e.candidates)
	for _, i := range e.candidates {
		if r := &e.rules[i]; e.ruleMatches(r, n) {
			m = append(m, r)
		}
	}
	// Insertion sort by (origin, specificity, order): the lists are short and come in
	// cascade order (origin, then order).
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && ruleLess(m[j], m[j-1]); j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
	e.matched = m
	if src, ok := attr(n, "style"); !ok {
		st.inline = nil
	} else if st.inline == nil || src != st.inline.src {
		if st.inline == nil {
			st.inline = &inlineStyle{}
		}
		st.inline.src, st.inline.decls = src, css.ParseDeclarationBlock(src, st.inline.decls[:0])
	}
	var inline []css.Declaration
	if st.inline != nil {
		inline = st.inline.decls
	}
	w := &e.winners
	*w = [css.NumProps]*css.Value{}
	e.hints = dimensionHints(n, e.hints[:0])
	hinted := len(e.hints) == 0
	for _, r := range m {
		if !r.ua && !hinted {
			// Presentational hints: author level, before every author rule.
			for i := range e.hints {
				w[e.hints[i].Prop] = &e.hints[i].Value
			}
			hinted = true
		}
		for i := range r.decls {
			if d := &r.decls[i]; !d.Important || r.ua {
				w[d.Prop] = &d.Value
			}
		}
	}
	if !hinted {
		for i := range e.hints {
			w[e.hints[i].Prop] = &e.hints[i].Value
		}
	}
	for i := range inline {
		if d := &inline[i]; !d.Important {
			w[d.Prop] = &d.Value
		}
	}
	for _, r := range m {
		if r.ua {
			continue
		}
		for i := range r.decls {
			if d := &r.decls[i]; d.Important {
				w[d.Prop] = &d.Value
			}
		}
	}
	for i := range inline {
		if d := &inline[i]; d.Important {
			w[d.Prop] = &d.Value
		}
	}
	base := st.baseStyle()
	computeStyle(base, w, parent, cx)
	// Presentational defaults that are not expressible in the UA sheet subset.
	if n.Data == "br" {
		base.display = css.DisplayInline
	}
}

func ruleLess(a, b *styleRule) bool {
	if a.ua != b.ua {
		return a.ua
	}
	if a.spec != b.spec {
		return a.spec.Less(b.spec)
	}
	return a.order < b.order
}

// attr returns the value of an attribute.
func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// ruleMatches reports whether rule r's selector matches element n, with the element
// states (:hover, :focus, ...) the source reports when the selector names any.
func (e *Engine) ruleMatches(r *styleRule, n *html.Node) bool {
	if ss, ok := r.sel.(*css.StateSelector); ok {
		src, ok := e.src.(ElementStates)
		if !ok {
			return ss.Match(n)
		}
		return ss.MatchState(n, src.ElementState)
	}
	return r.sel.Match(n)
}

// ElementStates is what a Source tells about the user action states of its elements,
// when it has any: whether element n is in state pseudo (css.ElementState).
type ElementStates interface {
	ElementState(n *html.Node, pseudo string) bool
}
