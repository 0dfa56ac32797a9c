// A Node realm is Node's, not a window's with parts taken away: what a script finds on its
// global. (Recorded from node 20; loopscope's Node profile must print the same.)
const names = [
  'window', 'document', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback',
  'cancelIdleCallback', 'PerformanceLongTaskTiming', 'TaskAttributionTiming',
  'queueMicrotask', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval',
  'setImmediate', 'clearImmediate', 'console', 'process', 'global',
  'performance', 'PerformanceObserver', 'PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure',
];
for (const n of names) console.log(n, typeof globalThis[n]);
console.log('global is globalThis:', global === globalThis);
console.log('performance.now:', typeof performance.now(), performance.now() >= 0);
