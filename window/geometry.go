package window

import (
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// Geometry of the window (device-independent pixels): the top bar, the page at the left,
// the instrument pane at the right (tabs on top), the explanation and keys below.
const (
	pageW, pageH = 800, 600
	barH         = 26  // top bar
	paneW        = 480 // instrument pane, right of the page
	tabH         = 22  // the pane's tabs
	infoH        = 150 // explanation / keys, below the page
	winW, winH   = pageW + paneW, barH + pageH + infoH
)

// The shell's colours.
var (
	barColor    = color.RGBA{0x2b, 0x2d, 0x42, 0xff}
	paneBG      = color.RGBA{0x1e, 0x1e, 0x1e, 0xff}
	paneText    = color.RGBA{0xe8, 0xe8, 0xe8, 0xff}
	paneDim     = color.RGBA{0x9a, 0x9a, 0x9a, 0xff}
	paneErr     = color.RGBA{0xff, 0x80, 0x80, 0xff}
	accent      = color.RGBA{0xef, 0x8a, 0x17, 0xff}
	paneHeading = color.RGBA{0x8c, 0xb4, 0xff, 0xff}
)

// rect is a rectangle of the window, for drawing and hit testing.
type rect struct{ x, y, w, h int }

func (r rect) contains(x, y int) bool { return x >= r.x && y >= r.y && x < r.x+r.w && y < r.y+r.h }

// The regions input is routed by.
var (
	pageRect     = rect{0, barH, pageW, pageH}
	tabsRect     = rect{pageW, barH, paneW, tabH}
	paneBodyRect = rect{pageW, barH + tabH, paneW, pageH - tabH}
)

// clip shortens s to n runes, with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// wrap breaks s into lines of at most n runes at spaces.
func wrap(s string, n int) []string {
	var out []string
	words := strings.Fields(s)
	line := ""
	for _, w := range words {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > n {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// windowFit sizes the OS window: the shell is laid out at winW×winH (less the strip below
// the page while I hides it, so hiding it leaves no blank strip), scaled down as a whole on a
// screen too small for it (a 1366×768 laptop: the 776 px layout plus the title bar and a
// panel would not fit). Ebiten scales what is drawn and the cursor's position alike.
type windowFit struct {
	scale float64 // 1, or less on a small screen
	h     int     // the layout's height now
}

// windowMargin is room left on the screen for the window's title bar, a panel or a dock.
const windowMargin = 100

// fitScale is the scale that makes the whole window fit the monitor it opens on.
func fitScale() float64 {
	m := ebiten.Monitor()
	if m == nil {
		return 1
	}
	mw, mh := m.Size()
	if mw <= 0 || mh <= 0 {
		return 1
	}
	s := min(1, float64(mh-windowMargin)/winH, float64(mw-16)/winW)
	return max(s, 0.5) // a tiny screen scrolls or overlaps rather than making text unreadable
}

// layoutH is the height the shell is laid out at now.
func (g *game) layoutH() int {
	if !g.info.visible && !g.gallery.visible {
		return winH - infoH
	}
	return winH
}

// fitWindow resizes the OS window when the layout's height changed (I, or the gallery).
func (g *game) fitWindow() {
	h := g.layoutH()
	if h == g.fit.h {
		return
	}
	g.fit.h = h
	s := g.fit.scale
	if s <= 0 {
		s = 1
	}
	ebiten.SetWindowSize(int(math.Round(winW*s)), int(math.Round(float64(h)*s)))
}
