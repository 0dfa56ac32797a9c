package render

import (
	"math"

	"loopscope/css"
)

// unit is the unit of a computed length: em, rem, vw and vh are resolved to px when
// values are computed, so only px, % and auto remain.
type unit uint8

const (
	unitPx unit = iota
	unitPercent
	unitAuto
)

// length is a CSS <length-percentage> or auto.
type length struct {
	v float64
	u unit
}

var autoLength = length{u: unitAuto}

func px(v float64) length { return length{v: v} }

func (l length) isAuto() bool { return l.u == unitAuto }

// resolve returns the used value in px; percentages are of base, auto is 0. Like
// Chrome's LayoutUnit, the result is truncated to a multiple of 1/64 px.
func (l length) resolve(base float64) float64 {
	switch l.u {
	case unitPx:
		return snap(l.v)
	case unitPercent:
		return snap(l.v * base / 100)
	}
	return 0
}

// snap truncates to Chrome's layout precision (1/64 px).
func snap(v float64) float64 { return math.Trunc(v*64) / 64 }

// computeLength turns a specified length into a computed one.
// https://drafts.csswg.org/css-values/#lengths
func computeLength(l css.Length, fontSize float64, cx *computeContext) length {
	switch l.U {
	case css.Em:
		return px(l.V * fontSize)
	case css.Rem:
		return px(l.V * cx.rootFontSize)
	case css.Vw:
		return px(l.V * cx.viewportW / 100)
	case css.Vh:
		return px(l.V * cx.viewportH / 100)
	case css.Percent:
		return length{l.V, unitPercent}
	case css.Auto:
		return autoLength
	}
	return px(l.V)
}
