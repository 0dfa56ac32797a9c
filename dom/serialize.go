package dom

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// InnerHTML returns the HTML serialization of n's children.
// https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-serialisation-algorithm
func (n *Node) InnerHTML() string {
	if n.doc.xmlContentType != "" {
		return n.xmlSerializeChildren() // "the fragment serializing algorithm": XML in an XML document
	}
	var b strings.Builder
	serializeChildren(&b, n.h, n.doc.serialization())
	return b.String()
}

// OuterHTML returns the HTML serialization of n itself.
// https://w3c.github.io/DOM-Parsing/#dom-element-outerhtml
func (n *Node) OuterHTML() string {
	if n.doc.xmlContentType != "" {
		return n.XMLSerialization()
	}
	var b strings.Builder
	serializeNode(&b, n.h, n.doc.serialization())
	return b.String()
}

func serializeChildren(b *strings.Builder, h *html.Node, t serialization) {
	if h.Type == html.ElementNode && h.Namespace == "" && isVoidElement(h.Data) {
		return
	}
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		serializeNode(b, c, t)
	}
}

// serialization is what the serialization reads of the DOM nodes beyond the html.Node
// tree: their is values (only while an element can have one: a custom element registry
// exists) and the namespace prefixes of the elements and attributes outside the HTML
// namespace.
type serialization struct {
	table    *nodeTable
	isValues bool
}

func (d *Document) serialization() serialization {
	return serialization{table: &d.table, isValues: d.realm != nil && d.realm.ce != nil}
}

// tagName is the tag name the serialization writes for element h: its local name in the
// HTML namespace, else its qualified name (CHROME: in the SVG and MathML namespaces too,
// where the spec writes the local name).
func (t serialization) tagName(h *html.Node) string {
	if h.Namespace == "" {
		return h.Data
	}
	if n := t.table.get(h); n != nil {
		return n.qualifiedName()
	}
	return h.Data
}

// attrName is the name the serialization writes for attribute i of element h: its local
// name with no namespace, "xml:", "xmlns:" or "xlink:" and its local name in those
// namespaces, else its qualified name.
func (t serialization) attrName(h *html.Node, i int) string {
	a := &h.Attr[i]
	switch a.Namespace {
	case "", "xml", "xmlns", "xlink":
		return qualifiedAttrName(a)
	}
	if n := t.table.get(h); n != nil {
		return n.attrQualifiedName(i)
	}
	return a.Key
}

// serializeNode appends one node of the HTML fragment serialization algorithm.
// https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments
func serializeNode(b *strings.Builder, h *html.Node, t serialization) {
	switch h.Type {
	case html.ElementNode:
		tag := t.tagName(h)
		b.WriteByte('<')
		b.WriteString(tag)
		// CHROME: before the attributes (the spec appends it after them).
		// "If current node's is value is not null, and the element does not have an is
		// content attribute in its attribute list, then append the string " is="", followed
		// by current node's is value, escaped as described below in attribute mode,
		// followed by a U+0022 QUOTATION MARK character (")."
		if t.isValues {
			if n := t.table.get(h); n != nil && n.ce != nil && n.ce.is.valid {
				if _, has := n.attr("is"); !has {
					b.WriteString(` is="`)
					escapeString(b, n.ce.is.s, true)
					b.WriteByte('"')
				}
			}
		}
		for i := range h.Attr {
			b.WriteByte(' ')
			b.WriteString(t.attrName(h, i))
			b.WriteString(`="`)
			escapeString(b, h.Attr[i].Val, true)
			b.WriteByte('"')
		}
		b.WriteByte('>')
		if h.Namespace == "" && isVoidElement(h.Data) {
			return
		}
		serializeChildren(b, h, t)
		b.WriteString("</")
		b.WriteString(tag)
		b.WriteByte('>')
	case html.TextNode:
		if p := h.Parent; p != nil && p.Type == html.ElementNode && p.Namespace == "" && isRawTextParent(p.Data) {
			b.WriteString(h.Data)
		} else {
			escapeString(b, h.Data, false)
		}
	case html.CommentNode:
		b.WriteString("<!--")
		b.WriteString(h.Data)
		b.WriteString("-->")
	case html.RawNode: // a ProcessingInstruction
		b.WriteString("<?")
		b.WriteString(piTarget(h))
		b.WriteByte(' ')
		b.WriteString(h.Data)
		b.WriteString("?>") // CHROME: "?>" (HTML's fragment serialisation ends it with ">")
	case html.DoctypeNode:
		b.WriteString("<!DOCTYPE ")
		b.WriteString(h.Data)
		b.WriteByte('>')
	case html.DocumentNode:
		serializeChildren(b, h, t)
	}
}

// escapeString escapes text ("&", NBSP, "<", ">") or attribute values (also '"'), as Chrome does.
// https://html.spec.whatwg.org/multipage/parsing.html#escapingString
func escapeString(b *strings.Builder, s string, attr bool) {
	last := 0
	for i := 0; i < len(s); i++ {
		var rep string
		switch s[i] {
		case '&':
			rep = "&amp;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		case '"':
			if !attr {
				continue
			}
			rep = "&quot;"
		case 0xC2:
			if i+1 < len(s) && s[i+1] == 0xA0 {
				b.WriteString(s[last:i])
				b.WriteString("&nbsp;")
				i++
				last = i + 1
			}
			continue
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(rep)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// isVoidElement reports whether an HTML element has no end tag when serialized.
func isVoidElement(name string) bool {
	switch name {
	case "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img",
		"input", "keygen", "link", "meta", "param", "source", "track", "wbr":
		return true
	}
	return false
}

// isRawTextParent reports whether text children of an HTML element serialize unescaped.
func isRawTextParent(name string) bool {
	switch name {
	case "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript":
		return true
	}
	return false
}

// parseFragment runs the HTML fragment parsing algorithm with context element ctx and
// returns the nodes in a new DocumentFragment of ctx's document.
// https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm
func parseFragment(ctx *Node, markup string) (frag *Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			frag, err = nil, domErr("SyntaxError", "The provided markup is invalid.")
		}
	}()
	d := ctx.doc
	if parsesAsText(ctx, markup) {
		frag = d.CreateDocumentFragment()
		if markup != "" {
			linkBefore(frag.h, &html.Node{Type: html.TextNode, Data: markup}, nil)
		}
		return frag, nil
	}
	c := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	if ctx.kind == ElementNode {
		c = &html.Node{Type: html.ElementNode, Data: ctx.h.Data, DataAtom: ctx.h.DataAtom, Namespace: ctx.h.Namespace}
	}
	nodes, err := html.ParseFragment(strings.NewReader(markup), c)
	if err != nil {
		return nil, err
	}
	frag = d.CreateDocumentFragment()
	for _, h := range nodes {
		if h.Parent != nil {
			unlink(h)
		}
		linkBefore(frag.h, h, nil)
		d.initParsed(h)
	}
	d.ceFragmentParsed(frag.h)
	return frag, nil
}

// parsesAsText reports whether the fragment parsing algorithm, in context element ctx (an
// element; anything else stands for a body element), certainly turns markup into one Text
// node with markup as its data: no markup, no character reference, no newline or NUL the
// tokenizer would rewrite, and a context whose insertion mode inserts character tokens
// where they are (not html, head, tables, select, template, frameset; not foreign content;
// not the newline a pre drops). Setting innerHTML to plain text then costs no parse.
func parsesAsText(ctx *Node, markup string) bool {
	if strings.ContainsAny(markup, "<&\r\x00") {
		return false
	}
	if ctx == nil || ctx.kind != ElementNode {
		return true // in body
	}
	if ctx.h.Namespace != "" {
		return false
	}
	switch ctx.h.Data {
	case "html", "head", "table", "tbody", "thead", "tfoot", "tr", "colgroup", "select", "template", "frameset":
		return false
	case "pre", "listing", "textarea":
		return !strings.HasPrefix(markup, "\n")
	}
	return true
}

// initParsed runs the attribute change steps for event handler content attributes of
// freshly parsed elements (as the parser's "create an element for a token" does).
func (d *Document) initParsed(h *html.Node) {
	visit := func(e *html.Node) {
		if e.Type != html.ElementNode || e.Namespace != "" {
			return
		}
		for i := range e.Attr {
			if strings.HasPrefix(e.Attr[i].Key, "on") && e.Attr[i].Namespace == "" {
				d.NodeFor(e).attributeChangeSteps(e.Attr[i].Key, "", e.Attr[i].Val, true)
			}
		}
	}
	visit(h)
	for e := range h.Descendants() {
		visit(e)
	}
}

// SetInnerHTML replaces n's children with the result of parsing markup.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-innerhtml
func (n *Node) SetInnerHTML(markup string) error {
	if n.kind != ElementNode && n.kind != DocumentFragmentNode {
		return nil
	}
	ctx := n
	if n.kind == DocumentFragmentNode {
		ctx = nil
	}
	if parsesAsText(ctx, markup) {
		// The fragment would hold one Text node with markup as its data (none for ""), and
		// replacing all with that fragment is replacing all with its Text node: the
		// fragment's own mutation record has no observer (script never sees it).
		n.stringReplaceAll(markup)
		return nil
	}
	frag, err := parseFragment(orDocumentBody(ctx, n.doc), markup)
	if err != nil {
		return err
	}
	replaceAll(frag, n)
	return nil
}

// orDocumentBody returns ctx, or a detached body element of d when ctx is nil.
func orDocumentBody(ctx *Node, d *Document) *Node {
	if ctx != nil {
		return ctx
	}
	return &Node{h: &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}, doc: d, kind: ElementNode}
}

// SetOuterHTML replaces n with the result of parsing markup in n's parent's context.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-outerhtml
func (n *Node) SetOuterHTML(markup string) error {
	parent := n.Parent()
	if parent == nil {
		return nil
	}
	if parent.kind == DocumentNode {
		return domErr("NoModificationAllowedError", "This element's parent is of type '#document'.")
	}
	ctx := parent
	if parent.kind == DocumentFragmentNode {
		ctx = nil
	}
	frag, err := parseFragment(orDocumentBody(ctx, n.doc), markup)
	if err != nil {
		return err
	}
	_, err = replaceChild(n, frag, parent)
	return err
}

// InsertAdjacentHTML parses markup and inserts the result relative to n.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-insertadjacenthtml
func (n *Node) InsertAdjacentHTML(position, markup string) error {
	var ctx *Node
	switch strings.ToLower(position) {
	case "beforebegin", "afterend":
		ctx = n.Parent()
		if ctx == nil || ctx.kind == DocumentNode {
			return domErr("NoModificationAllowedError", "The element has no parent.")
		}
	case "afterbegin", "beforeend":
		ctx = n
	default:
		return domErr("SyntaxError", "The value provided ('"+position+"') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.")
	}
	if ctx.kind != ElementNode || (ctx.h.Namespace == "" && ctx.h.Data == "html") {
		ctx = nil
	}
	frag, err := parseFragment(orDocumentBody(ctx, n.doc), markup)
	if err != nil {
		return err
	}
	_, err = n.insertAdjacent(position, frag)
	return err
}

// insertAdjacent inserts node relative to n.
// https://dom.spec.whatwg.org/#insert-adjacent
func (n *Node) insertAdjacent(where string, node *Node) (*Node, error) {
	switch strings.ToLower(where) {
	case "beforebegin":
		p := n.Parent()
		if p == nil {
			return nil, nil
		}
		return preInsert(node, p, n)
	case "afterbegin":
		return preInsert(node, n, n.FirstChild())
	case "beforeend":
		return preInsert(node, n, nil)
	case "afterend":
		p := n.Parent()
		if p == nil {
			return nil, nil
		}
		return preInsert(node, p, n.NextSibling())
	}
	return nil, domErr("SyntaxError", "The value provided ('"+where+"') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.")
}
