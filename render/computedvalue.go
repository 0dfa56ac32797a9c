package render

import (
	"math"
	"strconv"

	"golang.org/x/net/html"

	"loopscope/css"
)

// ComputedValue returns the resolved value of a CSS property of an element as
// getComputedStyle(el).getPropertyValue(property) serialises it in Chrome: used values
// in px for boxes that are laid out (width, height, margins, padding, insets of positioned
// boxes), computed values otherwise. It reads the last Style and Layout (call them first
// for a forced style/layout flush). ok is false for an unknown property, or an element
// without a computed style (not in the document, or inside a display:none subtree).
// https://drafts.csswg.org/cssom/#resolved-values
func (e *Engine) ComputedValue(n *html.Node, property string) (string, bool) {
	e.flushPlan()
	st := e.states[n]
	if st == nil || st.gen != e.gen || !e.styled || !connectedTo(n, e.src.Root()) {
		return "", false // unstyled, or removed (its state lasts until the next full cascade)
	}
	s := &st.used
	var b *box // the element's block-level or atomic box, when laid out
	if st.box != nil && st.boxGen == e.layoutGen && e.laidOut && st.box.kind != kindInline {
		b = st.box
	}
	if v, ok := e.usedGeometry(s, b, property); ok {
		return v, true
	}
	if v, ok := animationComputedValue(s, property); ok {
		return v, true
	}
	return computedValue(s, b, property)
}

// usedGeometry returns the used value in px of an inset, the size, a margin or a
// padding of a box that is laid out (its computed value otherwise).
func (e *Engine) usedGeometry(s *computedStyle, b *box, property string) (string, bool) {
	switch property {
	case "top", "right", "bottom", "left":
		side := sideIndex(property)
		if b != nil && s.isPositioned() {
			used := e.usedInset(b, side)
			// CHROME: an inset given in px that layout used as given reads unsnapped
			// (layout keeps 1/64 px units; an animated left: 399.6px reads 399.6px).
			if l := s.inset[side]; l.u == unitPx && math.Abs(used-l.v) < 1.0/64 {
				return s.lengthString(l), true
			}
			return css.FormatPx(used), true
		}
		return s.lengthString(s.inset[side]), true
	case "width", "height":
		axis := 0
		l := s.width
		if property == "height" {
			axis, l = 1, s.height
		}
		if b == nil {
			return s.lengthString(l), true
		}
		if axis == 0 {
			if s.boxSizing == 1 {
				return css.FormatPx(b.w), true
			}
			return css.FormatPx(b.w - b.edgesH()), true
		}
		if s.boxSizing == 1 {
			return css.FormatPx(b.h), true
		}
		return css.FormatPx(b.h - b.edgesV()), true
	case "margin-top", "margin-right", "margin-bottom", "margin-left":
		side := sideIndex(property[len("margin-"):])
		if b != nil {
			return css.FormatPx(b.margin[side]), true
		}
		return s.lengthString(s.margin[side]), true
	case "padding-top", "padding-right", "padding-bottom", "padding-left":
		side := sideIndex(property[len("padding-"):])
		if b != nil {
			return css.FormatPx(b.padding[side]), true
		}
		return s.lengthString(s.padding[side]), true
	}
	return "", false
}

// computedValue serialises the computed value of the other properties.
func computedValue(s *computedStyle, b *box, property string) (string, bool) {
	switch property {
	case "display":
		if s.listItem {
			return css.DisplayListItem.String(), true
		}
		return s.display.String(), true
	case "position":
		return s.position.String(), true
	case "border-top-width", "border-right-width", "border-bottom-width", "border-left-width":
		return css.FormatPx(s.borderWidth[sideIndex(property[len("border-"):len(property)-len("-width")])]), true
	case "border-top-style", "border-right-style", "border-bottom-style", "border-left-style":
		i := sideIndex(property[len("border-") : len(property)-len("-style")])
		return s.borderStyle[i].String(), true
	case "border-top-color", "border-right-color", "border-bottom-color", "border-left-color":
		return css.FormatColor(s.borderColor[sideIndex(property[len("border-"):len(property)-len("-color")])]), true
	case "background-color":
		return css.FormatColor(s.background), true
	case "color":
		return css.FormatColor(s.color), true
	case "font-size":
		return css.FormatPx(s.fontSize), true
	case "font-weight":
		return strconv.Itoa(int(s.fontWeight)), true
	case "line-height":
		if s.lineKind == lineHeightNormal {
			return "normal", true
		}
		return css.FormatPx(s.usedLineHeight(0)), true
	case "opacity":
		return css.FormatNumber(s.opacity), true
	case "transform":
		if !s.hasTransform {
			return "none", true
		}
		w, h := 0.0, 0.0
		if b != nil {
			w, h = b.w, b.h
		}
		if s.xform != nil {
			return s.transformMatrix(w, h).Serialize(), true
		}
		x, y := s.translation(w, h)
		return "matrix(1, 0, 0, 1, " + css.FormatNumber(x) + ", " + css.FormatNumber(y) + ")", true
	case "visibility":
		if s.visible {
			return "visible", true
		}
		return "hidden", true
	case "z-index":
		if s.zAuto {
			return "auto", true
		}
		return strconv.Itoa(int(s.zIndex)), true
	case "box-sizing":
		if s.boxSizing == 1 {
			return "border-box", true
		}
		return "content-box", true
	case "min-width", "min-height", "max-width", "max-height":
		// Computed values, percentages kept. CHROME: min-width: auto reads 0px outside a
		// flex or grid item (testdata/dom/min_max_sizes).
		z := s.sizes()
		p, _ := css.LookupProp(property)
		l := *z.limit(p)
		switch {
		case l.isAuto() && property[1] == 'a':
			return "none", true
		case l.isAuto():
			return "0px", true
		}
		return s.lengthString(l), true
	case "object-fit":
		return css.ObjectFitName(s.sizes().objectFit), true
	case "object-position":
		pos := s.sizes().objectPos
		return s.lengthString(pos[0]) + " " + s.lengthString(pos[1]), true
	case "overflow-x", "overflow-y":
		axis := 0
		if property == "overflow-y" {
			axis = 1
		}
		return [...]string{"visible", "hidden", "auto", "scroll"}[s.overflow[axis]&3], true
	}
	return "", false
}

func sideIndex(s string) int {
	switch s {
	case "right":
		return 1
	case "bottom":
		return 2
	case "left":
		return 3
	}
	return 0
}

// usedInset resolves an inset of a positioned box from its layout: for relative boxes the
// offset (the opposite side negated when auto), for absolute and fixed boxes the distance
// to the containing block's padding edge.
func (e *Engine) usedInset(b *box, side int) float64 {
	s := b.st
	if s.position == css.PositionRelative {
		// CHROME: a side that is set reads its value against the containing block's size as
		// laid out, even a height that depends on the content (where layout took the
		// percentage as auto); an auto side reads the other one's value negated, not
		// snapped to layout's 1/64 px (testdata/dom/relative_percent_offsets).
		cbw, cbh := 0.0, 0.0
		if b.parent != nil {
			cbw, cbh = b.parent.w-b.parent.edgesH(), b.parent.h-b.parent.edgesV()
		}
		base := [4]float64{cbh, cbw, cbh, cbw}[side]
		if l := s.inset[side]; !l.isAuto() {
			return s.resolveLength(l, base)
		}
		if l := s.inset[(side+2)%4]; !l.isAuto() {
			return -s.resolveUnsnapped(l, base)
		}
		return 0
	}
	cx, cy, cw, ch := e.containingBlockOf(b)
	switch side {
	case 0:
		return b.ay - b.margin[0] - cy
	case 1:
		return cx + cw - (b.ax + b.w + b.margin[1])
	case 2:
		return cy + ch - (b.ay + b.h + b.margin[2])
	}
	return b.ax - b.margin[3] - cx
}

// lengthString serialises a computed length of s.
func (s *computedStyle) lengthString(l length) string {
	switch l.u {
	case unitAuto:
		return "auto"
	case unitPercent:
		return css.FormatNumber(l.v) + "%"
	case unitCalc:
		// CHROME: the percentage first, then the length, its sign as the operator:
		// calc(10px + 5%) reads calc(5% + 10px) (testdata/dom/min_max_sizes).
		if l.v < 0 {
			return "calc(" + css.FormatNumber(float64(l.p)) + "% - " + css.FormatPx(-l.v) + ")"
		}
		return "calc(" + css.FormatNumber(float64(l.p)) + "% + " + css.FormatPx(l.v) + ")"
	case unitMath:
		if t := s.tree(l); t != nil {
			return t.SerializeComputed()
		}
	}
	return css.FormatPx(l.v)
}
