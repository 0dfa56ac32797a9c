package render

import "image"

// A partial raster of a small rectangle walked the whole display list: a transform change
// at 100,000 divs rastered 1,200 px and visited 200,000 items. The list is cut into chunks
// of rasterChunk items, each with the bounds of its items and whether it holds a clip or a
// group (whose state the walk must follow); rasterise skips a chunk of drawing items only
// whose bounds miss the clip. Every drawing item draws inside its rectangle (paintdamage.go),
// so a skipped chunk would have drawn nothing. Patches in place widen the bounds of the
// chunks whose items they change (noteItemChanged); a new list makes new chunks.
const rasterChunk = 64

// listChunk is one chunk of the display list.
type listChunk struct {
	bounds     image.Rectangle
	structural bool // holds a clip, an unclip, or a group's push or pop
}

// rasterChunks returns the chunks of the current display list, made again when the list
// was built since they were.
func (e *Engine) rasterChunks() []listChunk {
	if e.chunksGen == e.listGen && e.chunksLen == len(e.list) {
		return e.chunks
	}
	e.chunks = e.chunks[:0]
	for i := 0; i < len(e.list); i += rasterChunk {
		var c listChunk
		for j := i; j < min(i+rasterChunk, len(e.list)); j++ {
			it := &e.list[j]
			switch it.op {
			case opClip, opUnclip, opPushLayer, opPopLayer:
				c.structural = true
			default:
				c.bounds = c.bounds.Union(it.r)
			}
		}
		e.chunks = append(e.chunks, c)
	}
	e.chunksGen, e.chunksLen = e.listGen, len(e.list)
	return e.chunks
}

// noteItemChanged widens the bounds of the chunk of item i, changed in place, to its new
// rectangle.
func (e *Engine) noteItemChanged(i int) {
	if e.chunksGen != e.listGen {
		return // made again at the next raster
	}
	if k := i / rasterChunk; k < len(e.chunks) {
		e.chunks[k].bounds = e.chunks[k].bounds.Union(e.list[i].r)
	}
}
