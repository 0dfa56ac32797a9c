//go:build barebench && !windowbench

// The baseline the window's CPU is compared with (scripts/window-vs-ebiten.sh, issue 29): a
// bare Ebiten program, built with this module's Ebiten, that presents a window of the
// window's size (winW×winH, 1280×776) every frame at 60 Hz, with boxes moving in it so that
// every frame's content changes. Built as this package's test binary with the barebench
// tag, whose TestMain runs it instead of the tests:
//
//	go test -c -tags barebench -o bareebiten ./window/ && ./bareebiten -boxes 100
package window

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

var (
	bareBoxes  = flag.Int("boxes", 100, "moving boxes drawn each frame")
	bareUpload = flag.Int("upload", 0, "also write this many rows of an 800 px wide texture each frame and draw it (as the window presents a page's damage)")
	bareFPS    = flag.Int("fps", 0, "present at most this many frames a second, sleeping at the end of Draw as the window's pacer does without vsync (0: as often as vsync lets it)")
	bareKept   = flag.Bool("kept", false, "keep the screen between frames (as the window does without vsync) and clear only where the boxes were: the least a frame of moving boxes costs")
)

// bareGame draws its boxes on a cleared screen every frame.
type bareGame struct {
	drawn atomic.Int64
	frame int
	tex   *ebiten.Image
	pix   []byte
	// -kept: the screen the boxes were drawn on and where they are on it.
	screen *ebiten.Image
	boxes  []image.Rectangle
	next   time.Time // -fps: when the next frame is due
}

func (b *bareGame) Update() error { b.frame++; return nil }

func (b *bareGame) Draw(screen *ebiten.Image) {
	b.drawn.Add(1)
	if !*bareKept || b.screen != screen {
		screen.Fill(paneBG)
		b.screen = screen
	} else {
		for _, r := range b.boxes {
			vector.DrawFilledRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), paneBG, false)
		}
	}
	b.boxes = b.boxes[:0]
	for i := 0; i < *bareBoxes; i++ {
		x := 20 + (i%10)*60 + int(200*(1+math.Sin(float64(b.frame+i*7)/30)))
		y := 40 + (i/10)*55
		vector.DrawFilledRect(screen, float32(x), float32(y), 40, 40, color.RGBA{0x33, 0xaa, 0x77, 0xff}, false)
		b.boxes = append(b.boxes, image.Rect(x, y, x+40, y+40))
	}
	if h := min(*bareUpload, pageH); h > 0 {
		if b.tex == nil {
			b.tex, b.pix = ebiten.NewImage(pageW, pageH), make([]byte, 4*pageW*h)
		}
		for i := range b.pix {
			b.pix[i] = byte(b.frame + i)
		}
		r := image.Rect(0, 0, pageW, h)
		b.tex.SubImage(r).(*ebiten.Image).WritePixels(b.pix)
		screen.DrawImage(b.tex.SubImage(r).(*ebiten.Image), &ebiten.DrawImageOptions{})
	}
	if *bareFPS > 0 {
		every := time.Second / time.Duration(*bareFPS)
		if now := time.Now(); b.next.IsZero() || now.Sub(b.next) > 4*every {
			b.next = now
		}
		b.next = b.next.Add(every)
		time.Sleep(time.Until(b.next))
	}
}

// The window at its design size (geometry.go), and its page area there.
const (
	winW, winH   = designW, designH
	pageW, pageH = 800, 600
)

func (b *bareGame) Layout(int, int) (int, int) { return winW, winH }

func TestMain(m *testing.M) {
	flag.Parse()
	g := &bareGame{}
	// On SIGTERM (the script's kill) it says how many frames it drew: its present rate.
	start := time.Now()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM)
	go func() {
		<-sig
		fmt.Fprintf(os.Stderr, "bareebiten: %d frames in %.1f s\n", g.drawn.Load(), time.Since(start).Seconds())
		os.Exit(0)
	}()
	ebiten.SetWindowTitle("bare Ebiten")
	ebiten.SetWindowSize(winW, winH)
	ebiten.SetTPS(60)
	ebiten.SetScreenClearedEveryFrame(!*bareKept)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "bareebiten:", err)
		os.Exit(1)
	}
}
