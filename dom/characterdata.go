package dom

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16Len returns the length of s in UTF-16 code units (the DOM's string length).
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// isASCII reports whether s has only ASCII bytes (UTF-16 offsets are byte offsets then).
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Length returns the node's length: code units for character data, else the child count.
// https://dom.spec.whatwg.org/#concept-node-length
func (n *Node) Length() int {
	switch n.kind {
	case TextNode, CDATASectionNode, CommentNode, ProcessingInstructionNode:
		return utf16Len(n.h.Data)
	case DocumentTypeNode:
		return 0
	}
	c := 0
	for ch := n.h.FirstChild; ch != nil; ch = ch.NextSibling {
		c++
	}
	return c
}

// Data returns the character data of a Text or Comment node.
func (n *Node) Data() string { return n.h.Data }

// SetData replaces all of a Text or Comment node's data.
// https://dom.spec.whatwg.org/#dom-characterdata-data
func (n *Node) SetData(s string) {
	_ = n.ReplaceData(0, n.Length(), s)
}

// SubstringData returns count code units from offset.
// https://dom.spec.whatwg.org/#concept-cd-substring
func (n *Node) SubstringData(offset, count int) (string, error) {
	if isASCII(n.h.Data) {
		l := len(n.h.Data)
		if offset < 0 || offset > l {
			return "", offsetErr(offset, l)
		}
		if count < 0 || offset+count > l {
			count = l - offset
		}
		return n.h.Data[offset : offset+count], nil
	}
	u := utf16.Encode([]rune(n.h.Data))
	if offset < 0 || offset > len(u) {
		return "", offsetErr(offset, len(u))
	}
	if count < 0 || offset+count > len(u) {
		count = len(u) - offset
	}
	return string(utf16.Decode(u[offset : offset+count])), nil
}

// ReplaceData replaces count code units at offset with data.
// https://dom.spec.whatwg.org/#concept-cd-replace
func (n *Node) ReplaceData(offset, count int, data string) error {
	old := n.h.Data
	var next string
	added := -1 // data's length in code units, when not known yet
	if isASCII(old) {
		l := len(old)
		if offset < 0 || offset > l {
			return offsetErr(offset, l)
		}
		if count < 0 || offset+count > l {
			count = l - offset
		}
		next = old[:offset] + data + old[offset+count:]
		added = len(data)
	} else {
		u := utf16.Encode([]rune(old))
		if offset < 0 || offset > len(u) {
			return offsetErr(offset, len(u))
		}
		if count < 0 || offset+count > len(u) {
			count = len(u) - offset
		}
		next = string(utf16.Decode(u[:offset])) + data + string(utf16.Decode(u[offset+count:]))
	}
	queueMutationRecord("characterData", n, "", "", nullable(old), nil, nil, nil, nil)
	n.h.Data = next
	if added < 0 || !isASCII(data) {
		added = utf16Len(data)
	}
	rangeReplaceDataSteps(n, offset, count, added)
	n.doc.changedNode(ChangeText, n.h, "")
	fireCharacterDataModifiedEvent(n, old, next)
	return nil
}

func offsetErr(offset, length int) error {
	return domErr("IndexSizeError", "The offset "+strconv.Itoa(offset)+" is greater than the node's length ("+strconv.Itoa(length)+").")
}

// splitText splits a Text node at offset.
// https://dom.spec.whatwg.org/#concept-text-split
func (n *Node) splitText(offset int) (*Node, error) {
	if offset > n.Length() {
		return nil, domErr("IndexSizeError", "The offset "+strconv.Itoa(offset)+" is larger than the Text node's length.")
	}
	// 3-6. The new node holds the data after offset.
	count := n.Length() - offset
	newData, _ := n.SubstringData(offset, count)
	nn := n.doc.CreateTextNode(newData)
	if n.kind == CDATASectionNode { // CHROME: a CDATASection splits into two (the spec: a new Text node)
		nn.kind, nn.h.Namespace = CDATASectionNode, cdataSection
	}
	p := n.Parent()
	// 7.2-7.3. Live range boundaries after offset move to the new node.
	if p != nil {
		rangeSplitMoveSteps(n, nn, offset)
	}
	// 8. Replace data with node, offset, count and the empty string.
	// CHROME: before the new node is inserted (step 7.1): the characterData record comes
	// before the childList record (Blink's Text::splitText), as range_mutation_records shows.
	_ = n.ReplaceData(offset, count, "")
	// 7.1. Insert new node into parent before node's next sibling.
	if p != nil && n.h.Parent == p.h {
		afterNode := indexOf(n.h) + 1
		insert(nn, p, n.NextSibling(), false)
		// 7.4-7.5. A boundary in parent right after node moves past the new node.
		rangeSplitParentSteps(p, afterNode)
	}
	return nn, nil
}
