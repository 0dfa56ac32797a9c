# Sourced by run.sh and test.sh (bash): makes sure a Go toolchain that can build loopscope is
# first on PATH, bringing one if the machine has none or an old one.
#
# The Go module proxy serves Go toolchains as the module golang.org/toolchain. With Go 1.21 or
# newer, GOTOOLCHAIN=goX.Y.Z fetches it; an older go (Debian 12's golang-go is 1.19) can fetch
# the same module with `go mod download`, and its bin/go is then a complete toolchain. With no
# go at all, Debian's golang-go is installed first, only to do that download. Nothing else is
# downloaded, and the toolchain stays in Go's module cache (later runs find it there).
#
# After it: PATH starts with the toolchain's bin, GOTOOLCHAIN=local, and go_root is its GOROOT.

loopscope_root=${loopscope_root:?set loopscope_root to the repository folder first}

# The version go.mod asks for (its toolchain line if any, else its go line), e.g. go1.26.8.
go_wanted() {
  local v
  v=$(sed -n 's/^toolchain[[:space:]]\{1,\}\(go[0-9.]*\).*/\1/p' "$loopscope_root/go.mod")
  [ -n "$v" ] || v=go$(sed -n 's/^go[[:space:]]\{1,\}\([0-9.]*\).*/\1/p' "$loopscope_root/go.mod")
  echo "$v"
}

# version_at_least A B: A >= B for versions like go1.19.8 and go1.26.8.
version_at_least() {
  [ "$(printf '%s\n%s\n' "${1#go}" "${2#go}" | sort -V | head -n1)" = "${2#go}" ]
}

ensure_go() {
  local want have goroot
  want=$(go_wanted)
  if ! command -v go >/dev/null 2>&1; then
    echo "loopscope: no Go on this machine: installing Debian's golang-go to fetch $want through the Go module proxy" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends golang-go ca-certificates >&2
  fi
  # From /, so that no go.mod around the caller's folder has a say.
  have=$(cd / && GOTOOLCHAIN=local go env GOVERSION 2>/dev/null || go version | awk '{print $3}')
  if version_at_least "$have" "$want"; then
    goroot=$(cd / && GOTOOLCHAIN=local go env GOROOT)
  elif version_at_least "$have" go1.21; then
    echo "loopscope: this machine's Go is $have; go.mod needs $want: fetching it through the Go module proxy (once)" >&2
    goroot=$(cd "$loopscope_root" && GOTOOLCHAIN=$want go env GOROOT)
  else
    goroot=$(go_download_toolchain "$have" "$want")
  fi
  [ -x "$goroot/bin/go" ] || { echo "loopscope: could not get Go $want (see above)" >&2; return 1; }
  export PATH="$goroot/bin:$PATH" GOTOOLCHAIN=local
  go_root=$goroot
}

# go_download_toolchain HAVE WANT: an old go (< 1.21) downloads golang.org/toolchain and
# prints the GOROOT it unpacked to.
go_download_toolchain() {
  local have=$1 want=$2 goos goarch mod dir tmp
  goos=$(cd / && go env GOOS)
  goarch=$(cd / && go env GOARCH)
  [ "$goarch" = arm ] && goarch=armv6l
  mod="golang.org/toolchain@v0.0.1-$want.$goos-$goarch"
  dir="$(cd / && go env GOMODCACHE)/$mod"
  if [ ! -x "$dir/bin/go" ]; then
    [ -d "$dir" ] || echo "loopscope: this machine's Go is $have; go.mod needs $want: fetching it through the Go module proxy (once, about 70 MB)" >&2
    tmp=$(mktemp -d)
    # Outside any module, so the old go does not read our go.mod (which it cannot parse).
    (cd "$tmp" && GO111MODULE=on GOFLAGS=-mod=mod go mod download "$mod") >&2 || { rm -rf "$tmp"; return 1; }
    rm -rf "$tmp"
    # The module cache unpacks files without execute bits; the go command sets them on a
    # toolchain it downloads itself, so do the same.
    find "$dir/bin" "$dir/pkg/tool" -type f -exec chmod a+x {} + 2>/dev/null || true
    find "$dir/lib" -type f -name 'go_*_exec' -exec chmod a+x {} + 2>/dev/null || true
  fi
  echo "$dir"
}
