package window

import (
	"image"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"loopscope/demos"
	"loopscope/page"
	"loopscope/targets"
)

// session is the page the window shows: it opens and closes it, runs its loop on its own
// goroutine, and keeps the frames it painted until they are presented. The page and its demo are set and read
// under mu (the vsync clock reads them from its goroutine); everything else the page
// reports from its goroutine goes through atomics.
type session struct {
	opts Options
	// opener opens targets as the command line does; it keeps the Node demos' scripts it
	// writes until the window closes.
	opener targets.Opener
	con    *consoleLog
	// viewW, viewH: the viewport a page opens with (0: the default), from the window's
	// size (viewport.go); set and read on the main thread.
	viewW, viewH int
	rec          recorder // the shown page's real input, as an actions file (record.go)

	mu     sync.Mutex
	page   *page.Page
	demo   *demos.Demo
	target string
	done   chan struct{} // closed when the page's loop goroutine ends

	// fullscreen is the page's last requestFullscreen (1) or exitFullscreen (0) not yet
	// applied (-1: none); set on the page's goroutine, applied by Update (Ebiten runs single-
	// threaded: its window calls belong to the game's goroutine).
	fullscreen atomic.Int32
	// broken is set (from the page's goroutine) to a page whose realm became unusable.
	broken atomic.Pointer[page.Page]
	// frames are the frames the page painted and the window has not presented yet
	// (frames.go); painted counts them.
	frames  frameQueue
	painted atomic.Int64
}

// open loads target (a page path or demo name) in mode and starts its loop; it returns the
// error that kept it from loading.
func (s *session) open(target string, mode page.Mode, speed float64, paused bool) error {
	s.close()
	s.con.clear()
	popts := page.Options{Mode: mode, PostedVsync: true, Stepping: true, TrackMicrotasks: true, Console: s.con,
		ScriptTimeout: s.opts.ScriptTimeout, MaxHeap: s.opts.MaxHeap, OnInput: func(a page.Action) {
			s.rec.onInput(a)
			s.con.separate(a)
		},
		Width: s.viewW, Height: s.viewH,
		// The page's requestFullscreen()/exitFullscreen() really take the window fullscreen,
		// at the next Update (applyFullscreen).
		OnFullscreen: func(on bool) {
			if on {
				s.fullscreen.Store(1)
			} else {
				s.fullscreen.Store(0)
			}
			ebiten.ScheduleFrame() //nolint:staticcheck // wakes a waiting Update (safe from any goroutine)
		},
		OnFrame: func(img *image.RGBA, frameTime float64, damage image.Rectangle) {
			s.frames.push(&painted{img: img, frameTime: frameTime, seq: s.painted.Add(1), damage: damage})
		}}
	env := "" // -env applies to the command line's target
	if target == s.opts.Target {
		env = s.opts.Env
	}
	p, d, err := s.opener.Open(target, env, popts)
	if err != nil {
		return err
	}
	s.rec.start(p, target, mode)
	p.SetSpeed(speed)
	if paused {
		p.Pause() // before its loop starts: it stops before the first task
	}
	done := make(chan struct{})
	s.mu.Lock()
	s.page, s.demo, s.target, s.done = p, d, target, done
	s.mu.Unlock()
	s.frames.clear()
	go func() {
		defer close(done)
		p.Run(page.RunOptions{})
		p.Close() // a reload or another page: its workers end with it
		if p.Broken() {
			s.broken.Store(p)
		}
	}()
	return nil
}

// close stops the running page's loop and waits for its goroutine (bounded: a page stuck
// in a long task is interrupted by its own watchdog).
func (s *session) close() {
	s.mu.Lock()
	p, done := s.page, s.done
	s.page, s.done = nil, nil
	s.mu.Unlock()
	if p == nil {
		return
	}
	if msg := s.rec.flush(true); msg != "" {
		s.con.Error(msg)
	}
	p.PostStop()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
	s.fullscreen.Store(-1)
	if ebiten.IsFullscreen() {
		ebiten.SetFullscreen(false) // a page left fullscreen: the next one opens in the window
	}
}

// applyFullscreen takes the window in or out of fullscreen as the page last asked; on the
// game's goroutine.
func (s *session) applyFullscreen() {
	if on := s.fullscreen.Swap(-1); on >= 0 {
		ebiten.SetFullscreen(on == 1)
	}
}

// current is the running page (nil: none) and its demo (nil: a page file).
func (s *session) current() (*page.Page, *demos.Demo) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.page, s.demo
}

// currentTarget is what was opened last (a page path or demo name).
func (s *session) currentTarget() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.target
}

// takeBroken returns the running page if its realm became unusable since the last call.
func (s *session) takeBroken() *page.Page {
	p := s.broken.Swap(nil)
	if cur, _ := s.current(); p == nil || p != cur {
		return nil // none, or already closed or replaced
	}
	return p
}

// postVsync gives the running page a rendering opportunity now (never blocks).
func (s *session) postVsync() {
	if p, _ := s.current(); p != nil {
		p.PostVsync()
	}
}

// clickTarget is the selector a synthetic click clicks: the demo's first action's.
func (s *session) clickTarget() string {
	_, d := s.current()
	if d == nil {
		return ""
	}
	for _, r := range d.Runs {
		for _, act := range r.Actions {
			return act.Click
		}
	}
	return ""
}
