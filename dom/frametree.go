package dom

import "slices"

// FramePath is the place of d's navigable in its top-level navigable's tree as Chrome orders
// its frames: the creation counts of the navigables from the top-level document's child
// down to d's (none for a top-level document). Compared element by element, a prefix first
// (slices.Compare), the paths order documents as Blink walks its frame tree: each
// navigable's children in the order they were created, a child right after its parent, and
// a navigated iframe's new document where its old one was. (The spec orders the documents of
// "update the rendering" by their containers' tree order instead.)
func (d *Document) FramePath() []uint64 {
	var path []uint64
	for nav := d.parentNavigable; nav != nil && nav.container.doc != d; nav = nav.container.doc.parentNavigable {
		path = append(path, nav.created)
		d = nav.container.doc
	}
	slices.Reverse(path)
	return path
}
