package css

import (
	"math"
	"strconv"
	"strings"
)

// Numbers, lengths and times. https://drafts.csswg.org/css-values/ (2026-11-01)

// Unit is the unit of a specified length. Absolute units (pt, in, cm…) are converted to
// px when parsed; the font- and viewport-relative ones stay until the value is computed.
// https://drafts.csswg.org/css-values-4/#font-relative-lengths
type Unit uint8

const (
	Px Unit = iota
	Percent
	Auto
	Em
	Rem
	Vw
	Vh
	Math // a math function: Calc
	Ex   // the x-height of the font
	Ch   // the advance of "0" in the font
)

// Length is a <length-percentage>, or auto.
type Length struct {
	V    float64
	U    Unit
	Calc *Calc // the expression of a Math length
}

// AutoLength is the keyword auto.
var AutoLength = Length{U: Auto}

// PxLength is a length in px.
func PxLength(v float64) Length { return Length{V: v} }

// IsAuto reports the keyword auto.
func (l Length) IsAuto() bool { return l.U == Auto }

// ParseNumber parses a <number>. https://drafts.csswg.org/css-syntax/#consume-number
func ParseNumber(s string) (float64, bool) {
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

// ParseNumberOrPercent parses a number, or a percentage scaled so that 100% is full.
func ParseNumberOrPercent(s string, full float64) (float64, bool) {
	if strings.HasSuffix(s, "%") {
		v, ok := ParseNumber(s[:len(s)-1])
		return v / 100 * full, ok
	}
	return ParseNumber(s)
}

// ParseLength parses a <length-percentage>, or auto when allowed; a unitless number
// other than 0 is invalid. https://drafts.csswg.org/css-values/#lengths
func ParseLength(s string, allowPercent, allowAuto, allowNegative bool) (Length, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "auto" {
		return AutoLength, allowAuto
	}
	if IsMathFunction(s) {
		// A min(), max() or clamp() with a percentage stays a math function until its basis
		// is known (css-values-4 §10.10): render keeps its computed tree.
		c, ok := ParseCalc(s, allowPercent)
		if !ok {
			return Length{}, false
		}
		return Length{U: Math, Calc: c}, true
	}
	end := len(s)
	for end > 0 && (s[end-1] >= 'a' && s[end-1] <= 'z' || s[end-1] == '%') {
		end--
	}
	num, suffix := s[:end], s[end:]
	v, ok := ParseNumber(num)
	if !ok || v < 0 && !allowNegative {
		return Length{}, false
	}
	switch suffix {
	case "":
		return PxLength(0), v == 0
	case "%":
		if !allowPercent {
			return Length{}, false
		}
		return Length{V: v, U: Percent}, true
	case "px":
		return PxLength(v), true
	case "em":
		return Length{V: v, U: Em}, true
	case "rem":
		return Length{V: v, U: Rem}, true
	case "vw":
		return Length{V: v, U: Vw}, true
	case "vh":
		return Length{V: v, U: Vh}, true
	case "ex":
		return Length{V: v, U: Ex}, true
	case "ch":
		return Length{V: v, U: Ch}, true
	case "pt":
		return PxLength(v * 96 / 72), true
	case "pc":
		return PxLength(v * 16), true
	case "in":
		return PxLength(v * 96), true
	case "cm":
		return PxLength(v * 96 / 2.54), true
	case "mm":
		return PxLength(v * 96 / 25.4), true
	}
	return Length{}, false
}

// ParseTime parses a <time> into milliseconds. https://drafts.csswg.org/css-values/#time
func ParseTime(s string) (float64, bool) {
	s = strings.ToLower(s)
	switch {
	case strings.HasSuffix(s, "ms"):
		return ParseNumber(s[:len(s)-2])
	case strings.HasSuffix(s, "s"):
		v, ok := ParseNumber(s[:len(s)-1])
		return v * 1000, ok
	}
	return 0, false
}

// FormatNumber serialises a number with up to six significant digits, as Chrome does.
// https://drafts.csswg.org/cssom/#serialize-a-css-component-value
func FormatNumber(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// FormatPx serialises a length in px.
func FormatPx(v float64) string { return FormatNumber(v) + "px" }

// Clamp01 clamps v to [0, 1].
func Clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }
