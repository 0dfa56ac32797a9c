package loop

// Spec: https://html.spec.whatwg.org/multipage/webappapis.html#unhandled-promise-rejections
// (2025-11-20).

import (
	"weak"

	"github.com/dop251/goja"
)

// rejectionTracker holds the HTML spec's lists for unhandled promise rejections.
type rejectionTracker struct {
	aboutToBeNotified []*goja.Promise // "about-to-be-notified rejected promises list" (strong, as the spec's list)
	outstanding       weakPromiseSet  // "outstanding rejected promises weak set"
	handled           weakPromiseSet  // [[PromiseIsHandled]] as the host saw it
}

// weakPromiseSet is a set of promises that does not keep them alive, as the spec's weak
// set: a rejected promise the page no longer holds is collected, and its entry is dropped
// by a sweep once the set has doubled since the last one (amortised constant time).
type weakPromiseSet struct {
	m         map[weak.Pointer[goja.Promise]]struct{}
	lastSweep int
}

func (s *weakPromiseSet) has(p *goja.Promise) bool {
	_, ok := s.m[weak.Make(p)]
	return ok
}

func (s *weakPromiseSet) add(p *goja.Promise) {
	if s.m == nil {
		s.m = map[weak.Pointer[goja.Promise]]struct{}{}
	}
	s.m[weak.Make(p)] = struct{}{}
	if len(s.m) >= 2*max(s.lastSweep, 512) {
		for wp := range s.m {
			if wp.Value() == nil {
				delete(s.m, wp)
			}
		}
		s.lastSweep = len(s.m)
	}
}

func (s *weakPromiseSet) remove(p *goja.Promise) { delete(s.m, weak.Make(p)) }

// https://html.spec.whatwg.org/multipage/webappapis.html#the-hostpromiserejectiontracker-implementation
func (l *Loop) installRejectionTracker() {
	l.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		r := &l.rejections
		switch op {
		case goja.PromiseRejectionReject:
			r.handled.remove(p)
			r.aboutToBeNotified = append(r.aboutToBeNotified, p)
		case goja.PromiseRejectionHandle:
			r.handled.add(p)
			for i, q := range r.aboutToBeNotified {
				if q == p {
					r.aboutToBeNotified = append(r.aboutToBeNotified[:i], r.aboutToBeNotified[i+1:]...)
					r.handled.remove(p)
					return
				}
			}
			if !r.outstanding.has(p) {
				return
			}
			r.outstanding.remove(p)
			r.handled.remove(p)
			l.QueueTask(SourceDOMManipulation, "rejectionhandled", func() {
				l.firePromiseRejection("rejectionhandled", p)
			})
		}
	})
}

// https://html.spec.whatwg.org/multipage/webappapis.html#notify-about-rejected-promises
func (l *Loop) notifyAboutRejectedPromises() {
	r := &l.rejections
	if len(r.aboutToBeNotified) == 0 {
		return
	}
	list := r.aboutToBeNotified
	r.aboutToBeNotified = nil
	l.QueueTask(SourceDOMManipulation, "unhandledrejection", func() {
		for _, p := range list {
			if r.handled.has(p) {
				r.handled.remove(p)
				continue
			}
			notCanceled := !l.firePromiseRejection("unhandledrejection", p)
			if r.handled.has(p) {
				r.handled.remove(p)
				continue
			}
			if notCanceled {
				l.Console().Error("Uncaught (in promise) " + l.DescribeThrown(p.Result()))
			}
			r.outstanding.add(p)
		}
	})
}

func (l *Loop) firePromiseRejection(typ string, p *goja.Promise) (canceled bool) {
	if l.errors == nil {
		return false
	}
	return l.errors.FirePromiseRejection(typ, l.rt.ToValue(p), p.Result())
}
