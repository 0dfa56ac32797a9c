package window

import "time"

// chipMotion is the queues view's animated step, as in Jake Archibald's animated diagrams:
// from one stop to the next, each chip of the Tasks and Microtasks boxes moves from where the
// last stop drew it to where this one draws it, over chipMoveDur (a timer that became a task
// moves up its box, a microtask moves up as the one before it is done); a chip that was not
// there slides in from its box's title. Only between two stops of a paused page, and only
// when the steps are not quick: a new state within chipMoveDur of the last one jumps (a held
// key, a page running at full speed). The headless build has no window, so no motion.
type chipMotion struct {
	sig     string        // the state (the chips' identities, in order) the motion leads to
	changed time.Time     // when that state came
	start   time.Time     // when the motion began (zero: none)
	from    map[string]pt // where each chip was at the last state
	to      map[string]pt // where each chip is drawn at this state
}

// pt is a chip's top-left corner in the pane.
type pt struct{ x, y int }

// chipMoveDur is how long a chip takes to move.
const chipMoveDur = 300 * time.Millisecond

// next takes the state drawn now (its signature sig, whether the page is parked at a stop)
// at time now: a new state starts a motion from where the chips were, unless it came too
// soon after the last one or the page is not parked.
func (m *chipMotion) next(sig string, parked bool, now time.Time) {
	if sig == m.sig {
		return
	}
	quick := !m.changed.IsZero() && now.Sub(m.changed) < chipMoveDur
	m.start = time.Time{}
	if parked && !quick && m.to != nil {
		m.start = now
	}
	m.from, m.to = m.to, map[string]pt{}
	m.sig, m.changed = sig, now
}

// at is where the chip id, drawn at target at this state, is at time now; enter is where a
// chip that was not there comes from (its box's title).
func (m *chipMotion) at(id string, target, enter pt, now time.Time) pt {
	if m.to != nil {
		m.to[id] = target
	}
	if !m.moving(now) {
		return target
	}
	from, ok := m.from[id]
	if !ok {
		from = enter
	}
	t := float64(now.Sub(m.start)) / float64(chipMoveDur)
	t = t * t * (3 - 2*t) // smoothstep: it starts and arrives gently
	return pt{from.x + int(float64(target.x-from.x)*t), from.y + int(float64(target.y-from.y)*t)}
}

// moving reports whether a motion is on at time now (the window then draws every frame).
func (m *chipMotion) moving(now time.Time) bool {
	return !m.start.IsZero() && now.Sub(m.start) < chipMoveDur
}
