package css

import "strings"

// The values of the engine's longhands. https://drafts.csswg.org/css-values/ (2026-11-01)

// parseLonghand parses the value of one longhand property.
func parseLonghand(p Prop, val string) (Value, bool) {
	lower := strings.ToLower(strings.TrimSpace(val))
	switch p {
	case PropDisplay, PropPosition, PropVisibility, PropTextAlign, PropWhiteSpace, PropBoxSizing, PropListStyleType,
		PropOverflowX, PropOverflowY:
		n, ok := keywordValues[p][lower]
		return Value{Num: n}, ok
	case PropTop, PropRight, PropBottom, PropLeft, PropWidth, PropHeight,
		PropMarginTop, PropMarginRight, PropMarginBottom, PropMarginLeft:
		neg := p != PropWidth && p != PropHeight
		l, ok := ParseLength(lower, true, true, neg)
		return Value{Len: l}, ok
	case PropMinWidth, PropMinHeight:
		// auto, the initial value, is CSS 2's 0 for the boxes the engine lays out.
		l, ok := ParseLength(lower, true, true, false)
		return Value{Len: l}, ok
	case PropMaxWidth, PropMaxHeight:
		// none is kept as an auto length. https://drafts.csswg.org/css-sizing-3/#max-size-properties
		if lower == "none" {
			return Value{Len: AutoLength}, true
		}
		l, ok := ParseLength(lower, true, false, false)
		return Value{Len: l}, ok
	case PropObjectFit:
		n, ok := keywordValues[p][lower]
		return Value{Num: n}, ok
	case PropObjectPosition:
		x, y, ok := parsePosition(lower)
		return Value{Len: x, Len2: y}, ok
	case PropPaddingTop, PropPaddingRight, PropPaddingBottom, PropPaddingLeft:
		l, ok := ParseLength(lower, true, false, false)
		return Value{Len: l}, ok
	case PropBorderTopWidth, PropBorderRightWidth, PropBorderBottomWidth, PropBorderLeftWidth:
		return parseBorderWidth(lower)
	case PropBorderTopStyle, PropBorderRightStyle, PropBorderBottomStyle, PropBorderLeftStyle:
		s, ok := borderStyles[lower]
		return Value{Num: float64(s)}, ok
	case PropBorderTopColor, PropBorderRightColor, PropBorderBottomColor, PropBorderLeftColor, PropBackgroundColor, PropColor:
		if lower == "currentcolor" {
			return Value{Current: true}, true
		}
		c, ok := ParseColor(lower)
		return Value{Color: c}, ok
	case PropFontSize:
		return parseFontSize(lower)
	case PropFontWeight:
		return parseFontWeight(lower)
	case PropFontFamily:
		return Value{Num: float64(parseFontFamily(lower))}, lower != ""
	case PropLineHeight:
		return parseLineHeight(lower)
	case PropOpacity:
		n, ok := ParseNumberOrPercent(lower, 1)
		return Value{Num: Clamp01(n)}, ok
	case PropZIndex:
		if lower == "auto" {
			return Value{Len: AutoLength}, true
		}
		n, ok := ParseNumber(lower)
		return Value{Num: float64(int(n))}, ok && n == float64(int(n))
	case PropTransform:
		return parseTransform(lower)
	case PropTransitionProperty, PropTransitionDuration, PropTransitionDelay, PropTransitionTimingFunction:
		return parseTransitionList(p, lower)
	case PropAnimationName, PropAnimationDuration, PropAnimationTimingFunction, PropAnimationDelay,
		PropAnimationIterationCount, PropAnimationDirection, PropAnimationFillMode, PropAnimationPlayState:
		return parseAnimationList(p, val)
	}
	return Value{}, false
}

// parseBorderWidth parses a <line-width>. https://drafts.csswg.org/css-backgrounds/#typedef-line-width
func parseBorderWidth(lower string) (Value, bool) {
	switch lower {
	case "thin":
		return Value{Len: PxLength(1)}, true
	case "medium":
		return Value{Len: PxLength(3)}, true
	case "thick":
		return Value{Len: PxLength(5)}, true
	}
	l, ok := ParseLength(lower, false, false, false)
	return Value{Len: l}, ok
}

// parseFontSize parses font-size: an absolute-size keyword has Num 1 and its size at a
// 16px medium in Len. https://drafts.csswg.org/css-fonts/#font-size-prop
func parseFontSize(lower string) (Value, bool) {
	if sz, ok := fontSizeKeywords[lower]; ok {
		return Value{Len: PxLength(sz), Num: 1}, true
	}
	switch lower {
	case "larger":
		return Value{Len: Length{V: 120, U: Percent}}, true
	case "smaller":
		return Value{Len: Length{V: 100 / 1.2, U: Percent}}, true
	}
	l, ok := ParseLength(lower, true, false, false)
	return Value{Len: l}, ok
}

// parseFontWeight parses font-weight: bolder is -1 and lighter -2.
// https://drafts.csswg.org/css-fonts/#font-weight-prop
func parseFontWeight(lower string) (Value, bool) {
	switch lower {
	case "normal":
		return Value{Num: 400}, true
	case "bold":
		return Value{Num: 700}, true
	case "bolder":
		return Value{Num: -1}, true
	case "lighter":
		return Value{Num: -2}, true
	}
	n, ok := ParseNumber(lower)
	return Value{Num: n}, ok && n >= 1 && n <= 1000
}

// parseLineHeight parses line-height: normal is Num -1, a length Num -2 with the length in
// Len, and a number (inherited as a number) is Num itself.
// https://drafts.csswg.org/css-inline/#line-height-property
func parseLineHeight(lower string) (Value, bool) {
	if lower == "normal" {
		return Value{Num: -1}, true
	}
	if n, ok := ParseNumber(lower); ok && n >= 0 {
		return Value{Num: n}, true
	}
	l, ok := ParseLength(lower, true, false, false)
	return Value{Len: l, Num: -2}, ok
}

// parseTransitionList parses the comma-separated lists of the transition-* longhands.
// https://drafts.csswg.org/css-transitions/#transition-property-property
func parseTransitionList(p Prop, lower string) (Value, bool) {
	items := SplitCommas(lower)
	var v Value
	for _, s := range items {
		switch p {
		case PropTransitionProperty:
			if s == "" || strings.ContainsAny(s, " \t") {
				return Value{}, false
			}
		case PropTransitionTimingFunction:
			f, ok := ParseEasing(s)
			if !ok {
				return Value{}, false
			}
			v.Easings = append(v.Easings, f)
		default:
			t, ok := ParseTime(s)
			if !ok || (p == PropTransitionDuration && t < 0) {
				return Value{}, false
			}
			v.Times = append(v.Times, t)
		}
	}
	if p == PropTransitionProperty {
		v.Names = items
	}
	return v, true
}

// parseFontFamily picks the Go font for a family list: the first family that names a
// monospace or a proportional face decides (0 = Go, 1 = Go Mono, 2 = Go Mono through the
// generic family monospace, whose default size is 13px in Chrome).
// https://drafts.csswg.org/css-fonts/#font-family-prop
func parseFontFamily(list string) uint8 {
	for _, f := range SplitCommas(list) {
		f = strings.Trim(f, `"' `)
		switch {
		case f == "monospace":
			return 2
		case strings.Contains(f, "mono") || strings.Contains(f, "courier") || f == "consolas" || f == "menlo":
			return 1
		case f == "serif" || f == "sans-serif" || f == "system-ui" || f == "cursive" || f == "fantasy" ||
			strings.Contains(f, "arial") || strings.Contains(f, "helvetica") || strings.Contains(f, "times") || f == "go":
			return 0
		}
	}
	return 0
}

// parseTransform parses a transform list (transform.go); Num is 1 when there is one.
// https://drafts.csswg.org/css-transforms-1/#transform-property
func parseTransform(s string) (Value, bool) {
	l, ok := ParseTransformList(s)
	if !ok || l == nil {
		return Value{}, ok
	}
	return Value{Num: 1, Transform: l}, true
}

// parsePosition parses a <position> of one or two values (keywords, lengths and
// percentages) into its horizontal and vertical offsets, keywords as percentages.
// FIXME(spec): the three- and four-value forms (offsets from an edge) are not parsed.
// https://drafts.csswg.org/css-values-4/#position
func parsePosition(lower string) (x, y Length, ok bool) {
	parts := Fields(lower) // a math function's spaces are inside it
	if len(parts) == 0 || len(parts) > 2 {
		return x, y, false
	}
	center := Length{V: 50, U: Percent}
	// axis: 'x' or 'y' for a keyword of that axis, 'c' for center, 0 for a length.
	one := func(s string) (Length, byte, bool) {
		switch s {
		case "left":
			return Length{V: 0, U: Percent}, 'x', true
		case "right":
			return Length{V: 100, U: Percent}, 'x', true
		case "top":
			return Length{V: 0, U: Percent}, 'y', true
		case "bottom":
			return Length{V: 100, U: Percent}, 'y', true
		case "center":
			return center, 'c', true
		}
		l, ok := ParseLength(s, true, false, true)
		return l, 0, ok
	}
	a, ax, ok := one(parts[0])
	if !ok {
		return x, y, false
	}
	if len(parts) == 1 {
		if ax == 'y' {
			return center, a, true
		}
		return a, center, true
	}
	b, bx, ok := one(parts[1])
	switch {
	case !ok:
		return x, y, false
	case ax == 'y' && (bx == 'x' || bx == 'c'), ax == 'c' && bx == 'x':
		return b, a, true // "top left", "center left": the keywords name their axes
	case ax == 'y' || bx == 'x' || ax == 0 && bx == 'x':
		return x, y, false // a vertical value first, or a horizontal one second
	}
	return a, b, true
}
