// Package window is the Ebiten shell: the only package that imports Ebiten. It shows the
// page's newest frame, the console, the demo gallery and the instruments (HUD, timeline,
// filmstrip, queues view, step mode, speed); the page's loop runs on its own goroutine and
// Draw never waits for it. The shell talks to the page only through package page's entry
// points for other goroutines (page/post.go, page/stepping.go).
//
// Where things are: game.go is the ebiten.Game (thin); session.go the running page;
// input.go and keymap.go the mouse and the keys; draw.go what one Draw shows; the top bar
// (bar.go, controls.go), the pane (panes.go: tabs and the instrument interface; console.go,
// queues.go, timeline.go, filmstrip.go), the HUD (hud.go), the strip below (info.go) and the
// gallery (gallery.go) are each their own type; pacer.go decides who gives the page its
// rendering opportunities.
package window

import (
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/page"
)

// Options configure the window.
type Options struct {
	Target string    // a page path or demo name; "" opens the gallery
	Env    string    // -env for Target: "" (by its name), "browser" or "node" (targets.IsNode)
	Mode   page.Mode // initial behaviour mode
	// ScriptTimeout is the page's watchdog.
	ScriptTimeout time.Duration
	// MaxHeap stops a script that grows the Go heap past it, in bytes (page.Options.MaxHeap).
	MaxHeap int64
	// Stdout also receives the console (window mode prints it too).
	Stdout, Stderr *os.File
	// Record is -record's actions file: the real input of the page shown is written to it.
	Record string
	// Paused opens Target paused before its first task (a Node script: before its main
	// module), to be stepped from its first line.
	Paused bool
}

// Run opens the window and blocks until it is closed. It must be called on the main thread.
func Run(opts Options) error {
	ebiten.SetWindowTitle("loopscope")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// With the default 60 TPS about half of short OS clicks are never seen; sync with frames.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	g := newGame(opts)
	if opts.Target != "" {
		g.gallery.visible = false
		g.openPaused(opts.Target, opts.Paused)
	}
	ebiten.SetWindowSize(openSize())
	stop := make(chan struct{})
	go runVsyncClock(stop, g.clockTick)
	// SIGTERM or Ctrl+C closes the window as its close button does: the page is closed and
	// -record's file gets its duration_ms (issue 25: a recording ended by SIGTERM had none).
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		select {
		case <-sig:
			g.quit.Store(true)
			ebiten.ScheduleFrame() //nolint:staticcheck // wakes a waiting Update (safe from any goroutine)
		case <-stop:
		}
	}()
	// One thread for the window, its events and OpenGL: with Ebiten's default render thread,
	// Mesa's software renderer under Xvfb crashed (SIGSEGV in glDrawElements) once while the
	// main thread waited for X events. Every Ebiten call is made from Update or Draw, except
	// ScheduleFrame (concurrency-safe: it posts an empty event).
	err := ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{SingleThread: true})
	close(stop)
	g.session.close()
	g.session.opener.Close()
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
}
