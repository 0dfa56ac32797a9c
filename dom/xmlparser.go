// Spec: HTML Living Standard, 2026-11 (https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents:
// the XML parser and its namespace handling; https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-domparser-parsefromstring,
// the XML types' steps), XML 1.0 fifth edition and Namespaces in XML 1.0 (the well-formedness
// and namespace constraints, checked by encoding/xml's tokenizer and here). Tags:
// FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// parseXMLDocument is parseFromString's steps for the XML types: "Create an XML parser
// parser, associated with document, and with XML scripting support disabled. Parse
// compliantString using parser. If the previous step resulted in an XML well-formedness
// or XML namespace well-formedness error, then:" the document reports the error.
// CHROME: the spec empties the document and makes a parsererror element (in Mozilla's
// namespace) its root; Chrome keeps what was parsed before the error and puts an XHTML
// parsererror element, with Chrome's heading, message and styles, at the start of the root
// element (or in an html/body it makes when there is no root, beside an SVG root in one).
// DEPARTURE: the error messages follow Chrome's wording for the common errors, but their
// column numbers may differ from Chrome's.
func parseXMLDocument(d *Document, src string) {
	p := &xmlTreeBuilder{d: d, src: src, dec: xml.NewDecoder(strings.NewReader(src)), bound: map[string][]string{}}
	p.dec.Strict = true
	p.dec.Entity = map[string]string{}
	// The string is already decoded: an encoding declaration names what it was.
	p.dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	if err := p.parse(); err != nil {
		p.reportError(err)
		// CHROME: a document whose parser stopped before the end of its source stays
		// "loading" (the parser never reached "the end"); one that ran out of source is
		// complete.
		if e, ok := err.(*xmlError); !ok || !strings.HasPrefix(e.msg, "Unexpected end of stream") {
			d.readyState = "loading"
		}
	}
}

// xmlTreeBuilder builds a document from encoding/xml's raw tokens: it resolves the
// namespaces, checks what the tokenizer leaves to its caller (end tags matching their start
// tags, attributes unique, prefixes bound, one root element) and tells CDATA sections from
// text by their source.
type xmlTreeBuilder struct {
	d    *Document
	src  string
	dec  *xml.Decoder
	open []*html.Node // the elements open, the root first
	// bound holds, for each prefix ("": the default namespace), the namespaces declared for
	// it by the open elements, the innermost last; declared, the prefixes each open element
	// declares (nil for most).
	bound    map[string][]string
	declared [][]string
	names    []string // the open elements' qualified names
	root     *html.Node
}

// xmlError is a well-formedness or namespace error at a place in the source.
type xmlError struct {
	line, col int
	msg       string
}

func (e *xmlError) Error() string {
	return fmt.Sprintf("error on line %d at column %d: %s", e.line, e.col, e.msg)
}

// errorAt makes an error placed at byte offset off of the source.
func (p *xmlTreeBuilder) errorAt(off int64, msg string) *xmlError {
	off = min(max(off, 0), int64(len(p.src)))
	before := p.src[:off]
	line := strings.Count(before, "\n") + 1
	col := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:]) + 1
	return &xmlError{line, col, msg}
}

func (p *xmlTreeBuilder) parse() error {
	for {
		start := p.dec.InputOffset()
		tok, err := p.dec.RawToken()
		if err == io.EOF {
			switch {
			case len(p.open) > 0:
				return p.errorAt(int64(len(p.src)), "Unexpected end of stream: still inside the root element")
			case p.root == nil:
				return p.errorAt(int64(len(p.src)), "Unexpected end of stream: no root element found")
			}
			return nil
		}
		if err != nil {
			return p.tokenizerError(err, start)
		}
		end := p.dec.InputOffset()
		switch t := tok.(type) {
		case xml.StartElement:
			if err := p.startElement(t, start, end); err != nil {
				return err
			}
		case xml.EndElement:
			if err := p.endElement(t, end); err != nil {
				return err
			}
		case xml.CharData:
			if err := p.text(string(t), start); err != nil {
				return err
			}
		case xml.Comment:
			p.appendChild(&html.Node{Type: html.CommentNode, Data: string(t)})
		case xml.ProcInst:
			if t.Target == "xml" {
				continue // the XML declaration
			}
			p.appendChild(&html.Node{Type: html.RawNode, Data: strings.TrimLeft(string(t.Inst), " \t\r\n"), Attr: []html.Attribute{{Key: t.Target}}})
		case xml.Directive:
			if err := p.directive(string(t), start); err != nil {
				return err
			}
		}
	}
}

// tokenizerError words an error of encoding/xml's tokenizer as Chrome words the same error.
func (p *xmlTreeBuilder) tokenizerError(err error, start int64) error {
	var se *xml.SyntaxError
	if !errors.As(err, &se) {
		return p.errorAt(start, err.Error())
	}
	msg := se.Msg
	switch {
	case strings.HasPrefix(msg, "invalid character entity &"):
		msg = "Unexpected entity: " + strings.TrimSuffix(strings.TrimPrefix(msg, "invalid character entity &"), ";")
		if strings.HasPrefix(msg, "Unexpected entity: #") {
			msg = "Invalid character reference"
		}
	case strings.HasPrefix(msg, "illegal character code "):
		msg = "Invalid character " + strings.TrimPrefix(msg, "illegal character code ")
	case msg == "unexpected EOF":
		return p.errorAt(int64(len(p.src)), "Unexpected end of stream")
	}
	return p.errorAt(p.dec.InputOffset()-1, msg)
}

// startElement creates an element: its namespace from its prefix (or the default
// namespace) in the scope of the declarations on it and its ancestors, its attributes'.
func (p *xmlTreeBuilder) startElement(t xml.StartElement, start, end int64) error {
	if len(p.open) == 0 && p.root != nil {
		return p.errorAt(start, "Unexpected token: <")
	}
	tag := p.src[start:end]
	var declared []string
	for i, a := range t.Attr {
		q := qualified(a.Name)
		for _, b := range t.Attr[:i] {
			if b.Name == a.Name {
				return p.errorAt(start+int64(strings.LastIndex(tag, q)+len(q)-1), "Attribute '"+q+"' is redefined")
			}
		}
		prefix := ""
		switch {
		case a.Name.Space == "" && a.Name.Local == "xmlns":
		case a.Name.Space == "xmlns":
			prefix = a.Name.Local
		default:
			continue
		}
		declared = append(declared, prefix)
		p.bound[prefix] = append(p.bound[prefix], a.Value)
	}
	p.declared = append(p.declared, declared)
	ns, ok := p.lookup(t.Name.Space)
	if !ok {
		return p.errorAt(start+1+int64(len(qualified(t.Name))), "Element "+qualified(t.Name)+" prefix is unbound")
	}
	el := p.d.createElementNS(elementNamespace(ns), t.Name.Local)
	el.setPrefix(t.Name.Space)
	for i, a := range t.Attr {
		var ans nullString
		prefix := a.Name.Space
		switch {
		case prefix == "" && a.Name.Local == "xmlns", prefix == "xmlns":
			ans = nullable(xmlnsNamespace)
		case prefix == "xml":
			ans = nullable(xmlNamespace)
		case prefix != "":
			if ans, ok = p.lookup(prefix); !ok {
				return p.errorAt(start+int64(strings.LastIndex(tag, qualified(a.Name))+len(qualified(a.Name))), "Attribute "+qualified(a.Name)+" prefix is unbound")
			}
		}
		short := shortNamespace(ans)
		for _, b := range el.h.Attr[:i] {
			if b.Namespace == short && b.Key == a.Name.Local {
				q := qualified(a.Name)
				return p.errorAt(start+int64(strings.LastIndex(tag, q)+len(q)-1), "Attribute '"+q+"' is redefined")
			}
		}
		el.h.Attr = append(el.h.Attr, html.Attribute{Namespace: short, Key: a.Name.Local, Val: a.Value})
		if prefix != "" && prefix != short { // xml, xmlns and xlink are their namespaces' usual prefixes
			el.setAttrPrefix(short, a.Name.Local, prefix)
		}
	}
	p.appendChild(el.h)
	if p.root == nil && len(p.open) == 0 {
		p.root = el.h
	}
	p.open = append(p.open, el.h)
	p.names = append(p.names, qualified(t.Name))
	return nil
}

// endElement closes the current element; its name must be the start tag's. Chrome names
// the two tags by their expanded names, "{namespace}local", or the local name alone.
func (p *xmlTreeBuilder) endElement(t xml.EndElement, end int64) error {
	name := qualified(t.Name)
	if len(p.open) == 0 {
		return p.errorAt(end-1, "Unexpected closing tag: "+name)
	}
	if want := p.names[len(p.names)-1]; name != want {
		expanded := func(prefix, local string) string {
			if ns, ok := p.lookup(prefix); ok && ns.valid {
				return "{" + ns.s + "}" + local
			}
			return local
		}
		cur := p.open[len(p.open)-1]
		return p.errorAt(end-1, "Unexpected closing tag: "+expanded(t.Name.Space, t.Name.Local)+" != "+expanded(p.d.NodeFor(cur).Prefix(), cur.Data))
	}
	for _, prefix := range p.declared[len(p.declared)-1] {
		p.bound[prefix] = p.bound[prefix][:len(p.bound[prefix])-1]
	}
	p.open, p.names, p.declared = p.open[:len(p.open)-1], p.names[:len(p.names)-1], p.declared[:len(p.declared)-1]
	return nil
}

// text appends character data: a CDATASection node for a CDATA section, else a Text
// node; outside the root element only white space may stand (and makes no node).
func (p *xmlTreeBuilder) text(s string, start int64) error {
	cdata := strings.HasPrefix(p.src[start:], "<![CDATA[")
	if len(p.open) == 0 {
		if t := strings.TrimLeft(s, " \t\r\n"); t != "" || cdata {
			r, _ := utf8.DecodeRuneInString(t)
			return p.errorAt(start+int64(len(s)-len(t)), "Unexpected characters outside the root element: "+string(r))
		}
		return nil
	}
	h := &html.Node{Type: html.TextNode, Data: s}
	if cdata {
		h.Namespace = cdataSection
	}
	p.appendChild(h)
	return nil
}

// directive takes a document type declaration: a DocumentType node, and the internal
// subset's general entities for the references that follow.
// FIXME(spec): of the internal subset only <!ENTITY name "value"> is read (no parameter
// entities, no external subset, no default attributes).
func (p *xmlTreeBuilder) directive(s string, start int64) error {
	if !strings.HasPrefix(s, "DOCTYPE") {
		return nil // a <!ELEMENT …> outside a DOCTYPE cannot come from a well-formed document
	}
	if p.root != nil {
		return p.errorAt(start+1, "Unexpected token: <")
	}
	body := strings.TrimSpace(strings.TrimPrefix(s, "DOCTYPE"))
	subset := ""
	if i := strings.IndexByte(body, '['); i >= 0 {
		if j := strings.LastIndexByte(body, ']'); j > i {
			subset = body[i+1 : j]
		}
		body = strings.TrimSpace(body[:i])
	}
	fields := splitDoctype(body)
	dt := &html.Node{Type: html.DoctypeNode}
	if len(fields) > 0 {
		dt.Data = fields[0]
	}
	var public, system string
	switch {
	case len(fields) >= 3 && fields[1] == "SYSTEM":
		system = fields[2]
	case len(fields) >= 4 && fields[1] == "PUBLIC":
		public, system = fields[2], fields[3]
	case len(fields) >= 3 && fields[1] == "PUBLIC":
		public = fields[2]
	}
	if public != "" || system != "" {
		dt.Attr = []html.Attribute{{Key: "public", Val: public}, {Key: "system", Val: system}}
	}
	p.appendChild(dt)
	for _, decl := range strings.Split(subset, "<!ENTITY")[1:] {
		f := splitDoctype(strings.TrimSuffix(strings.TrimSpace(decl[:strings.IndexByte(decl+">", '>')]), ">"))
		if len(f) == 2 && f[0] != "%" {
			p.dec.Entity[f[0]] = f[1]
		}
	}
	return nil
}

// splitDoctype splits a declaration into its words and quoted literals (unquoted).
func splitDoctype(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if q := s[0]; q == '"' || q == '\'' {
			end := strings.IndexByte(s[1:], q)
			if end < 0 {
				return append(out, s[1:])
			}
			out = append(out, s[1:1+end])
			s = s[2+end:]
			continue
		}
		end := strings.IndexAny(s, " \t\r\n\"'")
		if end < 0 {
			return append(out, s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// lookup resolves a prefix ("": the default namespace) in the open elements' scope.
func (p *xmlTreeBuilder) lookup(prefix string) (nullString, bool) {
	if prefix == "xml" {
		return nullable(xmlNamespace), true
	}
	if b := p.bound[prefix]; len(b) > 0 {
		if ns := b[len(b)-1]; ns != "" {
			return nullable(ns), true
		}
		return nullString{}, prefix == "" // xmlns="" undeclares the default namespace
	}
	return nullString{}, prefix == ""
}

// appendChild appends h to the current element, or to the document.
func (p *xmlTreeBuilder) appendChild(h *html.Node) {
	parent := p.d.node.h
	if len(p.open) > 0 {
		parent = p.open[len(p.open)-1]
	}
	linkBefore(parent, h, nil)
}

func qualified(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}

// reportError puts Chrome's parsererror element in the document: the first child of the
// root element; with an SVG root, in an XHTML body before it; with no root, in an XHTML
// html and body of its own.
func (p *xmlTreeBuilder) reportError(err error) {
	d := p.d
	x := func(local string, attrs ...string) *html.Node {
		h := d.createElementNS("", local).h
		for i := 0; i+1 < len(attrs); i += 2 {
			h.Attr = append(h.Attr, html.Attribute{Key: attrs[i], Val: attrs[i+1]})
		}
		return h
	}
	withText := func(h *html.Node, s string) *html.Node {
		linkBefore(h, &html.Node{Type: html.TextNode, Data: s}, nil)
		return h
	}
	report := x("parsererror", "style", "display: block; white-space: pre; border: 2px solid #c77; padding: 0 1em 0 1em; margin: 1em; background-color: #fdd; color: black")
	linkBefore(report, withText(x("h3"), "This page contains the following errors:"), nil)
	linkBefore(report, withText(x("div", "style", "font-family:monospace;font-size:12px"), err.Error()), nil)
	linkBefore(report, withText(x("h3"), "Below is a rendering of the page up to the first error."), nil)
	root := p.root
	switch {
	case root == nil:
		htm, body := x("html"), x("body")
		linkBefore(d.node.h, htm, nil)
		linkBefore(htm, body, nil)
		linkBefore(body, report, nil)
	case root.Namespace == "svg":
		htm, head, body := x("html"), x("head"), x("body")
		linkBefore(head, withText(x("style"), "html, body { height: 100% } parsererror + svg { width: 100%; height: 100% }"), nil)
		linkBefore(d.node.h, htm, root)
		d.node.h.RemoveChild(root)
		linkBefore(htm, head, nil)
		linkBefore(htm, body, nil)
		linkBefore(body, report, nil)
		linkBefore(body, root, nil)
	default:
		linkBefore(root, report, root.FirstChild)
	}
}
