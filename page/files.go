package page

import (
	"fmt"
	"io"
	"os"
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
