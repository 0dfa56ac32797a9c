package page

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"

	"loopscope/dom"
	"loopscope/internal/jserr"
)

// ErrSyntax is what CheckSyntax's errors wrap.
var ErrSyntax = errors.New("SyntaxError")

// CheckSyntax compiles, without running anything, the scripts of the page at target (an
// HTML file, which may end in a query, or a Node script ending in .js): each classic script
// of the page, inline or external, or the Node module. It returns the first syntax error,
// as "SyntaxError: Unexpected token ')' (at page.html:12:5)", or nil. The window checks an
// edited page with it before reloading: an edit that does not compile keeps the last good
// page on screen, with the error.
//
// Reading errors (a missing file) are not its business: the reload itself reports those.
func CheckSyntax(target string) error {
	file, _, _ := strings.Cut(target, "?")
	if strings.HasSuffix(file, ".js") {
		src, err := readRegularFile(file, MaxScriptBytes, "the script")
		if err != nil {
			return nil
		}
		// The Node module's wrapper, as node compiles it (on the first line, so the lines
		// of the file stay its own).
		return syntaxError(file, "(function (exports, require, module, __filename, __dirname) {"+decodeUTF8(string(src))+"\n})")
	}
	src, err := readRegularFile(file, MaxPageBytes, "the page")
	if err != nil {
		return nil
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil
	}
	docURL := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	doc, parser, err := dom.ParseDocumentIncrementally(src, docURL)
	if err != nil {
		return nil
	}
	p := &Page{Doc: doc, dir: filepath.Dir(abs)} // for readScript's rules alone
	pos := newScriptPositions(src)
	for _, s := range parser.Scripts() {
		if !s.IsClassic() {
			continue
		}
		name, text := abs, pos.inFile(s.Text)
		if s.Src != "" {
			b, err := p.readScript(s.Src)
			if err != nil {
				continue // the page reports it when it runs (an error event, as Chrome)
			}
			name, text = doc.ResolveURL(s.Src), string(b)
		}
		if err := syntaxError(name, decodeUTF8(text)); err != nil {
			return err
		}
	}
	return nil
}

// syntaxError compiles src and describes its syntax error, if any, as the console does.
func syntaxError(name, src string) error {
	if _, err := goja.Compile(name, src, false); err != nil {
		file, line, col, msg := jserr.ParseCompileError(err)
		if line > 0 {
			return fmt.Errorf("%w: %s (at %s:%d:%d)", ErrSyntax, msg, path.Base(file), line, col)
		}
		return fmt.Errorf("%w: %s", ErrSyntax, msg)
	}
	return nil
}

// decodeUTF8 decodes a script's bytes much as the loop does (invalid bytes become U+FFFD),
// so that what compiles here compiles there.
func decodeUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
