package css

// Keyword values of the engine's longhands. A keyword property's Value keeps the keyword
// as a number in Value.Num: the enum below, or the number given in its table.

// Display is the computed display type the engine lays out.
// https://drafts.csswg.org/css-display/#the-display-properties
type Display uint8

const (
	DisplayInline Display = iota
	DisplayBlock
	DisplayInlineBlock
	DisplayNone
	// DisplayListItem is display: list-item as parsed: it computes to DisplayBlock with a
	// marker.
	DisplayListItem Display = 10
)

func (d Display) String() string {
	switch d {
	case DisplayBlock:
		return "block"
	case DisplayInlineBlock:
		return "inline-block"
	case DisplayNone:
		return "none"
	case DisplayListItem:
		return "list-item"
	}
	return "inline"
}

// Position is the position property. https://drafts.csswg.org/css-position/#position-property
type Position uint8

const (
	PositionStatic Position = iota
	PositionRelative
	PositionAbsolute
	PositionFixed
)

func (p Position) String() string {
	return [...]string{"static", "relative", "absolute", "fixed"}[p]
}

// BorderStyle is a border style the engine draws; the others map to the nearest.
// https://drafts.csswg.org/css-backgrounds/#border-style
type BorderStyle uint8

const (
	BorderNone BorderStyle = iota
	BorderSolid
	BorderOutset
	BorderInset
)

func (b BorderStyle) String() string {
	return [...]string{"none", "solid", "outset", "inset"}[b]
}

// MarkerStyle is a list-style-type. https://drafts.csswg.org/css-lists/#text-markers
type MarkerStyle uint8

const (
	MarkerNone MarkerStyle = iota
	MarkerDisc
	MarkerCircle
	MarkerSquare
	MarkerDecimal
)

// TextAlign is text-align. https://drafts.csswg.org/css-text/#text-align-property
type TextAlign uint8

const (
	AlignLeft TextAlign = iota
	AlignRight
	AlignCenter
)

// keywordValues are the keywords of the keyword longhands.
// DEPARTURE: display flow-root, table, flex and grid lay out as blocks (inline-flex and
// inline-grid as inline-blocks), position sticky as relative, and the white-space,
// text-align and overflow keywords the engine does not draw as their nearest one.
var keywordValues = map[Prop]map[string]float64{
	PropDisplay: {"inline": float64(DisplayInline), "block": float64(DisplayBlock), "inline-block": float64(DisplayInlineBlock),
		"none": float64(DisplayNone), "list-item": float64(DisplayListItem), "flow-root": float64(DisplayBlock),
		"table": float64(DisplayBlock), "flex": float64(DisplayBlock), "grid": float64(DisplayBlock),
		"inline-flex": float64(DisplayInlineBlock), "inline-grid": float64(DisplayInlineBlock)},
	PropPosition: {"static": float64(PositionStatic), "relative": float64(PositionRelative), "absolute": float64(PositionAbsolute),
		"fixed": float64(PositionFixed), "sticky": float64(PositionRelative)},
	PropVisibility: {"visible": 1, "hidden": 0, "collapse": 0},
	PropTextAlign: {"left": float64(AlignLeft), "start": float64(AlignLeft), "right": float64(AlignRight), "end": float64(AlignRight),
		"center": float64(AlignCenter), "justify": float64(AlignLeft)},
	PropWhiteSpace: {"normal": 0, "nowrap": 1, "pre": 2, "pre-wrap": 2, "pre-line": 0, "break-spaces": 2},
	PropBoxSizing:  {"content-box": 0, "border-box": 1},
	PropOverflowX:  overflowKeywords,
	PropOverflowY:  overflowKeywords,
	PropObjectFit:  {"fill": ObjectFitFill, "contain": ObjectFitContain, "cover": ObjectFitCover, "none": ObjectFitNone, "scale-down": ObjectFitScaleDown},
	PropListStyleType: {"none": float64(MarkerNone), "disc": float64(MarkerDisc), "circle": float64(MarkerCircle),
		"square": float64(MarkerSquare), "decimal": float64(MarkerDecimal)},
}

// overflowKeywords: anything but visible clips (≥ 1); auto and scroll (2, 3) also let the
// user scroll. DEPARTURE: clip is hidden (a scroll container), overlay is auto.
var overflowKeywords = map[string]float64{"visible": 0, "hidden": 1, "clip": 1, "auto": 2, "scroll": 3, "overlay": 2}

// object-fit's keywords (Value.Num). https://drafts.csswg.org/css-images-3/#the-object-fit
const (
	ObjectFitFill = iota
	ObjectFitContain
	ObjectFitCover
	ObjectFitNone
	ObjectFitScaleDown
)

// ObjectFitName is object-fit's keyword of number n.
func ObjectFitName(n uint8) string {
	switch n {
	case ObjectFitContain:
		return "contain"
	case ObjectFitCover:
		return "cover"
	case ObjectFitNone:
		return "none"
	case ObjectFitScaleDown:
		return "scale-down"
	}
	return "fill"
}

// Overflow keywords' numbers (Value.Num of overflow-x and overflow-y).
const (
	OverflowVisible = 0
	OverflowHidden  = 1
	OverflowAuto    = 2
	OverflowScroll  = 3
)

var borderStyles = map[string]BorderStyle{
	"none": BorderNone, "hidden": BorderNone, "solid": BorderSolid, "outset": BorderOutset, "inset": BorderInset,
	"dotted": BorderSolid, "dashed": BorderSolid, "double": BorderSolid, "groove": BorderInset, "ridge": BorderOutset,
}

// fontSizeKeywords are Chrome's absolute sizes for a 16px medium.
var fontSizeKeywords = map[string]float64{
	"xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32, "xxx-large": 48,
}
