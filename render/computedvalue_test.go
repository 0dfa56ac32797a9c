package render

import "testing"

// TestComputedValueMatchesChrome checks getComputedStyle values measured in Chromium 156
// on the same page (font-independent properties only).
func TestComputedValueMatchesChrome(t *testing.T) {
	src := parsePage(t, `<style>
		#a { position: relative; left: 10px; width: 50%; height: 20px; margin: 1em 2px; padding: 3px; border: 2px solid rgba(0,0,255,0.3); background: rgba(255,0,0,0.5); color: #123; font-size: 20px; font-weight: bold; opacity: 0.25; transform: translate(10px, 20%); z-index: 3; line-height: 1.5 }
		#b { display: inline-block; box-sizing: border-box; width: 100px; padding: 10px; visibility: hidden; line-height: 30px; top: 5px }
		#c { position: absolute; right: 0; width: 33.3333px }
		</style><div id=a>a</div><span id=b>b</span><span id=s>span</span><div id=c>c</div><div id=none style="display:none"><p id=inner>x</p></div>`)
	e := NewEngine(src, 800, 600)
	renderFrame(e, 0)
	want := map[string]map[string]string{
		"a": {"display": "block", "position": "relative", "left": "10px", "top": "0px", "right": "-10px", "width": "392px", "height": "20px",
			"margin-top": "20px", "margin-left": "2px", "padding-top": "3px", "border-top-width": "2px", "border-top-style": "solid",
			"border-top-color": "rgba(0, 0, 255, 0.3)", "background-color": "rgba(255, 0, 0, 0.5)", "color": "rgb(17, 34, 51)",
			"font-size": "20px", "font-weight": "700", "opacity": "0.25", "transform": "matrix(1, 0, 0, 1, 10, 6)",
			"visibility": "visible", "z-index": "3", "line-height": "30px", "box-sizing": "content-box"},
		"b": {"display": "inline-block", "position": "static", "left": "auto", "top": "5px", "right": "auto", "width": "100px", "height": "50px",
			"margin-top": "0px", "padding-top": "10px", "border-top-width": "0px", "border-top-style": "none", "border-top-color": "rgb(0, 0, 0)",
			"background-color": "rgba(0, 0, 0, 0)", "opacity": "1", "transform": "none", "visibility": "hidden", "z-index": "auto",
			"line-height": "30px", "box-sizing": "border-box"},
		"s":    {"display": "inline", "width": "auto", "height": "auto", "line-height": "normal", "font-weight": "400"},
		"c":    {"position": "absolute", "left": "766.672px", "right": "0px", "width": "33.3281px"},
		"none": {"display": "none", "width": "auto", "margin-top": "0px"},
	}
	for id, props := range want {
		n := byID(src.doc, id)
		for p, w := range props {
			if got, ok := e.ComputedValue(n, p); !ok || got != w {
				t.Errorf("#%s %s = %q (%v), Chrome %q", id, p, got, ok, w)
			}
		}
	}
	if _, ok := e.ComputedValue(byID(src.doc, "inner"), "display"); ok {
		t.Error("inside display:none there is no computed style here")
	}
	if _, ok := e.ComputedValue(byID(src.doc, "a"), "float"); ok {
		t.Error("unknown property")
	}
}
