// Spec: CSS 2.2, W3C Working Draft 2016-04-12 https://www.w3.org/TR/2016/WD-CSS22-20160412/
// §10.4 "Minimum and maximum widths: min-width and max-width" (with its table for replaced
// elements that have an intrinsic ratio) and §10.7 "Minimum and maximum heights"; CSS Box
// Sizing 3 (box-sizing applies to the min and max sizes too).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package render

import "math"

// sizeRange is a box's min and max content size on one axis, box-sizing applied: max < 0
// is none.
type sizeRange struct{ min, max float64 }

// unlimited reports a range that limits nothing (min 0, max none).
func (r sizeRange) unlimited() bool { return r.min <= 0 && r.max < 0 }

// clamp applies the range to a tentative content size: the max first, then the min (so the
// min wins when it is the larger: "if min-width is greater than max-width, max-width is set
// to the value of min-width").
func (r sizeRange) clamp(v float64) float64 {
	if r.max >= 0 && v > r.max {
		v = r.max
	}
	return math.Max(v, r.min)
}

// widthRange is b's min-width and max-width as content widths in a containing block of
// width cbw; cbw < 0 is an indefinite one (intrinsic sizes): a percentage min-width is then
// 0 and a percentage max-width none. An anonymous box has no limits.
func (b *box) widthRange(cbw float64) sizeRange {
	if b.node == nil || b.st.sizing == nil {
		return sizeRange{0, -1}
	}
	z := b.st.sizing
	return limitRange(b.st, z.minW, z.maxW, cbw, b.st.boxSizing == 1, b.edgesHPx(cbw))
}

// heightRange is b's min-height and max-height as content heights in a containing block of
// height cbh; cbh < 0: "If the height of the containing block is not specified explicitly
// ..., the percentage value is treated as '0' (for 'min-height') or 'none' (for
// 'max-height')."
func (b *box) heightRange(cbh float64) sizeRange {
	if b.node == nil || b.st.sizing == nil {
		return sizeRange{0, -1}
	}
	z := b.st.sizing
	return limitRange(b.st, z.minH, z.maxH, cbh, b.st.boxSizing == 1, b.edgesV())
}

// edgesHPx is b's horizontal borders and padding: the resolved ones once layout resolved
// them, with percentages as 0 against an indefinite width.
func (b *box) edgesHPx(cbw float64) float64 {
	if cbw >= 0 {
		return b.edgesH()
	}
	s := b.st
	return s.resolveNonNeg(s.padding[1], 0) + s.resolveNonNeg(s.padding[3], 0) + s.borderWidth[1] + s.borderWidth[3]
}

func limitRange(s *computedStyle, minL, maxL length, base float64, borderBox bool, edges float64) sizeRange {
	r := sizeRange{0, -1}
	content := func(l length) float64 {
		v := s.resolveNonNeg(l, math.Max(base, 0))
		if borderBox {
			v -= edges
		}
		return math.Max(0, v)
	}
	if !minL.isAuto() && !(minL.hasPercent() && base < 0) {
		r.min = content(minL)
	}
	if !maxL.isAuto() && !(maxL.hasPercent() && base < 0) {
		r.max = content(maxL)
	}
	return r
}

// ratioLimitedSize is §10.4's table: the used size of a replaced element whose width and
// height are both auto, from its natural size w × h (both > 0) and its limits, keeping its
// ratio where it can.
func ratioLimitedSize(w, h float64, wr, hr sizeRange) (float64, float64) {
	minW, minH := wr.min, hr.min
	maxW, maxH := math.Inf(1), math.Inf(1)
	if wr.max >= 0 {
		maxW = math.Max(wr.max, minW)
	}
	if hr.max >= 0 {
		maxH = math.Max(hr.max, minH)
	}
	switch {
	case w > maxW && h > maxH:
		if maxW/w <= maxH/h {
			return maxW, math.Max(minH, maxW*h/w)
		}
		return math.Max(minW, maxH*w/h), maxH
	case w < minW && h < minH:
		if minW/w <= minH/h {
			return math.Min(maxW, minH*w/h), minH
		}
		return minW, math.Min(maxH, minW*h/w)
	case w < minW && h > maxH:
		return minW, maxH
	case w > maxW && h < minH:
		return maxW, minH
	case w > maxW:
		return maxW, math.Max(maxW*h/w, minH)
	case w < minW:
		return minW, math.Min(minW*h/w, maxH)
	case h > maxH:
		return math.Max(maxH*w/h, minW), maxH
	case h < minH:
		return math.Min(minH*w/h, maxW), minH
	}
	return w, h
}
