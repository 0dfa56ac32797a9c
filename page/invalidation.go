package page

import (
	"golang.org/x/net/html"

	"loopscope/dom"
	"loopscope/render"
)

// tellEngineOfChanges connects the document's mutations to the engine's style
// invalidation: each change is reported as it happens, so that the next frame restyles,
// lays out and rasters only what it affects.
func tellEngineOfChanges(doc *dom.Document, e *render.Engine) {
	doc.SetChangeHook(func(kind dom.ChangeKind, h *html.Node, attr string, version uint64) {
		k := render.ChangeChildren
		switch kind {
		case dom.ChangeAttribute:
			k = render.ChangeAttribute
		case dom.ChangeText:
			k = render.ChangeText
		case dom.ChangeState:
			k = render.ChangeState
		}
		e.NoteChange(k, h, attr, version)
	})
}
