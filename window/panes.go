package window

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// paneView is one instrument of the right-hand pane, shown under its tab. A new instrument
// implements it (and clicker or scroller if it takes the mouse), gets a tab in newPanes and
// a key in keyMap; what it shows it reads from the frame (frame.go).
type paneView interface {
	// tab is the label of its tab.
	tab() string
	// wants says which of the page's data the frame must fetch while it is shown.
	wants() wants
	// draw fills the pane (fr.lay.paneBody).
	draw(dst *ebiten.Image, f *fonts, fr *frame)
	// reset forgets the previous page (a page was opened).
	reset()
}

// clicker is a paneView that takes clicks (pane coordinates below the tabs); it reports
// whether the click hit something.
type clicker interface{ click(x, y int) bool }

// scroller is a paneView that the mouse wheel scrolls (dy as Ebiten reports it).
type scroller interface{ wheel(dy float64) }

// wants are the page data a frame fetches for the instruments shown.
type wants struct {
	spans    bool // the recent trace spans
	snapshot bool // a snapshot of the loop's queues
}

// The panes, in tab order (newPanes).
const (
	tabConsole = iota
	tabQueues
	tabTimeline
	tabFilmstrip
	// tabPredict is the prediction of a demo opened from the gallery (predict.go): the last
	// tab, there only while a prediction is up (game.tabCount), so that looking at the
	// queues or the console and coming back keeps the learner's order and its check.
	tabPredict
)

func newPanes(con *consoleLog, v *predictView) []paneView {
	return []paneView{tabConsole: &consoleView{con: con}, tabQueues: &queuesView{}, tabTimeline: &timeline{}, tabFilmstrip: newFilmstrip(),
		tabPredict: predictPane{v: v, con: con}}
}

// tabCount is the number of tabs shown: the Predict tab only while a prediction is up.
func (g *game) tabCount() int {
	if g.predict.active {
		return len(g.panes)
	}
	return tabPredict
}

// endPrediction takes the prediction and its tab away (another demo opened).
func (g *game) endPrediction() {
	g.predict = predictView{}
	if g.tabs.selected == tabPredict {
		g.tabs.show(tabConsole)
	}
}

// console is the console pane.
func (g *game) console() *consoleView { return g.panes[tabConsole].(*consoleView) }

// timeline is the timeline pane (its keys work while another pane is shown).
func (g *game) timeline() *timeline { return g.panes[tabTimeline].(*timeline) }

// filmstrip is the filmstrip pane (Draw feeds it every frame it presents).
func (g *game) filmstrip() *filmstrip { return g.panes[tabFilmstrip].(*filmstrip) }

// tabs are the pane's tabs: which instrument the pane shows.
type tabs struct {
	selected int
}

func (t *tabs) show(i int) { t.selected = i }

// toggle shows pane i, or home (the console, or the prediction while one is up) when i is
// shown already.
func (t *tabs) toggle(i, home int) {
	if t.selected == i {
		t.selected = home
		return
	}
	t.selected = i
}

// homeTab is the tab a tab key toggles back to: the prediction while one is up, else the
// console.
func (g *game) homeTab() int {
	if g.predict.active {
		return tabPredict
	}
	return tabConsole
}

// click selects the tab at x (pixels from the pane's left edge).
func (t *tabs) click(x, paneW, n int) {
	if i := x / max(paneW/n, 1); i >= 0 && i < n {
		t.selected = i
	}
}

// draw draws the first n tabs of panes.
func (t *tabs) draw(dst *ebiten.Image, f *fonts, panes []paneView, n int, l layout) {
	x0 := float32(l.tabs.x)
	vector.DrawFilledRect(dst, x0, barH, float32(l.tabs.w), tabH, color.RGBA{0x30, 0x30, 0x30, 0xff}, false)
	w := l.tabs.w / n
	for i, pv := range panes[:n] {
		x := l.tabs.x + i*w
		c := paneDim
		if i == t.selected {
			vector.DrawFilledRect(dst, float32(x), barH, float32(w), tabH, paneBG, false)
			vector.DrawFilledRect(dst, float32(x), barH+tabH-2, float32(w), 2, accent, false)
			c = paneText
		}
		label := pv.tab()
		if f.width(f.regular, label) > w-20 { // a narrow pane: "Queues (Q)" → "Queues"
			if i := strings.LastIndexByte(label, '('); i > 0 {
				label = strings.TrimSpace(label[:i])
			}
		}
		f.draw(dst, f.elide(f.regular, label, w-20), x+10, barH+4, c, false)
	}
	vector.StrokeLine(dst, x0, barH, x0, float32(l.paneBody.y+l.paneBody.h), 1, color.RGBA{0x88, 0x88, 0x88, 0xff}, false)
}

// fillPane paints the pane's background below the tabs (r).
func fillPane(dst *ebiten.Image, r rect) {
	vector.DrawFilledRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), paneBG, false)
}

// The pane instruments that take the mouse.
var (
	_ clicker  = (*timeline)(nil)
	_ scroller = (*timeline)(nil)
	_ clicker  = (*queuesView)(nil)
	_ scroller = (*queuesView)(nil)
	_ scroller = (*consoleView)(nil)
)
