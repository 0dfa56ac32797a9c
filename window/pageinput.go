package window

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"loopscope/page"
)

// pageInput is the real input the window gives the page: mouse moves over the page area,
// every button, the wheel, and, once K gave it the keyboard, the keys (Esc gives the keys
// back to the instruments). Clicks alone never take the keyboard from the instruments, so
// clicking the page and then pressing Q, Space or a step key keeps working as before.
type pageInput struct {
	keys     bool // the page has the keyboard (K; Esc ends it)
	lastX    int  // the last pointer position posted (in the page area; -1: none)
	lastY    int
	chars    []rune
	justKeys []ebiten.Key
}

// keysToPageColour frames the page while it has the keyboard.
var keysToPageColour = color.RGBA{0xe0, 0x80, 0x10, 0xff}

// wheelNotch is a wheel notch's scroll, in CSS pixels (deltaY of one tick, deltaMode 0).
const wheelNotch = 100

// mouse posts the frame's mouse input over the page area: the pointer's move (when it
// changed), presses and releases of the middle and right buttons (the left one goes
// through input.press, which also serves the shell's controls), and the wheel. It reports
// whether the wheel was the page's.
func (pi *pageInput) mouse(p *page.Page, x, y int, v *viewportFollow, area rect) (wheelUsed bool) {
	if !area.contains(x, y) {
		if pi.lastX >= 0 {
			// The pointer left the page area: a move out of the viewport (out and leave).
			p.PostPointerMove(-1, -1)
		}
		pi.lastX, pi.lastY = -1, -1
		return false
	}
	lx, ly := x-area.x, y-area.y
	px, py := v.toPage(p, area, lx, ly) // page coordinates (viewport.go)
	if lx != pi.lastX || ly != pi.lastY {
		pi.lastX, pi.lastY = lx, ly
		p.PostPointerMove(px, py)
	}
	for _, b := range []struct {
		eb     ebiten.MouseButton
		button int
	}{{ebiten.MouseButtonMiddle, 1}, {ebiten.MouseButtonRight, 2}} {
		if inpututil.IsMouseButtonJustPressed(b.eb) {
			p.PostPointerButton(page.PointerPress, b.button, px, py)
		}
		if inpututil.IsMouseButtonJustReleased(b.eb) {
			p.PostPointerButton(page.PointerRelease, b.button, px, py)
		}
	}
	if dx, dy := ebiten.Wheel(); dx != 0 || dy != 0 {
		// Ebiten's wheel is positive up and left; a WheelEvent's delta is positive down
		// and right (what the content scrolls by).
		p.PostWheel(-dx*wheelNotch, -dy*wheelNotch)
		return true
	}
	return false
}

// keyboard posts the keys typed this frame to the page while it has the keyboard; it
// reports whether Esc ended that (the key map then ignores this frame's keys).
func (pi *pageInput) keyboard(p *page.Page) (released bool) {
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		pi.keys = false
		return true
	}
	pi.chars = ebiten.AppendInputChars(pi.chars[:0])
	for _, r := range pi.chars {
		if r < ' ' || r == 0x7f {
			continue
		}
		_ = p.PostKey(string(r)) // a character the page does not know is left out
	}
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	pi.justKeys = inpututil.AppendJustPressedKeys(pi.justKeys[:0])
	for _, k := range pi.justKeys {
		name, ok := namedPageKey(k)
		if !ok {
			continue
		}
		if shift {
			name = "Shift+" + name
		}
		_ = p.PostKey(name)
	}
	return false
}

// namedPageKey is the Playwright name of a key that types no character.
func namedPageKey(k ebiten.Key) (string, bool) {
	switch k {
	case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
		return "Enter", true
	case ebiten.KeyTab:
		return "Tab", true
	case ebiten.KeyBackspace:
		return "Backspace", true
	case ebiten.KeyDelete:
		return "Delete", true
	case ebiten.KeyArrowUp:
		return "ArrowUp", true
	case ebiten.KeyArrowDown:
		return "ArrowDown", true
	case ebiten.KeyArrowLeft:
		return "ArrowLeft", true
	case ebiten.KeyArrowRight:
		return "ArrowRight", true
	case ebiten.KeyHome:
		return "Home", true
	case ebiten.KeyEnd:
		return "End", true
	case ebiten.KeyPageUp:
		return "PageUp", true
	case ebiten.KeyPageDown:
		return "PageDown", true
	}
	if k >= ebiten.KeyF1 && k <= ebiten.KeyF12 {
		return k.String(), true
	}
	return "", false
}
