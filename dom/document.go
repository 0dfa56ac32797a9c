package dom

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Document is an HTML document: the tree, its per-node DOM data and its state.
type Document struct {
	node    *Node
	table   nodeTable // side table: DOM data for the html.Nodes of this document (nodetable.go)
	url     *url.URL
	urlStr  string
	version uint64

	readyState        string
	currentScript     *Node
	focused           *Node   // the focused area's element; nil: the viewport (focus.go)
	tabStart          *Node   // the sequential focus navigation starting point (focus.go)
	topLayer          []*Node // the top layer, bottom first (dialog.go)
	openDialogs       []*Node // the open dialogs list, and the dialog pointerdown target (dialog.go)
	dialogPointerdown *Node
	userState         userActionState        // hover, active, focus-visible (elementstate.go)
	realm             *realm                 // set by Install; nil in pure-Go use
	htmlDoc           bool                   // an HTML document made by script (DOMParser, createHTMLDocument)
	xmlContentType    string                 // an XMLDocument's content type (createDocument); "": an HTML document
	shadowHosts       int                    // shadow roots attached (slot assignment runs only then)
	window            *Window                // the document's window (its listeners exist before Install)
	listenerTypes     AnimationListenerTypes // the animation event types a listener was added for (listenertypes.go)

	// Child navigables (iframe.go): its iframes' by element, the navigable whose document it
	// is (nil for a top-level one), and, in a top-level document, how many are below it.
	navigables           map[*html.Node]*childNavigable
	parentNavigable      *childNavigable
	navigableCount       int
	navigablesCreated    uint64 // in a top-level document: child navigables ever created below it
	iframeLoadInProgress bool
	afterLoadDelay       func()   // the end's step waiting for the load event's delay (navigation.go)
	baseOverride         *url.URL // a srcdoc document's base URL: its container document's

	selectors map[string]cascadia.SelectorGroup // compiled selector cache

	onChange ChangeHook // the renderer's invalidation (changes.go)

	mediaLists []*MediaQueryList // matchMedia's lists, oldest first (mediaquerylist.go)

	loadResource    ResourceLoader            // reads images (image.go); set by page
	availableImages map[string]availableImage // the list of available images, by URL
}

// ParseDocument parses a whole HTML page. It never panics: any bytes give a document.
// https://html.spec.whatwg.org/multipage/parsing.html#parsing
func ParseDocument(src []byte, docURL string) (doc *Document, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("dom: parsing failed: %v", r)
		}
	}()
	h, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	d := newDocument(h, docURL)
	d.readyState = "loading"
	// Event handler content attributes of parsed elements are event handlers from the start.
	var withHandlers []*html.Node
	defer func() { d.placeParsedHandlers(src, withHandlers) }()
	for c := range h.Descendants() {
		if c.Type != html.ElementNode {
			continue
		}
		if hasHandlerAttribute(c) {
			withHandlers = append(withHandlers, c)
		}
		for i := range c.Attr {
			if strings.HasPrefix(c.Attr[i].Key, "on") && c.Attr[i].Namespace == "" {
				n := d.NodeFor(c)
				n.attributeChangeSteps(c.Attr[i].Key, "", c.Attr[i].Val, true)
			}
		}
	}
	return d, nil
}

// NewDocument returns an empty document (document.implementation.createHTMLDocument-like, no elements).
func NewDocument(docURL string) *Document {
	d := newDocument(&html.Node{Type: html.DocumentNode}, docURL)
	d.readyState = "complete"
	return d
}

func newDocument(h *html.Node, docURL string) *Document {
	d := &Document{table: newNodeTable(), urlStr: docURL, availableImages: map[string]availableImage{}}
	if u, err := url.Parse(docURL); err == nil {
		d.url = u
	} else {
		d.url = &url.URL{Scheme: "about", Opaque: "blank"}
		d.urlStr = "about:blank"
	}
	if docURL == "" {
		d.url = &url.URL{Scheme: "about", Opaque: "blank"}
		d.urlStr = "about:blank"
	}
	d.window = &Window{doc: d}
	d.node = &Node{h: h, doc: d, kind: DocumentNode}
	d.table.put(h, d.node)
	return d
}

// Root returns the document's html.Node (of type html.DocumentNode).
func (d *Document) Root() *html.Node { return d.node.h }

// Node returns the document node.
func (d *Document) Node() *Node { return d.node }

// URL returns the document URL.
func (d *Document) URL() string { return d.urlStr }

// Version is incremented on every mutation that could change rendering (tree,
// attributes, character data).
func (d *Document) Version() uint64 { return d.version }

// NodeFor returns the DOM node of an html.Node of this document (created on first use).
func (d *Document) NodeFor(h *html.Node) *Node {
	if h == nil {
		return nil
	}
	if n := d.table.get(h); n != nil {
		return n
	}
	n := &Node{h: h, doc: d, kind: nodeTypeOf(h)}
	d.table.put(h, n)
	return n
}

// newNode creates a node of this document around a fresh html.Node.
func (d *Document) newNode(h *html.Node, kind NodeType) *Node {
	n := &Node{h: h, doc: d, kind: kind}
	d.table.put(h, n)
	return n
}

// CreateElement creates an HTML element (the name is lowercased).
// https://dom.spec.whatwg.org/#dom-document-createelement
func (d *Document) CreateElement(localName string) (*Node, error) {
	if !isValidElementName(localName) {
		return nil, domErr("InvalidCharacterError", "The tag name provided ('"+localName+"') is not a valid name.")
	}
	localName = asciiLower(localName)
	return d.createElementNS("", localName), nil
}

func (d *Document) createElementNS(ns, localName string) *Node {
	h := &html.Node{Type: html.ElementNode, Data: localName, Namespace: ns}
	if ns == "" {
		h.DataAtom = atom.Lookup([]byte(localName))
	}
	return d.newNode(h, ElementNode)
}

// isValidElementName checks the "valid element local name" production (loosely, as Chrome).
// https://dom.spec.whatwg.org/#valid-element-local-name
func isValidElementName(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\f', '\r', ' ', '/', '>', 0:
			return false
		}
	}
	return true
}

// isValidAttributeName checks the "valid attribute local name" production.
// https://dom.spec.whatwg.org/#valid-attribute-local-name
func isValidAttributeName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\f', '\r', ' ', '/', '>', '=', 0:
			return false
		}
	}
	return true
}

// CreateCDATASection. https://dom.spec.whatwg.org/#dom-document-createcdatasection
func (d *Document) CreateCDATASection(data string) (*Node, error) {
	// 1. "If this is an HTML document, then throw a "NotSupportedError" DOMException."
	if d.xmlContentType == "" {
		return nil, domErr("NotSupportedError", "This operation is not supported for HTML documents.")
	}
	// 2. "If data contains the string "]]>", then throw an "InvalidCharacterError"."
	if strings.Contains(data, "]]>") {
		return nil, domErr("InvalidCharacterError", "String cannot contain ']]>' since that is the end delimiter of a CData section.")
	}
	// 3. "Return a new CDATASection node with its data set to data and node document set
	// to this."
	return d.newNode(&html.Node{Type: html.TextNode, Data: data, Namespace: cdataSection}, CDATASectionNode), nil
}

// CreateTextNode creates a Text node.
// https://dom.spec.whatwg.org/#dom-document-createtextnode
func (d *Document) CreateTextNode(data string) *Node {
	return d.newNode(&html.Node{Type: html.TextNode, Data: data}, TextNode)
}

// CreateComment creates a Comment node.
// https://dom.spec.whatwg.org/#dom-document-createcomment
func (d *Document) CreateComment(data string) *Node {
	return d.newNode(&html.Node{Type: html.CommentNode, Data: data}, CommentNode)
}

// CreateDocumentFragment creates an empty DocumentFragment. Its html.Node has type
// html.DocumentNode (x/net/html has no fragment type); it is never inside the document.
// https://dom.spec.whatwg.org/#dom-document-createdocumentfragment
func (d *Document) CreateDocumentFragment() *Node {
	return d.newNode(&html.Node{Type: html.DocumentNode}, DocumentFragmentNode)
}

// DocumentElement returns the root element (<html>) or nil.
func (d *Document) DocumentElement() *Node {
	for c := d.node.h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return d.NodeFor(c)
		}
	}
	return nil
}

// childElementOf returns the first child element of h with the given HTML local name.
func childElementOf(h *html.Node, name string) *html.Node {
	if h == nil {
		return nil
	}
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == name && c.Namespace == "" {
			return c
		}
	}
	return nil
}

// Head returns the head element or nil.
// https://html.spec.whatwg.org/multipage/dom.html#dom-document-head
func (d *Document) Head() *Node {
	de := d.DocumentElement()
	if de == nil || de.h.Data != "html" {
		return nil
	}
	return d.NodeFor(childElementOf(de.h, "head"))
}

// Body returns the body element or nil.
// https://html.spec.whatwg.org/multipage/dom.html#dom-document-body
func (d *Document) Body() *Node {
	de := d.DocumentElement()
	if de == nil || de.h.Data != "html" {
		return nil
	}
	for c := de.h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Namespace == "" && (c.Data == "body" || c.Data == "frameset") {
			return d.NodeFor(c)
		}
	}
	return nil
}

// Title returns document.title.
// https://html.spec.whatwg.org/multipage/dom.html#document.title
func (d *Document) Title() string {
	t := d.titleElement()
	if t == nil {
		return ""
	}
	return strings.Join(strings.Fields(childTextContent(t.h)), " ")
}

func (d *Document) titleElement() *Node {
	for c := range d.node.h.Descendants() {
		if c.Type == html.ElementNode && c.Data == "title" && c.Namespace == "" {
			return d.NodeFor(c)
		}
	}
	return nil
}

// SetTitle sets document.title.
// https://html.spec.whatwg.org/multipage/dom.html#document.title
func (d *Document) SetTitle(s string) {
	t := d.titleElement()
	if t == nil {
		head := d.Head()
		if head == nil {
			return
		}
		t = d.createElementNS("", "title")
		appendNode(t, head)
	}
	t.stringReplaceAll(s)
}

// ReadyState returns document.readyState: "loading", "interactive" or "complete".
func (d *Document) ReadyState() string { return d.readyState }

// CurrentScript returns document.currentScript.
func (d *Document) CurrentScript() *Node { return d.currentScript }

// SetCurrentScript sets document.currentScript (nil when no script runs).
func (d *Document) SetCurrentScript(n *Node) { d.currentScript = n }

// MutationObserved reports whether a MutationObserver observes a node of the document's realm.
func (d *Document) MutationObserved() bool { return d.realm != nil && d.realm.observedNodes > 0 }

// Script is a <script> element as the page loader needs it.
type Script struct {
	Node *Node
	Type string // the type attribute ("" when absent)
	Src  string // the src attribute ("" when absent)
	Text string // the inline text (child text content)
	// HasSrc: the src attribute is present (the script is external, even when Src is "").
	HasSrc bool
}

// IsClassic reports whether the script is a classic JavaScript script.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element
func (s Script) IsClassic() bool {
	t := strings.ToLower(strings.TrimSpace(s.Type))
	switch t {
	case "", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript",
		"application/x-javascript", "text/jscript", "text/livescript", "text/x-javascript", "text/x-ecmascript":
		return true
	}
	return false
}

// Scripts returns the <script> elements of the document in tree order.
func (d *Document) Scripts() []Script {
	var out []Script
	for c := range d.node.h.Descendants() {
		if c.Type == html.ElementNode && c.Data == "script" && c.Namespace == "" {
			n := d.NodeFor(c)
			s := Script{Node: n, Text: childTextContent(c)}
			s.Type, _ = n.GetAttribute("type")
			s.Src, s.HasSrc = n.GetAttribute("src")
			out = append(out, s)
		}
	}
	return out
}

// GetElementByID returns the first element in tree order whose id is id.
// https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid
func (d *Document) GetElementByID(id string) *Node {
	return getElementByID(d, d.node.h, id)
}

func getElementByID(d *Document, scope *html.Node, id string) *Node {
	if id == "" {
		return nil
	}
	for c := range scope.Descendants() {
		if c.Type != html.ElementNode {
			continue
		}
		for i := range c.Attr {
			if c.Attr[i].Key == "id" && c.Attr[i].Namespace == "" {
				if c.Attr[i].Val == id {
					return d.NodeFor(c)
				}
				break
			}
		}
	}
	return nil
}

// ResolveURL parses s relative to the document URL (a script's src as its URL).
func (d *Document) ResolveURL(s string) string { return d.resolveURL(s) }

// resolveURL parses s relative to the document URL.
func (d *Document) resolveURL(s string) string {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return s
	}
	return d.baseURL().ResolveReference(u).String()
}
