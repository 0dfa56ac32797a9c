// Package nodedemos holds the built-in Node demos: seed 002's Node examples (NAME.js) with
// their metadata and expected outputs (NAME.json, the format of package page's cases; the
// spec runs recorded from node 20, the modes' from the seed's text), embedded in the binary.
package nodedemos

import (
	"embed"
	"errors"
	"os"
	"path/filepath"

	"loopscope/demos"
	"loopscope/page"
)

//go:embed *.js *.json
var files embed.FS

// Demo is one built-in Node demo.
type Demo struct {
	Name   string
	Script []byte
	page.Case
}

// ErrNotFound: no Node demo has that name.
var ErrNotFound = errors.New("no such Node demo")

// All returns every Node demo, sorted by name.
func All() (list []Demo, errs []error) { return demos.Each(files, Get) }

// Get returns the Node demo called name.
func Get(name string) (Demo, error) {
	meta, err := files.ReadFile(name + ".json")
	if err != nil {
		return Demo{}, ErrNotFound
	}
	src, err := files.ReadFile(name + ".js")
	if err != nil {
		return Demo{}, ErrNotFound
	}
	c, err := page.ParseCase(meta)
	if err != nil {
		return Demo{}, errors.New("Node demo " + name + ": bad metadata: " + err.Error())
	}
	return Demo{Name: name, Script: src, Case: c}, nil
}

// Gallery is the demo as the gallery lists it beside the page demos (demos.Demo, marked
// Node); the window opens it by name.
func (d Demo) Gallery() demos.Demo {
	return demos.Demo{Name: d.Name, Node: true, Script: d.Script, Case: d.Case}
}

// Files returns a Node demo's two files as they are embedded: its script (NAME.js) and its
// metadata with the expected outputs (NAME.json), for copying out (-copy-demo, D).
func Files(name string) (script, meta []byte, err error) {
	if _, err := Get(name); err != nil {
		return nil, nil, err
	}
	script, _ = files.ReadFile(name + ".js")
	meta, _ = files.ReadFile(name + ".json")
	return script, meta, nil
}

// WriteScript writes the demo's script into dir (a Node script is a file: require and
// __filename need one) and returns its path.
func (d Demo) WriteScript(dir string) (string, error) {
	path := filepath.Join(dir, d.Name+".js")
	return path, os.WriteFile(path, d.Script, 0o644)
}
