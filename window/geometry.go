package window

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Geometry of the window (device-independent pixels). The window is laid out for its size,
// not scaled (issue 25, item 12): the top bar across, the page at the left, the instrument
// pane at the right (tabs on top), the explanation and keys below; the fonts keep their
// size at every window size, and only the regions' sizes follow the window (layout).
const (
	barH = 26 // top bar
	tabH = 22 // the pane's tabs
	// designW×designH is the window's size when the screen has room for it; laid out there,
	// the page area is 800×600 CSS px, the pane 480 px wide and the strip 150 px tall.
	designW, designH = 1280, 776
	// The pane takes 3/8 of the window's width, between these.
	minPaneW, maxPaneW = 400, 720
	// The strip below takes 150/776 of the window's height, between these: at 600 px its
	// status line, two lines of explanation and three of keys.
	minInfoH, maxInfoH = 116, 150
)

// layout is where each region of a w×h window is.
type layout struct {
	w, h     int
	page     rect // the page's frame (its viewport, one CSS px to a pixel)
	tabs     rect // the pane's tabs
	paneBody rect // the pane's instrument, below the tabs
	info     rect // the strip below (h 0 while I hides it)
}

// newLayout lays a w×h window out, with the strip below or without it (info).
func newLayout(w, h int, info bool) layout {
	w, h = max(w, 1), max(h, barH+tabH+1)
	paneW := min(max(w*3/8, minPaneW), maxPaneW, w)
	infoH := 0
	if info {
		infoH = min(max(h*maxInfoH/designH, minInfoH), maxInfoH, h-barH-tabH-1)
	}
	bodyH := h - barH - infoH
	pageW := w - paneW
	return layout{
		w: w, h: h,
		page:     rect{0, barH, pageW, bodyH},
		tabs:     rect{pageW, barH, paneW, tabH},
		paneBody: rect{pageW, barH + tabH, paneW, bodyH - tabH},
		info:     rect{0, barH + bodyH, w, infoH},
	}
}

// pane is the whole pane: the tabs and the instrument below them.
func (l layout) pane() rect { return rect{l.tabs.x, l.tabs.y, l.tabs.w, l.tabs.h + l.paneBody.h} }

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

// inside reports whether o lies within r.
func (r rect) inside(o rect) bool {
	return r.x >= o.x && r.y >= o.y && r.x+r.w <= o.x+o.w && r.y+r.h <= o.y+o.h
}

// overlaps reports whether r and o share some area.
func (r rect) overlaps(o rect) bool {
	return r.x < o.x+o.w && o.x < r.x+r.w && r.y < o.y+o.h && o.y < r.y+r.h
}

// windowMargin is room left on the screen for the window's title bar, a panel or a dock.
const windowMargin = 100

// openSize is the size the window opens at: designW×designH, or less on a smaller screen
// (a 1366×768 laptop: the title bar and a panel would not leave 776 px), laid out for it.
func openSize() (int, int) {
	w, h := designW, designH
	if m := ebiten.Monitor(); m != nil {
		if mw, mh := m.Size(); mw > 0 && mh > 0 {
			w, h = min(w, mw-16), min(h, mh-windowMargin)
		}
	}
	return max(w, 640), max(h, 400)
}

// infoShown reports whether the strip below the page is laid out (I hides it; the gallery
// takes the whole window anyway).
func (g *game) infoShown() bool { return g.info.visible || g.gallery.visible }
