package window

import (
	"image"
	"sync"
)

// The page's painted frames on their way to the screen. The window presents every frame the
// page paints, in order: a frame the page shows for a single refresh (the flash of the old
// Safari/Edge rAF order in legacy-raf mode) is seen at full speed. On a display that paces
// Draw, Draw posts the page's rendering opportunities itself and each painted frame is
// presented at the next Draw; without one (Xvfb) Draw presents at most every presentEvery
// while the page paints at 60 Hz, and frames wait here. At most maxUnpresented wait: when
// one more arrives the oldest is skipped (its damage passes on to the next), so the window
// trails the page by at most that many presents and a frame shown once among a run of
// changing frames may still be skipped there (the filmstrip says "+N unseen").

// maxUnpresented is how many painted frames may wait for a present.
const maxUnpresented = 2

// painted is a frame the page painted.
type painted struct {
	img       *image.RGBA
	frameTime float64
	seq       int64
	// damage is where img differs from the last frame the window presented (its own damage
	// and that of the frames before it that were skipped).
	damage image.Rectangle
}

// frameQueue holds the painted frames not yet presented, oldest first. The page's
// goroutine pushes; Draw takes. Safe from any goroutine.
type frameQueue struct {
	mu       sync.Mutex
	waiting  []*painted
	skipped  []*painted // skipped by push, to hand back to the page's engine (takeSkipped)
	presents int64      // frames presented so far
}

// push adds a frame the page painted, skipping the oldest waiting one when full.
func (q *frameQueue) push(fr *painted) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) == maxUnpresented {
		skipped := q.waiting[0]
		q.waiting = append(q.waiting[:0], q.waiting[1:]...)
		q.waiting[0].damage = q.waiting[0].damage.Union(skipped.damage)
		q.skipped = append(q.skipped, skipped)
	}
	q.waiting = append(q.waiting, fr)
}

// takeSkipped returns the frames push skipped since the last call, but for except (the
// frame Draw presents: it was skipped between next and presented, and is handed back
// when it is replaced on screen). Only Draw reads a frame's pixels: once it is done with
// them it hands these back to the page's engine to paint into again (without them, an
// animating page under Xvfb, painting 60 frames a second for 20-30 presents, made a new
// 1.9 MB frame and copied the last one whole for every frame skipped).
func (q *frameQueue) takeSkipped(except *painted, buf []*painted) []*painted {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, fr := range q.skipped {
		if fr != except {
			buf = append(buf, fr)
		}
	}
	clear(q.skipped)
	q.skipped = q.skipped[:0]
	return buf
}

// next is the frame to present next (nil: none waits).
func (q *frameQueue) next() *painted {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) == 0 {
		return nil
	}
	return q.waiting[0]
}

// presented takes fr off the queue (it is on screen now). A frame skipped by push meanwhile
// is no longer there: nothing happens then.
func (q *frameQueue) presented(fr *painted) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) > 0 && q.waiting[0] == fr {
		q.waiting = append(q.waiting[:0], q.waiting[1:]...)
		q.presents++
	}
}

// pending is how many frames wait, and how many were presented so far.
func (q *frameQueue) pending() (waiting int, presents int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiting), q.presents
}

// clear forgets every waiting frame (a page was opened).
func (q *frameQueue) clear() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.waiting = q.waiting[:0]
	clear(q.skipped)
	q.skipped = q.skipped[:0]
}
