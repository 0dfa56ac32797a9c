package css

import "strings"

// IsKnown reports whether name is a CSS property that style objects expose.
func IsKnown(name string) bool { return known[name] }

// KnownNames lists the properties style objects expose, in alphabetical order (with the
// -webkit- aliases last).
func KnownNames() []string { return strings.Fields(knownProperties) }

var known = setOf(knownProperties)

// knownProperties are the CSS properties a CSSStyleDeclaration exposes (as Chrome does,
// whether or not the engine draws them).
const knownProperties = "align-content align-items align-self all animation animation-delay animation-direction " +
	"animation-duration animation-fill-mode animation-iteration-count animation-name animation-play-state " +
	"animation-timing-function appearance aspect-ratio backface-visibility background background-attachment " +
	"background-blend-mode background-clip background-color background-image background-origin " +
	"background-position background-position-x background-position-y background-repeat background-size " +
	"block-size border border-block border-block-end border-block-start border-bottom border-bottom-color " +
	"border-bottom-left-radius border-bottom-right-radius border-bottom-style border-bottom-width " +
	"border-collapse border-color border-image border-inline border-inline-end border-inline-start " +
	"border-left border-left-color border-left-style border-left-width border-radius border-right " +
	"border-right-color border-right-style border-right-width border-spacing border-style border-top " +
	"border-top-color border-top-left-radius border-top-right-radius border-top-style border-top-width " +
	"border-width bottom box-shadow box-sizing caption-side caret-color clear clip clip-path color " +
	"column-count column-gap column-rule column-width columns contain content content-visibility " +
	"counter-increment counter-reset cursor direction display empty-cells filter flex flex-basis " +
	"flex-direction flex-flow flex-grow flex-shrink flex-wrap float font font-family font-feature-settings " +
	"font-kerning font-size font-stretch font-style font-variant font-weight gap grid grid-area " +
	"grid-auto-columns grid-auto-flow grid-auto-rows grid-column grid-column-end grid-column-start grid-row " +
	"grid-row-end grid-row-start grid-template grid-template-areas grid-template-columns grid-template-rows " +
	"height hyphens image-rendering inline-size inset isolation justify-content justify-items justify-self " +
	"left letter-spacing line-height list-style list-style-image list-style-position list-style-type margin " +
	"margin-block margin-bottom margin-inline margin-left margin-right margin-top mask max-height max-width " +
	"min-height min-width mix-blend-mode object-fit object-position opacity order outline outline-color " +
	"outline-offset outline-style outline-width overflow overflow-wrap overflow-x overflow-y padding " +
	"padding-block padding-bottom padding-inline padding-left padding-right padding-top perspective " +
	"perspective-origin place-content place-items place-self pointer-events position quotes resize right " +
	"rotate row-gap scale scroll-behavior scrollbar-width tab-size table-layout text-align text-decoration " +
	"text-decoration-color text-decoration-line text-decoration-style text-indent text-overflow text-shadow " +
	"text-transform top touch-action transform transform-origin transform-style transition transition-delay " +
	"transition-duration transition-property transition-timing-function translate unicode-bidi user-select " +
	"vertical-align visibility white-space width will-change word-break word-spacing word-wrap writing-mode " +
	"z-index zoom -webkit-transform -webkit-transition -webkit-animation -webkit-user-select -webkit-appearance"
