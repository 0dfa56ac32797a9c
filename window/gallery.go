package window

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"loopscope/demos"
)

// gallery is the list of built-in demos: arrows move, Enter (or a click) opens one.
type gallery struct {
	visible  bool
	list     []demos.Demo
	selected int
	broken   []error
}

const rowH = 22

func (g *gallery) load() {
	g.list, g.broken = demos.All()
	g.visible = true
}

// update handles the gallery's input; it returns a demo name to open.
func (g *gallery) update() (string, bool) {
	if !g.visible || len(g.list) == 0 {
		return "", false
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyDown):
		g.selected = (g.selected + 1) % len(g.list)
	case inpututil.IsKeyJustPressed(ebiten.KeyUp):
		g.selected = (g.selected + len(g.list) - 1) % len(g.list)
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter), inpututil.IsKeyJustPressed(ebiten.KeyKPEnter):
		return g.list[g.selected].Name, true
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		_, y := ebiten.CursorPosition()
		if i := (y - 60) / rowH; y >= 60 && i < len(g.list) {
			g.selected = i
			return g.list[i].Name, true
		}
	}
	return "", false
}

func (g *gallery) draw(screen *ebiten.Image, f *fonts) {
	vector.DrawFilledRect(screen, 0, 0, winW, barH, color.RGBA{0x2b, 0x2d, 0x42, 0xff}, false)
	f.draw(screen, "loopscope — demo gallery", 8, 6, color.White, true)
	f.draw(screen, "↑/↓ choose, Enter or click to open. In a demo: click the page (real click), S synthetic click, M mode, R reload, Esc back here; H HUD, Q queues, T timeline, F filmstrip, Space pause, 1/2/3 step.", 8, 34, color.RGBA{0x44, 0x44, 0x44, 0xff}, false)
	for i, d := range g.list {
		y := 60 + i*rowH
		if i == g.selected {
			vector.DrawFilledRect(screen, 0, float32(y), winW, rowH, color.RGBA{0xd6, 0xe4, 0xff, 0xff}, false)
		}
		f.drawMono(screen, fmt.Sprintf("%-52s", d.Name), 12, y+4, color.RGBA{0x11, 0x33, 0x88, 0xff})
		f.draw(screen, d.Title, 440, y+3, color.RGBA{0x22, 0x22, 0x22, 0xff}, false)
	}
	y := 60 + len(g.list)*rowH + 10
	for _, err := range g.broken {
		f.draw(screen, err.Error(), 12, y, color.RGBA{0xcc, 0x22, 0x22, 0xff}, false)
		y += rowH
	}
}
