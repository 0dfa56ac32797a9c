// Immediates and timers queued from an I/O callback, with nested immediates: the check
// phase comes right after the poll phase, then the timers phase, then the next check.
const fs = require('fs');
fs.readFile(__filename, 'utf8', (err, data) => {
  console.log('read', err === null, data.length > 0);
  setTimeout(() => console.log('timeout 1'), 0);
  setImmediate(() => {
    console.log('immediate 1');
    const t0 = Date.now();
    while (Date.now() - t0 < 3) {} // 'timeout 1' is surely due at the next timers phase
    setImmediate(() => console.log('immediate 2'));
    setTimeout(() => console.log('timeout 2'), 0);
  });
  process.nextTick(() => console.log('nextTick in I/O'));
});
