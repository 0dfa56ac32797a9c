// Spec: HTML Living Standard, 2026-11 (https://html.spec.whatwg.org/multipage/custom-elements.html),
// section 4.13 "Custom elements": 4.13.2 valid custom element names, 4.13.4 the
// CustomElementRegistry (define, get, whenDefined, upgrade: js_customelements.go), 4.13.5
// upgrades, 4.13.6 custom element reactions; DOM Living Standard, 2026-11
// (https://dom.spec.whatwg.org/#concept-create-element) "create an element" and the hooks of
// insert, remove, adopt and "handle attribute changes".
package dom

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// customElementState is an element's custom element state.
// https://dom.spec.whatwg.org/#concept-element-custom-element-state
type customElementState uint8

const (
	// ceFromParser: never set, derived (customElementStateOf): an element the parser made
	// before any definition reached it, "undefined" when its name is a valid custom element
	// name or it has an is attribute, "uncustomized" otherwise. Parsed elements get no *Node
	// until something reaches them; this spares them one.
	ceFromParser customElementState = iota
	ceUndefined
	ceFailed
	ceUncustomized
	cePrecustomized
	ceCustom
)

// The lifecycle callbacks a definition keeps, by index.
const (
	cbConnected = iota
	cbDisconnected
	cbAdopted
	cbAttributeChanged
	numCallbacks
)

// lifecycleCallbackNames are the names define reads from the prototype, in its order.
var lifecycleCallbackNames = [numCallbacks]string{"connectedCallback", "disconnectedCallback", "adoptedCallback", "attributeChangedCallback"}

// customElementDefinition is a custom element definition.
// https://html.spec.whatwg.org/multipage/custom-elements.html#custom-element-definition
type customElementDefinition struct {
	name, localName    string
	constructor        *goja.Object
	observedAttributes map[string]bool
	callbacks          [numCallbacks]goja.Callable
	callbackValues     [numCallbacks]goja.Value // the functions, for the trace's names
	// constructionStack holds the elements being upgraded; nil is the "already constructed
	// marker".
	constructionStack                               []*Node
	formAssociated, disableInternals, disableShadow bool
}

// customElementRegistry is the window's CustomElementRegistry.
// https://html.spec.whatwg.org/multipage/custom-elements.html#customelementregistry
type customElementRegistry struct {
	obj                      *goja.Object
	byName                   map[string]*customElementDefinition
	byConstructor            map[*goja.Object]*customElementDefinition
	elementDefinitionRunning bool
	whenDefined              map[string]whenDefinedPromise
}

type whenDefinedPromise struct {
	p       *goja.Promise
	resolve func(any) error
}

// defined reports whether the registry holds any definition (nothing to do otherwise).
func (reg *customElementRegistry) defined() bool { return reg != nil && len(reg.byName) > 0 }

// customElementData is what a custom element (or one waiting for its definition) keeps.
type customElementData struct {
	definition *customElementDefinition
	is         nullString // the element's is value
	// reactions is the element's custom element reaction queue.
	// https://html.spec.whatwg.org/multipage/custom-elements.html#custom-element-reaction-queue
	reactions []ceReaction
}

// ceReaction is an upgrade reaction (upgrade non-nil) or a callback reaction.
type ceReaction struct {
	upgrade  *customElementDefinition
	callback int // cbConnected ...
	args     []goja.Value
}

// ceReactionsStack is the agent's custom element reactions stack with its backup element
// queue. https://html.spec.whatwg.org/multipage/custom-elements.html#custom-element-reactions-stack
type ceReactionsStack struct {
	r      *realm
	queues [][]*Node // element queues; the last is the current element queue
	backup []*Node
	// processingBackup is the "processing the backup element queue" flag.
	processingBackup bool
}

// Active reports whether a reaction can be enqueued: once the window has a
// CustomElementRegistry (made by the first read of window.customElements, before any
// define), as long as a reaction remains on the stack or in the backup queue.
func (s *ceReactionsStack) Active() bool { return s.r.ce != nil || len(s.queues) > 0 }

// Push pushes a new element queue (a [CEReactions] member starts).
func (s *ceReactionsStack) Push() { s.queues = append(s.queues, nil) }

// Pop pops the current element queue and invokes its reactions (the member returned or threw).
func (s *ceReactionsStack) Pop() {
	last := len(s.queues) - 1
	q := s.queues[last]
	s.queues[last] = nil
	s.queues = s.queues[:last]
	if len(q) > 0 {
		s.r.invokeCustomElementReactions(q)
	}
}

// ceData returns n's custom element data, made on first use.
func (n *Node) ceData() *customElementData {
	if n.ce == nil {
		n.ce = &customElementData{}
		if n.ceState == ceFromParser {
			n.ceState = n.customElementState()
			if v, ok := n.attr("is"); ok {
				n.ce.is = nullable(v)
			}
		}
	}
	return n.ce
}

// attr returns the value of n's attribute named name (no namespace).
func (n *Node) attr(name string) (string, bool) {
	for _, a := range n.h.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// customElementState returns n's custom element state.
func (n *Node) customElementState() customElementState {
	if n.ceState != ceFromParser {
		return n.ceState
	}
	// "create an element" step 6.3: "If namespace is the HTML namespace, and either
	// localName is a valid custom element name or is is non-null, then set result's custom
	// element state to "undefined"." The parser's is is the token's is attribute.
	if n.h.Namespace == "" && n.h.Type == html.ElementNode {
		if _, hasIs := n.attr("is"); hasIs || isValidCustomElementName(n.h.Data) {
			return ceUndefined
		}
	}
	return ceUncustomized
}

// isValue returns n's is value.
func (n *Node) isValue() nullString {
	if n.ce != nil {
		return n.ce.is
	}
	if n.ceState == ceFromParser {
		if v, ok := n.attr("is"); ok {
			return nullable(v)
		}
	}
	return nullString{}
}

// isCustom reports whether n is custom ("custom element state is "custom"").
func (n *Node) isCustom() bool { return n.ceState == ceCustom }

// isDefined reports whether n is defined (its state is "uncustomized" or "custom").
// https://dom.spec.whatwg.org/#concept-element-defined
func (n *Node) isDefined() bool {
	s := n.customElementState()
	return s == ceUncustomized || s == ceCustom
}

// isValidCustomElementName reports whether name is a valid custom element name.
// https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name
func isValidCustomElementName(name string) bool {
	// "name must match the PotentialCustomElementName production" ([a-z] (PCENChar)* '-'
	// (PCENChar)*) "and must not be any of" the reserved names.
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	dash := false
	for _, c := range name {
		switch {
		case c == '-':
			dash = true
		case c == '.' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == 0xB7 ||
			c >= 0xC0 && c <= 0xD6 || c >= 0xD8 && c <= 0xF6 || c >= 0xF8 && c <= 0x37D ||
			c >= 0x37F && c <= 0x1FFF || c >= 0x200C && c <= 0x200D || c >= 0x203F && c <= 0x2040 ||
			c >= 0x2070 && c <= 0x218F || c >= 0x2C00 && c <= 0x2FEF || c >= 0x3001 && c <= 0xD7FF ||
			c >= 0xF900 && c <= 0xFDCF || c >= 0xFDF0 && c <= 0xFFFD || c >= 0x10000 && c <= 0xEFFFF:
		default:
			return false
		}
	}
	if !dash {
		return false
	}
	switch name {
	case "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
		"font-face-format", "font-face-name", "missing-glyph":
		return false
	}
	return true
}

// lookUpACustomElementDefinition finds the definition for an element.
// https://html.spec.whatwg.org/multipage/custom-elements.html#look-up-a-custom-element-definition
func (r *realm) lookUpACustomElementDefinition(doc *Document, namespace, localName string, is nullString) *customElementDefinition {
	// 1. "If namespace is not the HTML namespace, then return null."
	if namespace != "" || !r.ce.defined() {
		return nil
	}
	// 2. "If document's browsing context is null, then return null." (Only the window's
	// document has one: not a DOMParser's, createHTMLDocument's or new Document()'s.)
	if doc != r.doc {
		return nil
	}
	// 3. Its registry.
	reg := r.ce
	// 4. "If registry's custom element definition set contains an item with name and local
	// name both equal to localName, then return that item."
	if d := reg.byName[localName]; d != nil && d.localName == localName {
		return d
	}
	// 5. "If registry's custom element definition set contains an item with name equal to
	// is and local name equal to localName, then return that item."
	if is.valid {
		if d := reg.byName[is.s]; d != nil && d.localName == localName {
			return d
		}
	}
	// 6. "Return null."
	return nil
}

// enqueueAnElementOnTheAppropriateElementQueue puts n on the current element queue, or on
// the backup element queue (processed in a microtask) when no [CEReactions] member or
// parser step is running.
// https://html.spec.whatwg.org/multipage/custom-elements.html#enqueue-an-element-on-the-appropriate-element-queue
func (r *realm) enqueueAnElementOnTheAppropriateElementQueue(n *Node) {
	s := &r.ceStack
	// 2. "If reactionsStack is empty, then:"
	if len(s.queues) == 0 {
		// 2.1 "Add element to reactionsStack's backup element queue."
		s.backup = append(s.backup, n)
		// 2.2 "If reactionsStack's processing the backup element queue flag is set, then return."
		if s.processingBackup {
			return
		}
		// 2.3 "Set reactionsStack's processing the backup element queue flag."
		s.processingBackup = true
		// 2.4 "Queue a microtask to perform the following steps:"
		r.host.QueueMicrotask(func() {
			// 2.4.1 "Invoke custom element reactions in reactionsStack's backup element queue."
			q := s.backup
			s.backup = nil
			r.invokeCustomElementReactions(q)
			// 2.4.2 "Unset reactionsStack's processing the backup element queue flag."
			s.processingBackup = false
		})
		return
	}
	// 3. "Otherwise, add element to element's relevant agent's current element queue."
	last := len(s.queues) - 1
	s.queues[last] = append(s.queues[last], n)
}

// enqueueACustomElementCallbackReaction queues a lifecycle callback of n's definition.
// https://html.spec.whatwg.org/multipage/custom-elements.html#enqueue-a-custom-element-callback-reaction
func (r *realm) enqueueACustomElementCallbackReaction(n *Node, callback int, args ...goja.Value) {
	// 1. "Let definition be element's custom element definition."
	d := n.ceData().definition
	// 2-3. "Let callback be the value of the entry in definition's lifecycle callbacks with
	// key callbackName." 4. "If callback is null, then return."
	if d == nil || d.callbacks[callback] == nil {
		return
	}
	// 5. "If callbackName is "attributeChangedCallback":" 5.2 "If definition's observed
	// attributes does not contain attributeName, then return."
	if callback == cbAttributeChanged && !d.observedAttributes[args[0].String()] {
		return
	}
	// 6. "Add a new callback reaction to element's custom element reaction queue, with
	// callback function callback and arguments args."
	n.ce.reactions = append(n.ce.reactions, ceReaction{callback: callback, args: args})
	// 7. "Enqueue an element on the appropriate element queue given element."
	r.enqueueAnElementOnTheAppropriateElementQueue(n)
}

// enqueueACustomElementUpgradeReaction queues n's upgrade with definition.
// https://html.spec.whatwg.org/multipage/custom-elements.html#enqueue-a-custom-element-upgrade-reaction
func (r *realm) enqueueACustomElementUpgradeReaction(n *Node, d *customElementDefinition) {
	// 1. "Add a new upgrade reaction to element's custom element reaction queue, with custom
	// element definition definition."
	ce := n.ceData()
	ce.reactions = append(ce.reactions, ceReaction{upgrade: d})
	// 2. "Enqueue an element on the appropriate element queue given element."
	r.enqueueAnElementOnTheAppropriateElementQueue(n)
}

// invokeCustomElementReactions runs the reactions of the elements of queue.
// https://html.spec.whatwg.org/multipage/custom-elements.html#invoke-custom-element-reactions
func (r *realm) invokeCustomElementReactions(queue []*Node) {
	// 1. "While queue is not empty:"
	for _, n := range queue {
		// 1.1 "Let element be the result of dequeuing from queue." 1.2 "Let reactions be
		// element's custom element reaction queue." 1.3 "Repeat until reactions is empty:"
		for n.ce != nil && len(n.ce.reactions) > 0 {
			// 1.3.1 "Remove the first element of reactions, and let reaction be that element."
			reaction := n.ce.reactions[0]
			n.ce.reactions = n.ce.reactions[1:]
			if reaction.upgrade != nil {
				// "upgrade reaction: Upgrade element using reaction's custom element
				// definition. If this throws an exception, catch it, and report it for
				// reaction's custom element definition's constructor's corresponding
				// JavaScript object's associated realm's global object."
				if err := r.upgrade(reaction.upgrade, n); err != nil {
					r.reportException(err)
				}
				continue
			}
			// "callback reaction: Invoke reaction's callback function with reaction's
			// arguments and "report", and callback this value set to element."
			d := n.ce.definition
			if d == nil {
				continue
			}
			if err := r.callCE(d.callbackValues[reaction.callback], d.callbacks[reaction.callback], r.wrapNode(n), reaction.args...); err != nil {
				r.reportException(err)
			}
		}
	}
}

// callCE calls a custom element callback through the host (which ends it with a microtask
// checkpoint when no script is on the stack).
func (r *realm) callCE(v goja.Value, fn goja.Callable, this goja.Value, args ...goja.Value) error {
	if nh, ok := r.host.(namingHost); ok {
		_, err := nh.CallNamed(nh.FunctionName(v), fn, this, args...)
		return err
	}
	_, err := r.host.Call(fn, this, args...)
	return err
}

// construct runs `new C()` through the host: the WebIDL "construct" of a
// CustomElementConstructor, with its "clean up after running a callback".
func (r *realm) construct(c *goja.Object) (goja.Value, error) {
	if nh, ok := r.host.(namingHost); ok {
		return nh.CallNamed(nh.FunctionName(c), r.newHelper, goja.Undefined(), c)
	}
	return r.host.Call(r.newHelper, goja.Undefined(), c)
}

// upgrade upgrades n with definition d.
// https://html.spec.whatwg.org/multipage/custom-elements.html#concept-upgrade-an-element
func (r *realm) upgrade(d *customElementDefinition, n *Node) error {
	// 1. "If element's custom element state is not "undefined" or "uncustomized", then return."
	if s := n.customElementState(); s != ceUndefined && s != ceUncustomized {
		return nil
	}
	ce := n.ceData()
	// 2. "Set element's custom element definition to definition."
	ce.definition = d
	// 3. "Set element's custom element state to "failed"."
	n.ceState = ceFailed
	// 4. "For each attribute in element's attribute list, in order, enqueue a custom element
	// callback reaction with element, callback name "attributeChangedCallback", and
	// « attribute's local name, null, attribute's value, attribute's namespace »."
	if d.callbacks[cbAttributeChanged] != nil {
		for _, a := range n.h.Attr {
			r.enqueueACustomElementCallbackReaction(n, cbAttributeChanged, r.str(a.Key), goja.Null(), r.str(a.Val), r.namespaceValue(a.Namespace))
		}
	}
	// 5. "If element is connected, then enqueue a custom element callback reaction with
	// element, callback name "connectedCallback", and « »."
	if n.IsConnected() {
		r.enqueueACustomElementCallbackReaction(n, cbConnected)
	}
	// 6. "Add element to the end of definition's construction stack."
	d.constructionStack = append(d.constructionStack, n)
	// 7. "Let C be definition's constructor." 8. "Run the following steps while catching any
	// exceptions:" 8.1 (disable shadow: no attachShadow yet) 8.2 "Set element's custom
	// element state to "precustomized"."
	n.ceState = cePrecustomized
	// 8.3 "Let constructResult be the result of constructing C, with no arguments."
	result, err := r.construct(d.constructor)
	// 8.4 "If SameValue(constructResult, element) is false, then throw a TypeError."
	if err == nil && result != r.wrapNode(n) {
		err = r.jsError(r.idl.TypeError("Failed to construct '" + d.name + "': The result must implement HTMLElement interface"))
	}
	// "Then, perform the following substep, regardless of whether the above steps threw an
	// exception or not: Remove the last entry from the end of definition's construction stack."
	d.constructionStack = d.constructionStack[:len(d.constructionStack)-1]
	if err != nil {
		// "If the above steps threw an exception, then: Set element's custom element
		// definition to null. Empty element's custom element reaction queue. Rethrow the
		// exception (thus terminating this algorithm)."
		ce.definition = nil
		ce.reactions = nil
		return err
	}
	// 9. (form-associated: FIXME(spec): no form association; the callbacks are not read.)
	// 10. "Set element's custom element state to "custom"."
	n.ceState = ceCustom
	return nil
}

// jsError turns a thrown JS value into the error Host.ReportException takes.
func (r *realm) jsError(v *goja.Object) error {
	if ex := r.rt.Try(func() { panic(v) }); ex != nil {
		return ex
	}
	return nil
}

// tryToUpgrade enqueues n's upgrade if a definition for it exists.
// https://html.spec.whatwg.org/multipage/custom-elements.html#concept-try-upgrade
func (r *realm) tryToUpgrade(n *Node) {
	// 1. "Let definition be the result of looking up a custom element definition given
	// element's node document, element's namespace, element's local name, and element's is
	// value."
	d := r.lookUpACustomElementDefinition(n.doc, n.h.Namespace, n.h.Data, n.isValue())
	// 2. "If definition is not null, then enqueue a custom element upgrade reaction given
	// element and definition."
	if d != nil {
		r.enqueueACustomElementUpgradeReaction(n, d)
	}
}

// definitionOf looks up the definition of the element h (n: its DOM node, if it has one).
func (r *realm) definitionOf(doc *Document, h *html.Node, n *Node) *customElementDefinition {
	if n != nil {
		return r.lookUpACustomElementDefinition(doc, h.Namespace, h.Data, n.isValue())
	}
	is := nullString{}
	for _, a := range h.Attr {
		if a.Namespace == "" && a.Key == "is" {
			is = nullable(a.Val)
		}
	}
	return r.lookUpACustomElementDefinition(doc, h.Namespace, h.Data, is)
}

// namespaceValue is an attribute's namespace as the callbacks get it (null for none).
func (r *realm) namespaceValue(ns string) goja.Value {
	switch ns {
	case "":
		return goja.Null()
	case "xlink":
		return r.str("http://www.w3.org/1999/xlink")
	case "xml":
		return r.str("http://www.w3.org/XML/1998/namespace")
	case "xmlns":
		return r.str("http://www.w3.org/2000/xmlns/")
	}
	return r.str(ns)
}

// The DOM's hooks. Each does nothing unless the registry holds a definition: elements are
// custom, or can be upgraded, only then.

// ceInserted is insert's step 7.7 for an inserted node h: "For each shadow-including
// inclusive descendant inclusiveDescendant of node, in shadow-including tree order: ... If
// inclusiveDescendant is connected: If inclusiveDescendant is custom, then enqueue a custom
// element callback reaction with inclusiveDescendant, callback name "connectedCallback",
// and « ». Otherwise, try to upgrade inclusiveDescendant."
// https://dom.spec.whatwg.org/#concept-node-insert
func (d *Document) ceInserted(h *html.Node) {
	r := d.realm
	if r == nil || !r.ce.defined() || !d.NodeFor(h).IsConnected() {
		return
	}
	visit := func(c *html.Node) {
		if c.Type != html.ElementNode {
			return
		}
		n := d.table.get(c)
		if n != nil && n.isCustom() {
			r.enqueueACustomElementCallbackReaction(n, cbConnected)
		} else if def := r.definitionOf(d, c, n); def != nil {
			// "try to upgrade" (without a DOM node for the elements that have no definition)
			r.enqueueACustomElementUpgradeReaction(d.NodeFor(c), def)
		}
	}
	d.shadowIncludingInclusiveDescendants(h, visit)
}

// shadowIncludingInclusiveDescendants calls visit for h and its shadow-including
// descendants, in shadow-including tree order (an element's shadow tree before its
// children). https://dom.spec.whatwg.org/#concept-shadow-including-tree-order
func (d *Document) shadowIncludingInclusiveDescendants(h *html.Node, visit func(*html.Node)) {
	visit(h)
	if h.Type == html.ElementNode {
		if n := d.table.get(h); n != nil {
			if sr := n.shadowRootOf(); sr != nil {
				for c := sr.h.FirstChild; c != nil; c = c.NextSibling {
					d.shadowIncludingInclusiveDescendants(c, visit)
				}
			}
		}
	}
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		d.shadowIncludingInclusiveDescendants(c, visit)
	}
}

// ceRemoved is remove's steps 15 and 16.2 for the removed node h, whose parent was
// connected when wasConnected: "If node is custom and isParentConnected is true, then
// enqueue a custom element callback reaction with node, callback name
// "disconnectedCallback", and « »." and the same for each shadow-including descendant.
// https://dom.spec.whatwg.org/#concept-node-remove
func (d *Document) ceRemoved(h *html.Node, wasConnected bool) {
	r := d.realm
	if r == nil || !wasConnected || !r.ce.defined() {
		return
	}
	visit := func(c *html.Node) {
		if n := d.table.get(c); n != nil && n.isCustom() {
			r.enqueueACustomElementCallbackReaction(n, cbDisconnected)
		}
	}
	d.shadowIncludingInclusiveDescendants(h, visit)
}

// ceAdopted is adopt's step 3.2: "For each inclusiveDescendant in node's shadow-including
// inclusive descendants that is custom: enqueue a custom element callback reaction with
// inclusiveDescendant, callback name "adoptedCallback", and « oldDocument, document »."
// https://dom.spec.whatwg.org/#concept-node-adopt
func ceAdopted(node *Node, old, document *Document) {
	var r *realm
	switch {
	case old.realm != nil && old.realm.ce.defined():
		r = old.realm
	case document.realm != nil && document.realm.ce.defined():
		r = document.realm
	default:
		return
	}
	visit := func(c *html.Node) {
		if n := document.table.get(c); n != nil && n.isCustom() {
			r.enqueueACustomElementCallbackReaction(n, cbAdopted, r.wrapNode(old.node), r.wrapNode(document.node))
		}
	}
	visit(node.h)
	for c := range node.h.Descendants() {
		visit(c)
	}
}

// ceAttributeChanged is "handle attribute changes" step 2: "If element is custom, then
// enqueue a custom element callback reaction with element, callback name
// "attributeChangedCallback", and « attribute's local name, oldValue, newValue,
// attribute's namespace »."
// https://dom.spec.whatwg.org/#handle-attribute-changes
func (n *Node) ceAttributeChanged(localName, ns string, old nullString, value string, present bool) {
	if !n.isCustom() {
		return
	}
	r := n.doc.realm
	if r == nil {
		return
	}
	newValue := goja.Null()
	if present {
		newValue = r.str(value)
	}
	r.enqueueACustomElementCallbackReaction(n, cbAttributeChanged, r.str(localName), r.nullableStr(old), newValue, r.namespaceValue(ns))
}

// ceCloned is "create an element" for a clone (synchronous custom elements flag unset):
// an element whose definition exists gets an upgrade reaction.
// https://dom.spec.whatwg.org/#concept-node-clone
func (d *Document) ceCloned(original, c *Node) {
	r := d.realm
	if r == nil || !r.ce.defined() || c.h.Namespace != "" {
		return
	}
	is := original.isValue()
	def := r.lookUpACustomElementDefinition(d, c.h.Namespace, c.h.Data, is)
	if !is.valid && def == nil {
		return
	}
	c.ceData().is = is
	if def == nil {
		c.ceState = ceUndefined
		return
	}
	// "create an element" step 5.3 (customized built-in) or 6.2 (autonomous), flag unset:
	// "set result's custom element state to "undefined"" and "enqueue a custom element
	// upgrade reaction given result and definition".
	c.ceState = ceUndefined
	r.enqueueACustomElementUpgradeReaction(c, def)
}

// ceFragmentParsed gives each element of a freshly parsed fragment (innerHTML,
// insertAdjacentHTML, ...) whose definition exists an upgrade reaction, in tree order: the
// elements are upgraded when the [CEReactions] member that parsed them returns, connected
// or not, after the fragment was inserted.
// CHROME: the fragment's elements are created with the context's registry, asynchronously
// ("create an element" with the synchronous custom elements flag unset), as Chrome does and
// as the scoped-registries revision of "create an element for a token" says; the older text
// created them in the fragment parser's own document, which has no registry, so a detached
// context's elements stayed undefined.
func (d *Document) ceFragmentParsed(frag *html.Node) {
	r := d.realm
	if r == nil || !r.ce.defined() {
		return
	}
	for h := range frag.Descendants() {
		if h.Type != html.ElementNode {
			continue
		}
		if def := r.definitionOf(d, h, d.table.get(h)); def != nil {
			n := d.NodeFor(h)
			n.ceData()
			r.enqueueACustomElementUpgradeReaction(n, def)
		}
	}
}
