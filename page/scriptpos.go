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
}

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
	sp.from = at + len(text)
	before := sp.src[:at]
	line := strings.Count(before, "\n")
	col := len(before) - (strings.LastIndexByte(before, '\n') + 1)
	return strings.Repeat("\n", line) + strings.Repeat(" ", col) + text
}
