package render

import (
	"image/color"
	"math"
	"strconv"

	"golang.org/x/net/html"
)

// ComputedValue returns the resolved value of a CSS property of an element as
// getComputedStyle(el).getPropertyValue(property) serialises it in Chrome: used values
// in px for boxes that are laid out (width, height, margins, padding, insets of positioned
// boxes), computed values otherwise. It reads the last Style and Layout (call them first
// for a forced style/layout flush). ok is false for an unknown property, or an element
// without a computed style (not in the document, or inside a display:none subtree).
// https://drafts.csswg.org/cssom/#resolved-values
func (e *Engine) ComputedValue(n *html.Node, property string) (string, bool) {
	st := e.states[n]
	if st == nil || st.gen != e.gen || !e.styled {
		return "", false
	}
	s := &st.used
	var b *box // the element's block-level or atomic box, when laid out
	if st.box != nil && st.boxGen == e.layoutGen && e.laidOut && st.box.kind != kindInline {
		b = st.box
	}
	switch property {
	case "display":
		if s.listItem {
			return "list-item", true
		}
		return [...]string{"inline", "block", "inline-block", "none"}[s.display], true
	case "position":
		return [...]string{"static", "relative", "absolute", "fixed"}[s.position], true
	case "top", "right", "bottom", "left":
		side := sideIndex(property)
		if b != nil && s.isPositioned() {
			return pxValue(e.usedInset(b, side)), true
		}
		return lengthValue(s.inset[side]), true
	case "width", "height":
		axis := 0
		l := s.width
		if property == "height" {
			axis, l = 1, s.height
		}
		if b == nil {
			return lengthValue(l), true
		}
		if axis == 0 {
			if s.boxSizing == 1 {
				return pxValue(b.w), true
			}
			return pxValue(b.w - b.edgesH()), true
		}
		if s.boxSizing == 1 {
			return pxValue(b.h), true
		}
		return pxValue(b.h - b.edgesV()), true
	case "margin-top", "margin-right", "margin-bottom", "margin-left":
		side := sideIndex(property[len("margin-"):])
		if b != nil {
			return pxValue(b.margin[side]), true
		}
		return lengthValue(s.margin[side]), true
	case "padding-top", "padding-right", "padding-bottom", "padding-left":
		side := sideIndex(property[len("padding-"):])
		if b != nil {
			return pxValue(b.padding[side]), true
		}
		return lengthValue(s.padding[side]), true
	case "border-top-width", "border-right-width", "border-bottom-width", "border-left-width":
		return pxValue(s.borderWidth[sideIndex(property[len("border-"):len(property)-len("-width")])]), true
	case "border-top-style", "border-right-style", "border-bottom-style", "border-left-style":
		i := sideIndex(property[len("border-") : len(property)-len("-style")])
		return [...]string{"none", "solid", "outset", "inset"}[s.borderStyle[i]], true
	case "border-top-color", "border-right-color", "border-bottom-color", "border-left-color":
		return colorValue(s.borderColor[sideIndex(property[len("border-"):len(property)-len("-color")])]), true
	case "background-color":
		return colorValue(s.background), true
	case "color":
		return colorValue(s.color), true
	case "font-size":
		return pxValue(s.fontSize), true
	case "font-weight":
		return strconv.Itoa(s.fontWeight), true
	case "line-height":
		if s.lineKind == lineHeightNormal {
			return "normal", true
		}
		return pxValue(s.usedLineHeight(0)), true
	case "opacity":
		return numberValue(s.opacity), true
	case "transform":
		if !s.hasTransform {
			return "none", true
		}
		w, h := 0.0, 0.0
		if b != nil {
			w, h = b.w, b.h
		}
		return "matrix(1, 0, 0, 1, " + numberValue(s.tx.resolve(w)) + ", " + numberValue(s.ty.resolve(h)) + ")", true
	case "visibility":
		if s.visible {
			return "visible", true
		}
		return "hidden", true
	case "z-index":
		if s.zAuto {
			return "auto", true
		}
		return strconv.Itoa(s.zIndex), true
	case "box-sizing":
		if s.boxSizing == 1 {
			return "border-box", true
		}
		return "content-box", true
	case "overflow-x", "overflow-y":
		axis := 0
		if property == "overflow-y" {
			axis = 1
		}
		if s.overflowClip[axis] {
			return "hidden", true
		}
		return "visible", true
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
	if s.position == positionRelative {
		cbw := 0.0
		if b.parent != nil {
			cbw = b.parent.w - b.parent.edgesH()
		}
		dx, dy := relativeOffset(s, cbw, -1)
		return [4]float64{dy, -dx, -dy, dx}[side]
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

// numberValue serialises a number with up to six significant digits, as Chrome does.
// https://drafts.csswg.org/cssom/#serialize-a-css-component-value
func numberValue(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func pxValue(v float64) string { return numberValue(v) + "px" }

func lengthValue(l length) string {
	switch l.u {
	case unitAuto:
		return "auto"
	case unitPercent:
		return numberValue(l.v) + "%"
	}
	return pxValue(l.v)
}

// colorValue serialises an sRGB colour: rgb() when opaque, else rgba() with the shortest
// alpha (two, else three decimals) that rounds back to the same 8-bit value.
// https://drafts.csswg.org/css-color/#serializing-sRGB-values
func colorValue(c color.NRGBA) string {
	rgb := strconv.Itoa(int(c.R)) + ", " + strconv.Itoa(int(c.G)) + ", " + strconv.Itoa(int(c.B))
	if c.A == 255 {
		return "rgb(" + rgb + ")"
	}
	a := math.Round(float64(c.A)/255*100) / 100
	if uint8(math.Round(a*255)) != c.A {
		a = math.Round(float64(c.A)/255*1000) / 1000
	}
	return "rgba(" + rgb + ", " + numberValue(a) + ")"
}
