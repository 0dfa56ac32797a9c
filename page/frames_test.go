package page

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"os"
	"strings"
	"testing"

	"loopscope/internal/testsupport"
	"loopscope/loop"
)

// TestFramesOfTimeouts: seed 003's page sets the text to 1, 2, 3, 4 in timeouts of 0, 16.8,
// 18 and 35 ms after a click. On a 60 Hz display a frame paints whatever the timers that ran
// before it set, so which values reach the screen depends only on where the click falls in
// the frame: φ, the time from the click to the next vsync. The timeout 16.8 is a WebIDL
// long: 16 ms. Frames at φ, φ+16.67, φ+33.33, ... after the click show:
//   - φ < 1.33 ms: 1 (at φ), 2 (φ+16.67 < 18), 3 (φ+33.33 < 35), 4
//   - 1.33 ≤ φ < 16: 1, 3, 4
//   - φ ≥ 16: 2 (the 0 and 16 ms timers both ran before the first frame), 3, 4
//
// Checked twice: by the page's rAF probe, and by the number of distinct painted frames.
func TestFramesOfTimeouts(t *testing.T) {
	src, err := os.ReadFile("../demos/frames_of_timeouts.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		phase float64
		want  []string
	}{
		{0.5, []string{"1", "2", "3", "4"}},
		{8, []string{"1", "3", "4"}},
		{16.3, []string{"2", "3", "4"}},
	} {
		t.Run(fmt.Sprintf("phase %.1f ms", tc.phase), func(t *testing.T) {
			con := &testsupport.Console{}
			var frames []*image.RGBA
			p, err := New(src, "file:///demos/frames_of_timeouts.html", "", Options{VirtualTime: true, Console: con,
				OnFrame: func(img *image.RGBA, _ float64, _ image.Rectangle) { frames = append(frames, img) }})
			if err != nil {
				t.Fatal(err)
			}
			interval := 1000.0 / 60
			p.AfterLoad(func(loadEnd float64) {
				// Click tc.phase ms before a vsync, a few frames after load.
				vsync := (math.Floor(loadEnd/interval) + 6) * interval
				p.Loop.At(vsync-tc.phase, func() {
					if err := p.RealClickElement("#box"); err != nil {
						t.Error(err)
					}
				})
				p.Loop.At(vsync+500, p.Loop.Stop)
			})
			p.Run(loop.RunOptions{})
			var want []string
			for _, v := range tc.want {
				want = append(want, "frame shows "+v)
			}
			if strings.Join(con.Lines, "\n") != strings.Join(want, "\n") {
				t.Errorf("rAF probe: got %q, want %q", con.Lines, want)
			}
			distinct := 0
			for i, f := range frames {
				if i == 0 || !bytes.Equal(frames[i-1].Pix, f.Pix) {
					distinct++
				}
			}
			if distinct != len(tc.want)+1 { // the initial "0", then each value shown
				t.Errorf("%d distinct painted frames, want %d", distinct, len(tc.want)+1)
			}
		})
	}
}
