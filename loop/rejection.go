package loop

import (
	"github.com/dop251/goja"
)

// rejectionTracker holds the HTML spec's lists for unhandled promise rejections.
type rejectionTracker struct {
	aboutToBeNotified []*goja.Promise        // "about-to-be-notified rejected promises list"
	outstanding       map[*goja.Promise]bool // "outstanding rejected promises weak set"
	handled           map[*goja.Promise]bool // [[PromiseIsHandled]] as the host saw it
}

// https://html.spec.whatwg.org/multipage/webappapis.html#the-hostpromiserejectiontracker-implementation
func (l *Loop) installRejectionTracker() {
	l.rejections.outstanding = map[*goja.Promise]bool{}
	l.rejections.handled = map[*goja.Promise]bool{}
	l.rt.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		r := &l.rejections
		switch op {
		case goja.PromiseRejectionReject:
			delete(r.handled, p)
			r.aboutToBeNotified = append(r.aboutToBeNotified, p)
		case goja.PromiseRejectionHandle:
			r.handled[p] = true
			for i, q := range r.aboutToBeNotified {
				if q == p {
					r.aboutToBeNotified = append(r.aboutToBeNotified[:i], r.aboutToBeNotified[i+1:]...)
					delete(r.handled, p)
					return
				}
			}
			if !r.outstanding[p] {
				return
			}
			delete(r.outstanding, p)
			delete(r.handled, p)
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
			if r.handled[p] {
				delete(r.handled, p)
				continue
			}
			notCanceled := !l.firePromiseRejection("unhandledrejection", p)
			if r.handled[p] {
				delete(r.handled, p)
				continue
			}
			if notCanceled {
				l.console.Error("Uncaught (in promise) " + l.describeThrown(p.Result()))
			}
			r.outstanding[p] = true
		}
	})
}

func (l *Loop) firePromiseRejection(typ string, p *goja.Promise) (canceled bool) {
	if l.errors == nil {
		return false
	}
	return l.errors.FirePromiseRejection(typ, l.rt.ToValue(p), p.Result())
}
