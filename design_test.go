package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// designFolders are the folders drawn in DESIGN.md's package drawing: every word ending in
// "/" in the first code block after "## The packages".
func designFolders(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "\n## The packages\n")
	if !ok {
		t.Fatal(`DESIGN.md has no "## The packages" section`)
	}
	_, block, ok := strings.Cut(sec, "```\n")
	if ok {
		block, _, ok = strings.Cut(block, "```")
	}
	if !ok {
		t.Fatal(`DESIGN.md's "The packages" has no drawing (a code block)`)
	}
	folder := regexp.MustCompile(`^(\./|[a-z][a-z0-9_]*(/[a-z0-9_]+)*/)$`)
	var folders []string
	for _, w := range strings.Fields(block) {
		if folder.MatchString(w) {
			folders = append(folders, strings.TrimSuffix(w, "/"))
		}
	}
	return folders
}

// TestDesignMapMatchesPackages: every folder DESIGN.md's drawing shows is a Go package (go
// list, in its own module if it has one), and every package of the module (go list ./...,
// third_party aside) is in the drawing: the map cannot go stale without a test failing.
func TestDesignMapMatchesPackages(t *testing.T) {
	drawn := designFolders(t)
	if len(drawn) < 10 {
		t.Fatalf("the drawing shows %d folders: %q", len(drawn), drawn)
	}
	for _, f := range drawn {
		// Run in the folder itself: a nested module (internal/displaycheck) is its own main
		// module there; a folder of tests only is listed by go list as well.
		cmd := exec.Command("go", "list", "-f", "{{.Name}}", ".")
		cmd.Dir = f
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("DESIGN.md draws %s/, which is not a Go package: %v %s", f, err, out)
		}
	}
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", "./...").Output()
	if err != nil {
		t.Fatal(err)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		if rel == "third_party" || strings.HasPrefix(rel, "third_party/") {
			continue
		}
		if !slices.Contains(drawn, rel) {
			t.Errorf("package %s/ is not in DESIGN.md's drawing", rel)
		}
	}
}

// TestDesignMapIsShort (issue 30): DESIGN.md is the map a newcomer reads in ten minutes: at
// most 25,000 bytes; long explanations go in docs/ (its table names them).
func TestDesignMapIsShort(t *testing.T) {
	b, err := os.ReadFile("DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 25000 {
		t.Errorf("DESIGN.md is %d bytes, more than 25,000: move the long parts into docs/", len(b))
	}
}
