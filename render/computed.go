package render

import (
	"image/color"
)

// lineHeightKind says how a computed line-height is stored.
type lineHeightKind uint8

const (
	lineHeightNormal lineHeightKind = iota
	lineHeightNumber                // inherited as a number, times the element's font size
	lineHeightPx
)

// transitionSpec is one item of the transition-* lists after they are combined.
type transitionSpec struct {
	prop     string // a property name or "all"
	duration float64
	delay    float64
	fn       timingFunction
}

// computedStyle holds the computed values of the properties the engine knows.
// https://drafts.csswg.org/css-cascade/#computed
type computedStyle struct {
	display       display
	position      positionKind
	inset         [4]length // top, right, bottom, left
	width, height length
	margin        [4]length
	padding       [4]length
	borderWidth   [4]float64
	borderStyle   [4]borderStyle
	borderColor   [4]color.NRGBA
	background    color.NRGBA
	color         color.NRGBA
	fontSize      float64
	fontWeight    int
	mono          bool    // font-family resolves to Go Mono
	monoGeneric   bool    // through the generic family monospace
	sizeKeyword   float64 // font-size from an absolute-size keyword (px at a 16px medium), else 0
	lineHeight    float64
	lineKind      lineHeightKind
	textAlign     textAlign
	whiteSpace    uint8   // 0 normal, 1 nowrap, 2 pre
	boxSizing     uint8   // 0 content-box, 1 border-box
	listItem      bool    // display: list-item
	overflowClip  [2]bool // overflow-x, overflow-y other than visible
	listStyle     markerStyle
	opacity       float64
	hasTransform  bool
	tx, ty        length
	visible       bool
	zAuto         bool
	zIndex        int
	transitions   []transitionSpec
}

// initialStyle returns the initial values of every property.
// https://drafts.csswg.org/css-cascade/#initial-values
func initialStyle() computedStyle {
	s := computedStyle{
		display:     displayInline,
		width:       autoLength,
		height:      autoLength,
		color:       color.NRGBA{0, 0, 0, 255},
		fontSize:    16,
		sizeKeyword: 16, // medium
		listStyle:   markerDisc,
		fontWeight:  400,
		opacity:     1,
		visible:     true,
		zAuto:       true,
		borderWidth: [4]float64{3, 3, 3, 3}, // medium
	}
	for i := range s.inset {
		s.inset[i] = autoLength
	}
	return s
}

// computeContext carries what computing values needs beyond the parent style.
type computeContext struct {
	rootFontSize         float64
	viewportW, viewportH float64
}

// isPositioned reports position other than static.
func (s *computedStyle) isPositioned() bool { return s.position != positionStatic }

// isOutOfFlow reports absolute or fixed positioning.
func (s *computedStyle) isOutOfFlow() bool {
	return s.position == positionAbsolute || s.position == positionFixed
}

// createsStackingContext reports whether the element's box establishes a stacking context.
// https://drafts.csswg.org/css-position-4/#stacking-context
func (s *computedStyle) createsStackingContext() bool {
	return s.isPositioned() && !s.zAuto || s.position == positionFixed || s.opacity < 1 || s.hasTransform
}

// clips reports overflow other than visible: the box clips its content to its padding
// box (both axes: a single clip value is used) and establishes a formatting context.
// https://drafts.csswg.org/css-overflow/#overflow-properties
func (s *computedStyle) clips() bool { return s.overflowClip[0] || s.overflowClip[1] }

// usedLineHeight resolves line-height to px given the font's normal line spacing.
func (s *computedStyle) usedLineHeight(normal float64) float64 {
	switch s.lineKind {
	case lineHeightNumber:
		return s.lineHeight * s.fontSize
	case lineHeightPx:
		return s.lineHeight
	}
	return normal
}

// computeStyle computes an element's style from the winning declaration of each property
// (nil when none) and its parent's computed style.
// https://drafts.csswg.org/css-cascade/#value-stages
func computeStyle(st *computedStyle, winners *[numProps]*value, parent *computedStyle, cx *computeContext) {
	*st = initialStyle()
	// Inherited properties start from the parent.
	st.color, st.fontSize, st.fontWeight, st.mono = parent.color, parent.fontSize, parent.fontWeight, parent.mono
	st.monoGeneric, st.sizeKeyword = parent.monoGeneric, parent.sizeKeyword
	st.lineHeight, st.lineKind, st.textAlign = parent.lineHeight, parent.lineKind, parent.textAlign
	st.whiteSpace, st.visible, st.listStyle = parent.whiteSpace, parent.visible, parent.listStyle
	init := initialStyle()

	// resolveGlobal returns the value to use, or nil to take the inherited/initial value
	// (already in place, or copied here for a non-inherited property's inherit).
	resolveGlobal := func(p propID) *value {
		v := winners[p]
		if v == nil || v.global == globalNone {
			return v
		}
		inheritIt := v.global == globalInherit || v.global == globalUnset && p.inherited()
		copyProp(st, parent, &init, p, inheritIt)
		return nil
	}

	// font-family, then font-size: em units of the other properties depend on it.
	if v := resolveGlobal(propFontFamily); v != nil {
		st.mono, st.monoGeneric = v.n >= 1, v.n == 2
	}
	if v := resolveGlobal(propFontSize); v != nil {
		st.sizeKeyword = 0
		if v.n == 1 {
			st.sizeKeyword = v.l.v
		}
		switch v.l.u {
		case unitEm:
			st.fontSize = v.l.v * parent.fontSize
		case unitPercent:
			st.fontSize = v.l.v * parent.fontSize / 100
		default:
			st.fontSize = computeLength(v.l, parent.fontSize, cx).v
		}
	}
	// Absolute-size keywords (and the initial medium) scale with the family's default
	// size: 13px for monospace in Chrome. https://drafts.csswg.org/css-fonts/#absolute-size-mapping
	if st.sizeKeyword != 0 {
		st.fontSize = st.sizeKeyword
		if st.monoGeneric {
			st.fontSize = st.sizeKeyword * 13 / 16
		}
	}
	fs := st.fontSize
	if v := resolveGlobal(propColor); v != nil {
		if !v.current {
			st.color = v.c
		}
	}
	for p := propID(0); p < numProps; p++ {
		if p == propFontSize || p == propColor || p == propFontFamily {
			continue
		}
		v := resolveGlobal(p)
		if v == nil {
			continue
		}
		switch {
		case p == propDisplay:
			st.display, st.listItem = display(v.n), v.n == displayListItemCode
			if st.listItem {
				st.display = displayBlock
			}
		case p == propPosition:
			st.position = positionKind(v.n)
		case p >= propTop && p <= propLeft:
			st.inset[p-propTop] = computeLength(v.l, fs, cx)
		case p == propWidth:
			st.width = computeLength(v.l, fs, cx)
		case p == propHeight:
			st.height = computeLength(v.l, fs, cx)
		case p >= propMarginTop && p <= propMarginLeft:
			st.margin[p-propMarginTop] = computeLength(v.l, fs, cx)
		case p >= propPaddingTop && p <= propPaddingLeft:
			st.padding[p-propPaddingTop] = computeLength(v.l, fs, cx)
		case p >= propBorderTopWidth && p <= propBorderLeftWidth:
			st.borderWidth[p-propBorderTopWidth] = computeLength(v.l, fs, cx).v
		case p >= propBorderTopStyle && p <= propBorderLeftStyle:
			st.borderStyle[p-propBorderTopStyle] = borderStyle(v.n)
		case p >= propBorderTopColor && p <= propBorderLeftColor:
			if v.current {
				st.borderColor[p-propBorderTopColor] = st.color
			} else {
				st.borderColor[p-propBorderTopColor] = v.c
			}
		case p == propBackgroundColor:
			if v.current {
				st.background = st.color
			} else {
				st.background = v.c
			}
		case p == propFontWeight:
			st.fontWeight = relativeWeight(v.n, parent.fontWeight)
		case p == propLineHeight:
			switch v.n {
			case -1:
				st.lineKind = lineHeightNormal
			case -2:
				st.lineKind, st.lineHeight = lineHeightPx, computeLength(v.l, fs, cx).resolve(fs)
			default:
				st.lineKind, st.lineHeight = lineHeightNumber, v.n
			}
		case p == propTextAlign:
			st.textAlign = textAlign(v.n)
		case p == propWhiteSpace:
			st.whiteSpace = uint8(v.n)
		case p == propBoxSizing:
			st.boxSizing = uint8(v.n)
		case p == propListStyleType:
			st.listStyle = markerStyle(v.n)
		case p == propOverflowX || p == propOverflowY:
			st.overflowClip[p-propOverflowX] = v.n == 1
		case p == propOpacity:
			st.opacity = v.n
		case p == propTransform:
			st.hasTransform = v.n == 1
			st.tx, st.ty = computeLength(v.tx, fs, cx), computeLength(v.ty, fs, cx)
		case p == propVisibility:
			st.visible = v.n == 1
		case p == propZIndex:
			st.zAuto = v.l.u == unitAuto
			st.zIndex = int(v.n)
		}
	}
	// Border colours default to currentcolor; widths compute to 0 without a style.
	for i := 0; i < 4; i++ {
		if w := winners[propBorderTopColor+propID(i)]; w == nil || w.global == globalInitial || w.global == globalUnset {
			st.borderColor[i] = st.color
		}
		if st.borderStyle[i] == borderNone {
			st.borderWidth[i] = 0
		}
	}
	st.transitions = combineTransitions(winners, parent)
	// position: absolute/fixed blockify inline-level boxes.
	// https://drafts.csswg.org/css-display/#transformations
	if st.isOutOfFlow() && st.display == displayInline {
		st.display = displayBlock
	}
}

// copyProp applies inherit (from parent) or initial (from init) to one property.
func copyProp(st, parent, init *computedStyle, p propID, inheritIt bool) {
	src := init
	if inheritIt {
		src = parent
	}
	switch {
	case p == propDisplay:
		st.display, st.listItem = src.display, src.listItem
	case p == propPosition:
		st.position = src.position
	case p >= propTop && p <= propLeft:
		st.inset[p-propTop] = src.inset[p-propTop]
	case p == propWidth:
		st.width = src.width
	case p == propHeight:
		st.height = src.height
	case p >= propMarginTop && p <= propMarginLeft:
		st.margin[p-propMarginTop] = src.margin[p-propMarginTop]
	case p >= propPaddingTop && p <= propPaddingLeft:
		st.padding[p-propPaddingTop] = src.padding[p-propPaddingTop]
	case p >= propBorderTopWidth && p <= propBorderLeftWidth:
		st.borderWidth[p-propBorderTopWidth] = src.borderWidth[p-propBorderTopWidth]
	case p >= propBorderTopStyle && p <= propBorderLeftStyle:
		st.borderStyle[p-propBorderTopStyle] = src.borderStyle[p-propBorderTopStyle]
	case p >= propBorderTopColor && p <= propBorderLeftColor:
		st.borderColor[p-propBorderTopColor] = src.borderColor[p-propBorderTopColor]
	case p == propBackgroundColor:
		st.background = src.background
	case p == propColor:
		st.color = src.color
	case p == propFontSize:
		st.fontSize, st.sizeKeyword = src.fontSize, src.sizeKeyword
	case p == propFontWeight:
		st.fontWeight = src.fontWeight
	case p == propFontFamily:
		st.mono, st.monoGeneric = src.mono, src.monoGeneric
	case p == propLineHeight:
		st.lineHeight, st.lineKind = src.lineHeight, src.lineKind
	case p == propTextAlign:
		st.textAlign = src.textAlign
	case p == propWhiteSpace:
		st.whiteSpace = src.whiteSpace
	case p == propBoxSizing:
		st.boxSizing = src.boxSizing
	case p == propListStyleType:
		st.listStyle = src.listStyle
	case p == propOverflowX || p == propOverflowY:
		st.overflowClip[p-propOverflowX] = src.overflowClip[p-propOverflowX]
	case p == propOpacity:
		st.opacity = src.opacity
	case p == propTransform:
		st.hasTransform, st.tx, st.ty = src.hasTransform, src.tx, src.ty
	case p == propVisibility:
		st.visible = src.visible
	case p == propZIndex:
		st.zAuto, st.zIndex = src.zAuto, src.zIndex
	}
}

// relativeWeight resolves bolder (-1) and lighter (-2) against the parent's weight.
// https://drafts.csswg.org/css-fonts/#relative-weights
func relativeWeight(n float64, parent int) int {
	switch n {
	case -1:
		switch {
		case parent < 350:
			return 400
		case parent < 550:
			return 700
		}
		return 900
	case -2:
		switch {
		case parent < 550:
			return 100
		case parent < 750:
			return 400
		}
		return 700
	}
	return int(n)
}

// combineTransitions pairs the transition-* lists: the property list sets the count
// and the other lists repeat. https://drafts.csswg.org/css-transitions/#transition-property-property
func combineTransitions(w *[numProps]*value, parent *computedStyle) []transitionSpec {
	pv := w[propTransitionProperty]
	if pv == nil && w[propTransitionDuration] == nil && w[propTransitionDelay] == nil {
		return nil
	}
	names := []string{"all"} // the initial value
	switch {
	case pv != nil && pv.global == globalInherit:
		return parent.transitions
	case pv != nil && pv.global == globalNone:
		names = pv.names
	}
	list := func(p propID) []float64 {
		if v := w[p]; v != nil && v.global == globalNone && len(v.times) > 0 {
			return v.times
		}
		return []float64{0}
	}
	durs, delays := list(propTransitionDuration), list(propTransitionDelay)
	fns := []timingFunction{{kind: timingEase}}
	if v := w[propTransitionTimingFunction]; v != nil && v.global == globalNone && len(v.fns) > 0 {
		fns = v.fns
	}
	out := make([]transitionSpec, 0, len(names))
	for i, name := range names {
		if name == "none" {
			return nil
		}
		out = append(out, transitionSpec{prop: name, duration: durs[i%len(durs)], delay: delays[i%len(delays)], fn: fns[i%len(fns)]})
	}
	return out
}
