package render

import (
	"image/color"
	"strings"

	"loopscope/internal/cssscan"
)

// propID names a longhand property that the engine knows.
type propID uint8

const (
	propDisplay propID = iota
	propPosition
	propTop
	propRight
	propBottom
	propLeft
	propWidth
	propHeight
	propMarginTop
	propMarginRight
	propMarginBottom
	propMarginLeft
	propPaddingTop
	propPaddingRight
	propPaddingBottom
	propPaddingLeft
	propBorderTopWidth
	propBorderRightWidth
	propBorderBottomWidth
	propBorderLeftWidth
	propBorderTopStyle
	propBorderRightStyle
	propBorderBottomStyle
	propBorderLeftStyle
	propBorderTopColor
	propBorderRightColor
	propBorderBottomColor
	propBorderLeftColor
	propBackgroundColor
	propColor
	propFontSize
	propFontWeight
	propFontFamily
	propLineHeight
	propTextAlign
	propWhiteSpace
	propOpacity
	propTransform
	propVisibility
	propZIndex
	propBoxSizing
	propListStyleType
	propOverflowX
	propOverflowY
	propTransitionProperty
	propTransitionDuration
	propTransitionTimingFunction
	propTransitionDelay
	numProps
)

// propNames maps CSS longhand names to their ids.
var propNames = map[string]propID{
	"display": propDisplay, "position": propPosition,
	"top": propTop, "right": propRight, "bottom": propBottom, "left": propLeft,
	"width": propWidth, "height": propHeight,
	"margin-top": propMarginTop, "margin-right": propMarginRight, "margin-bottom": propMarginBottom, "margin-left": propMarginLeft,
	"padding-top": propPaddingTop, "padding-right": propPaddingRight, "padding-bottom": propPaddingBottom, "padding-left": propPaddingLeft,
	"border-top-width": propBorderTopWidth, "border-right-width": propBorderRightWidth, "border-bottom-width": propBorderBottomWidth, "border-left-width": propBorderLeftWidth,
	"border-top-style": propBorderTopStyle, "border-right-style": propBorderRightStyle, "border-bottom-style": propBorderBottomStyle, "border-left-style": propBorderLeftStyle,
	"border-top-color": propBorderTopColor, "border-right-color": propBorderRightColor, "border-bottom-color": propBorderBottomColor, "border-left-color": propBorderLeftColor,
	"background-color": propBackgroundColor, "color": propColor,
	"font-size": propFontSize, "font-weight": propFontWeight, "font-family": propFontFamily, "line-height": propLineHeight,
	"text-align": propTextAlign, "white-space": propWhiteSpace,
	"opacity": propOpacity, "transform": propTransform, "visibility": propVisibility,
	"z-index": propZIndex, "box-sizing": propBoxSizing, "list-style-type": propListStyleType,
	"overflow-x": propOverflowX, "overflow-y": propOverflowY,
	"transition-property": propTransitionProperty, "transition-duration": propTransitionDuration,
	"transition-timing-function": propTransitionTimingFunction, "transition-delay": propTransitionDelay,
}

// inherited reports whether a property is inherited by default.
// https://drafts.csswg.org/css-cascade/#inheriting
func (p propID) inherited() bool {
	switch p {
	case propColor, propFontSize, propFontWeight, propFontFamily, propLineHeight, propListStyleType, propTextAlign, propWhiteSpace, propVisibility:
		return true
	}
	return false
}

// global is one of the CSS-wide keywords.
type global uint8

const (
	globalNone global = iota
	globalInherit
	globalInitial
	globalUnset
)

// value is a specified value of one longhand; which fields matter depends on the property.
type value struct {
	global  global
	l       length      // lengths
	n       float64     // numbers and keywords (an enum cast to float64)
	c       color.NRGBA // colours
	current bool        // currentcolor
	tx, ty  length      // transform: translation
	names   []string    // transition-property
	times   []float64   // transition-duration / transition-delay, ms
	fns     []timingFunction
}

// declaration is one longhand declaration of a declaration block.
type declaration struct {
	prop      propID
	important bool
	v         value
}

// Keyword enums stored in value.n.
type display uint8

const (
	displayInline display = iota
	displayBlock
	displayInlineBlock
	displayNone
)

type positionKind uint8

const (
	positionStatic positionKind = iota
	positionRelative
	positionAbsolute
	positionFixed
)

type borderStyle uint8

const (
	borderNone borderStyle = iota
	borderSolid
	borderOutset
	borderInset
)

// displayListItemCode is display: list-item in value.n: a block box with a marker.
const displayListItemCode = 10

// markerStyle is a list-style-type. https://drafts.csswg.org/css-lists/#text-markers
type markerStyle uint8

const (
	markerNone markerStyle = iota
	markerDisc
	markerCircle
	markerSquare
	markerDecimal
)

type textAlign uint8

const (
	alignLeft textAlign = iota
	alignRight
	alignCenter
)

var keywordValues = map[propID]map[string]float64{
	propDisplay: {"inline": float64(displayInline), "block": float64(displayBlock), "inline-block": float64(displayInlineBlock),
		"none": float64(displayNone), "list-item": displayListItemCode, "flow-root": float64(displayBlock),
		"table": float64(displayBlock), "flex": float64(displayBlock), "grid": float64(displayBlock),
		"inline-flex": float64(displayInlineBlock), "inline-grid": float64(displayInlineBlock)},
	propPosition:   {"static": float64(positionStatic), "relative": float64(positionRelative), "absolute": float64(positionAbsolute), "fixed": float64(positionFixed), "sticky": float64(positionRelative)},
	propVisibility: {"visible": 1, "hidden": 0, "collapse": 0},
	propTextAlign:  {"left": float64(alignLeft), "start": float64(alignLeft), "right": float64(alignRight), "end": float64(alignRight), "center": float64(alignCenter), "justify": float64(alignLeft)},
	propWhiteSpace: {"normal": 0, "nowrap": 1, "pre": 2, "pre-wrap": 2, "pre-line": 0, "break-spaces": 2},
	propBoxSizing:  {"content-box": 0, "border-box": 1},
	propOverflowX:  overflowKeywords,
	propOverflowY:  overflowKeywords,
	propListStyleType: {"none": float64(markerNone), "disc": float64(markerDisc), "circle": float64(markerCircle),
		"square": float64(markerSquare), "decimal": float64(markerDecimal)},
}

// overflowKeywords: anything but visible clips (scrolling is not supported).
var overflowKeywords = map[string]float64{"visible": 0, "hidden": 1, "clip": 1, "auto": 1, "scroll": 1, "overlay": 1}

var borderStyles = map[string]borderStyle{
	"none": borderNone, "hidden": borderNone, "solid": borderSolid, "outset": borderOutset, "inset": borderInset,
	"dotted": borderSolid, "dashed": borderSolid, "double": borderSolid, "groove": borderInset, "ridge": borderOutset,
}

// parseDeclarationBlock parses the contents of a style attribute or a rule's braces,
// appending longhand declarations; invalid declarations are dropped.
// https://drafts.csswg.org/css-syntax/#consume-a-list-of-declarations
func parseDeclarationBlock(s string, out []declaration) []declaration {
	for _, d := range splitDeclarations(s) {
		colon := strings.IndexByte(d, ':')
		if colon < 0 {
			continue
		}
		name := strings.ToLower(strings.TrimSpace(d[:colon]))
		val := strings.TrimSpace(d[colon+1:])
		important := false
		if i := strings.LastIndexByte(val, '!'); i >= 0 && strings.EqualFold(strings.TrimSpace(val[i+1:]), "important") {
			important = true
			val = strings.TrimSpace(val[:i])
		}
		out = parseDeclaration(name, val, important, out)
	}
	return out
}

// splitDeclarations splits on semicolons outside parentheses and strings, dropping empty
// declarations.
func splitDeclarations(s string) []string {
	var out []string
	for _, d := range cssscan.SplitTopLevel(s, ';') {
		if t := strings.TrimSpace(d); t != "" {
			out = append(out, t)
		}
	}
	return out
}

func parseGlobal(val string) global {
	switch strings.ToLower(val) {
	case "inherit":
		return globalInherit
	case "initial":
		return globalInitial
	case "unset", "revert", "revert-layer":
		return globalUnset
	}
	return globalNone
}

var sideSuffix = [4]string{"top", "right", "bottom", "left"}

// parseDeclaration parses one declaration, expanding shorthands into longhands.
func parseDeclaration(name, val string, important bool, out []declaration) []declaration {
	if val == "" {
		return out
	}
	if g := parseGlobal(val); g != globalNone {
		for _, p := range longhandsOf(name) {
			out = append(out, declaration{prop: p, important: important, v: value{global: g}})
		}
		return out
	}
	add := func(p propID, v value) { out = append(out, declaration{prop: p, important: important, v: v}) }
	switch name {
	case "margin", "padding", "inset", "border-width", "border-style", "border-color":
		parts := splitValues(val)
		if len(parts) < 1 || len(parts) > 4 {
			return out
		}
		first := map[string]propID{"margin": propMarginTop, "padding": propPaddingTop, "inset": propTop,
			"border-width": propBorderTopWidth, "border-style": propBorderTopStyle, "border-color": propBorderTopColor}[name]
		var vs [4]value
		for i, p := range parts {
			v, ok := parseLonghand(first, p)
			if !ok {
				return out
			}
			vs[i] = v
		}
		switch len(parts) {
		case 1:
			vs[1], vs[2], vs[3] = vs[0], vs[0], vs[0]
		case 2:
			vs[2], vs[3] = vs[0], vs[1]
		case 3:
			vs[3] = vs[1]
		}
		for i := 0; i < 4; i++ {
			add(first+propID(i), vs[i])
		}
		return out
	case "border", "border-top", "border-right", "border-bottom", "border-left":
		w, st, c, ok := parseBorderShorthand(val)
		if !ok {
			return out
		}
		for i := 0; i < 4; i++ {
			if name == "border" || name == "border-"+sideSuffix[i] {
				add(propBorderTopWidth+propID(i), w)
				add(propBorderTopStyle+propID(i), st)
				add(propBorderTopColor+propID(i), c)
			}
		}
		return out
	case "overflow":
		parts := splitValues(strings.ToLower(val))
		if len(parts) < 1 || len(parts) > 2 {
			return out
		}
		x, okx := overflowKeywords[parts[0]]
		y, oky := x, okx
		if len(parts) == 2 {
			y, oky = overflowKeywords[parts[1]]
		}
		if okx && oky {
			add(propOverflowX, value{n: x})
			add(propOverflowY, value{n: y})
		}
		return out
	case "list-style":
		// Only the type is rendered; position and image are accepted and ignored.
		for _, p := range splitValues(strings.ToLower(val)) {
			if n, ok := keywordValues[propListStyleType][p]; ok {
				add(propListStyleType, value{n: n})
				return out
			}
		}
		return out
	case "background":
		v := value{}
		found := false
		for _, p := range splitValues(val) {
			if c, ok := parseColor(p); ok {
				v.c, found = c, true
			} else if strings.EqualFold(p, "currentcolor") {
				v.current, found = true, true
			}
		}
		if !found && !strings.EqualFold(val, "none") {
			// Images and other layers are not drawn; the colour is reset as the shorthand does.
			v = value{}
		}
		add(propBackgroundColor, v)
		return out
	case "transition":
		return parseTransitionShorthand(val, important, out)
	}
	p, ok := propNames[name]
	if !ok {
		return out
	}
	if v, ok := parseLonghand(p, val); ok {
		add(p, v)
	}
	return out
}

// longhandsOf lists the longhands a property name sets (for CSS-wide keywords).
func longhandsOf(name string) []propID {
	if p, ok := propNames[name]; ok {
		return []propID{p}
	}
	four := func(first propID) []propID { return []propID{first, first + 1, first + 2, first + 3} }
	switch name {
	case "margin":
		return four(propMarginTop)
	case "padding":
		return four(propPaddingTop)
	case "inset":
		return four(propTop)
	case "border-width":
		return four(propBorderTopWidth)
	case "border-style":
		return four(propBorderTopStyle)
	case "border-color":
		return four(propBorderTopColor)
	case "border":
		return append(append(four(propBorderTopWidth), four(propBorderTopStyle)...), four(propBorderTopColor)...)
	case "background":
		return []propID{propBackgroundColor}
	case "list-style":
		return []propID{propListStyleType}
	case "overflow":
		return []propID{propOverflowX, propOverflowY}
	case "transition":
		return []propID{propTransitionProperty, propTransitionDuration, propTransitionTimingFunction, propTransitionDelay}
	}
	for i, s := range sideSuffix {
		if name == "border-"+s {
			return []propID{propBorderTopWidth + propID(i), propBorderTopStyle + propID(i), propBorderTopColor + propID(i)}
		}
	}
	return nil
}

// parseBorderShorthand parses "<width> || <style> || <color>"; omitted parts get their
// initial values. https://drafts.csswg.org/css-backgrounds/#border-shorthands
func parseBorderShorthand(val string) (w, st, c value, ok bool) {
	w = value{l: px(3)}
	st = value{n: float64(borderNone)}
	c = value{current: true}
	var seenW, seenS, seenC bool
	for _, p := range splitValues(val) {
		if v, ok := parseLonghand(propBorderTopWidth, p); ok && !seenW {
			w, seenW = v, true
		} else if v, ok := parseLonghand(propBorderTopStyle, p); ok && !seenS {
			st, seenS = v, true
		} else if v, ok := parseLonghand(propBorderTopColor, p); ok && !seenC {
			c, seenC = v, true
		} else {
			return w, st, c, false
		}
	}
	return w, st, c, true
}

// parseLonghand parses the value of one longhand property.
func parseLonghand(p propID, val string) (value, bool) {
	lower := strings.ToLower(strings.TrimSpace(val))
	switch p {
	case propDisplay, propPosition, propVisibility, propTextAlign, propWhiteSpace, propBoxSizing, propListStyleType,
		propOverflowX, propOverflowY:
		n, ok := keywordValues[p][lower]
		return value{n: n}, ok
	case propTop, propRight, propBottom, propLeft, propWidth, propHeight,
		propMarginTop, propMarginRight, propMarginBottom, propMarginLeft:
		neg := p != propWidth && p != propHeight
		l, ok := parseLength(lower, true, true, neg)
		return value{l: l}, ok
	case propPaddingTop, propPaddingRight, propPaddingBottom, propPaddingLeft:
		l, ok := parseLength(lower, true, false, false)
		return value{l: l}, ok
	case propBorderTopWidth, propBorderRightWidth, propBorderBottomWidth, propBorderLeftWidth:
		switch lower {
		case "thin":
			return value{l: px(1)}, true
		case "medium":
			return value{l: px(3)}, true
		case "thick":
			return value{l: px(5)}, true
		}
		l, ok := parseLength(lower, false, false, false)
		return value{l: l}, ok
	case propBorderTopStyle, propBorderRightStyle, propBorderBottomStyle, propBorderLeftStyle:
		s, ok := borderStyles[lower]
		return value{n: float64(s)}, ok
	case propBorderTopColor, propBorderRightColor, propBorderBottomColor, propBorderLeftColor, propBackgroundColor, propColor:
		if lower == "currentcolor" {
			return value{current: true}, true
		}
		c, ok := parseColor(lower)
		return value{c: c}, ok
	case propFontSize:
		if sz, ok := fontSizeKeywords[lower]; ok {
			return value{l: px(sz), n: 1}, true // n=1: an absolute-size keyword
		}
		switch lower {
		case "larger":
			return value{l: length{120, unitPercent}}, true
		case "smaller":
			return value{l: length{100 / 1.2, unitPercent}}, true
		}
		l, ok := parseLength(lower, true, false, false)
		return value{l: l}, ok
	case propFontWeight:
		switch lower {
		case "normal":
			return value{n: 400}, true
		case "bold":
			return value{n: 700}, true
		case "bolder":
			return value{n: -1}, true
		case "lighter":
			return value{n: -2}, true
		}
		n, ok := parseNumber(lower)
		return value{n: n}, ok && n >= 1 && n <= 1000
	case propFontFamily:
		return value{n: float64(parseFontFamily(lower))}, lower != ""
	case propLineHeight:
		if lower == "normal" {
			return value{n: -1}, true
		}
		if n, ok := parseNumber(lower); ok && n >= 0 {
			return value{n: n}, true // a number: inherited as a number
		}
		l, ok := parseLength(lower, true, false, false)
		return value{l: l, n: -2}, ok
	case propOpacity:
		n, ok := parseNumberOrPercent(lower, 1)
		return value{n: clamp01(n)}, ok
	case propZIndex:
		if lower == "auto" {
			return value{l: autoLength}, true
		}
		n, ok := parseNumber(lower)
		return value{n: float64(int(n))}, ok && n == float64(int(n))
	case propTransform:
		return parseTransform(lower)
	case propTransitionProperty:
		names := splitCommas(lower)
		for _, n := range names {
			if n == "" || strings.ContainsAny(n, " \t") {
				return value{}, false
			}
		}
		return value{names: names}, true
	case propTransitionDuration, propTransitionDelay:
		var ts []float64
		for _, s := range splitCommas(lower) {
			t, ok := parseTime(s)
			if !ok || (p == propTransitionDuration && t < 0) {
				return value{}, false
			}
			ts = append(ts, t)
		}
		return value{times: ts}, true
	case propTransitionTimingFunction:
		var fns []timingFunction
		for _, s := range splitCommas(lower) {
			f, ok := parseTimingFunction(s)
			if !ok {
				return value{}, false
			}
			fns = append(fns, f)
		}
		return value{fns: fns}, true
	}
	return value{}, false
}

// fontSizeKeywords are Chrome's absolute sizes for a 16px medium.
var fontSizeKeywords = map[string]float64{
	"xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32, "xxx-large": 48,
}

// parseFontFamily picks the Go font for a family list: the first family that names a
// monospace or a proportional face decides (0 = Go, 1 = Go Mono, 2 = Go Mono through the
// generic family monospace, whose default size is 13px in Chrome).
// https://drafts.csswg.org/css-fonts/#font-family-prop
func parseFontFamily(list string) uint8 {
	for _, f := range splitCommas(list) {
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

// parseTransform parses a transform list; translations are summed, other functions are
// accepted but have no effect (only translation is rendered).
// https://drafts.csswg.org/css-transforms/#transform-property
func parseTransform(s string) (value, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	v := value{}
	if s == "none" {
		return v, true
	}
	var tx, ty float64
	var ux, uy unit // px, or % when every x (y) translation is in %
	first := true
	for _, fn := range splitValues(s) {
		open := strings.IndexByte(fn, '(')
		if open <= 0 || fn[len(fn)-1] != ')' {
			return value{}, false
		}
		name, args := fn[:open], splitCommas(fn[open+1:len(fn)-1])
		var x, y length
		switch name {
		case "translate", "translate3d":
			var ok bool
			if x, ok = parseLength(args[0], true, false, true); !ok {
				return value{}, false
			}
			if len(args) > 1 {
				if y, ok = parseLength(args[1], true, false, true); !ok {
					return value{}, false
				}
			}
		case "translatex":
			var ok bool
			if x, ok = parseLength(args[0], true, false, true); !ok {
				return value{}, false
			}
		case "translatey":
			var ok bool
			if y, ok = parseLength(args[0], true, false, true); !ok {
				return value{}, false
			}
		case "scale", "scalex", "scaley", "rotate", "rotatez", "skew", "skewx", "skewy", "matrix", "matrix3d",
			"translatez", "scale3d", "scalez", "rotate3d", "rotatex", "rotatey", "perspective":
			continue
		default:
			return value{}, false
		}
		if first {
			ux, uy = x.u, y.u
			first = false
		}
		if x.u != ux && x.v != 0 || y.u != uy && y.v != 0 {
			return value{}, false // mixed units would need calc()
		}
		tx += x.v
		ty += y.v
	}
	v.n = 1 // has a transform
	v.tx, v.ty = length{tx, ux}, length{ty, uy}
	return v, true
}

// parseTransitionShorthand parses the transition shorthand into its four longhands.
// https://drafts.csswg.org/css-transitions/#transition-shorthand-property
func parseTransitionShorthand(val string, important bool, out []declaration) []declaration {
	var names []string
	var durs, delays []float64
	var fns []timingFunction
	for _, item := range splitCommas(strings.ToLower(val)) {
		name, dur, delay, fn := "all", 0.0, 0.0, timingFunction{kind: timingEase}
		var seenName, seenDur, seenDelay, seenFn bool
		for _, tok := range splitValues(item) {
			if t, ok := parseTime(tok); ok {
				if !seenDur {
					if t < 0 {
						return out
					}
					dur, seenDur = t, true
				} else if !seenDelay {
					delay, seenDelay = t, true
				} else {
					return out
				}
			} else if f, ok := parseTimingFunction(tok); ok && !seenFn {
				fn, seenFn = f, true
			} else if !seenName && tok != "" && !strings.ContainsAny(tok, "()") {
				name, seenName = tok, true
			} else {
				return out
			}
		}
		names, durs, delays, fns = append(names, name), append(durs, dur), append(delays, delay), append(fns, fn)
	}
	return append(out,
		declaration{prop: propTransitionProperty, important: important, v: value{names: names}},
		declaration{prop: propTransitionDuration, important: important, v: value{times: durs}},
		declaration{prop: propTransitionTimingFunction, important: important, v: value{fns: fns}},
		declaration{prop: propTransitionDelay, important: important, v: value{times: delays}})
}
