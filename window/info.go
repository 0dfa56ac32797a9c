package window

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// infoPanel is the strip below the page: a status line, the demo's explanation and the keys.
type infoPanel struct {
	visible bool
}

const keyHelp = "Keys: click the page = real click, S synthetic click, K keys to the page (Esc: back), W save the clicks as an actions file, D copy the demo to a file to edit, R reload, M mode (Shift+M pins it), N next demo, Esc gallery · H HUD, Q queues, T timeline, F filmstrip, C console · " +
	"Space pause/run, 1 step a task, 2 a callback + its microtasks, 3 a frame, 4 a microtask, 5 a queue or log call, −/= speed, E save a Chrome trace of the last 10 s · I hide this"

func (in *infoPanel) draw(dst *ebiten.Image, f *fonts, r rect, status string, s *session, explain bool) {
	y0 := float32(r.y)
	vector.DrawFilledRect(dst, float32(r.x), y0, float32(r.w), float32(r.h), color.RGBA{0xfa, 0xfa, 0xfa, 0xff}, false)
	vector.StrokeLine(dst, float32(r.x), y0, float32(r.x+r.w), y0, 1, color.RGBA{0xbb, 0xbb, 0xbb, 0xff}, false)
	text := ""
	if status != "" {
		text = status + "\n"
	}
	if _, demo := s.current(); demo != nil && demo.Explanation != "" {
		if explain {
			text += demo.Explanation + "\n"
		} else if demo.Question != "" {
			text += demo.Question + " (The explanation follows your check.)\n"
		}
	}
	keys := keyHelp
	if p, _ := s.current(); p != nil && p.IsNode() {
		keys = nodeKeyHelp // nodering.go
	}
	textW := r.w - 16
	help := f.wrapPx(f.regular, keys, textW)
	helpY := r.y + r.h - len(help)*lineH - 4
	y := int(y0) + 6
	var lines []string
	for _, para := range strings.Split(strings.TrimSpace(text), "\n") {
		lines = append(lines, f.wrapPx(f.regular, para, textW)...)
	}
	room := max(0, (helpY-2-y)/lineH)
	if len(lines) > room && room > 0 {
		// What does not fit ends in "…" (a taller window shows it all).
		last := lines[room-1]
		for last != "" && f.width(f.regular, last+" …") > textW {
			last = string([]rune(last)[:len([]rune(last))-1])
		}
		lines = append(lines[:room-1], last+" …")
	}
	for i, ln := range lines {
		if i >= room {
			break
		}
		f.draw(dst, ln, 8, y, color.RGBA{0x22, 0x22, 0x22, 0xff}, false)
		y += lineH
	}
	for i, ln := range help {
		f.draw(dst, ln, 8, helpY+i*lineH, color.RGBA{0x55, 0x55, 0x77, 0xff}, false)
	}
}
