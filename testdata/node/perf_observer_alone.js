// A PerformanceObserver's delivery keeps the process alive: with nothing else to do, node
// still calls it back before it exits.
const obs = new PerformanceObserver((list) => console.log('observed', list.getEntries().map((e) => e.name).join(' ')));
obs.observe({ type: 'mark' });
performance.mark('only');
console.log('sync');
