package gojaboundary

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// allowedReflect lists the files that import goja and reflect for a use that is not reflection
// on goja's types, with the reflect functions they may use.
var allowedReflect = map[string]struct {
	why   string
	funcs []string
}{
	"internal/webidl/interface.go": {
		why:   "reflect.TypeFor[T]() of webidl's own Go type T, compared with goja's exported ExportType() (Export() would run a plain object's getters)",
		funcs: []string{"TypeFor"},
	},
}

// pending lists the files that still reflect on goja's types, each with the change that
// removes it. A file here that no longer imports reflect or unsafe fails the test: delete
// its entry then.
var pending = map[string]string{}

// TestNoReflectOnGoja: no .go file outside third_party/ (tests included) that imports goja
// (github.com/dop251/goja, its subpackages or goja_nodejs) imports unsafe, or imports reflect
// other than as allowedReflect says, or reaches into goja with //go:linkname.
func TestNoReflectOnGoja(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	checked, gojaFiles := 0, 0
	seenPending := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if path != root && (rel == "third_party" || rel == "testdata" || strings.HasSuffix(rel, "/testdata") ||
				strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") {
			return nil
		}
		checked++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		var usesGoja, usesReflect, usesUnsafe bool
		reflectName := "reflect"
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case strings.HasPrefix(p, "github.com/dop251/goja"):
				usesGoja = true
			case p == "reflect":
				usesReflect = true
				if imp.Name != nil {
					reflectName = imp.Name.Name
				}
			case p == "unsafe":
				usesUnsafe = true
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//go:linkname") && strings.Contains(c.Text, "dop251/goja") {
					t.Errorf("%s: %s reaches into goja's internals", rel, c.Text)
				}
			}
		}
		if !usesGoja {
			return nil
		}
		gojaFiles++
		if why, ok := pending[rel]; ok {
			seenPending[rel] = true
			if !usesReflect && !usesUnsafe {
				t.Errorf("%s no longer uses reflect or unsafe: delete its entry in pending", rel)
			} else {
				t.Logf("%s: still reflects on goja (pending: %s)", rel, why)
			}
			return nil
		}
		if usesUnsafe {
			t.Errorf("%s imports goja and unsafe: use an exported hook in third_party/goja (PATCHES.md)", rel)
		}
		if !usesReflect {
			return nil
		}
		allowed, ok := allowedReflect[rel]
		if !ok {
			t.Errorf("%s imports goja and reflect: use an exported hook in third_party/goja (PATCHES.md)", rel)
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == reflectName && !contains(allowed.funcs, sel.Sel.Name) {
				t.Errorf("%s uses reflect.%s; allowed: %s (%s)", rel, sel.Sel.Name, strings.Join(allowed.funcs, ", "), allowed.why)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var gone []string
	for rel := range pending {
		if !seenPending[rel] {
			gone = append(gone, rel)
		}
	}
	sort.Strings(gone)
	for _, rel := range gone {
		t.Errorf("%s is pending but no longer imports goja (or is gone): delete its entry", rel)
	}
	if gojaFiles < 20 {
		t.Errorf("only %d of %d files import goja: is the walk looking at the project?", gojaFiles, checked)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
