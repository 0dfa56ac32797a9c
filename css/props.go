package css

import "strings"

// The property table. https://drafts.csswg.org/css-cascade/ (2026-11-01)

// Prop names a longhand property that the engine computes.
type Prop uint8

const (
	PropDisplay Prop = iota
	PropPosition
	PropTop
	PropRight
	PropBottom
	PropLeft
	PropWidth
	PropHeight
	PropMarginTop
	PropMarginRight
	PropMarginBottom
	PropMarginLeft
	PropPaddingTop
	PropPaddingRight
	PropPaddingBottom
	PropPaddingLeft
	PropBorderTopWidth
	PropBorderRightWidth
	PropBorderBottomWidth
	PropBorderLeftWidth
	PropBorderTopStyle
	PropBorderRightStyle
	PropBorderBottomStyle
	PropBorderLeftStyle
	PropBorderTopColor
	PropBorderRightColor
	PropBorderBottomColor
	PropBorderLeftColor
	PropBackgroundColor
	PropColor
	PropFontSize
	PropFontWeight
	PropFontFamily
	PropLineHeight
	PropTextAlign
	PropWhiteSpace
	PropOpacity
	PropTransform
	PropVisibility
	PropZIndex
	PropBoxSizing
	PropListStyleType
	PropOverflowX
	PropOverflowY
	PropMinWidth
	PropMinHeight
	PropMaxWidth
	PropMaxHeight
	PropObjectFit
	PropObjectPosition
	PropTransitionProperty
	PropTransitionDuration
	PropTransitionTimingFunction
	PropTransitionDelay
	PropAnimationName
	PropAnimationDuration
	PropAnimationTimingFunction
	PropAnimationDelay
	PropAnimationIterationCount
	PropAnimationDirection
	PropAnimationFillMode
	PropAnimationPlayState
	NumProps
)

// propNames are the longhands' names, in Prop order.
var propNames = [NumProps]string{
	"display", "position", "top", "right", "bottom", "left", "width", "height",
	"margin-top", "margin-right", "margin-bottom", "margin-left",
	"padding-top", "padding-right", "padding-bottom", "padding-left",
	"border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
	"border-top-style", "border-right-style", "border-bottom-style", "border-left-style",
	"border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
	"background-color", "color", "font-size", "font-weight", "font-family", "line-height",
	"text-align", "white-space", "opacity", "transform", "visibility", "z-index", "box-sizing",
	"list-style-type", "overflow-x", "overflow-y", "min-width", "min-height", "max-width", "max-height",
	"object-fit", "object-position",
	"transition-property", "transition-duration", "transition-timing-function", "transition-delay",
	"animation-name", "animation-duration", "animation-timing-function", "animation-delay",
	"animation-iteration-count", "animation-direction", "animation-fill-mode", "animation-play-state",
}

func (p Prop) String() string { return propNames[p] }

// Inherited reports whether a property is inherited by default.
// https://drafts.csswg.org/css-cascade/#inheriting
func (p Prop) Inherited() bool {
	switch p {
	case PropColor, PropFontSize, PropFontWeight, PropFontFamily, PropLineHeight, PropListStyleType, PropTextAlign, PropWhiteSpace, PropVisibility:
		return true
	}
	return false
}

// boxShorthands are the shorthands whose 1–4 values set the top, right, bottom and left
// longhands. https://drafts.csswg.org/css-backgrounds/#border-width (and margin, padding, inset)
var boxShorthands = map[string]Prop{
	"margin": PropMarginTop, "padding": PropPaddingTop, "inset": PropTop,
	"border-width": PropBorderTopWidth, "border-style": PropBorderTopStyle, "border-color": PropBorderTopColor,
}

// sides are the suffixes of a box shorthand's longhands, in order.
var sides = [4]string{"top", "right", "bottom", "left"}

// shorthands lists the longhands the other shorthands set.
var shorthands = map[string][]Prop{
	"border": {PropBorderTopWidth, PropBorderRightWidth, PropBorderBottomWidth, PropBorderLeftWidth,
		PropBorderTopStyle, PropBorderRightStyle, PropBorderBottomStyle, PropBorderLeftStyle,
		PropBorderTopColor, PropBorderRightColor, PropBorderBottomColor, PropBorderLeftColor},
	"border-top":    {PropBorderTopWidth, PropBorderTopStyle, PropBorderTopColor},
	"border-right":  {PropBorderRightWidth, PropBorderRightStyle, PropBorderRightColor},
	"border-bottom": {PropBorderBottomWidth, PropBorderBottomStyle, PropBorderBottomColor},
	"border-left":   {PropBorderLeftWidth, PropBorderLeftStyle, PropBorderLeftColor},
	"background":    {PropBackgroundColor},
	"list-style":    {PropListStyleType},
	"overflow":      {PropOverflowX, PropOverflowY},
	"transition":    {PropTransitionProperty, PropTransitionDuration, PropTransitionTimingFunction, PropTransitionDelay},
	"animation": {PropAnimationName, PropAnimationDuration, PropAnimationTimingFunction, PropAnimationDelay,
		PropAnimationIterationCount, PropAnimationDirection, PropAnimationFillMode, PropAnimationPlayState},
}

// propByName maps a longhand's name to its Prop.
var propByName = func() map[string]Prop {
	m := make(map[string]Prop, NumProps)
	for p, n := range propNames {
		m[n] = Prop(p)
	}
	return m
}()

// LookupProp returns the engine longhand of a name.
func LookupProp(name string) (Prop, bool) {
	p, ok := propByName[name]
	return p, ok
}

// Longhands lists the engine longhands a property name sets: the longhand itself, or a
// shorthand's longhands (nil for a property the engine does not compute).
func Longhands(name string) []Prop {
	if p, ok := propByName[name]; ok {
		return []Prop{p}
	}
	if first, ok := boxShorthands[name]; ok {
		return []Prop{first, first + 1, first + 2, first + 3}
	}
	return shorthands[name]
}

// BoxShorthandOf maps the longhand of a box shorthand to the shorthand and the side
// (0 top, 1 right, 2 bottom, 3 left): margin-top → margin, 0; left → inset, 3.
func BoxShorthandOf(name string) (shorthand string, side int, ok bool) {
	p, ok := propByName[name]
	if !ok {
		return "", 0, false
	}
	for short, first := range boxShorthands {
		if p >= first && p < first+4 {
			return short, int(p - first), true
		}
	}
	return "", 0, false
}

// lengthProperties take lengths, where a unitless number other than 0 is invalid.
var lengthProperties = setOf("width height min-width min-height max-width max-height " +
	"top right bottom left margin margin-top margin-right margin-bottom margin-left " +
	"padding padding-top padding-right padding-bottom padding-left font-size border-width " +
	"border-top-width border-right-width border-bottom-width border-left-width border-radius " +
	"gap row-gap column-gap letter-spacing word-spacing outline-width text-indent flex-basis inset")

func setOf(names string) map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(names) {
		m[n] = true
	}
	return m
}

// colorProperties take a <color> (border-color takes one to four).
var colorProperties = setOf("color background-color border-color border-top-color border-right-color " +
	"border-bottom-color border-left-color outline-color caret-color column-rule-color text-decoration-color")

// TakesLengths reports whether a property's value is a length, where unitless numbers
// other than 0 are invalid.
func TakesLengths(name string) bool { return lengthProperties[name] }
