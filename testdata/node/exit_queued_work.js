// Work queued from an 'exit' listener never runs: timers, immediates, promises' reactions
// and nextTicks are all dropped; only synchronous code in the listener runs.
process.on('exit', (code) => {
  console.log('exit', code);
  setTimeout(() => console.log('timeout from exit?!'), 0);
  setImmediate(() => console.log('immediate from exit?!'));
  process.nextTick(() => console.log('nextTick from exit?!'));
  Promise.resolve().then(() => console.log('promise from exit?!'));
  console.log('exit listener done');
});
setTimeout(() => console.log('timeout'), 0);
