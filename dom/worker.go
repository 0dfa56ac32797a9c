// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/workers.html#dedicated-workers-and-the-worker-interface);
// step numbers are that revision's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"net/url"

	"github.com/dop251/goja"

	"loopscope/internal/webidl"
)

// WorkerHost runs dedicated workers for a realm (package page: each worker its own agent,
// event loop and goroutine). It is the DOM's seam to whoever runs it, as Host is.
type WorkerHost interface {
	// StartWorker runs "run a worker" for w, whose script is at url (absolute), in parallel:
	// it returns once the worker is set up, and gives w its channel with SetChannel before
	// any message can be posted. An error is thrown by the Worker constructor.
	StartWorker(w *Worker, url, name string) error
}

// WorkerChannel is a Worker object's way to its worker, which runs on another goroutine.
type WorkerChannel interface {
	// PostMessage queues a task on the worker's event loop that delivers m at its global.
	PostMessage(m *SerializedMessage)
	// Terminate runs "terminate a worker": the worker's loop stops at once.
	Terminate()
}

// Worker is a Worker object: the outside of a dedicated worker, in its owner's realm.
// https://html.spec.whatwg.org/multipage/workers.html#worker
type Worker struct {
	target     eventTarget
	realm      *realm
	obj        *goja.Object
	channel    WorkerChannel
	terminated bool
}

func (w *Worker) eventTargetData() *eventTarget { return &w.target }
func (w *Worker) getTheParent(*Event) Target    { return nil }
func (w *Worker) realmOf() *realm               { return w.realm }

// SetChannel gives the Worker object its way to the worker (WorkerHost.StartWorker).
func (w *Worker) SetChannel(c WorkerChannel) { w.channel = c }

// Terminated reports whether terminate() was called.
func (w *Worker) Terminated() bool { return w.terminated }

// DeliverMessage is the task the worker's postMessage queues on the owner's loop (the
// posted message task source): StructuredDeserializeWithTransfer, then a MessageEvent at
// the Worker object; a message that cannot be deserialized fires messageerror.
func (w *Worker) DeliverMessage(m *SerializedMessage) {
	if w.terminated {
		return
	}
	deliverMessage(w.realm, w, m)
}

// deliverMessage fires message (or messageerror) at target with m deserialized in r.
// https://html.spec.whatwg.org/multipage/web-messaging.html#message-port-post-message-steps (7.3-7.6)
func deliverMessage(r *realm, target Target, m *SerializedMessage) {
	var data goja.Value
	var ports []*MessagePort
	if ex := r.rt.Try(func() { data, ports = r.structuredDeserialize(m) }); ex != nil {
		// 7.3. "If this throws an exception, catch it, fire an event named messageerror
		// at finalTargetPort, using MessageEvent, and then return."
		ev := createEvent("messageerror", kindMessageEvent, EventInit{})
		ev.trusted, ev.timeStamp, ev.other().data = true, r.host.Now(), goja.Null()
		dispatch(ev, target, false)
		return
	}
	ev := createEvent("message", kindMessageEvent, EventInit{})
	ev.other().data, ev.other().ports, ev.trusted, ev.timeStamp = data, ports, true, r.host.Now()
	dispatch(ev, target, false)
}

// FireError is the task "run a worker" queues on the owner's loop for an exception the
// worker did not handle: an ErrorEvent at the Worker object (cancelable). It returns whether
// the event was canceled; if not, the owner reports it as its own error (CHROME: a line in
// the owner's console).
// https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2
func (w *Worker) FireError(message, filename string, lineno, colno int) (canceled bool) {
	if w.terminated {
		return true
	}
	ev := createEvent("error", kindErrorEvent, EventInit{Cancelable: true})
	ev.other().message, ev.other().filename, ev.other().lineno, ev.other().colno = message, filename, lineno, colno
	ev.other().errorValue = goja.Null()
	ev.trusted, ev.timeStamp = true, w.realm.host.Now()
	return !dispatch(ev, w, false)
}

// FireSimpleError fires a plain error event at the Worker object (the worker's script
// could not be fetched or parsed: "run a worker" step 12's "queue a global task ... to fire
// an event named error at worker").
func (w *Worker) FireSimpleError() {
	ev := createEvent("error", kindEvent, EventInit{})
	ev.trusted, ev.timeStamp = true, w.realm.host.Now()
	dispatch(ev, w, false)
}

// installWorker defines Worker: the constructor, postMessage, terminate, and the onmessage,
// onmessageerror and onerror handlers.
func (r *realm) installWorker() {
	wi := r.idl.DefineInterface("Worker", r.iface("EventTarget"), 1, func(call goja.ConstructorCall) *goja.Object {
		const ctx = "Failed to construct 'Worker': "
		if len(call.Arguments) < 1 {
			panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
		}
		name := ""
		if opts := call.Argument(1); !isNullish(opts) {
			r.checkDict(opts, ctx, "WorkerOptions")
			if t := dictGet(opts, "type"); !goja.IsUndefined(t) {
				switch ts := toDOMString(t); ts {
				case "classic":
				case "module":
					// CHROME (before 80, still its message): module workers are not supported.
					panic(r.idl.TypeError(ctx + "Module scripts are not supported on DedicatedWorker yet. You can try the feature with '--enable-experimental-web-platform-features' flag (see https://crbug.com/680046)"))
				default:
					panic(r.idl.TypeError(ctx + "Failed to read the 'type' property from 'WorkerOptions': The provided value '" + ts + "' is not a valid enum value of type WorkerType."))
				}
			}
			if n := dictGet(opts, "name"); !goja.IsUndefined(n) {
				name = toDOMString(n)
			}
		}
		// 4-5. "Let worker URL be the result of encoding-parsing a URL given scriptURL,
		// relative to outside settings. If worker URL is failure, then throw a
		// "SyntaxError" DOMException."
		spec := toDOMString(call.Argument(0))
		u, err := r.baseURL().Parse(spec)
		if err != nil {
			panic(r.newDOMException("SyntaxError", ctx+"The URL '"+spec+"' is invalid."))
		}
		if r.opts.Workers == nil {
			panic(r.newDOMException("NotSupportedError", ctx+"Workers are not available here."))
		}
		w := &Worker{realm: r, obj: call.This}
		r.idl.SetSlot(call.This, w)
		if err := r.opts.Workers.StartWorker(w, u.String(), name); err != nil {
			if _, ok := err.(*DOMException); !ok {
				err = &DOMException{Name: "SecurityError", Message: err.Error()}
			}
			r.throwDOM(ctx, err)
		}
		return call.This
	})
	this := func(call goja.FunctionCall) *Worker { return webidl.This[*Worker](r.idl, call) }
	m := webidl.On(wi, this)
	// postMessage(message, transfer) or (message, options): the worker's message port
	// post message steps, through the worker's channel.
	m.Method("postMessage", 1, func(w *Worker, call goja.FunctionCall) goja.Value {
		msg := r.structuredSerializeWithTransfer(call.Argument(0), postMessageTransferArg(call.Argument(1)), "Failed to execute 'postMessage' on 'Worker': ")
		if w.channel != nil && !w.terminated {
			w.channel.PostMessage(msg)
		}
		return goja.Undefined()
	})
	// terminate(): "terminate a worker" on the worker's global.
	m.Method("terminate", 0, func(w *Worker, _ goja.FunctionCall) goja.Value {
		if !w.terminated {
			w.terminated = true
			if w.channel != nil {
				w.channel.Terminate()
			}
		}
		return goja.Undefined()
	})
	for _, h := range []string{"onmessage", "onmessageerror", "onerror"} {
		r.handlerAttr(wi, h, func(call goja.FunctionCall) Target { return this(call) })
	}
}

// baseURL is the realm's API base URL: the document's, or the worker's script URL.
func (r *realm) baseURL() *url.URL {
	if r.worker != nil {
		return r.worker.url
	}
	return r.doc.url
}
