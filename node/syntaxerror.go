package node

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/dop251/goja"

	"loopscope/agent"
	"loopscope/internal/jserr"
)

// A main module that does not compile is one clear line before anything runs, at the place
// node names: "app.js:3:7: SyntaxError: Unexpected token ;".
//
// The module is compiled inside the CommonJS wrapper, as require compiles it, so a source
// that ends too early makes the parser stumble on the wrapper's closing "})", a line the file
// does not have. node (V8) reports those at the end of the file: "missing ) after argument
// list" at the last token when the innermost open bracket is a call's argument list, else
// "Unexpected end of input" on the file's last line.

// The wrapper CommonJS modules are compiled in (goja_nodejs's require uses the same).
const (
	moduleWrapperHead = "(function(exports,require,module,__filename,__dirname){"
	moduleWrapperTail = "\n})"
)

// SyntaxError is a main module that does not compile.
type SyntaxError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: SyntaxError: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s: SyntaxError: %s", e.File, e.Msg)
}

// checkSyntax compiles the module as require will and returns its SyntaxError, if any.
func checkSyntax(file, src string, mode agent.Mode) error {
	src = agent.TransformAwait(src, mode)
	_, err := goja.Compile(file, moduleWrapperHead+src+moduleWrapperTail, false)
	if err == nil {
		return nil
	}
	_, line, col, msg := jserr.ParseCompileError(err)
	if line == 1 {
		col -= len(moduleWrapperHead)
	}
	e := &SyntaxError{File: filepath.Base(file), Line: line, Col: col, Msg: msg}
	if line > 0 && pastTheEnd(src, line, col) {
		e.Line, e.Col, e.Msg = endOfInput(src)
	}
	return e
}

// pastTheEnd reports whether line:col (1-based, in the file's own columns) lies after the
// file's last character: in the wrapper's tail.
func pastTheEnd(src string, line, col int) bool {
	last := strings.Count(src, "\n") + 1
	lastLen := len(src) - strings.LastIndexByte(src, '\n') - 1
	return line > last || line == last && col > lastLen
}

// endOfInput is V8's diagnosis of a file that ends inside a construct: where and what.
func endOfInput(src string) (line, col int, msg string) {
	s := scanBrackets(src)
	if n := len(s.open); n > 0 && s.open[n-1].call && s.last.ok && !s.last.punct {
		return s.last.line, s.last.col, "missing ) after argument list"
	}
	return strings.Count(src, "\n") + 1, len(src) - strings.LastIndexByte(src, '\n'), "Unexpected end of input"
}

// bracketScan is what scanBrackets found: the brackets still open at the end and the last
// token.
type bracketScan struct {
	open []openBracket
	last token
}

type openBracket struct {
	ch   byte
	call bool // "(" of a call's arguments
}

type token struct {
	ok        bool
	line, col int
	punct     bool   // an operator or punctuation, not an operand
	word      string // an identifier or keyword
}

// scanBrackets reads src as a token stream just far enough to know which brackets are open
// at its end: strings, template literals, comments and regular expression literals are
// skipped. It is a diagnosis for an error message, not a parser: a regular expression is
// told from a division by the token before it, as tokenizers commonly do.
func scanBrackets(src string) bracketScan {
	var s bracketScan
	var prev, before token // the last two tokens
	line, lineStart := 1, 0
	emit := func(t token) { before, prev, s.last = prev, t, t }
	i := 0
	for i < len(src) {
		c := src[i]
		at := token{ok: true, line: line, col: i - lineStart + 1}
		switch {
		case c == '\n':
			line, lineStart = line+1, i+1
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 4
			}
			for _, r := range src[i : i+end+4] {
				if r == '\n' {
					line++
				}
			}
			i += end + 4
			lineStart = strings.LastIndexByte(src[:i], '\n') + 1
		case c == '\'' || c == '"':
			i = skipQuoted(src, i, c)
			emit(at)
		case c == '`':
			i = skipTemplate(src, i)
			line = strings.Count(src[:i], "\n") + 1
			lineStart = strings.LastIndexByte(src[:i], '\n') + 1
			emit(at)
		case c == '/' && !(prev.ok && operandEnds(prev)):
			i = skipRegExp(src, i)
			emit(at)
		case isWordByte(c):
			j := i
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			at.word = src[i:j]
			i = j
			emit(at)
		case c == '(' || c == '[' || c == '{':
			call := c == '(' && prev.ok && operandEnds(prev) && !(before.word == "function" && prev.word != "")
			s.open = append(s.open, openBracket{ch: c, call: call})
			at.punct = true
			i++
			emit(at)
		case c == ')' || c == ']' || c == '}':
			if n := len(s.open); n > 0 {
				s.open = s.open[:n-1]
			}
			i++
			emit(at) // an operand end: "f(x)(1", "a[0](1"
		default:
			at.punct = true
			i++
			emit(at)
		}
	}
	return s
}

// operandEnds reports whether t can end an operand, so that "(" after it calls and "/" after
// it divides.
func operandEnds(t token) bool {
	if t.word != "" {
		return !keywordBeforeExpression(t.word)
	}
	return !t.punct
}

// keywordBeforeExpression reports whether "(" after the keyword w is not a call and "/"
// after it starts a regular expression.
func keywordBeforeExpression(w string) bool {
	switch w {
	case "if", "while", "for", "switch", "catch", "with", "function", "return", "typeof", "void",
		"delete", "new", "in", "of", "instanceof", "case", "do", "else", "throw", "await", "yield",
		"var", "let", "const":
		return true
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 || c == '.'
}

// skipQuoted returns the index after the string literal starting at i.
func skipQuoted(src string, i int, q byte) int {
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q, '\n':
			return i + 1
		}
	}
	return i
}

// skipTemplate returns the index after the template literal starting at i (substitutions
// are skipped with their own nested brackets, strings and templates).
func skipTemplate(src string, i int) int {
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '`':
			return i + 1
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				depth := 0
				for i++; i < len(src); i++ {
					switch c := src[i]; c {
					case '{':
						depth++
					case '}':
						depth--
					case '\'', '"':
						i = skipQuoted(src, i, c) - 1
					case '`':
						i = skipTemplate(src, i) - 1
					}
					if depth == 0 {
						break
					}
				}
			}
		}
	}
	return i
}

// skipRegExp returns the index after the regular expression literal starting at i.
func skipRegExp(src string, i int) int {
	inClass := false
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '\n':
			return i
		case '/':
			if !inClass {
				for i++; i < len(src) && isWordByte(src[i]); i++ {
				}
				return i
			}
		}
	}
	return i
}
