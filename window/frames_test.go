package window

import (
	"image"
	"testing"
)

// TestEveryPaintedFrameIsPresented (issue 25, item 13): a frame the page shows for one
// refresh and then paints over (legacy-raf's flash) is presented before the frame that
// replaces it, even when both were painted before the next Draw; only when more frames wait
// than maxUnpresented is the oldest skipped, and its damage passes on.
func TestEveryPaintedFrameIsPresented(t *testing.T) {
	var q frameQueue
	box := image.Rect(10, 10, 20, 20)
	flash := &painted{seq: 1, damage: box}
	restore := &painted{seq: 2, damage: box}
	q.push(flash)
	q.push(restore)
	var shown []int64
	for fr := q.next(); fr != nil; fr = q.next() {
		shown = append(shown, fr.seq)
		q.presented(fr)
	}
	if len(shown) != 2 || shown[0] != 1 || shown[1] != 2 {
		t.Errorf("presented %v, want [1 2]: the flash, then the frame that paints over it", shown)
	}
	if waiting, presents := q.pending(); waiting != 0 || presents != 2 {
		t.Errorf("pending() = %d, %d; want 0 waiting, 2 presented", waiting, presents)
	}

	// Three frames before a Draw: the oldest is skipped, its damage carried by the next.
	other := image.Rect(100, 100, 110, 110)
	q.push(&painted{seq: 3, damage: other})
	q.push(&painted{seq: 4, damage: box})
	q.push(&painted{seq: 5, damage: box})
	fr := q.next()
	if fr.seq != 4 || fr.damage != box.Union(other) {
		t.Errorf("next = frame %d with damage %v; want frame 4 with %v", fr.seq, fr.damage, box.Union(other))
	}
	// A frame skipped between next and presented leaves the queue as it is.
	q.push(&painted{seq: 6, damage: box})
	q.presented(fr)
	if fr := q.next(); fr == nil || fr.seq != 5 {
		t.Errorf("after frame 4 was skipped while presented, next is %v; want frame 5", fr)
	}
	// The skipped frames go back to the page, but for the one presented (frame 4: it is
	// handed back when it is replaced on screen), and only once.
	var back []int64
	for _, sk := range q.takeSkipped(fr, nil) {
		back = append(back, sk.seq)
	}
	if len(back) != 1 || back[0] != 3 {
		t.Errorf("skipped frames handed back: %v; want [3]", back)
	}
	if again := q.takeSkipped(nil, nil); len(again) != 0 {
		t.Errorf("handed back again: %d frames", len(again))
	}
}
