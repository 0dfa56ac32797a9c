//go:build !headless

package window

import (
	"os"
	"regexp"
	"strings"
	"testing"

	_ "earlyinit.loopscope/displaycheck"
)

// TestREADMEListsEveryKey (issue 17): every key the window binds (keymap.go) is in the
// README's key table, as the README writes it.
func TestREADMEListsEveryKey(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	code := regexp.MustCompile("`([^`]+)`")
	for _, ln := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(ln, "| `") {
			continue
		}
		first := strings.SplitN(ln[1:], "|", 2)[0] // the key column
		for _, m := range code.FindAllStringSubmatch(first, -1) {
			listed[m[1]] = true
		}
	}
	readme := map[string]string{"PageUp": "PgUp", "PageDown": "PgDn", "BracketLeft": "[", "BracketRight": "]",
		"Minus": "-", "Equal": "=", "Escape": "Esc"}
	for _, b := range keyMap() {
		found, names := false, []string{}
		for _, k := range b.keys {
			name := strings.TrimPrefix(k.String(), "Digit")
			if strings.HasPrefix(name, "Numpad") {
				continue // the numeric keypad's twin of a key listed
			}
			if r, ok := readme[name]; ok {
				name = r
			}
			names = append(names, name)
			found = found || listed[name]
		}
		if !found {
			t.Errorf("the README's key table does not list %v", names)
		}
	}
	if !listed["Shift+M"] {
		t.Error("the README's key table does not list Shift+M (pinning the mode)")
	}
}
