package render

// uaStyleSheet is the user-agent style sheet: a subset of Chrome's html.css.
// https://html.spec.whatwg.org/multipage/rendering.html#the-css-user-agent-style-sheet-and-presentational-hints
const uaStyleSheet = `
html, address, blockquote, body, center, dd, div, dl, dt, fieldset, form, figure, figcaption,
footer, header, hgroup, hr, legend, li, main, menu, nav, ol, p, pre, search, section, article,
aside, ul, h1, h2, h3, h4, h5, h6, details, summary, dialog, table, caption, thead, tbody,
tfoot, tr, td, th, optgroup, option { display: block }
head, link, meta, script, style, title, template, noscript, area, base, basefont, datalist,
param, rp, [hidden] { display: none }
input, select, textarea { display: inline-block }
dialog {
	position: absolute; left: 0; right: 0; margin: auto; border: solid; padding: 1em;
	background-color: white; color: black
}
dialog:not([open]) { display: none }
dialog:modal {
	position: fixed; overflow: auto; top: 0; bottom: 0;
	max-width: calc(100% - 6px - 2em); max-height: calc(100% - 6px - 2em)
}
dialog::backdrop { background: rgba(0, 0, 0, 0.1) }
iframe { border: 2px inset }
body { margin: 8px }
p, blockquote, dl, ul, ol, menu, pre { margin-top: 1em; margin-bottom: 1em }
figure, blockquote { margin: 1em 40px }
dd { margin-left: 40px }
ul, ol, menu { padding-left: 40px }
li { display: list-item }
ol { list-style-type: decimal }
h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold }
h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold }
h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold }
h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold }
h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold }
h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold }
b, strong, th, dt, legend { font-weight: bolder }
small { font-size: smaller }
big { font-size: larger }
center, th, caption { text-align: center }
pre, textarea { white-space: pre }
pre, code, kbd, samp, tt { font-family: monospace }
a[href] { color: #0000ee }
hr { border: 1px inset rgb(192, 192, 192); margin: 0.5em auto; color: gray }
button {
	display: inline-block; padding: 1px 6px; border: 2px outset rgb(118, 118, 118);
	background-color: rgb(239, 239, 239); color: black; font-size: 13.3333px; text-align: center;
	font-weight: normal; line-height: normal; white-space: nowrap
}
input, select, textarea {
	padding: 1px 2px; border: 2px inset rgb(118, 118, 118); background-color: white;
	color: black; font-size: 13.3333px; width: 150px; height: 15px
}
`
