// Spec: CSSOM View Module, Editor's Draft 2025-09 (https://drafts.csswg.org/cssom-view/#the-mediaquerylist-interface),
// matchMedia, MediaQueryList, MediaQueryListEvent and "evaluate media queries and report
// changes". Tags: FIXME(spec), DEPARTURE, CHROME.

package dom

import (
	"loopscope/css"
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// MediaEnvironment is implemented by a Layout that knows more of the environment than
// the viewport's size (the user's preferences).
type MediaEnvironment interface {
	MediaEnv() css.MediaEnv
}

// MediaQueryList is what matchMedia returns: an EventTarget that fires change when its
// query starts or stops matching.
type MediaQueryList struct {
	target  eventTarget
	realm   *realm
	doc     *Document
	list    *css.MediaQueryList
	matches bool // its matches state when the media queries were last evaluated
	obj     *goja.Object
}

func (m *MediaQueryList) eventTargetData() *eventTarget { return &m.target }
func (m *MediaQueryList) getTheParent(*Event) Target    { return nil }
func (m *MediaQueryList) realmOf() *realm               { return m.realm }

// maxMediaLists is how many lists a document keeps before it forgets those nobody
// listens to (DEPARTURE: Chrome keeps them while script can reach them; a list forgotten
// here fires no change even if a listener is added to it later).
const maxMediaLists = 1024

// mediaEnv is the environment media queries are evaluated against now.
func (w *Window) mediaEnv() css.MediaEnv {
	if w.layout == nil {
		return css.MediaEnv{}
	}
	if m, ok := w.layout.(MediaEnvironment); ok {
		return m.MediaEnv()
	}
	vw, vh := w.layout.Viewport()
	return css.MediaEnv{Width: vw, Height: vh}
}

// EvaluateMediaQueriesAndReportChanges is CSSOM View's "evaluate media queries and
// report changes" for the document: "For each MediaQueryList object target that has doc
// as its document, in the order they were created, oldest first, run these substeps:
// 1. If target's matches state has changed since the last time these steps were run,
// fire an event at target using the MediaQueryListEvent constructor, with its type
// attribute initialized to change, its isTrusted attribute initialized to true, its
// media attribute initialized to target's media, and its matches attribute initialized
// to target's matches state." It reports whether it fired any.
// https://drafts.csswg.org/cssom-view/#evaluate-media-queries-and-report-changes
func (d *Document) EvaluateMediaQueriesAndReportChanges() bool {
	if len(d.mediaLists) == 0 || d.window == nil {
		return false
	}
	env := d.window.mediaEnv()
	fired := false
	lists := append([]*MediaQueryList(nil), d.mediaLists...) // a listener may call matchMedia
	for _, m := range lists {
		now := m.list.Matches(env)
		if now == m.matches {
			continue
		}
		m.matches = now
		ev := createEvent("change", kindMediaQueryListEvent, EventInit{})
		ev.other().media, ev.other().matches = m.list.String(), now
		d.fireTrusted(m, ev, false)
		fired = true
	}
	return fired
}

// addMediaList keeps a new list, forgetting those without listeners when there are many.
func (d *Document) addMediaList(m *MediaQueryList) {
	if len(d.mediaLists) >= maxMediaLists {
		kept := d.mediaLists[:0]
		for _, o := range d.mediaLists {
			if len(o.target.listeners) > 0 || len(o.target.handlers) > 0 {
				kept = append(kept, o)
			}
		}
		clear(d.mediaLists[len(kept):])
		d.mediaLists = kept
	}
	if len(d.mediaLists) < 4*maxMediaLists {
		d.mediaLists = append(d.mediaLists, m)
	}
}

// installMediaQueries defines matchMedia, MediaQueryList and MediaQueryListEvent.
func (r *realm) installMediaQueries() {
	mql := r.idl.DefineInterface("MediaQueryList", r.iface("EventTarget"), 0, nil)
	this := func(call goja.FunctionCall) *MediaQueryList { return webidl.This[*MediaQueryList](r.idl, call) }
	m := webidl.On(mql, this)
	m.Getter("media", func(l *MediaQueryList) goja.Value { return r.str(l.list.String()) })
	m.Getter("matches", func(l *MediaQueryList) goja.Value { return r.rt.ToValue(l.list.Matches(r.win.mediaEnv())) })
	// addListener and removeListener: "the same as addEventListener('change', callback)
	// when callback is not null".
	for _, name := range []string{"addListener", "removeListener"} {
		name := name
		m.Method(name, 1, func(l *MediaQueryList, call goja.FunctionCall) goja.Value {
			cb := call.Argument(0)
			if isNullish(cb) {
				return goja.Undefined()
			}
			method := "addEventListener"
			if name == "removeListener" {
				method = "removeEventListener"
			}
			if f, ok := goja.AssertFunction(l.obj.Get(method)); ok {
				if _, err := f(l.obj, r.str("change"), cb); err != nil {
					panic(err)
				}
			}
			return goja.Undefined()
		})
	}
	r.handlerAttr(mql, "onchange", func(call goja.FunctionCall) Target { return this(call) })

	ev := r.idl.DefineInterface("MediaQueryListEvent", r.iface("Event"), 1, r.eventCtor("MediaQueryListEvent", kindMediaQueryListEvent,
		func(e *Event, dict goja.Value, _ string) {
			e.other().media = dictString(dict, "media", "")
			e.other().matches = toBool(dictGet(dict, "matches"))
		}))
	em := webidl.On(ev, r.thisEvent)
	em.Getter("media", func(e *Event) goja.Value { return r.str(e.other().media) })
	em.Getter("matches", func(e *Event) goja.Value { return r.rt.ToValue(e.other().matches) })

	r.idl.DefineOperation(r.rt.GlobalObject(), "matchMedia", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "matchMedia", "Window")
		l := &MediaQueryList{realm: r, doc: r.doc, list: css.ParseMediaQueryList(toDOMString(call.Argument(0)))}
		l.matches = l.list.Matches(r.win.mediaEnv())
		l.obj = r.idl.NewObject(mql.Proto, l)
		r.doc.addMediaList(l)
		return l.obj
	})
}
