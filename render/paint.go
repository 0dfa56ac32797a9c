package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

	"loopscope/css"
)

// Paint rasterises the display list of the last layout into a new frame and returns it.
// The engine never writes to a returned frame again, unless it is handed back through
// Recycle; when nothing changed since the last Paint the same frame is returned. Only the
// rectangles where the display list changed are rastered (paintpaintdamage.go); the rest of the
// frame is the last frame's.
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
func (e *Engine) Paint() *image.RGBA {
	if !e.laidOut {
		e.Layout()
	}
	e.mu.Lock()
	last := e.lastFrame
	e.mu.Unlock()
	e.inv.work.Rastered = 0
	e.frameDamage = image.Rectangle{}
	if last != nil && !e.relaid && last.Rect.Dx() == e.width && last.Rect.Dy() == e.height {
		return last
	}
	rects, partial := e.damageRects(last)
	moved := e.listOffset().Sub(e.paintedOff)
	// Only the viewport scrolled since the last frame: its pixels move, and only what the
	// scroll uncovered is rastered (the same pixels as a full raster: the offsets are whole).
	scrolled := moved != (image.Point{}) && last != nil && !e.listFresh && !e.inv.patched &&
		last.Rect.Dx() == e.width && last.Rect.Dy() == e.height && e.paintedBase == e.canvas &&
		max(moved.X, -moved.X) < e.width && max(moved.Y, -moved.Y) < e.height
	if moved != (image.Point{}) {
		partial = false // everything moved
	}
	e.paintedOff = e.listOffset()
	e.relaid, e.listFresh, e.paintedBase, e.inv.patched, e.inv.spoiled = false, false, e.canvas, false, false
	e.inv.direct = false
	img := e.newFrame() // a new frame even with no damage: the caller may hand last back
	e.frameDamage = img.Rect
	if scrolled {
		blitMoved(img, last, moved)
		for _, r := range uncovered(img.Rect, moved) {
			e.rasterise(img, r)
			e.inv.work.Rastered += r.Dx() * r.Dy()
		}
	} else if partial {
		e.ages.catchUp(img, last, rects)
		e.frameDamage = image.Rectangle{}
		for _, r := range rects {
			e.rasterise(img, r)
			e.inv.work.Rastered += r.Dx() * r.Dy()
			e.frameDamage = e.frameDamage.Union(r.Intersect(img.Rect))
		}
	} else {
		e.rasterise(img, img.Rect)
		e.inv.work.Rastered = len(img.Pix) / 4
	}
	e.ages.painted(img, e.frameDamage)
	e.mu.Lock()
	e.lastFrame = img
	e.mu.Unlock()
	return img
}

// FrameDamage is where the frame the last Paint returned differs from the one before it
// (the bounding box of the rastered rectangles; empty when Paint returned the same frame):
// a window showing the previous frame needs to copy only this part of the new one.
func (e *Engine) FrameDamage() image.Rectangle { return e.frameDamage }

// Recycle hands back a frame the caller no longer reads, so a later Paint can reuse
// its memory. Safe to call from any goroutine; the newest frame is never reused.
func (e *Engine) Recycle(img *image.RGBA) {
	if img == nil {
		return
	}
	e.mu.Lock()
	newest := img == e.lastFrame
	e.mu.Unlock()
	if newest {
		return
	}
	select {
	case e.pool <- img:
	default:
	}
}

// newFrame takes a recycled frame of the right size or allocates one.
func (e *Engine) newFrame() *image.RGBA {
	for {
		select {
		case img := <-e.pool:
			if img.Rect.Dx() == e.width && img.Rect.Dy() == e.height && img.Rect.Min == (image.Point{}) {
				return img
			}
			continue
		default:
		}
		return image.NewRGBA(image.Rect(0, 0, e.width, e.height))
	}
}

// rasterise executes the display list into the area of img (all of it, or a damaged
// rectangle): the pixels outside area are left as they are.
func (e *Engine) rasterise(img *image.RGBA, area image.Rectangle) {
	area = area.Intersect(img.Rect)
	fillSrc(img, area, premultiplied(e.canvas.c))
	// The list's coordinates are the viewport's plus off (a viewport scroll, scroll.go).
	off := e.listOffset()
	img, area = shifted(img, off), area.Add(off)
	e.rasterOff = off
	dst := img
	depth := 0
	stack := make([]*image.RGBA, 0, 4)
	clip := area
	clips := make([]image.Rectangle, 0, 4)
	chunks := e.rasterChunks()
	for i := 0; i < len(e.list); i++ {
		if i%rasterChunk == 0 {
			if c := chunks[i/rasterChunk]; !c.structural && !c.bounds.Overlaps(clip) {
				i += rasterChunk - 1 // nothing of it reaches the clip (rasterchunks.go)
				continue
			}
		}
		it := &e.list[i]
		switch it.op {
		case opFill:
			fillOver(dst, it.r.Intersect(clip), it.c)
		case opText:
			drawText(dst, it, clip)
		case opDisc, opRing:
			drawCircle(dst, it.r, it.c, it.op == opRing, clip)
		case opImage:
			drawImage(dst, it, clip)
		case opClip:
			clips = append(clips, clip)
			clip = clip.Intersect(it.r)
		case opUnclip:
			clip = clips[len(clips)-1]
			clips = clips[:len(clips)-1]
		case opPushLayer:
			if it.alpha <= 0 || it.r.Intersect(area).Empty() {
				i = skipLayer(e.list, i) // invisible: skip to the matching pop
				continue
			}
			if i+2 < len(e.list) && e.list[i+1].op == opFill && e.list[i+2].op == opPopLayer && e.list[i+2].r == it.r {
				// A group of one fill (an animated box's opacity): its pixels composited
				// straight from the fill's colour, as compositeLayer would from the group's.
				fillGroup(dst, e.list[i+1].r.Intersect(clip).Intersect(it.r).Intersect(area), e.list[i+1].c, e.list[i+2].alpha)
				i += 2
				continue
			}
			layer := e.layer(depth)
			r := it.r.Intersect(layer.Rect).Intersect(area)
			fillSrc(layer, r, color.RGBA{})
			stack = append(stack, dst)
			dst = layer
			depth++
		case opPopLayer:
			depth--
			parent := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			compositeLayer(parent, dst, it.r.Intersect(area), it.alpha)
			dst = parent
		}
	}
}

// compositeLayer draws the premultiplied layer over dst within r with group opacity
// alpha: dst = layer·α + dst·(1 − layerA·α). https://drafts.fxtf.org/compositing/#porterduffcompositingoperators_srcover
func compositeLayer(dst, layer *image.RGBA, r image.Rectangle, alpha float64) {
	r = r.Intersect(dst.Rect).Intersect(layer.Rect)
	if r.Empty() {
		return
	}
	a := alphaByte(alpha)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		s := layer.Pix[layer.PixOffset(r.Min.X, y):layer.PixOffset(r.Max.X, y)]
		for i := 0; i < len(d); i += 4 {
			sa := (uint32(s[i+3])*a + 127) / 255
			if sa == 0 {
				continue
			}
			ia := 255 - sa
			d[i] = uint8((uint32(s[i])*a+127)/255 + (uint32(d[i])*ia+127)/255)
			d[i+1] = uint8((uint32(s[i+1])*a+127)/255 + (uint32(d[i+1])*ia+127)/255)
			d[i+2] = uint8((uint32(s[i+2])*a+127)/255 + (uint32(d[i+2])*ia+127)/255)
			d[i+3] = uint8(sa + (uint32(d[i+3])*ia+127)/255)
		}
	}
}

// fillGroup is compositeLayer for a group holding one fill of the premultiplied colour c
// over r: the group's pixels are c there (fillOver on a cleared layer gives c) and
// transparent elsewhere (compositeLayer leaves those), so dst gets the same bytes. A pixel
// equal to the one blended before it gets that one's result (a run of one colour, as a
// flat background gives, is blended once): the blend is a function of the pixel alone.
func fillGroup(dst *image.RGBA, r image.Rectangle, c color.RGBA, alpha float64) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	a := alphaByte(alpha)
	sa := (uint32(c.A)*a + 127) / 255
	if sa == 0 {
		return
	}
	ia := 255 - sa
	cr, cg, cb := (uint32(c.R)*a+127)/255, (uint32(c.G)*a+127)/255, (uint32(c.B)*a+127)/255
	w, o := r.Dx()*4, dst.PixOffset(r.Min.X, r.Min.Y)
	in := binary.LittleEndian.Uint32(dst.Pix[o:])
	out := overPixel(in, cr, cg, cb, sa, ia)
	for y := r.Min.Y; y < r.Max.Y; y, o = y+1, o+dst.Stride {
		d := dst.Pix[o : o+w]
		for i := 0; i+3 < len(d); i += 4 {
			if p := binary.LittleEndian.Uint32(d[i:]); p != in {
				in, out = p, overPixel(p, cr, cg, cb, sa, ia)
			}
			binary.LittleEndian.PutUint32(d[i:], out)
		}
	}
}

// overPixel is the premultiplied source-over of the colour (cr, cg, cb, sa) on the
// pixel p (its bytes in memory order, little-endian), ia being 255 - sa.
func overPixel(p, cr, cg, cb, sa, ia uint32) uint32 {
	return over(p, cr, ia) | over(p>>8, cg, ia)<<8 | over(p>>16, cb, ia)<<16 | over(p>>24, sa, ia)<<24
}

// over is one channel of a premultiplied source-over: the source's byte s plus the low
// byte of v's byte times ia (255 less the source's alpha), as compositeLayer computes it.
func over(v, s, ia uint32) uint32 { return uint32(uint8(s + ((v&0xff)*ia+127)/255)) }

// alphaByte is a group opacity as a byte, uint32(math.Round(css.Clamp01(alpha) * 255)),
// bit for bit (TestAlphaByteIsRoundedClamp), without the calls for the usual alpha in
// [0, 1]: the fraction of x over its integer part is exact there.
func alphaByte(alpha float64) uint32 {
	if !(alpha >= 0 && alpha <= 1) {
		return roundedClampByte(alpha)
	}
	x := alpha * 255
	n := uint32(x)
	if x-float64(n) >= 0.5 {
		n++
	}
	return n
}

// roundedClampByte is alphaByte's definition, for the alphas outside [0, 1].
func roundedClampByte(alpha float64) uint32 { return uint32(math.Round(css.Clamp01(alpha) * 255)) }

// skipLayer returns the index of the pop matching the push at i.
func skipLayer(list []displayItem, i int) int {
	depth := 0
	for j := i; j < len(list); j++ {
		switch list[j].op {
		case opPushLayer:
			depth++
		case opPopLayer:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(list)
}

// layer returns the scratch group buffer for a nesting depth.
func (e *Engine) layer(depth int) *image.RGBA {
	for len(e.layers) <= depth {
		e.layers = append(e.layers, nil)
	}
	l := e.layers[depth]
	if l == nil || l.Rect.Dx() != e.width || l.Rect.Dy() != e.height {
		l = image.NewRGBA(image.Rect(0, 0, e.width, e.height))
		e.layers[depth] = l
	}
	return shifted(l, e.rasterOff)
}

// fillSrc sets every pixel of r to c.
func fillSrc(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return
	}
	row := img.Pix[img.PixOffset(r.Min.X, r.Min.Y):]
	first := row[:4*r.Dx()]
	for i := 0; i < len(first); i += 4 {
		first[i], first[i+1], first[i+2], first[i+3] = c.R, c.G, c.B, c.A
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		off := img.PixOffset(r.Min.X, y)
		copy(img.Pix[off:off+len(first)], first)
	}
}

// fillOver composites the premultiplied colour c over r.
func fillOver(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	if c.A == 255 {
		fillSrc(img, r, c)
		return
	}
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return
	}
	ia := uint32(255 - c.A)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		p := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := 0; i < len(p); i += 4 {
			p[i] = c.R + uint8((uint32(p[i])*ia+127)/255)
			p[i+1] = c.G + uint8((uint32(p[i+1])*ia+127)/255)
			p[i+2] = c.B + uint8((uint32(p[i+2])*ia+127)/255)
			p[i+3] = c.A + uint8((uint32(p[i+3])*ia+127)/255)
		}
	}
}

// drawText draws a run of text with cached glyph masks.
func drawText(dst *image.RGBA, it *displayItem, clip image.Rectangle) {
	if !it.r.Overlaps(clip) {
		return
	}
	f := it.face
	x := it.x
	by := int(math.Floor(it.y + 0.5))
	// A glyph is rasterised only if it can reach the clip: its ink stays within an em of
	// its advance box (text at 2,000 px would otherwise rasterise every glyph of a run of
	// which one or two are on screen, each a 4 MB mask).
	em := f.ascent + f.descent
	minX, maxX := float64(clip.Min.X)-em, float64(clip.Max.X)+em
	for _, r := range it.text {
		if x > maxX {
			break // advances are never negative: the rest of the run is right of the clip
		}
		if x+f.advance(r) < minX {
			x += f.advance(r)
			continue
		}
		ix := math.Floor(x)
		phase := uint8(math.Floor((x - ix) * subpixelPhases))
		if phase >= subpixelPhases {
			phase = subpixelPhases - 1
		}
		g := f.glyph(r, phase)
		if g.mask != nil {
			blendGlyph(dst, int(ix)+g.offset.X, by+g.offset.Y, g.mask, it.c, clip)
		}
		x += f.advance(r)
	}
}

// blendGlyph composites the premultiplied colour c through a glyph's coverage mask
// whose top-left lands at (x, y).
func blendGlyph(dst *image.RGBA, x, y int, mask *image.Alpha, c color.RGBA, clip image.Rectangle) {
	r := image.Rect(x, y, x+mask.Rect.Dx(), y+mask.Rect.Dy()).Intersect(dst.Rect).Intersect(clip)
	if r.Empty() {
		return
	}
	cr, cg, cb, ca := uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
	for py := r.Min.Y; py < r.Max.Y; py++ {
		m := mask.Pix[mask.PixOffset(r.Min.X-x, py-y):]
		d := dst.Pix[dst.PixOffset(r.Min.X, py):dst.PixOffset(r.Max.X, py)]
		for i, j := 0, 0; i < len(d); i, j = i+4, j+1 {
			cov := uint32(m[j])
			if cov == 0 {
				continue
			}
			ia := 255*255 - ca*cov
			d[i] = uint8((cr*cov + uint32(d[i])*ia/255 + 127) / 255)
			d[i+1] = uint8((cg*cov + uint32(d[i+1])*ia/255 + 127) / 255)
			d[i+2] = uint8((cb*cov + uint32(d[i+2])*ia/255 + 127) / 255)
			d[i+3] = uint8((ca*cov + uint32(d[i+3])*ia/255 + 127) / 255)
		}
	}
}

// drawCircle draws a filled disc, or a 1px ring, inscribed in r with 4×4 supersampled
// coverage.
func drawCircle(dst *image.RGBA, r image.Rectangle, c color.RGBA, ring bool, clip image.Rectangle) {
	clip = clip.Intersect(dst.Rect)
	cx, cy := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
	rad := float64(r.Dx()) / 2
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !(image.Point{x, y}).In(clip) {
				continue
			}
			n := 0
			for sy := 0; sy < 4; sy++ {
				for sx := 0; sx < 4; sx++ {
					px, py := float64(x)+(float64(sx)+0.5)/4-cx, float64(y)+(float64(sy)+0.5)/4-cy
					d := math.Sqrt(px*px + py*py)
					if d <= rad && (!ring || d >= rad-1) {
						n++
					}
				}
			}
			if n == 0 {
				continue
			}
			cov := uint32(n * 255 / 16)
			i := dst.PixOffset(x, y)
			d := dst.Pix[i : i+4 : i+4]
			ia := 255*255 - uint32(c.A)*cov
			d[0] = uint8((uint32(c.R)*cov + uint32(d[0])*ia/255 + 127) / 255)
			d[1] = uint8((uint32(c.G)*cov + uint32(d[1])*ia/255 + 127) / 255)
			d[2] = uint8((uint32(c.B)*cov + uint32(d[2])*ia/255 + 127) / 255)
			d[3] = uint8((uint32(c.A)*cov + uint32(d[3])*ia/255 + 127) / 255)
		}
	}
}

// blitMoved sets every pixel of dst to the pixel of src d away (dst(p) = src(p+d)), where
// there is one.
func blitMoved(dst, src *image.RGBA, d image.Point) {
	r := dst.Rect.Intersect(src.Rect.Sub(d))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)], src.Pix[src.PixOffset(r.Min.X+d.X, y+d.Y):])
	}
}

// uncovered are the parts of view that a move by d (blitMoved) left without a source.
func uncovered(view image.Rectangle, d image.Point) []image.Rectangle {
	var rs []image.Rectangle
	switch {
	case d.Y > 0:
		rs = append(rs, image.Rect(view.Min.X, view.Max.Y-d.Y, view.Max.X, view.Max.Y))
	case d.Y < 0:
		rs = append(rs, image.Rect(view.Min.X, view.Min.Y, view.Max.X, view.Min.Y-d.Y))
	}
	switch {
	case d.X > 0:
		rs = append(rs, image.Rect(view.Max.X-d.X, view.Min.Y, view.Max.X, view.Max.Y))
	case d.X < 0:
		rs = append(rs, image.Rect(view.Min.X, view.Min.Y, view.Min.X-d.X, view.Max.Y))
	}
	return rs
}
