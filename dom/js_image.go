package dom

import (
	"strconv"
	"strings"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installHTMLImageElement defines HTMLImageElement and its legacy factory function Image.
// https://html.spec.whatwg.org/multipage/embedded-content.html#htmlimageelement
// FIXME(spec): srcset, sizes, currentSrc and loading are not implemented.
func (r *realm) installHTMLImageElement(he *webidl.Interface) {
	img := r.defineHTMLElementInterface("HTMLImageElement", he)
	r.reflectURL(img, "src", "src")
	r.reflect(img, "alt", "alt")
	m := webidl.On(img, r.thisElement)
	for i, name := range []string{"width", "height"} {
		m.Accessor(name, func(n *Node) goja.Value {
			// "The IDL attributes width and height must return the rendered width and
			// height of the image, in CSS pixels, if the image is being rendered."
			if size, ok := r.win.imageRenderedSize(n); ok {
				return r.rt.ToValue(int(size[i]))
			}
			// "... and otherwise the density-corrected natural width and height of the
			// image, if it has any, and otherwise 0" (the attribute's value first, as
			// Chrome does for an image not being rendered).
			v, _ := n.GetAttribute(name)
			a, err := strconv.Atoi(v)
			if err != nil || a < 0 {
				a = 0
			}
			if a == 0 {
				nw, nh := n.naturalSize()
				a = [2]int{nw, nh}[i]
			}
			return r.rt.ToValue(a)
		}, func(n *Node, v goja.Value) { n.setAttributeValue(name, strconv.Itoa(toUnsignedLong(v))) })
	}
	m.Getter("complete", func(n *Node) goja.Value { return r.rt.ToValue(n.isHTMLImage() && n.imageComplete()) })
	m.Getter("naturalWidth", func(n *Node) goja.Value {
		w, _ := n.naturalSize()
		return r.rt.ToValue(w)
	})
	m.Getter("naturalHeight", func(n *Node) goja.Value {
		_, h := n.naturalSize()
		return r.rt.ToValue(h)
	})
	m.LenientMethod("decode", 0, func(n *Node, _ goja.FunctionCall) goja.Value { return r.imageDecode(n) })

	// [LegacyFactoryFunction=Image(optional unsigned long width, optional unsigned long height)]
	image := r.rt.ToValue(func(call goja.ConstructorCall) *goja.Object {
		n := r.doc.createElementNS("", "img")
		if w := call.Argument(0); !goja.IsUndefined(w) {
			n.setAttributeValue("width", strconv.Itoa(toUnsignedLong(w)))
		}
		if h := call.Argument(1); !goja.IsUndefined(h) {
			n.setAttributeValue("height", strconv.Itoa(toUnsignedLong(h)))
		}
		return r.wrapNode(n)
	}).(*goja.Object)
	_ = image.DefineDataProperty("prototype", img.Proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	_ = image.DefineDataProperty("name", r.str("Image"), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = r.rt.GlobalObject().DefineDataProperty("Image", image, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

// imageRenderedSize is the content box of img n when it is being rendered: its border box
// less its borders and padding. https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-width
func (w *Window) imageRenderedSize(n *Node) ([2]float64, bool) {
	if w.layout == nil || !n.IsConnected() {
		return [2]float64{}, false
	}
	_, _, bw, bh, ok := w.layout.BorderBox(n)
	if !ok {
		return [2]float64{}, false
	}
	px := func(prop string) float64 {
		v, _ := strconv.ParseFloat(strings.TrimSuffix(w.layout.ComputedStyle(n, prop), "px"), 64)
		return v
	}
	cw := bw - px("border-left-width") - px("border-right-width") - px("padding-left") - px("padding-right")
	ch := bh - px("border-top-width") - px("border-bottom-width") - px("padding-top") - px("padding-bottom")
	return [2]float64{max(0, cw), max(0, ch)}, true
}
