//go:build !headless

package window

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"time"
)

// typingPage has a text field (large type, so that its text and caret are easy to find
// on a screenshot) and a button whose :hover style is green.
const typingPage = `<!doctype html>
<body style="margin:0; background:#c0e0c0">
<style>
  #f { position: absolute; left: 100px; top: 100px; width: 400px; height: 50px; font-size: 32px;
       color: black; background: white; border: 2px solid #c0e0c0; padding: 0 }
  #b { position: absolute; left: 100px; top: 250px; width: 200px; height: 60px; background: rgb(200, 200, 200);
       border: none }
  #b:hover { background: rgb(0, 160, 0) }
</style>
<input id="f"><button id="b"></button>
<script>
const f = document.getElementById('f');
f.addEventListener('focus', () => console.log('focus f'));
f.addEventListener('input', (e) => console.log('input', JSON.stringify(f.value), e.inputType));
</script>`

// caretColumns returns the x of the columns of r in img holding at least n dark pixels
// (a caret's height of the line; the glyphs' stems are shorter) and the rightmost x of
// any dark pixel.
func caretColumns(img *image.RGBA, r image.Rectangle, n int) (tall []int, rightmost int) {
	rightmost = -1
	for x := r.Min.X; x < r.Max.X; x++ {
		dark := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if p := img.RGBAAt(x, y); p.R < 80 && p.G < 80 && p.B < 80 {
				dark++
			}
		}
		if dark > 0 {
			rightmost = x
		}
		if dark >= n {
			tall = append(tall, x)
		}
	}
	return tall, rightmost
}

// TestWindowTypingAndHover: with real OS input, hovering the button turns it green (its
// :hover style) and leaving turns it back; clicking the text field focuses it and shows
// the caret; once K gave the page the keyboard, the letters typed appear in the field
// with the caret after them, and the page hears the input events.
func TestWindowTypingAndHover(t *testing.T) {
	needDisplay(t)
	_, pagePath := writePage(t, "typing.html", typingPage)
	w := startWindow(t, pagePath)
	x0, y0 := windowOrigin(t)
	px, py := x0, y0+barOffset
	grey, green := color.RGBA{200, 200, 200, 0xff}, color.RGBA{0, 160, 0, 0xff}
	xdo(t, "mousemove", fmt.Sprint(px+650), fmt.Sprint(py+500)) // off the button, wherever the last test left the pointer
	waitForPixel(t, px+150, py+280, grey, 2*time.Minute)
	xdo(t, "mousemove", fmt.Sprint(px+200), fmt.Sprint(py+280))
	waitForPixel(t, px+150, py+280, green, time.Minute)
	xdo(t, "mousemove", fmt.Sprint(px+650), fmt.Sprint(py+500))
	waitForPixel(t, px+150, py+280, grey, time.Minute)

	var shown []string
	wait := w.lineWaiter(t, &shown)
	osClick(t, px+300, py+125)
	wait(`^focus f$`)
	field := image.Rect(102, barOffset+102, 500, barOffset+152) // the content box, in window coordinates
	empty := waitShot(t, x0, y0, "typing_empty", time.Minute, func(img *image.RGBA) bool {
		tall, _ := caretColumns(img, field, 30)
		return len(tall) > 0
	})
	tall, _ := caretColumns(empty, field, 30)
	if len(tall) == 0 || tall[0] > field.Min.X+3 {
		t.Fatalf("the focused empty field shows no caret at its start (tall dark columns %v)", tall)
	}
	orange := color.RGBA{0xe0, 0x80, 0x10, 0xff}
	for try := 0; ; try++ {
		holdKeys(t, "k")
		deadline := time.Now().Add(15 * time.Second)
		for !pixelIs(t, px+2, py+300, orange) && time.Now().Before(deadline) {
			time.Sleep(200 * time.Millisecond)
		}
		if pixelIs(t, px+2, py+300, orange) {
			break
		}
		if try == 2 {
			t.Fatal("K did not give the page the keyboard (no orange frame)")
		}
	}
	holdKeys(t, "w")
	wait(`^input "w" insertText$`)
	holdKeys(t, "m")
	wait(`^input "wm" insertText$`)
	typed := waitShot(t, x0, y0, "typing_typed", time.Minute, func(img *image.RGBA) bool {
		tall, right := caretColumns(img, field, 30)
		return len(tall) > 0 && tall[len(tall)-1] == right && right > field.Min.X+30
	})
	tall, right := caretColumns(typed, field, 30)
	if len(tall) == 0 || tall[len(tall)-1] != right || right < field.Min.X+30 {
		t.Fatalf("after typing: tall dark columns %v, rightmost dark pixel %d: want the text and the caret after it", tall, right)
	}
	if diffPixels(empty, typed, field, image.Rectangle{}) < 100 {
		t.Error("the typed letters are not drawn in the field")
	}
}
