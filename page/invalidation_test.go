package page

import (
	"fmt"
	"strings"
	"testing"

	"loopscope/loop"
)

// TestFrameWorkFollowsTheChange: the first frame lays out and rasters everything (its
// style was computed after parsing and after load, outside a frame, as Blink does, so it
// restyles nothing); after it, a timeout that changes one div's background among 200 makes
// a frame that restyles one element, lays out no box and rasters only that div's rectangle;
// the trace's style, layout and paint spans say so.
func TestFrameWorkFollowsTheChange(t *testing.T) {
	first, last := frameWork(t, "document.getElementById('d3').style.backgroundColor = 'red'")
	if first[0] != 0 || first[1] < 200 || first[2] != 800*600 {
		t.Errorf("first frame: %v elements restyled, boxes laid out, pixels rastered; want none restyled, everything laid out and rastered", first)
	}
	if last != [3]int32{1, 0, 800 * 10} {
		t.Errorf("the change's frame: %v elements restyled, boxes laid out, pixels rastered; want [1 0 8000]", last)
	}
}

// TestLayoutFollowsTheChange: a width change lays out the changed box and its ancestors
// (the div, body, html), not its 199 siblings, whose last layouts are reused; the div's
// old extent, which covers its new one, is rastered once (render/damagemerge.go).
func TestLayoutFollowsTheChange(t *testing.T) {
	_, last := frameWork(t, "document.getElementById('d3').style.width = '300px'")
	if last != [3]int32{1, 3, 800 * 10} {
		t.Errorf("the change's frame: %v elements restyled, boxes laid out, pixels rastered; want [1 3 8000]", last)
	}
}

// frameWork runs a page of 200 divs that runs change at 500 ms, and returns what the
// trace says the first frame and the change's frame did: elements restyled, boxes laid
// out, pixels rastered.
func frameWork(t *testing.T, change string) (first, last [3]int32) {
	t.Helper()
	var sb strings.Builder
	sb.WriteString("<style>body { margin: 0 } div { height: 10px; background: #eee }</style>")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&sb, "<div id=d%d></div>", i)
	}
	sb.WriteString("<script>setTimeout(() => { " + change + " }, 500)</script>")
	p, err := New([]byte(sb.String()), "file:///work.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 1000})
	var frames [][3]int32
	var cur [3]int32
	for _, s := range p.Spans() {
		switch s.Kind {
		case loop.KindStyle:
			cur[0] = s.Work
		case loop.KindLayout:
			cur[1] = s.Work
		case loop.KindPaint:
			cur[2] = s.Work
			frames = append(frames, cur)
		}
	}
	if len(frames) < 2 {
		t.Fatalf("%d painted frames, want the first and the change's", len(frames))
	}
	return frames[0], frames[len(frames)-1]
}

// TestInsertionFollowsTheChange: a div inserted among 200 is the one element styled, and
// laid out with its ancestors (body, html); its siblings keep their boxes and layouts.
func TestInsertionFollowsTheChange(t *testing.T) {
	_, last := frameWork(t, "document.body.insertBefore(document.createElement('div'), document.getElementById('d3'))")
	if last[0] != 1 || last[1] != 3 {
		t.Errorf("the change's frame: %v elements restyled, boxes laid out, pixels rastered; want 1 and 3", last)
	}
}

// TestQuietReplaceAllRenders: innerHTML and textContent set with nothing observing the
// tree (no MutationObserver, range, focus inside or mutation events) replace the children
// without DOM objects or records; the renderer must still hear of it. The frame after each
// change is the frame of a page that starts with the result.
func TestQuietReplaceAllRenders(t *testing.T) {
	const style = "<style>body { margin: 0 } #d { font-size: 40px; background: #cde }</style>"
	frame := func(src string) []byte {
		p, err := New([]byte(style+src), "file:///quiet.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
		if err != nil {
			t.Fatal(err)
		}
		p.Run(loop.RunOptions{Until: 1000})
		if p.LastFrame() == nil {
			t.Fatal("no frame painted")
		}
		return append([]byte(nil), p.LastFrame().Pix...)
	}
	before := frame("<div id=d>aa <i>it</i></div>")
	for _, c := range []struct{ change, result string }{
		{"d.innerHTML = 8888", "8888"},
		{"d.textContent = ''", ""},
		{"d.textContent = 'some text'", "some text"},
		{"d.innerHTML = '<b>bold</b> and <i>it</i>'", "<b>bold</b> and <i>it</i>"},
	} {
		got := frame("<div id=d>aa <i>it</i></div><script>setTimeout(() => { const d = document.getElementById('d'); " + c.change + " }, 300)</script>")
		want := frame("<div id=d>" + c.result + "</div>")
		if string(want) == string(before) {
			t.Fatalf("%s: the result paints like the page before the change", c.change)
		}
		if string(got) != string(want) {
			t.Errorf("%s: the frame after the change is not the frame of a page that starts with %q", c.change, c.result)
		}
	}
}
