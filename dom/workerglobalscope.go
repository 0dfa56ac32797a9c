// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/workers.html#the-workerglobalscope-common-interface,
// #dedicated-workers-and-the-dedicatedworkerglobalscope-interface, #importing-scripts-and-libraries);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"errors"
	"net/url"
	"strings"

	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// WorkerGlobalOptions is what a dedicated worker's global needs from whoever runs the worker.
type WorkerGlobalOptions struct {
	URL  string // the worker's script URL (its API base URL and location)
	Name string // WorkerOptions' name
	// PostMessage hands a message to the Worker object in the owner (a task on the
	// owner's loop). Called on the worker's goroutine.
	PostMessage func(m *SerializedMessage)
	// Close sets the global's closing flag (close()).
	Close func()
	// FetchScript reads a script importScripts asks for (url absolute): its text.
	FetchScript func(url string) (string, error)
	// Workers runs the workers this worker starts (nested workers; nil: Worker throws).
	Workers WorkerHost
	// BlobURLs is the page's blob URL store.
	BlobURLs *BlobURLStore
	// PostToRealm runs fn on the worker's goroutine, from any goroutine.
	PostToRealm func(fn func())
	// Messages marks the messages the worker's ports post and deliver in its loop's trace.
	Messages MessageMarks
	// Navigator answers navigator's basics.
	UserAgent string
}

// WorkerGlobal is a DedicatedWorkerGlobalScope: the global object of a worker's realm.
type WorkerGlobal struct {
	target eventTarget
	realm  *realm
	url    *url.URL
	opts   WorkerGlobalOptions
}

func (g *WorkerGlobal) eventTargetData() *eventTarget { return &g.target }
func (g *WorkerGlobal) getTheParent(*Event) Target    { return nil }
func (g *WorkerGlobal) realmOf() *realm               { return g.realm }

// InstallWorkerGlobal installs a dedicated worker's global on host.Runtime()'s global
// object: EventTarget and the events, DOMException, MessageChannel, Blob, URL, Worker, and
// the DedicatedWorkerGlobalScope members (self, name, location, navigator, postMessage,
// close, importScripts, onmessage, onmessageerror, onerror). The event loop installs the
// rest (timers, queueMicrotask, console, performance).
func InstallWorkerGlobal(host Host, opts WorkerGlobalOptions) (g *WorkerGlobal, err error) {
	u, perr := url.Parse(opts.URL)
	if perr != nil {
		return nil, perr
	}
	defer func() {
		if p := recover(); p != nil {
			g, err = nil, errors.New("dom: installing the worker's global failed")
			if e, ok := p.(error); ok {
				err = errors.Join(err, e)
			}
		}
	}()
	r := &realm{host: host, rt: host.Runtime(), idl: webidl.NewRealm(host.Runtime()),
		opts: Options{Workers: opts.Workers, BlobURLs: opts.BlobURLs, PostToRealm: opts.PostToRealm,
			Messages: opts.Messages}}
	g = &WorkerGlobal{realm: r, url: u, opts: opts}
	r.worker = g
	r.syntaxError, _ = goja.AssertConstructor(r.rt.Get("SyntaxError"))
	r.rangeError, _ = goja.AssertConstructor(r.rt.Get("RangeError"))
	r.captureCloneIntrinsics()
	r.installDOMException()
	r.installEventTarget()
	r.installEvents()
	r.installMessaging()
	r.installBlob()
	r.installImageBitmap()
	r.installBase64()
	r.installURL()
	r.installWorker()
	r.installWorkerGlobalScope(g)
	r.idl.Expose(r.rt.GlobalObject())
	return g, nil
}

// Object is the global object.
func (g *WorkerGlobal) Object() *goja.Object { return g.realm.rt.GlobalObject() }

// DeliverMessage is the task the Worker object's postMessage queues on the worker's loop:
// a MessageEvent at the global (messageerror if the message cannot be deserialized).
func (g *WorkerGlobal) DeliverMessage(m *SerializedMessage) { deliverMessage(g.realm, g, m) }

// FireError is "report an exception" at a worker's global: an ErrorEvent at the global,
// cancelable; it returns whether it was canceled (then the error goes no further).
func (g *WorkerGlobal) FireError(message, filename string, lineno, colno int, errVal goja.Value) (canceled bool) {
	r := g.realm
	if r.reportingError {
		return false
	}
	r.reportingError = true
	defer func() { r.reportingError = false }()
	ev := createEvent("error", kindErrorEvent, EventInit{Cancelable: true})
	ev.other().message, ev.other().filename, ev.other().lineno, ev.other().colno = message, filename, lineno, colno
	if errVal == nil {
		errVal = goja.Undefined()
	}
	ev.other().errorValue, ev.trusted, ev.timeStamp = errVal, true, r.host.Now()
	return !dispatch(ev, g, false)
}

// FirePromiseRejection fires unhandledrejection or rejectionhandled at the global.
func (g *WorkerGlobal) FirePromiseRejection(typ string, promise, reason goja.Value) (canceled bool) {
	ev := createEvent(typ, kindPromiseRejectionEvent, EventInit{Cancelable: typ == "unhandledrejection"})
	ev.other().promise, ev.other().reason, ev.trusted, ev.timeStamp = promise, reason, true, g.realm.host.Now()
	return !dispatch(ev, g, false)
}

// installWorkerGlobalScope defines WorkerGlobalScope, DedicatedWorkerGlobalScope,
// WorkerLocation and WorkerNavigator, and makes the global object the worker's global.
func (r *realm) installWorkerGlobalScope(g *WorkerGlobal) {
	wgs := r.idl.DefineInterface("WorkerGlobalScope", r.iface("EventTarget"), 0, nil)
	dwgs := r.idl.DefineInterface("DedicatedWorkerGlobalScope", wgs, 0, nil)
	global := r.rt.GlobalObject()
	_ = global.SetPrototype(dwgs.Proto)
	_ = global.DeleteSymbol(goja.SymToStringTag)
	r.idl.SetSlot(global, g)
	this := func(call goja.FunctionCall) Target { return g }
	self := func(goja.FunctionCall) goja.Value { return global }
	r.replaceable(global, "self", self)
	r.handlerAttrs(global, "onerror onlanguagechange onoffline ononline onrejectionhandled onunhandledrejection", this)
	r.handlerAttrs(global, "onmessage onmessageerror", this)
	_ = global.DefineDataProperty("name", r.str(g.opts.Name), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	// postMessage(message, transfer) or (message, options): to the Worker object.
	r.idl.DefineOperation(global, "postMessage", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "postMessage", "DedicatedWorkerGlobalScope")
		msg := r.structuredSerializeWithTransfer(call.Argument(0), postMessageTransferArg(call.Argument(1)), "Failed to execute 'postMessage' on 'DedicatedWorkerGlobalScope': ")
		if g.opts.PostMessage != nil {
			g.opts.PostMessage(msg)
		}
		return goja.Undefined()
	})
	// close(): "set the worker's WorkerGlobalScope object's closing flag to true" (the
	// tasks queued after it are discarded, the loop ends once its queues are empty).
	r.idl.DefineOperation(global, "close", 0, func(call goja.FunctionCall) goja.Value {
		if g.opts.Close != nil {
			g.opts.Close()
		}
		return goja.Undefined()
	})
	r.idl.DefineOperation(global, "importScripts", 0, func(call goja.FunctionCall) goja.Value {
		r.importScripts(g, call.Arguments)
		return goja.Undefined()
	})
	r.installWorkerLocation(global, g)
	r.installWorkerNavigator(global, g)
}

// importScripts is "import scripts into worker global scope": every URL parsed first (a
// SyntaxError for a bad one), then each script fetched and run in order; a script's
// exception propagates to the caller.
// https://html.spec.whatwg.org/multipage/workers.html#import-scripts-into-worker-global-scope
func (r *realm) importScripts(g *WorkerGlobal, args []goja.Value) {
	const ctx = "Failed to execute 'importScripts' on 'WorkerGlobalScope': "
	// 4-5. Parse each URL; "If urlRecord is failure, then throw a "SyntaxError" DOMException."
	urls := make([]string, len(args))
	for i, a := range args {
		u, err := g.url.Parse(toDOMString(a))
		if err != nil {
			panic(r.newDOMException("SyntaxError", ctx+"The URL '"+toDOMString(a)+"' is invalid."))
		}
		urls[i] = u.String()
	}
	// 6. For each: fetch a classic worker-imported script, then run the classic script
	// with rethrow errors.
	for _, u := range urls {
		if g.opts.FetchScript == nil {
			panic(r.newDOMException("NetworkError", ctx+"The script at '"+u+"' failed to load."))
		}
		src, err := g.opts.FetchScript(u)
		if err != nil {
			panic(r.newDOMException("NetworkError", ctx+"The script at '"+u+"' failed to load."))
		}
		prog, err := goja.Compile(u, src, false)
		if err != nil {
			panic(r.newError(r.syntaxError, syntaxErrorMessage(err)))
		}
		if _, err := r.rt.RunProgram(prog); err != nil {
			panic(err)
		}
	}
}

// syntaxErrorMessage is a compile error's message without goja's position prefix.
func syntaxErrorMessage(err error) string {
	var ce *goja.CompilerSyntaxError
	if errors.As(err, &ce) {
		return ce.Message
	}
	return err.Error()
}

// installWorkerLocation defines WorkerLocation and self.location: the worker's URL.
func (r *realm) installWorkerLocation(global *goja.Object, g *WorkerGlobal) {
	loc := r.idl.DefineInterface("WorkerLocation", nil, 0, nil)
	r.location = r.idl.NewObject(loc.Proto, g)
	u := g.url
	parts := map[string]func() string{
		"href":     u.String,
		"protocol": func() string { return u.Scheme + ":" },
		"host":     func() string { return u.Host },
		"hostname": u.Hostname,
		"port":     u.Port,
		"pathname": func() string {
			if u.Opaque != "" {
				return u.Opaque
			}
			return u.EscapedPath()
		},
		"search": func() string {
			if u.RawQuery == "" {
				return ""
			}
			return "?" + u.RawQuery
		},
		"hash": func() string {
			if f := u.EscapedFragment(); f != "" {
				return "#" + f
			}
			return ""
		},
		"origin": func() string { return urlOrigin(u) },
	}
	for _, name := range []string{"href", "origin", "protocol", "host", "hostname", "port", "pathname", "search", "hash"} {
		f := parts[name]
		loc.Attribute(name, func(goja.FunctionCall) goja.Value { return r.str(f()) }, nil)
	}
	loc.Operation("toString", 0, func(goja.FunctionCall) goja.Value { return r.str(u.String()) })
	r.idl.DefineAccessor(global, "location", func(goja.FunctionCall) goja.Value { return r.location }, nil)
}

// urlOrigin is the serialization of u's origin as location.origin gives it (CHROME: "file://"
// for a file: URL; a blob: URL's origin is its inner URL's).
func urlOrigin(u *url.URL) string {
	switch u.Scheme {
	case "http", "https":
		return u.Scheme + "://" + u.Host
	case "file":
		return "file://"
	case "blob":
		if strings.HasPrefix(u.Opaque, "file:") {
			return "file://"
		}
		if inner, err := url.Parse(u.Opaque); err == nil && inner.Scheme != "" {
			return urlOrigin(inner)
		}
	}
	return "null"
}

// installWorkerNavigator defines WorkerNavigator's basics and self.navigator.
func (r *realm) installWorkerNavigator(global *goja.Object, g *WorkerGlobal) {
	nav := r.idl.DefineInterface("WorkerNavigator", nil, 0, nil)
	obj := r.idl.NewObject(nav.Proto, g)
	ua := g.opts.UserAgent
	for _, a := range []struct {
		name string
		v    goja.Value
	}{{"userAgent", r.str(ua)}, {"language", r.str("en-US")}, {"onLine", r.rt.ToValue(true)},
		{"hardwareConcurrency", r.rt.ToValue(2)}, {"platform", r.str("Linux x86_64")},
		{"appName", r.str("Netscape")}, {"product", r.str("Gecko")}} {
		v := a.v
		nav.Attribute(a.name, func(goja.FunctionCall) goja.Value { return v }, nil)
	}
	r.idl.DefineAccessor(global, "navigator", func(goja.FunctionCall) goja.Value { return obj }, nil)
}
