package dom

import (
	"testing"

	"golang.org/x/net/html"
)

// What the external tests (package dom_test, which run pages on the real loop) may see of
// the DOM's internals.

// CheckTree verifies the html.Node links of the subtree under h.
func CheckTree(t *testing.T, h *html.Node) { checkTree(t, h) }

// ForceSweep runs the detached-node sweep now, and drops the weak entries of collected
// nodes, whatever the number of changes and of weak entries.
func ForceSweep(d *Document) {
	d.table.nextSweep, d.table.nextPrune = 0, 0
	d.SweepDetachedNodes()
}

// TableEntries is the number of nodes the document's side table holds (strong and weak).
func TableEntries(d *Document) int { return len(d.table.strong) + len(d.table.weak) }

// NextSweep is the number of changes at which the next sweep runs.
func NextSweep(d *Document) int { return d.table.nextSweep }

// MinSweep is the table size below which no sweep runs.
const MinSweep = minSweep

// LiveRanges returns how many entries the realm's list of live ranges has (dead ones not
// yet pruned included).
func LiveRanges(d *Document) int { return len(d.realm.ranges.list) }
