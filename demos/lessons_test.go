package demos

import (
	"slices"
	"testing"
)

// The gallery's lessons come in the order the seeds teach, starting with tasks and
// microtasks (not a removed legacy API), every demo has a question, and grouping is pure
// metadata: a demo naming a new group makes that group.
func TestLessons(t *testing.T) {
	list, errs := All()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var names []string
	total := 0
	for _, g := range Lessons(list) {
		names = append(names, g.Name)
		total += len(g.Demos)
		for _, d := range g.Demos {
			if d.Question == "" || d.Group == "" {
				t.Errorf("%s has no question or group", d.Name)
			}
		}
	}
	want := []string{"Tasks and microtasks", "MutationObserver", "Rendering and requestAnimationFrame",
		"Timers and frames", "Idle callbacks", "Legacy modes", "Everything together", "A worker's event loop"}
	if !slices.Equal(names, want) || total != len(list) {
		t.Errorf("groups %q (%d demos of %d), want %q", names, total, len(list), want)
	}
	if first := Lessons(list)[0].Demos[0].Name; first != "jake_script_start" {
		t.Errorf("the first lesson is %s, want jake_script_start", first)
	}

	node := Demo{Name: "node_phases"}
	node.Group, node.Order = "Node's loop", 801
	groups := Lessons(append(list, node))
	if last := groups[len(groups)-1]; last.Name != "Node's loop" || len(last.Demos) != 1 {
		t.Errorf("a demo naming a new group did not make it: last group %q", last.Name)
	}
}

func TestVariantsAndRealClick(t *testing.T) {
	ric, err := Get("requestIdleCallback")
	if err != nil {
		t.Fatal(err)
	}
	if v := ric.Variants(); !slices.Equal(v, []string{"?span=0", "?span=20", "?span=200"}) || ric.WantsRealClick() {
		t.Errorf("requestIdleCallback: variants %q, real click %v", v, ric.WantsRealClick())
	}
	boss, _ := Get("bossfight_real_click")
	script, _ := Get("jake_script_start")
	if !boss.WantsRealClick() || script.WantsRealClick() || boss.Variants() != nil {
		t.Errorf("bossfight real click %v, script start real click %v, bossfight variants %q", boss.WantsRealClick(), script.WantsRealClick(), boss.Variants())
	}
}

// TestRealInputMarkers: the gallery's marker names the real input a demo is about, from its
// spec run's first real input: a click, mouse moves, the wheel, a viewport resize; none for a
// demo that needs none. (A resize or a move is not a click.)
func TestRealInputMarkers(t *testing.T) {
	for name, want := range map[string]string{
		"bossfight_real_click":       "real click",
		"bossfight_synthetic_click":  "real click", // its spec run clicks for real too
		"coalesced_mousemove_vs_rAF": "mouse moves",
		"scroll_once_per_frame":      "wheel",
		"resize_and_media_queries":   "resize",
		"jake_script_start":          "",
		"css_animation_events":       "",
	} {
		d, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		marker, hint := d.RealInput()
		if marker != want || (want == "") != (hint == "") {
			t.Errorf("%s: marker %q (hint %q), want %q", name, marker, hint, want)
		}
		if d.WantsRealClick() != (want == "real click") {
			t.Errorf("%s: WantsRealClick %v", name, d.WantsRealClick())
		}
	}
}
