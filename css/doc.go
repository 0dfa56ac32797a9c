// Package css is loopscope's one CSS value code: it splits style sheets and declaration
// lists, parses the values of the properties the engine knows (lengths, numbers, colours,
// keywords, times, easing functions, transforms, and the shorthands margin, padding,
// inset, border*, overflow, list-style, background and transition into their
// longhands), and serialises values the way Chrome does. Its property table says which
// properties exist, which longhands a shorthand sets, which are inherited and which take
// lengths.
//
// The DOM (the CSSOM side: el.style, cssText) and the renderer (the cascade and
// getComputedStyle) both read it, so adding a property is one entry in the table and, if
// the engine draws it, one case where render computes it. It imports neither dom nor
// render.
//
// Specs cited (editor's drafts as of 2026-11-01): CSS Syntax 3, CSS Values 4, CSS Color 4,
// CSS Easing 2, CSSOM, CSS Cascade 5, CSS Transitions 1, CSS Backgrounds 3.
package css
