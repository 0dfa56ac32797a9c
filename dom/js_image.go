package dom

import (
	"strconv"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installHTMLImageElement defines HTMLImageElement and its legacy factory function Image.
// https://html.spec.whatwg.org/multipage/embedded-content.html#htmlimageelement
// FIXME(spec): width and height reflect their attributes (0 when absent) instead of the
// rendered or natural size; srcset, sizes, currentSrc and loading are not implemented.
func (r *realm) installHTMLImageElement(he *webidl.Interface) {
	img := r.defineHTMLElementInterface("HTMLImageElement", he)
	r.reflectURL(img, "src", "src")
	r.reflect(img, "alt", "alt")
	m := webidl.On(img, r.thisElement)
	for _, name := range []string{"width", "height"} {
		m.Accessor(name, func(n *Node) goja.Value {
			v, _ := n.GetAttribute(name)
			i, err := strconv.Atoi(v)
			if err != nil || i < 0 {
				i = 0
			}
			return r.rt.ToValue(i)
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
