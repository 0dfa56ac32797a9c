// process.exit() stops at once: no more timers, ticks or promises; exit listeners run.
process.on('exit', (code) => console.log('exit listener', code));
setTimeout(() => console.log('never: timer'), 0);
Promise.resolve().then(() => console.log('never: promise'));
process.nextTick(() => console.log('never: tick'));
console.log('before exit');
process.exit(5);
console.log('never: after exit');
