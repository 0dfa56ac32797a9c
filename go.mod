module loopscope

go 1.26.8

require (
	github.com/dop251/base64dec v0.0.0-20231022112746-c6c9f9a96217 // indirect
	github.com/ebitengine/gomobile v0.0.0-20240911145611-4856209ac325 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.8.0 // indirect
	github.com/go-sourcemap/sourcemap v2.1.4+incompatible // indirect
	github.com/go-text/typesetting v0.2.0 // indirect
	github.com/google/pprof v0.0.0-20240727154555-813a5fbdbec8 // indirect
	github.com/jezek/xgb v1.1.1 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

require (
	earlyinit.loopscope/displaycheck v0.0.0
	github.com/andybalholm/cascadia v1.3.5
	github.com/dlclark/regexp2/v2 v2.5.2
	github.com/dop251/goja v0.0.0-20260917113740-793a2a65c13b
	github.com/dop251/goja_nodejs v0.0.0-20260212111938-1f56ff5bcf14
	github.com/hajimehoshi/ebiten/v2 v2.8.8
	golang.org/x/image v0.47.0
	golang.org/x/net v0.62.0
	golang.org/x/sys v0.49.0
)

// Our own package (internal/displaycheck), not a download: its module path sorts before
// Ebiten's so that its init runs first (see the package comment).
replace earlyinit.loopscope/displaycheck => ./internal/displaycheck

// goja is the one dependency we patch: the pinned version, copied in-tree with its licence, and
// the changes listed in third_party/goja/PATCHES.md.
replace github.com/dop251/goja => ./third_party/goja
