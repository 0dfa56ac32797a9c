package page

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Limits on what the page reads from disk: a page, an external script or an actions file
// that is not a regular file (a FIFO would block for ever, /dev/zero never ends) or that is
// bigger than this is refused with one clear line.
const (
	MaxPageBytes    = 64 << 20
	MaxScriptBytes  = 64 << 20
	MaxImageBytes   = 64 << 20
	MaxActionsBytes = 8 << 20 // a recorded session's mouse moves: 20,000 actions
)

// readRegularFile reads a regular file of at most max bytes. It opens the file without
// blocking (a FIFO's open waits for a writer), checks it is a regular file, and reads at
// most max+1 bytes (a file that grows while read is still capped).
func readRegularFile(path string, max int64, what string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", what, kindOf(fi.Mode()))
	}
	if fi.Size() > max {
		return nil, fmt.Errorf("%s is %s, more than the %s limit", what, sizeText(fi.Size()), sizeText(max))
	}
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() { // swapped since the Stat
		return nil, fmt.Errorf("%s is not a regular file", what)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s is more than the %s limit", what, sizeText(max))
	}
	return b, nil
}

func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0, m&os.ModeCharDevice != 0:
		return "a device"
	}
	return "not a file"
}

func sizeText(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// readScript reads an external script; paths that leave the page's folder are refused.
func (p *Page) readScript(src string) ([]byte, error) {
	return p.readLocal(src, "scripts", "script", MaxScriptBytes, true)
}

// readImage reads an image for an img element (the document's resource loader): a file in
// the page's folder, not watched for changes.
func (p *Page) readImage(src string) ([]byte, error) {
	return p.readLocal(src, "images", "image", MaxImageBytes, false)
}

// readLocal reads a file the page loads (kinds and kind name it in errors); paths that
// leave the page's folder are refused. watch adds it to the files the window watches.
func (p *Page) readLocal(src, kinds, kind string, max int64, watch bool) ([]byte, error) {
	u, err := url.Parse(src)
	if err != nil || (u.Scheme != "" && u.Scheme != "file") || u.Host != "" {
		return nil, errors.New("only " + kinds + " in the page's own folder can be loaded")
	}
	if p.dir == "" {
		return nil, errors.New("this page has no folder to load " + kinds + " from")
	}
	full := filepath.Clean(filepath.FromSlash(u.Path))
	if !filepath.IsAbs(full) {
		full = filepath.Join(p.dir, full)
	}
	if !inside(p.dir, full) {
		return nil, errors.New("the path leaves the page's folder")
	}
	if watch && !slices.Contains(p.files, full) {
		// Watched even while missing: it may appear. Once: an iframe navigating again and
		// again to its file reads it each time.
		p.files = append(p.files, full)
	}
	// A symbolic link inside the folder may point out of it: check where it really is.
	dir, err1 := filepath.EvalSymlinks(p.dir)
	real, err2 := filepath.EvalSymlinks(full)
	if err1 != nil || err2 != nil {
		return nil, errors.New("no such " + kind + " in the page's folder")
	}
	if !inside(dir, real) {
		return nil, errors.New("the path leaves the page's folder (through a symbolic link)")
	}
	return readRegularFile(real, max, "the "+kind)
}

// inside reports whether path is dir or inside it (both clean and absolute).
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
