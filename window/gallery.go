package window

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/demos"
	"loopscope/targets"
)

// gallery is the demo gallery: the demos grouped in the order the seeds teach (demos.Lessons),
// each with its question, seed, variants and a marker for the ones about a real click.
// ↑/↓ (or the wheel) choose, ←/→ choose a variant, typing filters, Enter or a click opens.
// A click opens on release, over the row it pressed: the press and the release both belong
// to the gallery, so neither reaches the demo it opens.
type gallery struct {
	visible bool
	groups  []demos.Group
	broken  []error

	filter   string
	rows     []galleryRow  // what the filter leaves, group headers included
	selected int           // index in rows of the chosen demo (-1: none matches)
	variant  int           // chosen variant of the selected demo
	top      int           // first row shown
	pressed  int           // row a mouse press armed (-1: none)
	version  int           // bumped on every change, so the scene is redrawn
	at       galleryPlaces // where the last draw put things
}

// galleryRow is a group header (demo nil) or a demo.
type galleryRow struct {
	group string
	demo  *demos.Demo
}

// Gallery geometry: rows on the left, the chosen demo's card on the right.
const (
	rowH       = 22
	galleryTop = barH + 34 // below the bar and the filter line
)

// galleryPlaces is where the gallery's parts are in a window of its size (fit): the list
// takes 760 of the design's 1280 px (between 640 and 1000), a row's title ends where the
// markers and badges begin, 100 px before the list does (170 px from the design's width
// up: the row's right part is left plain, the selection's colour, which the window tests
// look at), the card takes the rest.
type galleryPlaces struct {
	w, h     int
	listW    int
	titleEnd int
	cardX    int
	rows     int // rows the list shows
}

func placeGallery(l layout) galleryPlaces {
	listW := min(max(l.w*760/designW, 640), 1000)
	titleEnd := listW - 100
	if l.w >= designW {
		titleEnd = listW - 170
	}
	return galleryPlaces{w: l.w, h: l.h, listW: listW, titleEnd: titleEnd, cardX: listW + 20,
		rows: max(1, (l.h-galleryTop-8)/rowH)}
}

// shownRows is how many rows the list shows (the design's until the first draw).
func (g *gallery) shownRows() int {
	if g.at.rows == 0 {
		return placeGallery(newLayout(designW, designH, true)).rows
	}
	return g.at.rows
}

func (g *gallery) load() {
	list, broken := targets.Demos() // with seed 002's Node examples, marked as Node
	g.groups, g.broken = demos.Lessons(list), broken
	g.visible = true
	g.pressed = -1
	g.refilter()
}

// refilter rebuilds the rows for the filter (a case-insensitive substring of a demo's name,
// title, question or group) and keeps the selection on a demo.
func (g *gallery) refilter() {
	var keep *demos.Demo
	if g.selected >= 0 && g.selected < len(g.rows) {
		keep = g.rows[g.selected].demo
	}
	g.rows = g.rows[:0]
	f := strings.ToLower(g.filter)
	for _, grp := range g.groups {
		header := false
		for i := range grp.Demos {
			d := &grp.Demos[i]
			hay := strings.ToLower(d.Name + " " + d.Title + " " + d.Question + " " + grp.Name)
			if f != "" && !strings.Contains(hay, f) {
				continue
			}
			if !header {
				g.rows = append(g.rows, galleryRow{group: grp.Name})
				header = true
			}
			g.rows = append(g.rows, galleryRow{group: grp.Name, demo: d})
		}
	}
	g.selected = -1
	for i, r := range g.rows {
		if r.demo != nil && (g.selected < 0 || r.demo == keep) {
			g.selected = i
		}
	}
	g.variant = 0
	g.top = 0
	g.scrollToSelected()
	g.version++
}

// move selects the demo n rows away (skipping headers), within the list.
func (g *gallery) move(n int) {
	if g.selected < 0 {
		return
	}
	step := 1
	if n < 0 {
		step, n = -1, -n
	}
	i := g.selected
	for ; n > 0; n-- {
		j := i + step
		for j >= 0 && j < len(g.rows) && g.rows[j].demo == nil {
			j += step
		}
		if j < 0 || j >= len(g.rows) {
			break
		}
		i = j
	}
	if i != g.selected {
		g.selected, g.variant = i, 0
	}
	g.scrollToSelected()
	g.version++
}

func (g *gallery) scrollToSelected() {
	if g.selected < 0 {
		return
	}
	first := g.selected
	if first > 0 && g.rows[first-1].demo == nil {
		first-- // show the group's header with its first demo
	}
	if first < g.top {
		g.top = first
	}
	if g.selected >= g.top+g.shownRows() {
		g.top = g.selected - g.shownRows() + 1
	}
}

// current is the selected demo (nil: none).
func (g *gallery) current() *demos.Demo {
	if g.selected < 0 || g.selected >= len(g.rows) {
		return nil
	}
	return g.rows[g.selected].demo
}

// target is what opening the selected demo opens: its name, with the chosen variant's query.
func (g *gallery) target() string {
	d := g.current()
	if d == nil {
		return ""
	}
	if v := d.Variants(); len(v) > 0 {
		return d.Name + v[g.variant%len(v)]
	}
	return d.Name
}

// next is the demo after name in the lessons' order (for the "next demo" key); "" at the end.
func (g *gallery) next(name string) string {
	var all []*demos.Demo
	for _, grp := range g.groups {
		for i := range grp.Demos {
			all = append(all, &grp.Demos[i])
		}
	}
	for i, d := range all {
		if d.Name == name && i+1 < len(all) {
			return all[i+1].Name
		}
	}
	return ""
}

// rowAt is the row under the window point (x, y), or -1.
func (g *gallery) rowAt(x, y int) int {
	if x < 0 || x >= g.at.listW || y < galleryTop {
		return -1
	}
	i := g.top + (y-galleryTop)/rowH
	if i >= len(g.rows) || i >= g.top+g.shownRows() {
		return -1
	}
	return i
}

// update handles the gallery's input; it returns a target to open.
func (g *gallery) update() (string, bool) {
	if !g.visible {
		return "", false
	}
	if typed := ebiten.AppendInputChars(nil); len(typed) > 0 {
		g.filter += string(typed)
		g.refilter()
	}
	pressed := inpututil.IsKeyJustPressed
	switch {
	case pressed(ebiten.KeyBackspace) && g.filter != "":
		r := []rune(g.filter)
		g.filter = string(r[:len(r)-1])
		g.refilter()
	case pressed(ebiten.KeyEscape) && g.filter != "":
		g.filter = ""
		g.refilter()
	case pressed(ebiten.KeyDown):
		g.move(1)
	case pressed(ebiten.KeyUp):
		g.move(-1)
	case pressed(ebiten.KeyPageDown):
		g.move(g.shownRows() - 2)
	case pressed(ebiten.KeyPageUp):
		g.move(-(g.shownRows() - 2))
	case pressed(ebiten.KeyRight), pressed(ebiten.KeyLeft):
		if d := g.current(); d != nil && len(d.Variants()) > 0 {
			n := len(d.Variants())
			if pressed(ebiten.KeyRight) {
				g.variant = (g.variant + 1) % n
			} else {
				g.variant = (g.variant + n - 1) % n
			}
			g.version++
		}
	case pressed(ebiten.KeyEnter), pressed(ebiten.KeyKPEnter):
		if t := g.target(); t != "" {
			return t, true
		}
	}
	if _, dy := ebiten.Wheel(); dy != 0 {
		g.move(-int(dy))
	}
	x, y := ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		g.pressed = -1
		if i := g.rowAt(x, y); i >= 0 && g.rows[i].demo != nil {
			g.pressed = i
			if g.selected != i {
				g.selected, g.variant = i, 0
			}
			g.version++
		}
	}
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
		i := g.rowAt(x, y)
		armed := g.pressed
		g.pressed = -1
		if i >= 0 && i == armed {
			return g.target(), true
		}
	}
	return "", false
}

var (
	galleryInk     = color.RGBA{0x22, 0x22, 0x22, 0xff}
	galleryDim     = color.RGBA{0x66, 0x66, 0x66, 0xff}
	galleryName    = color.RGBA{0x11, 0x33, 0x88, 0xff}
	galleryPick    = color.RGBA{0xd6, 0xe4, 0xff, 0xff}
	galleryHeader  = color.RGBA{0x2b, 0x2d, 0x42, 0xff}
	galleryMarkerC = color.RGBA{0xc2, 0x5e, 0x00, 0xff}
	galleryNodeC   = color.RGBA{0x2e, 0x7d, 0x32, 0xff} // Node's badge
)

// drawNodeBadge marks a Node demo in the gallery's list.
func drawNodeBadge(screen *ebiten.Image, f *fonts, x, y int) {
	vector.DrawFilledRect(screen, float32(x), float32(y), 40, rowH-6, galleryNodeC, false)
	f.draw(screen, "Node", x+6, y, color.White, true)
}

func (g *gallery) draw(screen *ebiten.Image, f *fonts, l layout) {
	g.at = placeGallery(l)
	galleryListW := g.at.listW
	f.region("bar", rect{0, 0, l.w, barH})
	vector.DrawFilledRect(screen, 0, 0, float32(l.w), barH, barColor, false)
	f.draw(screen, "loopscope — demo gallery: lessons in the order the articles teach them", 8, 6, color.White, true)
	filter := "type to filter"
	if g.filter != "" {
		filter = "filter: " + g.filter + "_  (Backspace, Esc clears)"
	}
	help := filter + "   ·   ↑/↓ choose, ←/→ variant, Enter or click opens; in a demo N opens the next one, Esc comes back"
	// The line under the bar, across the window: the keys, and, when the list goes on past
	// the window, how far, at the list's right end or after the keys (issue 25: nothing said
	// the gallery continues below the fold).
	f.region("gallery help", rect{0, barH, l.w, galleryTop - barH})
	cue := ""
	if more := len(g.rows) - (g.top + g.shownRows()); more > 0 || g.top > 0 {
		cue = fmt.Sprintf("↓ %d more rows below", max(more, 0))
		if g.top > 0 {
			cue = fmt.Sprintf("↑ %d above · ", g.top) + cue
		}
	}
	cueW := f.width(f.bold, cue)
	help = f.elide(f.regular, help, l.w-16-cueW-16)
	f.draw(screen, help, 8, barH+8, galleryDim, false)
	if cue != "" {
		x := max(8+f.width(f.regular, help)+16, galleryListW-8-cueW)
		f.draw(screen, cue, x, barH+8, galleryMarkerC, true)
	}
	f.region("gallery list", rect{0, galleryTop, galleryListW, l.h - galleryTop})
	for i := g.top; i < len(g.rows) && i < g.top+g.shownRows(); i++ {
		r := g.rows[i]
		y := galleryTop + (i-g.top)*rowH
		if r.demo == nil {
			f.draw(screen, r.group, 8, y+3, galleryHeader, true)
			vector.StrokeLine(screen, 8, float32(y+rowH-2), float32(galleryListW-8), float32(y+rowH-2), 1, color.RGBA{0xbb, 0xbb, 0xcc, 0xff}, false)
			continue
		}
		if i == g.selected {
			vector.DrawFilledRect(screen, 0, float32(y), float32(galleryListW), rowH, galleryPick, false)
		}
		f.drawMono(screen, f.elide(f.mono, r.demo.Name, 300-20-8), 20, y+4, galleryName)
		if r.demo.Node {
			drawNodeBadge(screen, f, galleryListW-52, y+3)
		} else if marker, _ := r.demo.RealInput(); marker != "" {
			f.draw(screen, marker, galleryListW-90, y+3, galleryMarkerC, true)
		}
		// The title between x 300 and galleryTitleEnd: never under a marker, and the row's
		// right part is left plain (the selection's colour, which the window tests look at).
		f.draw(screen, f.elide(f.regular, r.demo.Title, g.at.titleEnd-300), 300, y+3, galleryInk, false)
	}
	if len(g.rows) == 0 {
		f.draw(screen, "no demo matches "+fmt.Sprintf("%q", g.filter), 20, galleryTop+4, galleryDim, false)
	}
	g.drawCard(screen, f)
	f.region("gallery list", rect{0, barH, l.w, l.h - barH})
	y := l.h - 8 - rowH*len(g.broken)
	for _, err := range g.broken {
		f.draw(screen, err.Error(), 12, y, color.RGBA{0xcc, 0x22, 0x22, 0xff}, false)
		y += rowH
	}
}

// drawCard shows the selected demo: its question (what to predict), seed, variants, marker.
func (g *gallery) drawCard(screen *ebiten.Image, f *fonts) {
	d := g.current()
	x := g.at.cardX
	vector.DrawFilledRect(screen, float32(x-10), galleryTop, float32(g.at.w-x+10), float32(g.at.h-galleryTop), color.RGBA{0xfa, 0xfa, 0xfc, 0xff}, false)
	f.region("gallery card", rect{x - 10, galleryTop, g.at.w - x + 10, g.at.h - galleryTop})
	textW := min(g.at.w-x-12, 560) // the card's text: 66 characters or so at most, as at the design size
	if d == nil {
		return
	}
	y := galleryTop + 6
	para := func(label, text string, c color.Color) {
		if label != "" {
			f.draw(screen, label, x, y, galleryDim, true)
			y += lineH + 2
		}
		for _, ln := range f.wrapPx(f.regular, text, textW) {
			f.draw(screen, ln, x, y, c, false)
			y += lineH
		}
		y += 8
	}
	f.draw(screen, d.Group, x, y, galleryHeader, false)
	y += lineH + 4
	para("", d.Title, galleryInk)
	para("Question", d.Question, galleryInk)
	para("Seed", d.Seed, galleryDim)
	if v := d.Variants(); len(v) > 0 {
		f.draw(screen, "Variants (←/→)", x, y, galleryDim, true)
		y += lineH + 2
		vx := x
		for i, q := range v {
			c := galleryDim
			if i == g.variant%len(v) {
				vector.DrawFilledRect(screen, float32(vx-3), float32(y-1), float32(8*len(q)+8), lineH+2, galleryPick, false)
				c = galleryName
			}
			f.drawMono(screen, q, vx, y, c)
			vx += 8*len(q) + 16
		}
		y += lineH + 10
	}
	if d.Node {
		para("", "A Node script (node 20's event loop): the page area shows libuv's phases in a ring, the queues view Node's queues; 3 steps one phase.", galleryNodeC)
	}
	if _, hint := d.RealInput(); hint != "" {
		para("", hint, galleryMarkerC)
	}
	f.draw(screen, "Enter or click opens it", x, y, galleryDim, false)
}
