package window

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"loopscope/page"
)

// binding is one entry of the key map: any of its keys runs its action.
type binding struct {
	keys []ebiten.Key
	do   func(g *game)
	// replacesPage: the action reloads, replaces or closes the page, so the keys after it
	// in the same frame are not handled.
	replacesPage bool
	// whilePredicting: the key works while the learner orders a prediction (the others
	// wait for it, and the prediction's pane says so).
	whilePredicting bool
}

// justPressed reports whether one of b's keys was pressed this frame (chars: this frame's
// characters; see keysPressedOrTyped).
func (b binding) justPressed(chars []rune) bool { return keysPressedOrTyped(b.keys, chars) }

// keysPressedOrTyped reports whether one of keys went down this frame. A key pressed and
// released between two frames (a frame late by more than the press lasts: a loaded
// machine, a slow GPU) is never seen down, but its character is queued: it counts when
// none of the keys is down now. A character while one is held down is its auto-repeat
// (or the same press, seen), and does not count.
func keysPressedOrTyped(keys []ebiten.Key, chars []rune) bool {
	for _, k := range keys {
		if inpututil.IsKeyJustPressed(k) {
			return true
		}
	}
	for _, k := range keys {
		if ebiten.IsKeyPressed(k) {
			return false
		}
	}
	for _, r := range chars {
		if c, ok := charKey(r); ok && slices.Contains(keys, c) {
			return true
		}
	}
	return false
}

// charKey is the key that types r on a US layout, for the keys the key map uses.
func charKey(r rune) (ebiten.Key, bool) {
	switch {
	case r >= 'a' && r <= 'z':
		return ebiten.KeyA + ebiten.Key(r-'a'), true
	case r >= 'A' && r <= 'Z':
		return ebiten.KeyA + ebiten.Key(r-'A'), true
	case r >= '0' && r <= '9':
		return ebiten.Key0 + ebiten.Key(r-'0'), true
	}
	switch r {
	case ' ':
		return ebiten.KeySpace, true
	case '-', '_':
		return ebiten.KeyMinus, true
	case '=', '+':
		return ebiten.KeyEqual, true
	case '[', '{':
		return ebiten.KeyBracketLeft, true
	case ']', '}':
		return ebiten.KeyBracketRight, true
	}
	return 0, false
}

// shifted reports whether Shift goes with this frame's keys: held now, or an upper-case
// letter among the characters typed (a Shift+key pressed and released between frames).
func shifted(chars []rune) bool {
	if ebiten.IsKeyPressed(ebiten.KeyShift) {
		return true
	}
	for _, r := range chars {
		if r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}

// keyMap is what each key does in a page (README "In the window"), in the order keys
// pressed in the same frame are handled. The gallery has its own keys (gallery.go).
func keyMap() []binding {
	key := func(k ...ebiten.Key) []ebiten.Key { return k }
	return []binding{
		{keys: key(ebiten.KeyEscape), do: (*game).toGallery, replacesPage: true},
		// R reloads (paused before the first task if the page was paused); Shift+R opens it
		// paused before its first task: "step it from the start".
		{keys: key(ebiten.KeyR), do: func(g *game) { g.reload(shifted(g.input.chars)) }, replacesPage: true},
		{keys: key(ebiten.KeyM), do: func(g *game) {
			if shifted(g.input.chars) {
				g.modePinned = !g.modePinned
				return
			}
			g.mode = nextMode(g.mode, g.runningPage() != nil && g.runningPage().IsNode())
			g.open(g.session.currentTarget())
		}, replacesPage: true},
		{keys: key(ebiten.KeyN), do: (*game).nextDemo, replacesPage: true},
		{keys: key(ebiten.KeyD), do: (*game).copyDemoOut, replacesPage: true},

		{keys: key(ebiten.KeyS), do: (*game).syntheticClick},
		{keys: key(ebiten.KeyI), do: func(g *game) { g.info.visible = !g.info.visible }, whilePredicting: true},
		{keys: key(ebiten.KeyH), do: func(g *game) { g.hud.visible = !g.hud.visible }, whilePredicting: true},
		{keys: key(ebiten.KeyC), do: func(g *game) { g.tabs.show(tabConsole) }, whilePredicting: true},
		{keys: key(ebiten.KeyQ), do: func(g *game) { g.tabs.toggle(tabQueues, g.homeTab()) }, whilePredicting: true},
		{keys: key(ebiten.KeyT), do: func(g *game) { g.tabs.toggle(tabTimeline, g.homeTab()) }, whilePredicting: true},
		{keys: key(ebiten.KeyF), do: func(g *game) { g.tabs.toggle(tabFilmstrip, g.homeTab()) }, whilePredicting: true},

		{keys: key(ebiten.KeyP), do: func(g *game) { g.timeline().toggleFrozen() }},
		{keys: key(ebiten.KeyPageUp), do: func(g *game) { g.pageKeys(1) }},
		{keys: key(ebiten.KeyPageDown), do: func(g *game) { g.pageKeys(-1) }},
		{keys: key(ebiten.KeyBracketRight), do: func(g *game) { g.timeline().zoomAt(1, g.timeline().pointerGridY()) }},
		{keys: key(ebiten.KeyBracketLeft), do: func(g *game) { g.timeline().zoomAt(-1, g.timeline().pointerGridY()) }},
		{keys: key(ebiten.KeyJ), do: func(g *game) { g.jumpKey(false) }},
		{keys: key(ebiten.KeyL), do: func(g *game) { g.jumpKey(true) }},
		{keys: key(ebiten.KeyHome, ebiten.KeyEnd), do: func(g *game) {
			if g.tabs.selected == tabConsole {
				g.console().back = 0
				return
			}
			g.timeline().live()
		}},

		{keys: key(ebiten.KeySpace), do: (*game).pauseOrRestart, whilePredicting: true},
		{keys: key(ebiten.Key1, ebiten.KeyNumpad1), do: func(g *game) { g.controls.step(g.runningPage(), page.StepTask) }, whilePredicting: true},
		{keys: key(ebiten.Key2, ebiten.KeyNumpad2), do: func(g *game) { g.controls.step(g.runningPage(), page.StepCallback) }, whilePredicting: true},
		{keys: key(ebiten.Key3, ebiten.KeyNumpad3), do: func(g *game) { g.controls.step(g.runningPage(), page.StepFrame) }, whilePredicting: true},
		{keys: key(ebiten.Key4, ebiten.KeyNumpad4), do: func(g *game) { g.controls.step(g.runningPage(), page.StepMicrotask) }, whilePredicting: true},
		{keys: key(ebiten.Key5, ebiten.KeyNumpad5), do: func(g *game) { g.controls.step(g.runningPage(), page.StepHostCall) }, whilePredicting: true},
		{keys: key(ebiten.KeyMinus, ebiten.KeyNumpadSubtract), do: func(g *game) { g.controls.setSpeed(g.runningPage(), g.controls.speedIdx+1) }},
		{keys: key(ebiten.KeyEqual, ebiten.KeyNumpadAdd), do: func(g *game) { g.controls.setSpeed(g.runningPage(), g.controls.speedIdx-1) }},
		{keys: key(ebiten.KeyW), do: func(g *game) { g.status = g.session.rec.save() }},
		{keys: key(ebiten.KeyK), do: func(g *game) {
			if p := g.runningPage(); p != nil && !p.IsNode() {
				g.input.page.keys = true
				g.status = "the keys go to the page now (Esc gives them back to the instruments)"
			}
		}},
		{keys: key(ebiten.KeyE), do: func(g *game) {
			g.status = exportTrace(g.runningPage(), g.con, func(s string) { g.exportStatus.Store(&s) })
		}},
	}
}

// pageKeys is PgUp (dir 1: back) and PgDn: the console scrolls by a pane less two rows
// when it is shown, otherwise the timeline pans by its height less a row.
func (g *game) pageKeys(dir int) {
	if g.tabs.selected == tabConsole {
		g.console().scroll(dir * (g.console().shownRows() - 2))
		return
	}
	g.timeline().scroll(dir * (g.timeline().rows() - 1))
}

// runningPage is the running page (nil: none).
func (g *game) runningPage() *page.Page {
	p, _ := g.session.current()
	return p
}

// nextMode is the mode after m (M cycles through them; a Node script's are its own).
func nextMode(m page.Mode, node bool) page.Mode {
	all := page.Modes()
	if node {
		all = page.NodeModes()
	}
	for i, x := range all {
		if x == m {
			return all[(i+1)%len(all)]
		}
	}
	return page.ModeSpec
}
