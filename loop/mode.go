package loop

import "fmt"

// Mode is a browser behaviour mode: the spec (as Chrome does it), or a documented historical
// behaviour that a demo can show.
type Mode string

// The modes. See DESIGN.md "Browser behaviour modes".
const (
	ModeSpec                Mode = "spec"
	ModeLegacyRAF           Mode = "legacy-raf"            // rAF callbacks after paint (old Safari/Edge)
	ModeLegacyEdgeListeners Mode = "legacy-edge-listeners" // no checkpoint between the listeners of a real click (old Edge)
	ModeLegacyPromiseTasks  Mode = "legacy-promise-tasks"  // promise reactions run as tasks (old Firefox/Safari)
	ModeMutationEvents      Mode = "mutation-events"       // legacy DOMNodeInserted & co. fire synchronously
)

// Modes lists every mode, the default first.
func Modes() []Mode {
	return []Mode{ModeSpec, ModeLegacyRAF, ModeLegacyEdgeListeners, ModeLegacyPromiseTasks, ModeMutationEvents}
}

// ParseMode checks a mode name.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes() {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown mode %q (want one of spec, legacy-raf, legacy-edge-listeners, legacy-promise-tasks, mutation-events)", s)
}
