// After an uncaughtException in a timer, an immediate or a nextTick, where does the rest of
// that phase's queue resume?
process.on('uncaughtException', (e) => console.log('caught', e.message));
setTimeout(() => { console.log('timer 1'); throw new Error('in timer 1'); }, 1);
setTimeout(() => console.log('timer 2'), 1);
setImmediate(() => {
  console.log('immediate 1');
  process.nextTick(() => console.log('tick from immediate 1'));
  throw new Error('in immediate 1');
});
setImmediate(() => console.log('immediate 2'));
process.nextTick(() => { console.log('tick 1'); throw new Error('in tick 1'); });
process.nextTick(() => console.log('tick 2'));
