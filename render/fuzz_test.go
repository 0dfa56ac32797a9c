package render

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"loopscope/css"
)

// FuzzStyleSheet checks that no style sheet or declaration block makes the parsers panic.
func FuzzStyleSheet(f *testing.F) {
	for _, s := range []string{
		"div { color: red }", "a{b:c}", "@media x { p { margin: 1px 2px 3px 4px 5px } }", "x{transition:all 1s steps(2,jump-none)}",
		"#a{transform:translate(1px,)}", "p{border:1px solid rgb(1 2 3 / 4%)}", "}{;:!important", "/* unterminated", "q{color:#12345678}",
		"s{transition: a 1s, b 2s cubic-bezier(0,0,1,1) 3s, c}", "t{margin:-1e308px}", "u{font-size:1e400px}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rules := parseStyleSheet(text, 0)
		for _, r := range rules {
			_ = r.sel.String()
		}
		css.ParseDeclarationBlock(text, nil)
	})
}

// FuzzRender checks that no page makes style, layout, paint or hit testing panic.
func FuzzRender(f *testing.F) {
	for _, s := range []string{
		`<div style="position:absolute;width:50%;left:-10px">x</div>`,
		`<span style="padding:5px;border:2px solid">a<div>block in inline</div>b</span>`,
		`<p style="white-space:pre">a	b
c</p><br><br>`,
		`<div style="display:inline-block;position:relative;top:5px;opacity:.5;transform:translate(10%,5px)"><b>x</b></div>`,
		`<div style="height:1e30px;width:1e30px;margin:-1e30px;font-size:1e9px">huge</div>`,
		`<style>*{position:fixed;z-index:-3;display:inline-block}</style><i>a</i><u>b</u>`,
		`<button>a</button><input><select></select>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		doc, err := html.Parse(strings.NewReader(page))
		if err != nil {
			return
		}
		src := &staticSource{doc: doc, version: 1}
		e := NewEngine(src, 200, 150)
		renderFrame(e, 0)
		e.HitTest(10, 10)
		src.bump()
		e.Resize(100, 300)
		renderFrame(e, 16)
	})
}
