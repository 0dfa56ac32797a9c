package page

import (
	"image"
	"testing"

	"loopscope/loop"
)

// typedFrame runs src with actions and returns its last frame.
func typedFrame(t *testing.T, src string, actions ...Action) *image.RGBA {
	t.Helper()
	const style = "<style>body { margin: 0 } input, textarea { position: absolute; left: 10px; top: 10px; width: 200px; height: 24px }</style>"
	p, err := New([]byte(style+src), "file:///typing.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		p.Schedule(a)
	}
	p.Run(loop.RunOptions{Until: 1500})
	if p.LastFrame() == nil {
		t.Fatal("no frame painted")
	}
	f := p.LastFrame()
	return &image.RGBA{Pix: append([]byte(nil), f.Pix...), Stride: f.Stride, Rect: f.Rect}
}

// countColour counts the pixels of img in r that are exactly c (R, G, B).
func countColour(img *image.RGBA, r image.Rectangle, c [3]uint8) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := img.PixOffset(x, y)
			if img.Pix[i] == c[0] && img.Pix[i+1] == c[1] && img.Pix[i+2] == c[2] {
				n++
			}
		}
	}
	return n
}

// TestTypedTextIsPainted: what the keys type is painted with the caret after it, exactly
// as a page whose input starts with that value, focused, caret at the end; the caret is
// the one difference from the same input unfocused, and a selection paints its colour.
func TestTypedTextIsPainted(t *testing.T) {
	typed := typedFrame(t, `<input id=f>`, Action{AtMS: 100, Click: "#f"},
		Action{AtMS: 200, Key: "h"}, Action{AtMS: 300, Key: "i"})
	focused := typedFrame(t, `<input id=f value=hi><script>f.focus(); f.setSelectionRange(2, 2)</script>`)
	blurred := typedFrame(t, `<input id=f value=hi>`)
	empty := typedFrame(t, `<input id=f>`)
	if string(typed.Pix) != string(focused.Pix) {
		t.Error("typing 'hi' does not paint as an input holding 'hi', focused, caret at the end")
	}
	if string(blurred.Pix) == string(empty.Pix) {
		t.Error("an input's value is not painted")
	}
	// The caret: a column of the text colour (black) the height of the line, right of the
	// text, where the blurred input has none.
	content := image.Rect(14, 13, 208, 35)
	black := [3]uint8{0, 0, 0}
	caret := -1
	for x := content.Max.X - 1; x >= content.Min.X; x-- {
		col := image.Rect(x, content.Min.Y, x+1, content.Max.Y)
		if n := countColour(focused, col, black); n >= 12 && countColour(blurred, col, black) == 0 {
			caret = x
			break
		}
	}
	if caret < 0 {
		t.Fatal("no caret column in the focused input")
	}
	textRight := 0
	for x := content.Min.X; x < content.Max.X; x++ {
		col := image.Rect(x, content.Min.Y, x+1, content.Max.Y)
		for y := col.Min.Y; y < col.Max.Y; y++ {
			if c := blurred.RGBAAt(x, y); c.R < 128 {
				textRight = x
			}
		}
	}
	if textRight == 0 || caret <= textRight-1 || caret > textRight+4 {
		t.Errorf("caret at x=%d, the text's ink ends at x=%d: want the caret just after the text", caret, textRight)
	}
	home := typedFrame(t, `<input id=f value=hi><script>f.focus(); f.setSelectionRange(0, 0)</script>`)
	if string(home.Pix) == string(focused.Pix) {
		t.Error("the caret at the start paints as the caret at the end")
	}
	selected := typedFrame(t, `<input id=f value=hello>`, Action{AtMS: 100, Click: "#f"}, Action{AtMS: 200, Key: "Control+a"})
	if countColour(selected, content, [3]uint8{0x1e, 0x90, 0xff}) == 0 {
		t.Error("Control+A paints no selection")
	}
}

// TestTextareaTypingPainted: Enter in a textarea starts a line painted below the first,
// as in a textarea that starts with both lines.
func TestTextareaTypingPainted(t *testing.T) {
	const big = "<style>textarea { height: 60px !important }</style>"
	typed := typedFrame(t, big+`<textarea id=t></textarea>`, Action{AtMS: 100, Click: "#t"},
		Action{AtMS: 200, Key: "a"}, Action{AtMS: 300, Key: "Enter"}, Action{AtMS: 400, Key: "b"})
	want := typedFrame(t, big+`<textarea id=t>a
b</textarea><script>t.focus(); t.setSelectionRange(3, 3)</script>`)
	if string(typed.Pix) != string(want.Pix) {
		t.Error("a, Enter, b typed into a textarea does not paint as a textarea holding 'a\\nb'")
	}
}
