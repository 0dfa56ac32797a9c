package dom

import "github.com/dop251/goja"

// AbortSignal is an AbortSignal. https://dom.spec.whatwg.org/#interface-AbortSignal
type AbortSignal struct {
	target     eventTarget
	realm      *realm
	aborted    bool
	reason     goja.Value
	algorithms []func()
	obj        *goja.Object
}

func (s *AbortSignal) eventTargetData() *eventTarget { return &s.target }
func (s *AbortSignal) getTheParent(*Event) Target    { return nil }
func (s *AbortSignal) realmOf() *realm               { return s.realm }

// addAlgorithm adds an abort algorithm (run when the signal aborts).
// https://dom.spec.whatwg.org/#abortsignal-add
func (s *AbortSignal) addAlgorithm(f func()) {
	if s.aborted {
		return
	}
	s.algorithms = append(s.algorithms, f)
}

// signalAbort aborts the signal with reason (an AbortError DOMException when undefined).
// https://dom.spec.whatwg.org/#abortsignal-signal-abort
func (s *AbortSignal) signalAbort(reason goja.Value) {
	if s.aborted {
		return
	}
	s.aborted = true
	if reason == nil || goja.IsUndefined(reason) {
		reason = s.realm.newDOMException("AbortError", "signal is aborted without reason")
	}
	s.reason = reason
	algs := s.algorithms
	s.algorithms = nil
	for _, f := range algs {
		f()
	}
	ev := createEvent("abort", kindEvent, EventInit{})
	ev.trusted = true
	ev.timeStamp = s.realm.host.Now()
	dispatch(ev, s, false)
}
