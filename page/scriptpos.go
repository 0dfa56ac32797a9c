package page

import "strings"

// scriptPositions finds where inline scripts start in the page's source, so that their
// errors (a syntax error's "(at page.html:12:5)", an ErrorEvent's lineno and colno) give
// lines of the file rather than of the script. x/net/html keeps no positions, but a
// script's text is raw text: it appears verbatim in the source (after the input stream's
// newline normalisation), so each script is found by searching on from the previous one.
type scriptPositions struct {
	src  string // with newlines normalised, as the parser saw it
	from int    // where the search for the next script starts
	// The line count and the start of the line at from, so each search counts only the
	// text after the previous script (20,000 scripts in one file stay linear).
	line, lineStart int
	padded          int // padding bytes given out so far (maxPadding)
}

// maxPadding bounds the padding all of a page's scripts get together: 20,000 one-line
// scripts on one line once asked for 6.5 GB of columns. Past it, a script compiles as it
// is (DEPARTURE: its errors then give lines and columns of the script, not of the file).
const maxPadding = 16 << 20

func newScriptPositions(src []byte) *scriptPositions {
	s := strings.ReplaceAll(string(src), "\r\n", "\n")
	return &scriptPositions{src: strings.ReplaceAll(s, "\r", "\n")}
}

// inFile returns the script's text preceded by as many newlines and spaces as put its first
// character at its line and column in the file. A text that cannot be found (an empty
// script) is returned as it is.
func (sp *scriptPositions) inFile(text string) string {
	if strings.TrimSpace(text) == "" {
		return text
	}
	i := strings.Index(sp.src[sp.from:], text)
	if i < 0 {
		return text
	}
	at := sp.from + i
	between := sp.src[sp.from:at]
	if n := strings.Count(between, "\n"); n > 0 {
		sp.line += n
		sp.lineStart = sp.from + strings.LastIndexByte(between, '\n') + 1
	}
	line, col := sp.line, at-sp.lineStart
	// The script's own lines count for the next one.
	if n := strings.Count(text, "\n"); n > 0 {
		sp.line += n
		sp.lineStart = at + strings.LastIndexByte(text, '\n') + 1
	}
	sp.from = at + len(text)
	if sp.padded+line+col > maxPadding {
		return text
	}
	sp.padded += line + col
	return strings.Repeat("\n", line) + strings.Repeat(" ", col) + text
}
