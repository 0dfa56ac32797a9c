package dom

import "golang.org/x/net/html"

// ChangeKind says what one DOM mutation touched, for a renderer that invalidates only the
// styles and boxes a change can affect (style invalidation, as browsers do it).
type ChangeKind uint8

const (
	ChangeAttribute ChangeKind = iota // an element's attribute was set, changed or removed
	ChangeText                        // a Text (or Comment) node's data changed
	ChangeChildren                    // a node's children changed (insertion or removal)
	ChangeState                       // an element's state: attr "value" (a text control's value or selection)
)

// ChangeHook is told about every mutation that bumps Version, right after it, with the
// node it touched (the element, the character data node, or the parent whose children
// changed), the attribute's local name for ChangeAttribute, and the new Version.
type ChangeHook func(kind ChangeKind, h *html.Node, attr string, version uint64)

// SetChangeHook installs the hook (nil removes it). The renderer's invalidation counts on
// hearing of every Version bump: one it missed makes it restyle everything.
func (d *Document) SetChangeHook(f ChangeHook) { d.onChange = f }

// changed records a mutation that could change rendering without saying what it touched:
// the renderer restyles everything.
func (d *Document) changed() { d.changedNode(ChangeChildren, d.node.h, "") }

// changedNode records a mutation that could change rendering.
func (d *Document) changedNode(kind ChangeKind, h *html.Node, attr string) {
	d.version++
	if d.onChange != nil {
		d.onChange(kind, h, attr, d.version)
	}
}
