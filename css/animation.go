// Spec: CSS Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/css-animations-1/):
// the animation-* longhands, the animation shorthand and @keyframes rules.

package css

import (
	"math"
	"strings"
)

// Keywords of animation-direction, animation-fill-mode and animation-play-state, as
// the numbers a Value's Nums holds.
const (
	DirectionNormal = iota
	DirectionReverse
	DirectionAlternate
	DirectionAlternateReverse
)

const (
	FillNone = iota
	FillForwards
	FillBackwards
	FillBoth
)

const (
	PlayStateRunning = iota
	PlayStatePaused
)

var animationKeywords = map[Prop]map[string]float64{
	PropAnimationDirection: {"normal": DirectionNormal, "reverse": DirectionReverse, "alternate": DirectionAlternate,
		"alternate-reverse": DirectionAlternateReverse},
	PropAnimationFillMode:  {"none": FillNone, "forwards": FillForwards, "backwards": FillBackwards, "both": FillBoth},
	PropAnimationPlayState: {"running": PlayStateRunning, "paused": PlayStatePaused},
}

// parseIterationCount parses a <single-animation-iteration-count>: infinite or a
// non-negative number. https://drafts.csswg.org/css-animations-1/#animation-iteration-count
func parseIterationCount(s string) (float64, bool) {
	if strings.EqualFold(s, "infinite") {
		return math.Inf(1), true
	}
	n, ok := ParseNumber(s)
	return n, ok && n >= 0
}

// parseKeyframesName parses animation-name's item: none, a <custom-ident> (its case kept)
// or a <string>. https://drafts.csswg.org/css-animations-1/#typedef-keyframes-name
func parseKeyframesName(s string) (string, bool) {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1], true
	}
	if strings.EqualFold(s, "none") {
		return "none", true
	}
	switch strings.ToLower(s) {
	case "initial", "inherit", "unset", "default", "revert", "revert-layer":
		return "", false
	}
	return s, IsIdent(s)
}

// parseAnimationList parses the comma-separated list of one animation-* longhand.
// https://drafts.csswg.org/css-animations-1/#animation-name
func parseAnimationList(p Prop, val string) (Value, bool) {
	var v Value
	for _, s := range SplitCommas(strings.TrimSpace(val)) {
		lower := strings.ToLower(s)
		switch p {
		case PropAnimationName:
			name, ok := parseKeyframesName(s)
			if !ok {
				return Value{}, false
			}
			v.Names = append(v.Names, name)
		case PropAnimationDuration, PropAnimationDelay:
			t, ok := ParseTime(lower)
			if !ok || (p == PropAnimationDuration && t < 0) {
				return Value{}, false
			}
			v.Times = append(v.Times, t)
		case PropAnimationTimingFunction:
			f, ok := ParseEasing(lower)
			if !ok {
				return Value{}, false
			}
			v.Easings = append(v.Easings, f)
		case PropAnimationIterationCount:
			n, ok := parseIterationCount(lower)
			if !ok {
				return Value{}, false
			}
			v.Nums = append(v.Nums, n)
		default:
			n, ok := animationKeywords[p][lower]
			if !ok {
				return Value{}, false
			}
			v.Nums = append(v.Nums, n)
		}
	}
	return v, true
}

// parseAnimationShorthand parses the animation shorthand into its eight longhands: in
// each item the first time is the duration and the second the delay; a keyword of a
// longhand not yet set goes to it before being taken as the name.
// https://drafts.csswg.org/css-animations-1/#animation
func parseAnimationShorthand(val string) (vs [8]Value, ok bool) {
	for _, item := range SplitCommas(strings.TrimSpace(val)) {
		name, dur, delay, fn, count := "none", 0.0, 0.0, Easing{Kind: EaseDefault}, 1.0
		dir, fill, state := 0.0, 0.0, 0.0
		var seenName, seenDur, seenDelay, seenFn, seenCount, seenDir, seenFill, seenState bool
		for _, tok := range Fields(item) {
			lower := strings.ToLower(tok)
			if t, ok := ParseTime(lower); ok {
				switch {
				case !seenDur:
					if t < 0 {
						return vs, false
					}
					dur, seenDur = t, true
				case !seenDelay:
					delay, seenDelay = t, true
				default:
					return vs, false
				}
				continue
			}
			if f, ok := ParseEasing(lower); ok && !seenFn {
				fn, seenFn = f, true
				continue
			}
			if n, ok := parseIterationCount(lower); ok && !seenCount {
				count, seenCount = n, true
				continue
			}
			if n, ok := animationKeywords[PropAnimationDirection][lower]; ok && !seenDir {
				dir, seenDir = n, true
				continue
			}
			if n, ok := animationKeywords[PropAnimationFillMode][lower]; ok && !seenFill && lower != "none" {
				fill, seenFill = n, true
				continue
			}
			if n, ok := animationKeywords[PropAnimationPlayState][lower]; ok && !seenState {
				state, seenState = n, true
				continue
			}
			if n, ok := parseKeyframesName(tok); ok && !seenName {
				name, seenName = n, true
				continue
			}
			if lower == "none" && !seenFill {
				fill, seenFill = FillNone, true
				continue
			}
			return vs, false
		}
		vs[0].Names = append(vs[0].Names, name)
		vs[1].Times = append(vs[1].Times, dur)
		vs[2].Easings = append(vs[2].Easings, fn)
		vs[3].Times = append(vs[3].Times, delay)
		vs[4].Nums = append(vs[4].Nums, count)
		vs[5].Nums = append(vs[5].Nums, dir)
		vs[6].Nums = append(vs[6].Nums, fill)
		vs[7].Nums = append(vs[7].Nums, state)
	}
	return vs, true
}

// KeyframesRule is one @keyframes rule: its name and its keyframe blocks in order.
// https://drafts.csswg.org/css-animations-1/#keyframes
type KeyframesRule struct {
	Name   string
	Blocks []KeyframeBlock
}

// KeyframeBlock is one keyframe block: its offsets (0 to 1; a selector list gives
// several) and its declarations. Easing is the block's animation-timing-function, if any.
type KeyframeBlock struct {
	Offsets   []float64
	Decls     []Declaration
	Easing    Easing
	HasEasing bool
}

// MaxKeyframeBlocks bounds the keyframe blocks kept from one style sheet (a hostile page
// can write millions; the rest are dropped).
const MaxKeyframeBlocks = 10000

// ParseKeyframesRules returns the @keyframes rules (and @-webkit-keyframes) at the top
// level of a style sheet, in order; a rule without a valid name is dropped, and so is a
// keyframe block whose selector is invalid.
// https://drafts.csswg.org/css-animations-1/#keyframes
func ParseKeyframesRules(text string) []KeyframesRule {
	if !strings.Contains(text, "keyframes") {
		return nil
	}
	text = StripComments(text)
	var out []KeyframesRule
	blocks := 0
	i := 0
	for i < len(text) {
		for i < len(text) && IsSpace(text[i]) {
			i++
		}
		if i >= len(text) {
			break
		}
		if text[i] != '@' {
			open := strings.IndexByte(text[i:], '{')
			if open < 0 {
				break
			}
			i = matchingBrace(text, i+open) + 1
			continue
		}
		end := skipAtRule(text, i)
		open := strings.IndexByte(text[i:end], '{')
		if open < 0 {
			i = end
			continue
		}
		prelude := strings.Fields(text[i+1 : i+open])
		if len(prelude) == 2 && (strings.EqualFold(prelude[0], "keyframes") || strings.EqualFold(prelude[0], "-webkit-keyframes")) {
			if name, ok := parseKeyframesName(prelude[1]); ok && name != "none" {
				close := min(end-1, len(text))
				body := text[i+open+1 : max(i+open+1, close)]
				rule := KeyframesRule{Name: name, Blocks: parseKeyframeBlocks(body, MaxKeyframeBlocks-blocks)}
				blocks += len(rule.Blocks)
				out = append(out, rule)
			}
		}
		i = end
	}
	return out
}

// parseKeyframeBlocks parses a @keyframes rule's body into at most limit blocks.
// https://drafts.csswg.org/css-animations-1/#typedef-keyframe-selector
func parseKeyframeBlocks(body string, limit int) []KeyframeBlock {
	var out []KeyframeBlock
	for _, raw := range ParseStyleSheet(body) {
		if len(out) >= limit {
			break
		}
		var offsets []float64
		valid := true
		for _, sel := range SplitCommas(raw.Prelude) {
			switch strings.ToLower(sel) {
			case "from":
				offsets = append(offsets, 0)
			case "to":
				offsets = append(offsets, 1)
			default:
				pct, ok := strings.CutSuffix(sel, "%")
				n, okn := ParseNumber(pct)
				if !ok || !okn || n < 0 || n > 100 {
					valid = false
				}
				offsets = append(offsets, n/100)
			}
		}
		if !valid || len(offsets) == 0 {
			continue
		}
		b := KeyframeBlock{Offsets: offsets}
		for _, d := range ParseDeclarationList(raw.Body) {
			if d.Important {
				continue // "!important" in a keyframe is ignored
			}
			if d.Name == "animation-timing-function" {
				if f, ok := ParseEasing(strings.ToLower(d.Value)); ok {
					b.Easing, b.HasEasing = f, true
				}
				continue
			}
			if strings.HasPrefix(d.Name, "animation") || strings.HasPrefix(d.Name, "transition") {
				continue // not animatable
			}
			b.Decls = ParseDeclaration(d.Name, d.Value, false, b.Decls)
		}
		out = append(out, b)
	}
	return out
}

// ComputedTiming is an animation effect's timing and where it is now, as
// getComputedTiming() gives it: times in ms; HasLocalTime, HasProgress and HasIteration are
// false for null. The engine computes it (render) and the bindings show it (dom): it lives
// here, in the package both use, so that the two share one definition.
// https://drafts.csswg.org/web-animations-1/#dictdef-computedeffecttiming
type ComputedTiming struct {
	Delay, EndDelay, Duration, Iterations, IterationStart float64
	Direction, Fill, Easing                               string
	ActiveDuration, EndTime                               float64
	LocalTime, Progress, CurrentIteration                 float64
	HasLocalTime, HasProgress, HasIteration               bool
}
