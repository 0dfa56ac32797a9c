package targets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"loopscope/demos"
	nodedemos "loopscope/demos/node"
)

// CopyDemo writes the built-in demo name into dir (made if missing) as NAME.html (a Node
// demo: NAME.js) and NAME.json, its expected output, for a learner to edit and open as a
// file (the window reloads it on every save); it returns the page's (or script's) path.
// A file already there is never overwritten: with keep it is left as it is (it may hold
// the learner's edits: the window's D opens it), else it is an error and the files after it
// are not written (-copy-demo).
func CopyDemo(name, dir string, keep bool) (path string, err error) {
	ext := ".html"
	html, meta, err := demos.Files(name)
	if script, nodeMeta, nodeErr := nodedemos.Files(name); err != nil && nodeErr == nil {
		ext, html, meta, err = ".js", script, nodeMeta, nil
	}
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot make the folder %s: %v", dir, unwrapPathError(err))
	}
	path = filepath.Join(dir, name+ext)
	for _, f := range []struct {
		path string
		data []byte
	}{{path, html}, {filepath.Join(dir, name+".json"), meta}} {
		err := writeNew(f.path, f.data)
		if keep && errors.Is(err, errExists) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("cannot write %s: %v", f.path, err)
		}
	}
	return path, nil
}

// errExists: a file by that name is already there.
var errExists = errors.New("a file by that name is already there (it is kept: remove it or choose another folder)")

// writeNew creates path with data; a file already there is left alone (errExists).
func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return errExists
	}
	if err != nil {
		return unwrapPathError(err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// unwrapPathError drops the path an *os.PathError repeats (the message names it already).
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
