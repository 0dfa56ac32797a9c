package render

import (
	"image/color"
	"math"
	"strings"

	"golang.org/x/net/html"
)

// This file paints the inside of text controls (<input> and <textarea>): the value, the
// selection behind it and the caret, which live in the DOM's element state, not in the
// tree the engine reads. A control's own children (a textarea's default value) make no
// boxes (buildChildren). https://html.spec.whatwg.org/multipage/rendering.html#form-controls

// TextControls is what a Source tells about its text controls, when it has any.
type TextControls interface {
	// TextControl returns the value of text control n, its selection as byte offsets
	// into value (start <= end), and whether it has the focus (the caret shows); ok is
	// false when n is not a text control.
	TextControl(n *html.Node) (value string, start, end int, focused, ok bool)
}

// isTextControlElement: an input or textarea element (the boxes that paint a value).
func isTextControlElement(n *html.Node) bool {
	return n != nil && n.Type == html.ElementNode && n.Namespace == "" && (n.Data == "input" || n.Data == "textarea")
}

// paintTextControl records the value, selection and caret of a text control's box whose
// border box is at (x, y), clipped to its content box. An input's line is centred
// vertically and scrolled so that the caret shows; a textarea's lines start at the top,
// scrolled so that the caret's line shows. Only the lines inside the box are measured.
// DEPARTURE: the caret does not blink (Chrome's blinks every 500 ms). CHROME: the
// selection is painted in Chromium's default active selection colour (dodger blue).
func (e *Engine) paintTextControl(b *box, x, y float64) {
	src, ok := e.src.(TextControls)
	if !ok || !isTextControlElement(b.node) {
		return
	}
	value, s, t, focused, ok := src.TextControl(b.node)
	if !ok {
		return
	}
	f := e.fonts.faceFor(b.st)
	cx, cy := x+b.border[3]+b.padding[3], y+b.border[0]+b.padding[0]
	cw := b.w - b.border[1] - b.border[3] - b.padding[1] - b.padding[3]
	ch := b.h - b.border[0] - b.border[2] - b.padding[0] - b.padding[2]
	if cw <= 0 || ch <= 0 {
		return
	}
	selectionBackground := color.NRGBA{R: 0x1e, G: 0x90, B: 0xff, A: 0xff}
	lineH := f.ascent + f.descent
	top := cy
	multi := b.node.Data == "textarea"
	if !multi {
		top = cy + math.Floor((ch-lineH)/2)
	}
	// The caret's line and the first line shown.
	caret := t
	caretLine := strings.Count(value[:caret], "\n")
	first := 0
	if visible := int(ch / lineH); multi && caretLine >= visible {
		first = caretLine - max(visible, 1) + 1
	}
	e.pushClipRect(Rect{cx, cy, cw, ch})
	defer e.popClip()
	lineStart := 0
	for i := 0; ; i++ {
		end := strings.IndexByte(value[lineStart:], '\n')
		if end < 0 {
			end = len(value)
		} else {
			end += lineStart
		}
		ly := top + float64(i-first)*lineH
		if ly > cy+ch {
			break
		}
		if i >= first {
			line := value[lineStart:end]
			scroll := 0.0
			if !multi && focused {
				if w := f.measure(value[:caret]); w > cw-1 {
					scroll = w - cw + 1
				}
			}
			lx := cx - scroll
			if a, z := max(s, lineStart), min(t, end); a < z || a == z && s < t && z == end && t > end {
				x0 := lx + f.measure(value[lineStart:a])
				x1 := lx + f.measure(value[lineStart:z])
				if t > end { // the selection goes on past the line feed
					x1 += f.space
				}
				e.list = append(e.list, displayItem{op: opFill, r: deviceRect(x0, ly, x1, ly+lineH), c: premultiplied(selectionBackground)})
			}
			if line != "" && b.st.color.A != 0 {
				e.list = append(e.list, displayItem{op: opText, text: line, face: f, x: lx, y: ly + f.ascent,
					c: premultiplied(b.st.color), r: inkRect(lx, ly, f.measure(line), lineH, f)})
			}
			if focused && s == t && caret >= lineStart && caret <= end {
				px := math.Floor(lx + f.measure(value[lineStart:caret]))
				e.list = append(e.list, displayItem{op: opFill, r: deviceRect(px, ly, px+1, ly+lineH), c: premultiplied(b.st.color)})
			}
		}
		if end == len(value) {
			break
		}
		lineStart = end + 1
	}
}

// CaretOffsetAt is the byte offset in value (the text control n's value) nearest to the
// viewport point (x, y): where a click puts the caret. ok is false when n has no box.
func (e *Engine) CaretOffsetAt(n *html.Node, value string, x, y float64) (int, bool) {
	e.flushPlan()
	r, ok := e.BoxOf(n)
	b := e.boxOf(n)
	if !ok || b == nil {
		return 0, false
	}
	f := e.fonts.faceFor(b.st)
	cx, cy := r.X+b.border[3]+b.padding[3], r.Y+b.border[0]+b.padding[0]
	lineStart := 0
	if n.Data == "textarea" {
		line := int(math.Max(0, (y-cy)/(f.ascent+f.descent)))
		for ; line > 0; line-- {
			i := strings.IndexByte(value[lineStart:], '\n')
			if i < 0 {
				break
			}
			lineStart += i + 1
		}
	}
	end := strings.IndexByte(value[lineStart:], '\n')
	if end < 0 {
		end = len(value)
	} else {
		end += lineStart
	}
	pen := cx
	for i, r := range value[lineStart:end] {
		a := f.advance(r)
		if x < pen+a/2 {
			return lineStart + i, true
		}
		pen += a
	}
	return end, true
}
