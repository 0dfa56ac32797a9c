package agent

import (
	"slices"
	"strings"
	"sync"
)

// Sources keeps the text of the scripts the page ran, by file name, for the window's
// source pane: a frame of the JS stack (file and line) points into it. Inline scripts come
// padded to their place in the page's file, so the scripts of one file merge into its
// lines (the HTML around them stays blank). Bounded: at most maxSourceFiles files and
// maxSourceBytes bytes in all; later scripts are not kept. Safe from any goroutine.
type Sources struct {
	mu    sync.Mutex
	files map[string][]string
	order []string // file names, first run first
	bytes int
}

const (
	maxSourceFiles = 64
	maxSourceBytes = 4 << 20
)

// Add records a script's text under its file name (a host that compiles scripts itself, as
// Node's require does, records them here for the source pane).
func (s *Sources) Add(name, src string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bytes+len(src) > maxSourceBytes {
		return
	}
	lines := strings.Split(src, "\n")
	old, ok := s.files[name]
	if !ok {
		if len(s.order) >= maxSourceFiles {
			return
		}
		if s.files == nil {
			s.files = map[string][]string{}
		}
		s.order = append(s.order, name)
	}
	// A new slice each time: a reader may hold the old one.
	merged := make([]string, max(len(old), len(lines)))
	copy(merged, lines)
	for i, ln := range old {
		if strings.TrimSpace(merged[i]) == "" {
			merged[i] = ln
		}
	}
	if ok && slices.Equal(merged, old) {
		return // known already (a page's script is added when queued, then when it runs)
	}
	s.files[name] = merged
	s.bytes += len(src)
}

// Lines returns the lines of a file (nil when it is not kept); do not modify them.
func (s *Sources) Lines(name string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.files[name]
}

// Files lists the files kept, first run first.
func (s *Sources) Files() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.order...)
}

// Sources is the text of the scripts the page ran (for a source pane).
func (a *Agent) Sources() *Sources { return &a.sources }
