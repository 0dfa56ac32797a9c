package render

import (
	"math"
	"strconv"
	"strings"
)

// unit is the unit of a computed length: em, rem, vw and vh are resolved to px when
// values are computed, so only px, % and auto remain.
type unit uint8

const (
	unitPx unit = iota
	unitPercent
	unitAuto
	unitEm
	unitRem
	unitVw
	unitVh
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

// computeLength turns a specified length into a computed one (https://drafts.csswg.org/css-values/#lengths).
func computeLength(l length, fontSize float64, cx *computeContext) length {
	switch l.u {
	case unitEm:
		return px(l.v * fontSize)
	case unitRem:
		return px(l.v * cx.rootFontSize)
	case unitVw:
		return px(l.v * cx.viewportW / 100)
	case unitVh:
		return px(l.v * cx.viewportH / 100)
	}
	return l
}

// parseNumber parses a CSS <number>.
// https://drafts.csswg.org/css-syntax/#consume-number
func parseNumber(s string) (float64, bool) {
	if s == "" {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E') {
			return 0, false
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return v, true
}

// parseLength parses a CSS <length-percentage> (or auto when allowed).
// https://drafts.csswg.org/css-values/#lengths
func parseLength(s string, allowPercent, allowAuto, allowNegative bool) (length, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "auto" {
		return autoLength, allowAuto
	}
	end := len(s)
	for end > 0 && (s[end-1] >= 'a' && s[end-1] <= 'z' || s[end-1] == '%') {
		end--
	}
	num, suffix := s[:end], s[end:]
	v, ok := parseNumber(num)
	if !ok {
		return length{}, false
	}
	if v < 0 && !allowNegative {
		return length{}, false
	}
	var l length
	switch suffix {
	case "px":
		l = px(v)
	case "":
		if v != 0 {
			return length{}, false // unitless lengths other than 0 are invalid
		}
		l = px(0)
	case "%":
		if !allowPercent {
			return length{}, false
		}
		l = length{v, unitPercent}
	case "em":
		l = length{v, unitEm}
	case "rem":
		l = length{v, unitRem}
	case "vw":
		l = length{v, unitVw}
	case "vh":
		l = length{v, unitVh}
	case "pt":
		l = px(v * 96 / 72)
	case "pc":
		l = px(v * 16)
	case "in":
		l = px(v * 96)
	case "cm":
		l = px(v * 96 / 2.54)
	case "mm":
		l = px(v * 96 / 25.4)
	default:
		return length{}, false
	}
	return l, true
}

// splitValues splits a value on top-level whitespace and commas kept as separate tokens
// are not needed here: parentheses are kept intact ("rgb(1, 2, 3) solid" → 2 parts).
func splitValues(s string) []string {
	var out []string
	depth, start := 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '(':
			depth++
		case c == ')':
			if depth > 0 {
				depth--
			}
		}
		space := depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')
		if space {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// splitCommas splits on top-level commas.
func splitCommas(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// parseTime parses a CSS <time> into milliseconds.
// https://drafts.csswg.org/css-values/#time
func parseTime(s string) (float64, bool) {
	s = strings.ToLower(s)
	switch {
	case strings.HasSuffix(s, "ms"):
		v, ok := parseNumber(s[:len(s)-2])
		return v, ok
	case strings.HasSuffix(s, "s"):
		v, ok := parseNumber(s[:len(s)-1])
		return v * 1000, ok
	}
	return 0, false
}
