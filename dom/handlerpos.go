package dom

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// x/net/html keeps no source positions. The inline event handlers' errors should give
// lines of the file (CHROME: a handler's first line is at the line and column just after
// its element's start tag), so the tokenizer is run over the source once more and the
// start tags with event handler attributes are matched, in order, with the parsed elements
// that have them (tree order is source order for such elements; one the tree builder made
// without a tag, as the adoption agency does, matches none and gets no position).

// tagEnd is a start tag with an event handler attribute: its name and where it ends.
type tagEnd struct {
	name      string
	line, col int // of the character after ">" (1-based)
}

// handlerTagEnds lists the start tags of src that have an on* attribute, in source order.
func handlerTagEnds(src []byte) []tagEnd {
	var out []tagEnd
	z := html.NewTokenizer(bytes.NewReader(src))
	offset, line, lineStart := 0, 1, 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		raw := z.Raw()
		start := offset
		offset += len(raw)
		for i := start; i < offset; i++ {
			if src[i] == '\n' || (src[i] == '\r' && (i+1 >= len(src) || src[i+1] != '\n')) {
				line++
				lineStart = i + 1
			}
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken || !bytes.Contains(bytes.ToLower(raw), []byte("on")) {
			continue
		}
		tok := z.Token()
		for _, a := range tok.Attr {
			if strings.HasPrefix(a.Key, "on") {
				out = append(out, tagEnd{name: tok.Data, line: line, col: offset - lineStart + 1})
				break
			}
		}
	}
}

// hasHandlerAttribute reports whether an element has an on* attribute.
func hasHandlerAttribute(h *html.Node) bool {
	for i := range h.Attr {
		if strings.HasPrefix(h.Attr[i].Key, "on") && h.Attr[i].Namespace == "" {
			return true
		}
	}
	return false
}

// placeParsedHandlers gives the event handlers of the parsed elements in withHandlers
// (tree order) the position of their start tag's end in src.
func (d *Document) placeParsedHandlers(src []byte, withHandlers []*html.Node) {
	if len(withHandlers) == 0 {
		return
	}
	tags := handlerTagEnds(src)
	k := 0
	for _, h := range withHandlers {
		j := k
		for j < len(tags) && tags[j].name != h.Data {
			j++
		}
		if j == len(tags) {
			continue // no tag of its own: the next element tries from the same place
		}
		k = j + 1
		n := d.NodeFor(h)
		for i := range h.Attr {
			name := h.Attr[i].Key
			if !strings.HasPrefix(name, "on") || h.Attr[i].Namespace != "" {
				continue
			}
			if t := n.handlerTargetFor(name); t != nil {
				if eh := t.eventTargetData().handlers[name]; eh != nil && eh.element == n {
					eh.line, eh.col = tags[j].line, tags[j].col
				}
			}
		}
	}
}
