// Timers that fall due while the main module busy-waits: all run in the first timers
// phase, in due order, before any immediate.
const start = Date.now();
setTimeout(() => console.log('timeout 20'), 20);
setTimeout(() => console.log('timeout 5'), 5);
setTimeout(() => console.log('timeout 10'), 10);
setImmediate(() => console.log('immediate'));
while (Date.now() - start < 50) { /* busy */ }
console.log('main done');
