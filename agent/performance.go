package agent

import (
	"math"
	"slices"

	"github.com/dop251/goja"
)

// InstallPerformance defines performance (now, timeOrigin, mark, measure, getEntries*,
// clearMarks/clearMeasures), PerformanceEntry, PerformanceMark, PerformanceMeasure and
// PerformanceObserver with "mark" and "measure" entries and, with longTasks (a window's:
// the Long Tasks API is the window's), "longtask" entries for the tasks over 50 ms.
// https://w3c.github.io/hr-time/ https://w3c.github.io/performance-timeline/
// https://w3c.github.io/user-timing/ https://w3c.github.io/longtasks/
//
// The timeline lives in JS (private fields keep its state out of reach); the host gives it
// the clock, the task that delivers observations (the event loop's QueueTask hook), and the
// long tasks RunTask measures.
func (a *Agent) InstallPerformance(longTasks bool) { a.installPerformance(0, longTasks, nil) }

// InstallFramePerformance is InstallPerformance for an iframe's window, whose time origin
// is origin ms after the agent's (it was made after the page's): its performance.now() and
// its entries' times count from there, its timeOrigin is origin (the page's reads 0: the
// page's time origin stands for the epoch, so the difference between two windows' is as
// in a browser). Its observers get the agent's long tasks too, after the page's, as in
// Chrome, while live reports true (its document is fully active).
func (a *Agent) InstallFramePerformance(origin float64, live func() bool) {
	a.installPerformance(origin, true, live)
}

// installPerformance installs performance for a global of time origin origin; with
// longTasks, its observers get the long tasks (the page's, or with live an iframe's).
func (a *Agent) installPerformance(origin float64, longTasks bool, live func() bool) {
	if a.perf.program == nil {
		a.perf.program = goja.MustCompile("", performanceSource, false)
	}
	mkv, err := a.rt.RunProgram(a.perf.program)
	if err != nil {
		panic("loop: performance: " + err.Error())
	}
	mk, _ := goja.AssertFunction(mkv)
	now := a.rt.ToValue(func(goja.FunctionCall) goja.Value { return a.rt.ToValue(coarsen(a.Now() - origin)) })
	queueTask := a.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		fn, _ := goja.AssertFunction(c.Argument(0))
		// The event loop's task (Node's: an immediate).
		a.queueTask(perfObserverTask, func() {
			if _, err := a.Call(fn, goja.Undefined()); err != nil {
				a.ReportException(err)
			}
		})
		return goja.Undefined()
	})
	report := a.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		a.reportValue(c.Argument(0), nil)
		return goja.Undefined()
	})
	// userTiming(isMeasure, name, startTime, duration): a mark or measure for the trace.
	userTiming := a.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		kind, start, dur := KindUserMark, c.Argument(2).ToFloat()+origin, c.Argument(3).ToFloat()
		if c.Argument(0).ToBoolean() {
			kind = KindUserMeasure
		}
		if math.IsNaN(start+dur) || math.IsInf(start+dur, 0) {
			return goja.Undefined() // a mark at startTime NaN: nothing the trace can place
		}
		a.trace.add(Span{Kind: kind, Name: c.Argument(1).String(), Start: start, End: start + dur})
		return goja.Undefined()
	})
	v, err := mk(goja.Undefined(), now, queueTask, report, userTiming, a.rt.ToValue(longTasks), a.rt.ToValue(origin))
	if err != nil {
		panic("loop: performance: " + err.Error())
	}
	switch fn, _ := goja.AssertFunction(v); {
	case !longTasks:
	case live == nil:
		a.perf.reportLongTask = fn
	default:
		a.forgetInactiveFrames() // as windows are made: a removed iframe's keeps no realm alive
		a.perf.frames = append(a.perf.frames, frameLongTasks{fn, origin, live})
	}
}

// perfObserverTask is the name of the task that delivers PerformanceObserver records.
const perfObserverTask = "PerformanceObserver"

// performance is the host's handle on the page's performance timeline.
type performance struct {
	reportLongTask goja.Callable // (startTime, duration): queue a longtask entry
	frames         []frameLongTasks
	// program is performanceSource compiled, run again in each realm that gets a
	// performance (an iframe's window: compiling it was most of the globals' cost).
	program *goja.Program
}

// frameLongTasks is an iframe window's reportLongTask, its time origin and whether its
// document is still fully active.
type frameLongTasks struct {
	report goja.Callable
	origin float64
	live   func() bool
}

// CHROME: an iframe's observers get the entry of a long task that its ancestor's script
// ran as "same-origin-ancestor" (and the page's "self"). FIXME(spec): every long task is
// taken for the page's (no culprit is tracked: one that an iframe's script ran would be
// "self" in the iframe and "same-origin-descendant" in the page); Chrome makes the iframe's
// entry with the page's PerformanceLongTaskTiming.prototype, here with the iframe's.
const sameOriginAncestor = "same-origin-ancestor"

// forgetInactiveFrames forgets the long task reporters of the iframe windows whose documents
// are no longer fully active.
func (a *Agent) forgetInactiveFrames() {
	live := a.perf.frames[:0]
	for _, f := range a.perf.frames {
		if f.live() {
			live = append(live, f)
		}
	}
	clear(a.perf.frames[len(live):])
	a.perf.frames = live
}

// reportLongTask queues a PerformanceLongTaskTiming entry for a task over 50 ms
// (https://w3c.github.io/longtasks/#report-long-tasks), in the page's window, then in each
// iframe window's whose document is fully active (those that are not are forgotten).
func (a *Agent) reportLongTask(start, end float64) {
	if a.perf.reportLongTask != nil {
		if _, err := a.Call(a.perf.reportLongTask, goja.Undefined(), a.rt.ToValue(coarsen(start)), a.rt.ToValue(coarsen(end-start))); err != nil {
			a.ReportException(err)
		}
	}
	if len(a.perf.frames) == 0 {
		return
	}
	a.forgetInactiveFrames()
	for _, f := range slices.Clone(a.perf.frames) {
		if _, err := a.Call(f.report, goja.Undefined(), a.rt.ToValue(coarsen(start-f.origin)), a.rt.ToValue(coarsen(end-start)), a.rt.ToValue(sameOriginAncestor)); err != nil {
			a.ReportException(err)
		}
	}
}

// coarsen rounds a time to 5 µs, the resolution Chrome gives cross-origin-isolated pages.
func coarsen(t float64) float64 { return math.Round(t*200) / 200 }

const performanceSource = `(function (now, queueTask, report, userTiming, longTasks, origin) {
	const g = globalThis;
	let constructing = false;
	const illegal = C => { if (!constructing) throw new TypeError("Failed to construct '" + C.name + "': Illegal constructor") };
	class PerformanceEntry {
		#name; #type; #start; #duration;
		constructor(name, type, start, duration) { illegal(new.target); this.#name = name; this.#type = type; this.#start = start; this.#duration = duration }
		get name() { return this.#name }
		get entryType() { return this.#type }
		get startTime() { return this.#start }
		get duration() { return this.#duration }
		toJSON() { return { name: this.#name, entryType: this.#type, startTime: this.#start, duration: this.#duration } }
	}
	class PerformanceMark extends PerformanceEntry { get detail() { return null } }
	class PerformanceMeasure extends PerformanceEntry { get detail() { return null } }
	class TaskAttributionTiming extends PerformanceEntry {
		get containerType() { return 'window' } get containerSrc() { return '' }
		get containerId() { return '' } get containerName() { return '' }
	}
	class PerformanceLongTaskTiming extends PerformanceEntry {
		#attribution;
		constructor(...a) { super(...a); this.#attribution = [make(TaskAttributionTiming, 'unknown', 'taskattribution', 0, 0)] }
		get attribution() { return this.#attribution.slice() }
	}
	function make(C, ...a) { constructing = true; try { return new C(...a) } finally { constructing = false } }

	const apply = Reflect.apply;  // captured: the page may replace Function.prototype.call
	const buffer = [];            // the performance entry buffer (marks, measures, long tasks)
	const observers = [];         // registered observers, in registration order
	const state = new WeakMap();  // observer -> { callback, types, records }
	let taskQueued = false;

	function deliver() {          // the PerformanceObserver task
		taskQueued = false;
		for (const o of observers.slice()) {
			const s = state.get(o);
			if (!s || s.records.length === 0) continue;
			const list = make(PerformanceObserverEntryList, s.records);
			s.records = [];
			try { apply(s.callback, o, [list, o]) } catch (e) { report(e) }
		}
	}
	function queueEntry(entry) {  // https://w3c.github.io/performance-timeline/#queue-a-performanceentry
		for (const o of observers) {
			const s = state.get(o);
			if (s.types.has(entry.entryType)) s.records.push(entry);
		}
		if (!taskQueued && observers.some(o => state.get(o).records.length)) { taskQueued = true; queueTask(deliver) }
	}
	// Entry lists are in chronological order of startTime (stable for equal times).
	const byStartTime = list => list.map((e, i) => [e, i]).sort((a, b) => a[0].startTime - b[0].startTime || a[1] - b[1]).map(p => p[0]);
	function filter(list, name, type) {
		return byStartTime(list).filter(e => (name === undefined || e.name === String(name)) && (type === undefined || e.entryType === String(type)));
	}

	class PerformanceObserverEntryList {
		#entries;
		constructor(entries) { illegal(new.target); this.#entries = byStartTime(entries) }
		getEntries() { return this.#entries.slice() }
		getEntriesByType(type) { return filter(this.#entries, undefined, type) }
		getEntriesByName(name, type) { return filter(this.#entries, name, type) }
	}
	const supported = Object.freeze(longTasks ? ['longtask', 'mark', 'measure'] : ['mark', 'measure']);
	class PerformanceObserver {
		constructor(callback) {
			if (typeof callback !== 'function') throw new TypeError("Failed to construct 'PerformanceObserver': The callback provided as parameter 1 is not a function.");
			state.set(this, { callback, types: new Set(), records: [] });
		}
		// https://w3c.github.io/performance-timeline/#observe-method
		observe(options = {}) {
			const s = state.get(this);
			if (!s) throw new TypeError('Illegal invocation');
			let types = options.entryTypes !== undefined ? Array.from(options.entryTypes, String) : [String(options.type)];
			if (options.entryTypes !== undefined && options.type !== undefined)
				throw new TypeError("Failed to execute 'observe' on 'PerformanceObserver': An observe() call must not include both entryTypes and type arguments.");
			if (options.entryTypes === undefined && options.type === undefined)
				throw new TypeError("Failed to execute 'observe' on 'PerformanceObserver': An observe() call must include either entryTypes or type arguments.");
			types = types.filter(t => supported.includes(t));
			if (types.length === 0) return;
			if (options.entryTypes !== undefined) s.types = new Set(types); else types.forEach(t => s.types.add(t));
			if (!observers.includes(this)) observers.push(this);
			if (options.buffered && options.type !== undefined) {
				for (const e of buffer) if (e.entryType === types[0]) s.records.push(e);
				if (s.records.length && !taskQueued) { taskQueued = true; queueTask(deliver) }
			}
		}
		disconnect() { const i = observers.indexOf(this); if (i >= 0) observers.splice(i, 1); const s = state.get(this); if (s) { s.records = []; s.types.clear() } }
		takeRecords() { const s = state.get(this); if (!s) return []; const r = s.records; s.records = []; return r }
		static get supportedEntryTypes() { return supported }
	}

	const markTime = (v, what) => {
		if (typeof v === 'number') return v;
		for (let i = buffer.length - 1; i >= 0; i--) if (buffer[i].entryType === 'mark' && buffer[i].name === String(v)) return buffer[i].startTime;
		throw new DOMException("Failed to execute '" + what + "' on 'Performance': The mark '" + v + "' does not exist.", 'SyntaxError');
	};
	const performance = {
		now() { return now() },
		get timeOrigin() { return origin },
		mark(name, options) {
			if (arguments.length < 1) throw new TypeError("Failed to execute 'mark' on 'Performance': 1 argument required, but only 0 present.");
			const start = options && options.startTime !== undefined ? Number(options.startTime) : now();
			const n = String(name), e = make(PerformanceMark, n, 'mark', start, 0);
			buffer.push(e); queueEntry(e); userTiming(false, n, start, 0); return e;
		},
		measure(name, start, end) {
			let s = 0, t = now();
			if (start !== null && typeof start === 'object') {
				if (start.start !== undefined) s = markTime(start.start, 'measure');
				if (start.end !== undefined) t = markTime(start.end, 'measure');
				if (start.duration !== undefined) { if (start.start !== undefined) t = s + start.duration; else s = t - start.duration }
			} else {
				if (start !== undefined) s = markTime(start, 'measure');
				if (end !== undefined) t = markTime(end, 'measure');
			}
			const n = String(name), e = make(PerformanceMeasure, n, 'measure', s, t - s);
			buffer.push(e); queueEntry(e); userTiming(true, n, s, t - s); return e;
		},
		getEntries() { return filter(buffer.filter(e => e.entryType !== 'longtask')) },
		getEntriesByType(type) { return type === 'longtask' ? [] : filter(buffer, undefined, type) },
		getEntriesByName(name, type) { return filter(buffer, name, type).filter(e => e.entryType !== 'longtask') },
		clearMarks(name) { for (let i = buffer.length - 1; i >= 0; i--) if (buffer[i].entryType === 'mark' && (name === undefined || buffer[i].name === String(name))) buffer.splice(i, 1) },
		clearMeasures(name) { for (let i = buffer.length - 1; i >= 0; i--) if (buffer[i].entryType === 'measure' && (name === undefined || buffer[i].name === String(name))) buffer.splice(i, 1) },
		toJSON() { return { timeOrigin: origin } },
	};
	const globals = { PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceObserver, PerformanceObserverEntryList };
	if (longTasks) Object.assign(globals, { PerformanceLongTaskTiming, TaskAttributionTiming });
	for (const [n, v] of Object.entries(globals))
		Object.defineProperty(g, n, { value: v, writable: true, configurable: true });
	Object.defineProperty(g, 'performance', { value: performance, writable: true, configurable: true, enumerable: true });
	// The long task report: the host calls it after each task over 50 ms.
	return function reportLongTask(start, duration, name) {
		const e = make(PerformanceLongTaskTiming, name || 'self', 'longtask', start, duration);
		buffer.push(e); if (buffer.length > 1000) buffer.shift();
		queueEntry(e);
	};
})`
