package render

import (
	"github.com/andybalholm/cascadia"

	"loopscope/css"
)

// styleRule is one selector of a style rule with the rule's declarations: a selector
// list is split so that each selector has its own specificity.
type styleRule struct {
	sel   cascadia.Sel
	spec  cascadia.Specificity
	order int  // position in the cascade's document order
	ua    bool // from the user-agent style sheet
	decls []css.Declaration
	key   ruleKey               // the bucket of the rule index it is kept in (ruleindex.go)
	media []*css.MediaQueryList // the @media rules it is inside of: all must match
	// backdrop: a rule for ::backdrop, kept apart from the cascade (toplayer.go).
	backdrop bool
}

// parseStyleSheet parses CSS text into style rules, starting at order.
// Selectors go through cascadia; at-rules (but the rules inside @media) and rules with selectors it cannot parse
// (or pseudo-elements but ::backdrop) are skipped, as a browser drops invalid rules.
// https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet
func parseStyleSheet(text string, order int) []styleRule {
	var rules []styleRule
	for _, raw := range css.ParseStyleSheet(text) {
		var group cascadia.SelectorGroup
		var err error
		if css.MentionsElementState(raw.Prelude) {
			group, err = css.ParseStateSelectorGroup(raw.Prelude, true) // :hover, :focus, ...
		} else {
			group, err = cascadia.ParseGroupWithPseudoElements(raw.Prelude)
		}
		if err != nil {
			continue
		}
		decls := css.ParseDeclarationBlock(raw.Body, nil)
		keys := selectorKeys(raw.Prelude, len(group))
		var media []*css.MediaQueryList
		for _, m := range raw.Media {
			media = append(media, css.ParseMediaQueryList(m))
		}
		for i, sel := range group {
			pe := sel.PseudoElement()
			if pe != "" && pe != "backdrop" {
				continue
			}
			rules = append(rules, styleRule{sel: sel, spec: sel.Specificity(), order: order, decls: decls, key: keys[i], media: media,
				backdrop: pe != ""})
			order++
		}
	}
	return rules
}
