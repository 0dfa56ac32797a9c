package render

import (
	"image/color"
	"math"

	"loopscope/css"
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
	fn       css.Easing
}

// computedStyle holds the computed values of the properties the engine knows. Every
// element keeps one (elementState.used): its fields are ordered by size, so that it has
// no padding, and the transition and animation lists, which few elements have, are one
// pointer (BenchmarkMemoryPerDiv).
// https://drafts.csswg.org/css-cascade/#computed
type computedStyle struct {
	inset         [4]length // top, right, bottom, left
	width, height length
	margin        [4]length
	padding       [4]length
	tx, ty        length             // the transform's translations (transform.go)
	xform         *css.TransformList // the whole transform, when it does more than translate
	motion        *motionSpecs       // transition-* and animation-*, nil when both are none
	sizing        *sizingStyle       // min-/max-width and -height, object-fit; nil when all are initial
	borderWidth   [4]float64
	fontSize      float64
	sizeKeyword   float64 // font-size from an absolute-size keyword (px at a 16px medium), else 0
	lineHeight    float64
	opacity       float64

	borderColor [4]color.NRGBA
	background  color.NRGBA
	color       color.NRGBA
	zIndex      int32 // CHROME: a CSS integer is clamped to 32 bits
	fontWeight  int16

	display        css.Display
	position       css.Position
	borderStyle    [4]css.BorderStyle
	mono           bool // font-family resolves to Go Mono
	monoGeneric    bool // through the generic family monospace
	lineKind       lineHeightKind
	textAlign      css.TextAlign
	whiteSpace     uint8    // 0 normal, 1 nowrap, 2 pre
	boxSizing      uint8    // 0 content-box, 1 border-box
	listItem       bool     // display: list-item
	overflowClip   [2]bool  // overflow-x, overflow-y other than visible
	overflow       [2]uint8 // their keywords (css.OverflowVisible...)
	overflowScroll [2]bool  // auto or scroll: the user may scroll
	listStyle      css.MarkerStyle
	hasTransform   bool
	visible        bool
	zAuto          bool
}

// sizingStyle holds the properties few elements set that limit or fit a box's size: the
// min and max sizes (CSS 2.2 §10.4, §10.7) and object-fit, and the trees of the style's
// math functions that wait for a percentage's basis (mathTrees: elementState is 512
// bytes, a size class, and a pointer more in every style made it 576). Never changed once a style has
// it: setting one copies it (editSizing), so styles copied from one another share it.
type sizingStyle struct {
	minW, minH length // auto is 0 (CSS 2's initial value) for the boxes the engine lays out
	maxW, maxH length // none is auto
	objectPos  [2]length
	math       *mathTrees // the trees of the style's unitMath lengths, nil when there are none
	objectFit  uint8      // css.ObjectFitFill...
	// inheritsOther: the element inherits a property that is not inherited by default
	// (margin-left: inherit), so a change of its parent's style that no inherited property
	// shows restyles it too (restyleElement).
	inheritsOther bool
}

// initialSizing is every sizing property's initial value.
func initialSizing() sizingStyle {
	center := length{v: 50, u: unitPercent}
	return sizingStyle{minW: autoLength, minH: autoLength, maxW: autoLength, maxH: autoLength,
		objectPos: [2]length{center, center}}
}

// sizes is the style's sizing properties.
func (s *computedStyle) sizes() sizingStyle {
	if s.sizing == nil {
		return initialSizing()
	}
	return *s.sizing
}

// inheritsOther reports an element that inherits a property not inherited by default.
func (s *computedStyle) inheritsOther() bool { return s.sizing != nil && s.sizing.inheritsOther }

// editSizing gives s a sizing record of its own to change.
func (s *computedStyle) editSizing() *sizingStyle {
	z := s.sizes()
	s.sizing = &z
	return s.sizing
}

// limit is the field of min-/max-width or -height p.
func (z *sizingStyle) limit(p css.Prop) *length {
	switch p {
	case css.PropMinWidth:
		return &z.minW
	case css.PropMinHeight:
		return &z.minH
	case css.PropMaxWidth:
		return &z.maxW
	}
	return &z.maxH
}

// motionSpecs are the transition and animation lists of a computed style. They are
// never changed once computed: styles copied from one another share them.
type motionSpecs struct {
	transitions []transitionSpec
	animations  []animationSpec
}

// newMotionSpecs is the lists' record, nil when both are empty.
func newMotionSpecs(transitions []transitionSpec, animations []animationSpec) *motionSpecs {
	if len(transitions) == 0 && len(animations) == 0 {
		return nil
	}
	return &motionSpecs{transitions, animations}
}

// transitions is the style's transition list (transition-property with the other
// transition-* lists paired to it).
func (s *computedStyle) transitions() []transitionSpec {
	if s.motion == nil {
		return nil
	}
	return s.motion.transitions
}

// animations is the style's animation list (animation-name with the other animation-*
// lists paired to it).
func (s *computedStyle) animations() []animationSpec {
	if s.motion == nil {
		return nil
	}
	return s.motion.animations
}

// initialStyle returns the initial values of every property.
// https://drafts.csswg.org/css-cascade/#initial-values
func initialStyle() computedStyle {
	s := computedStyle{
		display:     css.DisplayInline,
		width:       autoLength,
		height:      autoLength,
		color:       color.NRGBA{0, 0, 0, 255},
		fontSize:    16,
		sizeKeyword: 16, // medium
		listStyle:   css.MarkerDisc,
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
	fonts                *fontCache // the faces whose metrics ex and ch are (nil: 0.5em each)
}

// fontBasis is the font that em, ex and ch of a value are relative to: the element's, or
// its parent's for font-size. https://drafts.csswg.org/css-values-4/#font-relative-lengths
type fontBasis struct {
	size       float64
	mono, bold bool
}

// fontBasis is s's font as a basis of font-relative lengths.
func (s *computedStyle) fontBasis() fontBasis {
	return fontBasis{size: s.fontSize, mono: s.mono, bold: s.fontWeight >= 600}
}

// isPositioned reports position other than static.
func (s *computedStyle) isPositioned() bool { return s.position != css.PositionStatic }

// isOutOfFlow reports absolute or fixed positioning.
func (s *computedStyle) isOutOfFlow() bool {
	return s.position == css.PositionAbsolute || s.position == css.PositionFixed
}

// createsStackingContext reports whether the element's box establishes a stacking context.
// https://drafts.csswg.org/css-position-4/#stacking-context
func (s *computedStyle) createsStackingContext() bool {
	return s.isPositioned() && !s.zAuto || s.position == css.PositionFixed || s.opacity < 1 || s.hasTransform
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
func computeStyle(st *computedStyle, winners *[css.NumProps]*css.Value, parent *computedStyle, cx *computeContext) {
	*st = initialStyle()
	// Inherited properties start from the parent.
	st.color, st.fontSize, st.fontWeight, st.mono = parent.color, parent.fontSize, parent.fontWeight, parent.mono
	st.monoGeneric, st.sizeKeyword = parent.monoGeneric, parent.sizeKeyword
	st.lineHeight, st.lineKind, st.textAlign = parent.lineHeight, parent.lineKind, parent.textAlign
	st.whiteSpace, st.visible, st.listStyle = parent.whiteSpace, parent.visible, parent.listStyle
	init := initialStyle()

	// resolveGlobal returns the value to use, or nil to take the inherited/initial value
	// (already in place, or copied here for a non-inherited property's inherit).
	resolveGlobal := func(p css.Prop) *css.Value {
		v := winners[p]
		if v == nil || v.Global == css.GlobalNone {
			return v
		}
		inheritIt := v.Global == css.GlobalInherit || v.Global == css.GlobalUnset && p.Inherited()
		copyProp(st, parent, &init, p, inheritIt)
		if inheritIt && !p.Inherited() && !st.inheritsOther() {
			st.editSizing().inheritsOther = true
		}
		return nil
	}

	// font-family, then font-size: em units of the other properties depend on it.
	if v := resolveGlobal(css.PropFontFamily); v != nil {
		st.mono, st.monoGeneric = v.Num >= 1, v.Num == 2
	}
	// font-weight too: ex and ch are of the element's face, which its weight picks.
	if v := resolveGlobal(css.PropFontWeight); v != nil {
		st.fontWeight = relativeWeight(v.Num, parent.fontWeight)
	}
	if v := resolveGlobal(css.PropFontSize); v != nil {
		computeFontSize(st, v, parent, cx)
	}
	// Absolute-size keywords (and the initial medium) scale with the family's default
	// size: 13px for monospace in Chrome. https://drafts.csswg.org/css-fonts/#absolute-size-mapping
	if st.sizeKeyword != 0 {
		st.fontSize = st.sizeKeyword
		if st.monoGeneric {
			st.fontSize = st.sizeKeyword * 13 / 16
		}
	}
	// CHROME: font sizes are clamped to [0, 10000px] (Blink's maximum font size); NaN and
	// infinities from extreme lengths end here too.
	if !(st.fontSize >= 0) {
		st.fontSize = parent.fontSize
	}
	st.fontSize = min(st.fontSize, 10000)
	if v := resolveGlobal(css.PropColor); v != nil {
		if !v.Current {
			st.color = v.Color
		}
	}
	for p := css.Prop(0); p < css.NumProps; p++ {
		if p == css.PropFontSize || p == css.PropColor || p == css.PropFontFamily || p == css.PropFontWeight {
			continue
		}
		if v := resolveGlobal(p); v != nil {
			computeLonghand(st, p, v, parent, cx)
		}
	}
	// Border colours default to currentcolor; widths compute to 0 without a style.
	for i := 0; i < 4; i++ {
		if w := winners[css.PropBorderTopColor+css.Prop(i)]; w == nil || w.Global == css.GlobalInitial || w.Global == css.GlobalUnset {
			st.borderColor[i] = st.color
		}
		if st.borderStyle[i] == css.BorderNone {
			st.borderWidth[i] = 0
		}
	}
	st.motion = newMotionSpecs(combineTransitions(winners, parent), combineAnimations(winners))
	// position: absolute/fixed blockify inline-level boxes.
	// https://drafts.csswg.org/css-display/#transformations
	if st.isOutOfFlow() && st.display == css.DisplayInline {
		st.display = css.DisplayBlock
	}
}

// computeFontSize computes font-size against the parent's; an absolute-size keyword is
// remembered so that the family's default size can scale it.
// https://drafts.csswg.org/css-fonts/#font-size-prop
func computeFontSize(st *computedStyle, v *css.Value, parent *computedStyle, cx *computeContext) {
	st.sizeKeyword = 0
	if v.Num == 1 {
		st.sizeKeyword = v.Len.V
	}
	switch v.Len.U {
	case css.Em:
		st.fontSize = v.Len.V * parent.fontSize
	case css.Percent:
		st.fontSize = v.Len.V * parent.fontSize / 100
	case css.Math: // its em and percentages are of the parent's font size
		l, tree := computeLengthTree(v.Len, parent.fontBasis(), cx)
		st.fontSize = max(0, l.v+float64(l.p)*parent.fontSize/100)
		if tree != nil { // min(150%, 30px): resolved now, its basis known
			st.fontSize = max(0, tree.Used(parent.fontSize))
		}
	default:
		st.fontSize = computeLength(v.Len, parent.fontBasis(), cx).v
	}
}

// computeLonghand computes one declared longhand (other than font-family, font-size and
// color, which come first) into st. https://drafts.csswg.org/css-cascade/#computed
func computeLonghand(st *computedStyle, p css.Prop, v *css.Value, parent *computedStyle, cx *computeContext) {
	fs := st.fontBasis() // em, ex and ch are of the element's font
	switch {
	case p == css.PropDisplay:
		st.display, st.listItem = css.Display(v.Num), css.Display(v.Num) == css.DisplayListItem
		if st.listItem {
			st.display = css.DisplayBlock
		}
	case p == css.PropPosition:
		st.position = css.Position(v.Num)
	case p >= css.PropTop && p <= css.PropLeft:
		l, tree := computeLengthTree(v.Len, fs, cx)
		st.setLength(mathSlot(p), l, tree)
	case p == css.PropWidth:
		l, tree := computeLengthTree(v.Len, fs, cx)
		st.setLength(slotWidth, l.nonNeg(), tree)
	case p == css.PropHeight:
		l, tree := computeLengthTree(v.Len, fs, cx)
		st.setLength(slotHeight, l.nonNeg(), tree)
	case p >= css.PropMarginTop && p <= css.PropMarginLeft:
		l, tree := computeLengthTree(v.Len, fs, cx)
		st.setLength(mathSlot(p), l, tree)
	case p >= css.PropPaddingTop && p <= css.PropPaddingLeft:
		l, tree := computeLengthTree(v.Len, fs, cx)
		st.setLength(mathSlot(p), l.nonNeg(), tree)
	case p >= css.PropBorderTopWidth && p <= css.PropBorderLeftWidth:
		st.borderWidth[p-css.PropBorderTopWidth] = max(0, computeLength(v.Len, fs, cx).v)
	case p >= css.PropBorderTopStyle && p <= css.PropBorderLeftStyle:
		st.borderStyle[p-css.PropBorderTopStyle] = css.BorderStyle(v.Num)
	case p >= css.PropBorderTopColor && p <= css.PropBorderLeftColor:
		if v.Current {
			st.borderColor[p-css.PropBorderTopColor] = st.color
		} else {
			st.borderColor[p-css.PropBorderTopColor] = v.Color
		}
	case p == css.PropBackgroundColor:
		if v.Current {
			st.background = st.color
		} else {
			st.background = v.Color
		}
	case p == css.PropFontWeight:
		st.fontWeight = relativeWeight(v.Num, parent.fontWeight)
	case p == css.PropLineHeight:
		switch v.Num {
		case -1:
			st.lineKind = lineHeightNormal
		case -2:
			l, tree := computeLengthTree(v.Len, fs, cx)
			h := l.resolve(fs.size)
			if tree != nil { // max(100%, 30px) of the element's font size
				h = snap(tree.Used(fs.size))
			}
			st.lineKind, st.lineHeight = lineHeightPx, max(0, h)
		default:
			st.lineKind, st.lineHeight = lineHeightNumber, v.Num
		}
	case p == css.PropTextAlign:
		st.textAlign = css.TextAlign(v.Num)
	case p == css.PropWhiteSpace:
		st.whiteSpace = uint8(v.Num)
	case p == css.PropBoxSizing:
		st.boxSizing = uint8(v.Num)
	case p == css.PropListStyleType:
		st.listStyle = css.MarkerStyle(v.Num)
	case p == css.PropOverflowX || p == css.PropOverflowY:
		st.overflowClip[p-css.PropOverflowX] = v.Num >= css.OverflowHidden
		st.overflowScroll[p-css.PropOverflowX] = v.Num >= css.OverflowAuto
		st.overflow[p-css.PropOverflowX] = uint8(v.Num)
	case p >= css.PropMinWidth && p <= css.PropMaxHeight:
		l, tree := computeLengthTree(v.Len, fs, cx)
		if z := st.sizes(); tree != nil || *z.limit(p) != l.nonNeg() {
			l = l.nonNeg()
			st.setLength(mathSlot(p), l, tree)
		}
	case p == css.PropObjectFit:
		if st.sizes().objectFit != uint8(v.Num) {
			st.editSizing().objectFit = uint8(v.Num)
		}
	case p == css.PropObjectPosition:
		x, xt := computeLengthTree(v.Len, fs, cx)
		y, yt := computeLengthTree(v.Len2, fs, cx)
		if xt != nil || yt != nil || st.sizes().objectPos != [2]length{x, y} {
			st.setLength(slotPos, x, xt)
			st.setLength(slotPos+1, y, yt)
		}
	case p == css.PropOpacity:
		st.opacity = v.Num
	case p == css.PropTransform:
		setComputedTransform(st, v.Transform, fs, cx)
	case p == css.PropVisibility:
		st.visible = v.Num == 1
	case p == css.PropZIndex:
		st.zAuto = v.Len.U == css.Auto
		st.zIndex = int32(max(min(v.Num, math.MaxInt32), math.MinInt32))
	}
}

// copyProp applies inherit (from parent) or initial (from init) to one property.
func copyProp(st, parent, init *computedStyle, p css.Prop, inheritIt bool) {
	src := init
	if inheritIt {
		src = parent
	}
	if lengthProp(p) { // with its tree
		setAnim(st, p, getAnim(src, p))
		return
	}
	switch {
	case p == css.PropDisplay:
		st.display, st.listItem = src.display, src.listItem
	case p == css.PropPosition:
		st.position = src.position
	case p >= css.PropBorderTopWidth && p <= css.PropBorderLeftWidth:
		st.borderWidth[p-css.PropBorderTopWidth] = src.borderWidth[p-css.PropBorderTopWidth]
	case p >= css.PropBorderTopStyle && p <= css.PropBorderLeftStyle:
		st.borderStyle[p-css.PropBorderTopStyle] = src.borderStyle[p-css.PropBorderTopStyle]
	case p >= css.PropBorderTopColor && p <= css.PropBorderLeftColor:
		st.borderColor[p-css.PropBorderTopColor] = src.borderColor[p-css.PropBorderTopColor]
	case p == css.PropBackgroundColor:
		st.background = src.background
	case p == css.PropColor:
		st.color = src.color
	case p == css.PropFontSize:
		st.fontSize, st.sizeKeyword = src.fontSize, src.sizeKeyword
	case p == css.PropFontWeight:
		st.fontWeight = src.fontWeight
	case p == css.PropFontFamily:
		st.mono, st.monoGeneric = src.mono, src.monoGeneric
	case p == css.PropLineHeight:
		st.lineHeight, st.lineKind = src.lineHeight, src.lineKind
	case p == css.PropTextAlign:
		st.textAlign = src.textAlign
	case p == css.PropWhiteSpace:
		st.whiteSpace = src.whiteSpace
	case p == css.PropBoxSizing:
		st.boxSizing = src.boxSizing
	case p == css.PropListStyleType:
		st.listStyle = src.listStyle
	case p == css.PropOverflowX || p == css.PropOverflowY:
		st.overflowClip[p-css.PropOverflowX] = src.overflowClip[p-css.PropOverflowX]
		st.overflowScroll[p-css.PropOverflowX] = src.overflowScroll[p-css.PropOverflowX]
		st.overflow[p-css.PropOverflowX] = src.overflow[p-css.PropOverflowX]
	case p == css.PropObjectFit:
		if f := src.sizes().objectFit; st.sizes().objectFit != f {
			st.editSizing().objectFit = f
		}
	case p == css.PropOpacity:
		st.opacity = src.opacity
	case p == css.PropTransform:
		st.hasTransform, st.tx, st.ty, st.xform = src.hasTransform, src.tx, src.ty, src.xform
	case p == css.PropVisibility:
		st.visible = src.visible
	case p == css.PropZIndex:
		st.zAuto, st.zIndex = src.zAuto, src.zIndex
	}
}

// relativeWeight resolves bolder (-1) and lighter (-2) against the parent's weight.
// https://drafts.csswg.org/css-fonts/#relative-weights
func relativeWeight(n float64, parent int16) int16 {
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
	return int16(n) // (1 to 1000)
}

// combineTransitions pairs the transition-* lists: the property list sets the count
// and the other lists repeat. https://drafts.csswg.org/css-transitions/#transition-property-property
func combineTransitions(w *[css.NumProps]*css.Value, parent *computedStyle) []transitionSpec {
	pv := w[css.PropTransitionProperty]
	if pv == nil && w[css.PropTransitionDuration] == nil && w[css.PropTransitionDelay] == nil {
		return nil
	}
	names := []string{"all"} // the initial value
	switch {
	case pv != nil && pv.Global == css.GlobalInherit:
		return parent.transitions()
	case pv != nil && pv.Global == css.GlobalNone:
		names = pv.Names
	}
	list := func(p css.Prop) []float64 {
		if v := w[p]; v != nil && v.Global == css.GlobalNone && len(v.Times) > 0 {
			return v.Times
		}
		return []float64{0}
	}
	durs, delays := list(css.PropTransitionDuration), list(css.PropTransitionDelay)
	fns := []css.Easing{{Kind: css.EaseDefault}}
	if v := w[css.PropTransitionTimingFunction]; v != nil && v.Global == css.GlobalNone && len(v.Easings) > 0 {
		fns = v.Easings
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
