package render

import (
	"fmt"
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
		".m:hover > .i:not(:focus) ~ b::after{color:red}", ":focus-within{a:b}", "a:hover,{x:y}", "p:hover >{x:y}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rules := parseStyleSheet(text, 0)
		for _, r := range rules {
			_ = r.sel.String()
		}
		analyseSelectors(rules)
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
		`<div style="width:calc(100% - 1e308px);padding:calc(-5% + 1px);margin:clamp(1px,2em,3rem);font-size:calc(50% + 1e9px)"><i style="border-left:max(1px,2px) solid;transform:translate(calc(1em - 50%))">x</i></div>`,
		`<div style="width:calc(1px / 0);min-width:calc(10% - 1e300px);max-height:calc(1e9% + 1px);line-height:calc(1em - 50%)">x</div>`,
		`<div style="width:min(50%,1e308px);height:clamp(1ex,50%,2ch);margin:max(10%,-1e9px) calc(2*min(5%,1ch));padding:min(1%,1ex);font-size:min(150%,3ch);line-height:max(100%,1ex);transition:width 1s"><i style="width:inherit;margin:inherit;position:absolute;left:clamp(0px,10%,1em);top:min(50%,1ex)">x</i></div>`,
		`<div style="width:50%;transform:translate(min(50%,1e308px),clamp(1px,calc(1e9% - 1px),2ex)) scale(2);transition:transform 1s"><i style="display:inline-block;transform:inherit;opacity:.5">x</i></div>`,
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

// extremeValues are the values the geometry generator draws from: the ends of float64, of
// Chrome's layout range (±2^25 px), and what parses to NaN or infinity.
var extremeValues = []string{
	"1e308px", "-1e308px", "1e400px", "-1e400px", "33554432px", "-33554433px", "1e30%", "-1e30%",
	"0px", "-0px", "1e-320px", "NaNpx", "1e308em", "1e308vw", "-1e308rem", "99999999999999999999%",
	"calc(1e308px * 10)", "2147483648px", "-2147483649px", "9e15px", "0.0000001px", "auto",
}

var geometryProps = []string{
	"top", "left", "right", "bottom", "width", "height", "margin", "margin-left", "padding",
	"border-width", "font-size", "line-height", "min-width", "max-height", "text-indent",
	"letter-spacing", "transform",
}

// geometryPage turns fuzz bytes into a page whose styles reach the geometry extremes: each
// pair of bytes is a property and a value from the tables; the last byte is how many
// copies of the styled element there are (huge counts, capped to stay a unit test).
func geometryPage(b []byte) string {
	var decl strings.Builder
	for i := 0; i+1 < len(b); i += 2 {
		prop := geometryProps[int(b[i])%len(geometryProps)]
		v := extremeValues[int(b[i+1])%len(extremeValues)]
		if prop == "transform" {
			v = "translate(" + v + ", " + v + ") scale(" + strings.TrimSuffix(v, "px") + ")"
		}
		decl.WriteString(prop + ":" + v + ";")
	}
	n := 1
	if len(b) > 0 {
		n = 1 + int(b[len(b)-1])*8
	}
	positions := []string{"static", "relative", "absolute", "fixed"}
	var page strings.Builder
	for i := range n {
		fmt.Fprintf(&page, `<div style="position:%s;%s">text %d<span style="%s">inline</span></div>`,
			positions[i%len(positions)], decl.String(), i, decl.String())
	}
	return page.String()
}

// FuzzRenderGeometry renders generated pages with extreme geometry (FuzzRender's random
// text rarely forms such values): no panic in style, layout, paint or hit testing.
func FuzzRenderGeometry(f *testing.F) {
	f.Add([]byte{0, 1, 1, 0, 4, 2, 5, 3})
	f.Add([]byte{10, 0, 11, 12, 16, 0, 255})
	f.Add([]byte{2, 6, 3, 7, 14, 21, 15, 11, 9})
	f.Fuzz(func(t *testing.T, b []byte) {
		doc, err := html.Parse(strings.NewReader(geometryPage(b)))
		if err != nil {
			return
		}
		src := &staticSource{doc: doc, version: 1}
		e := NewEngine(src, 200, 150)
		renderFrame(e, 0)
		e.HitTest(10, 10)
		e.HitTest(-1e308, 1e308)
		src.bump()
		e.Resize(100, 300)
		renderFrame(e, 16)
	})
}
