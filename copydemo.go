package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"loopscope/demos"
	nodedemos "loopscope/demos/node"
)

// copyDemo writes the built-in demo name into dir (created if missing) as NAME.html (a Node
// demo: NAME.js) and NAME.json, for a learner to edit and open as a file (the window
// reloads it on every save). Existing files are never overwritten. It returns the exit
// status: 2 for an unknown demo or a folder it cannot write.
func copyDemo(name, dir string, stdout, stderr io.Writer) int {
	ext := ".html"
	html, meta, err := demos.Files(name)
	if script, nodeMeta, nodeErr := nodedemos.Files(name); err != nil && nodeErr == nil {
		ext, html, meta, err = ".js", script, nodeMeta, nil
	}
	if err != nil {
		fmt.Fprintln(stderr, "loopscope: -copy-demo:", err)
		return 2
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "loopscope: -copy-demo: cannot make the folder %s: %v\n", dir, unwrapPathError(err))
		return 2
	}
	page := filepath.Join(dir, name+ext)
	for _, f := range []struct {
		path string
		data []byte
	}{{page, html}, {filepath.Join(dir, name+".json"), meta}} {
		if err := writeNew(f.path, f.data); err != nil {
			fmt.Fprintf(stderr, "loopscope: -copy-demo: cannot write %s: %v\n", f.path, err)
			return 2
		}
	}
	fmt.Fprintf(stdout, "copied the demo %s to %s (with its expected output in %s.json)\nopen it with: loopscope %s\n", name, page, name, page)
	return 0
}

// writeNew creates path with data; a file already there is left alone and reported.
func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return errors.New("a file by that name is already there (it is kept: remove it or choose another folder)")
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
