// Spec: CSS Animations Level 1, Editor's Draft 2026-10 (https://drafts.csswg.org/css-animations-1/#animation-name):
// the computed values of the animation-* longhands, serialised as Chrome's
// getComputedStyle does (lists joined by ", ", times in seconds).

package render

import (
	"math"
	"strings"

	"loopscope/css"
)

var directionNames = [...]string{"normal", "reverse", "alternate", "alternate-reverse"}
var fillNames = [...]string{"none", "forwards", "backwards", "both"}

// animationComputedValue serialises an animation-* longhand; ok is false for another
// property.
func animationComputedValue(s *computedStyle, property string) (string, bool) {
	var item func(a *animationSpec) string
	switch property {
	case "animation-name":
		item = func(a *animationSpec) string { return a.name }
	case "animation-duration":
		item = func(a *animationSpec) string { return css.FormatNumber(a.duration/1000) + "s" }
	case "animation-delay":
		item = func(a *animationSpec) string { return css.FormatNumber(a.delay/1000) + "s" }
	case "animation-timing-function":
		item = func(a *animationSpec) string { return a.fn.String() }
	case "animation-iteration-count":
		item = func(a *animationSpec) string {
			if math.IsInf(a.iterations, 1) {
				return "infinite"
			}
			return css.FormatNumber(a.iterations)
		}
	case "animation-direction":
		item = func(a *animationSpec) string { return directionNames[a.direction&3] }
	case "animation-fill-mode":
		item = func(a *animationSpec) string { return fillNames[a.fill&3] }
	case "animation-play-state":
		item = func(a *animationSpec) string {
			if a.playState == css.PlayStatePaused {
				return "paused"
			}
			return "running"
		}
	default:
		return "", false
	}
	list := s.animations()
	if len(list) == 0 {
		list = []animationSpec{{name: "none", iterations: 1, fn: css.Easing{Kind: css.EaseDefault}}}
	}
	parts := make([]string, len(list))
	for i := range list {
		parts[i] = item(&list[i])
	}
	return strings.Join(parts, ", "), true
}
