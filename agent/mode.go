package agent

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

// Modes lists every mode a page runs in, the default first (ModeNode10 is for Node scripts
// only: ParseMode accepts it, the window's mode switch does not offer it to pages).
func Modes() []Mode {
	return []Mode{ModeSpec, ModeLegacyRAF, ModeLegacyEdgeListeners, ModeLegacyPromiseTasks, ModeMutationEvents, ModeLegacyAwait}
}

// ParseMode checks a mode name.
func ParseMode(s string) (Mode, error) {
	all := append(Modes(), ModeNode10)
	for _, m := range all {
		if string(m) == s {
			return m, nil
		}
	}
	names := make([]string, 0, len(all))
	for _, m := range all {
		names = append(names, string(m))
	}
	return "", fmt.Errorf("unknown mode %q (want one of %s)", s, strings.Join(names, ", "))
}
