package render

// Spec: CSS 2.2, W3C Working Draft 2016-04-12 https://www.w3.org/TR/2016/WD-CSS22-20160412/
// §10.3.2 (inline replaced width), §10.3.4 (block-level replaced width), §10.6.2 (inline
// replaced height); HTML Living Standard 2026-11-01, §15.4.3 "Attributes for embedded
// content and images" (width and height map to the dimension properties) and §15.4.4
// "Images" (what is rendered for an img); CSS Images 3, Candidate Recommendation Draft
// 2023-12-18, §5.5 object-fit and §5.6 object-position.
// https://html.spec.whatwg.org/multipage/rendering.html#images-3

import (
	"image"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
	"golang.org/x/net/html"

	"loopscope/css"
)

// Images is what a Source tells about its img elements, when it has any.
type Images interface {
	// Image returns img element n's current image: its natural size, its pixels (nil
	// while not decoded, or too large to decode), and whether its request is broken; ok
	// is false when n is not an img element.
	Image(n *html.Node) (pixels image.Image, w, h int, broken, ok bool)
}

// brokenIconSize is the side of the icon Chrome draws for a broken image without alt
// text, and so the size such an img takes inline.
const brokenIconSize = 16

// isImageElement: an HTML img element, a replaced element.
func isImageElement(n *html.Node) bool {
	return n != nil && n.Type == html.ElementNode && n.Namespace == "" && n.Data == "img"
}

// isReplacedElement: an HTML element that layout treats as a replaced element (an atomic
// box with no children laid out): an img, an iframe (its document's frame is drawn in
// it: iframecontent.go), and the embedded content whose content is not drawn here: a
// video (no media is played: never any metadata) and a canvas (no rendering context: its
// bitmap stays transparent black). Their children are fallback content, which is not rendered.
// https://html.spec.whatwg.org/multipage/rendering.html#embedded-content-rendering-rules
func isReplacedElement(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "img", "iframe", "video", "canvas":
		return true
	}
	return false
}

// CSS 2.2's size for a replaced element with neither a natural size nor a natural ratio:
// "the used value of 'width' becomes 300px", the height "150px" (§10.3.2, §10.6.2); a
// canvas's bitmap is 300 × 150 by default too.
const defaultObjectWidth, defaultObjectHeight = 300, 150

// naturalSize is replaced element b's natural width, height and ratio (0: none): an
// image's, a canvas's bitmap size (its width and height attributes, by the rules for
// parsing non-negative integers, 300 and 150 when missing or invalid), and for an iframe
// and a video, which have none, CSS 2.2's default (with no ratio).
// https://html.spec.whatwg.org/multipage/canvas.html#attr-canvas-width
func (e *Engine) naturalSize(b *box) (iw, ih, ratio float64, img replacedImage) {
	switch b.node.Data {
	case "canvas":
		iw = canvasDimension(b.node, "width", defaultObjectWidth)
		ih = canvasDimension(b.node, "height", defaultObjectHeight)
		if iw > 0 && ih > 0 {
			ratio = iw / ih
		}
		return iw, ih, ratio, img
	case "iframe", "video":
		return defaultObjectWidth, defaultObjectHeight, 0, img
	}
	img = e.imageOf(b.node)
	if !img.broken && img.w > 0 && img.h > 0 {
		ratio = img.w / img.h
	}
	return img.w, img.h, ratio, img
}

// canvasDimension is a canvas's width or height attribute as the rules for parsing
// non-negative integers read it, def when it is missing or not one.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers
func canvasDimension(n *html.Node, name string, def float64) float64 {
	for _, a := range n.Attr {
		if a.Key != name {
			continue
		}
		s := strings.TrimLeft(a.Val, " \t\n\f\r")
		s = strings.TrimPrefix(s, "+")
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return def
		}
		v, err := strconv.ParseInt(s[:i], 10, 32)
		if err != nil {
			return def
		}
		return float64(v)
	}
	return def
}

// replacedImage is what layout and paint know of an img's current image.
type replacedImage struct {
	pixels image.Image
	w, h   float64 // natural size, 0 without one
	broken bool
}

// imageOf returns n's current image.
func (e *Engine) imageOf(n *html.Node) replacedImage {
	src, ok := e.src.(Images)
	if !ok {
		return replacedImage{}
	}
	pixels, w, h, broken, ok := src.Image(n)
	if !ok {
		return replacedImage{}
	}
	return replacedImage{pixels: pixels, w: float64(w), h: float64(h), broken: broken}
}

// dimensionHints are the declarations an img's width and height attributes map to: "maps
// to the dimension property", author-level hints of specificity zero, before the author's
// rules. https://html.spec.whatwg.org/multipage/rendering.html#maps-to-the-dimension-property
func dimensionHints(n *html.Node, out []css.Declaration) []css.Declaration {
	if n == nil || n.Type != html.ElementNode || n.Namespace != "" {
		return out
	}
	switch n.Data {
	case "img", "iframe", "video", "embed", "object":
	default:
		return out
	}
	for _, a := range n.Attr {
		var p css.Prop
		switch a.Key {
		case "width":
			p = css.PropWidth
		case "height":
			p = css.PropHeight
		default:
			continue
		}
		if l, ok := parseDimensionValue(a.Val); ok {
			out = append(out, css.Declaration{Prop: p, Value: css.Value{Len: l}})
		}
	}
	return out
}

// parseDimensionValue is the rules for parsing dimension values: leading white space, a
// number (digits, then maybe a fraction), and a % making it a percentage; whatever follows
// is ignored. Zero is allowed; a value that starts with no digit is not.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-dimension-values
func parseDimensionValue(s string) (css.Length, bool) {
	s = strings.TrimLeft(s, " \t\n\f\r")
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return css.Length{}, false
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j > i+1 {
			i = j
		}
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil || math.IsInf(v, 0) {
		return css.Length{}, false
	}
	if i < len(s) && s[i] == '%' {
		return css.Length{V: v, U: css.Percent}, true
	}
	return css.PxLength(v), true
}

// replacedContentSize is the used content width and height of replaced box b in a
// containing block of width cbw and height cbh (-1: indefinite), from its specified size,
// its image's natural size and ratio, and its min and max sizes (§10.4, §10.7: the size
// from the limited one, and §10.4's table when both are auto). object-fit and
// object-position place the image in this box (paintReplaced); they do not size it.
// https://www.w3.org/TR/2016/WD-CSS22-20160412/visudet.html#inline-replaced-width and
// #inline-replaced-height
func (e *Engine) replacedContentSize(b *box, cbw, cbh float64) (w, h float64) {
	iw, ih, ratio, img := e.naturalSize(b)
	base := math.Max(cbw, 0)
	sw, wok := b.specifiedContentWidth(base)
	sh, hok := b.specifiedContentHeight(cbh)
	if img.broken {
		// CHROME: a broken image with no alt text shows a 16 × 16 icon; a block-level one
		// is as wide as its container (the icon is in a block box, not a replaced one).
		iw, ih = brokenIconSize, brokenIconSize
		if b.kind == kindBlock && !wok {
			sw, wok = math.Max(0, base-b.margin[1]-b.margin[3]-b.edgesH()), true
		}
	}
	wr, hr := b.widthRange(cbw), b.heightRange(cbh)
	switch {
	case wok && hok:
		return wr.clamp(sw), hr.clamp(sh)
	case wok:
		w = wr.clamp(sw)
		if ratio > 0 {
			return w, hr.clamp(w / ratio) // the used width over the ratio
		}
		return w, hr.clamp(ih)
	case hok:
		h = hr.clamp(sh)
		if ratio > 0 {
			return wr.clamp(h * ratio), h // the used height times the ratio
		}
		return wr.clamp(iw), h
	case ratio > 0:
		return ratioLimitedSize(iw, ih, wr, hr)
	}
	return wr.clamp(iw), hr.clamp(ih)
}

// layoutReplaced lays out replaced box b (inline-level or block-level): its used size, and
// its margins as a block's when it is block-level. It has no children and no baseline:
// an atomic inline sits on its bottom margin edge.
func (e *Engine) layoutReplaced(b *box, cbw, cbh float64) {
	e.resolveEdges(b, cbw)
	w, h := e.replacedContentSize(b, cbw, cbh)
	b.w, b.h = w+b.edgesH(), h+b.edgesV()
	b.hasBaseline = false
	if b.kind == kindBlock && !b.outOfFlow {
		// §10.3.4: the width as inline replaced, then the margins as a block's.
		s := b.st
		rest := cbw - b.w - b.margin[1] - b.margin[3]
		autoL, autoR := s.margin[3].isAuto(), s.margin[1].isAuto()
		switch {
		case autoL && autoR:
			b.margin[3], b.margin[1] = math.Max(0, rest/2), math.Max(0, rest/2)+math.Min(0, rest)
		case autoL:
			b.margin[3] = rest
		default:
			b.margin[1] += rest
		}
	}
}

// paintReplaced records the image of replaced box b, whose border box is at (x, y), in its
// content box as object-fit and object-position place it, clipped to the content box when
// it reaches out of it. https://drafts.csswg.org/css-images-3/#the-object-fit
func (e *Engine) paintReplaced(b *box, x, y float64) {
	if isIframeElement(b.node) {
		e.paintFrame(b, x, y) // its document's frame (iframecontent.go)
		return
	}
	if !isImageElement(b.node) {
		return
	}
	img := e.imageOf(b.node)
	if img.pixels == nil {
		return // FIXME(spec): the broken-image icon and alt text are not drawn
	}
	cx, cy := x+b.border[3]+b.padding[3], y+b.border[0]+b.padding[0]
	cw, ch := b.w-b.edgesH(), b.h-b.edgesV()
	if cw <= 0 || ch <= 0 {
		return
	}
	z := b.st.sizes()
	ow, oh := objectSize(z.objectFit, img.w, img.h, cw, ch)
	// object-position: a percentage is of the content box's size less the object's.
	ox, oy := cx+b.st.resolveLength(z.objectPos[0], cw-ow), cy+b.st.resolveLength(z.objectPos[1], ch-oh)
	item := displayItem{op: opImage, r: deviceRect(ox, oy, ox+ow, oy+oh), img: img.pixels}
	if ox >= cx && oy >= cy && ox+ow <= cx+cw && oy+oh <= cy+ch {
		e.list = append(e.list, item)
		return
	}
	e.pushClipRect(Rect{cx, cy, cw, ch})
	e.list = append(e.list, item)
	e.popClip()
}

// objectSize is the size of the image drawn in a content box of cw × ch by object-fit fit,
// from the natural size iw × ih (fill when it has none): the concrete object size.
// https://drafts.csswg.org/css-images-3/#valdef-object-fit-contain
func objectSize(fit uint8, iw, ih, cw, ch float64) (w, h float64) {
	if iw <= 0 || ih <= 0 {
		return cw, ch
	}
	contain := func(cover bool) (float64, float64) {
		// The largest (contain) or smallest (cover) size of the natural ratio that fits in
		// (or covers) the box.
		if (iw*ch > cw*ih) != cover {
			return cw, cw * ih / iw
		}
		return ch * iw / ih, ch
	}
	switch fit {
	case css.ObjectFitContain:
		return contain(false)
	case css.ObjectFitCover:
		return contain(true)
	case css.ObjectFitNone:
		return iw, ih
	case css.ObjectFitScaleDown: // the smaller of none and contain
		if w, h := contain(false); w < iw {
			return w, h
		}
		return iw, ih
	}
	return cw, ch
}

// drawImage draws a display list image item, scaled into its rectangle, within clip.
// Each pixel depends only on the item's rectangle and the source, so that a damaged area
// rastered alone matches a full raster.
func drawImage(dst *image.RGBA, it *displayItem, clip image.Rectangle) {
	r := it.r.Intersect(clip).Intersect(dst.Rect)
	if r.Empty() || it.img == nil {
		return
	}
	if src, ok := it.img.(*image.RGBA); ok && it.r.Size() == src.Rect.Size() {
		// Unscaled (an iframe's frame, an image at its natural size): Over pixel by pixel,
		// skipping transparent pixels and copying opaque ones.
		drawOverRGBA(dst, r, src, src.Rect.Min.Add(r.Min.Sub(it.r.Min)))
		return
	}
	sub := dst.SubImage(r).(*image.RGBA)
	draw.ApproxBiLinear.Scale(sub, it.r, it.img, it.img.Bounds(), draw.Over, nil)
}

// drawOverRGBA composites src's pixels from sp over dst's in r (premultiplied Porter-Duff
// source-over), with the arithmetic of image/draw's Over for two *image.RGBA (the pixels
// are the same as draw.Over's, bit for bit), a transparent source pixel leaving dst's and an
// opaque one replacing it without arithmetic.
func drawOverRGBA(dst *image.RGBA, r image.Rectangle, src *image.RGBA, sp image.Point) {
	const m = 1<<16 - 1
	w := r.Dx() * 4
	for y := 0; y < r.Dy(); y++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):][:w:w]
		s := src.Pix[src.PixOffset(sp.X, sp.Y+y):][:w:w]
		for i := 0; i < w; i += 4 {
			switch sa8 := s[i+3]; sa8 {
			case 0:
				continue
			case 255:
				copy(d[i:i+4], s[i:i+4])
				continue
			}
			sr, sg, sb, sa := uint32(s[i])*0x101, uint32(s[i+1])*0x101, uint32(s[i+2])*0x101, uint32(s[i+3])*0x101
			a := (m - sa) * 0x101
			d[i] = uint8((uint32(d[i])*a/m + sr) >> 8)
			d[i+1] = uint8((uint32(d[i+1])*a/m + sg) >> 8)
			d[i+2] = uint8((uint32(d[i+2])*a/m + sb) >> 8)
			d[i+3] = uint8((uint32(d[i+3])*a/m + sa) >> 8)
		}
	}
}
