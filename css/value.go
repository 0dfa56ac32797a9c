package css

import (
	"image/color"
	"strings"
)

// Specified values and the shorthands that set them.
// https://drafts.csswg.org/css-cascade/#shorthand (2026-11-01)

// Global is one of the CSS-wide keywords. https://drafts.csswg.org/css-values/#common-keywords
type Global uint8

const (
	GlobalNone Global = iota
	GlobalInherit
	GlobalInitial
	GlobalUnset // also revert and revert-layer: there is no user style sheet to revert to
)

// Value is a specified value of one longhand; which fields matter depends on the property.
type Value struct {
	Global    Global
	Len       Length        // lengths
	Len2      Length        // a <position>'s vertical one (Len is its horizontal one)
	Num       float64       // numbers, and keywords (an enum as a float64)
	Color     color.NRGBA   // colours
	Current   bool          // currentcolor
	Transform TransformList // transform (nil: none)
	Names     []string      // transition-property, animation-name
	Times     []float64     // transition- and animation-duration and -delay, in ms
	Easings   []Easing      // transition- and animation-timing-function
	Nums      []float64     // animation-iteration-count (infinite: +Inf), -direction, -fill-mode, -play-state
}

// Declaration is one longhand declaration of a declaration block.
type Declaration struct {
	Prop      Prop
	Important bool
	Value     Value
}

// ParseDeclarationBlock parses the contents of a style attribute or a rule's braces,
// appending longhand declarations; invalid declarations are dropped.
// https://drafts.csswg.org/css-syntax/#consume-a-list-of-declarations
func ParseDeclarationBlock(src string, out []Declaration) []Declaration {
	for _, part := range SplitTopLevel(src, ';') {
		if d, ok := splitDeclaration(part); ok {
			out = ParseDeclaration(d.Name, d.Value, d.Important, out)
		}
	}
	return out
}

func parseGlobal(val string) Global {
	switch strings.ToLower(val) {
	case "inherit":
		return GlobalInherit
	case "initial":
		return GlobalInitial
	case "unset", "revert", "revert-layer":
		return GlobalUnset
	}
	return GlobalNone
}

// ParseDeclaration parses one declaration (a lowercase name, a trimmed value), expanding a
// shorthand into its longhands, and appends them; an invalid one appends nothing.
func ParseDeclaration(name, val string, important bool, out []Declaration) []Declaration {
	if val == "" {
		return out
	}
	if g := parseGlobal(val); g != GlobalNone {
		for _, p := range Longhands(name) {
			out = append(out, Declaration{Prop: p, Important: important, Value: Value{Global: g}})
		}
		return out
	}
	if p, ok := propByName[name]; ok {
		if v, ok := parseLonghand(p, val); ok {
			out = append(out, Declaration{Prop: p, Important: important, Value: v})
		}
		return out
	}
	if first, ok := boxShorthands[name]; ok {
		if vs, ok := parseBoxShorthand(first, val); ok {
			for i, v := range vs {
				out = append(out, Declaration{Prop: first + Prop(i), Important: important, Value: v})
			}
		}
		return out
	}
	if set, ok := shorthands[name]; ok {
		if strings.HasPrefix(name, "border") {
			return appendBorderShorthand(set, val, important, out)
		}
		if vs, ok := parseShorthand(name, val); ok {
			for i, p := range set {
				out = append(out, Declaration{Prop: p, Important: important, Value: vs[i]})
			}
		}
	}
	return out
}

// parseBoxShorthand parses 1–4 values for top, right, bottom and left.
// https://drafts.csswg.org/css-box/#margin-shorthand
func parseBoxShorthand(first Prop, val string) (vs [4]Value, ok bool) {
	parts := Fields(val)
	if len(parts) < 1 || len(parts) > 4 {
		return vs, false
	}
	for i, p := range parts {
		v, ok := parseLonghand(first, p)
		if !ok {
			return vs, false
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
	return vs, true
}

// parseShorthand parses overflow, list-style, background and transition into the values
// of their longhands, in the order of the shorthands table.
func parseShorthand(name, val string) (vs [8]Value, ok bool) {
	switch name {
	case "overflow":
		v, ok := parseOverflow(val)
		return [8]Value(append(v[:], vs[4:]...)), ok
	case "list-style":
		v, ok := parseListStyle(val)
		return [8]Value(append(v[:], vs[4:]...)), ok
	case "background":
		return [8]Value{parseBackground(val)}, true
	case "transition":
		v, ok := parseTransitionShorthand(val)
		return [8]Value(append(v[:], vs[4:]...)), ok
	case "animation":
		return parseAnimationShorthand(val)
	}
	return vs, false
}

// appendBorderShorthand appends the longhands of border or border-top/right/bottom/left
// (set lists their widths, then their styles, then their colours).
func appendBorderShorthand(set []Prop, val string, important bool, out []Declaration) []Declaration {
	w, st, c, ok := parseBorderShorthand(val)
	if !ok {
		return out
	}
	n := len(set) / 3
	for i, p := range set {
		v := &w
		if i >= 2*n {
			v = &c
		} else if i >= n {
			v = &st
		}
		out = append(out, Declaration{Prop: p, Important: important, Value: *v})
	}
	return out
}

// parseBorderShorthand parses "<width> || <style> || <color>"; omitted parts get their
// initial values. https://drafts.csswg.org/css-backgrounds/#border-shorthands
func parseBorderShorthand(val string) (w, st, c Value, ok bool) {
	w = Value{Len: PxLength(3)}
	st = Value{Num: float64(BorderNone)}
	c = Value{Current: true}
	var seenW, seenS, seenC bool
	for _, p := range Fields(val) {
		if v, ok := parseLonghand(PropBorderTopWidth, p); ok && !seenW {
			w, seenW = v, true
		} else if v, ok := parseLonghand(PropBorderTopStyle, p); ok && !seenS {
			st, seenS = v, true
		} else if v, ok := parseLonghand(PropBorderTopColor, p); ok && !seenC {
			c, seenC = v, true
		} else {
			return w, st, c, false
		}
	}
	return w, st, c, true
}

// parseOverflow parses overflow: one value for both axes, or x then y.
// https://drafts.csswg.org/css-overflow/#propdef-overflow
func parseOverflow(val string) (vs [4]Value, ok bool) {
	parts := Fields(strings.ToLower(val))
	if len(parts) < 1 || len(parts) > 2 {
		return vs, false
	}
	x, okx := overflowKeywords[parts[0]]
	y, oky := x, okx
	if len(parts) == 2 {
		y, oky = overflowKeywords[parts[1]]
	}
	return [4]Value{{Num: x}, {Num: y}}, okx && oky
}

// parseListStyle takes the list-style-type out of list-style.
// DEPARTURE: only the type is rendered; position and image are accepted and ignored, and
// a value without a type keyword sets nothing.
func parseListStyle(val string) (vs [4]Value, ok bool) {
	for _, p := range Fields(strings.ToLower(val)) {
		if n, ok := keywordValues[PropListStyleType][p]; ok {
			return [4]Value{{Num: n}}, true
		}
	}
	return vs, false
}

// parseBackground takes the background colour out of background.
// DEPARTURE: images and the other layers are not drawn; the colour is reset to its
// initial value unless one is given, as the shorthand does.
func parseBackground(val string) Value {
	v := Value{}
	for _, p := range Fields(val) {
		if c, ok := ParseColor(p); ok {
			v.Color = c
		} else if strings.EqualFold(p, "currentcolor") {
			v.Current = true
		}
	}
	return v
}

// parseTransitionShorthand parses the transition shorthand into its four longhands.
// https://drafts.csswg.org/css-transitions/#transition-shorthand-property
func parseTransitionShorthand(val string) (vs [4]Value, ok bool) {
	var names []string
	var durs, delays []float64
	var fns []Easing
	for _, item := range SplitCommas(strings.ToLower(val)) {
		name, dur, delay, fn := "all", 0.0, 0.0, Easing{Kind: EaseDefault}
		var seenName, seenDur, seenDelay, seenFn bool
		for _, tok := range Fields(item) {
			if t, ok := ParseTime(tok); ok {
				if !seenDur {
					if t < 0 {
						return vs, false
					}
					dur, seenDur = t, true
				} else if !seenDelay {
					delay, seenDelay = t, true
				} else {
					return vs, false
				}
			} else if f, ok := ParseEasing(tok); ok && !seenFn {
				fn, seenFn = f, true
			} else if !seenName && tok != "" && !strings.ContainsAny(tok, "()") {
				name, seenName = tok, true
			} else {
				return vs, false
			}
		}
		names, durs, delays, fns = append(names, name), append(durs, dur), append(delays, delay), append(fns, fn)
	}
	return [4]Value{{Names: names}, {Times: durs}, {Easings: fns}, {Times: delays}}, true
}
