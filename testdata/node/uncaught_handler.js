// process.on('uncaughtException') catches it; the loop goes on.
process.on('uncaughtException', (err, origin) => {
  console.log('caught:', err.message, origin);
});
setTimeout(() => {
  console.log('timer 1');
  process.nextTick(() => console.log('nextTick after throw'));
  throw new Error('in timer');
}, 0);
setTimeout(() => console.log('timer 2'), 0);
setImmediate(() => { throw new RangeError('in immediate'); });
console.log('main');
throw new Error('in main');
