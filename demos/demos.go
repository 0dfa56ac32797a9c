// Package demos holds the built-in demo pages (NAME.html) with their metadata and expected
// outputs (NAME.json, see page.Case), embedded in the binary.
package demos

import (
	"embed"
	"io/fs"
	"sort"
	"strings"

	"loopscope/page"
)

//go:embed *.html *.json
var files embed.FS

// Demo is one built-in demo.
type Demo struct {
	Name string
	HTML []byte
	// Node marks a Node demo (package demos/node, Demo.Gallery): no HTML but Script, which
	// runs as a Node main module; the gallery lists it with the pages, marked as Node.
	Node   bool
	Script []byte
	page.Case
}

// URL is the address a demo page gets (location.search works on it).
func (d Demo) URL() string { return "file:///loopscope/demos/" + d.Name + ".html" }

// All returns every demo, sorted by name. A demo whose metadata does not parse is reported
// in errs and left out.
func All() (list []Demo, errs []error) { return Each(files, Get) }

// Each gets every demo whose metadata (NAME.json) is in fsys, sorted by name; the ones get
// fails for are reported in errs and left out. The page demos and the Node demos share it.
func Each[D any](fsys fs.FS, get func(name string) (D, error)) (list []D, errs []error) {
	names, _ := fs.Glob(fsys, "*.json")
	sort.Strings(names)
	for _, n := range names {
		d, err := get(strings.TrimSuffix(n, ".json"))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		list = append(list, d)
	}
	return list, errs
}

// Get returns the demo called name.
func Get(name string) (Demo, error) {
	meta, err := files.ReadFile(name + ".json")
	if err != nil {
		return Demo{}, &NotFoundError{name}
	}
	src, err := files.ReadFile(name + ".html")
	if err != nil {
		return Demo{}, &NotFoundError{name}
	}
	c, err := page.ParseCase(meta)
	if err != nil {
		return Demo{}, &BadDemoError{name, err}
	}
	return Demo{Name: name, HTML: src, Case: c}, nil
}

// Files returns a demo's two files as they are embedded: its page (NAME.html) and its
// metadata with the expected outputs (NAME.json), for copying out (-copy-demo).
func Files(name string) (html, meta []byte, err error) {
	if _, err := Get(name); err != nil {
		return nil, nil, err
	}
	html, _ = files.ReadFile(name + ".html")
	meta, _ = files.ReadFile(name + ".json")
	return html, meta, nil
}

// NotFoundError: no demo has that name.
type NotFoundError struct{ Name string }

func (e *NotFoundError) Error() string {
	return "no built-in demo called " + e.Name + " (loopscope -list shows them)"
}

// BadDemoError: a demo's metadata does not parse.
type BadDemoError struct {
	Name string
	Err  error
}

func (e *BadDemoError) Error() string { return "demo " + e.Name + ": bad metadata: " + e.Err.Error() }
