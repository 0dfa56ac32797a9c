// A PerformanceObserver is called back from an immediate (node 20's lib/internal/perf/observe.js
// queues its delivery with setImmediate): after the script's ticks and microtasks, before an
// immediate the script queued later, and it keeps the process alive until it ran.
const obs = new PerformanceObserver((list, o) => {
  console.log('observed', list.getEntries().map((e) => e.entryType + ':' + e.name).join(' '), o === obs);
  obs.disconnect();
  performance.mark('after disconnect');
});
obs.observe({ entryTypes: ['mark', 'measure'] });
performance.mark('a');
performance.measure('m', 'a');
setImmediate(() => console.log('immediate'));
Promise.resolve().then(() => console.log('microtask'));
process.nextTick(() => console.log('tick'));
console.log('sync');
