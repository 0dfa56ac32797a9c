// Package jserr reads goja's compile errors: where the error is and what it says, without
// goja's decorations, for the loop (scripts) and the DOM (event handler attributes).
package jserr

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// goja formats a parse error as "name: Line 12:5 Unexpected token ) (and 2 more errors)".
var compileErrorPattern = regexp.MustCompile(`^(.*?): Line (\d+):(\d+) (.+?)(?: \(and \d+ more errors?\))?$`)

// ParseCompileError splits a goja compile error into the script's name, the position
// (line 0 when unknown) and the message alone ("Unexpected token )").
func ParseCompileError(err error) (file string, line, col int, msg string) {
	msg = err.Error()
	var ce *goja.CompilerSyntaxError
	if errors.As(err, &ce) {
		msg = ce.Message
		if ce.File != nil {
			p := ce.File.Position(ce.Offset)
			file, line, col = ce.File.Name(), p.Line, p.Column
		}
	}
	msg = strings.TrimPrefix(msg, "SyntaxError: ")
	if m := compileErrorPattern.FindStringSubmatch(msg); m != nil {
		file, msg = m[1], m[4]
		line, _ = strconv.Atoi(m[2])
		col, _ = strconv.Atoi(m[3])
	}
	return file, line, col, msg
}
