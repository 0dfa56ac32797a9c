// Package targets is what loopscope opens, the same way for the command line and the window:
// a page file, a built-in demo (a page or a Node script), or a Node script file; the run of a
// demo that a mode and a query select; and a built-in demo copied out as files to edit
// (copy.go). The command line (-headless, -copy-demo, a Node script in the terminal) and the
// window (the gallery, reloads, the D key) both call it.
package targets

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"loopscope/demos"
	nodedemos "loopscope/demos/node"
	"loopscope/page"
)

// DefaultScriptTimeout is -script-timeout's default: the watchdog a page gets unless a demo
// declares its own (demoLimits).
const DefaultScriptTimeout = 5 * time.Second

// Split cuts a target into its name (a path or a demo's name) and its query, with its "?"
// ("" when it has none): "rendering?span=200" is "rendering" and "?span=200".
func Split(target string) (name, query string) {
	name, query, _ = strings.Cut(target, "?")
	if query != "" {
		query = "?" + query
	}
	return name, query
}

// IsNode reports whether target runs as a Node main module in env ("" decides by the target,
// "browser", "node"): with env node, a .js file, or the name of a built-in Node demo when no
// file has that name.
func IsNode(target, env string) bool {
	if env == "node" || (env == "" && strings.HasSuffix(target, ".js")) {
		return true
	}
	if env == "" && target != "" {
		if _, err := os.Stat(target); err != nil {
			_, err := nodedemos.Get(target)
			return err == nil
		}
	}
	return false
}

// Demos is every built-in demo, as the gallery lists them and -list prints them: the page
// demos, then seed 002's Node examples (marked Node), each sorted by name; the ones whose
// metadata does not parse are in broken.
func Demos() (list []demos.Demo, broken []error) {
	list, broken = demos.All()
	nodeList, nodeBroken := nodedemos.All()
	for _, d := range nodeList {
		list = append(list, d.Gallery())
	}
	return list, append(broken, nodeBroken...)
}

// OpenPage loads a page file, or a built-in page demo when no such file exists (then the
// demo is returned too, and its page runs with the limits it declares).
func OpenPage(target string, opts page.Options) (*page.Page, *demos.Demo, error) {
	file, query := Split(target)
	if _, err := os.Stat(file); err == nil || strings.ContainsAny(file, "/.") {
		p, err := page.Open(target, opts)
		return p, nil, err
	}
	d, err := demos.Get(file)
	if err != nil {
		var nf *demos.NotFoundError
		if errors.As(err, &nf) {
			return nil, nil, fmt.Errorf("cannot read page %q: no such file, and no built-in demo by that name (loopscope -list)", target)
		}
		return nil, nil, err
	}
	p, err := page.New(d.HTML, d.URL()+query, "", demoLimits(&d, opts))
	return p, &d, err
}

// demoLimits gives a demo that blocks the page on purpose the watchdog and heap limit it
// declares, unless -script-timeout or -max-heap asked for something other than the default.
func demoLimits(d *demos.Demo, opts page.Options) page.Options {
	if declared := time.Duration(d.ScriptTimeoutMS * float64(time.Millisecond)); declared > 0 &&
		(opts.ScriptTimeout == 0 || opts.ScriptTimeout == DefaultScriptTimeout) {
		opts.ScriptTimeout = declared
	}
	if declared := d.MaxHeap(); declared > 0 && (opts.MaxHeap == 0 || opts.MaxHeap == page.DefaultMaxHeap) {
		opts.MaxHeap = declared
	}
	return opts
}

// Opener opens targets of either kind; a built-in Node demo's script is written to a folder
// of its own (a Node script is a file: require and __filename need one), which Close
// removes. The zero Opener is ready to use.
type Opener struct {
	dir string // the folder for Node demos' scripts ("" until one is written)
}

// Open opens target in env (IsNode): a Node script as a Node page (page.OpenNode), anything
// else as OpenPage opens it. demo is the built-in demo opened (nil: a file).
func (o *Opener) Open(target, env string, opts page.Options) (p *page.Page, demo *demos.Demo, err error) {
	if !IsNode(target, env) {
		return OpenPage(target, opts)
	}
	file, nd, err := o.NodeScript(target)
	if err != nil {
		return nil, nil, err
	}
	if nd != nil {
		g := nd.Gallery()
		demo = &g
	}
	p, err = page.OpenNode(file, opts)
	return p, demo, err
}

// NodeScript is the file a Node target runs: the target itself, or, for the name of a
// built-in Node demo (when no file has that name), the demo's script written out (demo is
// that demo).
func (o *Opener) NodeScript(target string) (file string, demo *nodedemos.Demo, err error) {
	d, err := nodedemos.Get(target)
	if err != nil {
		return target, nil, nil
	}
	if _, statErr := os.Stat(target); statErr == nil {
		return target, nil, nil
	}
	if o.dir == "" {
		if o.dir, err = os.MkdirTemp("", "loopscope-node-demo"); err != nil {
			return "", nil, err
		}
	}
	if file, err = d.WriteScript(o.dir); err != nil {
		return "", nil, err
	}
	return file, &d, nil
}

// Close removes the Node demos' scripts it wrote.
func (o *Opener) Close() {
	if o.dir != "" {
		os.RemoveAll(o.dir)
		o.dir = ""
	}
}
