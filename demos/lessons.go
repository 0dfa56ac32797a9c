package demos

import (
	"sort"

	"loopscope/loop"
)

// Group is one lesson of the gallery: the demos that teach one part of the event loop.
type Group struct {
	Name  string
	Demos []Demo
}

// otherGroup holds demos whose metadata names no group.
const otherGroup = "Other"

// Lessons groups demos for the gallery, in the order the seeds teach: each group comes where
// its first demo's order puts it, and demos follow their order inside a group. It is all
// metadata ("group", "order" in NAME.json): a new group (Node's loop) is added by demos that
// name it.
func Lessons(list []Demo) []Group {
	sorted := append([]Demo(nil), list...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if (a.Group == "") != (b.Group == "") {
			return b.Group == "" // demos without a group last
		}
		if a.Order != b.Order {
			return a.Order < b.Order
		}
		return a.Name < b.Name
	})
	var groups []Group
	index := map[string]int{}
	for _, d := range sorted {
		name := d.Group
		if name == "" {
			name = otherGroup
		}
		i, ok := index[name]
		if !ok {
			i = len(groups)
			index[name] = i
			groups = append(groups, Group{Name: name})
		}
		groups[i].Demos = append(groups[i].Demos, d)
	}
	return groups
}

// Variants are the page queries the demo's runs use (?span=0, ?span=20, ?span=200), in
// order, or nil when it has one page.
func (d Demo) Variants() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range d.Runs {
		if r.Query != "" && !seen[r.Query] {
			seen[r.Query] = true
			out = append(out, r.Query)
		}
	}
	return out
}

// WantsRealClick reports whether the demo is about a real (mouse) click: one of its spec
// runs clicks for real.
func (d Demo) WantsRealClick() bool {
	marker, _ := d.RealInput()
	return marker == "real click"
}

// RealInput says what real input the demo is about, from the first real input of its spec
// runs (a real click, mouse moves, the wheel, keys, a viewport resize): a short marker for
// the gallery's list, and a sentence telling the learner what to do. Both are "" for a demo
// that needs none (a synthetic click is script, not input).
func (d Demo) RealInput() (marker, hint string) {
	for _, r := range d.Runs {
		if r.Mode != loop.ModeSpec {
			continue
		}
		for _, a := range r.Actions {
			switch {
			case a.Move != nil:
				return "mouse moves", "This demo is about mouse moves: open it and move the mouse over the page."
			case a.Wheel != nil:
				return "wheel", "This demo is about scrolling: open it and turn the mouse wheel over the page."
			case a.Key != "":
				return "keys", "This demo is about keys: open it, press K to give the page the keyboard, and type."
			case a.Resize != nil:
				return "resize", "This demo is about the viewport's size: open it and resize the window."
			case a.Kind == "" || a.Kind == "real":
				return "real click", "This demo is about a real click: open it and click the page with the mouse."
			}
		}
	}
	return "", ""
}
