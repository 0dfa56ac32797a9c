package ast_test

import (
	"fmt"
	goast "go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// walkSource has every kind of node.
const walkSource = `
"use strict";
var a = 1, [b, , ...c] = [1, , 2], {d, e: {f = 2}, ...g} = {d: 1, e: {}};
let h = a ? b : c; const i = -a + b * c;
function fn(p, q = 1, ...r) { return p, q; }
function* gen() { yield 1; yield* gen(); yield; }
async function af() { await af(); }
var arrow = async (x) => await x, body = () => { return; };
class C extends Object {
	#priv = 1; static s = 2; field;
	static { this.s = 3; }
	constructor() { super(); new.target; }
	get g() { return this.#priv; } set g(v) {} m() { return #priv in this; }
	static async am() {} *gm() {}
}
label: for (let k = 0; k < 1; k++) { if (k) continue label; else break label; }
for (var k2 in {}) {} for (k2 of []) {} for (const [k3] of []) {} for (a; ; ) { break; } for (var v1 = 0; v1 < 1; v1++) {}
do { a++; } while (!a); while (a) { --a; }
switch (a) { case 1: a = 2; default: }
try { throw new Error("e"); } catch ({message}) {} finally {}
try {} catch {}
with ({}) {}
debugger; ;
o?.p?.[q]?.(r); o.p[q](r); tag` + "`t${a}u${b}v`" + `; ` + "`plain`" + `;
x = {m() {}, get p() {}, set p(v) {}, [k]: 1, ...s, "str": /re/g, 1: null, n: true, t: this};
x += typeof a, void 0, delete x.y; x = 1n; (function() { arguments; })();
`

// nodesByReflection finds every node of the tree rooted at n by reflection: every value of a
// type that implements ast.Node, through every field but DeclarationList and a node's embedded
// struct (the node itself).
func nodesByReflection(n ast.Node) map[string]bool {
	found := map[string]bool{}
	nodeType := reflect.TypeOf((*ast.Node)(nil)).Elem()
	pkg := nodeType.PkgPath()
	var visit func(v reflect.Value)
	visit = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				visit(v.Elem())
			}
		case reflect.Pointer:
			if v.IsNil() || v.Type().Elem().PkgPath() != pkg {
				return
			}
			if v.Type().Implements(nodeType) {
				key := fmt.Sprintf("%T@%p", v.Interface(), v.Interface())
				if found[key] {
					return
				}
				found[key] = true
			}
			visit(v.Elem())
		case reflect.Struct:
			if v.Type().PkgPath() != pkg {
				return
			}
			if v.CanAddr() && v.Addr().Type().Implements(nodeType) && !found[fmt.Sprintf("%T@%p", v.Addr().Interface(), v.Addr().Interface())] {
				visit(v.Addr())
				return
			}
			for i := 0; i < v.NumField(); i++ {
				f := v.Type().Field(i)
				if f.Name == "DeclarationList" || f.Anonymous && f.Type.Kind() == reflect.Struct {
					continue
				}
				visit(v.Field(i))
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				visit(v.Index(i))
			}
		}
	}
	visit(reflect.ValueOf(n))
	return found
}

// nodesByWalk is what Inspect visits; it fails on a node visited twice.
func nodesByWalk(t *testing.T, n ast.Node) map[string]bool {
	found := map[string]bool{}
	enter, exit := 0, 0
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil {
			exit++
			return false
		}
		enter++
		key := fmt.Sprintf("%T@%p", n, n)
		if found[key] {
			t.Errorf("%s visited twice", key)
		}
		found[key] = true
		return true
	})
	if enter != exit {
		t.Errorf("%d nodes entered, %d left", enter, exit)
	}
	return found
}

func compareWalk(t *testing.T, name string, prg *ast.Program) (types map[string]bool) {
	want, got := nodesByReflection(prg), nodesByWalk(t, prg)
	types = map[string]bool{}
	for k := range want {
		types[k[:strings.Index(k, "@")]] = true
		if !got[k] {
			t.Errorf("%s: Walk misses %s", name, k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("%s: Walk visits %s, which is not in the tree", name, k)
		}
	}
	return types
}

func TestWalkVisitsEveryNode(t *testing.T) {
	prg, err := parser.ParseFile(nil, "walk.js", walkSource, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := compareWalk(t, "walkSource", prg)

	// Every node type of the package is in walkSource: the types with an Idx0 method or a
	// walkChildren method of their own (node.go, walk.go).
	fset := gotoken.NewFileSet()
	var missing []string
	for _, file := range []string{"node.go", "walk.go"} {
		f, err := goparser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*goast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != "Idx0" && fd.Name.Name != "walkChildren" {
				continue
			}
			typ := "*ast." + fd.Recv.List[0].Type.(*goast.StarExpr).X.(*goast.Ident).Name
			switch typ {
			case "*ast.BadExpression", "*ast.BadStatement": // only in a tree with syntax errors
				continue
			case "*ast.VariableDeclaration": // only in DeclarationList
				continue
			}
			if !seen[typ] {
				missing = append(missing, typ)
				seen[typ] = true
			}
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Errorf("walkSource has no %s", strings.Join(missing, ", "))
	}
}

func TestWalkOrder(t *testing.T) {
	prg, err := parser.ParseFile(nil, "", "async () => { f(await a, `${await b}c${await d}`, {[await e]: await f}); async function g() { await h } }", 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ast.Inspect(prg, func(n ast.Node) bool {
		if a, ok := n.(*ast.AwaitExpression); ok {
			names = append(names, string(a.Argument.(*ast.Identifier).Name))
		}
		return true
	})
	if got := strings.Join(names, " "); got != "a b d e f h" {
		t.Errorf("await arguments in walk order: %s", got)
	}
}

func TestWalkPrune(t *testing.T) {
	prg, err := parser.ParseFile(nil, "", "a; function f() { b; }", 0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	ast.Inspect(prg, func(n ast.Node) bool {
		if id, ok := n.(*ast.Identifier); ok {
			ids = append(ids, string(id.Name))
		}
		_, isFunc := n.(*ast.FunctionLiteral)
		return !isFunc
	})
	if got := strings.Join(ids, " "); got != "a" {
		t.Errorf("identifiers outside functions: %s", got)
	}
}

// TestWalkTest262 compares Walk with the reflection walk on every test262 file that parses,
// when test262 is checked out (see ../.tc39_test262_checkout.sh).
func TestWalkTest262(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	base := filepath.Join("..", "testdata", "test262", "test")
	if _, err := os.Stat(base); err != nil {
		t.Skip("test262 is not checked out")
	}
	files := 0
	err := filepath.Walk(base, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".js") || strings.Contains(path, "_FIXTURE") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var prg *ast.Program
		func() {
			defer func() { _ = recover() }() // a parser bug is not Walk's
			prg, err = parser.ParseFile(nil, path, string(src), 0)
		}()
		if prg == nil || err != nil {
			return nil // negative syntax tests, and syntax goja does not support
		}
		files++
		compareWalk(t, path, prg)
		if t.Failed() {
			return filepath.SkipAll
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files", files)
}
