package page

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"loopscope/internal/testsupport"
)

// previewPage has three 100 px stripes, a script after each of the first two: the parser
// inserts the red one, then runs the first script (which asks for an animation frame), then
// inserts the blue one and runs the second; the green one comes when the parser finishes.
const previewPage = `<!doctype html>
<style>body { margin: 0 } div { height: 100px }</style>
<div style="background: rgb(255, 0, 0)"></div>
<script>requestAnimationFrame(() => console.log('raf'));</script>
<div style="background: rgb(0, 0, 255)"></div>
<script>console.log('second script');</script>
<div style="background: rgb(0, 128, 0)"></div>`

// TestPreviewShowsTheDocumentAsParsed (issue 25): a page paused before its first task and
// stepped a task at a time through the parser's script tasks shows, at each stop, the
// document as parsed so far: the preview the window paints in the page area has the
// stripes the parser has inserted, and none below the insertion point. It is not a rendering
// update: no frame is painted and the animation frame callback waits for its frame.
func TestPreviewShowsTheDocumentAsParsed(t *testing.T) {
	con := &testsupport.Console{}
	var frames atomic.Int32
	p, err := New([]byte(previewPage), "file:///preview.html", "", Options{VirtualTime: true, Stepping: true, Console: con,
		Width: 200, Height: 400, OnFrame: func(*image.RGBA, float64, image.Rectangle) { frames.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	st := p.Agent.Stepper()
	st.Pause()
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run(RunOptions{StopWhenQuiet: true, Until: 5000})
	}()
	stripe := func(img *image.RGBA, i int) string {
		switch c := img.RGBAAt(50, 50+100*i); c {
		case color.RGBA{255, 0, 0, 255}:
			return "red"
		case color.RGBA{0, 0, 255, 255}:
			return "blue"
		case color.RGBA{0, 128, 0, 255}:
			return "green"
		case color.RGBA{255, 255, 255, 255}:
			return "-"
		default:
			return fmt.Sprint(c)
		}
	}
	var seen []string // each stop before the first frame: the stripes shown, and the lines printed
	for stop := 0; stop < 20; stop++ {
		select {
		case <-done:
			stop = 20
			continue
		case <-st.ParkedSignal():
		}
		if frames.Load() > 0 {
			break // from the first frame on, the page's frames show the document
		}
		lines := strings.Join(con.Lines, ",")
		// The loop is parked: the document holds still, and the preview must show it as it is.
		v := p.Doc.Version()
		var pv *Preview
		for deadline := time.Now().Add(30 * time.Second); (pv == nil || pv.DocVersion != v) && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			p.RequestPreview()
			pv = p.Preview()
		}
		if pv == nil {
			t.Fatalf("stop %d: no preview of the document", stop)
		}
		if frames.Load() > 0 || strings.Contains(lines, "raf") {
			t.Fatalf("stop %d: the preview ran a rendering update (%d frames, lines %q)", stop, frames.Load(), lines)
		}
		s := stripe(pv.Img, 0) + " " + stripe(pv.Img, 1) + " " + stripe(pv.Img, 2) + " | " + lines
		if len(seen) == 0 || seen[len(seen)-1] != s {
			seen = append(seen, s)
		}
		p.Step(StepTask)
	}
	st.Resume()
	<-done
	// The parser's tasks, one at a time: nothing yet; the red stripe with the first script
	// (which printed nothing); the blue one with the second script's line; the green one at
	// the end of parsing.
	want := []string{"- - - | ", "red - - | ", "red blue - | second script", "red blue green | second script"}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("the stops before the first frame showed\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	if got := strings.Join(con.Lines, ","); got != "second script,raf" {
		t.Errorf("the page printed %q, want the second script's line, then the animation frame callback's", got)
	}
}
