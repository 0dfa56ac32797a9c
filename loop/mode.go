package loop

import (
	"fmt"
	"strings"
)

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
	ModeLegacyAwait         Mode = "legacy-await"          // V8 < 7.3: await of a promise takes 3 ticks (legacyawait.go); pages and Node
	ModeNode10              Mode = "node10"                // Node < 11: a phase's timers/immediates run before their ticks and microtasks (package node)
)

// Modes lists every mode, the default first.
func Modes() []Mode {
	return []Mode{ModeSpec, ModeLegacyRAF, ModeLegacyEdgeListeners, ModeLegacyPromiseTasks, ModeMutationEvents, ModeLegacyAwait, ModeNode10}
}

// ParseMode checks a mode name.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes() {
		if string(m) == s {
			return m, nil
		}
	}
	names := make([]string, 0, len(Modes()))
	for _, m := range Modes() {
		names = append(names, string(m))
	}
	return "", fmt.Errorf("unknown mode %q (want one of %s)", s, strings.Join(names, ", "))
}
